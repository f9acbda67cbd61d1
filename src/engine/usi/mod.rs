//! The Universal Shogi Interface both ways: `server.rs` is shogiban's engine speaking USI on
//! stdin/stdout (`shogiban usi`); `client.rs` drives an external USI engine as a child process,
//! and `events.rs` parses what such an engine says; `input.rs` reads the server's input safely. No terminal code and no argument parsing.

pub mod client;
pub mod events;
pub mod input;
pub mod server;
