//! One axis of a plane, linear or logarithmic. plotters places a plain axis's ticks at round
//! steps of its values, which on an axis of exponents under two decades are powers such as
//! 10^0.5 (labelled 3.16); a [`Scale`] over exponents ticks the powers of ten or their 1-2-5
//! multiples instead, so that every figure's log axis, x or y, is ticked and labelled alike.

use super::{log_tick, short_number};
use plotters::coord::ranged1d::{KeyPointHint, NoDefaultFormatting, Ranged, ValueFormatter};
use plotters::coord::types::RangedCoordf64;
use std::ops::Range;

/// An axis: a plain range of numbers ticked at plotters' round steps, or a range of base-10
/// exponents ticked at [`log_key_points`] and labelled by [`log_tick`].
pub(crate) struct Scale {
    values: RangedCoordf64,
    /// The ticks of a log axis; `None` on a linear one.
    log_ticks: Option<Vec<f64>>,
}

impl Scale {
    /// A linear axis over `range`.
    pub(crate) fn linear(range: Range<f64>) -> Scale {
        Scale { values: range.into(), log_ticks: None }
    }

    /// A log10 axis over the exponents `range`.
    pub(crate) fn log(range: Range<f64>) -> Scale {
        let ticks = log_key_points(range.start, range.end);
        Scale { values: range.into(), log_ticks: Some(ticks) }
    }

    /// A log10 axis over the exponents `range` where `log`, else a linear one over `range`.
    pub(crate) fn new(range: Range<f64>, log: bool) -> Scale {
        if log { Scale::log(range) } else { Scale::linear(range) }
    }
}

impl From<Range<f64>> for Scale {
    fn from(range: Range<f64>) -> Scale {
        Scale::linear(range)
    }
}

impl Ranged for Scale {
    type FormatOption = NoDefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        self.values.map(value, limit)
    }

    /// A linear axis's round steps as plotters chooses them; a log axis's bold ticks and no light
    /// ones between them.
    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        match &self.log_ticks {
            None => self.values.key_points(hint),
            Some(_) if hint.weight().allow_light_points() => Vec::new(),
            Some(ticks) => ticks.clone(),
        }
    }

    fn range(&self) -> Range<f64> {
        self.values.range()
    }
}

impl ValueFormatter<f64> for Scale {
    /// A log axis's tick as its value ([`log_tick`]), a linear one's without trailing zeros.
    fn format_ext(&self, value: &f64) -> String {
        if self.log_ticks.is_some() { log_tick(*value) } else { short_number(*value) }
    }
}

/// The ticks of a log10 axis from `y0` to `y1` (exponents): one per power of ten where the
/// axis holds three powers or more (every second, third, ... power where more than eight would
/// fit), else the 1-2-5 multiples of each power, else every whole multiple; an axis too short to
/// hold three of those gets five evenly spaced ticks.
pub(super) fn log_key_points(y0: f64, y1: f64) -> Vec<f64> {
    let inside = |y: f64| y >= y0 - 1e-9 && y <= y1 + 1e-9;
    let (first, last) = ((y0 - 1e-9).ceil() as i32, (y1 + 1e-9).floor() as i32);
    if last - first >= 2 {
        let step = ((last - first) / 8 + 1) as usize;
        return (first..=last).step_by(step).map(f64::from).collect();
    }
    let powers = (y0.floor() as i32)..=(y1.ceil() as i32);
    for multiples in [&[1u32, 2, 5][..], &[1, 2, 3, 4, 5, 6, 7, 8, 9]] {
        let points: Vec<f64> = powers
            .clone()
            .flat_map(|power| {
                multiples.iter().map(move |&m| f64::from(power) + f64::from(m).log10())
            })
            .filter(|&y| inside(y))
            .collect();
        if points.len() >= 3 {
            return points;
        }
    }
    (0..5).map(|k| y0 + (y1 - y0) * f64::from(k) / 4.0).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(y0: f64, y1: f64) -> Vec<String> {
        log_key_points(y0, y1).iter().map(|&y| log_tick(y)).collect()
    }

    #[test]
    fn an_axis_under_two_decades_is_ticked_at_one_two_and_five() {
        // 0.8 ms to 30 ms: 1.6 decades, where a plain axis labels 10^0.5 as 3.16.
        assert_eq!(labels(0.8f64.log10(), 30f64.log10()), ["1", "2", "5", "10", "20"]);
        assert_eq!(labels(-1.5, -0.2), ["0.05", "0.1", "0.2", "0.5"]);
    }

    #[test]
    fn a_short_axis_is_ticked_at_every_multiple_and_a_wide_one_at_powers() {
        assert_eq!(labels(2f64.log10(), 4.5f64.log10()), ["2", "3", "4"]);
        assert_eq!(labels(-0.4, 2.3), ["1", "10", "100"]);
        // Twenty decades: every third power, so that no more than nine are ticked.
        let wide = log_key_points(0.0, 20.0);
        assert_eq!(wide, [0.0, 3.0, 6.0, 9.0, 12.0, 15.0, 18.0]);
    }

    #[test]
    fn an_axis_of_two_decades_holding_two_powers_is_ticked_at_one_two_and_five() {
        // 1.6 to 160: powers of ten alone would tick 10 and 100 only.
        assert_eq!(labels(0.2, 2.2), ["2", "5", "10", "20", "50", "100"]);
    }

    #[test]
    fn a_linear_scale_ticks_and_labels_as_a_plain_range() {
        use plotters::coord::ranged1d::{BoldPoints, LightPoints};
        let (scale, plain) = (Scale::linear(0.0..7.5), RangedCoordf64::from(0.0..7.5));
        assert_eq!(scale.key_points(BoldPoints(10)), plain.key_points(BoldPoints(10)));
        assert_eq!(
            scale.key_points(LightPoints::new(10, 50)),
            plain.key_points(LightPoints::new(10, 50))
        );
        assert_eq!(scale.format_ext(&2.5), "2.5");
        let log = Scale::log(0.0..1.0);
        assert!(log.key_points(LightPoints::new(10, 50)).is_empty());
        assert_eq!(log.format_ext(&2f64.log10()), "2");
    }

    #[test]
    fn an_axis_too_short_for_multiples_gets_five_even_ticks() {
        let points = log_key_points(0.31, 0.35);
        assert_eq!(points.len(), 5);
        assert!((points[0] - 0.31).abs() < 1e-12 && (points[4] - 0.35).abs() < 1e-12);
    }
}
