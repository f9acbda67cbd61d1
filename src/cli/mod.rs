//! The command line: `shogiban [--engine CMD] [FILE]` opens the app; the subcommands are the
//! tools. Argument parsing lives here (clap, derive) and in `main.rs`, nowhere in the library:
//! each subcommand's module turns its arguments into calls of the library and its results into
//! output and an exit status. Exit status 2 is a usage error (clap's convention), 1 a failure;
//! `mate` documents its own.

/// `eprintln!` that never panics: a full or closed stderr must not turn a message into a crash
/// (exit 101) in place of the exit status the command means.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

/// `println!` through [`print`]: returns the failure's exit status from the function.
macro_rules! out {
    ($command:expr, $($arg:tt)*) => {
        if let Err(code) = crate::cli::print($command, &format!("{}\n", format_args!($($arg)*))) {
            return code;
        }
    };
}

mod analyze;
mod book;
mod completions;
mod convert;
mod csa;
mod eval;
mod mate;
mod perft;
mod rating;
#[cfg(feature = "dev-tools")]
mod tune;

use clap::{CommandFactory, Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "shogiban",
    version,
    about = "A shogi game, kifu tool and USI engine for the terminal",
    long_about = "A shogi game, kifu tool and USI engine for the terminal.\n\n\
                  Without a subcommand, opens the game: a new one, or FILE (KIF, KI2, CSA, USI, \
                  SFEN or JKF)."
)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Cli {
    /// Play against this external USI engine (command and arguments) instead of the built-in one
    #[arg(long, value_name = "USI-ENGINE-COMMAND", value_hint = clap::ValueHint::CommandString)]
    engine: Option<String>,
    /// Play online: open the connection dialog for this CSA server (port 4081 unless given);
    /// the password is typed there or read from SHOGIBAN_CSA_PASSWORD
    #[arg(long, value_name = "HOST[:PORT]", conflicts_with = "file")]
    csa: Option<String>,
    /// Online: the user name to log in with (with --csa)
    #[arg(long, value_name = "NAME", requires = "csa")]
    user: Option<String>,
    /// Online: the game name the server pairs players by, e.g. floodgate-300-10F (with --csa)
    #[arg(long, value_name = "GAMENAME", requires = "csa")]
    game: Option<String>,
    /// A game record to open
    #[arg(value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    file: Option<PathBuf>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the built-in engine as a USI engine on stdin/stdout (for shogi GUIs)
    Usi,
    /// Count the legal move paths to a depth (move generator check)
    Perft(perft::Args),
    /// Convert a game record between formats
    Convert(convert::Args),
    /// Search the fixed bench positions; the total node count is the search's signature
    Bench(BenchArgs),
    /// Solve a tsume: find a forced mate by checks
    #[command(after_help = mate::EXIT_STATUS)]
    Mate(mate::Args),
    /// Build an opening book or look a position up in one
    Book(book::Args),
    /// Show the evaluation of a position term by term
    Eval(eval::Args),
    /// Analyse whole games and write the evaluations, lines and marks into the records
    /// (ShogiHome-style comments)
    Analyze(analyze::Args),
    /// Play games on a CSA server (floodgate, a shogi-server) with the built-in or a USI engine
    Csa(csa::Args),
    /// Show a player's rating from rated games against the computer's levels, and the recent games
    Rating(rating::Args),
    /// Print a shell completion script (bash, zsh, fish, elvish or powershell)
    #[command(after_help = completions::INSTALL)]
    Completions(completions::CompletionArgs),
    /// Print the manual page (roff), or write one page per command into a folder
    Man(completions::ManArgs),
    /// Developer tool: fit the evaluation tables or play self-play games for the data
    #[cfg(feature = "dev-tools")]
    #[command(hide = true)]
    Tune(tune::Args),
}

