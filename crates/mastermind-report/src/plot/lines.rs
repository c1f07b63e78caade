//! Line charts, built with [`LineChart`]: one line with markers per series, and as options the
//! confidence interval of each point, the paper's values as hollow markers, horizontal reference
//! lines (ours dashed, the paper's dotted), points left off the y axis (capped runs) and named
//! positions on the x axis for points that stand apart from a sweep.

use super::legend::{self, Entry, Sample};
use super::{
    Drawing, FONT, Labels, Plane, Scale, axis, both, colour, finite, short_number, three_digits,
    titled_chart, untitled_chart,
};
use super::{Result, draw_error};
use crate::output::OutputFile;
use plotters::coord::Shift;
use plotters::prelude::*;
use std::path::Path;

/// One line of a line chart.
#[derive(Debug, Clone)]
pub struct LineSeries {
    /// Legend text.
    pub name: String,
    /// Points, sorted by x.
    pub points: Vec<(f64, f64)>,
}

impl LineSeries {
    /// Series from `(group, x, y)` points: one series per group in order of first appearance,
    /// points sorted by x. Points without an x or a y are left out.
    pub fn by_group<'a>(
        points: impl IntoIterator<Item = (&'a str, Option<f64>, Option<f64>)>,
    ) -> Vec<LineSeries> {
        let mut series: Vec<LineSeries> = Vec::new();
        for (group, x, y) in points {
            let (Some(x), Some(y)) = (x, y) else { continue };
            match series.iter_mut().find(|s| s.name == group) {
                Some(s) => s.points.push((x, y)),
                None => series.push(LineSeries { name: group.to_owned(), points: vec![(x, y)] }),
            }
        }
        for s in &mut series {
            s.points.sort_by(|a, b| a.0.total_cmp(&b.0));
        }
        series
    }
}

/// A point's confidence interval: `(x, lower, upper)`.
pub type Interval = (f64, f64, f64);

/// Error bars grouped as [`LineSeries::by_group`] groups its points: one list per group, in
/// order of first appearance, from `(group, x, drawn, interval)` where `drawn` says the series
/// has a point there (a group with points but no interval still gets its, empty, list, so that
/// the lists stay aligned with the series). Points without an x are left out.
pub fn intervals_by_group<'a>(
    points: impl IntoIterator<Item = (&'a str, Option<f64>, bool, Option<(f64, f64)>)>,
) -> Vec<Vec<Interval>> {
    let mut groups: Vec<(&str, Vec<Interval>)> = Vec::new();
    for (group, x, drawn, interval) in points {
        let (Some(x), true) = (x, drawn) else { continue };
        let slot = match groups.iter().position(|g| g.0 == group) {
            Some(k) => k,
            None => {
                groups.push((group, Vec::new()));
                groups.len() - 1
            }
        };
        if let Some((lower, upper)) = interval {
            groups[slot].1.push((x, lower, upper));
        }
    }
    groups.into_iter().map(|g| g.1).collect()
}

/// Whose number a reference line draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// Measured here: a dashed line.
    Ours,
    /// Quoted from the paper: a dotted line.
    Paper,
}

/// A horizontal reference line.
#[derive(Debug, Clone)]
pub struct Reference {
    /// Legend text (the value is appended). A name that starts with a series' name takes the
    /// series' colour; others are grey.
    pub name: String,
    /// Its height.
    pub value: f64,
    /// Ours or the paper's.
    pub source: Source,
}

/// A point the y axis leaves out, because its value would flatten the rest (a mean over runs
/// that mostly stopped at a cap): an upward triangle at the top edge, at its x, in the colour of
/// its series, with `note` in the legend.
#[derive(Debug, Clone)]
pub struct OffScale {
    /// Its x.
    pub x: f64,
    /// The series it belongs to (for its colour).
    pub series: String,
    /// What the point is and why it is not on the axis.
    pub note: String,
}

/// A line chart, built option by option and drawn as [`Figure::Lines`](super::Figure::Lines).
///
/// The y axis turns logarithmic (and says so) when the positive values span more than two
/// orders of magnitude. When every x is a whole number, ticks fall on whole numbers only. With
/// more than six legend entries the legend moves beside the plot, where it covers nothing.
#[derive(Debug, Clone)]
pub struct LineChart {
    labels: Labels,
    series: Vec<LineSeries>,
    intervals: Vec<Vec<Interval>>,
    paper: Vec<LineSeries>,
    references: Vec<Reference>,
    off_scale: Vec<OffScale>,
    x_names: Vec<(f64, String)>,
}

