//! A verdict's sentence, rendered from its parts (the test, the interval, the lean, the games
//! needed, the readings tried): nothing here decides anything.

use super::power::Needed;
use super::test::{Claimed, PaperPrecision, Test};
use super::{Lean, Outcome, Verdict};
use crate::counts::thousands;
use mastermind_stats::equivalence::Interval;

/// How a contradicted claim says that every other reading an arm plays contradicts it too.
pub(super) const EVERY_READING: &str = "Contradicted under every reading tried";
/// How a contradicted claim says that no other reading an arm plays reproduces it, though one
/// or more leave it undecided (inconclusive, or not testable): it is not contradicted under
/// those.
pub(super) const NO_READING: &str = "Reproduced under no reading tried";
/// How a contradicted claim says that the spec finds no other reading of the paper for it.
pub(super) const NO_OTHER: &str = "No other reading of the paper applies";

/// The sentence of a verdict (see [`Verdict::why`]).
pub(super) fn why(v: &Verdict) -> String {
    let mut out = match &v.readings.explained_by {
        Some((reading, default)) => format!(
            "Reproduced under the reading \"{}\" (arm {}). Under the default: {}",
            reading.name,
            reading.arm,
            join(&[outcome_sentence(v, *default), needed_sentence(v)])
        ),
        None => join(&[outcome_sentence(v, v.outcome), needed_sentence(v)]),
    };
    if v.outcome == Outcome::Contradicted {
        let tried = &v.readings.tried;
        if !tried.is_empty() {
            let all = tried.iter().all(|(_, o)| *o == Outcome::Contradicted);
            let listed: Vec<String> =
                tried.iter().map(|(name, outcome)| format!("{name}: {}", outcome.name())).collect();
            let sentence = if all { EVERY_READING } else { NO_READING };
            out = join(&[
                out,
                format!("{sentence} ({}; see the sensitivity table).", listed.join("; ")),
            ]);
        } else if v.no_other_reading.is_some() {
            out = join(&[out, format!("{NO_OTHER} (the sensitivity table says why).")]);
        }
    }
    if let Some(test) = v.test.as_ref().filter(|t| t.paper == Some(PaperPrecision::Point)) {
        let point = if test.bootstrap.is_some() {
            "The paper gives no error for a threshold read off its curve: its number is judged \
             as a point."
        } else {
            "The paper states no sample size: its number is judged as a point, with no error of \
             its own."
        };
        out = join(&[out, point.to_owned()]);
    }
    out
}

/// Sentences joined by a space, the empty ones left out.
fn join(sentences: &[String]) -> String {
    sentences.iter().filter(|s| !s.is_empty()).cloned().collect::<Vec<_>>().join(" ")
}

/// What the claim's outcome `outcome` rests on.
fn outcome_sentence(v: &Verdict, outcome: Outcome) -> String {
    if let (Some(test), Some(interval)) = (&v.test, &v.interval) {
        return test_sentence(test, outcome, interval, v.lean);
    }
    if let Some(parts) = &v.parts {
        if outcome == Outcome::Reproduced {
            return String::new();
        }
        let shown: Vec<String> = parts
            .parts
            .iter()
            .filter(|p| match outcome {
                Outcome::Contradicted => p.outcome == Outcome::Contradicted,
                _ => p.outcome != Outcome::Reproduced,
            })
            .map(|p| {
                let d = p.test.digits;
                let range = p
                    .interval
                    .map_or_else(String::new, |i| format!(" [{:+.d$}, {:+.d$}]", i.lower, i.upper));
                let margin = format!("±{:.m$}", p.test.margin, m = d.max(1));
                format!("{}: {}{range} against {margin}", p.label, p.outcome.name())
            })
            .collect();
        let lead = match outcome {
            Outcome::Contradicted => "Failing",
            _ => "Undecided",
        };
        let level = parts.parts.iter().find_map(|p| p.interval).map_or_else(String::new, |i| {
            format!(" ({:.2}% intervals)", 100.0 * (1.0 - 2.0 * i.alpha))
        });
        return format!("{lead}{level}: {}.", shown.join("; "));
    }
    v.note.clone()
}

