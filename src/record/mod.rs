//! Notation and game records: KIF, KI2, CSA, USI/SFEN and JKF text and files, and the game
//! record as a tree of moves with variations and a cursor (undo/redo). Uses `core` only.
//!
//! Entry points: [`GameRecord`] and [`Cursor`]; [`load_record`] / [`save_record`] for files;
//! [`parse_move_any`] for a typed move; [`notation`] for move text.

pub mod annotation;
pub mod bod;
pub mod csa;
pub mod cursor;
pub mod error;
pub mod explain;
pub mod handicap;
pub mod io;
pub mod jkf;
pub mod json;
pub mod kif_read;
pub mod kif_write;
pub mod language;
pub mod names;
pub mod notation;
pub mod parse_move;
pub mod pv;
pub mod safe_write;
pub mod special;
pub mod summary;
pub mod text;
pub mod time_limit;
pub mod timestamp;
pub mod tree;
pub mod usi;

pub use cursor::Cursor;
pub use error::{RecordError, Severity, Warning};
pub use handicap::{HANDICAPS, Handicap};
pub use io::{
    Format, load_all_records, load_record, read_bytes, read_text, save_record, variations_dropped,
    write_file_atomically, write_text,
};
pub use language::Language;
pub use names::{ColorMark, PieceKindNames, SquareNames};
pub use notation::{MoveStyle, line_text, move_text};
pub use parse_move::{MoveParseError, MoveParseReason, parse_csa_move, parse_japanese_move, parse_move_any};
pub use pv::{pv_ki2, pv_text, pv_text_usi};
pub use special::{Outcome, SpecialKind};
pub use summary::RecordSummary;
pub use tree::{GameRecord, MoveTime, Node, NodeId, ROOT, Special, Walker};
