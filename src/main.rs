//! The command line: `shogiban [FILE]` (the app), `usi`, `perft`, `convert`, `bench`, `mate`,
//! `book`, `tune`, `eval`. Each subcommand lives with the layer it belongs to; this file only dispatches.

use shogiban::core::{Position, perft};
use shogiban::{engine, record};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage: shogiban [--engine \"USI-ENGINE-COMMAND\"] [FILE]
       shogiban perft <DEPTH> [--sfen <SFEN>] [--divide]
       shogiban convert [--to kif|kifu|ki2|csa|usi|sfen|jkf] [--output FILE] [FILE|-]
       shogiban usi
       shogiban bench [--depth N]
       shogiban mate [--sfen SFEN | FILE] [--time MS] [--nodes N]
       shogiban book build FILES... -o OUT
       shogiban eval [--sfen SFEN | -]
       shogiban tune --prior | [--results] [--iterations N] [--lambda X] [-o FILE] DATA...
       shogiban tune selfplay --games N [--nodes N] [--seed S] [--openings FILE] -o OUT";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|a| SUBCOMMANDS.contains(&a.as_str())) {
        quiet_on_closed_pipe();
    }
    match args.first().map(String::as_str) {
        Some("perft") => cmd_perft(&args[1..]),
        Some("convert") => record::cli::convert_main(&args[1..]),
        Some("usi") => engine::cli::usi_main(&args[1..]),
        Some("bench") => engine::cli::bench_main(&args[1..]),
        Some("mate") => engine::cli::mate_main(&args[1..]),
        Some("book") => engine::cli::book_main(&args[1..]),
        Some("tune") => engine::cli::tune_main(&args[1..]),
        Some("eval") => engine::cli::eval_main(&args[1..]),
        Some("-h") | Some("--help") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        None | Some("--engine") => run_app(&args),
        Some(other) if !other.starts_with('-') => run_app(&args),
        Some(other) => {
            eprintln!("shogiban: unknown option '{other}'\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

const SUBCOMMANDS: [&str; 8] = ["perft", "convert", "usi", "bench", "mate", "book", "tune", "eval"];

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

/// The terminal app: `[--engine "CMD ARGS"] [FILE]`, optionally opening a game file and using an
/// external USI engine instead of the built-in one.
fn run_app(args: &[String]) -> ExitCode {
    let mut file = None;
    let mut engine_cmd = None;
    let mut i = 0;
    while i < args.len() {
        if args[i] == "--engine" {
            match args.get(i + 1) {
                Some(c) => engine_cmd = Some(c.clone()),
                None => {
                    eprintln!("shogiban: --engine needs a command");
                    return ExitCode::from(2);
                }
            }
            i += 2;
        } else if file.is_none() {
            file = Some(args[i].clone());
            i += 1;
        } else {
            eprintln!("shogiban: unexpected argument '{}'\n{USAGE}", args[i]);
            return ExitCode::from(2);
        }
    }
    let loaded = shogiban::tui::settings::load_default();
    let engine_cmd = engine_cmd.or_else(|| loaded.settings.engine_command.clone());
    let engine = match engine_cmd {
        None => shogiban::tui::engine_link::EngineLink::start(),
        Some(cmd) => {
            let mut words = cmd.split_whitespace().map(String::from);
            let path = words.next().unwrap_or_default();
            let rest: Vec<String> = words.collect();
            match shogiban::tui::engine_link::EngineLink::start_external(
                &path,
                &rest,
                &loaded.settings.engine_options,
            ) {
                Ok(e) => e,
                Err(e) => {
                    eprintln!("shogiban: {e}");
                    return ExitCode::from(1);
                }
            }
        }
    };
    let mut app = match shogiban::tui::open(file.as_deref().map(std::path::Path::new)) {
        Ok(app) => app,
        Err(e) => {
            eprintln!("shogiban: {e}");
            return ExitCode::from(1);
        }
    };
    app.set_settings(loaded.settings);
    // https://no-color.org: any non-empty value turns colour off
    app.set_no_color(std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()));
    if let Some(m) = loaded.message {
        app.set_message(m);
    }
    match shogiban::tui::run(app, engine, loaded.file) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("shogiban: terminal error: {e}");
            ExitCode::from(1)
        }
    }
}

fn cmd_perft(args: &[String]) -> ExitCode {
    let mut depth = None;
    let mut sfen = None;
    let mut divide = false;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--divide" => divide = true,
            "--sfen" => {
                sfen = Some(engine::cli::sfen_option(args, &mut i));
                continue;
            }
            a => match a.parse::<u32>() {
                Ok(d) if depth.is_none() => depth = Some(d),
                _ => {
                    eprintln!("shogiban perft: unexpected argument '{a}'");
                    return ExitCode::from(2);
                }
            },
        }
        i += 1;
    }
    let Some(depth) = depth else {
        eprintln!("shogiban perft: missing depth\n{USAGE}");
        return ExitCode::from(2);
    };
    let mut pos = match sfen {
        None => Position::startpos(),
        Some(s) => match Position::from_sfen_allow_extra_pieces(&s) {
            Ok(p) => {
                if let Err(e) = p.check_piece_totals() {
                    eprintln!("warning: {e} (more than one set has; counting anyway)");
                }
                p
            }
            Err(e) => {
                eprintln!("shogiban perft: invalid SFEN: {e}");
                return ExitCode::from(1);
            }
        },
    };
    let start = Instant::now();
    let mut text = String::new();
    let total = if divide {
        let mut total = 0;
        for (m, n) in perft::divide(&mut pos, depth) {
            text.push_str(&format!("{}: {}\n", m.usi(), n));
            total += n;
        }
        total
    } else {
        perft::perft(&mut pos, depth)
    };
    let el = start.elapsed();
    let secs = el.as_secs_f64().max(1e-9);
    text.push_str(&format!(
        "total: {total}\ntime_ms: {}\nnps: {}\n",
        el.as_millis(),
        (total as f64 / secs) as u64
    ));
    // A closed pipe (e.g. `| head`) is not an error worth a panic.
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    ExitCode::SUCCESS
}
