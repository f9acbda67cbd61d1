//! Notation and game records: KIF, KI2, CSA, USI/SFEN and JKF text and files, and the game
//! record as a tree of moves with variations and a cursor (undo/redo). Uses `core` only.

pub mod cli;
