//! The tables of a games experiment: results beside the paper's with significance groups as
//! letters, pairwise comparisons against a reference arm, and the players' own metrics.

use super::{ArmResult, mean, samples, significance_groups};
use crate::spec::raw::PaperNumbers;
use crate::tasks::games::frame::GamesByArm;
use crate::tasks::games::plan::GamesPlan;
use crate::tasks::games::spec::TestOn;
use mastermind_report::table::{Table, num};
use mastermind_stats::{Alternative, holm};

/// The main results table: reproduced numbers with the paper's beside them, and the
/// significance groups as letters (arms sharing a letter are not significantly different).
pub fn results_table(title: &str, plan: &GamesPlan, results: &[ArmResult]) -> Table {
    let test = plan.report.test;
    let on = samples_name(test.on);
    let several_runs = plan.runs > 1;
    let papers: Vec<PaperNumbers> =
        plan.arms.iter().map(|a| a.paper.clone().unwrap_or_default()).collect();
    let shown = PaperColumns::of(&papers);
    let mut headers = vec!["Player", "min", "mean", "median", "max", "sd"];
    headers.extend(["max guesses", "unsolved", "evaluations", "score calls", "ms/game", "group"]);
    headers.extend(shown.headers());
    // A spec without paper numbers (one's own) has no such column to explain.
    let quoted = if shown.any() { " Columns marked *paper* quote the publication." } else { "" };
    let mut table = Table::new(
        format!("**{title}.** Guesses per game; {} run(s) per arm.{quoted}", plan.runs),
        &headers,
    );
    let (order, letters) = significance_groups(plan, results);
    for &i in &order {
        let (r, paper) = (&results[i], &papers[i]);
        // Run means when there are several runs (the papers' tables), otherwise games.
        let s = if several_runs { r.runs } else { r.all };
        let mut row = vec![
            r.label.clone(),
            num(s.map(|s| s.min), 3),
            num(s.map(|s| s.mean), 3),
            num(s.map(|s| s.median), 3),
            num(s.map(|s| s.max), 3),
            num(s.and_then(|s| s.sd), 3),
            num(r.all.map(|s| s.max), 0),
            r.unsolved.to_string(),
            num(Some(r.evaluations), 1),
            num(Some(r.score_calls), 1),
            num(Some(r.millis), 3),
            letters[i].clone(),
        ];
        row.extend(shown.cells(paper));
        table.row(row);
    }
    for r in results.iter().filter(|r| r.failed.0 > 0) {
        table.notes.push(format!(
            "{}: {} game(s) failed by the program and left out of every column (the first: {}).",
            r.label,
            r.failed.0,
            r.failed.1.as_deref().unwrap_or("no message")
        ));
    }
    let stat = if several_runs { "run means" } else { "games" };
    let family = if plan.report.groups_within_x {
        "all pairs of arms of equal x"
    } else {
        "all pairs of arms of this table"
    };
    table.notes.push(format!(
        "min, mean, median, max and sd are of the {stat}; evaluations (candidates examined) and score \
         calls (feedback computations) are means per game. Groups: two-sided {} test on the {on} at \
         alpha = {}, Holm-corrected within each family of tests ({family}); arms that share a letter \
         are not significantly different (a is the group with the fewest guesses).{}",
        test.kind.name(),
        test.alpha,
        if shown.group {
            " The paper's groups are its own lines or letters, converted to letters the same way."
        } else {
            ""
        }
    ));
    table
}

/// The paper's columns a results table shows: a column appears only where some arm has a number
/// for it.
struct PaperColumns {
    group: bool,
    mean: bool,
    range: bool,
    median: bool,
    sd: bool,
    max_guesses: bool,
    evaluations: bool,
    note: bool,
}

impl PaperColumns {
    fn of(papers: &[PaperNumbers]) -> PaperColumns {
        let has = |f: fn(&PaperNumbers) -> bool| papers.iter().any(f);
        PaperColumns {
            group: has(|p| p.group.is_some()),
            mean: has(|p| p.mean.is_some()),
            range: has(|p| p.min.is_some() && p.max.is_some()),
            median: has(|p| p.median.is_some()),
            sd: has(|p| p.sd.is_some()),
            max_guesses: has(|p| p.max_guesses.is_some()),
            evaluations: has(|p| p.evaluations.is_some()),
            note: has(|p| p.note.is_some()),
        }
    }

    /// Whether any column of the paper's is shown.
    fn any(&self) -> bool {
        self.shown().contains(&true)
    }

    /// Whether each column is shown, in the table's order.
    fn shown(&self) -> [bool; 8] {
        [
            self.group,
            self.mean,
            self.range,
            self.median,
            self.sd,
            self.max_guesses,
            self.evaluations,
            self.note,
        ]
    }

