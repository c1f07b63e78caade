//! The report of a first-guess table: one Markdown/LaTeX table per game, the paper's values and a
//! "matches" column beside the computed ones, and a sentence saying whether every value agrees.

use super::spec::{FirstGuessPlan, parse_pattern};
use crate::report::table::Table;
use crate::report::verdict::{self, Estimate, Printed};
use crate::tasks::{Rendered, ReportContext};
use anyhow::{Context, Result};
use mastermind_core::Game;
use polars::prelude::DataFrame;

/// One stored row.
struct Row {
    game: Game,
    pattern: String,
    distinct: u32,
    representative: String,
    codes: u64,
    share: f64,
}

fn rows(frame: &DataFrame) -> Result<Vec<Row>> {
    let col = |name: &str| {
        frame.column(name).with_context(|| format!("the results have no `{name}` column"))
    };
    let pegs = col("pegs")?.u32()?;
    let colours = col("colours")?.u32()?;
    let pattern = col("pattern")?.str()?;
    let distinct = col("distinct_colours")?.u32()?;
    let representative = col("representative")?.str()?;
    let codes = col("codes")?.u64()?;
    let share = col("expected_share")?.f64()?;
    (0..frame.height())
        .map(|i| {
            let game = Game::new(pegs.get(i).unwrap_or(0), colours.get(i).unwrap_or(0))
                .context("a stored game size is invalid")?;
            Ok(Row {
                game,
                pattern: pattern.get(i).unwrap_or_default().to_owned(),
                distinct: distinct.get(i).unwrap_or(0),
                representative: representative.get(i).unwrap_or_default().to_owned(),
                codes: codes.get(i).unwrap_or(0),
                share: share.get(i).unwrap_or(f64::NAN),
            })
        })
        .collect()
}

/// The tables and the agreement sentence.
pub fn render(
    ctx: &ReportContext<'_>,
    plan: &FirstGuessPlan,
    frame: &DataFrame,
) -> Result<Rendered> {
    let rows = rows(frame)?;
    let digits = plan.digits;
    let mut tables = Vec::new();
    let (mut compared, mut matched) = (0, 0);
    let mut mismatches = Vec::new();
    let mut verdicts = Vec::new();
    for game in &plan.games {
        let mut table = Table::new(
            format!(
                "{}: expected share of the {} codes of {game} still consistent after the first \
                 guess, by its colour pattern (best first)",
                ctx.title,
                game.size().unwrap_or(0)
            ),
            &[
                "Colour pattern",
                "# colours",
                "Representative",
                "Codes",
                "E(share left)",
                "Paper",
                "Matches",
            ],
        );
        for row in rows.iter().filter(|r| r.game == *game) {
            let paper = parse_pattern(&row.pattern).and_then(|p| {
                plan.paper.iter().find(|(g, q, _)| *g == *game && *q == p).map(|t| t.2)
            });
            if let Some(value) = paper {
                // Exact on both sides: the value must agree to the printed digits.
                let claim = format!("{game}, pattern {}: expected share left", row.pattern);
                let printed = Printed::new(value, digits as u32);
                verdicts.push(verdict::compare(claim, Estimate::exact(row.share), printed, None));
            }
            let verdict = match paper {
                Some(v) => {
                    compared += 1;
                    if format!("{v:.digits$}") == format!("{:.digits$}", row.share) {
                        matched += 1;
                        "yes".to_owned()
                    } else {
                        mismatches.push(format!("{game} {}", row.pattern));
                        "no".to_owned()
                    }
                }
                None => "–".to_owned(),
            };
            table.row(vec![
                row.pattern.clone(),
                row.distinct.to_string(),
                row.representative.clone(),
                row.codes.to_string(),
                format!("{:.digits$}", row.share),
                paper.map_or("–".to_owned(), |v| format!("{v:.digits$}")),
                verdict,
            ]);
        }
        table.notes.push(format!(
            "Exact: sum over replies of (part size / {})^2 for a representative code of each \
             pattern; the value is the same for every code of the pattern.",
            game.size().unwrap_or(0)
        ));
        tables.push(table);
    }
    let mut notes = Vec::new();
    if compared > 0 {
        notes.push(if mismatches.is_empty() {
            format!(
                "All {compared} printed values of the paper are reproduced to {digits} decimals."
            )
        } else {
            format!(
                "{matched} of {compared} printed values are reproduced to {digits} decimals; \
                 different: {}.",
                mismatches.join(", ")
            )
        });
    }
    verdict::judge_family(&mut verdicts);
    Ok(Rendered { tables, figures: Vec::new(), notes, verdicts })
}
