//! The session over recorded transcripts: both sides, every result, disconnects, the clocks,
//! handicap games, the extended mode, and hostile or broken input.

use super::ending::{Reason, Verdict};
use super::session::{CsaPhase, CsaSession, LoginMode, SessionError, SessionEvent};
use super::summary::tests::EVEN;
use crate::core::{Color, Move};
use crate::record::{Outcome, SpecialKind};
use std::time::{Duration, Instant};

/// A summary as shogi-server sends it (alice sente, bob gote).
fn summary(your_turn: char, time: &str, position: &str, to_move: char) -> String {
    format!(
        "BEGIN Game_Summary\nProtocol_Version:1.2\nProtocol_Mode:Server\nFormat:Shogi 1.0\n\
         Declaration:Jishogi 1.1\nGame_ID:test+g-60-10+alice+bob+1\nName+:alice\nName-:bob\n\
         Your_Turn:{your_turn}\nRematch_On_Draw:NO\nTo_Move:{to_move}\nMax_Moves:256\nBEGIN Time\n{time}END Time\n\
         BEGIN Position\n{position}\nEND Position\nEND Game_Summary"
    )
}

const BYOYOMI: &str = "Time_Unit:1sec\nTotal_Time:60\nByoyomi:10\nLeast_Time_Per_Move:0\n";
const FISCHER: &str = "Time_Unit:1sec\nTotal_Time:60\nByoyomi:0\nIncrement:5\nLeast_Time_Per_Move:1\n";

struct Run {
    s: CsaSession,
    t0: Instant,
    events: Vec<SessionEvent>,
}

impl Run {
    fn new(user: &str) -> Run {
        Run {
            s: CsaSession::new(user, LoginMode::Standard { game: "g-60-10".into() }),
            t0: Instant::now(),
            events: vec![],
        }
    }

    fn feed(&mut self, text: &str) -> &mut Run {
        self.feed_at(text, 0)
    }

    /// Feeds lines as received `secs` seconds after the start.
    fn feed_at(&mut self, text: &str, secs: u64) -> &mut Run {
        for l in text.lines() {
            let ev = self.s.receive(l, self.t0 + Duration::from_secs(secs));
            self.events.extend(ev);
        }
        self
    }

    /// Logged in, the game proposed, agreed and started.
    fn started(user: &str, your_turn: char, time: &str) -> Run {
        let mut r = Run::new(user);
        r.feed(&format!("LOGIN:{user} OK"));
        r.feed(&summary(your_turn, time, EVEN, '+'));
        assert_eq!(r.s.phase(), CsaPhase::Proposed);
        assert_eq!(r.s.agree().unwrap(), "AGREE");
        r.feed("START:test+g-60-10+alice+bob+1");
        assert_eq!(r.s.phase(), CsaPhase::Playing);
        r
    }

    fn ended(&self) -> super::ending::GameEnd {
        self.events
            .iter()
            .find_map(|e| match e {
                SessionEvent::Ended(end) => Some(end.clone()),
                _ => None,
            })
            .expect("the game ended")
    }
}

fn usi(m: &str) -> Move {
    Move::from_usi(m).unwrap()
}

