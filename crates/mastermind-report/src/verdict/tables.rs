//! A spec's verdicts as tables: its claims, and the sensitivity of each to the paper's readings.

use super::power::Needed;
use super::{Outcome, Verdict};
use crate::counts::{count_of, thousands};
use crate::table::Table;

/// The header of a verdict table that quotes its paper (one that quotes none heads its third
/// column "claimed").
pub const HEADER: [&str; 10] = [
    "claim",
    "ours (95% CI)",
    "paper",
    "difference [interval]",
    "half-widths: paper's, ours",
    "margin",
    "per arm: ours → to decide",
    "verdict",
    "why",
    "hypothesis",
];

/// A spec's verdicts as a table for its section (its own claims; alternative readings are in
/// [`sensitivity_table`]).
pub fn section_table(verdicts: &[Verdict]) -> Table {
    let mut reasons: Vec<String> = Vec::new();
    let tests = verdicts.iter().filter(|v| v.is_claim()).flat_map(|v| {
        v.test.iter().chain(v.parts.iter().flat_map(|p| p.parts.iter().map(|part| &part.test)))
    });
    for test in tests {
        if !reasons.contains(&test.margin_reason) {
            reasons.push(test.margin_reason.clone());
        }
    }
    let margins = if reasons.is_empty() {
        String::new()
    } else {
        format!(" Margins: {}.", reasons.join("; "))
    };
    // A spec of one's own, or a section that quotes no number of its paper, states its claims
    // itself, and its third column holds what each claims, not a paper's number.
    let mut header = HEADER;
    let whose = if verdicts.iter().any(Verdict::quotes_paper) {
        "Each claim of the paper that this spec tests"
    } else {
        header[2] = "claimed";
        "Each claim of this spec"
    };
    let mut table = Table::new(
        format!(
            "**Verdicts.** {whose}, judged from the stored data by equivalence within the margin \
             (see the report's opening for the rules).{margins}"
        ),
        &header,
    );
    for v in verdicts.iter().filter(|v| v.is_claim()) {
        table.row(row(v));
    }
    table
}

/// The sensitivity table of a spec: for every claim some arm plays under another reading of the
/// paper, each reading's value and verdict (none when no arm plays another reading).
pub fn sensitivity_table(verdicts: &[Verdict]) -> Option<Table> {
    let caption = if verdicts.iter().any(Verdict::quotes_paper) {
        "**Sensitivity to the paper's open readings.** For each claim, the default reading (first) \
         and every other reading an arm of this spec plays, each judged against the paper's \
         number with the same margin and level; where the spec tries no other reading, why none \
         applies."
    } else {
        "**Sensitivity to the readings.** For each claim, the default reading (first) and every \
         other reading an arm of this spec plays, each judged with the same margin and level; \
         where the spec tries no other reading, why none applies."
    };
    let mut table = Table::new(
        caption,
        &[
            "claim",
            "reading",
            "arm",
            "ours (95% CI)",
            "difference [interval]",
            "verdict",
            "because",
        ],
    );
    let mut any = false;
    for claim in verdicts.iter().filter(|v| v.is_claim()) {
        let others: Vec<&Verdict> =
            verdicts.iter().filter(|v| !v.is_claim() && v.claim == claim.claim).collect();
        if others.is_empty() && claim.no_other_reading.is_none() {
            continue;
        }
        any = true;
        for v in std::iter::once(claim).chain(others) {
            let (name, arm, because) = match &v.reading {
                Some(r) => (r.name.clone(), r.arm.clone(), r.because.clone()),
                None => ("as specified".to_owned(), "–".to_owned(), "–".to_owned()),
            };
            let outcome = if v.is_claim() && v.outcome == Outcome::Explained {
                "not reproduced".to_owned()
            } else {
                v.outcome.name().to_owned()
            };
            table.row(vec![
                v.claim.clone(),
                name,
                arm,
                v.ours.clone(),
                interval_cell(v),
                outcome,
                because,
            ]);
        }
        if let Some(because) = &claim.no_other_reading {
            table.row(vec![
                claim.claim.clone(),
                "no other reading applies".to_owned(),
                "–".to_owned(),
                "–".to_owned(),
                "–".to_owned(),
                "–".to_owned(),
                because.clone(),
            ]);
        }
    }
    any.then_some(table)
}

