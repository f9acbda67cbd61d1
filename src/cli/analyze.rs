//! `shogiban analyze FILE… [--time MS] [--variations] [-o OUT]`: the whole-game analysis
//! (棋譜解析) of each record's main line (and with `--variations`, of every variation after it,
//! as the app's 棋譜解析 does), written into the record as ShogiHome-style comments (`*#評価値=`,
//! `*#読み筋=`, `【悪手】` …) with its moves, variations and other comments unchanged. A bar on
//! stderr shows the progress when stderr is a terminal; one line per file says what was done
//! either way. Each output keeps its input's format (`-o` with one input may
//! choose another by extension); without `-o` it goes beside the input as `NAME-analyzed.EXT`
//! (numbered when that exists). No input and no existing file is overwritten unless asked
//! (`--in-place`, `--force`): every output is decided, and any clash refused, before the first
//! analysis starts.

use shogiban::engine::analysis::game::{GameAnalysisOptions, Progress, Thresholds, analyse_game};
use shogiban::record::io::{Format, encode_for_file, write_file_atomically, write_text};
use shogiban::record::{RecordError, load_record};
use shogiban::study::{analyse_record, variation_lines, write_line_analysis};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Records to analyse (KIF, KI2, CSA or JKF: formats with comments)
    #[arg(value_name = "FILE", required = true)]
    files: Vec<PathBuf>,
    /// Thinking time per position, in milliseconds
    #[arg(long, value_name = "MS", default_value_t = 1000,
          value_parser = clap::value_parser!(u64).range(10..=600_000))]
    time: u64,
    /// Output: a file for one input (its extension picks the format), a directory for several
    /// (default: NAME-analyzed.EXT beside each input, or NAME-analyzed-2.EXT, … when that exists)
    #[arg(short, long, value_name = "OUT", conflicts_with = "in_place")]
    output: Option<PathBuf>,
    /// Replace output files that already exist (an input is replaced only with --in-place)
    #[arg(long)]
    force: bool,
    /// Write each analysis into its input file, replacing it
    #[arg(long)]
    in_place: bool,
    /// Expected-score losses (percentage points) for 緩手,疑問手,悪手,大悪手
    #[arg(long, value_name = "A,B,C,D", default_value = "5,10,20,50", value_parser = parse_thresholds)]
    thresholds: Thresholds,
    /// Also analyse every variation, after the main line
    #[arg(long)]
    variations: bool,
}

fn parse_thresholds(s: &str) -> Result<Thresholds, String> {
    let v: Vec<f64> = s
        .split(',')
        .map(|x| x.trim().parse::<f64>().map_err(|_| format!("'{x}' is not a number")))
        .collect::<Result<_, _>>()?;
    let t: [f64; 4] = v.try_into().map_err(|_| "give four numbers, e.g. 5,10,20,50".to_string())?;
    Thresholds::new(t).map_err(|e| e.to_string())
}

/// Where the analysis of `input` goes, and in which format. The default name beside the input
/// is the first of `NAME-analyzed.EXT`, `NAME-analyzed-2.EXT`, … that neither exists nor is
/// in `taken` (an earlier input's output in this run).
fn destination(a: &Args, input: &Path, taken: &[PathBuf]) -> PathBuf {
    match &a.output {
        _ if a.in_place => input.to_path_buf(),
        Some(o) if a.files.len() == 1 && !o.is_dir() => o.clone(),
        Some(dir) => dir.join(input.file_name().unwrap_or_default()),
        None => {
            let stem = input.file_stem().and_then(|s| s.to_str()).unwrap_or("record");
            let ext = input.extension().and_then(|s| s.to_str()).unwrap_or("kifu");
            let name = |n: u32| match n {
                1 => format!("{stem}-analyzed.{ext}"),
                n => format!("{stem}-analyzed-{n}.{ext}"),
            };
            (1..)
                .map(|n| input.with_file_name(name(n)))
                .find(|p| (a.force || !p.exists()) && !taken.iter().any(|t| same_place(t, p)))
                .expect("some numbered name is free")
        }
    }
}

/// The format the analysis of `input` is written in at `path`: one that keeps comments.
fn output_format(input: &Path, path: &Path) -> Result<Format, String> {
    let in_format = Format::from_path(input).unwrap_or(Format::Kifu);
    let format = Format::from_path(path).unwrap_or(in_format);
    if matches!(format, Format::Usi | Format::Sfen) {
        return Err(format!(
            "{}: {} has no comments to keep an analysis in; write KIF, KI2, CSA or JKF (-o NAME.kif)",
            path.display(),
            if format == Format::Usi { "USI" } else { "SFEN" }
        ));
    }
    Ok(format)
}

