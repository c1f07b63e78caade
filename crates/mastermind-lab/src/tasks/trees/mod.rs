//! Strategy trees as an experiment kind: deterministic players evaluated over every secret at
//! once, one row per (player, game, secret), with each tree's build time and size.
//!
//! A kind of its own rather than a mode of the games kind: its unit of work is a whole tree, not a
//! game; nothing is random (the spec seed is recorded but unused); and a row carries the secret's
//! whole game (`path`), so that the stored table holds the complete strategy and every export of it
//! is regenerated from the data.

mod cost;
pub mod report;
pub mod rows;
pub mod spec;

use crate::tasks::{Rendered, ReportContext, Task};
use anyhow::{Context, Result};
use indicatif::ProgressBar;
use mastermind_optimal::{SolveOptions, solve};
use mastermind_tree::{StrategyTree, build_tree};
use polars::prelude::DataFrame;
use rows::{TreeRecord, records_frame};
use spec::{TreeMaker, TreeUnit, TreesPlan};
use std::time::Instant;

impl Task for TreesPlan {
    fn units(&self) -> u64 {
        self.units.len() as u64
    }

    /// Builds every tree in turn (each build uses every thread of the pool for its subtrees) and
    /// returns one row per secret; see [`rows::records_frame`] for the columns.
    fn run(&self, _seed: u64, bar: &ProgressBar) -> Result<DataFrame> {
        let mut records = Vec::with_capacity(self.units.len());
        for unit in &self.units {
            bar.set_message(format!("{} {}", unit.label, unit.game));
            records.push(build(unit).with_context(|| format!("{} at {}", unit.label, unit.game))?);
            bar.inc(1);
        }
        records_frame(&records)
    }

    fn report(&self, ctx: &ReportContext<'_>, frame: &DataFrame) -> Result<Rendered> {
        report::render(ctx, self, frame)
    }

    fn cost(&self) -> crate::budget::Cost {
        TreesPlan::cost(self)
    }
}

/// Builds one unit's tree, timed, and checks it by replay before anything is stored.
fn build(unit: &TreeUnit) -> Result<TreeRecord> {
    let start = Instant::now();
    let (tree, scored, optimality): (StrategyTree, u64, &str) = match &unit.maker {
        TreeMaker::OnePly(config) => {
            let (tree, stats) = build_tree(unit.game, config)?;
            (tree, stats.nodes, "heuristic")
        }
        TreeMaker::Optimal(options) => {
            let options = SolveOptions { max_depth: options.max_depth, ..SolveOptions::default() };
            let solution = solve(unit.game, &options)?;
            let optimality = if solution.proved { "proved optimal" } else { "best found" };
            (solution.tree, solution.nodes_searched, optimality)
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    tree.verify().context("the tree failed its replay check")?;
    Ok(TreeRecord {
        label: unit.label.clone(),
        strategy: unit.maker.describe(),
        tree,
        seconds,
        nodes_scored: scored,
        optimality: optimality.to_owned(),
    })
}