#[test]
fn a_whole_game_as_sente() {
    let mut r = Run::started("alice", '+', BYOYOMI);
    assert!(r.events.iter().any(|e| matches!(e, SessionEvent::LoggedIn)));
    assert!(r.events.iter().any(|e| matches!(e, SessionEvent::Started)));
    assert!(r.s.is_my_turn());
    assert_eq!(r.s.move_line(usi("7g7f")).unwrap(), "+7776FU");
    // the move is the server's once it repeats it
    assert!(!r.s.is_my_turn());
    assert_eq!(r.s.move_line(usi("2g2f")), Err(SessionError::AwaitingEcho));
    assert!(r.s.record().main_line().is_empty());
    r.feed_at("+7776FU,T3", 3);
    assert_eq!(r.s.record().main_line().len(), 1);
    assert!(!r.s.is_my_turn());
    r.feed_at("-3334FU,T12", 15);
    assert!(r.s.is_my_turn());
    assert_eq!(r.s.move_line(usi("2g2f")).unwrap(), "+2726FU");
    r.feed_at("+2726FU,T1", 16);
    assert_eq!(r.s.resign_line().unwrap(), "%TORYO");
    r.feed("%TORYO\n#RESIGN\n#LOSE");
    let end = r.ended();
    assert_eq!((end.reason, end.verdict), (Reason::Resign, Verdict::Lose));
    assert_eq!(r.s.phase(), CsaPhase::Ended);
    let rec = r.s.record();
    assert_eq!(rec.main_line().len(), 3);
    let times: Vec<u32> = rec.main_line().iter().map(|&n| rec.node(n).time.unwrap().spent).collect();
    assert_eq!(times, [3, 12, 1]);
    assert_eq!(rec.ending().unwrap().kind, SpecialKind::Resign);
    assert_eq!(rec.outcome(), Outcome::Win(Color::Black));
    assert_eq!(rec.header("棋戦"), Some("test+g-60-10+alice+bob+1"));
    assert_eq!(rec.sente_name(), Some("alice"));
    assert_eq!(rec.gote_name(), Some("bob"));
    assert_eq!(rec.header("持ち時間"), Some("1分+10秒"));
    let clock = r.s.clock().unwrap();
    assert_eq!(clock.remaining_ms(Color::Black), 56_000);
    assert_eq!(clock.remaining_ms(Color::White), 48_000);
    // the CSA record carries the times and the result
    let csa = crate::record::csa::write_csa(rec);
    assert!(csa.contains("+7776FU\nT3\n-3334FU\nT12\n+2726FU\nT1\n%TORYO\n"), "{csa}");
    assert!(csa.contains("$TIME_LIMIT:00:01+10\n"), "CSA's own figures: {csa}");
    let kif = crate::record::write_text(rec, crate::record::Format::Kifu);
    assert!(kif.contains("持ち時間：1分+10秒\n"), "{kif}");
}

#[test]
fn a_whole_game_as_gote_with_the_opponent_resigning() {
    let mut r = Run::started("bob", '-', BYOYOMI);
    assert!(!r.s.is_my_turn());
    assert_eq!(r.s.move_line(usi("3c3d")), Err(SessionError::NotYourTurn));
    r.feed("+7776FU,T0");
    assert!(r.s.is_my_turn());
    assert_eq!(r.s.move_line(usi("3c3d")).unwrap(), "-3334FU");
    r.feed("-3334FU,T2\n%TORYO\n#RESIGN\n#WIN");
    let end = r.ended();
    assert_eq!(end.sentence(["alice", "bob"]), "You win: alice resigned.");
    assert_eq!(r.s.record().outcome(), Outcome::Win(Color::White));
}

