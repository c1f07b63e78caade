//! Grouping of several samples into statistically indistinguishable sets, the way papers
//! draw lines beside a sorted result table, and its compact letter display.
//!
//! The samples are sorted by mean, ascending (smaller is better, as for "mean number of
//! guesses"); a *group* is a maximal run of consecutive samples in that order in which
//! no pair differs significantly at level `alpha` under a two-sided pairwise test. Runs
//! contained in another run are not reported, so every sample is in at least one group
//! and groups may overlap (when `a ~ b` and `b ~ c` but `a` and `c` differ).
//!
//! The pairwise tests of a grouping are one family: [`group_samples`] and [`group_samples_by`]
//! compare each p-value with `alpha` as it is, [`group_samples_corrected`] first corrects the
//! family's p-values (Holm's method, see [`crate::multiple`]).

use crate::moments::{check, mean_and_ss};
use crate::multiple::Correction;
use crate::{Alternative, StatsError, pooled_t_test, rank_sum, welch_t_test};
use serde::{Deserialize, Serialize};

/// A test of two samples against each other: the one choice of test of the workspace (a spec's
/// `test: (kind: ...)` names a variant).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum PairTest {
    /// The Wilcoxon rank-sum test (Mann-Whitney), tie-corrected, with [`rank_sum()`]'s choice
    /// of exact or asymptotic p-value.
    #[default]
    RankSum,
    /// Welch's unequal-variance t-test ([`welch_t_test`]).
    Welch,
    /// The pooled two-sample t-test ([`pooled_t_test`]).
    Pooled,
}

impl PairTest {
    /// The two-sided p-value of this test of `x` against `y`.
    ///
    /// # Errors
    ///
    /// Whatever the underlying test returns for unusable samples.
    pub fn p_value(self, x: &[f64], y: &[f64]) -> Result<f64, StatsError> {
        self.p_value_for(x, y, Alternative::TwoSided)
    }

    /// The p-value of this test of `x` against `y` under `alternative`.
    ///
    /// # Errors
    ///
    /// Whatever the underlying test returns for unusable samples.
    pub fn p_value_for(
        self,
        x: &[f64],
        y: &[f64],
        alternative: Alternative,
    ) -> Result<f64, StatsError> {
        Ok(match self {
            PairTest::RankSum => rank_sum(x, y, alternative)?.p_value,
            PairTest::Welch => welch_t_test(x, y, alternative)?.p_value,
            PairTest::Pooled => pooled_t_test(x, y, alternative)?.p_value,
        })
    }

    /// The test's name in a caption.
    pub fn name(self) -> &'static str {
        match self {
            PairTest::RankSum => "Wilcoxon rank-sum",
            PairTest::Welch => "Welch's t",
            PairTest::Pooled => "pooled t",
        }
    }
}

/// Samples sorted by mean and split into indistinguishable groups. All indices refer to
/// the caller's slice of samples, so names and other labels stay with the caller.
#[derive(Debug, Clone, PartialEq)]
pub struct Grouping {
    /// Sample indices by ascending mean (ties keep the input order).
    order: Vec<usize>,
    /// Each group's sample indices, in sorted order; groups ordered by first member.
    groups: Vec<Vec<usize>>,
    /// Pairwise p-values (corrected, if the grouping was), row-major `k × k` by input index; 1 on
    /// the diagonal.
    p_values: Vec<f64>,
}

impl Grouping {
    /// Sample indices sorted by ascending mean.
    pub fn order(&self) -> &[usize] {
        &self.order
    }

    /// The groups: maximal runs of the sorted order with no significant pairwise
    /// difference, each listing sample indices in sorted order, the group holding the
    /// smallest mean first.
    pub fn groups(&self) -> &[Vec<usize>] {
        &self.groups
    }

    /// The pairwise test's p-value for samples `i` and `j` (input indices), after the
    /// grouping's correction; 1 when `i == j`, `None` when either index is out of range.
    pub fn p_value(&self, i: usize, j: usize) -> Option<f64> {
        let k = self.order.len();
        (i < k && j < k).then(|| self.p_values[i * k + j])
    }

    /// The compact letter display: for each sample, by input index, the letters of the
    /// groups that contain it (`"a"`, `"ab"`, `"b"`, ...). The first group (smallest
    /// means) is `a`; after `z` come `A` to `Z`.
    ///
    /// # Errors
    ///
    /// [`StatsError::TooManyGroups`] if there are more than 52 groups.
    pub fn letters(&self) -> Result<Vec<String>, StatsError> {
        const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
        if self.groups.len() > LETTERS.len() {
            return Err(StatsError::TooManyGroups { groups: self.groups.len() });
        }
        let mut letters = vec![String::new(); self.order.len()];
        for (group, &letter) in self.groups.iter().zip(LETTERS) {
            for &sample in group {
                letters[sample].push(char::from(letter));
            }
        }
        Ok(letters)
    }
}

