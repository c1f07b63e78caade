//! Snyder's Table 1 as an experiment kind: the exact expected share of the code set left after a
//! first guess of each colour pattern, for the games a spec lists, beside the thesis's values.
//!
//! The computation is exact (no randomness), so the "matches" column is a real check of the
//! implementation: the 4x6 values must agree with the thesis to every printed digit.

pub mod report;
pub mod spec;

use crate::tasks::{Rendered, ReportContext, Task};
use anyhow::{Context, Result};
use indicatif::ProgressBar;
use mastermind_importance::first_guess_table;
use polars::prelude::{Column, DataFrame};
use spec::FirstGuessPlan;

impl Task for FirstGuessPlan {
    fn units(&self) -> u64 {
        self.games.len() as u64
    }

    /// One row per game and colour pattern: `pegs`, `colours`, `pattern`, `distinct_colours`,
    /// `representative`, `codes`, `expected_share`.
    fn run(&self, _seed: u64, bar: &ProgressBar) -> Result<DataFrame> {
        let mut pegs = Vec::new();
        let mut colours = Vec::new();
        let mut pattern = Vec::new();
        let mut distinct = Vec::new();
        let mut representative = Vec::new();
        let mut codes = Vec::new();
        let mut share = Vec::new();
        for game in &self.games {
            let rows = first_guess_table(*game).with_context(|| format!("tabulating {game}"))?;
            for row in rows {
                pegs.push(u32::from(game.pegs()));
                colours.push(u32::from(game.colours()));
                pattern.push(row.pattern.to_string());
                distinct.push(row.pattern.distinct_colours() as u32);
                representative.push(row.representative.to_string());
                codes.push(row.codes);
                share.push(row.expected_share);
            }
            bar.inc(1);
        }
        let n = pegs.len();
        DataFrame::new(
            n,
            vec![
                Column::new("pegs".into(), pegs),
                Column::new("colours".into(), colours),
                Column::new("pattern".into(), pattern),
                Column::new("distinct_colours".into(), distinct),
                Column::new("representative".into(), representative),
                Column::new("codes".into(), codes),
                Column::new("expected_share".into(), share),
            ],
        )
        .context("building the first-guess table")
    }

    fn report(&self, ctx: &ReportContext<'_>, frame: &DataFrame) -> Result<Rendered> {
        report::render(ctx, self, frame)
    }
}
