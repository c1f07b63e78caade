//! A verdict's sentence, rendered from its parts (the test, the interval, the lean, the games
//! needed, the readings tried): nothing here decides anything. Every number in it is kept apart
//! from its wording ([`Wording`]), so that claims saying the same thing can be shown together.

use super::power::Needed;
use super::test::{Claimed, PaperPrecision, Test};
use super::wording::Wording;
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

/// The sentence of a verdict (see [`Verdict::wording`]).
pub(super) fn wording(v: &Verdict) -> Wording {
    let mut out = match &v.readings.explained_by {
        Some((reading, default)) => Wording::words(format!(
            "Reproduced under the reading \"{}\" (arm {}). Under the default: ",
            reading.name, reading.arm
        ))
        .and(Wording::joined([outcome_sentence(v, *default), needed_sentence(v)])),
        None => Wording::joined([outcome_sentence(v, v.outcome), needed_sentence(v)]),
    };
    if v.outcome == Outcome::Contradicted {
        let tried = &v.readings.tried;
        if !tried.is_empty() {
            let all = tried.iter().all(|(_, o)| *o == Outcome::Contradicted);
            let listed: Vec<String> =
                tried.iter().map(|(name, outcome)| format!("{name}: {}", outcome.name())).collect();
            let sentence = if all { EVERY_READING } else { NO_READING };
            out = Wording::joined([
                out,
                Wording::words(format!(
                    "{sentence} ({}; see the sensitivity table).",
                    listed.join("; ")
                )),
            ]);
        } else if v.no_other_reading.is_some() {
            let why = Wording::words(format!("{NO_OTHER} (the sensitivity table says why)."));
            out = Wording::joined([out, why]);
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
        out = Wording::joined([out, Wording::words(point)]);
    }
    out
}

/// What the claim's outcome `outcome` rests on.
fn outcome_sentence(v: &Verdict, outcome: Outcome) -> Wording {
    if let (Some(test), Some(interval)) = (&v.test, &v.interval) {
        return test_sentence(test, outcome, interval, v.lean);
    }
    if let Some(parts) = &v.parts {
        if outcome == Outcome::Reproduced {
            return Wording::new();
        }
        let lead = match outcome {
            Outcome::Contradicted => "Failing",
            _ => "Undecided",
        };
        let mut out = Wording::words(lead);
        if let Some(i) = parts.parts.iter().find_map(|p| p.interval) {
            let level = format!("{:.2}%", 100.0 * (1.0 - 2.0 * i.alpha));
            out = out.then(" (").number("level", level).then(" intervals)");
        }
        out = out.then(": ");
        let shown = parts.parts.iter().filter(|p| match outcome {
            Outcome::Contradicted => p.outcome == Outcome::Contradicted,
            _ => p.outcome != Outcome::Reproduced,
        });
        for (k, p) in shown.enumerate() {
            let d = p.test.digits;
            if k > 0 {
                out = out.then("; ");
            }
            out = out.then(format!("{}: {}", p.label, p.outcome.name()));
            if let Some(i) = p.interval {
                out = out
                    .then(" ")
                    .number("interval", format!("[{:+.d$}, {:+.d$}]", i.lower, i.upper));
            }
            let margin = format!("±{:.m$}", p.test.margin, m = d.max(1));
            out = out.then(" against ").number("margin", margin);
        }
        return out.then(".");
    }
    Wording::words(v.note.clone())
}

/// The numbers of one test's sentence, as printed.
struct Printed {
    range: String,
    level: String,
    margin: String,
    minus_margin: String,
}

impl Printed {
    fn of(test: &Test, interval: &Interval) -> Printed {
        let d = test.digits;
        let m = d.max(1);
        Printed {
            range: format!("[{:+.d$}, {:+.d$}]", interval.lower, interval.upper),
            level: format!("{:.2}%", 100.0 * (1.0 - 2.0 * interval.alpha)),
            margin: format!("±{:.m$}", test.margin),
            minus_margin: format!("-{:.m$}", test.margin),
        }
    }

    /// "The 99.74% interval of the difference, [a, b], "
    fn interval_of_the_difference(&self) -> Wording {
        Wording::words("The ")
            .number("level", &self.level)
            .then(" interval of the difference, ")
            .number("interval", &self.range)
            .then(", ")
    }

    /// "the 99.74% interval [a, b]"
    fn the_interval(&self) -> Wording {
        Wording::words("the ")
            .number("level", &self.level)
            .then(" interval ")
            .number("interval", &self.range)
    }
}

/// The sentence of one test's outcome.
fn test_sentence(
    test: &Test,
    outcome: Outcome,
    interval: &Interval,
    lean: Option<Lean>,
) -> Wording {
    let d = test.digits;
    let p = Printed::of(test, interval);
    if let Some(share) = test.censored.filter(|&s| s > 0.0) {
        return censored_sentence(share, outcome, p);
    }
    let difference = test.difference();
    let exact = difference.se == 0.0 && test.bootstrap.is_none();
    match (outcome, test.claimed) {
        (Outcome::Reproduced | Outcome::Explained | Outcome::NotTestable, _) => Wording::new(),
        (_, Claimed::Equal) if exact => Wording::words("Exact values: ours is ")
            .number("difference", format!("{:.d$}", difference.estimate.abs()))
            .then(if difference.estimate > 0.0 { " above" } else { " below" })
            .then(" the paper's, beyond its rounding ")
            .number("margin", p.margin)
            .then("."),
        (Outcome::Contradicted, Claimed::Equal | Claimed::NotDifferent) => p
            .interval_of_the_difference()
            .then("lies beyond the margin ")
            .number("margin", p.margin)
            .then("."),
        (Outcome::Contradicted, Claimed::Fewer) => {
            Wording::words("The first arm does not need fewer guesses by more than the margin: ")
                .and(p.the_interval())
                .then(" lies above ")
                .number("margin", p.minus_margin)
                .then(".")
        }
        (Outcome::Contradicted, Claimed::Different) => {
            Wording::words("No difference beyond the margin: ")
                .and(p.the_interval())
                .then(" lies within ")
                .number("margin", p.margin)
                .then(".")
        }
        (Outcome::Contradicted, Claimed::NotFewer) => {
            Wording::words("The first arm needs fewer guesses by more than the margin: ")
                .and(p.the_interval())
                .then(" lies below ")
                .number("margin", p.minus_margin)
                .then(".")
        }
        (Outcome::WithinPaperPrecision, _) => {
            let band = test.paper_half_width(interval.alpha).unwrap_or(0.0);
            p.interval_of_the_difference()
                .then("includes zero, and the paper's own error alone (")
                .number("paper's error", format!("±{band:.d$}"))
                .then(" at this level) is at least the margin ")
                .number("margin", p.margin)
                .then(": no number of our games can decide it.")
        }
        _ => {
            let bound = match test.claimed {
                Claimed::Fewer | Claimed::NotFewer => p.minus_margin.clone(),
                _ => p.margin.clone(),
            };
            let leaning = lean.map_or_else(String::new, |lean| lean_clause(test, lean));
            p.interval_of_the_difference()
                .then("reaches both sides of ")
                .number("margin", bound)
                .then(format!("{leaning}."))
        }
    }
}

/// The sentence of a censored claim: `share` of our runs stopped at the cap, so ours is a
/// lower bound, which can contradict the paper's number but never reproduce it.
fn censored_sentence(share: f64, outcome: Outcome, p: Printed) -> Wording {
    let capped = Wording::new()
        .number("share capped", format!("{:.1}%", 100.0 * share))
        .then(" of the runs stopped at the cap, so ours is a lower bound");
    match outcome {
        Outcome::Contradicted => capped
            .then(", and even that lies beyond the margin ")
            .number("margin", p.margin)
            .then(": the ")
            .number("level", p.level)
            .then(" interval of the difference is ")
            .number("interval", p.range)
            .then("."),
        _ => capped
            .then(": the true difference is at least ")
            .number("interval", p.range)
            .then(" (")
            .number("level", p.level)
            .then("), which the margin ")
            .number("margin", p.margin)
            .then(" cannot decide; a higher cap would."),
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
fn needed_sentence(v: &Verdict) -> Wording {
    let unit = v
        .test
        .as_ref()
        .or_else(|| v.parts.as_ref().and_then(|p| p.parts.first().map(|p| &p.test)))
        .map_or("games", |t| t.unit);
    let observed = "At the observed difference ";
    match v.needed {
        None => Wording::new(),
        Some(Needed::Never) => {
            let paper =
                v.test.as_ref().and_then(|t| v.interval.and_then(|i| t.paper_half_width(i.alpha)));
            match paper {
                Some(band) if v.outcome != Outcome::WithinPaperPrecision => {
                    let d = v.test.as_ref().map_or(3, |t| t.digits);
                    Wording::words(format!(
                        "{observed}no number of our {unit} decides it: the paper's own error \
                         alone ("
                    ))
                    .number("paper's error", format!("±{band:.d$}"))
                    .then(") keeps the interval across the margin.")
                }
                Some(_) => Wording::new(),
                None => Wording::words(format!("{observed}no number of our {unit} decides it.")),
            }
        }
        Some(Needed::Games { per_arm, factor, outcome }) => {
            let needed = Wording::words(observed)
                .number("needed", thousands(per_arm))
                .then(format!(" {unit} per arm ("));
            if factor > v.cap {
                needed
                    .number("multiple", format!("{factor:.0}x"))
                    .then(format!(
                        " ours) would decide it ({}), beyond the spec's cap of ",
                        outcome.name()
                    ))
                    .number("cap", format!("{}x", v.cap))
                    .then(".")
            } else {
                needed
                    .number("multiple", format!("{factor:.1}x"))
                    .then(format!(" ours) would decide it ({}).", outcome.name()))
            }
        }
    }
}
