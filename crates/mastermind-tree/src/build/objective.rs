//! What a candidate is scored by: one cost to minimise per heuristic, computed from the part sizes
//! exactly as the one-ply player computes its value, with the bounds that let the builder stop
//! early.
//!
//! The cost is the player's value negated (see `mastermind_heuristics`' ranking): the number of
//! parts negated for Most parts, the largest part for Worst case, the sum of squared part sizes for
//! Expected size, and `sum s log2 s` for Entropy, summed in reply-index order so that the floating
//! point result is bit for bit the player's. Two costs within [`TOLERANCE`] tie, as in the player.

use mastermind_core::partition::ENTROPY_TOLERANCE;
use mastermind_heuristics::Heuristic;
use std::sync::Arc;

/// Costs closer than this are equal (the player's entropy tolerance; integer costs differ by 1).
pub(crate) const TOLERANCE: f64 = ENTROPY_TOLERANCE;

/// `s log2 s` is tabulated up to this part size and computed beyond it.
const TABLE_LIMIT: usize = 1 << 16;

/// Entropy's balanced bounds ([`Objective::bound_from_parts`]) are tabulated for sets of up to
/// this many codes split into up to [`BALANCED_PARTS`] parts: the splits of one total of a
/// multiset's bound ([`Objective::bound_from_totals`]), looked up once per multiset and node.
/// 8 x 513 entries, 33 KB.
const BALANCED_SETS: usize = 512;
/// See [`BALANCED_SETS`].
const BALANCED_PARTS: usize = 8;

/// A deterministic partition heuristic and its table of `s log2 s`.
#[derive(Debug, Clone)]
pub(crate) struct Objective {
    heuristic: Heuristic,
    /// Shared by every thread's copy (a table of up to 65 537 entries).
    xlogx: Arc<[f64]>,
    /// For Entropy, the balanced bound of `n` codes in `parts` parts at
    /// `(parts - 1) * (balanced_sets + 1) + n` (empty for the other heuristics).
    balanced: Arc<[f64]>,
    /// The largest `n` of `balanced`: the smaller of `max_set` and [`BALANCED_SETS`].
    balanced_sets: usize,
}

impl Objective {
    /// The objective of `heuristic` for sets of at most `max_set` codes (costs exist for the four
    /// partition heuristics only).
    pub fn new(heuristic: Heuristic, max_set: usize) -> Objective {
        let size = if heuristic == Heuristic::Entropy { max_set.min(TABLE_LIMIT) + 1 } else { 0 };
        let xlogx =
            (0..size).map(|s| if s < 2 { 0.0 } else { s as f64 * (s as f64).log2() }).collect();
        let mut objective =
            Objective { heuristic, xlogx, balanced: Arc::new([]), balanced_sets: 0 };
        if heuristic == Heuristic::Entropy {
            let sets = max_set.min(BALANCED_SETS);
            let table = (1..=BALANCED_PARTS)
                .flat_map(|parts| (0..=sets).map(move |n| (n, parts)))
                .map(|(n, parts)| objective.balanced_xlogx(n, parts))
                .collect();
            (objective.balanced, objective.balanced_sets) = (table, sets);
        }
        objective
    }

    /// The heuristic.
    pub fn heuristic(&self) -> Heuristic {
        self.heuristic
    }

    /// Whether every cost is an integer (all but Entropy), so that two costs tie exactly or
    /// differ by at least one.
    pub fn has_integer_costs(&self) -> bool {
        self.heuristic != Heuristic::Entropy
    }

    /// `s log2 s` (0 for 0 and 1).
    #[inline(always)]
    fn xlogx(&self, s: u32) -> f64 {
        match self.xlogx.get(s as usize) {
            Some(&v) => v,
            None => f64::from(s) * f64::from(s).log2(),
        }
    }

    /// The cost of a finished partition (part sizes by reply index).
    #[inline]
    pub fn cost(&self, counts: &[u32]) -> f64 {
        match self.heuristic {
            Heuristic::Entropy => {
                let mut sum = 0.0;
                for &s in counts {
                    if s > 1 {
                        sum += self.xlogx(s);
                    }
                }
                sum
            }
            Heuristic::MostParts => -(counts.iter().filter(|&&s| s > 0).count() as f64),
            Heuristic::ExpectedSize => {
                counts.iter().map(|&s| u64::from(s) * u64::from(s)).sum::<u64>() as f64
            }
            Heuristic::WorstCase => f64::from(counts.iter().copied().max().unwrap_or(0)),
            Heuristic::Random | Heuristic::LocalEntropy => unreachable!("validated away"),
        }
    }