    /// The headers of the columns shown.
    fn headers(&self) -> Vec<&'static str> {
        let names = [
            "paper group",
            "paper mean",
            "paper min–max",
            "paper median",
            "paper sd",
            "paper max guesses",
            "paper evaluations",
            "paper note",
        ];
        self.shown().into_iter().zip(names).filter(|(show, _)| *show).map(|(_, n)| n).collect()
    }

    /// The cells of `paper`'s numbers in the columns shown.
    fn cells(&self, paper: &PaperNumbers) -> Vec<String> {
        let range = match (paper.min, paper.max) {
            (Some(a), Some(b)) => format!("{a:.3}–{b:.3}"),
            _ => "–".into(),
        };
        let cells = [
            paper.group.as_deref().unwrap_or("–").to_owned(),
            num(paper.mean, 3),
            range,
            num(paper.median, 3),
            num(paper.sd, 3),
            num(paper.max_guesses, 0),
            num(paper.evaluations, 1),
            paper.note.as_deref().unwrap_or("–").to_owned(),
        ];
        self.shown().into_iter().zip(cells).filter(|(show, _)| *show).map(|(_, c)| c).collect()
    }
}

/// Means per game of the players' own metrics (restarts, resets, walks...), where any arm has
/// them; `None` when no player reports any.
pub fn metrics_table(plan: &GamesPlan, rows: &GamesByArm<'_>) -> Option<Table> {
    let names = &rows.metric_names;
    if names.is_empty() {
        return None;
    }
    let mut headers = vec!["Player"];
    headers.extend(names.iter().copied());
    let mut table = Table::new(
        "Player-specific measurements, mean per game (– where a player does not report one).",
        &headers,
    );
    for arm in &plan.arms {
        let games = rows.of(&arm.label);
        let mut cells = vec![arm.label.clone()];
        for name in names {
            let present: Vec<f64> = games.iter().filter_map(|g| g.metric(name)).collect();
            cells.push(if present.is_empty() {
                "–".into()
            } else {
                num(Some(present.iter().sum::<f64>() / present.len() as f64), 3)
            });
        }
        table.row(cells);
    }
    Some(table)
}

fn samples_name(on: TestOn) -> &'static str {
    match on {
        TestOn::RunMeans => "run means",
        TestOn::Games => "game lengths",
    }
}

/// Pairwise tests of every arm against a reference arm: two-sided p-values, raw and
/// Holm-corrected within the table (one family), and the raw one-sided p-values.
pub fn comparison_table(plan: &GamesPlan, results: &[ArmResult], reference: &str) -> Table {
    let test = plan.report.test;
    let mut table = Table::new(
        format!(
            "**Compared with {reference}** ({} test on the {}).",
            test.kind.name(),
            samples_name(test.on)
        ),
        &[
            "Player",
            "mean",
            "reference mean",
            "p (two-sided)",
            "Holm p (two-sided)",
            "p (fewer guesses)",
            "p (more guesses)",
            "different?",
        ],
    );
    let Some(reference_result) = results.iter().find(|r| r.label == reference) else {
        return table;
    };
    let y = samples(reference_result, test.on);
    let others: Vec<&ArmResult> = results.iter().filter(|r| r.label != reference).collect();
    let raw: Vec<f64> = others
        .iter()
        .map(|r| {
            test.kind
                .p_value_for(samples(r, test.on), y, Alternative::TwoSided)
                .ok()
                .unwrap_or(f64::NAN)
        })
        .collect();
    let corrected = holm(&raw);
    for (k, r) in others.into_iter().enumerate() {
        let x = samples(r, test.on);
        let p = |alt| test.kind.p_value_for(x, y, alt).ok();
        let two = Some(raw[k]).filter(|v| !v.is_nan());
        let two_holm = Some(corrected[k]).filter(|v| !v.is_nan());
        table.row(vec![
            r.label.clone(),
            num(mean(x), 4),
            num(mean(y), 4),
            pval(two),
            pval(two_holm),
            pval(p(Alternative::Less)),
            pval(p(Alternative::Greater)),
            match two_holm {
                Some(v) if v < test.alpha.get() => "yes".into(),
                Some(_) => "no".into(),
                None => "–".into(),
            },
        ]);
    }
    table.notes.push(format!(
        "The {} tests against {reference} are one family: \"different?\" compares the Holm-corrected \
         two-sided p-value with alpha = {}. The one-sided p-values are uncorrected; they say in which \
         direction a difference lies, not whether there is one.",
        table.rows.len(),
        test.alpha
    ));
    table
}

fn pval(p: Option<f64>) -> String {
    match p {
        Some(v) if v < 1e-4 => format!("{v:.2e}"),
        Some(v) => format!("{v:.4}"),
        None => "–".into(),
    }
}
