//! Corrections of a family of p-values for multiple comparisons.
//!
//! A table that tests 12 arms pairwise makes 66 tests; at alpha = 0.05 about three of them would
//! come out "significant" by chance alone if no arm differed. Holm's step-down method keeps the
//! chance of any false rejection in the family at most alpha, for any dependence between the
//! tests, and rejects everything Bonferroni's method rejects (and usually more).

/// How a family of p-values is corrected before they are compared with alpha.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Correction {
    /// No correction: each p-value is compared with alpha as it is.
    None,
    /// Holm's step-down method ([`holm`]).
    #[default]
    Holm,
}

impl Correction {
    /// The family's p-values after the correction, in the input order.
    pub fn adjust(self, p_values: &[f64]) -> Vec<f64> {
        match self {
            Correction::None => p_values.to_vec(),
            Correction::Holm => holm(p_values),
        }
    }
}

/// Holm-adjusted p-values (as R's `p.adjust(p, "holm")`): with the `m` p-values sorted
/// ascending, the `i`-th (from 0) becomes `max over j <= i of min(1, (m - j) p_(j))`. A test is
/// rejected at family-wise level alpha when its adjusted p-value is below alpha. NaN values
/// stay NaN and do not count in `m`.
pub fn holm(p_values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..p_values.len()).filter(|&i| !p_values[i].is_nan()).collect();
    order.sort_by(|&a, &b| p_values[a].total_cmp(&p_values[b]));
    let m = order.len();
    let mut adjusted = p_values.to_vec();
    let mut running: f64 = 0.0;
    for (rank, &i) in order.iter().enumerate() {
        running = running.max(((m - rank) as f64 * p_values[i]).min(1.0));
        adjusted[i] = running;
    }
    adjusted
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(p: &[f64], expect: &[f64]) {
        let got = holm(p);
        assert_eq!(got.len(), expect.len());
        for (g, e) in got.iter().zip(expect) {
            assert!((g - e).abs() < 1e-12 || (g.is_nan() && e.is_nan()), "{got:?} vs {expect:?}");
        }
    }

    #[test]
    fn matches_r_p_adjust_holm() {
        // p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm")
        check(&[0.01, 0.04, 0.03, 0.005], &[0.03, 0.06, 0.06, 0.02]);
        // p.adjust(c(0.5, 0.2, 0.9), "holm")
        check(&[0.5, 0.2, 0.9], &[1.0, 0.6, 1.0]);
        check(&[0.02], &[0.02]);
        check(&[], &[]);
        check(&[0.01, f64::NAN, 0.04], &[0.02, f64::NAN, 0.04]);
    }

    #[test]
    fn none_leaves_p_values_alone() {
        assert_eq!(Correction::None.adjust(&[0.01, 0.04]), vec![0.01, 0.04]);
        assert_eq!(Correction::Holm.adjust(&[0.01, 0.04]), vec![0.02, 0.04]);
    }
}