#[derive(clap::Args)]
struct BenchArgs {
    /// Search depth
    #[arg(long, default_value_t = shogiban::engine::bench::DEFAULT_DEPTH,
          value_parser = clap::value_parser!(u32).range(1..=60))]
    depth: u32,
}

/// Parses the command line and runs what it asks for.
pub fn main() -> ExitCode {
    let cli = Cli::try_parse().unwrap_or_else(|e| {
        refuse_mistyped_subcommand_in(std::env::args_os().skip(1), &e);
        e.exit()
    });
    let Some(command) = cli.command else {
        if let Some(file) = &cli.file {
            refuse_mistyped_subcommand(file);
        }
        let online = match cli.csa.as_deref().map(|a| online_target(a, cli.user, cli.game)).transpose() {
            Ok(o) => o,
            Err(e) => Cli::command().error(clap::error::ErrorKind::ValueValidation, e).exit(),
        };
        return run_app(cli.engine.as_deref(), cli.file.as_deref(), online);
    };
    quiet_on_closed_pipe();
    match command {
        Command::Usi => {
            shogiban::engine::usi::server::serve_stdio();
            ExitCode::SUCCESS
        }
        Command::Perft(a) => perft::run(a),
        Command::Convert(a) => convert::run(a),
        Command::Bench(a) => bench(a.depth),
        Command::Mate(a) => mate::run(a),
        Command::Book(a) => book::run(a),
        Command::Eval(a) => eval::run(a),
        Command::Analyze(a) => analyze::run(a),
        Command::Csa(a) => csa::run(a),
        Command::Rating(a) => rating::run(a),
        Command::Completions(a) => completions::completions(a),
        Command::Man(a) => completions::man(a),
        #[cfg(feature = "dev-tools")]
        Command::Tune(a) => tune::run(a),
    }
}

/// The visible subcommand nearest to `word`, if one is near enough to be a typing slip.
fn similar_subcommand(word: &str) -> Option<String> {
    let cmd = Cli::command();
    cmd.get_subcommands()
        .filter(|c| !c.is_hide_set())
        .map(|c| (strsim::jaro(word, c.get_name()), c.get_name().to_string()))
        .filter(|(score, _)| *score > 0.7)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, name)| name)
}

/// A FILE that does not exist and is spelt nearly like a subcommand is taken for a mistyped
/// subcommand (`shogiban mtae`): a usage error with the suggestion, not a game opened on a new
/// file.
fn refuse_mistyped_subcommand(file: &Path) {
    if file.exists() {
        return;
    }
    let Some(word) = file.to_str() else { return };
    if let Some(name) = similar_subcommand(word) {
        Cli::command()
            .error(
                clap::error::ErrorKind::InvalidSubcommand,
                format!(
                    "unrecognized subcommand '{word}' (and no such file)\n\n  \
                     tip: a similar subcommand exists: '{name}'"
                ),
            )
            .exit();
    }
}

/// When the command line does not parse (`shogiban mtae --sfen x`: the options belong to no
/// FILE), the first word that is not an option is looked at as a mistyped subcommand before
/// clap's own error is shown. Help and version requests are not errors and pass through.
fn refuse_mistyped_subcommand_in(args: impl Iterator<Item = std::ffi::OsString>, error: &clap::Error) {
    use clap::error::ErrorKind;
    if matches!(error.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        return;
    }
    let Some(word) = first_positional(args) else { return };
    let cmd = Cli::command();
    let is_subcommand = word == "help"
        || cmd.get_subcommands().any(|c| c.get_name_and_visible_aliases().iter().any(|n| word == *n));
    if !is_subcommand {
        refuse_mistyped_subcommand(Path::new(&word));
    }
}

