//! The policy's probabilities in closed form: normalisers, log-probabilities, expected features
//! and the score function, computed from counts alone (never from a pass over the code set).
//!
//! Features (Snyder eq. (22)-(25)): on the first turn a code's exponent is `theta_c` for its colour
//! class `c` (1, 2 or 3 distinct colours; 4 or more is the baseline `0`); on every later turn it is
//! `theta_4` if the code is consistent with all replies so far and `0` otherwise. So the first
//! turn's normaliser is `sum_c k_c e^theta_c` (eq. (28)) with `k_c` the number of codes of class `c`,
//! and a later turn's is `m e^theta_4 + (N - m)` (eq. (29)-(30)).

use crate::error::ImportanceError;
use crate::record::{GameRecord, LaterTurn};
use crate::theta::{DIM, Theta};
use mastermind_core::{Code, Game, History};

/// Number of first-guess colour classes: 1, 2, 3 distinct colours, and 4 or more (baseline).
pub const CLASSES: usize = 4;

/// The counts that define every normaliser of the policy in one game size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PolicyModel {
    game: Game,
    code_count: u64,
    class_counts: [u64; CLASSES],
}

/// `ln(e^a + e^b)` without overflow.
pub(crate) fn log_add_exp(a: f64, b: f64) -> f64 {
    if a == f64::NEG_INFINITY {
        return b;
    }
    if b == f64::NEG_INFINITY {
        return a;
    }
    let (hi, lo) = if a >= b { (a, b) } else { (b, a) };
    hi + (lo - hi).exp().ln_1p()
}

/// `n choose k` in 128 bits (small arguments only).
fn choose(n: u128, k: u128) -> u128 {
    (0..k).fold(1u128, |acc, i| acc * (n - i) / (i + 1))
}

/// Number of maps from `pegs` positions onto exactly `d` colours (surjections).
fn surjections(pegs: u32, d: u32) -> u128 {
    // Inclusion-exclusion: sum_i (-1)^i C(d, i) (d - i)^pegs.
    let mut total: i128 = 0;
    for i in 0..=d {
        let term = (choose(u128::from(d), u128::from(i)) * u128::from(d - i).pow(pegs)) as i128;
        total += if i % 2 == 0 { term } else { -term };
    }
    total as u128
}

impl PolicyModel {
    /// The model of `game`; errors when the code space does not fit 64 bits.
    pub fn new(game: Game) -> Result<PolicyModel, ImportanceError> {
        let Some(code_count) = game.size() else {
            return Err(ImportanceError::invalid(
                "game",
                game,
                "a game whose code space has fewer than 2^64 codes",
            ));
        };
        let (pegs, colours) = (u32::from(game.pegs()), u128::from(game.colours()));
        let mut class_counts = [0u64; CLASSES];
        for d in 1..=3u32 {
            if d <= pegs && u128::from(d) <= colours {
                class_counts[d as usize - 1] =
                    (choose(colours, u128::from(d)) * surjections(pegs, d)) as u64;
            }
        }
        class_counts[3] = code_count - class_counts[..3].iter().sum::<u64>();
        Ok(PolicyModel { game, code_count, class_counts })
    }

    /// The game size.
    pub fn game(&self) -> Game {
        self.game
    }

    /// `N`, the size of the code space.
    pub fn code_count(&self) -> u64 {
        self.code_count
    }

    /// `k_1, k_2, k_3` and the baseline count (codes with 1, 2, 3 and 4 or more distinct colours).
    pub fn class_counts(&self) -> [u64; CLASSES] {
        self.class_counts
    }

    /// The colour class (`0..4`) of a code with `distinct` distinct colours.
    pub fn class_of(distinct: u32) -> usize {
        (distinct.clamp(1, 4) - 1) as usize
    }

    /// `ln sum_c k_c e^theta_c`: the log-normaliser of the first turn.
    pub fn first_log_normaliser(&self, theta: &Theta) -> f64 {
        (0..CLASSES)
            .filter(|&c| self.class_counts[c] > 0)
            .map(|c| (self.class_counts[c] as f64).ln() + theta.first_exponent(c))
            .fold(f64::NEG_INFINITY, log_add_exp)
    }

    /// The probability that the first guess falls in each colour class (`k_c e^theta_c / Z_1`).
    /// The first three entries are also `E[f_1], E[f_2], E[f_3]` on the first turn.
    pub fn first_class_probabilities(&self, theta: &Theta) -> [f64; CLASSES] {
        let log_z = self.first_log_normaliser(theta);
        let mut p = [0.0; CLASSES];
        for (c, slot) in p.iter_mut().enumerate() {
            if self.class_counts[c] > 0 {
                *slot =
                    ((self.class_counts[c] as f64).ln() + theta.first_exponent(c) - log_z).exp();
            }
        }
        p
    }

    /// Log-probability of one particular first guess with `distinct` distinct colours.
    pub fn first_log_prob(&self, theta: &Theta, distinct: u32) -> f64 {
        theta.first_exponent(PolicyModel::class_of(distinct)) - self.first_log_normaliser(theta)
    }

    /// Probability that a later turn with `candidates` consistent codes plays a consistent one:
    /// `m e^theta_4 / (m e^theta_4 + N - m)`, which is also `E[f_4]` on that turn.
    pub fn consistent_probability(&self, consistent_weight: f64, candidates: u64) -> f64 {
        let rest = self.code_count.saturating_sub(candidates);
        if candidates == 0 {
            0.0
        } else if rest == 0 {
            1.0
        } else {
            1.0 / (1.0 + (rest as f64 / candidates as f64) * (-consistent_weight).exp())
        }
    }

