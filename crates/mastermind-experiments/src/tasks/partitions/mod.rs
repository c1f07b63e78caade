//! How each first guess splits the code set: for every colour pattern of first guess, the
//! number of parts, the largest part, the expected part size and the entropy of the split. These
//! are what Kooi's, Knuth's, Irving's and Neuwirth's rules maximise or minimise at the first
//! move, so the table shows why each picks its opening.
//!
//! The smallest kind, and the worked example of ARCHITECTURE.md: a spec, its validation, one
//! unit per game, a typed row, and a report.

use crate::error::{Context, Result};
use crate::spec::SpecError;
use crate::spec::scaled::Profile;
use crate::tasks::executor::Kind;
use crate::tasks::{PlanContext, Rendered, ReportContext, Validate};
use mastermind_core::{CodeSet, Game, PartitionCounter};
use mastermind_players::families::importance::ColourPattern;
use mastermind_report::table::{Table, num};
use serde::{Deserialize, Serialize};

/// The spec: the games to tabulate.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartitionsTask {
    /// The game sizes, each enumerated once per colour pattern.
    pub games: Vec<Game>,
}

/// The largest code space tabulated.
const MAX_CODES: u64 = 1 << 22;

impl Validate for PartitionsTask {
    type Plan = PartitionsTask;

    fn validate(&self, ctx: &PlanContext<'_>, _profile: Profile) -> Result<Self, SpecError> {
        ctx.check_listed("games", &self.games, "nothing to tabulate", "list game sizes")?;
        let hint = "every code is scored against each pattern's first guess";
        ctx.check_games("games", &self.games, MAX_CODES, "the table", hint)?;
        ctx.check_games_repeat("games", &self.games, "the partition table")?;
        Ok(self.clone())
    }
}

crate::record! {
    /// How one first guess splits one game's codes.
    #[derive(Debug, Clone, PartialEq)]
    pub struct PartitionRow {
        /// Pegs of the game.
        pub pegs: u32,
        /// Colours of the game.
        pub colours: u32,
        /// The first guess (the first code of its colour pattern).
        pub guess: String,
        /// Replies that some code gives: the parts of the split.
        pub parts: u32,
        /// The largest part.
        pub largest: u32,
        /// The expected size of the secret's part.
        pub expected_size: f64,
        /// The entropy of the split, in bits.
        pub entropy: f64,
    }
}

impl Kind for PartitionsTask {
    /// The index of a game.
    type Unit = usize;
    type Row = PartitionRow;

    fn units(&self) -> Vec<usize> {
        (0..self.games.len()).collect()
    }

    /// Nothing is random: the identity is the game's index, and the seed goes unused.
    fn identity(&self, &unit: &usize) -> Vec<u64> {
        vec![unit as u64]
    }

    fn run_unit(&self, &unit: &usize, _seed: u64) -> Result<Vec<PartitionRow>> {
        let game = self.games[unit];
        let codes = CodeSet::enumerate(game)?;
        let mut counter = PartitionCounter::new(game);
        let mut rows = Vec::new();
        for pattern in ColourPattern::all(game) {
            let guess = pattern.representative(game).context("a pattern without a code")?;
            let split = counter.stats(&guess, codes.codes());
            rows.push(PartitionRow {
                pegs: u32::from(game.pegs()),
                colours: u32::from(game.colours()),
                guess: guess.to_string(),
                parts: split.parts,
                largest: split.largest,
                expected_size: split.expected_size(),
                entropy: split.entropy(),
            });
        }
        Ok(rows)
    }

    fn report(&self, ctx: &ReportContext<'_>, rows: Vec<PartitionRow>) -> Result<Rendered> {
        let mut rendered = Rendered::default();
        for game in &self.games {
            let of_game = rows
                .iter()
                .filter(|r| (r.pegs, r.colours) == (game.pegs().into(), game.colours().into()));
            let header = ["First guess", "Parts", "Largest part", "Expected size", "Entropy"];
            let mut table = Table::new(
                format!("{}: how each first guess splits the codes of {game}", ctx.title),
                &header,
            );
            for r in of_game {
                table.row(vec![
                    r.guess.clone(),
                    r.parts.to_string(),
                    r.largest.to_string(),
                    num(Some(r.expected_size), 2),
                    num(Some(r.entropy), 4),
                ]);
            }
            table.notes.push(
                "Most parts (Kooi) maximises the parts, Knuth minimises the largest part, Irving \
                 the expected size, and Neuwirth maximises the entropy."
                    .into(),
            );
            rendered.tables.push(table);
        }
        Ok(rendered)
    }
}
