//! Paths against a shared x axis in vertically stacked panels (parameter paths, estimates along a
//! descent), with the legend beside each panel so it never covers data.

use super::legend::{self, Entry, Sample};
use super::{Drawing, FONT, Scale, both, colour, finite, short_number};
use super::{Result, draw_error};
use crate::output::OutputFile;
use plotters::coord::Shift;
use plotters::prelude::*;
use std::path::Path;

/// How a series is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// A line through the points, no markers (long paths).
    Line,
    /// A cross at each point, no line (a few checked points).
    Crosses,
}

/// One series of a panel.
#[derive(Debug, Clone)]
pub struct PathSeries {
    /// Legend text.
    pub name: String,
    /// Points, sorted by x.
    pub points: Vec<(f64, f64)>,
    /// Line or crosses.
    pub mark: Mark,
    /// The 95% confidence interval of points, `(x, lower, upper)`, drawn as error bars (empty:
    /// none).
    pub intervals: Vec<super::Interval>,
}

/// A horizontal dashed line at a quoted value (the thesis's estimate of a parameter the panel
/// draws), in the colour of the series it goes with.
#[derive(Debug, Clone)]
pub struct Level {
    /// Legend text.
    pub name: String,
    /// Its height.
    pub value: f64,
    /// The name of the series whose colour it takes.
    pub series: String,
}

/// One panel: its y axis and its series.
#[derive(Debug, Clone)]
pub struct Panel {
    /// Y axis description.
    pub y: String,
    /// The series drawn in it; colours continue from panel to panel.
    pub series: Vec<PathSeries>,
    /// A fixed y range (points outside are clipped); `None` fits the data and the levels.
    pub y_range: Option<(f64, f64)>,
    /// Horizontal lines at quoted values.
    pub levels: Vec<Level>,
}

/// Draws `panels` stacked top to bottom, sharing the x range, to `<base>.png` and `.svg`.
pub(crate) fn stacked_paths(
    base: &Path,
    title: &str,
    x_label: &str,
    panels: &[Panel],
) -> Result<Vec<OutputFile>> {
    // Drawing code never sees an infinite or NaN coordinate.
    let panels: Vec<Panel> = panels
        .iter()
        .map(|p| Panel {
            y: p.y.clone(),
            series: p
                .series
                .iter()
                .map(|s| PathSeries {
                    points: finite(&s.points),
                    intervals: s
                        .intervals
                        .iter()
                        .copied()
                        .filter(|i| i.0.is_finite() && i.1.is_finite() && i.2.is_finite())
                        .collect(),
                    ..s.clone()
                })
                .collect(),
            y_range: p.y_range.filter(|r| r.0.is_finite() && r.1.is_finite() && r.1 > r.0),
            levels: p.levels.iter().filter(|l| l.value.is_finite()).cloned().collect(),
        })
        .collect();
    let xs = panels.iter().flat_map(|p| p.series.iter().flat_map(|s| s.points.iter().map(|q| q.0)));
    let lo = xs.clone().fold(f64::INFINITY, f64::min);
    let hi = xs.fold(f64::NEG_INFINITY, f64::max);
    let x = if lo.is_finite() && hi.is_finite() && (hi - lo).is_finite() && hi > lo {
        (lo, hi)
    } else {
        (0.0, 1.0)
    };
    both(base, &Stacked { title, x_label, panels: &panels, x })
}

struct Stacked<'a> {
    title: &'a str,
    x_label: &'a str,
    panels: &'a [Panel],
    x: (f64, f64),
}

fn y_range(panel: &Panel) -> (f64, f64) {
    if let Some(r) = panel.y_range {
        return r;
    }
    let ys = panel
        .series
        .iter()
        .flat_map(|s| {
            s.points.iter().map(|p| p.1).chain(s.intervals.iter().flat_map(|i| [i.1, i.2]))
        })
        .chain(panel.levels.iter().map(|l| l.value));
    let lo = ys.clone().fold(f64::INFINITY, f64::min);
    let hi = ys.fold(f64::NEG_INFINITY, f64::max);
    if !(lo.is_finite() && hi.is_finite()) {
        return (0.0, 1.0);
    }
    let span = if hi > lo { hi - lo } else { hi.abs().max(1.0) * 0.1 };
    let (a, b) = (lo - 0.06 * span, hi + 0.06 * span);
    if a.is_finite() && b.is_finite() && b > a { (a, b) } else { (0.0, 1.0) }
}