    /// A lower bound on the final cost of a partition whose counts so far are `counts`, with
    /// `remaining` codes still to be placed in at most `replies` parts.
    ///
    /// Part sizes only grow, and the codes still to come add at least what they would add on
    /// their own, spread evenly: for `r` codes over `R` parts, `r^2 / R` to the sum of squares
    /// (Cauchy-Schwarz) and `r log2(r / R)` to `sum s log2 s` (Jensen; `s log2 s` is
    /// superadditive). Summed in any order: a bound need not match the player's rounding.
    #[inline]
    pub fn partial_bound(&self, counts: &[u32], remaining: usize, replies: usize) -> f64 {
        let r = remaining as f64;
        let parts = replies as f64;
        match self.heuristic {
            Heuristic::MostParts => {
                let seen = counts.iter().filter(|&&s| s > 0).count();
                -((seen + remaining).min(replies) as f64)
            }
            Heuristic::WorstCase => f64::from(counts.iter().copied().max().unwrap_or(0)),
            Heuristic::ExpectedSize => {
                let sum: u64 = counts.iter().map(|&s| u64::from(s) * u64::from(s)).sum();
                sum as f64 + r * r / parts
            }
            Heuristic::Entropy => {
                let mut lanes = [0.0f64; 4];
                for (i, &s) in counts.iter().enumerate() {
                    lanes[i % 4] += self.xlogx(s);
                }
                let spread = if r > parts { r * (r / parts).log2() } else { 0.0 };
                lanes[0] + lanes[1] + lanes[2] + lanes[3] + spread
            }
            Heuristic::Random | Heuristic::LocalEntropy => unreachable!("validated away"),
        }
    }

    /// The least cost any partition of `n` codes into `parts` non-empty parts can have: the
    /// balanced one.
    #[inline(always)]
    pub fn bound_from_parts(&self, n: usize, parts: usize) -> f64 {
        let parts = parts.clamp(1, n.max(1));
        match self.heuristic {
            Heuristic::Entropy if parts <= BALANCED_PARTS && n <= self.balanced_sets => {
                self.balanced[(parts - 1) * (self.balanced_sets + 1) + n]
            }
            Heuristic::Entropy => self.balanced_xlogx(n, parts),
            Heuristic::MostParts => -(parts as f64),
            Heuristic::ExpectedSize => balanced_squares(n as u32, parts as u32) as f64,
            Heuristic::WorstCase => n.div_ceil(parts) as f64,
            Heuristic::Random | Heuristic::LocalEntropy => unreachable!("validated away"),
        }
    }

    /// Entropy's balanced bound of `n` codes in `parts` parts (`1..=n`, or 1 for none), summed
    /// as [`cost`](Self::cost) would sum the balanced partition, so that an exact tie stays exact.
    fn balanced_xlogx(&self, n: usize, parts: usize) -> f64 {
        let parts = parts.clamp(1, n.max(1));
        let (q, r) = ((n / parts) as u32, n % parts);
        let mut sum = 0.0;
        for i in 0..parts {
            let s = if i < r { q + 1 } else { q };
            if s > 1 {
                sum += self.xlogx(s);
            }
        }
        sum
    }

