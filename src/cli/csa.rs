//! `shogiban csa`: the built-in engine (or a USI engine) plays games on a CSA server
//! (floodgate, a club's `shogi-server`), one line of output per game and a tally, each game's
//! record saved. Everything the server sent is printed with its control characters made
//! visible. SIGINT or SIGTERM resigns the game on (or leaves between games), saves the record
//! and exits with 130; a second one ends the program at once.

use shogiban::engine::levels::Level;
use shogiban::engine::player::Computer;
use shogiban::online::DEFAULT_PORT;
use shogiban::online::autoplay::{AutoplayConfig, StopHandle, check_name_template, play_games};
use shogiban::online::check::{check_game_name, check_password, check_user, printable};
use shogiban::online::connection::{CONNECT_TIMEOUT, KEEPALIVE, LOGIN_TIMEOUT, MIN_KEEPALIVE};
use shogiban::record::Format;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// The exit status after a stop by a signal (as a shell reports SIGINT).
const INTERRUPTED: u8 = 130;
/// How long past the end of the clock a silent server is waited for.
const SILENCE_MARGIN: Duration = Duration::from_secs(60);
/// Logins that fail in a row before the run stops, and the first pause between them.
const LOGIN_TRIES: u32 = 3;
const RETRY_PAUSE: Duration = Duration::from_secs(1);
/// How long a resignation on a signal waits for the server's end of the game.
const STOP_WAIT: Duration = Duration::from_secs(5);

#[derive(clap::Args)]
pub struct Args {
    /// The server's host name or address
    #[arg(long)]
    host: String,
    /// The server's port
    #[arg(long, default_value_t = DEFAULT_PORT, value_parser = clap::value_parser!(u16).range(1..))]
    port: u16,
    /// The user name to log in with (no spaces)
    #[arg(long, value_name = "NAME", value_parser = parse_user)]
    user: String,
    /// The password (floodgate: any word; it makes the name yours for the ratings; no spaces).
    /// Also read from SHOGIBAN_CSA_PASSWORD
    #[arg(long, value_name = "PW", env = "SHOGIBAN_CSA_PASSWORD", hide_env_values = true,
          value_parser = parse_password)]
    password: String,
    /// The game to play: NAME-TOTAL-BYOYOMI (`casual-600-10`) or NAME-TOTAL-INCREMENTF
    /// (`floodgate-300-10F`); add -B or -W to ask for sente or gote
    #[arg(long, value_name = "GAMENAME", value_parser = parse_game)]
    game: String,
    /// The built-in engine's level (1 weakest, 10 full strength)
    #[arg(long, value_name = "N", conflicts_with = "engine",
          value_parser = clap::value_parser!(Level))]
    level: Option<Level>,
    /// Play with this USI engine (command and arguments) instead of the built-in one
    #[arg(long, value_name = "CMD")]
    engine: Option<String>,
    /// A USI option for the engine (repeatable)
    #[arg(long = "option", value_name = "NAME=VALUE", requires = "engine", value_parser = parse_option)]
    options: Vec<(String, String)>,
    /// Games to play in a row (logging in again for each)
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// Where each game's record is saved
    #[arg(long, value_name = "DIR", default_value = ".")]
    save_dir: PathBuf,
    /// The records' format: csa, kif (Shift_JIS), kifu (KIF in UTF-8) or jkf
    #[arg(long, value_name = "FORMAT", default_value = "csa", value_parser = parse_format)]
    save_format: Format,
    /// The records' file name, without extension: {game_id}, {date}, {time}, {n} (the game's
    /// number in the run), {sente}, {gote}, {opponent} are filled in
    #[arg(long, value_name = "TEMPLATE", default_value = "{game_id}", value_parser = parse_name)]
    name: String,
    /// Milliseconds kept back from the clock on every move for the network
    #[arg(long, value_name = "MS", default_value_t = shogiban::online::clock::MARGIN_MS)]
    margin: u64,
    /// Seconds between the empty keep-alive lines sent to the server, whoever is to move (at
    /// least 30)
    #[arg(long, value_name = "SECONDS", default_value_t = KEEPALIVE.as_secs(),
          value_parser = clap::value_parser!(u64).range(MIN_KEEPALIVE.as_secs()..=3600))]
    keepalive: u64,
    /// Do not send the engine's evaluation and expected line with each move (sent by default,
    /// `,'* 123 -3334FU +2726FU`, as floodgate shows them)
    #[arg(long)]
    no_pv: bool,
    /// Print every line sent to and received from the server on stderr (the password masked)
    #[arg(long)]
    verbose: bool,
}