/// Sorts `samples` by mean and groups them with the two-sided `test` at level `alpha`:
/// two samples differ significantly when their p-value is below `alpha`.
///
/// No samples give an empty grouping; one sample gives one group.
///
/// # Errors
///
/// [`StatsError::InvalidAlpha`] unless `0 < alpha < 1`; [`StatsError::Sample`] if a
/// sample is empty or not finite; [`StatsError::Pair`] if the test fails on a pair (for
/// example the t-tests on two constant samples, or on a sample of one value).
pub fn group_samples<S: AsRef<[f64]>>(
    samples: &[S],
    alpha: f64,
    test: PairTest,
) -> Result<Grouping, StatsError> {
    group_samples_by(samples, alpha, |x, y| test.p_value(x, y))
}

/// As [`group_samples`], with the family of all pairwise p-values corrected by `correction`
/// before they are compared with `alpha` (with [`Correction::Holm`], the chance that any two
/// samples of equal distribution are split is at most `alpha`).
///
/// # Errors
///
/// As [`group_samples`].
pub fn group_samples_corrected<S: AsRef<[f64]>>(
    samples: &[S],
    alpha: f64,
    test: PairTest,
    correction: Correction,
) -> Result<Grouping, StatsError> {
    grouping(samples, alpha, |x, y| test.p_value(x, y), correction)
}

/// As [`group_samples`], with any pairwise test: `p_value(x, y)` returns the p-value of
/// the (two-sided, symmetric) test of `x` against `y`.
///
/// # Errors
///
/// As [`group_samples`], plus [`StatsError::Pair`] wrapping
/// [`StatsError::InvalidPValue`] if `p_value` returns something outside `[0, 1]`.
pub fn group_samples_by<S, F>(samples: &[S], alpha: f64, p_value: F) -> Result<Grouping, StatsError>
where
    S: AsRef<[f64]>,
    F: FnMut(&[f64], &[f64]) -> Result<f64, StatsError>,
{
    grouping(samples, alpha, p_value, Correction::None)
}

fn grouping<S, F>(
    samples: &[S],
    alpha: f64,
    mut p_value: F,
    correction: Correction,
) -> Result<Grouping, StatsError>
where
    S: AsRef<[f64]>,
    F: FnMut(&[f64], &[f64]) -> Result<f64, StatsError>,
{
    if !(alpha > 0.0 && alpha < 1.0) {
        return Err(StatsError::InvalidAlpha(alpha));
    }
    let k = samples.len();
    let mut means = Vec::with_capacity(k);
    for (index, sample) in samples.iter().enumerate() {
        let data = sample.as_ref();
        let mean = check("data", data, 1)
            .and_then(|()| mean_and_ss("data", data))
            .map_err(|source| StatsError::Sample { index, source: Box::new(source) })?
            .0;
        means.push(mean);
    }
    let mut order: Vec<usize> = (0..k).collect();
    order.sort_by(|&a, &b| means[a].total_cmp(&means[b]));

    let mut p_values = vec![1.0; k * k];
    for i in 0..k {
        for j in i + 1..k {
            let p = p_value(samples[i].as_ref(), samples[j].as_ref())
                .and_then(|p| {
                    if (0.0..=1.0).contains(&p) { Ok(p) } else { Err(StatsError::InvalidPValue(p)) }
                })
                .map_err(|source| StatsError::Pair {
                    first: i,
                    second: j,
                    source: Box::new(source),
                })?;
            p_values[i * k + j] = p;
            p_values[j * k + i] = p;
        }
    }
    let pairs: Vec<(usize, usize)> = (0..k).flat_map(|i| (i + 1..k).map(move |j| (i, j))).collect();
    let family: Vec<f64> = pairs.iter().map(|&(i, j)| p_values[i * k + j]).collect();
    for (&(i, j), p) in pairs.iter().zip(correction.adjust(&family)) {
        p_values[i * k + j] = p;
        p_values[j * k + i] = p;
    }

    // Same as: positions a and b of the sorted order are not significantly different.
    let alike = |a: usize, b: usize| p_values[order[a] * k + order[b]] >= alpha;
    let mut groups = Vec::new();
    // `end` is the last position of the longest valid run starting at `start`; it never
    // decreases with `start`, since a valid run stays valid without its first member.
    let mut previous_end = None;
    for start in 0..k {
        let mut end = previous_end.map_or(start, |e: usize| e.max(start));
        while end + 1 < k && (start..=end).all(|a| alike(a, end + 1)) {
            end += 1;
        }
        if previous_end.is_none_or(|e| end > e) {
            groups.push(order[start..=end].to_vec());
        }
        previous_end = Some(end);
    }
    Ok(Grouping { order, groups, p_values })
}
