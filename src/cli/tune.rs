//! `shogiban tune` (hidden: a developer tool): fits the evaluation tables, or plays self-play
//! games to make data for the fit. See `engine::tune` for the data format and the method.

use shogiban::engine::book::build::read_usi_games;
use shogiban::engine::levels::Level;
use shogiban::engine::tune::fit::FitOptions;
use shogiban::engine::tune::games::{GameResult, PlayedGame};
use shogiban::engine::tune::selfplay::SelfPlay;
use shogiban::engine::tune::{self, DEFAULT_OUT, Group, TuneRun};
use shogiban::record::{Outcome, load_all_records};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Args {
    #[command(subcommand)]
    selfplay: Option<TuneCommand>,
    /// Write the hand-set starting values instead of fitting
    #[arg(long)]
    prior: bool,
    /// The score column holds game results (1, 0.5, 0) for the side to move: texel's fit
    #[arg(long)]
    results: bool,
    #[arg(long, default_value_t = 600)]
    iterations: usize,
    /// Pull towards the prior, per centipawn of difference
    #[arg(long, default_value_t = 2e-7)]
    lambda: f64,
    /// Centipawns per unit of logit (fitted to the data with --results unless given)
    #[arg(long)]
    k: Option<f64>,
    /// Adam step size in centipawns
    #[arg(long, default_value_t = 1.0)]
    rate: f64,
    /// The reference engine's scale (0: fitted)
    #[arg(long, default_value_t = 0.0)]
    scale: f64,
    /// Groups of weights to leave as they are
    #[arg(long, value_delimiter = ',', value_parser = group_parser())]
    freeze: Vec<Group>,
    /// Where the generated source goes
    #[arg(short, long, default_value = DEFAULT_OUT)]
    output: String,
    /// Data files: `SFEN<TAB>score[<TAB>bestmove<TAB>quiet]` lines
    #[arg(value_name = "DATA", required_unless_present = "prior")]
    data: Vec<String>,
}

#[derive(clap::Subcommand)]
enum TuneCommand {
    /// Play self-play games and append their positions, labelled with the result, to OUT
    Selfplay {
        #[arg(long)]
        games: usize,
        /// Nodes per move
        #[arg(long, default_value_t = 10_000)]
        nodes: u64,
        /// Random seed (default: drawn from the clock, so a resumed run plays new games)
        #[arg(long)]
        seed: Option<u64>,
        /// Games played at once (default: every core)
        #[arg(long)]
        threads: Option<usize>,
        /// USI games to start from (as the book builder reads them)
        #[arg(long)]
        openings: Option<PathBuf>,
        #[arg(short, long, value_name = "OUT")]
        output: String,
    },
    /// Label self-play data again with a deeper search (every K-th line; resumable through OUT)
    Rescore {
        /// Nodes per position
        #[arg(long, default_value_t = 100_000)]
        nodes: u64,
        /// Take every K-th line of DATA
        #[arg(long, default_value_t = 1)]
        every: usize,
        /// Positions searched at once (default: every core)
        #[arg(long)]
        threads: Option<usize>,
        #[arg(short, long, value_name = "OUT")]
        output: String,
        /// A data file written by `tune selfplay`
        #[arg(value_name = "DATA")]
        data: String,
    },
    /// Append the positions of played games (records in any format) to OUT, labelled by their
    /// results alone: what the fits learn from games against other engines
    Games {
        #[arg(short, long, value_name = "OUT")]
        output: String,
        /// Game records (a CSA file may hold several games)
        #[arg(value_name = "RECORD", required = true)]
        records: Vec<PathBuf>,
    },
    /// Learn the king-piece tables from self-play data (positions with results and scores)
    Kp {
        /// Weight of the search score in the target; the rest is the game's result
        #[arg(long, default_value_t = 0.7)]
        mix: f64,
        #[arg(long, default_value_t = 8)]
        epochs: usize,
        /// L2 pull towards 0
        #[arg(long, default_value_t = 1e-8)]
        l2: f64,
        /// Adam step size in centipawns
        #[arg(long, default_value_t = 0.1)]
        rate: f64,
        /// Centipawns per unit of logit (default: fitted to the results)
        #[arg(long)]
        k: Option<f64>,
        /// Start from zero instead of the shipped tables
        #[arg(long)]
        from_zero: bool,
        /// Where the weights go
        #[arg(short, long, default_value = "assets/kp.bin")]
        output: String,
        /// Data files written by `tune selfplay`
        #[arg(value_name = "DATA", required = true)]
        data: Vec<String>,
    },
    /// Measure the levels' ratings: levels against each other and against an anchor engine
    /// (GNU Shogi = 1000), fitted together; resumable through the results file
    Levels(LevelsArgs),
    /// Learn the king-piece network from self-play data, on top of the rest of the evaluation
    Net {
        /// Weight of the search score in the target; the rest is the game's result
        #[arg(long, default_value_t = 0.7)]
        mix: f64,
        #[arg(long, default_value_t = 6)]
        epochs: usize,
        /// L2 pull of the feature weights towards 0
        #[arg(long, default_value_t = 1e-6)]
        l2: f64,
        /// Adam step size of the feature weights (the output weights take 500 times it, in centipawns)
        #[arg(long, default_value_t = 0.001)]
        rate: f64,
        /// Centipawns per unit of logit (default: fitted to the results)
        #[arg(long)]
        k: Option<f64>,
        /// Start from fresh random weights instead of the shipped network
        #[arg(long)]
        from_zero: bool,
        /// Seed of the random start and the shuffles
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Learn only the region and any-king rows, none for each king square
        #[arg(long)]
        no_king_squares: bool,
        /// Where the weights go
        #[arg(short, long, default_value = "assets/net.bin")]
        output: String,
        /// Data files written by `tune selfplay`
        #[arg(value_name = "DATA", required = true)]
        data: Vec<String>,
    },
}