/// The first word of the top-level command line that is neither an option nor the value of
/// one (`--engine CMD`, `--user NAME`, every top-level option that takes a value): where the
/// subcommand or FILE stands.
fn first_positional(mut args: impl Iterator<Item = std::ffi::OsString>) -> Option<std::ffi::OsString> {
    let cmd = Cli::command();
    let takes_value = |word: &str| {
        cmd.get_arguments().filter(|a| !a.is_positional() && a.get_action().takes_values()).any(|a| {
            a.get_long().is_some_and(|l| word.strip_prefix("--") == Some(l))
                || a.get_short().is_some_and(|s| word.chars().eq(['-', s]))
        })
    };
    while let Some(arg) = args.next() {
        match arg.to_str() {
            Some("--") => return args.next(),
            Some(option) if takes_value(option) => {
                args.next();
            }
            Some(a) if a.starts_with('-') && a.len() > 1 => {}
            _ => return Some(arg),
        }
    }
    None
}

/// The command-line tools end quietly when their output pipe closes (`shogiban mate ... | head`),
/// as Unix tools do, instead of panicking on the failed write. The app keeps Rust's default: a
/// write to an external engine that has died must be an error it can report, not its own death.
fn quiet_on_closed_pipe() {
    #[cfg(target_os = "linux")]
    // SAFETY: restoring the default disposition of one signal before any thread is started.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// What `--csa HOST[:PORT] --user NAME --game GAMENAME` asks for.
struct OnlineTarget {
    host: String,
    port: Option<u16>,
    user: Option<String>,
    game: Option<String>,
}

/// Reads `HOST[:PORT]` (an IPv6 address in brackets: `[::1]:4081`).
fn online_target(address: &str, user: Option<String>, game: Option<String>) -> Result<OnlineTarget, String> {
    let bad = || format!("--csa '{address}': expected HOST or HOST:PORT (a port from 1 to 65535)");
    let (host, port) = match address.rsplit_once(':') {
        Some((h, p)) if !h.contains(':') || (h.starts_with('[') && h.ends_with(']')) => {
            let port = p.parse::<u16>().ok().filter(|&p| p > 0).ok_or_else(bad)?;
            (h.trim_start_matches('[').trim_end_matches(']').to_string(), Some(port))
        }
        _ => (address.to_string(), None),
    };
    if host.is_empty() || host.contains(char::is_whitespace) {
        return Err(bad());
    }
    Ok(OnlineTarget { host, port, user, game })
}

/// The terminal app, optionally opening a game file or the online dialog, and using an external
/// USI engine instead of the built-in one.
fn run_app(engine_cmd: Option<&str>, file: Option<&Path>, online: Option<OnlineTarget>) -> ExitCode {
    use shogiban::tui::jobs::Computer;
    let mut loaded = shogiban::tui::settings::load_default();
    loaded.take_background_theme(shogiban::tui::background::theme_from_terminal);
    let engine_cmd = engine_cmd.map(String::from).or_else(|| loaded.settings.engine_command.clone());
    // an external engine that cannot start does not keep the game from opening: the built-in
    // one plays, and the status line says why
    let mut fallback = None;
    let engine = match engine_cmd {
        None => Computer::Builtin,
        Some(cmd) => {
            let mut words = cmd.split_whitespace().map(String::from);
            let path = words.next().unwrap_or_default();
            let rest: Vec<String> = words.collect();
            match Computer::external(&path, &rest, &loaded.settings.engine_options) {
                Ok(e) => e,
                Err(e) => {
                    fallback = Some((cmd.clone(), e.to_string()));
                    Computer::Builtin
                }
            }
        }
    };
    let mut app = match shogiban::tui::open(file, loaded.settings) {
        Ok(app) => app,
        Err(e) => {
            say!("shogiban: {e}");
            return ExitCode::from(1);
        }
    };
    app.set_color_depth(shogiban::tui::color_depth::ColorDepth::detect(|k| std::env::var(k).ok()));
    let passwords = shogiban::tui::storage::passwords::passwords_path();
    app.set_online_secrets(shogiban::tui::app::OnlineSecrets {
        env_password: std::env::var("SHOGIBAN_CSA_PASSWORD").ok().filter(|p| !p.is_empty()),
        remembered: passwords
            .as_deref()
            .map(shogiban::tui::storage::passwords::remembered_passwords)
            .unwrap_or_default(),
        file: passwords,
    });
    if let Some(t) = online {
        let mut s = app.settings().online.clone();
        s.host = t.host;
        s.port = t.port.unwrap_or(shogiban::online::DEFAULT_PORT);
        s.user = t.user.unwrap_or(s.user);
        // a game named on the command line is asked for by logging in with it (not the x1 lobby)
        if let Some(game) = t.game {
            s.game = game;
            s.extended = false;
        }
        app.open_online(Some(s), std::time::Instant::now());
    }
    let engine_message = fallback.map(|(cmd, e)| (app.text().engine_fallback)(&cmd, &e));
    let messages: Vec<String> = loaded.message.into_iter().chain(engine_message).collect();
    if !messages.is_empty() {
        app.set_message(messages.join(" · "));
    }
    match shogiban::tui::run(app, engine, loaded.file) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            say!("shogiban: terminal error: {e}");
            ExitCode::from(1)
        }
    }
}