/// The sentence of one test's outcome.
fn test_sentence(test: &Test, outcome: Outcome, interval: &Interval, lean: Option<Lean>) -> String {
    let d = test.digits;
    let range = format!("[{:+.d$}, {:+.d$}]", interval.lower, interval.upper);
    let level = 100.0 * (1.0 - 2.0 * interval.alpha);
    let margin = format!("±{:.m$}", test.margin, m = d.max(1));
    let minus_margin = format!("-{:.m$}", test.margin, m = d.max(1));
    if let Some(share) = test.censored.filter(|&s| s > 0.0) {
        let capped = format!(
            "{:.1}% of the runs stopped at the cap, so ours is a lower bound",
            100.0 * share
        );
        return match outcome {
            Outcome::Contradicted => format!(
                "{capped}, and even that lies beyond the margin {margin}: the {level:.2}% \
                 interval of the difference is {range}."
            ),
            _ => format!(
                "{capped}: the true difference is at least {range} ({level:.2}%), which the \
                 margin {margin} cannot decide; a higher cap would."
            ),
        };
    }
    let difference = test.difference();
    let exact = difference.se == 0.0 && test.bootstrap.is_none();
    match (outcome, test.claimed) {
        (Outcome::Reproduced | Outcome::Explained | Outcome::NotTestable, _) => String::new(),
        (_, Claimed::Equal) if exact => format!(
            "Exact values: ours is {:.d$} {} the paper's, beyond its rounding {margin}.",
            difference.estimate.abs(),
            if difference.estimate > 0.0 { "above" } else { "below" },
        ),
        (Outcome::Contradicted, Claimed::Equal | Claimed::NotDifferent) => format!(
            "The {level:.2}% interval of the difference, {range}, lies beyond the margin {margin}."
        ),
        (Outcome::Contradicted, Claimed::Fewer) => format!(
            "The first arm does not need fewer guesses by more than the margin: the {level:.2}% \
             interval {range} lies above {minus_margin}."
        ),
        (Outcome::Contradicted, Claimed::Different) => format!(
            "No difference beyond the margin: the {level:.2}% interval {range} lies within \
             {margin}."
        ),
        (Outcome::Contradicted, Claimed::NotFewer) => format!(
            "The first arm needs fewer guesses by more than the margin: the {level:.2}% interval \
             {range} lies below {minus_margin}."
        ),
        (Outcome::WithinPaperPrecision, _) => {
            let band = test.paper_half_width(interval.alpha).unwrap_or(0.0);
            format!(
                "The {level:.2}% interval of the difference, {range}, includes zero, and the \
                 paper's own error alone (±{band:.d$} at this level) is at least the margin \
                 {margin}: no number of our games can decide it."
            )
        }
        _ => {
            let bound = match test.claimed {
                Claimed::Fewer | Claimed::NotFewer => minus_margin,
                _ => margin,
            };
            let leaning = lean.map_or_else(String::new, |lean| lean_clause(test, lean));
            format!(
                "The {level:.2}% interval of the difference, {range}, reaches both sides of \
                 {bound}{leaning}."
            )
        }
    }
}

/// Which way an undecided interval leans, as a clause.
fn lean_clause(test: &Test, lean: Lean) -> String {
    let against_paper = test.paper.is_some();
    let (subject, object) =
        if against_paper { ("ours", "the paper's") } else { ("the first arm", "the second") };
    match lean {
        Lean::NoDifference => "; it includes zero (no significant difference)".to_owned(),
        Lean::Above => format!("; it excludes zero: {subject} lies significantly above {object}"),
        Lean::Below => format!("; it excludes zero: {subject} lies significantly below {object}"),
    }
}

/// How many games would decide an undecided claim, as a sentence.
fn needed_sentence(v: &Verdict) -> String {
    let unit = v
        .test
        .as_ref()
        .or_else(|| v.parts.as_ref().and_then(|p| p.parts.first().map(|p| &p.test)))
        .map_or("games", |t| t.unit);
    match v.needed {
        None => String::new(),
        Some(Needed::Never) => {
            let paper =
                v.test.as_ref().and_then(|t| v.interval.and_then(|i| t.paper_half_width(i.alpha)));
            match paper {
                Some(band) if v.outcome != Outcome::WithinPaperPrecision => format!(
                    "At the observed difference no number of our {unit} decides it: the paper's \
                     own error alone (±{band:.d$}) keeps the interval across the margin.",
                    d = v.test.as_ref().map_or(3, |t| t.digits)
                ),
                Some(_) => String::new(),
                None => format!("At the observed difference no number of our {unit} decides it."),
            }
        }
        Some(Needed::Games { per_arm, factor, outcome }) => {
            let count = thousands(per_arm);
            if factor > v.cap {
                format!(
                    "At the observed difference {count} {unit} per arm ({factor:.0}x ours) would \
                     decide it ({}), beyond the spec's cap of {}x.",
                    outcome.name(),
                    v.cap
                )
            } else {
                format!(
                    "At the observed difference {count} {unit} per arm ({factor:.1}x ours) would \
                     decide it ({}).",
                    outcome.name()
                )
            }
        }
    }
}
