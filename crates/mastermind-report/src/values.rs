//! Values a spec may hold, refused when they are read: a [`Finite`] number (no infinity, no NaN)
//! and a [`Label`] (text without control characters, since names appear in Markdown tables and
//! legends). RON reports the position of a refused value like any other parse error, and the
//! lab's `SpecError::from_ron` names its field by its path. They live with the report because
//! every label and number a spec writes ends up in its tables and legends.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::Deref;

/// What a spec error says about a number that is not finite.
pub const NOT_FINITE: &str =
    "not a finite number (inf, NaN and numbers beyond 1.8e308 are refused)";

/// What a spec error says about text with a control character.
pub const CONTROL_CHARACTER: &str = "holds a control character (a line break, tab or NUL)";

/// A finite number of a spec (shown, with `{:?}` too, as the number itself).
#[derive(Clone, Copy, Default, PartialEq, PartialOrd, Serialize, Deserialize)]
#[serde(try_from = "f64", into = "f64")]
pub struct Finite(f64);

impl Finite {
    /// The number, which the caller knows to be finite (a default written in the code).
    pub const fn new(value: f64) -> Finite {
        assert!(value.is_finite(), "a spec's default must be finite");
        Finite(value)
    }

    /// The number.
    pub fn get(self) -> f64 {
        self.0
    }
}

impl TryFrom<f64> for Finite {
    type Error = &'static str;

    fn try_from(value: f64) -> Result<Finite, &'static str> {
        if value.is_finite() { Ok(Finite(value)) } else { Err(NOT_FINITE) }
    }
}

impl From<Finite> for f64 {
    fn from(value: Finite) -> f64 {
        value.0
    }
}

impl Deref for Finite {
    type Target = f64;

    fn deref(&self) -> &f64 {
        &self.0
    }
}

impl PartialEq<f64> for Finite {
    fn eq(&self, other: &f64) -> bool {
        self.0 == *other
    }
}

impl PartialOrd<f64> for Finite {
    fn partial_cmp(&self, other: &f64) -> Option<std::cmp::Ordering> {
        self.0.partial_cmp(other)
    }
}

impl fmt::Display for Finite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl fmt::Debug for Finite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

impl fmt::LowerExp for Finite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::LowerExp::fmt(&self.0, f)
    }
}

/// One line of text in a spec (a name, a label, a note), without control characters (shown, with
/// `{:?}` too, as the text itself).
#[derive(Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Label(String);

impl Label {
    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for Label {
    type Error = &'static str;

    fn try_from(text: String) -> Result<Label, &'static str> {
        if text.chars().any(char::is_control) { Err(CONTROL_CHARACTER) } else { Ok(Label(text)) }
    }
}

impl From<Label> for String {
    fn from(label: Label) -> String {
        label.0
    }
}

impl Deref for Label {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Debug for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

impl PartialEq<str> for Label {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<String> for Label {
    fn eq(&self, other: &String) -> bool {
        self.0 == *other
    }
}

impl PartialEq<Label> for String {
    fn eq(&self, other: &Label) -> bool {
        *self == other.0
    }
}
