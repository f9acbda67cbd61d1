//! Speed of the whole-game analysis: `assets/sample.kifu` (115 moves) at 100 ms a position in
//! under 20 s. Run in release: `cargo test --release --test engine analysis_speed -- --ignored`.

use shogiban::engine::analysis::game::GameAnalysisOptions;
use shogiban::record::io::{Format, read_text};
use shogiban::study::analyse_record;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

#[test]
#[ignore = "a timing: run in release"]
fn sample_game_at_100_ms_a_move_in_under_20_s() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/sample.kifu")).unwrap();
    let (mut rec, _) = read_text(&text, Format::Kifu).unwrap();
    assert_eq!(rec.main_line().len(), 115);
    let opt = GameAnalysisOptions { movetime_ms: 100, ..Default::default() };
    let t = Instant::now();
    let mut done = 0;
    let a = analyse_record(&mut rec, &opt, &Arc::new(AtomicBool::new(false)), |_| done += 1);
    let secs = t.elapsed().as_secs_f64();
    let marks = a.judgements.iter().filter(|j| j.mark.is_some()).count();
    eprintln!("116 positions in {secs:.1} s, {marks} marked moves");
    assert_eq!(done, 116);
    assert!(secs < 20.0, "took {secs:.1} s");
}
