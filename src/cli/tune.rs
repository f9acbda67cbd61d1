//! `shogiban tune` (hidden: a developer tool): fits the evaluation tables, or plays self-play
//! games to make data for the fit. See `engine::tune` for the data format and the method.

use shogiban::engine::book::build::read_usi_games;
use shogiban::engine::tune::fit::FitOptions;
use shogiban::engine::tune::selfplay::SelfPlay;
use shogiban::engine::tune::{self, DEFAULT_OUT, Group, TuneRun};
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