impl LineChart {
    /// A chart of `series` with the titles `labels`.
    pub fn new(labels: Labels, series: Vec<LineSeries>) -> LineChart {
        LineChart {
            labels,
            series,
            intervals: Vec::new(),
            paper: Vec::new(),
            references: Vec::new(),
            off_scale: Vec::new(),
            x_names: Vec::new(),
        }
    }

    /// Error bars: `intervals[i]` holds the confidence intervals of series `i`'s points (empty
    /// or missing: no bars for that series).
    pub fn intervals(mut self, intervals: Vec<Vec<Interval>>) -> Self {
        self.intervals = intervals;
        self
    }

    /// The paper's values, as hollow markers in the colour of the series of the same name.
    pub fn paper(mut self, paper: Vec<LineSeries>) -> Self {
        self.paper = paper;
        self
    }

    /// Horizontal reference lines.
    pub fn references(mut self, references: impl IntoIterator<Item = Reference>) -> Self {
        self.references.extend(references);
        self
    }

    /// Points drawn at the top edge instead of at their value.
    pub fn off_scale(mut self, points: impl IntoIterator<Item = OffScale>) -> Self {
        self.off_scale.extend(points);
        self
    }

    /// Names written on the x axis at these positions instead of the number (points apart from
    /// a sweep, placed after it).
    pub fn x_names(mut self, names: impl IntoIterator<Item = (f64, String)>) -> Self {
        self.x_names.extend(names);
        self
    }

    /// Draws the chart as `<base>.png` and `<base>.svg`; returns both files. Infinite and NaN
    /// values are left out.
    pub(crate) fn draw(&self, base: &Path) -> Result<Vec<OutputFile>> {
        let keep = |set: &[LineSeries]| -> Vec<LineSeries> {
            set.iter()
                .map(|s| LineSeries { name: s.name.clone(), points: finite(&s.points) })
                .collect()
        };
        let (series, paper) = (keep(&self.series), keep(&self.paper));
        let intervals: Vec<Vec<Interval>> = self
            .intervals
            .iter()
            .map(|set| {
                set.iter()
                    .copied()
                    .filter(|i| i.0.is_finite() && i.1.is_finite() && i.2.is_finite())
                    .collect()
            })
            .collect();
        let references: Vec<Reference> =
            self.references.iter().filter(|r| r.value.is_finite()).cloned().collect();
        let off_scale: Vec<OffScale> =
            self.off_scale.iter().filter(|p| p.x.is_finite()).cloned().collect();
        let values = series.iter().chain(&paper).flat_map(|s| s.points.iter().map(|p| p.1));
        let (lo, hi) =
            values.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| (a.min(v), b.max(v)));
        let log_y = lo > 0.0 && hi / lo > 100.0 && references.iter().all(|r| r.value > 0.0);
        let y_desc =
            if log_y { format!("{} (log scale)", self.labels.y) } else { self.labels.y.clone() };
        let labels = self.labels.with_y(y_desc);
        let mut lines = Lines {
            labels: &labels,
            series,
            intervals,
            paper,
            references,
            off_scale,
            x_names: self.x_names.iter().filter(|n| n.0.is_finite()).cloned().collect(),
            x: (0.0, 1.0),
            y: (0.0, 1.0),
            log_y,
        };
        if log_y {
            // Values over more than two orders of magnitude: a linear axis would flatten all but
            // the largest.
            let log = |set: &mut Vec<LineSeries>| {
                for s in set {
                    s.points.iter_mut().for_each(|p| p.1 = p.1.log10());
                }
            };
            log(&mut lines.series);
            log(&mut lines.paper);
            for set in &mut lines.intervals {
                *set = set
                    .iter()
                    .filter(|i| i.1 > 0.0)
                    .map(|&(x, a, b)| (x, a.log10(), b.log10()))
                    .collect();
            }
            lines.references.iter_mut().for_each(|r| r.value = r.value.log10());
        }
        lines.fit()?;
        both(base, &lines)
    }
}

/// A chart ready to draw: values already on the axis's scale (log10 where `log_y`).
struct Lines<'a> {
    labels: &'a Labels,
    series: Vec<LineSeries>,
    /// Error bars per series (by index).
    intervals: Vec<Vec<Interval>>,
    paper: Vec<LineSeries>,
    references: Vec<Reference>,
    off_scale: Vec<OffScale>,
    x_names: Vec<(f64, String)>,
    x: (f64, f64),
    y: (f64, f64),
    log_y: bool,
}

