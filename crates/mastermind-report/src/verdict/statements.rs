//! Statements decided by the paper's own procedure: significance groups and a sweep's best point.

use super::{ALPHA, Outcome, Verdict};
use mastermind_stats::{Alternative, holm, welch_t_test};

/// The verdict on a paper's significance groups: two arms share a group in the paper exactly when
/// they share one here. `paper` and `ours` are each arm's label with its group letters (arms the
/// paper does not group are left out); `hypothesis` is the spec's unmeasured reason for a difference.
pub fn compare_groups(
    paper: &[(String, String)],
    ours: &[(String, String)],
    hypothesis: Option<&str>,
) -> Option<Verdict> {
    if paper.len() < 2 {
        return None;
    }
    let letters_of = |list: &[(String, String)], label: &str| {
        list.iter().find(|(l, _)| l == label).map(|(_, g)| g.clone())
    };
    let share = |a: &str, b: &str| a.chars().any(|c| b.contains(c));
    let mut disagreements = Vec::new();
    let mut testable = true;
    for (i, (a, pa)) in paper.iter().enumerate() {
        for (b, pb) in &paper[i + 1..] {
            match (letters_of(ours, a), letters_of(ours, b)) {
                (Some(oa), Some(ob)) if oa != "–" && ob != "–" => {
                    let (theirs, here) = (share(pa, pb), share(&oa, &ob));
                    if theirs != here {
                        let said = if theirs { "together" } else { "apart" };
                        let found = if here { "together" } else { "apart" };
                        disagreements
                            .push(format!("{a} and {b} ({said} in the paper, {found} here)"));
                    }
                }
                _ => testable = false,
            }
        }
    }
    let describe = |list: &[(String, String)]| {
        paper
            .iter()
            .filter_map(|(label, _)| letters_of(list, label).map(|g| format!("{label} {g}")))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (outcome, why) = if !testable {
        (Outcome::NotTestable, "Some arms have no significance test here.".to_owned())
    } else if disagreements.is_empty() {
        (Outcome::Reproduced, String::new())
    } else {
        (Outcome::Contradicted, format!("{}.", disagreements.join("; ")))
    };
    let mut verdict =
        Verdict::statement("significance groups".to_owned(), describe(ours), outcome, why)
            .with_hypothesis(hypothesis);
    verdict.paper = describe(paper);
    Some(verdict)
}

/// The verdict on "a sweep does best between `lo` and `hi`" (fewer is better), from each swept
/// point's `x` and samples: it holds when some point in the range is beaten by no other point,
/// by one-sided Welch tests against every other point, Holm-corrected at [`ALPHA`] (picking the
/// best of many noisy means would otherwise make almost any other point look beaten).
pub fn best_within(
    claim: String,
    points: &[(f64, Vec<f64>)],
    (lo, hi): (f64, f64),
    hypothesis: Option<&str>,
) -> Verdict {
    let points: Vec<&(f64, Vec<f64>)> = points.iter().filter(|(_, s)| !s.is_empty()).collect();
    let mean = |s: &[f64]| s.iter().sum::<f64>() / s.len() as f64;
    let Some((best_x, best)) =
        points.iter().map(|p| (p.0, &p.1)).min_by(|a, b| mean(a.1).total_cmp(&mean(b.1)))
    else {
        return Verdict::statement(
            claim,
            "–".into(),
            Outcome::NotTestable,
            "No point has data.".into(),
        );
    };
    let unbeaten = |x: f64, samples: &[f64]| {
        let p: Vec<f64> = points
            .iter()
            .filter(|(other, _)| *other != x)
            .map(|(_, o)| {
                welch_t_test(o, samples, Alternative::Less).map_or(f64::NAN, |t| t.p_value)
            })
            .collect();
        holm(&p).iter().all(|&adjusted| adjusted.is_nan() || adjusted >= ALPHA)
    };
    let holds = points.iter().any(|(x, s)| (lo..=hi).contains(x) && unbeaten(*x, s));
    let ours = format!("lowest mean at {best_x} ({:.2})", mean(best));
    Verdict::judged(claim, ours, holds, hypothesis, || {
        format!(
            "Every point from {lo} to {hi} is beaten by another point (one-sided Welch tests, \
             Holm-corrected, alpha = {ALPHA})."
        )
    })
}
