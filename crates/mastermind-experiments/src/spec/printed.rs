//! A paper's number as the spec writes it: its value and the decimals it is printed with. `4.40`
//! is not `4.4`: the rounding a verdict allows is half a unit of the last printed digit, so the
//! digits are read from the spec's text (RON's raw value), never from the `f64`.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A number a paper prints: finite, with the decimals it was written with.
#[derive(Clone, Copy, PartialEq)]
pub struct PaperValue {
    value: f64,
    decimals: u32,
}

impl PaperValue {
    /// `value` printed with `decimals` decimals (a default written in the code).
    pub const fn new(value: f64, decimals: u32) -> PaperValue {
        assert!(value.is_finite(), "a paper's number must be finite");
        PaperValue { value, decimals }
    }

    /// The number.
    pub fn get(self) -> f64 {
        self.value
    }

    /// The decimals it is printed with (`4.40`: 2; `6400`: 0; `1.5e3`: 0).
    pub fn decimals(self) -> u32 {
        self.decimals
    }

    /// Reads a number's literal as RON writes it: its value and its printed decimals.
    pub fn parse(text: &str) -> Result<PaperValue, String> {
        let text = text.trim();
        let value: f64 = ron::from_str(text).map_err(|_| format!("{text} is not a number"))?;
        if !value.is_finite() {
            return Err(NOT_FINITE.to_owned());
        }
        let digits: String = text.chars().filter(|c| *c != '_').collect();
        let (mantissa, exponent) = match digits.split_once(['e', 'E']) {
            Some((m, e)) => (m, e.parse::<i64>().unwrap_or(0)),
            None => (digits.as_str(), 0),
        };
        let fraction = mantissa.split_once('.').map_or(0, |(_, f)| f.len() as i64);
        let decimals = (fraction - exponent).clamp(0, 12) as u32;
        Ok(PaperValue { value, decimals })
    }
}

/// The message for a number that is not finite (the same words as the spec's other numbers).
const NOT_FINITE: &str = "must be a finite number";

impl fmt::Debug for PaperValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.*}", self.decimals as usize, self.value)
    }
}

impl fmt::Display for PaperValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.*}", self.decimals as usize, self.value)
    }
}

impl From<PaperValue> for f64 {
    fn from(value: PaperValue) -> f64 {
        value.value
    }
}

impl<'de> Deserialize<'de> for PaperValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<PaperValue, D::Error> {
        let raw = Box::<ron::value::RawValue>::deserialize(deserializer)?;
        PaperValue::parse(raw.get_ron()).map_err(serde::de::Error::custom)
    }
}

impl Serialize for PaperValue {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_printed_digits_are_read_from_the_text() {
        let read = |text: &str| PaperValue::parse(text).unwrap();
        assert_eq!(read("4.40").decimals(), 2);
        assert_eq!(read("4.4").decimals(), 1);
        assert_eq!(read("6400").decimals(), 0);
        assert_eq!(read("0.1429541").decimals(), 7);
        assert_eq!(read("2.5e-3").decimals(), 4);
        assert_eq!(read("1_296").get(), 1296.0);
        assert_eq!(read("-0.50").to_string(), "-0.50");
        assert!(PaperValue::parse("inf").is_err());
    }

    #[test]
    fn a_spec_keeps_the_digits_through_ron() {
        #[derive(Deserialize)]
        struct Numbers {
            mean: Option<PaperValue>,
            list: Vec<(PaperValue, u32)>,
        }
        let numbers: Numbers =
            ron::from_str("(mean: Some(4.40), list: [(5.0, 1), (12.571, 2)])").unwrap();
        assert_eq!(numbers.mean.unwrap().decimals(), 2);
        assert_eq!(numbers.list[0].0.decimals(), 1);
        assert_eq!(numbers.list[1].0.get(), 12.571);
    }
}