    /// A lower bound on the cost of every candidate whose colours (not their places) are one
    /// multiset, from `totals[t]`: how many secrets share `t` colours with it (`t` up to the
    /// number of pegs, the last slot).
    ///
    /// A reply is a total and a number of black pegs, and for a total `t` the black pegs number
    /// at most `t + 1` values (`pegs` values for the full total: one black short cannot happen),
    /// so the secrets of one total split into at most that many parts. Part costs add up
    /// (Entropy, Expected size, Most parts) or take a maximum (Worst case), so each total
    /// contributes its balanced split, as in [`bound_from_parts`](Self::bound_from_parts).
    pub fn bound_from_totals(&self, totals: &[u32]) -> f64 {
        let pegs = totals.len().saturating_sub(1) as u32;
        // Integer forms of `bound_from_parts` summed (or maximised) exactly, in plain loops: this
        // runs once per multiset and node.
        match self.heuristic {
            Heuristic::WorstCase => {
                let mut worst = 0;
                for (t, &m) in (0u32..).zip(totals) {
                    if m > 0 {
                        worst = worst.max(m.div_ceil(most_parts(t, pegs, m)));
                    }
                }
                f64::from(worst)
            }
            Heuristic::MostParts => {
                let mut parts = 0;
                for (t, &m) in (0u32..).zip(totals) {
                    parts += most_parts(t, pegs, m);
                }
                -f64::from(parts)
            }
            Heuristic::ExpectedSize => {
                let mut sum = 0u64;
                for (t, &m) in (0u32..).zip(totals) {
                    if m > 0 {
                        sum += balanced_squares(m, most_parts(t, pegs, m));
                    }
                }
                sum as f64
            }
            Heuristic::Entropy => {
                let mut sum = 0.0;
                for (t, &m) in (0u32..).zip(totals) {
                    if m > 0 {
                        sum += self.bound_from_parts(m as usize, most_parts(t, pegs, m) as usize);
                    }
                }
                sum
            }
            Heuristic::Random | Heuristic::LocalEntropy => unreachable!("validated away"),
        }
    }
}

/// The sum of the squared part sizes of `n` codes split as evenly as possible into `parts`
/// parts (at least one): the least Expected size cost of any such split.
#[inline(always)]
fn balanced_squares(n: u32, parts: u32) -> u64 {
    let (q, r, parts) = (u64::from(n / parts), u64::from(n % parts), u64::from(parts));
    r * (q + 1) * (q + 1) + (parts - r) * q * q
}

/// The most parts the `m` secrets sharing `t` colours with a candidate can split into: one per
/// black-peg count (`t + 1`, or `pegs` for the full total), and never more than `m`.
#[inline(always)]
fn most_parts(t: u32, pegs: u32, m: u32) -> u32 {
    let blacks = if t == pegs { pegs.max(1) } else { t + 1 };
    blacks.min(m)
}

/// Whether `cost` beats `best` strictly (by more than the tolerance).
#[inline(always)]
pub(crate) fn beats(cost: f64, best: f64) -> bool {
    cost < best - TOLERANCE
}

