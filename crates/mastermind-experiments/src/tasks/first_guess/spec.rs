//! The spec of a first-guess table (Snyder's Table 1) and its validation into a plan.

use crate::spec::SpecError;
use crate::spec::values::{Finite, Label};
use crate::tasks::PlanContext;
use mastermind_core::Game;
use mastermind_players::families::importance::ColourPattern;
use serde::{Deserialize, Serialize};

/// The largest code space the exact table enumerates (each pattern scores every code once).
pub const MAX_CODES: u64 = 1 << 22;

/// The exact expected share of the code set left after the first guess, by the guess's colour
/// pattern, for one or more game sizes.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FirstGuessTask {
    /// The game sizes tabulated (default: 4 pegs x 6 colours).
    #[serde(default = "default_games")]
    pub games: Vec<Game>,
    /// The paper's printed values, shown beside the computed ones.
    #[serde(default)]
    pub paper: Vec<PaperShares>,
    /// Decimals compared in the "matches" column (the thesis prints 7).
    #[serde(default = "default_digits")]
    pub digits: usize,
}

fn default_games() -> Vec<Game> {
    vec![Game::CLASSIC]
}

fn default_digits() -> usize {
    7
}

/// A paper's table for one game: `(pattern, share)` pairs, the pattern written `"2,1,1"`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PaperShares {
    /// The game the values are for.
    pub game: Game,
    /// The printed expected shares by colour pattern.
    pub shares: Vec<(Label, Finite)>,
}

/// A validated first-guess table.
#[derive(Debug, Clone)]
pub struct FirstGuessPlan {
    /// The games, in spec order.
    pub games: Vec<Game>,
    /// The paper's values: `(game, pattern, share)`.
    pub paper: Vec<(Game, ColourPattern, f64)>,
    /// Decimals compared.
    pub digits: usize,
}

impl crate::tasks::Validate for FirstGuessTask {
    type Plan = FirstGuessPlan;

    /// Checks the games (enumerable), the paper's patterns (valid for their game) and the digits;
    /// the table is exact, so the profile does not matter.
    fn validate(
        &self,
        ctx: &PlanContext<'_>,
        _profile: crate::spec::scaled::Profile,
    ) -> Result<FirstGuessPlan, SpecError> {
        ctx.check_listed(
            "games",
            &self.games,
            "nothing to tabulate",
            "write `games: [(pegs: 4, colours: 6)]` or leave the field out for 4x6",
        )?;
        let hint = "the table enumerates the code space once per colour pattern";
        ctx.check_games("games", &self.games, MAX_CODES, "an exact table", hint)?;
        ctx.check_games_repeat("games", &self.games, "the first-guess table")?;
        let unit = "decimals; more cannot be compared in double precision";
        ctx.check_range("digits", self.digits, 1..=15, unit, "the thesis prints 7")?;
        let mut paper = Vec::new();
        for (t, table) in self.paper.iter().enumerate() {
            if !self.games.contains(&table.game) {
                return Err(ctx.error(
                    None,
                    "paper",
                    &format!("task.paper[{t}].game"),
                    format!("the paper's values are for {}, which is not in `games`", table.game),
                    "add the game to `games`",
                ));
            }
            let known = ColourPattern::all(table.game);
            for (s, (name, share)) in table.shares.iter().enumerate() {
                let pattern = parse_pattern(name).filter(|p| known.contains(p));
                let Some(pattern) = pattern else {
                    let list: Vec<String> = known.iter().map(ToString::to_string).collect();
                    return Err(ctx.error(
                        Some(name),
                        "",
                        &format!("task.paper[{t}].shares[{s}]"),
                        format!("{name:?} is not a colour pattern of {}", table.game),
                        &format!("the patterns are {}", list.join(" / ")),
                    ));
                };
                if !(0.0..=1.0).contains(&share.get()) {
                    return Err(ctx.error(
                        Some(name),
                        "",
                        &format!("task.paper[{t}].shares[{s}]"),
                        format!("{share} is not a share of the code set"),
                        "a share lies between 0 and 1",
                    ));
                }
                paper.push((table.game, pattern, share.get()));
            }
        }
        Ok(FirstGuessPlan { games: self.games.clone(), paper, digits: self.digits })
    }
}

/// `"2,1,1"` (spaces allowed) as a pattern, largest part first; `None` if it is not one.
pub fn parse_pattern(text: &str) -> Option<ColourPattern> {
    let parts: Option<Vec<u8>> =
        text.split(',').map(|p| p.trim().parse::<u8>().ok().filter(|&n| n > 0)).collect();
    let mut parts = parts?;
    parts.sort_unstable_by(|a, b| b.cmp(a));
    Some(ColourPattern(parts))
}
