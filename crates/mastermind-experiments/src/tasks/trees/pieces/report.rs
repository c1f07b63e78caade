//! The report of the trees built in pieces: each tree's totals beside the published ones, with
//! what building it took, the secrets solved at each depth, and the verdicts on the published
//! totals.

use super::rows::{PieceRow, StoredTree, stored_trees};
use super::spec::PiecesPlan;
use crate::error::Result;
use crate::tasks::{Rendered, ReportContext};
use mastermind_report::table::Table;
use mastermind_report::verdict::{self, Estimate, Printed, Verdict};

/// Tables, notes and verdicts.
pub fn render(ctx: &ReportContext<'_>, plan: &PiecesPlan, rows: Vec<PieceRow>) -> Result<Rendered> {
    let trees = stored_trees(&rows)?;
    let mut rendered = Rendered::default();
    rendered.tables.push(totals(ctx, plan, &trees));
    rendered.tables.push(distributions(ctx, &trees));
    rendered.verdicts = verdicts(plan, &trees);
    Ok(rendered)
}

fn game_of(tree: &StoredTree) -> String {
    format!("{}x{}", tree.pegs, tree.colours)
}

/// The published run of `tree`, if any.
fn published_of<'p>(
    plan: &'p PiecesPlan,
    tree: &StoredTree,
) -> Option<&'p super::spec::PublishedRun> {
    plan.published.iter().find(|p| {
        *p.label == tree.label
            && (u32::from(p.game.pegs()), u32::from(p.game.colours())) == (tree.pegs, tree.colours)
    })
}

/// Each tree's total and maximum beside the published ones, and what building it took.
fn totals(ctx: &ReportContext<'_>, plan: &PiecesPlan, trees: &[StoredTree]) -> Table {
    let mut table = Table::new(
        format!(
            "{}: totals over every secret against the published ones, and what the pieces took",
            ctx.title
        ),
        &[
            "Player",
            "Game",
            "Codes",
            "First guess",
            "Total",
            "Mean",
            "Max",
            "Published",
            "Published max",
            "Agrees",
            "Pieces",
            "Wall s",
            "CPU s",
            "Slowest piece s",
            "Largest piece",
            "Peak MiB",
            "Published s",
            "Source",
        ],
    );
    for tree in trees {
        let published = published_of(plan, tree);
        let agrees = published.map_or("–".to_owned(), |p| {
            let max_agrees = p.max.is_none_or(|m| m == tree.max);
            if p.total == tree.total && max_agrees {
                "yes".to_owned()
            } else {
                format!("no ({:+})", tree.total as i64 - p.total as i64)
            }
        });
        table.row(vec![
            tree.label.clone(),
            game_of(tree),
            tree.codes.to_string(),
            tree.first_guess.clone(),
            tree.total.to_string(),
            format!("{:.4}", tree.total as f64 / tree.codes as f64),
            tree.max.to_string(),
            published.map_or("–".to_owned(), |p| p.total.to_string()),
            published.and_then(|p| p.max).map_or("–".to_owned(), |m| m.to_string()),
            agrees,
            tree.pieces.to_string(),
            format!("{:.0}", tree.wall_seconds),
            format!("{:.0}", tree.cpu_seconds),
            format!("{:.0}", tree.slowest_piece),
            tree.largest_piece.to_string(),
            tree.peak_mib.map_or("–".to_owned(), |m| format!("{m:.0}")),
            published
                .and_then(|p| p.seconds)
                .map_or("–".to_owned(), |s| format!("{:.0}", f64::from(s))),
            published.map_or("–".to_owned(), |p| p.source.to_string()),
        ]);
    }
    table.notes.push(
        "Wall and CPU seconds add up the pieces' builds, each measured by the process that built \
         it on the machine that produced the data (pieces built side by side overlap, so the \
         wall time of a sharded build is less); the peak is the largest resident size any \
         building process reached, so it bounds the largest piece's."
            .into(),
    );
    table
}

/// Secrets solved with 1, 2, ... guesses in each tree.
fn distributions(ctx: &ReportContext<'_>, trees: &[StoredTree]) -> Table {
    let most = trees.iter().map(|t| t.max).max().unwrap_or(0) as usize;
    let mut headers: Vec<String> = ["Player", "Game"].iter().map(|s| (*s).to_owned()).collect();
    headers.extend((1..=most).map(|k| k.to_string()));
    headers.push("Nodes".to_owned());
    let header_refs: Vec<&str> = headers.iter().map(String::as_str).collect();
    let mut table = Table::new(
        format!("{}: secrets solved with 1, 2, ... guesses, and nodes", ctx.title),
        &header_refs,
    );
    for tree in trees {
        let mut row = vec![tree.label.clone(), game_of(tree)];
        row.extend((1..=most).map(|k| match tree.distribution.get(k) {
            Some(&n) if n > 0 => n.to_string(),
            _ => String::new(),
        }));
        row.push(tree.nodes.to_string());
        table.row(row);
    }
    table
}

/// Every published total (and maximum) of a tree read, judged: exact values, so they must
/// match exactly.
fn verdicts(plan: &PiecesPlan, trees: &[StoredTree]) -> Vec<Verdict> {
    let mut verdicts = Vec::new();
    let exact = |value: u64| Printed::new(value as f64, 0);
    for tree in trees {
        let Some(published) = published_of(plan, tree) else { continue };
        let game = game_of(tree);
        let claim = format!("{} at {game}: total guesses ({})", tree.label, published.source);
        let total = Estimate::exact(tree.total as f64);
        verdicts.push(verdict::compare(claim, total, exact(published.total), None));
        if let Some(max) = published.max {
            let claim = format!("{} at {game}: most guesses", tree.label);
            let ours = Estimate::exact(f64::from(tree.max));
            verdicts.push(verdict::compare(claim, ours, exact(u64::from(max)), None));
        }
    }
    verdicts
}