    /// `ln(m e^theta_4 + N - m)`: the log-normaliser of a later turn with `candidates` = `m`.
    pub fn later_log_normaliser(&self, consistent_weight: f64, candidates: u64) -> f64 {
        let rest = self.code_count.saturating_sub(candidates);
        let a = if candidates == 0 {
            f64::NEG_INFINITY
        } else {
            (candidates as f64).ln() + consistent_weight
        };
        let b = if rest == 0 { f64::NEG_INFINITY } else { (rest as f64).ln() };
        log_add_exp(a, b)
    }

    /// Log-probability of the guess played on a later turn.
    pub fn later_log_prob(&self, theta: &Theta, turn: LaterTurn) -> f64 {
        let exponent = if turn.consistent { theta.consistent } else { 0.0 };
        exponent - self.later_log_normaliser(theta.consistent, u64::from(turn.candidates))
    }

    /// `ln P_theta(game)`, eq. (27): the sum of the per-turn log-probabilities.
    pub fn game_log_prob(&self, theta: &Theta, record: &GameRecord) -> f64 {
        let first = self.first_log_prob(theta, u32::from(record.first_distinct));
        record.later.iter().fold(first, |acc, &t| acc + self.later_log_prob(theta, t))
    }

    /// The score function `d/dtheta ln P_theta(game)`: the sum over turns of the played guess's
    /// features minus their expectation under theta given the history.
    pub fn game_score(&self, theta: &Theta, record: &GameRecord) -> [f64; DIM] {
        let mut s = [0.0; DIM];
        let p = self.first_class_probabilities(theta);
        let class = PolicyModel::class_of(u32::from(record.first_distinct));
        for j in 0..3 {
            s[j] = f64::from(u8::from(class == j)) - p[j];
        }
        for t in &record.later {
            let expected = self.consistent_probability(theta.consistent, u64::from(t.candidates));
            s[3] += f64::from(u8::from(t.consistent)) - expected;
        }
        s
    }

    /// Checks that a record has a positive probability under this model (its first guess's class
    /// exists, every later turn's played side is non-empty) and `guesses = 1 + later turns`.
    pub fn check_record(&self, record: &GameRecord) -> Result<(), String> {
        let distinct = u32::from(record.first_distinct);
        if distinct == 0 || distinct > u32::from(self.game.pegs()) {
            return Err(format!("first guess with {distinct} distinct colours"));
        }
        if record.guesses as usize != record.later.len() + 1 {
            return Err(format!(
                "{} guesses but {} later turns",
                record.guesses,
                record.later.len()
            ));
        }
        for (i, t) in record.later.iter().enumerate() {
            let m = u64::from(t.candidates);
            if m > self.code_count
                || (t.consistent && m == 0)
                || (!t.consistent && m == self.code_count)
            {
                return Err(format!("turn {} is impossible: {t:?}", i + 2));
            }
        }
        Ok(())
    }
}

/// The policy's distribution over `codes` given `history`, computed literally: every code gets its
/// score `exp(sum_j f_j theta_j)` and the scores are normalised. A reference for tests and readers;
/// players use the two-stage sampler instead. Consistency is checked with [`History`] directly (not
/// counted: this is not a player).
#[allow(clippy::disallowed_methods)] // A reference for tests and readers, not a player.
pub fn literal_probabilities(codes: &[Code], history: &History, theta: &Theta) -> Vec<f64> {
    let exponents: Vec<f64> = codes
        .iter()
        .map(|code| {
            if history.is_empty() {
                theta.first_exponent(PolicyModel::class_of(code.distinct_colours()))
            } else if history.is_consistent(code) {
                theta.consistent
            } else {
                0.0
            }
        })
        .collect();
    let top = exponents.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let weights: Vec<f64> = exponents.iter().map(|e| (e - top).exp()).collect();
    let total: f64 = weights.iter().sum();
    weights.iter().map(|w| w / total).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use mastermind_core::CodeSet;

    #[test]
    fn class_counts_match_enumeration() {
        for (pegs, colours) in [(4, 6), (3, 3), (1, 5), (2, 2), (5, 8), (4, 3), (6, 9)] {
            let game = Game::new(pegs, colours).unwrap();
            let model = PolicyModel::new(game).unwrap();
            let mut counted = [0u64; CLASSES];
            for code in CodeSet::enumerate(game).unwrap().iter() {
                counted[PolicyModel::class_of(code.distinct_colours())] += 1;
            }
            assert_eq!(model.class_counts(), counted, "{game}");
        }
        // 4x6: 6 one-colour, 210 two-colour, 720 three-colour, 360 four-colour codes.
        assert_eq!(PolicyModel::new(Game::CLASSIC).unwrap().class_counts(), [6, 210, 720, 360]);
    }

    #[test]
    fn log_add_exp_is_stable() {
        assert!((log_add_exp(0.0, 0.0) - 2f64.ln()).abs() < 1e-15);
        assert_eq!(log_add_exp(1000.0, 0.0), 1000.0);
        assert_eq!(log_add_exp(f64::NEG_INFINITY, 3.0), 3.0);
    }
}
