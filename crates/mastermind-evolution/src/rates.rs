//! Operator priorities normalised to application rates, and the draw of one operator by its rate.

use rand::RngExt;

/// Application rates made from priorities: priority `p_i` gives rate `p_i / sum p`, as in Evo++
/// (Table II: crossover 1, mutation 1, permutation 1 give a third each; crossover 8 gives 80%).
#[derive(Debug, Clone, PartialEq)]
pub struct Rates {
    rates: Vec<f64>,
}

impl Rates {
    /// Rates from non-negative priorities with a positive sum; `None` otherwise.
    pub fn from_priorities(priorities: &[f64]) -> Option<Rates> {
        let valid = priorities.iter().all(|p| p.is_finite() && *p >= 0.0);
        let sum: f64 = priorities.iter().sum();
        if !valid || sum <= 0.0 || !sum.is_finite() {
            return None;
        }
        Some(Rates { rates: priorities.iter().map(|p| p / sum).collect() })
    }

    /// The normalised rates, in the order of the priorities (they sum to 1).
    pub fn rates(&self) -> &[f64] {
        &self.rates
    }

    /// The index of an operator drawn with probability equal to its rate.
    pub fn pick(&self, rng: &mut impl RngExt) -> usize {
        let mut u: f64 = rng.random();
        for (i, &r) in self.rates.iter().enumerate() {
            if u < r {
                return i;
            }
            u -= r;
        }
        // Rounding can leave u a hair above the last rate: the last operator with a positive rate.
        self.rates.iter().rposition(|&r| r > 0.0).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mastermind_core::rng_for;

    #[test]
    fn normalises_and_draws_by_rate() {
        let r = Rates::from_priorities(&[8.0, 1.0, 1.0]).unwrap();
        assert_eq!(r.rates(), &[0.8, 0.1, 0.1]);
        assert!(Rates::from_priorities(&[0.0, 0.0]).is_none());
        assert!(Rates::from_priorities(&[1.0, -1.0, 1.0]).is_none());
        assert!(Rates::from_priorities(&[f64::NAN]).is_none());
        let mut rng = rng_for(4, &[]);
        let mut counts = [0u32; 3];
        for _ in 0..30_000 {
            counts[r.pick(&mut rng)] += 1;
        }
        assert!((f64::from(counts[0]) / 30_000.0 - 0.8).abs() < 0.015, "{counts:?}");
        let never = Rates::from_priorities(&[1.0, 0.0]).unwrap();
        assert!((0..1000).all(|_| never.pick(&mut rng) == 0));
    }
}
