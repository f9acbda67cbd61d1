//! Errors and warnings of the record layer. Readers are lenient: what they can skip becomes a
//! [`Warning`] (with its line), an unreadable or illegal move becomes a warning of severity
//! [`Severity::Error`] and stops that line of play, and only a file that cannot be read at all
//! is a [`RecordError`].

use std::fmt;

/// How bad a warning is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Severity {
    /// Something was skipped or guessed; the record is complete.
    Note,
    /// A move could not be read or was illegal: the record stops there (on that line of play).
    Error,
}

/// A problem found while reading, with the line it is on (1-based; 0 when unknown).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    pub file: Option<String>,
    pub line: usize,
    pub severity: Severity,
    pub message: String,
}

impl Warning {
    pub fn note(line: usize, message: impl Into<String>) -> Warning {
        Warning { file: None, line, severity: Severity::Note, message: message.into() }
    }

    pub fn error(line: usize, message: impl Into<String>) -> Warning {
        Warning { file: None, line, severity: Severity::Error, message: message.into() }
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.is_error() { "error" } else { "warning" };
        match (&self.file, self.line) {
            (Some(file), 0) => write!(f, "{file}: {kind}: {}", self.message),
            (Some(file), l) => write!(f, "{file}:{l}: {kind}: {}", self.message),
            (None, 0) => write!(f, "{kind}: {}", self.message),
            (None, l) => write!(f, "line {l}: {kind}: {}", self.message),
        }
    }
}

/// Why a record could not be read or written at all.
#[derive(Debug)]
pub enum RecordError {
    Io {
        path: String,
        source: std::io::Error,
    },
    /// The text (of `file`, when it came from one) is not in a format shogiban can recognise.
    UnknownFormat {
        file: Option<String>,
    },
    /// A fatal problem at a line (bad starting position, bad JSON ...).
    Parse {
        file: Option<String>,
        line: usize,
        message: String,
    },
    /// A move that is not legal where it was to be played.
    IllegalMove {
        mv: String,
        sfen: String,
    },
    /// The current node has no variation `index`.
    NoVariation {
        index: usize,
    },
    /// `node` is not a node of this record.
    NoSuchNode {
        node: usize,
    },
    /// The start position cannot change under moves.
    StartHasMoves,
    /// The start of a record is not a move and cannot be deleted.
    NotAMove,
}

impl RecordError {
    pub(crate) fn parse(line: usize, message: impl Into<String>) -> RecordError {
        RecordError::Parse { file: None, line, message: message.into() }
    }

    /// Attaches a file name to a parse error or an unknown format.
    pub fn with_file(self, name: &str) -> RecordError {
        match self {
            RecordError::UnknownFormat { file: None } => {
                RecordError::UnknownFormat { file: Some(name.to_string()) }
            }
            RecordError::Parse { line, message, .. } => {
                RecordError::Parse { file: Some(name.to_string()), line, message }
            }
            e => e,
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Io { path, source } => write!(f, "{path}: {source}"),
            RecordError::UnknownFormat { file: Some(file) } => {
                write!(f, "{file}: unrecognised record format: not KIF, KI2, CSA, USI, SFEN or JKF")
            }
            RecordError::UnknownFormat { file: None } => {
                write!(f, "unrecognised record format: not KIF, KI2, CSA, USI, SFEN or JKF")
            }
            RecordError::Parse { file, line, message } => match (file, line) {
                (Some(file), 0) => write!(f, "{file}: {message}"),
                (Some(file), l) => write!(f, "{file}:{l}: {message}"),
                (None, 0) => write!(f, "{message}"),
                (None, l) => write!(f, "line {l}: {message}"),
            },
            RecordError::IllegalMove { mv, sfen } => write!(f, "illegal move {mv} in position {sfen}"),
            RecordError::NoVariation { index } => write!(f, "there is no variation {index} here"),
            RecordError::NoSuchNode { node } => write!(f, "node {node} is not in the record"),
            RecordError::StartHasMoves => write!(f, "cannot change the start of a record that has moves"),
            RecordError::NotAMove => write!(f, "only a move in the record can be deleted"),
        }
    }
}

impl std::error::Error for RecordError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RecordError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}