/// With more legend entries than this, the legend goes beside the plot.
const LEGEND_INSIDE_AT_MOST: usize = 6;
/// With an entry longer than this (in characters), the legend goes beside the plot.
const LEGEND_INSIDE_LONGEST: usize = 60;

impl Lines<'_> {
    fn legend_entries(&self) -> usize {
        self.series.len()
            + self.references.len()
            + self.off_scale.len()
            + usize::from(!self.paper.is_empty())
            + usize::from(self.intervals.iter().any(|i| !i.is_empty()))
    }

    fn legend_beside(&self) -> bool {
        let long = |text: &str| text.chars().count() > LEGEND_INSIDE_LONGEST;
        self.legend_entries() > LEGEND_INSIDE_AT_MOST
            || self.off_scale.iter().any(|p| long(&p.note))
            || self.series.iter().any(|s| long(&s.name))
            || self.references.iter().any(|r| long(&r.name))
    }

    /// Fits the axes' ranges to what is drawn, with room for a legend inside the plot.
    fn fit(&mut self) -> Result<()> {
        let xs = || {
            self.series
                .iter()
                .chain(&self.paper)
                .flat_map(|s| s.points.iter().map(|p| p.0))
                .chain(self.off_scale.iter().map(|p| p.x))
                .chain(self.x_names.iter().map(|n| n.0))
        };
        let ys = || {
            self.series
                .iter()
                .chain(&self.paper)
                .flat_map(|s| s.points.iter().map(|p| p.1))
                .chain(self.intervals.iter().flatten().flat_map(|i| [i.1, i.2]))
                .chain(self.references.iter().map(|r| r.value))
        };
        let (x0, x1) =
            axis(xs().fold(f64::INFINITY, f64::min), xs().fold(f64::NEG_INFINITY, f64::max), 0.08)?;
        let (y0, mut y1) =
            axis(ys().fold(f64::INFINITY, f64::min), ys().fold(f64::NEG_INFINITY, f64::max), 0.08)?;
        if !self.legend_beside() {
            // Room above the data for the legend, so that it hides nothing.
            y1 += (y1 - y0) * 0.065 * self.legend_entries() as f64;
        }
        if !self.off_scale.is_empty() {
            // Room at the top for the triangles of the points off the axis.
            y1 += (y1 - y0) * 0.08;
        }
        if !y1.is_finite() {
            return Err(draw_error!("values span too wide a range to draw"));
        }
        self.x = (x0, x1);
        self.y = (y0, y1);
        Ok(())
    }

    /// Whether every x drawn is a whole number: ticks then fall on whole numbers only.
    fn whole_x(&self) -> bool {
        let whole = |x: f64| (x - x.round()).abs() < 1e-9;
        self.series.iter().chain(&self.paper).all(|s| s.points.iter().all(|p| whole(p.0)))
            && self.off_scale.iter().all(|p| whole(p.x))
            && self.x_names.iter().all(|n| whole(n.0))
    }

    /// How many x labels to ask plotters for: where every x is whole, few enough that its round
    /// steps are at least 1.
    fn x_label_count(&self) -> usize {
        let whole = ((self.x.1 - self.x.0).floor() as usize + 1).max(2);
        match (self.whole_x(), self.x_names.is_empty()) {
            // A tick on every whole number, so that every named position has one.
            (true, false) => whole.min(40),
            (true, true) => whole.min(10),
            _ => 10,
        }
    }

    /// Where the points apart from the sweep begin: ticks beyond the last x of the sweep show
    /// only the names of those points. `None` without named points.
    fn apart_from(&self) -> Option<f64> {
        let first_name = self.x_names.iter().map(|n| n.0).fold(f64::INFINITY, f64::min);
        let named = |x: f64| self.x_names.iter().any(|n| (n.0 - x).abs() < 1e-9);
        let swept = self
            .series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.0))
            .chain(self.off_scale.iter().map(|p| p.x))
            .filter(|&x| !named(x) && x < first_name)
            .fold(f64::NEG_INFINITY, f64::max);
        (first_name.is_finite() && swept.is_finite()).then_some(swept)
    }

    fn series_colour(&self, name: &str) -> Option<RGBColor> {
        self.series.iter().position(|s| s.name == name).map(colour)
    }
}

