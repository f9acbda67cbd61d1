//! `shogiban tune`: fits the evaluation tables (`tuned.rs`) to positions scored by a stronger
//! engine (made with `tools/tune_data.py`), or writes the hand-set starting values.
//!
//! ```text
//! shogiban tune --prior [-o FILE]
//! shogiban tune [--results] [--iterations N] [--lambda X] [--k K] [--rate R] [--scale S]
//!               [--freeze tempo,degree,rel,danger,psq,castle,hand,distance] [-o FILE] DATA...
//! shogiban tune selfplay --games N [--nodes N] [--threads T] [--seed S] [--openings FILE] -o OUT
//! shogiban tune rescore [--nodes N] [--every K] [--threads T] -o OUT DATA
//! shogiban tune games -o OUT RECORD...
//! shogiban tune kp [--mix X] [--epochs N] [--l2 X] [--rate R] [--k K] [--from-zero] -o OUT DATA...
//! shogiban tune net [--mix X] [--epochs N] [--l2 X] [--rate R] [--k K] [--from-zero] [--seed S] -o OUT DATA...
//! ```
//!
//! `tune rescore` labels self-play data again with a deeper search; see `rescore`. `tune games`
//! writes the positions of played games (records of matches against other engines) in the same
//! columns, labelled by their results alone; see `games`.
//! `tune kp` learns the king-piece tables (`eval::kp`) on their own; see `kp`. `tune net` learns
//! the king-piece network (`eval::net`) on top of everything else; see `net`.
//!
//! With `--results` the score column is a game result for the side to move (1, 0.5, 0; what
//! `tune selfplay` writes) and the fit is texel's: σ(eval / k) against the results, k fitted
//! to the data unless given.
//!
//! DATA lines are `SFEN<TAB>score[<TAB>bestmove<TAB>quiet]`; positions whose `quiet` field is 0
//! (the best move captures or promotes), in check, or scored as a mate are skipped. One block of
//! 500 lines in ten of each file is kept aside to measure the fit on positions it did not see
//! (blocks, not single positions: neighbouring positions of one game are nearly the same). The
//! blocks are counted per file, so a file given twice (to weigh it more) is held out in the same
//! places in both copies, and no held-out position is trained on through the other copy.

pub mod elo_fit;
pub mod fit;
pub mod games;
pub mod kp;
pub mod layout;
pub mod levels;
pub mod net;
pub mod rescore;
pub mod selfplay;
pub mod write;

use crate::core::{Position, SfenError};
use fit::{FitOptions, Sample};

/// Why a fit or a self-play run stopped.
#[derive(Debug, thiserror::Error)]
pub enum TuneError {
    #[error("cannot read {path}: {source}")]
    Read { path: String, source: std::io::Error },
    /// A malformed line of a data file (1-based line number).
    #[error("{path}:{line}: {problem}")]
    Data { path: String, line: usize, problem: DataProblem },
    #[error("no data files given")]
    NoData,
    #[error("--results needs results 0, 0.5 or 1 in the second column")]
    NotResults,
    #[error("cannot open {path}: {source}")]
    Open { path: String, source: std::io::Error },
    #[error("cannot write {path}: {source}")]
    Write { path: String, source: std::io::Error },
}

/// What is wrong with a line of a data file.
#[derive(Debug, PartialEq, thiserror::Error)]
pub enum DataProblem {
    #[error("bad SFEN: {0}")]
    Sfen(SfenError),
    #[error("no score")]
    NoScore,
    #[error("bad score")]
    BadScore,
}

/// Parses the data files into samples; malformed lines are reported with file and line.
pub fn load(paths: &[String]) -> Result<Vec<Sample>, TuneError> {
    let mut samples = Vec::new();
    for path in paths {
        let text =
            std::fs::read_to_string(path).map_err(|source| TuneError::Read { path: path.clone(), source })?;
        for (n, line) in text.lines().enumerate() {
            let f: Vec<&str> = line.split('\t').collect();
            if line.trim().is_empty() {
                continue;
            }
            let bad = |problem| TuneError::Data { path: path.clone(), line: n + 1, problem };
            let pos = Position::from_sfen(f[0]).map_err(|e| bad(DataProblem::Sfen(e)))?;
            let score: f64 = f
                .get(1)
                .ok_or_else(|| bad(DataProblem::NoScore))?
                .parse()
                .map_err(|_| bad(DataProblem::BadScore))?;
            if f.get(3) == Some(&"0") || score.abs() >= 3000.0 || pos.in_check() {
                continue;
            }
            let held_out = n / 500 % 10 == 0;
            samples.push(Sample { features: layout::features(&pos), score, held_out });
        }
    }
    Ok(samples)
}

