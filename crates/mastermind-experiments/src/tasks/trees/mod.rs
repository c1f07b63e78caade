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

use crate::error::{Context, Result};
use crate::tasks::executor::Kind;
use crate::tasks::{Rendered, ReportContext};
use mastermind_players::BuildHooks;
use rows::{TreeRecord, TreeRow, tree_rows};
use spec::{TreeUnit, TreesPlan};
use std::time::Instant;

impl Kind for TreesPlan {
    /// The index of a tree in the plan.
    type Unit = usize;
    type Row = TreeRow;

    /// Trees are built one at a time: each build spreads its subtrees over every thread, and its
    /// stored build time is its own.
    const PARALLEL_UNITS: bool = false;

    fn units(&self) -> Vec<usize> {
        (0..self.units.len()).collect()
    }

    /// Nothing in a tree is random: the identity is the tree's index, and the seed goes unused.
    fn identity(&self, &unit: &usize) -> Vec<u64> {
        vec![unit as u64]
    }

    fn run_unit(&self, &unit: &usize, _seed: u64) -> Result<Vec<TreeRow>> {
        let unit = &self.units[unit];
        let record = build(unit).with_context(|| format!("{} at {}", unit.label, unit.game))?;
        Ok(tree_rows(&record))
    }

    fn report(&self, ctx: &ReportContext<'_>, rows: Vec<TreeRow>) -> Result<Rendered> {
        report::render(ctx, self, rows)
    }

    fn cost(&self) -> crate::budget::Cost {
        TreesPlan::cost(self)
    }
}

/// Builds one unit's tree, timed, and checks it by replay before anything is stored.
fn build(unit: &TreeUnit) -> Result<TreeRecord> {
    let start = Instant::now();
    let built = unit.recipe.build(unit.game, &BuildHooks::default())?;
    let seconds = start.elapsed().as_secs_f64();
    let (nodes_scored, optimality) = (built.nodes(), built.optimality().to_owned());
    let tree = built.into_tree();
    tree.verify().context("the tree failed its replay check")?;
    Ok(TreeRecord {
        label: unit.label.clone(),
        strategy: unit.recipe.describe(),
        tree,
        seconds,
        nodes_scored,
        optimality,
    })
}