/// Every end the server sends, for both sides, and who the record says won.
#[test]
fn every_result_on_both_sides() {
    use Color::{Black, White};
    // (moves, ending lines for alice (sente), for bob (gote), record's kind, winner)
    let cases: [(&str, &str, &str, SpecialKind, Outcome); 9] = [
        ("", "%TORYO\n#RESIGN\n#LOSE", "%TORYO\n#RESIGN\n#WIN", SpecialKind::Resign, Outcome::Win(White)),
        ("+7776FU,T1", "#TIME_UP\n#WIN", "#TIME_UP\n#LOSE", SpecialKind::TimeUp, Outcome::Win(Black)),
        ("", "#ILLEGAL_MOVE\n#LOSE", "#ILLEGAL_MOVE\n#WIN", SpecialKind::IllegalLoss, Outcome::Win(White)),
        ("+7776FU,T1", "#SENNICHITE\n#DRAW", "#SENNICHITE\n#DRAW", SpecialKind::Sennichite, Outcome::Draw),
        (
            "+7776FU,T1",
            "#OUTE_SENNICHITE\n#LOSE",
            "#OUTE_SENNICHITE\n#WIN",
            SpecialKind::PerpetualCheck(Black),
            Outcome::Win(White),
        ),
        (
            "",
            "%KACHI\n#JISHOGI\n#WIN",
            "%KACHI\n#JISHOGI\n#LOSE",
            SpecialKind::EnteringKingWin,
            Outcome::Win(Black),
        ),
        (
            "",
            "%KACHI\n#ILLEGAL_MOVE\n#LOSE",
            "%KACHI\n#ILLEGAL_MOVE\n#WIN",
            SpecialKind::DeclarationLoss,
            Outcome::Win(White),
        ),
        (
            "+7776FU,T1",
            "#MAX_MOVES\n#CENSORED",
            "#MAX_MOVES\n#CENSORED",
            SpecialKind::MaxMoves,
            Outcome::Draw,
        ),
        ("", "#CHUDAN", "#CHUDAN", SpecialKind::Interrupt, Outcome::None),
    ];
    for (moves, for_alice, for_bob, kind, outcome) in cases {
        for (user, side, lines) in [("alice", '+', for_alice), ("bob", '-', for_bob)] {
            let mut r = Run::started(user, side, BYOYOMI);
            r.feed(moves).feed(lines);
            let end = r.ended();
            let rec = r.s.record();
            assert_eq!(rec.ending().map(|s| s.kind), Some(kind), "{user}: {lines}");
            assert_eq!(rec.outcome(), outcome, "{user}: {lines}");
            assert!(!end.sentence(["alice", "bob"]).is_empty());
            // the record reads back with the same result
            let back = crate::record::csa::read_csa(&crate::record::csa::write_csa(rec)).unwrap().0;
            assert_eq!(back.outcome(), outcome, "{user}: {lines} read back");
        }
    }
}

#[test]
fn the_fischer_clock_follows_the_server() {
    let mut r = Run::started("alice", '+', FISCHER);
    let clock = r.s.clock().unwrap();
    assert_eq!(clock.control().increment_ms, 5000);
    assert_eq!(clock.reading(Color::Black, r.t0 + Duration::from_secs(2)).main_ms, 63_000);
    r.feed_at("+7776FU,T2", 2);
    let clock = r.s.clock().unwrap();
    assert_eq!(clock.remaining_ms(Color::Black), 63_000);
    let reading = clock.reading(Color::White, r.t0 + Duration::from_secs(12));
    assert_eq!(reading.main_ms, 55_000);
    assert!(reading.running);
    assert!(!clock.reading(Color::Black, r.t0 + Duration::from_secs(12)).running);
}

#[test]
fn a_handicap_game_from_the_game_name() {
    // shogi-server's hc2p_ games: gote (uwate) has no rook and bishop and moves first
    let mut r = Run::new("bob");
    r.feed("LOGIN:bob OK");
    r.feed(&summary('-', BYOYOMI, "PI82HI22KA\n-", '-'));
    let s = r.s.summary().unwrap();
    assert_eq!(s.handicap(), Some("二枚落ち"));
    assert!(s.describe().iter().any(|l| l == "Handicap: 二枚落ち."));
    r.s.agree().unwrap();
    r.feed("START:test+g-60-10+alice+bob+1");
    assert!(r.s.is_my_turn());
    assert_eq!(r.s.move_line(usi("5a4b")).unwrap(), "-5142OU");
    r.feed("-5142OU,T1\n+7776FU,T1");
    let csa = crate::record::csa::write_csa(r.s.record());
    assert!(csa.contains("PI82HI22KA\n-\n-5142OU"), "{csa}");
}

