//! The games table: one row per game, its fixed columns and the players' own metrics.

use super::plan::Codemaker;
use crate::error::Result;
use crate::tasks::record::{ColumnValue, Record};
use mastermind_core::ReplyPool;
use polars::prelude::{Column, DataFrame, DataType};
use std::collections::{BTreeSet, HashMap};

/// The `false_reply_pool` column's name for the pool of `codemaker`'s random replies.
pub fn pool_name(codemaker: &Codemaker) -> &'static str {
    match codemaker {
        Codemaker::Truthful => "none",
        Codemaker::FalseReplies(lies) => match lies.pool {
            ReplyPool::PossibleExceptWin => "possible_except_win",
            ReplyPool::AnyExceptWin => "any_except_win",
        },
        Codemaker::Scripted { .. } => "scripted",
    }
}

crate::record! {
    /// The columns every game has.
    #[derive(Debug, Clone, PartialEq)]
    pub struct GameRow {
        /// The arm's label.
        pub arm: String,
        /// The arm's group (its series in figures).
        pub group: String,
        /// The arm's position on a swept axis, if any.
        pub x: Option<f64>,
        /// The player's family.
        pub player: String,
        /// The player's configuration, as JSON.
        pub parameters: String,
        /// Pegs of the game.
        pub pegs: u32,
        /// Colours of the game.
        pub colours: u32,
        /// Whether a code may repeat a colour (false in Bulls and Cows).
        pub repeats: bool,
        /// The codemaker's probability of a false reply (0 for a truthful one).
        pub false_reply_p: f64,
        /// Where false replies come from: `none`, `possible_except_win`, `any_except_win` or
        /// `scripted`.
        pub false_reply_pool: String,
        /// The run, from 0.
        pub run: u32,
        /// The secret's index in the arm's list.
        pub secret_index: u32,
        /// The secret.
        pub secret: String,
        /// The seed of the game's stream.
        pub game_seed: u64,
        /// Guesses played, the winning one included.
        pub guesses: u32,
        /// Whether the secret was found.
        pub solved: bool,
        /// How the game ended: `solved`, `cap`, `gave_up` (the player stopped) or `error` (another
        /// program failed the game: see the `error` column).
        pub end: String,
        /// Candidates examined.
        pub evaluations: u64,
        /// Feedback computations.
        pub score_calls: u64,
        /// Wall time in nanoseconds.
        pub nanos: u64,
    }
}

/// A game's row, why it stopped early if it did, and the metrics its player reported (`f64`
/// columns after the fixed ones, sorted by name, null where a player does not report a metric).
#[derive(Debug, Clone, PartialEq)]
pub struct PlayedGame {
    /// The fixed columns.
    pub game: GameRow,
    /// Why the game stopped before its end (`end` is `error` or `gave_up`): the `error` column,
    /// a text column after the fixed ones, null for every game that ended normally. Tables
    /// stored before it existed read as having none.
    pub error: Option<String>,
    /// The player's own metrics, by name.
    pub metrics: Vec<(String, f64)>,
}

/// The name of the column of [`PlayedGame::error`].
pub const ERROR_COLUMN: &str = "error";

impl Record for PlayedGame {
    fn columns(rows: Vec<Self>) -> Vec<Column> {
        let names: BTreeSet<String> =
            rows.iter().flat_map(|r| r.metrics.iter().map(|m| m.0.clone())).collect();
        let metric_columns: Vec<Column> = names
            .iter()
            .map(|name| {
                let values: Vec<Option<f64>> = rows
                    .iter()
                    .map(|r| r.metrics.iter().find(|m| &m.0 == name).map(|m| m.1))
                    .collect();
                Option::<f64>::column(name, values)
            })
            .collect();
        let errors: Vec<Option<String>> = rows.iter().map(|r| r.error.clone()).collect();
        let mut columns = GameRow::columns(rows.into_iter().map(|r| r.game).collect());
        columns.push(Option::<String>::column(ERROR_COLUMN, errors));
        columns.extend(metric_columns);
        columns
    }

    fn from_frame(frame: &DataFrame) -> Result<Vec<Self>> {
        let fixed: BTreeSet<String> =
            GameRow::columns(Vec::new()).iter().map(|c| c.name().to_string()).collect();
        let metrics: Vec<(String, Vec<Option<f64>>)> = frame
            .columns()
            .iter()
            .filter(|c| !fixed.contains(c.name().as_str()) && c.dtype() == &DataType::Float64)
            .map(|c| Ok((c.name().to_string(), Option::<f64>::read(c)?)))
            .collect::<Result<_>>()?;
        let errors = match frame.column(ERROR_COLUMN) {
            Ok(column) => Option::<String>::read(column)?,
            Err(_) => vec![None; frame.height()],
        };
        Ok(GameRow::from_frame(frame)?
            .into_iter()
            .enumerate()
            .map(|(i, game)| PlayedGame {
                game,
                error: errors[i].clone(),
                metrics: metrics
                    .iter()
                    .filter_map(|(name, values)| Some((name.clone(), values[i]?)))
                    .collect(),
            })
            .collect())
    }
}

impl PlayedGame {
    /// Whether another program failed the game (`end` is `error`).
    pub fn failed(&self) -> bool {
        self.game.end == "error"
    }

    /// The player's metric `name` for this game, if it reports one.
    pub fn metric(&self, name: &str) -> Option<f64> {
        self.metrics.iter().find(|m| m.0 == name).map(|m| m.1)
    }
}

/// The stored games grouped by arm, for the reports: each arm's games in stored order. A game
/// another program failed (`end` is `error`) has no length to count, so it is kept apart: the
/// statistics, figures and verdicts see the games that were played out, and the report counts
/// the failed ones beside them.
#[derive(Debug, Clone, Default)]
pub struct GamesByArm<'a> {
    arms: HashMap<&'a str, Vec<&'a PlayedGame>>,
    failed: HashMap<&'a str, Vec<&'a PlayedGame>>,
    /// The metrics some game reports, by name, sorted.
    pub metric_names: Vec<&'a str>,
}

impl<'a> GamesByArm<'a> {
    /// Groups `games` by their arm's label.
    pub fn new(games: &'a [PlayedGame]) -> GamesByArm<'a> {
        let mut arms: HashMap<&str, Vec<&PlayedGame>> = HashMap::new();
        let mut failed: HashMap<&str, Vec<&PlayedGame>> = HashMap::new();
        for game in games {
            let into = if game.failed() { &mut failed } else { &mut arms };
            into.entry(game.game.arm.as_str()).or_default().push(game);
        }
        let names: BTreeSet<&str> =
            games.iter().flat_map(|g| g.metrics.iter().map(|m| m.0.as_str())).collect();
        GamesByArm { arms, failed, metric_names: names.into_iter().collect() }
    }

    /// The games of the arm `label` that were played out (none for an arm without stored
    /// games).
    pub fn of(&self, label: &str) -> &[&'a PlayedGame] {
        self.arms.get(label).map_or(&[], Vec::as_slice)
    }

    /// The games of the arm `label` that another program failed.
    pub fn failed(&self, label: &str) -> &[&'a PlayedGame] {
        self.failed.get(label).map_or(&[], Vec::as_slice)
    }
}