/// Which groups of weights a fit leaves as they are (`--freeze`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    Tempo,
    Degree,
    Rel,
    Danger,
    Psq,
    Castle,
    Hand,
    Distance,
}

impl Group {
    /// Every group with its name (as `--freeze` takes it).
    pub const NAMES: [(&'static str, Group); 8] = [
        ("tempo", Group::Tempo),
        ("degree", Group::Degree),
        ("rel", Group::Rel),
        ("danger", Group::Danger),
        ("psq", Group::Psq),
        ("castle", Group::Castle),
        ("hand", Group::Hand),
        ("distance", Group::Distance),
    ];
}

/// A fit's settings, as `shogiban tune` takes them.
pub struct TuneRun {
    /// Where the generated `tuned.rs` goes.
    pub out: String,
    /// Write the hand-set starting values instead of fitting.
    pub prior_only: bool,
    /// The data files.
    pub files: Vec<String>,
    pub freeze: Vec<Group>,
    pub options: FitOptions,
    /// `options.k` was given (with `results`, it is fitted to the data otherwise).
    pub k_given: bool,
}

/// The default output of `shogiban tune`.
pub const DEFAULT_OUT: &str = "src/engine/eval/tuned.rs";

/// Fits the tables (or writes the prior) and writes the generated source to `run.out`, printing
/// progress on stdout.
pub fn run(run: TuneRun) -> Result<(), TuneError> {
    let TuneRun { out, prior_only, files, freeze, options: mut o, k_given } = run;
    let prior = layout::prior();
    if prior_only {
        return save(
            &out,
            &write::tuned_rs(&prior, "Values: the hand-set starting point (`shogiban tune --prior`)."),
        );
    }
    if files.is_empty() {
        return Err(TuneError::NoData);
    }
    let samples = load(&files)?;
    if o.results && samples.iter().any(|s| !(0.0..=1.0).contains(&s.score)) {
        return Err(TuneError::NotResults);
    }
    let (test, train): (Vec<Sample>, Vec<Sample>) = samples.into_iter().partition(|s| s.held_out);
    let mut theta = layout::current();
    if o.results {
        if !k_given {
            o.k = fit::fit_k(&train, &theta);
        }
        println!("{} training positions, {} held out; k {}", train.len(), test.len(), o.k);
    } else {
        if o.scale == 0.0 {
            o.scale = fit::fit_scale(&train, &theta, o.k);
        }
        println!(
            "{} training positions, {} held out; reference scale {:.2}",
            train.len(),
            test.len(),
            o.scale
        );
    }
    println!(
        "loss before: train {:.5}  held out {:.5}",
        fit::loss(&train, &theta, &o),
        fit::loss(&test, &theta, &o)
    );
    // not identifiable: the value of holding none of a kind cancels between the sides (and the
    // unused kind 0)
    let mut frozen = vec![false; layout::LEN];
    for group in &freeze {
        match group {
            Group::Tempo => frozen[layout::TEMPO_AT] = true,
            Group::Degree => frozen[layout::DEGREE_DIFF] = true,
            Group::Rel => frozen[layout::REL_OWN..layout::DANGER].iter_mut().for_each(|f| *f = true),
            Group::Danger => frozen[layout::DANGER..layout::DEGREE_DIFF].iter_mut().for_each(|f| *f = true),
            Group::Psq => frozen[layout::PSQ..layout::CASTLE].iter_mut().for_each(|f| *f = true),
            Group::Castle => frozen[layout::CASTLE..layout::HAND].iter_mut().for_each(|f| *f = true),
            Group::Hand => frozen[layout::HAND..layout::ATTACK].iter_mut().for_each(|f| *f = true),
            Group::Distance => frozen[layout::ATTACK..layout::REL_OWN].iter_mut().for_each(|f| *f = true),
        }
    }
    for kind in 0..8 {
        frozen[layout::HAND + kind * layout::HAND_LEN] = true;
    }
    for v in &mut frozen[layout::HAND..layout::HAND + layout::HAND_LEN] {
        *v = true;
    }
    fit::fit(&train, &mut theta, &prior, &frozen, &o, |it, mse| {
        println!("iteration {it}: mean squared error {mse:.5}");
    });
    let (lt, lh) = (fit::loss(&train, &theta, &o), fit::loss(&test, &theta, &o));
    println!("loss after:  train {lt:.5}  held out {lh:.5}");
    let source = if o.results {
        "labelled with the results of our own self-play games (texel)"
    } else {
        "scored by Fairy-Stockfish (depth 8)"
    };
    let provenance = format!(
        "Values: fitted to {} positions {source},\n\
         from the values before (k {}, reference scale {:.2}, lambda {:e}, {} iterations of Adam\n\
         at rate {}); held-out loss {:.5}.",
        train.len(),
        o.k,
        o.scale,
        o.lambda,
        o.iterations,
        o.rate,
        lh
    );
    save(&out, &write::tuned_rs(&theta, &provenance))
}

fn save(path: &str, text: &str) -> Result<(), TuneError> {
    let tmp = format!("{path}.tmp");
    std::fs::write(&tmp, text)
        .and_then(|_| std::fs::rename(&tmp, path))
        .map_err(|source| TuneError::Write { path: path.to_string(), source })?;
    println!("wrote {path}");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::layout::{current, features};
    use crate::core::Position;
    use crate::engine::eval::{EvalTables, evaluate};

    /// The features reproduce the evaluation with the current tables (up to the rounding of the
    /// degree-scaled terms, which the evaluation divides in integers).
    #[test]
    fn features_agree_with_the_evaluation() {
        let theta = current();
        for sfen in [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "lnsgk2nl/1r4gs1/p1pppp1pp/6p2/1p7/2P6/PP1PPPPPP/1S5R1/LN1GKGSNL w Bb 1",
            "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
            "ln3gsn1/7kl/3+B1p1p1/p4s2p/2P6/P2B3PP/1PNP+rPP2/2G3SK1/L4G1NL b G3Prs3p 65",
            "ln2rg1nl/1s1g1skb1/p1lp1p2p/4p1P2/2S2P1p1/1R6P/P1PPBS1P1/6G2/+nNG4KL w 3P2p 58",
            "ln1g1g1nl/2sk1s1r1/ppppp1bpp/5pp2/7P1/2P2P3/PPNPP1P1P/1B2GS1R1/L1SK1G1NL w - 16",
        ] {
            let pos = Position::from_sfen(sfen).unwrap();
            let want = evaluate(&pos, &EvalTables::new(&pos)) as f64;
            let got = features(&pos).eval(&theta);
            assert!((want - got).abs() <= 2.0, "{sfen}: eval {want}, features {got}");
        }
    }

    #[test]
    fn data_files_are_read_and_bad_lines_reported() {
        let dir = std::env::temp_dir().join(format!("shogiban-tune-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("good.lab");
        std::fs::write(
            &good,
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\t-40\t3c3d\t1\n\
             lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\t-40\t3c3d\t0\n\
             lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\t30000\t3c3d\t1\n",
        )
        .unwrap();
        // the capture/promotion position and the mate score are skipped
        assert_eq!(super::load(&[good.display().to_string()]).unwrap().len(), 1);
        let bad = dir.join("bad.lab");
        std::fs::write(&bad, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\tten\n")
            .unwrap();
        let e = super::load(&[bad.display().to_string()]).err().unwrap();
        assert!(matches!(e, super::TuneError::Data { line: 1, problem: super::DataProblem::BadScore, .. }));
        assert!(e.to_string().ends_with("bad.lab:1: bad score"), "{e}");
        std::fs::write(&bad, "not a position\t10\n").unwrap();
        let e = super::load(&[bad.display().to_string()]).err().unwrap();
        assert!(e.to_string().contains("bad.lab:1: bad SFEN"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Held-out blocks are counted by line within each file: the two copies of a file given
    /// twice are held out in the same places.
    #[test]
    fn held_out_blocks_are_per_file() {
        let dir = std::env::temp_dir().join(format!("shogiban-tune-blocks-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let line = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\t1\t3c3d\t1\n";
        let a = dir.join("a.tsv");
        std::fs::write(&a, line.repeat(700)).unwrap();
        let a = a.display().to_string();
        let s = super::load(&[a.clone(), a]).unwrap();
        assert_eq!(s.len(), 1400);
        let held: Vec<bool> = s.iter().map(|x| x.held_out).collect();
        // lines 0..500 of each copy are held out, 500..700 are not
        assert!(held[..500].iter().all(|&h| h) && held[500..700].iter().all(|&h| !h));
        assert_eq!(held[..700], held[700..]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