#[test]
fn moves_already_played_start_the_record() {
    let mut r = Run::new("bob");
    r.feed("LOGIN:bob OK");
    r.feed(&summary('-', BYOYOMI, &format!("{EVEN}\n+7776FU,T5\n-3334FU,T7\n+2726FU,T1"), '-'));
    assert_eq!(r.s.record().main_line().len(), 3);
    r.s.agree().unwrap();
    r.feed("START:test+g-60-10+alice+bob+1");
    assert!(r.s.is_my_turn());
}

#[test]
fn the_extended_mode() {
    let mut s = CsaSession::new("carol", LoginMode::Extended);
    assert_eq!(s.login_lines("secret"), ("LOGIN carol secret x1".into(), "LOGIN carol ****** x1".into()));
    let t = Instant::now();
    let mut ev = Vec::new();
    for l in ["LOGIN:carol OK", "##[LOGIN] +OK x1"] {
        ev.extend(s.receive(l, t));
    }
    assert_eq!(s.phase(), CsaPhase::Lobby);
    assert_eq!(s.extended_line("WHO").unwrap(), "%%WHO");
    assert_eq!(s.extended_line("CHAT hi\nthere").unwrap(), "%%CHAT hi there");
    let transcript = "##[WHO] alice x1 game test+g-60-10+alice+bob+1 +\n##[WHO] bob CSA game\n##[WHO] +OK\n\
                      ##[LIST] test+g-60-10+alice+bob+1\n##[LIST] +OK\n\
                      ##[CHAT][alice] good luck\n\
                      ##[MONITOR2][test+g-60-10+alice+bob+1] V2\n##[MONITOR2][test+g-60-10+alice+bob+1] +7776FU\n\
                      ##[MONITOR2][test+g-60-10+alice+bob+1] T3\n##[MONITOR2][test+g-60-10+alice+bob+1] +OK\n\
                      ##[ERROR] bad game name: x.";
    for l in transcript.lines() {
        ev.extend(s.receive(l, t));
    }
    let who =
        ev.iter().find_map(|e| if let SessionEvent::Who(w) = e { Some(w.clone()) } else { None }).unwrap();
    assert_eq!(who, ["alice x1 game test+g-60-10+alice+bob+1 +", "bob CSA game"]);
    assert!(ev.iter().any(|e| matches!(e, SessionEvent::Games(g) if g == &["test+g-60-10+alice+bob+1"])));
    assert!(
        ev.iter().any(
            |e| matches!(e, SessionEvent::Chat { from, text } if from == "alice" && text == "good luck")
        )
    );
    assert!(ev.iter().any(|e| matches!(e, SessionEvent::Monitor { game_id, lines }
        if game_id == "test+g-60-10+alice+bob+1" && lines == &["V2", "+7776FU", "T3"])));
    assert!(ev.iter().any(|e| matches!(e, SessionEvent::Notice(n) if n.contains("bad game name"))));
    assert_eq!(s.game_request("g-60-10", '+').unwrap(), "%%GAME g-60-10 +");
    assert_eq!(s.phase(), CsaPhase::Waiting);
    // the standard mode has none of it
    let std = CsaSession::new("dave", LoginMode::Standard { game: "g-60-10".into() });
    assert_eq!(std.extended_line("WHO"), Err(SessionError::NotExtended));
    assert_eq!(std.login_lines("pw").1, "LOGIN dave g-60-10,** ".trim_end());
}

#[test]
fn login_refused_and_games_called_off() {
    let mut r = Run::new("alice");
    r.feed("LOGIN:incorrect");
    assert!(r.events.iter().any(|e| matches!(e, SessionEvent::LoginRefused)));
    assert_eq!(r.s.phase(), CsaPhase::Closed);

    let mut r = Run::new("alice");
    r.feed("LOGIN:alice OK").feed(&summary('+', BYOYOMI, EVEN, '+'));
    r.s.agree().unwrap();
    r.feed("REJECT:test+g-60-10+alice+bob+1 by bob");
    assert!(r.events.iter().any(|e| matches!(e, SessionEvent::Rejected { by } if by == "bob")));
    assert_eq!(r.s.phase(), CsaPhase::Closed);
}