/// `shogiban bench`: runs on a thread with a large stack, as the engine's searches do.
fn bench(depth: u32) -> ExitCode {
    use shogiban::engine::bench::run_bench;
    let handle = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || run_bench(depth, |l| println!("{l}")))
        .expect("cannot start the bench thread");
    match handle.join() {
        Ok(Ok(r)) => {
            println!("nodes: {}", r.nodes);
            println!("nps: {}", r.nodes * 1000 / r.time_ms.max(1));
            println!("time_ms: {}", r.time_ms);
            ExitCode::SUCCESS
        }
        Ok(Err(e)) => {
            say!("shogiban bench: {e}");
            ExitCode::from(1)
        }
        Err(_) => {
            say!("shogiban bench: the search panicked");
            ExitCode::from(1)
        }
    }
}

/// Writes `text` to standard output. A write that fails — standard output closed (`>&-`), a
/// full disk, a pipe whose reader has gone — is said on stderr and is `Err` with status 1:
/// output that did not arrive is never a success.
pub fn print(command: &str, text: &str) -> Result<(), ExitCode> {
    shogiban::record::io::write_stdout(text.as_bytes())
        .map_err(|e| fail(command, format!("cannot write the output: {e}")))
}

/// Prints `message` as `shogiban <command>: message` and fails with status 1.
pub fn fail(command: &str, message: impl std::fmt::Display) -> ExitCode {
    say!("shogiban {command}: {message}");
    ExitCode::from(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn slips_are_recognised() {
        assert_eq!(similar_subcommand("mtae").as_deref(), Some("mate"));
        assert_eq!(similar_subcommand("covnert").as_deref(), Some("convert"));
        assert_eq!(similar_subcommand("game.kif"), None);
        // hidden developer commands are never suggested
        assert_eq!(similar_subcommand("tnue"), None);
    }

    #[test]
    fn the_subcommand_word_is_found_among_options() {
        let first = |args: &[&str]| first_positional(args.iter().map(std::ffi::OsString::from));
        assert_eq!(first(&["mtae", "--sfen", "x"]), Some("mtae".into()));
        assert_eq!(first(&["--engine", "gnushogi", "mtae", "-x"]), Some("mtae".into()));
        assert_eq!(first(&["--engine=gnushogi", "--", "-game.kif"]), Some("-game.kif".into()));
        assert_eq!(first(&["--bogus"]), None);
        // the value of any top-level option is not a subcommand (`--user me` alone: clap's
        // own error, that --user needs --csa)
        assert_eq!(first(&["--user", "me"]), None);
        assert_eq!(first(&["--csa", "localhost", "--game", "g", "x.kif"]), Some("x.kif".into()));
    }
}
