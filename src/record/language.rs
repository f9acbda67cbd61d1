//! The language of the program's sentences ([`Language`]), used by [`super::explain`] and the app.

use serde::{Deserialize, Serialize};

/// The language of the program's sentences, here and in the app (shogi notation stays
/// Japanese in both); the settings file writes it as `ja` or `en`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Language {
    Ja,
    En,
}