impl Drawing for Stacked<'_> {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()> {
        let e = |e: DrawingAreaErrorKind<DB::ErrorType>| draw_error!("drawing: {e}");
        root.fill(&WHITE).map_err(e)?;
        let root =
            root.titled(self.title, (FONT, super::title_size(root, self.title))).map_err(e)?;
        let rows = root.split_evenly((self.panels.len().max(1), 1));
        // A series keeps its colour in every panel it appears in (a zoom repeats the series).
        let mut names: Vec<&str> = Vec::new();
        for (i, (panel, area)) in self.panels.iter().zip(&rows).enumerate() {
            let (width, _) = area.dim_in_pixel();
            let (plot, legend) = area.split_horizontally(width * 78 / 100);
            let last = i + 1 == self.panels.len();
            let (y0, y1) = y_range(panel);
            let mut chart = ChartBuilder::on(&plot)
                .margin(12)
                .x_label_area_size(if last { 50 } else { 28 })
                .y_label_area_size(75)
                .build_cartesian_2d(Scale::linear(self.x.0..self.x.1), Scale::linear(y0..y1))
                .map_err(e)?;
            let mut mesh = chart.configure_mesh();
            mesh.y_desc(panel.y.as_str())
                .label_style((FONT, 15))
                .axis_desc_style((FONT, 17))
                .light_line_style(TRANSPARENT);
            if last {
                mesh.x_desc(self.x_label);
            }
            mesh.draw().map_err(e)?;
            let mut entries = Vec::new();
            for s in &panel.series {
                let index = names.iter().position(|n| *n == s.name).unwrap_or_else(|| {
                    names.push(&s.name);
                    names.len() - 1
                });
                let c = colour(index);
                draw_path(&mut chart, s, c, (y0, y1), self.x).map_err(e)?;
                let sample = match s.mark {
                    Mark::Line => Sample::Path,
                    Mark::Crosses => Sample::Cross,
                };
                entries.push(Entry { text: s.name.clone(), sample, colour: c });
            }
            for level in &panel.levels {
                let index = names.iter().position(|n| *n == level.series);
                let c = index.map_or(RGBColor(90, 90, 90), colour);
                let line = vec![(self.x.0, level.value), (self.x.1, level.value)];
                chart
                    .draw_series(DashedLineSeries::new(line, 8, 5, c.stroke_width(2)))
                    .map_err(e)?;
                let text = format!("{}: {}", level.name, short_number(level.value));
                // Dashes of 8 pixels, 6 apart, as the level's own dashed line.
                entries.push(Entry { text, sample: Sample::Dashes(8, 6, 2), colour: c });
            }
            legend::draw_beside_panel(&legend, &entries).map_err(e)?;
        }
        Ok(())
    }
}

/// One series of a panel in colour `c`: its line or its crosses (those within `y0..y1`), and its
/// intervals as bars with caps (`x`: the panel's x range).
fn draw_path<DB: DrawingBackend>(
    chart: &mut super::Plane<'_, DB>,
    s: &PathSeries,
    c: RGBColor,
    (y0, y1): (f64, f64),
    x: (f64, f64),
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let inside: Vec<(f64, f64)> = s.points.clone();
    match s.mark {
        Mark::Line => {
            chart.draw_series(LineSeries::new(inside, c.stroke_width(2)))?;
        }
        Mark::Crosses => {
            chart.draw_series(
                inside
                    .iter()
                    .filter(|p| p.1 >= y0 && p.1 <= y1)
                    .map(|&p| Cross::new(p, 9, c.stroke_width(3))),
            )?;
        }
    }
    if !s.intervals.is_empty() {
        let cap = (x.1 - x.0) * 0.006;
        let bars = s.intervals.iter().flat_map(|&(x, lo, hi)| {
            [
                PathElement::new(vec![(x, lo), (x, hi)], c.stroke_width(2)),
                PathElement::new(vec![(x - cap, lo), (x + cap, lo)], c.stroke_width(2)),
                PathElement::new(vec![(x - cap, hi), (x + cap, hi)], c.stroke_width(2)),
            ]
        });
        chart.draw_series(bars)?;
    }
    Ok(())
}