fn parse_user(s: &str) -> Result<String, String> {
    check_user(s).map(|_| s.to_string())
}

fn parse_password(s: &str) -> Result<String, String> {
    check_password(s).map(|_| s.to_string())
}

fn parse_format(s: &str) -> Result<Format, String> {
    match Format::from_name(s) {
        Some(f @ (Format::Csa | Format::Kif | Format::Kifu | Format::Jkf)) => Ok(f),
        _ => Err(format!("'{s}' is not one of csa, kif, kifu, jkf")),
    }
}

fn parse_name(s: &str) -> Result<String, String> {
    check_name_template(s).map(|_| s.to_string())
}

fn parse_game(s: &str) -> Result<String, String> {
    check_game_name(s).map(|_| s.to_string())
}

/// Catches SIGINT and SIGTERM: the first asks `stop` to stop the run, a second ends the
/// program at once.
#[cfg(unix)]
fn catch_signals(stop: StopHandle) {
    use signal_hook::consts::{SIGINT, SIGTERM};
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    let quitting = Arc::new(AtomicBool::new(false));
    for sig in [SIGINT, SIGTERM] {
        let _ = signal_hook::flag::register_conditional_shutdown(sig, INTERRUPTED as i32, quitting.clone());
        let _ = signal_hook::flag::register(sig, quitting.clone());
    }
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else { return };
    let _ = std::thread::Builder::new().name("signals".into()).spawn(move || {
        for sig in signals.forever() {
            stop.stop(if sig == SIGINT { "SIGINT" } else { "SIGTERM" });
        }
    });
}

#[cfg(not(unix))]
fn catch_signals(_stop: StopHandle) {}

fn parse_option(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((n, v)) if !n.trim().is_empty() => Ok((n.trim().to_string(), v.to_string())),
        _ => Err(format!("expected NAME=VALUE, found '{s}'")),
    }
}

pub fn run(a: Args) -> ExitCode {
    // the records' folder is checked before the engine starts or anything is sent
    if let Err(e) = shogiban::online::autoplay::check_save_dir(&a.save_dir) {
        return super::fail("csa", e);
    }
    let mut player = match &a.engine {
        Some(cmd) => match Computer::usi(cmd, a.options.iter().map(|(n, v)| (n, v))) {
            Ok(p) => p,
            Err(e) => return super::fail("csa", e),
        },
        None => Computer::builtin(a.level.unwrap_or(Level::MAX)),
    };
    let cfg = AutoplayConfig {
        host: a.host,
        port: a.port,
        user: a.user,
        password: a.password,
        game: a.game,
        games: a.games,
        save_dir: a.save_dir,
        margin_ms: a.margin,
        connect_timeout: CONNECT_TIMEOUT,
        login_timeout: LOGIN_TIMEOUT,
        keepalive: Duration::from_secs(a.keepalive),
        silence_margin: SILENCE_MARGIN,
        login_tries: LOGIN_TRIES,
        retry_pause: RETRY_PAUSE,
        stop_wait: STOP_WAIT,
        send_pv: !a.no_pv,
        save_format: a.save_format,
        name: a.name,
    };
    let stop = StopHandle::default();
    catch_signals(stop.clone());
    let verbose = a.verbose;
    let games = cfg.games;
    let mut report = |r: &shogiban::online::autoplay::RunEvent| {
        if r.is_result() {
            println!("{}", r.line());
        } else {
            say!("shogiban csa: {}", r.line());
        }
    };
    let result = play_games(&cfg, &mut player, &stop, &mut report, &mut |l| {
        if verbose {
            say!("{}", printable(l));
        }
    });
    match result {
        Ok(tally) => {
            if games > 1 {
                println!("{}", tally.line());
            }
            ExitCode::SUCCESS
        }
        Err(e) if e.interrupted => {
            say!("shogiban csa: {}", printable(&e.to_string()));
            ExitCode::from(INTERRUPTED)
        }
        Err(e) => super::fail("csa", printable(&e.to_string())),
    }
}
