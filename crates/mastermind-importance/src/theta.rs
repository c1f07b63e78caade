//! The strategic parameter vector theta of Snyder's Case 1 policy, its validation and constants.

use crate::error::ImportanceError;
use serde::{Deserialize, Serialize};

/// Number of coordinates of theta.
pub const DIM: usize = 4;

/// The largest allowed `|theta_j|`. In double precision every value beyond about 710 already
/// makes the choice it weighs certain or impossible; the bound only keeps arithmetic finite.
pub const MAX_ABS_THETA: f64 = 1.0e6;

/// Snyder's parameter vector, eq. (23): the guess probability is proportional to
/// `exp(sum_j f_j theta_j)`.
///
/// - `one_colour`, `two_colours`, `three_colours` (`theta_1..theta_3`) weigh a *first* guess with
///   1, 2 or 3 distinct colours; a first guess with 4 or more distinct colours is the baseline
///   (weight `e^0`).
/// - `consistent` (`theta_4`) weighs a later guess that is consistent with every reply so far.
///
/// In a spec: `theta: (one_colour: 0.0, two_colours: 0.0, three_colours: 0.0, consistent: 5.0)`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Theta {
    /// `theta_1`: weight of a first guess with one colour (`AAAA`).
    pub one_colour: f64,
    /// `theta_2`: weight of a first guess with two colours (`AABB`, `AAAB`).
    pub two_colours: f64,
    /// `theta_3`: weight of a first guess with three colours (`AABC`).
    pub three_colours: f64,
    /// `theta_4`: weight of a later guess consistent with every reply so far.
    pub consistent: f64,
}

/// The field names of theta's coordinates, in order.
pub const FIELD_NAMES: [&str; DIM] = ["one_colour", "two_colours", "three_colours", "consistent"];

impl Theta {
    /// The thesis's starting point, `theta_0 = (0, 0, 0, 5)` (mean game length 12.571 there).
    pub const THESIS_INITIAL: Theta = Theta::new(0.0, 0.0, 0.0, 5.0);

    /// The thesis's fitted value after 25 000 steps, eq. (32): `(-0.488, -1.458, 5.944, 82.371)`.
    pub const THESIS_FITTED: Theta = Theta::new(-0.488, -1.458, 5.944, 82.371);

    /// Uniformly random consistent play: `theta_4 = 1000` makes `e^theta_4` overflow to infinity,
    /// so an inconsistent code gets probability exactly zero and the first guess is uniform.
    pub const RANDOM_CONSISTENT: Theta = Theta::new(0.0, 0.0, 0.0, 1000.0);

    /// A parameter vector from its four coordinates.
    pub const fn new(
        one_colour: f64,
        two_colours: f64,
        three_colours: f64,
        consistent: f64,
    ) -> Theta {
        Theta { one_colour, two_colours, three_colours, consistent }
    }

    /// The coordinates as an array, `theta_1` first.
    pub const fn to_array(self) -> [f64; DIM] {
        [self.one_colour, self.two_colours, self.three_colours, self.consistent]
    }

    /// A parameter vector from an array, `theta_1` first.
    pub const fn from_array(a: [f64; DIM]) -> Theta {
        Theta::new(a[0], a[1], a[2], a[3])
    }

    /// The weight exponent of a first guess in colour class `class` (0, 1, 2 for 1, 2, 3
    /// distinct colours; 3 for the baseline of 4 or more).
    pub(crate) fn first_exponent(&self, class: usize) -> f64 {
        match class {
            0 => self.one_colour,
            1 => self.two_colours,
            2 => self.three_colours,
            _ => 0.0,
        }
    }

    /// Checks every coordinate is finite with `|theta_j| <= MAX_ABS_THETA`; errors name the field
    /// as `{prefix}.{coordinate}`.
    pub fn validate(&self, prefix: &str) -> Result<(), ImportanceError> {
        for (name, value) in FIELD_NAMES.iter().zip(self.to_array()) {
            if !value.is_finite() || value.abs() > MAX_ABS_THETA {
                return Err(ImportanceError::invalid(
                    format!("{prefix}.{name}"),
                    value,
                    "a finite number with |value| <= 1e6",
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validation_names_the_field() {
        assert!(Theta::THESIS_FITTED.validate("theta").is_ok());
        assert!(Theta::RANDOM_CONSISTENT.validate("theta").is_ok());
        let bad = Theta::new(0.0, f64::NAN, 0.0, 5.0);
        match bad.validate("theta0") {
            Err(ImportanceError::InvalidParameter(e)) => {
                assert_eq!(e.field, "theta0.two_colours")
            }
            other => panic!("{other:?}"),
        }
        assert!(Theta::new(0.0, 0.0, 0.0, 2e6).validate("theta").is_err());
        assert_eq!(Theta::from_array(Theta::THESIS_FITTED.to_array()), Theta::THESIS_FITTED);
    }
}