impl Drawing for Lines<'_> {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()> {
        let e = |e: DrawingAreaErrorKind<DB::ErrorType>| draw_error!("drawing: {e}");
        if !self.legend_beside() {
            let mut chart = self.plane(root, true)?;
            let entries = self.draw_data(&mut chart)?;
            let (xs, ys) = chart.plotting_area().get_pixel_range();
            // Below the row of triangles of points off the axis, where there are any.
            let below = if self.off_scale.is_empty() { 5 } else { 26 };
            return legend::draw_in_box(root, (xs.end - 5, ys.start + below), &entries).map_err(e);
        }
        root.fill(&WHITE).map_err(e)?;
        let titled = root
            .titled(self.labels.title.as_str(), (FONT, super::title_size(root, &self.labels.title)))
            .map_err(e)?;
        let (width, _) = titled.dim_in_pixel();
        let (plot, legend) = titled.split_horizontally(width * 68 / 100);
        let mut chart = self.plane(&plot, false)?;
        let entries = self.draw_data(&mut chart)?;
        legend::draw_beside(&legend, &entries).map_err(e)
    }
}

impl Lines<'_> {
    /// The axes with their ticks, titled when `titled` (else the area's owner writes the
    /// title).
    fn plane<'b, DB: DrawingBackend>(
        &self,
        area: &'b DrawingArea<DB, Shift>,
        titled: bool,
    ) -> Result<Plane<'b, DB>> {
        let ((x0, x1), (y0, y1)) = (self.x, self.y);
        let y = Scale::new(y0..y1, self.log_y);
        let mut chart = if titled {
            titled_chart(area, &self.labels.title, x0..x1, y)?
        } else {
            untitled_chart(area, x0..x1, y)?
        };
        let whole = self.whole_x();
        let apart_from = self.apart_from();
        let x_text = |x: &f64| {
            if let Some((_, name)) = self.x_names.iter().find(|n| (n.0 - x).abs() < 1e-9) {
                name.clone()
            } else if (whole && (x - x.round()).abs() > 1e-9)
                || apart_from.is_some_and(|a| *x > a + 1e-9)
            {
                // A fraction on a whole-number axis, or a tick among the points apart.
                String::new()
            } else {
                short_number(*x)
            }
        };
        chart
            .configure_mesh()
            .x_desc(self.labels.x.as_str())
            .y_desc(self.labels.y.as_str())
            .x_labels(self.x_label_count())
            .x_label_formatter(&x_text)
            .y_labels(10)
            .label_style((FONT, 16))
            .axis_desc_style((FONT, 18))
            .light_line_style(TRANSPARENT)
            .draw()
            .map_err(|e| draw_error!("drawing: {e}"))?;
        Ok(chart)
    }

    /// Draws references, series, intervals, the paper's markers and the points off the axis;
    /// returns the legend's entries.
    fn draw_data<DB: DrawingBackend>(&self, chart: &mut Plane<'_, DB>) -> Result<Vec<Entry>> {
        let e = |e: DrawingAreaErrorKind<DB::ErrorType>| draw_error!("drawing: {e}");
        let ((x0, x1), (_, y1)) = (self.x, self.y);
        let mut entries = Vec::new();
        if let Some(a) = self.apart_from() {
            // A thin line between the sweep and the points apart from it.
            let first_name = self.x_names.iter().map(|n| n.0).fold(f64::INFINITY, f64::min);
            let at = (a + first_name) / 2.0;
            let line = vec![(at, self.y.0), (at, y1)];
            let grey = RGBColor(150, 150, 150);
            chart
                .draw_series(DashedLineSeries::new(line, 4, 4, grey.stroke_width(1)))
                .map_err(e)?;
        }
        for (i, s) in self.series.iter().enumerate() {
            let c = colour(i);
            chart
                .draw_series(plotters::series::LineSeries::new(s.points.clone(), c.stroke_width(2)))
                .map_err(e)?;
            chart
                .draw_series(s.points.iter().map(|&p| Circle::new(p, 4, c.filled())))
                .map_err(e)?;
            entries.push(Entry { text: s.name.clone(), sample: Sample::Line, colour: c });
        }
        entries.extend(self.draw_references(chart)?);
        let first_bars = self.intervals.iter().position(|b| !b.is_empty());
        for (i, bars) in self.intervals.iter().enumerate().filter(|(_, b)| !b.is_empty()) {
            let c = colour(i);
            // A vertical line from the lower to the upper end, with a short cap at each.
            let cap = (x1 - x0) * 0.006;
            chart
                .draw_series(bars.iter().flat_map(|&(x, lo, hi)| {
                    [
                        PathElement::new(vec![(x, lo), (x, hi)], c.stroke_width(2)),
                        PathElement::new(vec![(x - cap, lo), (x + cap, lo)], c.stroke_width(2)),
                        PathElement::new(vec![(x - cap, hi), (x + cap, hi)], c.stroke_width(2)),
                    ]
                }))
                .map_err(e)?;
            if first_bars == Some(i) {
                let text = "95% confidence interval of the mean".to_owned();
                entries.push(Entry { text, sample: Sample::Bar, colour: BLACK });
            }
        }
        for p in &self.paper {
            let c = self.series_colour(&p.name).unwrap_or(BLACK);
            chart
                .draw_series(p.points.iter().map(|&q| Circle::new(q, 7, c.stroke_width(2))))
                .map_err(e)?;
        }
        if !self.paper.is_empty() {
            let text = "paper (hollow markers)".to_owned();
            entries.push(Entry { text, sample: Sample::Hollow, colour: BLACK });
        }
        for p in &self.off_scale {
            let c = self.series_colour(&p.series).unwrap_or(BLACK);
            let top = y1 - (y1 - self.y.0) * 0.03;
            chart
                .draw_series(std::iter::once(TriangleMarker::new((p.x, top), 9, c.filled())))
                .map_err(e)?;
            entries.push(Entry { text: p.note.clone(), sample: Sample::Triangle, colour: c });
        }
        Ok(entries)
    }

    /// The reference lines, ours dashed and the paper's dotted, each in its series' colour when
    /// named after one; their legend entries.
    fn draw_references<DB: DrawingBackend>(&self, chart: &mut Plane<'_, DB>) -> Result<Vec<Entry>> {
        let e = |e: DrawingAreaErrorKind<DB::ErrorType>| draw_error!("drawing: {e}");
        let (x0, x1) = self.x;
        let mut entries = Vec::new();
        for r in &self.references {
            // A reference named after a series (a full-set arm beside its subset sweep) takes
            // the series' colour; other references are grey.
            let c = self
                .series
                .iter()
                .position(|s| r.name.starts_with(s.name.as_str()))
                .map_or(RGBColor(90, 90, 90), colour);
            let (dash, gap, width) = match r.source {
                Source::Ours => (8, 5, 1),
                Source::Paper => (2, 4, 2),
            };
            let line = vec![(x0, r.value), (x1, r.value)];
            chart
                .draw_series(DashedLineSeries::new(line, dash, gap, c.stroke_width(width)))
                .map_err(e)?;
            let value = if self.log_y { 10f64.powf(r.value) } else { r.value };
            let shown = if self.log_y { three_digits(value) } else { format!("{value:.3}") };
            entries.push(Entry {
                text: format!("{}: {shown}", r.name),
                sample: Sample::Dashes(dash, gap, width),
                colour: c,
            });
        }
        Ok(entries)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart_with_x(xs: &[f64]) -> Lines<'static> {
        static LABELS: std::sync::LazyLock<Labels> =
            std::sync::LazyLock::new(|| Labels::new("t", "x", "y"));
        let series =
            vec![LineSeries { name: "s".into(), points: xs.iter().map(|&x| (x, 1.0)).collect() }];
        let mut lines = Lines {
            labels: &LABELS,
            series,
            intervals: Vec::new(),
            paper: Vec::new(),
            references: Vec::new(),
            off_scale: Vec::new(),
            x_names: Vec::new(),
            x: (0.0, 1.0),
            y: (0.0, 1.0),
            log_y: false,
        };
        lines.fit().unwrap();
        lines
    }

    /// The tick values plotters puts on an x axis of `lines` (the same call the mesh makes).
    fn x_ticks(lines: &Lines) -> Vec<f64> {
        use plotters::coord::ranged1d::Ranged;
        use plotters::coord::types::RangedCoordf64;
        let range: RangedCoordf64 = (lines.x.0..lines.x.1).into();
        range.key_points(lines.x_label_count())
    }

    #[test]
    fn whole_x_values_get_whole_ticks_only() {
        for xs in [&[1.0, 2.0, 3.0, 4.0][..], &[2.0, 3.0], &[0.0, 5.0, 10.0, 100.0], &[10.0, 50.0]]
        {
            let ticks = x_ticks(&chart_with_x(xs));
            assert!(ticks.len() >= 2, "{xs:?}: {ticks:?}");
            assert!(ticks.iter().all(|t| t.fract() == 0.0), "{xs:?}: {ticks:?}");
        }
    }

    #[test]
    fn fractional_x_values_keep_fine_ticks() {
        let ticks = x_ticks(&chart_with_x(&[0.1, 0.2, 0.3]));
        assert!(ticks.iter().any(|t| t.fract() != 0.0), "{ticks:?}");
    }
}
