//! The self-normalised importance-sampling estimate of the mean game length as a function of theta,
//! and its exact gradient, from games simulated under a reference theta_s.
//!
//! With `w_i = P_theta(X_i) / P_theta_s(X_i)` (Snyder eq. (5)-(12); only the ratio of products of
//! per-turn probabilities is needed) and `h_i` the length of game `i`:
//!
//! - estimate `mu(theta) = sum w_i h_i / sum w_i`;
//! - gradient `sum w_i (h_i - mu) s_i / sum w_i`, where `s_i = d/dtheta ln P_theta(X_i)` is the
//!   score function: the sum over turns of the played guess's features minus their expectation.
//!
//! A sample is compressed once: per game its first guess's colour class, the number of consistent
//! later guesses, and the multiset of consistent-set sizes `m_t` of its later turns (long games
//! repeat `m = 1` many times). Evaluating at a new theta computes each distinct `m`'s
//! log-normaliser once, then one short sum per game; chunks of games are summed in parallel in a
//! fixed order, so the result does not depend on the thread count.

use crate::error::ImportanceError;
use crate::model::PolicyModel;
use crate::record::GameRecord;
use crate::theta::{DIM, Theta};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

/// Games per parallel chunk (fixed, so sums are always added in the same order).
const CHUNK: usize = 2048;

/// The importance-sampling estimate at one theta.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    /// The estimate of the mean game length under theta.
    pub mean_length: f64,
    /// Its gradient with respect to theta (`theta_1..theta_4`).
    pub gradient: [f64; DIM],
    /// Kish's effective sample size, `(sum w)^2 / sum w^2` (equal to the number of games at
    /// `theta = theta_s`).
    pub effective_sample_size: f64,
}

/// A sample of recorded games under a reference theta, ready to be re-weighted.
#[derive(Debug, Clone)]
pub struct ImportanceSample {
    model: PolicyModel,
    reference: Theta,
    lengths: Vec<f64>,
    first_class: Vec<u8>,
    consistent_turns: Vec<f64>,
    /// Game `i`'s `(slot, count)` pairs are `entries[offsets[i]..offsets[i + 1]]`.
    offsets: Vec<usize>,
    entries: Vec<(u32, u32)>,
    /// The distinct consistent-set sizes of the sample; `slot` indexes this.
    sizes: Vec<u64>,
    reference_log_prob: Vec<f64>,
}

/// Everything about theta that the per-game sums need.
struct ThetaTables {
    theta: Theta,
    first_log_z: f64,
    first_p: [f64; 4],
    /// `ln(m e^theta_4 + N - m)` per slot.
    later_log_z: Vec<f64>,
    /// `E[f_4]` per slot.
    later_p: Vec<f64>,
}

/// Partial sums of one chunk, relative to the chunk's largest log-weight.
#[derive(Clone, Copy)]
struct Sums {
    max: f64,
    w: f64,
    w2: f64,
    wh: f64,
    ws: [f64; DIM],
    whs: [f64; DIM],
}

impl Sums {
    fn merge(self, other: Sums) -> Sums {
        if other.w == 0.0 {
            return self;
        }
        if self.w == 0.0 {
            return other;
        }
        let max = self.max.max(other.max);
        let (a, b) = ((self.max - max).exp(), (other.max - max).exp());
        let mut out = Sums {
            max,
            w: self.w * a + other.w * b,
            w2: self.w2 * a * a + other.w2 * b * b,
            wh: self.wh * a + other.wh * b,
            ws: [0.0; DIM],
            whs: [0.0; DIM],
        };
        for j in 0..DIM {
            out.ws[j] = self.ws[j] * a + other.ws[j] * b;
            out.whs[j] = self.whs[j] * a + other.whs[j] * b;
        }
        out
    }
}

impl ImportanceSample {
    /// Compresses `games`, simulated under `reference`, for re-weighting under `model`.
    pub fn new(
        model: &PolicyModel,
        reference: Theta,
        games: &[GameRecord],
    ) -> Result<ImportanceSample, ImportanceError> {
        if games.is_empty() {
            return Err(ImportanceError::EmptySample);
        }
        reference.validate("reference")?;
        for (index, record) in games.iter().enumerate() {
            model
                .check_record(record)
                .map_err(|reason| ImportanceError::BadRecord { index, reason })?;
        }
        let mut sizes: Vec<u64> =
            games.iter().flat_map(|g| g.later.iter().map(|t| u64::from(t.candidates))).collect();
        sizes.sort_unstable();
        sizes.dedup();
        let mut offsets = Vec::with_capacity(games.len() + 1);
        let mut entries = Vec::new();
        let mut scratch: Vec<u32> = Vec::new();
        offsets.push(0);
        for g in games {
            scratch.clear();
            scratch.extend(g.later.iter().map(|t| t.candidates));
            scratch.sort_unstable();
            for run in scratch.chunk_by(|a, b| a == b) {
                let slot = sizes.binary_search(&u64::from(run[0])).expect("size was collected");
                entries.push((slot as u32, run.len() as u32));
            }
            offsets.push(entries.len());
        }
        let mut sample = ImportanceSample {
            model: *model,
            reference,
            lengths: games.iter().map(GameRecord::length).collect(),
            first_class: games
                .iter()
                .map(|g| PolicyModel::class_of(u32::from(g.first_distinct)) as u8)
                .collect(),
            consistent_turns: games.iter().map(|g| f64::from(g.consistent_turns())).collect(),
            offsets,
            entries,
            sizes,
            reference_log_prob: Vec::new(),
        };
        let tables = sample.tables(&reference);
        sample.reference_log_prob =
            (0..games.len()).map(|i| sample.log_prob_and_score(&tables, i).0).collect();
        Ok(sample)
    }

