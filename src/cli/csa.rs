//! `shogiban csa`: the built-in engine (or a USI engine) plays games on a CSA server
//! (floodgate, a club's `shogi-server`), one line of output per game, each game's record saved.

use shogiban::online::DEFAULT_PORT;
use shogiban::online::autoplay::{AutoplayConfig, play_games};
use shogiban::online::connection::{CONNECT_TIMEOUT, KEEPALIVE, LOGIN_TIMEOUT};
use shogiban::online::players::{BuiltinPlayer, Player, UsiPlayer};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The server's host name or address
    #[arg(long)]
    host: String,
    /// The server's port
    #[arg(long, default_value_t = DEFAULT_PORT)]
    port: u16,
    /// The user name to log in with
    #[arg(long, value_name = "NAME")]
    user: String,
    /// The password (floodgate: any word; it makes the name yours for the ratings). Also read from
    /// SHOGIBAN_CSA_PASSWORD
    #[arg(long, value_name = "PW", env = "SHOGIBAN_CSA_PASSWORD", hide_env_values = true)]
    password: String,
    /// The game to play: NAME-TOTAL-BYOYOMI (`casual-600-10`) or NAME-TOTAL-INCREMENTF
    /// (`floodgate-300-10F`); add -B or -W to ask for sente or gote
    #[arg(long, value_name = "GAMENAME")]
    game: String,
    /// The built-in engine's level (1 weakest, 10 full strength)
    #[arg(long, value_name = "N", conflicts_with = "engine",
          value_parser = clap::value_parser!(u8).range(1..=10))]
    level: Option<u8>,
    /// Play with this USI engine (command and arguments) instead of the built-in one
    #[arg(long, value_name = "CMD")]
    engine: Option<String>,
    /// A USI option for the engine (repeatable)
    #[arg(long = "option", value_name = "NAME=VALUE", requires = "engine", value_parser = parse_option)]
    options: Vec<(String, String)>,
    /// Games to play in a row (logging in again for each)
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// Where each game's record is saved (CSA, named after the game id)
    #[arg(long, value_name = "DIR", default_value = ".")]
    save_dir: PathBuf,
    /// Milliseconds kept back from the clock on every move for the network
    #[arg(long, value_name = "MS", default_value_t = 1000)]
    margin: u64,
    /// Print every line sent to and received from the server on stderr (the password masked)
    #[arg(long)]
    verbose: bool,
}

fn parse_option(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((n, v)) if !n.trim().is_empty() => Ok((n.trim().to_string(), v.to_string())),
        _ => Err(format!("expected NAME=VALUE, found '{s}'")),
    }
}

pub fn run(a: Args) -> ExitCode {
    let mut player: Box<dyn Player> = match &a.engine {
        Some(cmd) => match UsiPlayer::start(cmd, &a.options) {
            Ok(p) => Box::new(p),
            Err(e) => return super::fail("csa", e),
        },
        None => Box::new(BuiltinPlayer::new(a.level.unwrap_or(10))),
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
        keepalive: KEEPALIVE,
    };
    let verbose = a.verbose;
    let result = play_games(&cfg, player.as_mut(), &mut |r| println!("{}", r.line()), &mut |l| {
        if verbose {
            say!("{l}");
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => super::fail("csa", e),
    }
}
