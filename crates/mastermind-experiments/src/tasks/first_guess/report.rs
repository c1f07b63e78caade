//! The report of a first-guess table: one Markdown/LaTeX table per game, the paper's values and a
//! "matches" column beside the computed ones, and a sentence saying whether every value agrees.

use super::PatternRow;
use super::spec::{FirstGuessPlan, parse_pattern};
use crate::error::Result;
use crate::tasks::{Rendered, ReportContext};
use mastermind_core::Game;
use mastermind_report::table::Table;
use mastermind_report::verdict::{self, Estimate, Printed, Verdict};

/// The tables and the agreement sentence.
pub fn render(
    ctx: &ReportContext<'_>,
    plan: &FirstGuessPlan,
    rows: &[PatternRow],
) -> Result<Rendered> {
    let digits = plan.digits;
    let mut tally = Tally::default();
    let mut verdicts = Vec::new();
    let tables: Vec<Table> = plan
        .games
        .iter()
        .map(|game| game_table(ctx, plan, game, rows, &mut tally, &mut verdicts))
        .collect();
    let Tally { compared, matched, mismatches } = tally;
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
    Ok(Rendered { tables, notes, verdicts, ..Rendered::default() })
}

/// How the paper's printed values compare with ours so far.
#[derive(Default)]
struct Tally {
    /// Printed values compared.
    compared: usize,
    /// Those ours matches to the printed digits.
    matched: usize,
    /// The game and pattern of each that it does not.
    mismatches: Vec<String>,
}

/// The table of `game`: every colour pattern's expected share left beside the paper's, each
/// printed value judged (into `verdicts`) and counted (into `tally`).
fn game_table(
    ctx: &ReportContext<'_>,
    plan: &FirstGuessPlan,
    game: &Game,
    rows: &[PatternRow],
    tally: &mut Tally,
    verdicts: &mut Vec<Verdict>,
) -> Table {
    let digits = plan.digits;
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
    for row in
        rows.iter().filter(|r| (r.pegs, r.colours) == (game.pegs().into(), game.colours().into()))
    {
        let paper = parse_pattern(&row.pattern)
            .and_then(|p| plan.paper.iter().find(|(g, q, _)| *g == *game && *q == p).map(|t| t.2));
        if let Some(value) = paper {
            // Exact on both sides: the value must agree to the printed digits.
            let claim = format!("{game}, pattern {}: expected share left", row.pattern);
            let printed = Printed::new(value, digits as u32);
            verdicts.push(verdict::compare(
                claim,
                Estimate::exact(row.expected_share),
                printed,
                None,
            ));
        }
        let verdict = match paper {
            Some(v) => {
                tally.compared += 1;
                if format!("{v:.digits$}") == format!("{:.digits$}", row.expected_share) {
                    tally.matched += 1;
                    "yes".to_owned()
                } else {
                    tally.mismatches.push(format!("{game} {}", row.pattern));
                    "no".to_owned()
                }
            }
            None => "–".to_owned(),
        };
        table.row(vec![
            row.pattern.clone(),
            row.distinct_colours.to_string(),
            row.representative.clone(),
            row.codes.to_string(),
            format!("{:.digits$}", row.expected_share),
            paper.map_or("–".to_owned(), |v| format!("{v:.digits$}")),
            verdict,
        ]);
    }
    table.notes.push(format!(
        "Exact: sum over replies of (part size / {})^2 for a representative code of each \
         pattern; the value is the same for every code of the pattern.",
        game.size().unwrap_or(0)
    ));
    table
}
