//! The games table: one row per game, between [`GameRecord`]s and Parquet.

use super::execute::GameRecord;
use super::plan::GamesPlan;
use super::spec::CodemakerSpec;
use anyhow::{Context, Result};
use mastermind_core::GameEnd;
use mastermind_mcmc::ReplyPool;
use polars::prelude::{Column, DataFrame};
use std::collections::BTreeSet;

/// The `false_reply_pool` column's name for the pool of `codemaker`'s random replies.
fn pool_name(codemaker: &CodemakerSpec) -> &'static str {
    match codemaker {
        CodemakerSpec::Truthful => "none",
        CodemakerSpec::FalseReplies(lies) => match lies.pool {
            ReplyPool::PossibleExceptWin => "possible_except_win",
            ReplyPool::AnyExceptWin => "any_except_win",
        },
    }
}

/// Builds the one-row-per-game frame. Columns: `arm`, `group`, `x`, `player`, `parameters`
/// (JSON), `pegs`, `colours`, `false_reply_p` (0 for a truthful codemaker), `false_reply_pool`
/// (`none`, `possible_except_win` or `any_except_win`), `run`, `secret_index`, `secret`,
/// `game_seed`, `guesses`, `solved`, `end`, `evaluations`, `score_calls`, `nanos`, then one `f64`
/// column per player metric (null where a player does not report it).
pub fn games_frame(plan: &GamesPlan, records: &[GameRecord]) -> Result<DataFrame> {
    let arm = |r: &GameRecord| &plan.arms[r.arm as usize];
    let n = records.len();
    let strings =
        |f: &dyn Fn(&GameRecord) -> String| records.iter().map(f).collect::<Vec<String>>();
    let mut columns = vec![
        Column::new("arm".into(), strings(&|r| arm(r).label.clone())),
        Column::new("group".into(), strings(&|r| arm(r).group.clone())),
        Column::new("x".into(), records.iter().map(|r| arm(r).x).collect::<Vec<Option<f64>>>()),
        Column::new("player".into(), strings(&|r| arm(r).player.family().to_owned())),
        Column::new("parameters".into(), strings(&|r| arm(r).parameters.clone())),
        Column::new(
            "pegs".into(),
            records.iter().map(|r| u32::from(arm(r).game.pegs())).collect::<Vec<u32>>(),
        ),
        Column::new(
            "colours".into(),
            records.iter().map(|r| u32::from(arm(r).game.colours())).collect::<Vec<u32>>(),
        ),
        Column::new(
            "false_reply_p".into(),
            records
                .iter()
                .map(|r| match arm(r).codemaker {
                    CodemakerSpec::Truthful => 0.0,
                    CodemakerSpec::FalseReplies(lies) => lies.p,
                })
                .collect::<Vec<f64>>(),
        ),
        Column::new(
            "false_reply_pool".into(),
            strings(&|r| pool_name(&arm(r).codemaker).to_owned()),
        ),
        Column::new("run".into(), records.iter().map(|r| r.run).collect::<Vec<u32>>()),
        Column::new(
            "secret_index".into(),
            records.iter().map(|r| r.secret_index).collect::<Vec<u32>>(),
        ),
        Column::new("secret".into(), strings(&|r| r.secret.to_string())),
        Column::new("game_seed".into(), records.iter().map(|r| r.seed).collect::<Vec<u64>>()),
        Column::new("guesses".into(), records.iter().map(|r| r.guesses).collect::<Vec<u32>>()),
        Column::new(
            "solved".into(),
            records.iter().map(|r| r.end == GameEnd::Solved).collect::<Vec<bool>>(),
        ),
        Column::new("end".into(), strings(&|r| end_name(&r.end).to_owned())),
        Column::new(
            "evaluations".into(),
            records.iter().map(|r| r.evaluations).collect::<Vec<u64>>(),
        ),
        Column::new(
            "score_calls".into(),
            records.iter().map(|r| r.score_calls).collect::<Vec<u64>>(),
        ),
        Column::new("nanos".into(), records.iter().map(|r| r.nanos).collect::<Vec<u64>>()),
    ];
    let metric_names: BTreeSet<&str> =
        records.iter().flat_map(|r| r.metrics.iter().map(|m| m.0)).collect();
    for name in metric_names {
        let values: Vec<Option<f64>> =
            records.iter().map(|r| r.metrics.iter().find(|m| m.0 == name).map(|m| m.1)).collect();
        columns.push(Column::new(name.into(), values));
    }
    DataFrame::new(n, columns).context("building the games table")
}

fn end_name(end: &GameEnd) -> &'static str {
    match end {
        GameEnd::Solved => "solved",
        GameEnd::CapReached => "cap",
        GameEnd::GaveUp(_) => "gave_up",
    }
}

/// The games table read back for reporting: plain vectors, one entry per game.
#[derive(Debug, Clone, Default)]
pub struct GameRows {
    /// Arm label.
    pub arm: Vec<String>,
    /// Run number.
    pub run: Vec<u32>,
    /// Guesses.
    pub guesses: Vec<u32>,
    /// Solved or not.
    pub solved: Vec<bool>,
    /// Evaluations.
    pub evaluations: Vec<u64>,
    /// Score calls.
    pub score_calls: Vec<u64>,
    /// Wall time in nanoseconds.
    pub nanos: Vec<u64>,
    /// The players' own metric columns (every `f64` column but `x`), by name.
    pub metrics: Vec<(String, Vec<Option<f64>>)>,
}

impl GameRows {
    /// Extracts the columns the report needs.
    pub fn from_frame(frame: &DataFrame) -> Result<GameRows> {
        let col = |name: &str| {
            frame.column(name).with_context(|| format!("the results have no `{name}` column"))
        };
        Ok(GameRows {
            arm: col("arm")?.str()?.iter().map(|s| s.unwrap_or_default().to_owned()).collect(),
            run: col("run")?.u32()?.iter().map(Option::unwrap_or_default).collect(),
            guesses: col("guesses")?.u32()?.iter().map(Option::unwrap_or_default).collect(),
            solved: col("solved")?.bool()?.iter().map(Option::unwrap_or_default).collect(),
            evaluations: col("evaluations")?.u64()?.iter().map(Option::unwrap_or_default).collect(),
            score_calls: col("score_calls")?.u64()?.iter().map(Option::unwrap_or_default).collect(),
            nanos: col("nanos")?.u64()?.iter().map(Option::unwrap_or_default).collect(),
            metrics: frame
                .columns()
                .iter()
                .filter(|c| !matches!(c.name().as_str(), "x" | "false_reply_p"))
                .filter_map(|c| Some((c.name().to_string(), c.f64().ok()?.iter().collect())))
                .collect(),
        })
    }

    /// Row indices of one arm.
    pub fn of_arm(&self, label: &str) -> Vec<usize> {
        (0..self.arm.len()).filter(|&i| self.arm[i] == label).collect()
    }
}