    /// Number of games.
    pub fn len(&self) -> usize {
        self.lengths.len()
    }

    /// Always false: a sample has at least one game.
    pub fn is_empty(&self) -> bool {
        self.lengths.is_empty()
    }

    /// The theta the games were simulated under.
    pub fn reference(&self) -> Theta {
        self.reference
    }

    /// The plain mean game length of the sample (the estimate at the reference theta).
    pub fn sample_mean(&self) -> f64 {
        self.lengths.iter().sum::<f64>() / self.len() as f64
    }

    fn tables(&self, theta: &Theta) -> ThetaTables {
        let first_log_z = self.model.first_log_normaliser(theta);
        let first_p = self.model.first_class_probabilities(theta);
        let later_log_z = self
            .sizes
            .iter()
            .map(|&m| self.model.later_log_normaliser(theta.consistent, m))
            .collect();
        let later_p = self
            .sizes
            .iter()
            .map(|&m| self.model.consistent_probability(theta.consistent, m))
            .collect();
        ThetaTables { theta: *theta, first_log_z, first_p, later_log_z, later_p }
    }

    /// `ln P_theta(X_i)` and the score `d/dtheta ln P_theta(X_i)` of game `i`.
    fn log_prob_and_score(&self, t: &ThetaTables, i: usize) -> (f64, [f64; DIM]) {
        let class = usize::from(self.first_class[i]);
        let c = self.consistent_turns[i];
        let mut log_p = t.theta.first_exponent(class) - t.first_log_z + t.theta.consistent * c;
        let mut score = [0.0; DIM];
        for (j, s) in score.iter_mut().take(3).enumerate() {
            *s = f64::from(u8::from(class == j)) - t.first_p[j];
        }
        score[3] = c;
        for &(slot, count) in &self.entries[self.offsets[i]..self.offsets[i + 1]] {
            let count = f64::from(count);
            log_p -= count * t.later_log_z[slot as usize];
            score[3] -= count * t.later_p[slot as usize];
        }
        (log_p, score)
    }

    /// The estimate of the mean game length at `theta`, its gradient and effective sample size.
    pub fn estimate(&self, theta: &Theta) -> Estimate {
        let t = self.tables(theta);
        let n = self.len();
        let chunks = n.div_ceil(CHUNK);
        let parts: Vec<Sums> = (0..chunks)
            .into_par_iter()
            .map(|c| self.sums(&t, c * CHUNK..((c + 1) * CHUNK).min(n)))
            .collect();
        let total = parts.into_iter().reduce(Sums::merge).expect("a sample has games");
        let mean = total.wh / total.w;
        let gradient: [f64; DIM] =
            std::array::from_fn(|j| total.whs[j] / total.w - mean * total.ws[j] / total.w);
        Estimate {
            mean_length: mean,
            gradient,
            effective_sample_size: total.w * total.w / total.w2,
        }
    }

    /// The partial sums of the games in `range`, relative to their largest log-weight.
    fn sums(&self, t: &ThetaTables, range: std::ops::Range<usize>) -> Sums {
        let rows: Vec<(usize, f64, [f64; DIM])> = range
            .map(|i| {
                let (log_p, score) = self.log_prob_and_score(t, i);
                (i, log_p - self.reference_log_prob[i], score)
            })
            .collect();
        let max = rows.iter().map(|r| r.1).fold(f64::NEG_INFINITY, f64::max);
        let mut sums = Sums { max, w: 0.0, w2: 0.0, wh: 0.0, ws: [0.0; DIM], whs: [0.0; DIM] };
        for (i, log_w, score) in rows {
            let w = (log_w - max).exp();
            let h = self.lengths[i];
            sums.w += w;
            sums.w2 += w * w;
            sums.wh += w * h;
            for (j, s) in score.iter().enumerate() {
                sums.ws[j] += w * s;
                sums.whs[j] += w * h * s;
            }
        }
        sums
    }
}
