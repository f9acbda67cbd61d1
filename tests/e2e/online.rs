//! Online play end to end: the real binary, opened with `--csa` in a pseudo-terminal, plays the
//! real CSA server (`shogi-server`) against a client scripted here. Skipped, saying so, where
//! the server or Ruby is missing (see `csa::Server`).

use crate::common;
use crate::csa::Server;
use crate::tui::Session;

/// The app logs in from the command line (the password from the environment), agrees to the
/// game, plays a typed move, sees the opponent's reply and resignation, and the server's record
/// has the game as the app showed it.
#[test]
fn the_app_opened_with_csa_plays_a_typed_move_and_shows_the_opponents_resignation() {
    let Some(server) = Server::start(&[]) else { return };
    let home = common::TempDir::new("e2e-online");
    let address = format!("127.0.0.1:{}", server.port);
    let mut app = Session::start_with(
        &["--csa", &address, "--user", "alice", "--game", "e2e-600-10-B"],
        home,
        (110, 34),
        &[("TERM", "xterm-256color"), ("SHOGIBAN_CSA_PASSWORD", "pw"), ("LC_ALL", "en_US.UTF-8")],
    );
    let s = app.wait_for("Play online (CSA server)");
    assert!(s.contains("127.0.0.1"), "{s}");
    assert!(s.contains("**"), "the password is shown masked: {s}");
    assert!(!s.contains(": pw"), "{s}");
    app.send("\r");
    app.wait_for("Waiting for an opponent for 'e2e-600-10-B'");
    // the opponent logs in for the same game (the game name with the side the app asked for)
    let mut bob = server.client("bob", "e2e-600-10-W");
    let s = app.wait_for("Game proposed");
    assert!(s.contains("You play sente ☗ against bob (gote ☖)."), "{s}");
    assert!(s.contains("Time: 10 min + 10 s byoyomi."), "{s}");
    app.send("y");
    bob.agree();
    app.wait_for("the game has started: you play ☗ sente; your move");
    app.send(":76歩\r");
    bob.until(|l| l.starts_with("+7776FU,T"));
    app.wait_for("▲７六歩");
    bob.send("-3334FU");
    // the opponent's move said in the record's notation
    app.wait_for("the opponent played △３四歩(33)");
    app.send(":2g2f\r");
    bob.until(|l| l.starts_with("+2726FU,T"));
    bob.send("%TORYO");
    let s = app.wait_for("You win: bob resigned.");
    assert!(s.contains("resigns"), "the record ends with the resignation, in the interface's language: {s}");
    // the server's record is the game the app played (written as the server closes the game)
    bob.until(|l| l == "#LOSE");
    let id = bob.game_id();
    let deadline = std::time::Instant::now() + super::tui::HANG;
    let record = loop {
        match server.find_record(&id) {
            Some(r) if r.contains("%TORYO") => break r,
            _ if std::time::Instant::now() > deadline => panic!("the server wrote no record of {id}"),
            _ => std::thread::sleep(std::time::Duration::from_millis(100)),
        }
    };
    assert!(record.contains("+7776FU") && record.contains("-3334FU"), "{record}");
    // the protocol window shows the lines, the password masked
    app.send("P");
    let s = app.wait_for("Protocol (→ sent, ← received)");
    assert!(s.contains("← #WIN"), "{s}");
    app.send("\x1b");
    app.wait_until("the protocol window closed", |s| !s.contains("Protocol (→ sent"));
    app.quit();
}

/// In online play, the first key after the terminal is resized does what it does: a letter
/// typed into the dialog's field at each of three sizes, then Esc closing the dialog.
#[test]
fn the_first_key_after_a_resize_is_not_lost_in_online_play() {
    let home = common::TempDir::new("e2e-online-resize");
    let mut app = Session::start_with(
        &["--csa", "127.0.0.1:9", "--user", "alice", "--game", "e2e-600-10"],
        home,
        (110, 34),
        &[("TERM", "xterm-256color"), ("SHOGIBAN_CSA_PASSWORD", "pw"), ("LC_ALL", "en_US.UTF-8")],
    );
    let s = app.wait_for("Play online (CSA server)");
    assert!(s.contains("alice"), "{s}");
    // the dialog opens on its first field, the server's address: a letter typed goes to its end
    let mut typed = String::from("127.0.0.1");
    for (cols, rows) in [(104, 31), (112, 33), (100, 32)] {
        app.resize(cols, rows);
        // the key goes once the program has drawn at the new size, however slow the machine
        app.wait_drawn_at_width(cols);
        app.send("x");
        typed.push('x');
        app.wait_until(&format!("'x' typed after a resize to {cols}x{rows}"), |s| s.contains(&typed));
    }
    app.resize(110, 34);
    app.wait_drawn_at_width(110);
    app.send("\x1b");
    app.wait_for("online play cancelled");
    app.quit();
}