#[test]
fn a_lost_connection_keeps_the_record() {
    let mut r = Run::started("alice", '+', BYOYOMI);
    r.feed("+7776FU,T1\n-3334FU,T1");
    r.s.closed();
    assert_eq!(r.s.phase(), CsaPhase::Closed);
    assert_eq!(r.s.record().main_line().len(), 2);
    assert_eq!(r.s.move_line(usi("2g2f")), Err(SessionError::NotPlaying));
}

#[test]
fn a_move_the_rules_refuse_breaks_the_game_and_keeps_the_record() {
    let mut r = Run::started("alice", '+', BYOYOMI);
    r.feed("+7776FU,T1\n-5155OU,T1");
    assert!(r.events.iter().any(|e| matches!(e, SessionEvent::Broken { line, .. } if line == "-5155OU,T1")));
    assert_eq!(r.s.phase(), CsaPhase::Closed);
    assert_eq!(r.s.record().main_line().len(), 1);

    let mut r = Run::started("alice", '+', BYOYOMI);
    r.feed("-3334FU,T1");
    assert!(
        r.events
            .iter()
            .any(|e| matches!(e, SessionEvent::Broken { why, .. } if why.contains("side not to move")))
    );
}

#[test]
fn lines_out_of_place_are_ignored() {
    let mut r = Run::new("alice");
    r.feed("+7776FU,T1\nSTART:x\n#WIN\n%TORYO\nhello\nLOGIN:mallory OK");
    assert_eq!(r.s.phase(), CsaPhase::Waiting);
    assert!(r.events.iter().filter(|e| matches!(e, SessionEvent::Ignored { .. })).count() >= 5);
    // a START for another game is not this game's start
    r.feed(&summary('+', BYOYOMI, EVEN, '+'));
    r.s.agree().unwrap();
    r.feed("START:some+other+game");
    assert_eq!(r.s.phase(), CsaPhase::Agreed);
}

#[test]
fn a_broken_summary_is_reported_for_rejection() {
    let mut r = Run::new("alice");
    r.feed("LOGIN:alice OK").feed(&summary('?', BYOYOMI, EVEN, '+'));
    assert!(r.events.iter().any(|e| matches!(e, SessionEvent::BadSummary(w) if w.contains("Your_Turn"))));
    assert_eq!(r.s.reject().unwrap(), "REJECT");
}

/// A small deterministic generator for the hostile transcripts.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

