//! Claims made of comparisons between arms: a paper's significance groups and a sweep's best
//! point, each decided pair by pair against the margin (see [`parts`](super::parts)).

use super::parts::{Part, Parts, Rule};
use super::test::{Claimed, Side, Test};
use super::{Estimate, Verdict};

/// One arm's samples (games, runs or run means), as a comparison takes them.
#[derive(Debug, Clone, Copy)]
pub struct ArmSamples<'a> {
    /// The arm's label.
    pub label: &'a str,
    /// Its samples.
    pub samples: &'a [f64],
}

/// The margin of a comparison: its value around an arm's mean, and its reason.
pub type MarginOf<'a> = (&'a dyn Fn(f64) -> f64, &'a str);

/// The test of `claimed` of arm `a` minus arm `b`, against the margin around `b`'s mean; `None`
/// where either arm has fewer than two samples.
fn pair_test(
    claimed: Claimed,
    a: ArmSamples<'_>,
    b: ArmSamples<'_>,
    (margin, because): MarginOf<'_>,
    unit: &'static str,
) -> Option<Test> {
    let (ea, eb) = (Estimate::of(a.samples)?, Estimate::of(b.samples)?);
    if ea.se.is_none() || eb.se.is_none() {
        return None;
    }
    Some(Test {
        claimed,
        first: ea.side(),
        second: eb.side(),
        margin: margin(eb.mean),
        margin_reason: because.to_owned(),
        digits: 3,
        censored: None,
        bootstrap: None,
        samples: a.samples.len().max(b.samples.len()),
        unit,
        paper: None,
    })
}

/// Whether two arms share a significance group, from their letters (`"ab"` and `"b"` do).
fn share(a: &str, b: &str) -> bool {
    a.chars().any(|c| b.contains(c))
}

/// The verdict on a paper's significance groups, pair by pair: two arms the paper puts together
/// must not differ by more than the margin (equivalence), two it puts apart must differ by more
/// than the margin in the paper's order (the arm of the earlier letter needs fewer guesses).
/// `paper` gives each grouped arm's letters, `ours` the groups our own tests draw (shown beside
/// the paper's, not judged), `arms` the samples the pairs are judged on.
pub fn compare_groups(
    paper: &[(String, String)],
    ours: &[(String, String)],
    arms: &[ArmSamples<'_>],
    margin: MarginOf<'_>,
    unit: &'static str,
) -> Option<Verdict> {
    if paper.len() < 2 {
        return None;
    }
    let samples = |label: &str| arms.iter().copied().find(|a| a.label == label);
    let mut parts = Vec::new();
    let mut untested = false;
    for (i, (a, la)) in paper.iter().enumerate() {
        for (b, lb) in &paper[i + 1..] {
            let (Some(sa), Some(sb)) = (samples(a), samples(b)) else {
                untested = true;
                continue;
            };
            let (claimed, first, second, label) = if share(la, lb) {
                (Claimed::NotDifferent, sa, sb, format!("{a} and {b} (together in the paper)"))
            } else {
                let first_letter = |l: &str| l.chars().min().unwrap_or('z');
                let (better, worse) =
                    if first_letter(la) <= first_letter(lb) { (sa, sb) } else { (sb, sa) };
                let label =
                    format!("{} fewer than {} (apart in the paper)", better.label, worse.label);
                (Claimed::Fewer, better, worse, label)
            };
            match pair_test(claimed, first, second, margin, unit) {
                Some(test) => parts.push(Part::new(label, test)),
                None => untested = true,
            }
        }
    }
    let describe = |list: &[(String, String)]| {
        paper
            .iter()
            .filter_map(|(label, _)| {
                list.iter().find(|(l, _)| l == label).map(|(_, g)| format!("{label} {g}"))
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let claim = "significance groups".to_owned();
    if untested {
        let mut verdict = Verdict::statement(
            claim,
            describe(ours),
            super::Outcome::NotTestable,
            "Some arms have too few samples here to compare.".to_owned(),
        );
        verdict.paper = describe(paper);
        return Some(verdict);
    }
    let parts = Parts { parts, rule: Rule::All };
    Some(Verdict::of_parts(claim, describe(ours), describe(paper), parts))
}

/// The verdict on "a sweep does best between `lo` and `hi`" (fewer is better), from each swept
/// point's `x` and samples: reproduced when some point in the range is beaten by no other point
/// by more than the margin (non-inferiority against each), contradicted when every point in the
/// range is beaten by more than the margin by some other point.
pub fn best_within(
    claim: String,
    points: &[(f64, Vec<f64>)],
    (lo, hi): (f64, f64),
    margin: MarginOf<'_>,
    unit: &'static str,
) -> Verdict {
    let points: Vec<&(f64, Vec<f64>)> = points.iter().filter(|(_, s)| s.len() >= 2).collect();
    let mean = |s: &[f64]| s.iter().sum::<f64>() / s.len() as f64;
    let best = points.iter().min_by(|a, b| mean(&a.1).total_cmp(&mean(&b.1)));
    let ours = best
        .map_or_else(|| "–".to_owned(), |(x, s)| format!("lowest mean at {x} ({:.2})", mean(s)));
    let mut parts = Vec::new();
    let mut candidates = Vec::new();
    for (x, samples) in points.iter().filter(|(x, _)| (lo..=hi).contains(x)) {
        let mut ids = Vec::new();
        let name = format!("{x}");
        let candidate = ArmSamples { label: &name, samples };
        for (other, theirs) in points.iter().filter(|(o, _)| o != x) {
            let other_name = format!("{other}");
            let rival = ArmSamples { label: &other_name, samples: theirs };
            // The rival does not need fewer than the candidate by more than the margin.
            let Some(test) = pair_test(Claimed::NotFewer, rival, candidate, margin, unit) else {
                continue;
            };
            ids.push(parts.len());
            parts.push(Part::new(format!("{other} does not beat {x}"), test));
        }
        candidates.push((name, ids));
    }
    let parts = Parts { parts, rule: Rule::AnyCandidate(candidates) };
    let paper = format!("best within {lo}-{hi}");
    Verdict::of_parts(claim, ours, paper, parts)
}

/// Ours and the paper's mean as the two sides of a comparison of arms (for callers that build a
/// [`Verdict::comparison`] from samples).
pub fn sides(a: &[f64], b: &[f64]) -> Option<(Side, Side, usize)> {
    let (ea, eb) = (Estimate::of(a)?, Estimate::of(b)?);
    ea.se?;
    eb.se?;
    Some((ea.side(), eb.side(), a.len().max(b.len())))
}