/// Whether a candidate whose cost is at least `bound` can be skipped: it cannot beat `best`.
#[inline(always)]
pub(crate) fn cannot_beat(bound: f64, best: f64) -> bool {
    bound >= best - TOLERANCE / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use mastermind_core::PartitionStats;

    #[test]
    fn costs_are_the_players_values_negated() {
        let counts = [0, 3, 1, 0, 7, 2, 2, 0, 1];
        let stats = PartitionStats::from_counts(&counts);
        let check = |h, value: f64| {
            assert_eq!(Objective::new(h, 100).cost(&counts).to_bits(), (-value).to_bits(), "{h:?}")
        };
        check(Heuristic::Entropy, -stats.sum_xlogx);
        check(Heuristic::MostParts, f64::from(stats.parts));
        check(Heuristic::ExpectedSize, -(stats.sum_squares as f64));
        check(Heuristic::WorstCase, -f64::from(stats.largest));
    }

    #[test]
    fn partial_bounds_never_exceed_the_final_cost() {
        // Every way of completing a partial partition of 6 codes into 4 parts with 5 more codes.
        let partial = [3u32, 0, 2, 1];
        for h in [
            Heuristic::Entropy,
            Heuristic::ExpectedSize,
            Heuristic::WorstCase,
            Heuristic::MostParts,
        ] {
            let objective = Objective::new(h, 100);
            let bound = objective.partial_bound(&partial, 5, 4);
            for a in 0..=5u32 {
                for b in 0..=5 - a {
                    for c in 0..=5 - a - b {
                        let d = 5 - a - b - c;
                        let last = [3 + a, b, 2 + c, 1 + d];
                        assert!(bound <= objective.cost(&last) + 1e-12, "{h:?} {last:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn balanced_partitions_bound_every_partition_with_as_many_parts() {
        for h in [Heuristic::Entropy, Heuristic::ExpectedSize, Heuristic::WorstCase] {
            let objective = Objective::new(h, 100);
            let counts = [5, 1, 1, 9];
            let bound = objective.bound_from_parts(16, 4);
            assert!(bound <= objective.cost(&counts), "{h:?}");
            assert_eq!(bound, objective.cost(&[4, 4, 4, 4]), "{h:?}");
        }
    }

    #[test]
    fn entropy_bounds_are_the_cost_of_the_balanced_partition_bit_for_bit() {
        // The cost of the partition itself, larger parts first as the bound sums them: within
        // the table, past it, and for an objective whose sets stop short of it.
        let balanced_cost = |objective: &Objective, n: usize, parts: usize| {
            let parts = parts.clamp(1, n.max(1));
            let sizes: Vec<u32> =
                (0..parts).map(|i| (n / parts + usize::from(i < n % parts)) as u32).collect();
            objective.cost(&sizes)
        };
        for objective in
            [Objective::new(Heuristic::Entropy, 5000), Objective::new(Heuristic::Entropy, 20)]
        {
            for n in 0..=BALANCED_SETS + 40 {
                for parts in 0..=BALANCED_PARTS + 2 {
                    let bound = objective.bound_from_parts(n, parts);
                    let cost = balanced_cost(&objective, n, parts);
                    assert_eq!(bound.to_bits(), cost.to_bits(), "{n} codes in {parts} parts");
                }
            }
        }
    }

    #[test]
    fn totals_bounds_are_the_balanced_split_of_each_total() {
        // The integer forms against `bound_from_parts`, total by total, over many totals.
        for h in [
            Heuristic::Entropy,
            Heuristic::ExpectedSize,
            Heuristic::WorstCase,
            Heuristic::MostParts,
        ] {
            let objective = Objective::new(h, 1000);
            for seed in 0..500u32 {
                let totals: Vec<u32> =
                    (0..6).map(|t| (seed.wrapping_mul(2654435761) >> (3 * t)) % 40).collect();
                let pegs = totals.len() - 1;
                let parts = |t: usize| if t == pegs { pegs } else { t + 1 };
                let each = totals.iter().enumerate().filter(|(_, m)| **m > 0).map(|(t, &m)| {
                    objective.bound_from_parts(m as usize, parts(t).min(m as usize))
                });
                let expected = match h {
                    Heuristic::WorstCase => each.fold(0.0, f64::max),
                    _ => each.sum(),
                };
                assert_eq!(objective.bound_from_totals(&totals), expected, "{h:?} {totals:?}");
            }
        }
    }

    #[test]
    fn a_multisets_totals_bound_every_arrangement_of_it() {
        // Every 3x4 code against a spread of node sets: the bound from the totals alone never
        // exceeds the cost of the code's own partition, and some code meets it exactly.
        use mastermind_core::score::{score, score_index};
        use mastermind_core::{CodeSet, Game};
        let game = Game::new(3, 4).unwrap();
        let codes = CodeSet::enumerate(game).unwrap().to_vec();
        let slots = game.feedback_count();
        for heuristic in [
            Heuristic::Entropy,
            Heuristic::ExpectedSize,
            Heuristic::WorstCase,
            Heuristic::MostParts,
        ] {
            let objective = Objective::new(heuristic, codes.len());
            let mut met = 0;
            for step in [1, 2, 3, 5, 7, 11] {
                let node: Vec<_> = codes.iter().step_by(step).collect();
                for candidate in &codes {
                    let mut counts = vec![0u32; slots];
                    let mut totals = [0u32; 4];
                    for secret in &node {
                        counts[score_index(secret, candidate)] += 1;
                        let reply = score(secret, candidate);
                        totals[usize::from(reply.black + reply.white)] += 1;
                    }
                    let (bound, cost) =
                        (objective.bound_from_totals(&totals), objective.cost(&counts));
                    assert!(bound <= cost + 1e-9, "{heuristic:?} {candidate} step {step}");
                    met += usize::from(bound == cost);
                }
            }
            assert!(met > 0, "{heuristic:?}: the bound is never tight");
        }
    }
}
