//! The reading of a paper's number as the best of repeated batches: Justus reports "17
//! generations, which is the best average over 1000 tests that I recorded", a minimum over the
//! batch means he recorded rather than one mean, and a minimum is biased low.
//!
//! An arm with `batches: Some(B)` plays `B` batches of its runs (in run order), and its claim is
//! judged on the smallest batch mean. That statistic has no closed-form error, so its standard
//! deviation comes from a seeded bootstrap (runs resampled within each batch, the minimum taken
//! again); the paper prints none for its own minimum, so ours stands in for it as for every other
//! number of the paper, over the same design (`B` batches of the paper's runs). Both sides then
//! enter the one verdict rule as a difference with its error; more runs per batch shrink only
//! ours.

use super::spec::JustusPaper;
use crate::spec::printed::PaperValue;
use crate::spec::raw::Judging;
use crate::spec::values::Finite;
use mastermind_core::LabRng;
use mastermind_core::seed::name_id;
use mastermind_report::verdict::{self, Estimate, PaperPrecision, Printed, Verdict};
use rand::{RngExt, SeedableRng};

/// Bootstrap replicates of the minimum.
const REPLICATES: usize = 2000;

/// The smallest of the batch means of `samples`, split in run order into `batches` equal batches
/// (a remainder is left out).
pub fn best_batch_mean(samples: &[f64], batches: u32) -> Option<f64> {
    let per = samples.len() / batches.max(1) as usize;
    (per > 0).then(|| {
        samples
            .chunks_exact(per)
            .take(batches as usize)
            .map(|batch| batch.iter().sum::<f64>() / per as f64)
            .fold(f64::INFINITY, f64::min)
    })
}

/// The standard deviation of the best batch mean, by a bootstrap seeded from `claim`: each
/// replicate resamples every batch's runs with replacement and takes the smallest mean again.
fn bootstrap_sd(claim: &str, samples: &[f64], batches: u32) -> Option<f64> {
    let per = samples.len() / batches.max(1) as usize;
    if per < 2 {
        return None;
    }
    let mut rng = LabRng::seed_from_u64(name_id(claim));
    let replicates: Vec<f64> = (0..REPLICATES)
        .map(|_| {
            samples
                .chunks_exact(per)
                .take(batches as usize)
                .map(|batch| {
                    (0..per).map(|_| batch[rng.random_range(0..per)]).sum::<f64>() / per as f64
                })
                .fold(f64::INFINITY, f64::min)
        })
        .collect();
    Estimate::of(&replicates).and_then(|e| e.sd())
}

/// The verdict on the paper's `value` read as the best of `batches` batch means of `samples`
/// (the generations of the arm's runs, in run order), against the spec's margin.
pub fn verdict(
    claim: String,
    samples: &[f64],
    batches: u32,
    (value, paper): (PaperValue, &JustusPaper),
    judging: &Judging,
) -> Option<Verdict> {
    let per = samples.len() / batches.max(1) as usize;
    let best = best_batch_mean(samples, batches)?;
    let sd = bootstrap_sd(&claim, samples, batches)?;
    let ours = Estimate { mean: best, se: Some(sd), df: None };
    // The paper's minimum has the spread of ours over its own design: its n per batch where the
    // spec states it (judged as a point otherwise).
    let printed = Printed {
        unit: paper.rounded_to.map(Finite::get),
        ..Printed::new(value.get(), value.decimals())
    };
    let printed = match judging.paper_n() {
        Some(n) => Printed {
            se: Some(sd * (per as f64 / n as f64).sqrt()),
            df: None,
            precision: PaperPrecision::Sample { n, sd_printed: false },
            ..printed
        },
        None => printed,
    };
    let mut verdict = verdict::compare(claim, ours, printed, judging.margin.as_ref())
        .counting("runs")
        .with_cap(judging.cap());
    if let Some(test) = &mut verdict.test {
        // Our samples per arm are the runs of a batch: more of them narrow each batch mean.
        test.samples = per;
    }
    verdict.ours = format!("{} (best of {batches} batch means of {per} runs)", verdict.ours);
    Some(verdict)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_best_batch_is_the_smallest_mean_in_run_order() {
        let samples = [10.0, 12.0, 20.0, 22.0, 15.0, 17.0, 99.0];
        assert_eq!(best_batch_mean(&samples, 3), Some(11.0));
        assert_eq!(best_batch_mean(&samples, 1), Some(samples.iter().sum::<f64>() / 7.0));
        assert_eq!(best_batch_mean(&samples[..2], 3), None);
    }

    #[test]
    fn a_minimum_of_batches_lies_below_their_mean() {
        // Six batches of one level: the best batch mean lies below the common mean, as a
        // minimum of several estimates of one level is biased low.
        let mut rng = LabRng::seed_from_u64(7);
        let samples: Vec<f64> = (0..6000).map(|_| f64::from(rng.random_range(10..30u32))).collect();
        let mean = samples.iter().sum::<f64>() / samples.len() as f64;
        let best = best_batch_mean(&samples, 6).unwrap();
        assert!(best < mean, "{best} {mean}");
        let sd = bootstrap_sd("c", &samples, 6).unwrap();
        // A batch mean of 1000 draws from 10..30 has an sd of about 5.8 / sqrt(1000) = 0.18.
        assert!((0.05..0.3).contains(&sd), "{sd}");
    }
}
