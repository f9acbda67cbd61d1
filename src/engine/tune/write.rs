//! Writes a parameter vector out as `src/engine/eval/tuned.rs`.

use super::layout::*;
use std::fmt::Write;

fn round(x: f64) -> i16 {
    x.round().clamp(i16::MIN as f64, i16::MAX as f64) as i16
}

/// A table of rows of `width` values, `per_line` values to a line.
fn rows(out: &mut String, v: &[f64], width: usize, indent: &str) {
    for row in v.chunks(width) {
        out.push_str(indent);
        out.push('[');
        for (i, x) in row.iter().enumerate() {
            if i > 0 && i % 27 == 0 {
                write!(out, "\n{indent} ").unwrap();
            } else if i > 0 {
                out.push(' ');
            }
            write!(out, "{},", round(*x)).unwrap();
        }
        out.push_str("],\n");
    }
}

/// The text of `tuned.rs` for parameters `theta`; `provenance` says how they were obtained.
pub fn tuned_rs(theta: &[f64], provenance: &str) -> String {
    let mut o = String::new();
    o.push_str(
        "//! Evaluation tables fitted by `shogiban tune` (generated: edit `params.rs` or re-run the fit,\n\
         //! not this file). Values in centipawns; squares are indexed as their owner sees the board\n\
         //! (`Square::index` of the square for sente, of the turned square for gote).\n\
         //!\n\
         //! - `PSQ[kind][square]`: piece-square term added to the board value of `params.rs`.\n\
         //! - `CASTLE[silver|gold|king][strategy][square]`: castle-building (駒組み) term.\n\
         //! - `HAND[kind][count]`: value of holding `count` pieces of `kind` (pawn count 0 is the\n\
         //!   歩切れ penalty).\n\
         //! - `ATTACK`, `DEFEND` `[row][file distance]`: 攻め駒・守り駒 bonus of a gold-like piece or\n\
         //!   silver by its place relative to the enemy / own king, at full endgame degree.\n\
         //! - `REL_OWN`, `REL_ENEMY` `[kind][row × 9 + file distance]`: every piece by its place\n\
         //!   relative to its own / the enemy king (rows as in `eval::rel_offset`).\n\
         //! - `KING_DANGER[units]`, `NO_ESCAPE`: king safety; `DEGREE_DIFF`: per unit of endgame\n\
         //!   degree difference; `TEMPO`: side to move.\n//!\n",
    );
    for line in provenance.lines() {
        writeln!(o, "//! {line}").unwrap();
    }
    o.push('\n');
    let table = |o: &mut String, name: &str, ty: &str, at: usize, len: usize, width: usize| {
        writeln!(o, "pub static {name}: {ty} = [").unwrap();
        rows(o, &theta[at..at + len], width, "    ");
        o.push_str("];\n\n");
    };
    table(&mut o, "PSQ", "[[i16; 81]; 15]", PSQ, 15 * 81, 81);
    writeln!(o, "pub static CASTLE: [[[i16; 81]; 8]; 3] = [").unwrap();
    for k3 in 0..3 {
        o.push_str("    [\n");
        rows(&mut o, &theta[CASTLE + k3 * 8 * 81..CASTLE + (k3 + 1) * 8 * 81], 81, "        ");
        o.push_str("    ],\n");
    }
    o.push_str("];\n\n");
    table(&mut o, "HAND", "[[i16; 19]; 8]", HAND, 8 * HAND_LEN, HAND_LEN);
    table(&mut o, "ATTACK", "[[i16; 9]; 17]", ATTACK, REL, 9);
    table(&mut o, "DEFEND", "[[i16; 9]; 17]", DEFEND, REL, 9);
    table(&mut o, "REL_OWN", "[[i16; 153]; 15]", REL_OWN, 15 * REL, REL);
    table(&mut o, "REL_ENEMY", "[[i16; 153]; 15]", REL_ENEMY, 15 * REL, REL);
    let rel_used = theta[REL_OWN..DANGER].iter().any(|&x| round(x) != 0);
    writeln!(o, "/// Whether any king-relative entry is non-zero (if not, the evaluation skips them).")
        .unwrap();
    writeln!(o, "pub const REL_USED: bool = {rel_used};\n").unwrap();
    writeln!(o, "pub static KING_DANGER: [i16; {DANGER_LEN}] = ").unwrap();
    let mut danger = String::new();
    rows(&mut danger, &theta[DANGER..DANGER + DANGER_LEN], DANGER_LEN, "");
    o.push_str(danger.trim_end().trim_end_matches(','));
    o.push_str(";\n\n");
    writeln!(o, "pub const NO_ESCAPE: i32 = {};", round(theta[NO_ESCAPE])).unwrap();
    writeln!(o, "pub const DEGREE_DIFF: i32 = {};", round(theta[DEGREE_DIFF])).unwrap();
    writeln!(o, "pub const TEMPO: i32 = {};", round(theta[TEMPO_AT])).unwrap();
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writing out the tables the evaluation uses gives back `tuned.rs` line for line, past its
    /// header comment: every table is read (`layout::current`) and written in the same place and
    /// shape, so a fit cannot drop or garble a table.
    #[test]
    fn the_current_tables_round_trip_through_the_writer() {
        let body = |s: &str| s.lines().skip_while(|l| l.starts_with("//!")).collect::<Vec<_>>().join("\n");
        let written = tuned_rs(&current(), "provenance");
        let shipped = include_str!("../eval/tuned.rs");
        assert_eq!(body(&written), body(shipped));
    }
}