/// `tune levels`: the measuring games and where they go.
#[derive(clap::Args)]
struct LevelsArgs {
    /// The anchor: a USI engine command
    #[arg(long, default_value = "tools/engines/gnushogi")]
    anchor: String,
    /// How the table names the anchor and its setting
    #[arg(long, default_value = "GNU Shogi 1.4.2, 1 s a move")]
    anchor_name: String,
    /// The anchor's time a move in milliseconds
    #[arg(long, default_value_t = 1000)]
    anchor_ms: u64,
    /// The levels that play the anchor (e.g. 3-7)
    #[arg(long, default_value = "3-7")]
    anchor_levels: String,
    /// Games for each pairing
    #[arg(long, default_value_t = 40)]
    games: usize,
    /// Games played at once (default: every core)
    #[arg(long)]
    jobs: Option<usize>,
    /// USI games from the start position to open from, each played with both colours
    #[arg(long, default_value = "assets/openings.txt")]
    openings: String,
    /// Finished games are appended here, and read back on resuming
    #[arg(long, default_value = "tools/results/level_games.tsv")]
    results: String,
    /// Fit the games in the results file without playing more
    #[arg(long)]
    fit_only: bool,
    /// Where the table goes
    #[arg(short, long, default_value = "assets/level_ratings.json")]
    output: String,
}

/// `3-7` (or one level, `5`): the levels from the first to the last.
fn parse_level_range(s: &str) -> Result<Vec<Level>, String> {
    let (lo, hi) = s.split_once('-').unwrap_or((s, s));
    let (lo, hi): (Level, Level) = (lo.parse()?, hi.parse()?);
    if lo > hi {
        return Err(format!("{s}: the first level is above the last"));
    }
    Ok(Level::all().filter(|l| *l >= lo && *l <= hi).collect())
}

/// `--freeze` values: the names of `Group::NAMES`.
fn group_parser() -> impl clap::builder::TypedValueParser<Value = Group> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(Group::NAMES.map(|(name, _)| name))
        .map(|s| Group::NAMES.iter().find(|(name, _)| *name == s).map(|&(_, g)| g).expect("a possible value"))
}

