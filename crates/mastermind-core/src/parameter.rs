//! The one error every player configuration of the lab is rejected with: a field, by its path.

use std::fmt;

/// A configuration value that cannot be used. It names the field by its path in the
/// configuration (`theta`, `subset.mu`, `budget.steps`), the value given and what is allowed, so
/// that a spec or a command line with a typo fails with a message a user can act on, and so that a
/// caller can point at the field without reading the message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidParameter {
    /// The field's path, segments joined by dots (`subset.mu`); an outer configuration prefixes
    /// its own segments with [`within`](InvalidParameter::within).
    pub field: String,
    /// The value given, printed; empty when the fault is not one value (a combination of fields).
    pub value: String,
    /// What is allowed, or why the value is refused, in words (`must be in [0, 1]`).
    pub allowed: String,
}

impl InvalidParameter {
    /// `field` holds `value`, which is not `allowed` (a phrase that completes "must be").
    pub fn new(field: &str, value: impl fmt::Display, allowed: &str) -> InvalidParameter {
        InvalidParameter::refused(field, value, format!("must be {allowed}"))
    }

    /// `field` holds `value`, refused for `reason` (a whole phrase).
    pub fn refused(
        field: &str,
        value: impl fmt::Display,
        reason: impl Into<String>,
    ) -> InvalidParameter {
        InvalidParameter {
            field: field.to_owned(),
            value: value.to_string(),
            allowed: reason.into(),
        }
    }

    /// The same error seen from a configuration that holds this one's under `outer`:
    /// `mu` within `subset` is `subset.mu`.
    pub fn within(mut self, outer: &str) -> InvalidParameter {
        self.field = if self.field.is_empty() {
            outer.to_owned()
        } else {
            format!("{outer}.{}", self.field)
        };
        self
    }

    /// The last segment of the field's path, the name as written in the file (`mu` for
    /// `subset.mu`).
    pub fn name(&self) -> &str {
        self.field.rsplit('.').next().unwrap_or(&self.field)
    }

    /// The value and why it is refused, without the field (`0 must be at least 1`), for a
    /// caller that shows the field's path itself, so that the path is said once.
    pub fn refusal(&self) -> String {
        match (self.value.is_empty(), self.allowed.starts_with("must ")) {
            (true, _) => self.allowed.clone(),
            (false, true) => format!("{} {}", self.value, self.allowed),
            (false, false) => format!("{}: {}", self.value, self.allowed),
        }
    }
}

impl fmt::Display for InvalidParameter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.value.is_empty() {
            write!(f, "`{}`: {}", self.field, self.allowed)
        } else {
            write!(f, "`{}` = {}: {}", self.field, self.value, self.allowed)
        }
    }
}

impl std::error::Error for InvalidParameter {}

/// Checks that `p` is a probability: finite and in `[0, 1]`.
pub fn check_probability(field: &str, p: f64) -> Result<(), InvalidParameter> {
    if p.is_finite() && (0.0..=1.0).contains(&p) {
        Ok(())
    } else {
        Err(InvalidParameter::new(field, p, "a probability in [0, 1]"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nested_field_keeps_its_path_and_its_name() {
        let e = InvalidParameter::new("mu", 0, "at least 1").within("subset");
        assert_eq!(e.field, "subset.mu");
        assert_eq!(e.name(), "mu");
        assert_eq!(e.to_string(), "`subset.mu` = 0: must be at least 1");
        assert_eq!(e.refusal(), "0 must be at least 1");
        let combined = InvalidParameter::refused("pool", "", "cannot be combined with subset");
        assert_eq!(combined.to_string(), "`pool`: cannot be combined with subset");
        assert_eq!(combined.refusal(), "cannot be combined with subset");
        let reason = InvalidParameter::refused("heuristic", "Random", "it draws from a stream");
        assert_eq!(reason.refusal(), "Random: it draws from a stream");
        assert_eq!(check_probability("p", 1.5).unwrap_err().field, "p");
        assert!(check_probability("p", f64::NAN).is_err());
        assert!(check_probability("p", 0.0).is_ok());
    }
}