/// Real transcripts cut short, with lines dropped, repeated, swapped, truncated and garbled, and
/// random bytes: the session never panics, and whatever it kept is a legal game.
#[test]
fn hostile_and_truncated_transcripts() {
    let game = format!(
        "LOGIN:alice OK\n{}\nSTART:test+g-60-10+alice+bob+1\n+7776FU,T1\n-3334FU,T2\n+8822UM,T0\n-3122GI,T4\n\
         %KACHI\n#ILLEGAL_MOVE\n#WIN\n##[CHAT][x] y\n##[WHO] +OK\nLOGOUT:completed",
        summary('+', FISCHER, EVEN, '+')
    );
    let lines: Vec<&str> = game.lines().collect();
    let garbage = [
        "",
        "\u{0}\u{0}",
        "+",
        "-",
        "#",
        "%",
        "##[",
        "##[]",
        "##[CHAT]",
        "BEGIN Game_Summary",
        "END Game_Summary",
        "BEGIN Position",
        "END Position",
        "BEGIN Time",
        "Total_Time:99999999999999999999",
        "T",
        "+0000FU,T1",
        "+9999OU",
        "+1112FU,T18446744073709551615",
        "-0055KA",
        "P1+OU",
        "Your_Turn:+",
        "PI00XX",
        "P+00AL",
        "%%%",
        "+7776FU,T1,T2,'comment",
        "START:",
        "REJECT:",
        "LOGIN:alice OK OK",
        "😀😀😀",
        "Time_Unit:0sec",
    ];
    let mut rng = Lcg(7);
    for case in 0..3000 {
        let mut transcript: Vec<String> = Vec::new();
        for (i, l) in lines.iter().enumerate() {
            match rng.next() % 20 {
                0 => continue,
                1 => {
                    transcript.push(l.to_string());
                    transcript.push(l.to_string());
                }
                2 => {
                    let cut = (rng.next() as usize) % (l.len() + 1);
                    transcript.push(l.get(..cut).unwrap_or(l).to_string());
                }
                3 => transcript.push(garbage[(rng.next() as usize) % garbage.len()].to_string()),
                4 if i + 1 < lines.len() => {
                    transcript.push(lines[i + 1].to_string());
                    transcript.push(l.to_string());
                }
                5 => {
                    let bytes: Vec<u8> = (0..rng.next() % 40).map(|_| (rng.next() % 256) as u8).collect();
                    transcript.push(String::from_utf8_lossy(&bytes).into_owned());
                }
                _ => transcript.push(l.to_string()),
            }
        }
        let stop = (rng.next() as usize) % (transcript.len() + 1);
        let user = if case % 2 == 0 { "alice" } else { "bob" };
        let mut s = CsaSession::new(user, LoginMode::Standard { game: "g-60-10".into() });
        let t = Instant::now();
        for l in &transcript[..stop] {
            let _ = s.receive(l, t);
            if s.phase() == CsaPhase::Proposed {
                let _ = s.agree();
            }
            if s.is_my_turn() {
                let Some(mv) = s.position().legal_moves().iter().next().copied() else { continue };
                let _ = s.move_line(mv);
            }
        }
        // whatever was kept replays legally
        let rec = s.record();
        let mut pos = rec.initial().clone();
        for m in rec.main_line_moves() {
            assert!(pos.is_legal(m), "case {case}");
            pos.do_move(m);
        }
        let _ = crate::record::csa::write_csa(rec);
    }
}

#[test]
fn control_characters_from_the_server_are_made_visible_in_what_is_shown_or_kept() {
    let mut r = Run::new("alice");
    r.s = CsaSession::new("alice", LoginMode::Extended);
    r.feed("LOGIN:alice OK");
    r.feed("##[CHAT][\x1b[31mbob] hi\x07 there");
    r.feed("##[MONITOR2][g+1] N+\x1b]0;evil\x07\n##[MONITOR2][g+1] +OK");
    let chat = r.events.iter().find_map(|e| match e {
        SessionEvent::Chat { from, text } => Some((from.clone(), text.clone())),
        _ => None,
    });
    assert_eq!(chat, Some(("\\x1b[31mbob".to_string(), "hi\\x07 there".to_string())));
    let watched = r.events.iter().find_map(|e| match e {
        SessionEvent::Monitor { lines, .. } => Some(lines.clone()),
        _ => None,
    });
    assert_eq!(watched, Some(vec!["N+\\x1b]0;evil\\x07".to_string()]));
    // a summary's names and id
    let mut r = Run::new("alice");
    r.feed("LOGIN:alice OK");
    r.feed(&summary('+', BYOYOMI, EVEN, '+').replace("Name-:bob", "Name-:b\x1bob"));
    assert_eq!(r.s.summary().unwrap().names[1], "b\\x1bob");
    assert_eq!(r.s.record().header("後手"), Some("b\\x1bob"));
}

#[test]
fn after_resigning_nothing_more_is_asked_of_the_player() {
    let mut r = Run::started("alice", '+', BYOYOMI);
    assert!(r.s.is_my_turn());
    assert_eq!(r.s.resign_line().unwrap(), "%TORYO");
    // the engine is not asked for another move while the server ends the game
    assert!(!r.s.is_my_turn());
    r.feed("%TORYO\n#RESIGN\n#LOSE");
    assert_eq!(r.s.phase(), CsaPhase::Ended);
}