pub fn run(a: Args) -> ExitCode {
    if let Some(TuneCommand::Kp { mix, epochs, l2, rate, k, from_zero, output, data }) = a.selfplay {
        let fit = tune::kp::KpFit { mix, epochs, l2, rate, k, from_zero, files: data, out: output };
        return match tune::kp::run(&fit) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => super::fail("tune kp", e),
        };
    }
    if let Some(TuneCommand::Net {
        mix,
        epochs,
        l2,
        rate,
        k,
        from_zero,
        seed,
        no_king_squares,
        output,
        data,
    }) = a.selfplay
    {
        let king_squares = !no_king_squares;
        let fit = tune::net::NetFit {
            mix,
            epochs,
            l2,
            rate,
            k,
            from_zero,
            seed,
            king_squares,
            files: data,
            out: output,
        };
        return match tune::net::run(&fit) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => super::fail("tune net", e),
        };
    }
    if let Some(TuneCommand::Levels(l)) = a.selfplay {
        let anchor_levels = match parse_level_range(&l.anchor_levels) {
            Ok(l) => l,
            Err(e) => return super::fail("tune levels", e),
        };
        let openings = match read_usi_games(std::path::Path::new(&l.openings)) {
            Ok(o) => o,
            Err(e) => return super::fail("tune levels", e),
        };
        let jobs =
            l.jobs.unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1));
        println!("measuring the engine's bench signature...");
        let bench_signature =
            match shogiban::engine::bench::run_bench(shogiban::engine::bench::DEFAULT_DEPTH, |_| {}) {
                Ok(b) => b.nodes,
                Err(e) => return super::fail("tune levels", e),
            };
        let run = tune::levels::LevelsRun {
            anchor: l.anchor,
            anchor_name: l.anchor_name,
            anchor_ms: l.anchor_ms,
            anchor_levels,
            games: l.games,
            jobs,
            openings,
            results: l.results,
            out: Some(l.output),
            fit_only: l.fit_only,
            bench_signature,
        };
        return match tune::levels::run(&run) {
            Ok(_) => ExitCode::SUCCESS,
            Err(e) => super::fail("tune levels", e),
        };
    }
    if let Some(TuneCommand::Games { output, records }) = a.selfplay {
        let games = match read_played_games(&records) {
            Ok(g) => g,
            Err(e) => return super::fail("tune games", e),
        };
        return match tune::games::run(&games, &output) {
            Ok(r) => {
                println!(
                    "{} games, {} positions appended to {output} ({} without a result, {} read before, skipped)",
                    r.games, r.positions, r.unfinished, r.repeated
                );
                ExitCode::SUCCESS
            }
            Err(e) => super::fail("tune games", e),
        };
    }
    if let Some(TuneCommand::Rescore { nodes, every, threads, output, data }) = a.selfplay {
        let threads =
            threads.unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1));
        let r = tune::rescore::Rescore { nodes, every, threads, data, out: output };
        return match tune::rescore::run(&r) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => super::fail("tune rescore", e),
        };
    }
    if let Some(TuneCommand::Selfplay { games, nodes, seed, threads, openings, output }) = a.selfplay {
        let openings = match openings.map(|p| read_usi_games(&p)).transpose() {
            Ok(o) => o.unwrap_or_default(),
            Err(e) => return super::fail("tune selfplay", e),
        };
        let seed = seed.unwrap_or_else(tune::selfplay::fresh_seed);
        let threads =
            threads.unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1));
        let sp = SelfPlay { games, nodes, seed, threads, openings };
        return match tune::selfplay::run(&sp, &output) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => super::fail("tune selfplay", e),
        };
    }
    let options = FitOptions {
        k: a.k.unwrap_or(600.0),
        scale: a.scale,
        lambda: a.lambda,
        iterations: a.iterations,
        rate: a.rate,
        results: a.results,
    };
    let run = TuneRun {
        out: a.output,
        prior_only: a.prior,
        files: a.data,
        freeze: a.freeze,
        options,
        k_given: a.k.is_some(),
    };
    match tune::run(run) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => super::fail("tune", e),
    }
}

/// The main lines of the games in `records` (every format the program reads), with their
/// results; the first record that cannot be read is named.
fn read_played_games(records: &[PathBuf]) -> Result<Vec<PlayedGame>, String> {
    let mut games = Vec::new();
    for path in records {
        // the record layer's errors and warnings name the file
        let read = load_all_records(path).map_err(|e| e.to_string())?;
        for (record, warnings) in read {
            // what the lenient reader passed over (an illegal move ends the game there)
            for w in &warnings {
                say!("shogiban tune games: {w}");
            }
            let result = match record.outcome() {
                Outcome::Win(c) => GameResult::Win(c),
                Outcome::Draw => GameResult::Draw,
                Outcome::None => GameResult::Unfinished,
            };
            games.push(PlayedGame {
                initial: record.initial().clone(),
                moves: record.main_line_moves(),
                result,
            });
        }
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogiban::core::Color;

    /// A CSA game: sente resigns after twenty moves (gote wins).
    const GAME: &str = "V2.2\nN+a\nN-b\nPI\n+\n\
        +7776FU\n-3334FU\n+2726FU\n-8384FU\n+2625FU\n-8485FU\n+6978KI\n-4132KI\n\
        +2524FU\n-2324FU\n+2824HI\n-8586FU\n+8786FU\n-8286HI\n+2426HI\n-8682HI\n\
        +0087FU\n-0023FU\n+3938GI\n-7172GI\n%TORYO\n";

    #[test]
    fn played_games_are_read_with_their_results() {
        let dir = tempfile::tempdir().unwrap();
        let won = dir.path().join("won.csa");
        std::fs::write(&won, GAME).unwrap();
        let cut = dir.path().join("cut.csa");
        std::fs::write(&cut, GAME.replace("%TORYO", "%CHUDAN")).unwrap();
        let games = read_played_games(&[won, cut]).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].moves.len(), 20);
        assert_eq!(games[0].result, GameResult::Win(Color::White));
        assert_eq!(games[1].result, GameResult::Unfinished);
    }

    #[test]
    fn a_record_that_cannot_be_read_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("missing.csa");
        let e = read_played_games(&[missing]).err().unwrap();
        assert!(e.contains("missing.csa"), "{e}");
    }
}