/// The difference and its interval, as a cell.
fn interval_cell(v: &Verdict) -> String {
    match (&v.test, &v.interval) {
        (Some(t), Some(i)) => {
            let d = t.digits;
            if i.lower == i.upper {
                format!("{:+.d$}", t.difference().estimate)
            } else {
                format!("{:+.d$} [{:+.d$}, {:+.d$}]", t.difference().estimate, i.lower, i.upper)
            }
        }
        _ => "–".to_owned(),
    }
}

/// What each side adds to the interval, as a cell: the paper's half-width alone and ours alone,
/// at the verdict's level (the interval's own half-width combines the two in quadrature).
fn half_widths_cell(v: &Verdict) -> String {
    let (Some(t), Some(i)) = (&v.test, &v.interval) else { return "–".to_owned() };
    if t.bootstrap.is_some() {
        return "–".to_owned();
    }
    let d = t.digits;
    let q = mastermind_stats::equivalence::quantile(1.0 - i.alpha, t.difference().df);
    let of = |ours: bool| {
        let se =
            [t.first, t.second].iter().filter(|s| s.ours == ours).map(|s| s.se * s.se).sum::<f64>();
        q * se.sqrt()
    };
    match t.paper {
        Some(super::PaperPrecision::Point) => format!("point, ±{:.d$}", of(true)),
        Some(_) => format!("±{:.d$}, ±{:.d$}", of(false), of(true)),
        None => format!("–, ±{:.d$}", of(true)),
    }
}

/// The margin, as a cell: the test's, the parts' (where they share one), or why none applies.
fn margin_cell(v: &Verdict) -> String {
    let of = |t: &super::Test| format!("±{:.d$}", t.margin, d = t.digits.max(1));
    if let Some(t) = &v.test {
        return of(t);
    }
    if let Some(parts) = &v.parts {
        let mut margins: Vec<String> = parts.parts.iter().map(|p| of(&p.test)).collect();
        margins.dedup();
        return match margins.as_slice() {
            [] => "–".to_owned(),
            [one] => one.clone(),
            [first, .., last] => format!("{first} to {last}"),
        };
    }
    match &v.no_margin {
        Some(because) => format!("none ({because})"),
        None => "–".to_owned(),
    }
}

/// Our samples per arm behind a claim with a sampling error and, where it is undecided, how many
/// would decide it at the observed difference (the verdict's power search), as a cell.
fn samples_cell(v: &Verdict) -> String {
    let first_part = v.parts.as_ref().and_then(|p| p.parts.first().map(|part| &part.test));
    let Some(test) = v.test.as_ref().or(first_part) else { return "–".to_owned() };
    if !v.sampled() {
        return "exact".to_owned();
    }
    let samples = v.parts.as_ref().map_or(test.samples, |p| p.samples());
    let ours = count_of(samples as u64, test.unit);
    match v.needed {
        None => ours,
        Some(Needed::Never) => format!("{ours} → none decides"),
        Some(Needed::Games { per_arm, factor, .. }) => {
            let beyond = if factor > v.cap {
                format!(" (beyond the {}x cap)", v.cap)
            } else {
                String::new()
            };
            format!("{ours} → {}{beyond}", thousands(per_arm))
        }
    }
}

/// The cells of one verdict, as [`HEADER`] names them.
pub fn row(v: &Verdict) -> Vec<String> {
    let dash = |s: &str| if s.is_empty() { "–".to_owned() } else { s.to_owned() };
    vec![
        v.claim.clone(),
        v.ours.clone(),
        v.paper.clone(),
        interval_cell(v),
        half_widths_cell(v),
        margin_cell(v),
        samples_cell(v),
        v.outcome.name().to_owned(),
        dash(&v.why()),
        dash(v.hypothesis.as_deref().unwrap_or_default()),
    ]
}
