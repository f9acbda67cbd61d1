//! Game records (`record`): every format read and written, round trips, notation, hostile input and
//! analysis comments.
//!
//! One test binary per layer, so the library links once for each; the modules are the files
//! beside this one.

mod annotation;
mod comments;
#[path = "../common/mod.rs"]
mod common;
mod cshogi_compat;
mod endings;
mod explain;
mod files;
mod hostile;
mod misreads;
mod notation;
mod robustness;
mod roundtrip;