/// The output of every input, decided before anything is analysed: an input is never
/// overwritten without `--in-place`, nor an existing file without `--force`, and no two inputs
/// write to one file. Any clash is a usage error naming the files.
fn plan(a: &Args) -> Result<Vec<PathBuf>, String> {
    let mut outs: Vec<PathBuf> = Vec::new();
    for input in &a.files {
        let out = destination(a, input, &outs);
        if let Some(i) = outs.iter().position(|t| same_place(t, &out)) {
            return Err(format!(
                "{} and {} would both be written to {}; analyse them into different folders",
                a.files[i].display(),
                input.display(),
                out.display()
            ));
        }
        if !a.in_place {
            if let Some(other) = a.files.iter().find(|f| same_place(f, &out)) {
                return Err(if same_place(other, input) {
                    format!(
                        "{} would overwrite its input; --in-place writes the analysis into it",
                        out.display()
                    )
                } else {
                    format!("{} is also an input; it is not overwritten", out.display())
                });
            }
            if out.exists() && !a.force {
                return Err(format!("{} exists; --force replaces it, or choose another -o", out.display()));
            }
        }
        outs.push(out);
    }
    Ok(outs)
}

/// Whether two paths name one file (also one not made yet): the same file where it exists,
/// else the same name in the same folder.
fn same_place(a: &Path, b: &Path) -> bool {
    fn place(p: &Path) -> Option<PathBuf> {
        if let Ok(c) = p.canonicalize() {
            return Some(c);
        }
        let dir = p.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
        Some(dir.canonicalize().ok()?.join(p.file_name()?))
    }
    match (place(a), place(b)) {
        (Some(x), Some(y)) => x == y,
        _ => a == b,
    }
}

pub fn run(a: Args) -> ExitCode {
    if a.files.len() > 1
        && let Some(o) = &a.output
        && !o.is_dir()
    {
        say!("shogiban analyze: with several files, -o must be an existing directory ({})", o.display());
        return ExitCode::from(2);
    }
    let outputs = match plan(&a) {
        Ok(o) => o,
        Err(e) => {
            say!("shogiban analyze: {e}");
            return ExitCode::from(2);
        }
    };
    let opt = GameAnalysisOptions { movetime_ms: a.time, thresholds: a.thresholds, ..Default::default() };
    let mut failed = 0;
    let bar = std::io::stderr().is_terminal().then_some(ProgressBar);
    // on a terminal each result line replaces the bar drawn in place
    let erase = if bar.is_some() { "\r\x1b[K" } else { "" };
    for (i, (input, out)) in a.files.iter().zip(outputs).enumerate() {
        let label = format!("[{}/{}] {}", i + 1, a.files.len(), input.display());
        match analyse_file(&a, input, out, &opt, &label, bar) {
            Ok(done) => say!(
                "{erase}{label}: {} positions, {} marked moves, written to {}",
                done.positions,
                done.marks,
                done.out.display()
            ),
            Err(e) => {
                say!("{erase}{label}: {e}");
                failed += 1;
            }
        }
    }
    if failed > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS }
}

/// What one file's analysis did.
struct Done {
    out: PathBuf,
    positions: usize,
    marks: usize,
}

fn analyse_file(
    a: &Args,
    input: &Path,
    out: PathBuf,
    opt: &GameAnalysisOptions,
    label: &str,
    bar: Option<ProgressBar>,
) -> Result<Done, String> {
    let format = output_format(input, &out)?;
    let (mut record, warnings) = load_record(input).map_err(|e| e.to_string())?;
    if let Some(w) = warnings.iter().find(|w| w.is_error()) {
        return Err(format!("not analysed, the record has an error: {w}"));
    }
    let stop = Arc::new(AtomicBool::new(false));
    let show = |what: &str, p: &Progress<'_>| {
        if let Some(b) = bar {
            b.draw(what, p)
        }
    };
    let analysis = analyse_record(&mut record, opt, &stop, |p| show(label, &p));
    let mut marks = analysis.judgements.iter().filter(|j| j.mark.is_some()).count();
    let mut positions = analysis.evals.len();
    if a.variations {
        let lines = variation_lines(&record);
        for (i, (from, nodes)) in lines.iter().enumerate() {
            let start = record.position_at(*from);
            let moves: Vec<_> = nodes.iter().map(|&n| record.node(n).mv).collect();
            let what = format!("{label} 変化 {}/{}", i + 1, lines.len());
            let line = analyse_game(&start, &moves, opt, &stop, |p| show(&what, &p));
            write_line_analysis(&mut record, nodes, &line);
            marks += line.judgements.iter().filter(|j| j.mark.is_some()).count();
            // the line's first position is the main line's, already counted
            positions += line.evals.len().saturating_sub(1);
        }
    }
    let text = write_text(&record, format);
    let (bytes, lossy) = encode_for_file(&text, format.file_encoding());
    write_file_atomically(&out, &bytes).map_err(|e: RecordError| e.to_string())?;
    for mut w in lossy {
        w.file = Some(out.display().to_string());
        say!("\r\x1b[K{w}");
    }
    Ok(Done { out, positions, marks })
}

/// The progress bar, drawn only when stderr is a terminal (a redirected stderr gets the result
/// lines alone).
#[derive(Copy, Clone)]
struct ProgressBar;

impl ProgressBar {
    /// `label [#########.........] 57/116 +350`, redrawn in place on stderr.
    fn draw(self, label: &str, p: &Progress<'_>) {
        const WIDTH: usize = 30;
        let done = p.ply + 1;
        let filled = done * WIDTH / p.total.max(1);
        let bar: String = "#".repeat(filled) + &".".repeat(WIDTH - filled);
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "\r\x1b[K{label} [{bar}] {done}/{} {}", p.total, p.eval.score.text());
        let _ = err.flush();
    }
}
