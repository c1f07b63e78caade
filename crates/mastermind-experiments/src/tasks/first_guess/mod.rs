//! Snyder's Table 1 as an experiment kind: the exact expected share of the code set left after a
//! first guess of each colour pattern, for the games a spec lists, beside the thesis's values.
//!
//! The computation is exact (no randomness), so the "matches" column is a real check of the
//! implementation: the 4x6 values must agree with the thesis to every printed digit.

pub mod report;
pub mod spec;

use crate::error::{Context, Result};
use crate::tasks::executor::Kind;
use crate::tasks::{Rendered, ReportContext};
use mastermind_players::families::importance::first_guess_table;
use spec::FirstGuessPlan;

crate::record! {
    /// One colour pattern of one game's table.
    #[derive(Debug, Clone, PartialEq)]
    pub struct PatternRow {
        /// Pegs of the game.
        pub pegs: u32,
        /// Colours of the game.
        pub colours: u32,
        /// The colour pattern (`AABC`).
        pub pattern: String,
        /// Distinct colours in the pattern.
        pub distinct_colours: u32,
        /// A code of the pattern.
        pub representative: String,
        /// Codes of the game with the pattern.
        pub codes: u64,
        /// The expected share of the code set still consistent after it.
        pub expected_share: f64,
    }
}

impl Kind for FirstGuessPlan {
    /// The index of a game in the plan.
    type Unit = usize;
    type Row = PatternRow;

    fn units(&self) -> Vec<usize> {
        (0..self.games.len()).collect()
    }

    /// The table is exact: the identity is the game's index, and the seed goes unused.
    fn identity(&self, &unit: &usize) -> Vec<u64> {
        vec![unit as u64]
    }

    fn run_unit(&self, &unit: &usize, _seed: u64) -> Result<Vec<PatternRow>> {
        let game = self.games[unit];
        let rows = first_guess_table(game).with_context(|| format!("tabulating {game}"))?;
        Ok(rows
            .into_iter()
            .map(|row| PatternRow {
                pegs: u32::from(game.pegs()),
                colours: u32::from(game.colours()),
                pattern: row.pattern.to_string(),
                distinct_colours: row.pattern.distinct_colours() as u32,
                representative: row.representative.to_string(),
                codes: row.codes,
                expected_share: row.expected_share,
            })
            .collect())
    }

    fn report(&self, ctx: &ReportContext<'_>, rows: Vec<PatternRow>) -> Result<Rendered> {
        report::render(ctx, self, &rows)
    }
}
