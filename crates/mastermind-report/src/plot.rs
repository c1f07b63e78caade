//! Figures through plotters, each rendered in memory as PNG and SVG with an embedded font and
//! returned as [`OutputFile`]s for the caller to write.
//!
//! A fresh machine has no fonts that plotters can find, so DejaVu Sans (from the `dejavu` crate)
//! is registered under the family name `sans-serif` before the first figure is drawn.

pub mod dots;
mod figure;
pub mod forest;
mod guess_parts;
mod labels;
mod legend;
pub mod lines;
mod markers;
pub mod panels;
pub mod pareto;
mod scale;

/// Text anchored at its left end, centred vertically.
pub(crate) const CENTRE_LEFT: plotters::style::text_anchor::Pos =
    plotters::style::text_anchor::Pos {
        h_pos: plotters::style::text_anchor::HPos::Left,
        v_pos: plotters::style::text_anchor::VPos::Center,
    };

pub use figure::{Figure, NamedFigure};
pub use forest::{ForestPlot, ForestRow};
pub use lines::{Interval, LineChart, LineSeries, OffScale, Reference, Source, intervals_by_group};

use crate::output::OutputFile;
use plotters::coord::Shift;
use plotters::prelude::*;
use scale::Scale;
use std::path::Path;
use std::sync::Once;

/// Why a figure could not be laid out or drawn, in one sentence (plotters' own error included).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct DrawError(String);

impl DrawError {
    /// An error saying `text`.
    pub fn new(text: impl Into<String>) -> DrawError {
        DrawError(text.into())
    }
}

/// The result of laying out or drawing a figure.
pub(crate) type Result<T, E = DrawError> = std::result::Result<T, E>;

/// A [`DrawError`] from a format string, as `format!` takes it.
macro_rules! draw_error {
    ($($arg:tt)*) => {
        $crate::plot::DrawError::new(format!($($arg)*))
    };
}
pub(crate) use draw_error;

const SIZE: (u32, u32) = (1000, 640);
const FONT: &str = "sans-serif";

/// Colours that stay distinguishable: Tableau 10, then six dark ones for figures with more
/// series (black, navy, maroon, dark green, dark gold, dark teal), so that no two of up to 16
/// series share a colour.
const COLOURS: [RGBColor; 16] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
    RGBColor(188, 189, 34),
    RGBColor(23, 190, 207),
    RGBColor(0, 0, 0),
    RGBColor(0, 0, 128),
    RGBColor(128, 0, 0),
    RGBColor(0, 100, 0),
    RGBColor(184, 134, 11),
    RGBColor(0, 110, 110),
];

fn colour(i: usize) -> RGBColor {
    COLOURS[i % COLOURS.len()]
}

/// Registers the embedded font once per process.
fn register_fonts() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The font is valid TrueType shipped by the `dejavu` crate; registration cannot fail.
        let _ = plotters::style::register_font(FONT, FontStyle::Normal, dejavu::sans::regular());
        let _ = plotters::style::register_font(FONT, FontStyle::Bold, dejavu::sans::bold());
    });
}

/// Labels of a chart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Labels {
    /// Title above the plot.
    pub title: String,
    /// X axis description.
    pub x: String,
    /// Y axis description.
    pub y: String,
}

impl Labels {
    /// The labels of a chart titled `title` with axes described by `x` and `y`.
    pub fn new(title: impl Into<String>, x: impl Into<String>, y: impl Into<String>) -> Labels {
        Labels { title: title.into(), x: x.into(), y: y.into() }
    }

    /// The same labels with the y axis described by `y`.
    fn with_y(&self, y: String) -> Labels {
        Labels { y, ..self.clone() }
    }
}

/// Something that can draw itself on any plotters backend.
trait Drawing {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>;
}

/// Draws a figure as `<base>.png` and `<base>.svg`, in memory; returns both files. Failures
/// (and panics) are turned into an error naming the figure by [`Figure::draw`], around the
/// figure's preparation as well as its drawing.
fn both(base: &Path, figure: &impl Drawing) -> Result<Vec<OutputFile>> {
    both_sized(base, figure, SIZE)
}

/// [`both`] on a canvas of `size` pixels (a figure whose height grows with its rows).
fn both_sized(base: &Path, figure: &impl Drawing, size: (u32, u32)) -> Result<Vec<OutputFile>> {
    register_fonts();
    let png = base.with_extension("png");
    let svg = base.with_extension("svg");
    let (width, height) = size;
    let mut pixels = vec![0u8; width as usize * height as usize * 3];
    {
        let root = BitMapBackend::with_buffer(&mut pixels, size).into_drawing_area();
        figure.draw(&root)?;
        root.present().map_err(|e| draw_error!("{}: {e}", png.display()))?;
    }
    let png_bytes = encode_png(&pixels, size).map_err(|e| draw_error!("{}: {e}", png.display()))?;
    let mut svg_text = String::new();
    {
        let root = SVGBackend::with_string(&mut svg_text, size).into_drawing_area();
        figure.draw(&root)?;
        root.present().map_err(|e| draw_error!("{}: {e}", svg.display()))?;
    }
    Ok(vec![OutputFile::new(png, png_bytes), OutputFile::new(svg, svg_text)])
}

/// RGB pixels of `size` as PNG bytes, with the encoder and settings plotters' own file output
/// uses (`image`'s PNG encoder at its defaults), so a figure's bytes do not depend on whether
/// it was written by plotters or returned.
fn encode_png(pixels: &[u8], (width, height): (u32, u32)) -> image::ImageResult<Vec<u8>> {
    use image::ImageEncoder;
    let mut bytes = Vec::new();
    image::codecs::png::PngEncoder::new(&mut bytes).write_image(
        pixels,
        width,
        height,
        image::ColorType::Rgb8,
    )?;
    Ok(bytes)
}

/// The message of a caught panic.
pub fn panic_text(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "no message".to_owned())
}

/// The finite points of a series: drawing code never sees an infinite or NaN coordinate.
fn finite(points: &[(f64, f64)]) -> Vec<(f64, f64)> {
    points.iter().copied().filter(|p| p.0.is_finite() && p.1.is_finite()).collect()
}

/// A drawable axis range from the smallest and largest value: a unit range when there are none,
/// an error when the span itself is not finite (values near +-1.8e308).
fn axis(lo: f64, hi: f64, pad: f64) -> Result<(f64, f64)> {
    if !(lo.is_finite() && hi.is_finite()) {
        return Ok((0.0, 1.0));
    }
    let span = if hi > lo { hi - lo } else { hi.abs().max(1.0) * 0.1 };
    let (a, b) = (lo - pad * span, hi + pad * span);
    if !(span.is_finite() && a.is_finite() && b.is_finite() && b > a) {
        return Err(draw_error!("values from {lo} to {hi} span too wide a range to draw"));
    }
    Ok((a, b))
}

/// A tick label without trailing zeros: `10` rather than `10.0`, `4.45` rather than `4.450`.
fn short_number(v: f64) -> String {
    if v == v.round() && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        let text = format!("{v:.4}");
        text.trim_end_matches('0').trim_end_matches('.').to_owned()
    }
}

/// About three significant digits, for tick labels of a logarithmic axis.
fn three_digits(v: f64) -> String {
    match v.abs() {
        a if a >= 100.0 => format!("{v:.0}"),
        a if a >= 10.0 => format!("{v:.1}"),
        a if a >= 1.0 => format!("{v:.2}"),
        _ => format!("{v:.3}"),
    }
}

/// A tick label of a log10 axis (`y` the exponent): the value itself, written whole where it is
/// a whole multiple of its power of ten (`1000`, not `1e3` or `999.9`; `20`, `0.5`: the ticks
/// of [`Scale::log`]), else to about three digits.
fn log_tick(y: f64) -> String {
    let power = (y + 1e-9).floor();
    let multiple = 10f64.powf(y - power);
    if (multiple - multiple.round()).abs() < 1e-6 {
        // A hair under the next power of ten is that power.
        let (multiple, power) = match multiple.round() as u32 {
            10 => (1, power as i32 + 1),
            whole => (whole, power as i32),
        };
        multiple_of_power(multiple, power)
    } else {
        three_digits(10f64.powf(y))
    }
}

/// `multiple` times ten to the `power`: `20`, `0.05`, `2e6` (from 1e6 on, seven digits and more
/// would run into the axis's title; below 1, rounded to the power's own decimals, never to 0).
fn multiple_of_power(multiple: u32, power: i32) -> String {
    if power >= 6 {
        format!("{multiple}e{power}")
    } else if power >= 0 {
        (u64::from(multiple) * 10u64.pow(power as u32)).to_string()
    } else {
        format!("{:.*}", (-power) as usize, f64::from(multiple) * 10f64.powi(power))
    }
}

/// The plane every single-panel figure draws on, each axis a [`Scale`]: linear, or log10 ticked
/// at powers of ten or their 1-2-5 multiples.
type Plane<'a, DB> = ChartContext<'a, DB, Cartesian2d<Scale, Scale>>;

/// A white canvas with the title, and room for the axes' labels.
fn titled_chart<'a, DB: DrawingBackend>(
    root: &'a DrawingArea<DB, Shift>,
    title: &str,
    x: impl Into<Scale>,
    y: impl Into<Scale>,
) -> Result<Plane<'a, DB>> {
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| draw_error!("drawing: {e}");
    root.fill(&WHITE).map_err(e)?;
    ChartBuilder::on(root)
        .caption(title, (FONT, title_size(root, title)))
        .margin(20)
        .x_label_area_size(55)
        .y_label_area_size(75)
        .build_cartesian_2d(x.into(), y.into())
        .map_err(e)
}

/// The font size of a title: 24, or less for a title that would not fit the width of `area`
/// (never below 16).
fn title_size<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, title: &str) -> f64 {
    let room = f64::from(area.dim_in_pixel().0) - 30.0;
    let width = |size: f64| {
        area.estimate_text_size(title, &TextStyle::from((FONT, size)))
            .map_or(0.0, |s| f64::from(s.0))
    };
    let mut size = 24.0;
    while size > 16.0 && width(size) > room {
        size -= 1.0;
    }
    size
}

/// A plane as [`titled_chart`]'s, without the title and without filling the area (for a plot
/// that shares its title with an area beside it).
fn untitled_chart<'a, DB: DrawingBackend>(
    area: &'a DrawingArea<DB, Shift>,
    x: impl Into<Scale>,
    y: impl Into<Scale>,
) -> Result<Plane<'a, DB>> {
    ChartBuilder::on(area)
        .margin(20)
        .x_label_area_size(55)
        .y_label_area_size(75)
        .build_cartesian_2d(x.into(), y.into())
        .map_err(|e| draw_error!("drawing: {e}"))
}

/// Grouped bars: for each category (an integer such as a number of guesses), one bar per series.
pub(crate) fn grouped_bars(
    base: &Path,
    labels: &Labels,
    categories: &[u32],
    series: &[(String, Vec<f64>)],
) -> Result<Vec<OutputFile>> {
    let series: Vec<(String, Vec<f64>)> = series
        .iter()
        .map(|(n, v)| (n.clone(), v.iter().map(|&x| if x.is_finite() { x } else { 0.0 }).collect()))
        .collect();
    let series = &series[..];
    let top = series.iter().flat_map(|s| s.1.iter().copied()).fold(0.0, f64::max) * 1.1;
    if !top.is_finite() {
        return Err(draw_error!("bars too tall to draw"));
    }
    let (lo, hi) = (
        f64::from(*categories.first().unwrap_or(&0)) - 0.6,
        f64::from(*categories.last().unwrap_or(&1)) + 0.6,
    );
    both(base, &Bars { labels, categories, series, x: (lo, hi), top: top.max(1e-9) })
}

struct Bars<'a> {
    labels: &'a Labels,
    categories: &'a [u32],
    series: &'a [(String, Vec<f64>)],
    x: (f64, f64),
    top: f64,
}

impl Drawing for Bars<'_> {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()> {
        draw_bars(root, self.labels, self.categories, self.series, self.x, self.top)
    }
}

fn draw_bars<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    labels: &Labels,
    categories: &[u32],
    series: &[(String, Vec<f64>)],
    (lo, hi): (f64, f64),
    top: f64,
) -> Result<()> {
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| draw_error!("drawing: {e}");
    let mut chart = titled_chart(root, &labels.title, lo..hi, 0.0..top)?;
    chart
        .configure_mesh()
        .x_desc(labels.x.as_str())
        .y_desc(labels.y.as_str())
        .x_labels(categories.len().clamp(2, 20))
        .x_label_formatter(&|x| {
            if (x - x.round()).abs() < 1e-6 { format!("{}", x.round()) } else { String::new() }
        })
        .label_style((FONT, 16))
        .axis_desc_style((FONT, 18))
        .disable_x_mesh()
        .light_line_style(TRANSPARENT)
        .draw()
        .map_err(e)?;
    let width = 0.8 / series.len().max(1) as f64;
    for (i, (name, values)) in series.iter().enumerate() {
        let c = colour(i);
        let bars = categories.iter().zip(values).map(move |(&cat, &v)| {
            let left = f64::from(cat) - 0.4 + width * i as f64;
            Rectangle::new([(left, 0.0), (left + width * 0.92, v)], c.filled())
        });
        chart
            .draw_series(bars)
            .map_err(e)?
            .label(name.clone())
            .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 14, y + 6)], c.filled()));
    }
    legend::draw_series_labels(&mut chart)
}

/// Box plots (quartiles, median, whiskers to the most extreme values within 1.5 IQR, and a
/// cross at the mean), one per labelled sample, with the paper's mean of each sample (by index;
/// `None` where it has none) as a hollow marker. When the positive values span more than two
/// orders of magnitude, the y axis is logarithmic (ticks at powers of ten) and says so.
pub(crate) fn box_plots(
    base: &Path,
    labels: &Labels,
    samples: &[(String, Vec<f64>)],
    paper_means: &[Option<f64>],
) -> Result<Vec<OutputFile>> {
    let mut boxes: Vec<BoxStats> = samples.iter().map(|(_, s)| BoxStats::of(s)).collect();
    let mut paper: Vec<Option<f64>> =
        (0..samples.len()).map(|i| paper_means.get(i).copied().flatten()).collect();
    paper.iter_mut().for_each(|p| *p = p.filter(|v| v.is_finite()));
    let values = || {
        boxes
            .iter()
            .flat_map(|b| [b.low, b.q1, b.high, b.mean])
            .chain(paper.iter().flatten().copied())
    };
    let lo = values().fold(f64::INFINITY, f64::min);
    let hi = values().fold(f64::NEG_INFINITY, f64::max);
    // The smallest positive value: a game that needed no evaluation (a fixed first guess that
    // won) must not keep the axis linear when the rest spans decades.
    let positive = values().filter(|v| *v > 0.0).fold(f64::INFINITY, f64::min);
    let log_y = positive.is_finite() && hi / positive > 100.0;
    let y_desc = match (log_y, lo <= 0.0) {
        (true, true) => format!("{} (log scale; 0 drawn at the bottom)", labels.y),
        (true, false) => format!("{} (log scale)", labels.y),
        _ => labels.y.clone(),
    };
    let labels = labels.with_y(y_desc);
    let (y0, y1) = if log_y {
        let (y0, y1) = axis(positive.log10(), hi.log10(), 0.05)?;
        boxes = boxes.iter().map(|b| b.log10(y0)).collect();
        paper.iter_mut().for_each(|p| *p = p.map(f64::log10));
        (y0, y1)
    } else {
        axis(lo, hi, 0.08)?
    };
    let legend = usize::from(paper.iter().any(Option::is_some)) + 2;
    let y1 = y1 + (y1 - y0) * 0.07 * legend as f64;
    let names: Vec<String> = samples.iter().map(|s| s.0.clone()).collect();
    let figure =
        Boxes { labels: &labels, names: &names, boxes: &boxes, paper: &paper, y: (y0, y1), log_y };
    both_sized(base, &figure, figure.size())
}

impl Boxes<'_> {
    /// Whether the boxes' names are written upright in a figure `width` pixels wide: where,
    /// written across, two neighbours would run into each other or the last would run off the
    /// figure (about 8 pixels a character at the labels' size), and whenever there are many
    /// boxes.
    fn names_upright(&self, width: u32) -> bool {
        let slot = f64::from(width.saturating_sub(75 + 2 * 20)) / self.boxes.len().max(1) as f64;
        let half = |name: &String| 4.0 * name.chars().count() as f64;
        let collide = self.names.windows(2).any(|pair| half(&pair[0]) + half(&pair[1]) > slot);
        let off_the_edge = self.names.last().is_some_and(|last| half(last) > slot / 2.0 + 20.0);
        self.boxes.len() > 8 || collide || off_the_edge
    }

    /// The most characters of any box's name.
    fn longest_name(&self) -> u32 {
        self.names.iter().map(|n| n.chars().count()).max().unwrap_or(0) as u32
    }

    /// The figure's size: taller by the room upright names take, so that the plot keeps its
    /// height (and the y axis's title its room).
    fn size(&self) -> (u32, u32) {
        if self.names_upright(SIZE.0) {
            (SIZE.0, SIZE.1 + 8 * self.longest_name().min(30))
        } else {
            SIZE
        }
    }
}

struct Boxes<'a> {
    labels: &'a Labels,
    names: &'a [String],
    boxes: &'a [BoxStats],
    /// The paper's means, already on the axis's scale.
    paper: &'a [Option<f64>],
    y: (f64, f64),
    log_y: bool,
}

impl Drawing for Boxes<'_> {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()> {
        draw_boxes(root, self)
    }
}

#[derive(Debug, Clone, Copy)]
struct BoxStats {
    low: f64,
    q1: f64,
    median: f64,
    q3: f64,
    high: f64,
    mean: f64,
}

impl BoxStats {
    fn of(sample: &[f64]) -> BoxStats {
        let mut v: Vec<f64> = sample.iter().copied().filter(|x| x.is_finite()).collect();
        v.sort_by(f64::total_cmp);
        if v.is_empty() {
            return BoxStats { low: 0.0, q1: 0.0, median: 0.0, q3: 0.0, high: 0.0, mean: 0.0 };
        }
        let q = |p: f64| {
            let pos = p * (v.len() - 1) as f64;
            let (i, f) = (pos.floor() as usize, pos.fract());
            v[i] + f * (v[(i + 1).min(v.len() - 1)] - v[i])
        };
        let (q1, median, q3) = (q(0.25), q(0.5), q(0.75));
        let iqr = q3 - q1;
        let low = v.iter().copied().find(|&x| x >= q1 - 1.5 * iqr).unwrap_or(v[0]);
        let high = v.iter().rev().copied().find(|&x| x <= q3 + 1.5 * iqr).unwrap_or(v[v.len() - 1]);
        BoxStats { low, q1, median, q3, high, mean: v.iter().sum::<f64>() / v.len() as f64 }
    }

    /// The same box on a log10 scale; values at or below zero go to `bottom`, the axis's lowest.
    fn log10(&self, bottom: f64) -> BoxStats {
        let l = |v: f64| if v > 0.0 { v.log10().max(bottom) } else { bottom };
        BoxStats {
            low: l(self.low),
            q1: l(self.q1),
            median: l(self.median),
            q3: l(self.q3),
            high: l(self.high),
            mean: l(self.mean),
        }
    }
}

/// Box `i`: its quartiles, median and whiskers, and a cross at its mean (the first box's outline
/// and cross go into the legend, which says what they mark).
fn draw_box<DB: DrawingBackend>(
    chart: &mut Plane<'_, DB>,
    i: usize,
    b: &BoxStats,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let x = i as f64;
    let c = colour(i);
    let w = 0.3;
    chart.draw_series(std::iter::once(Rectangle::new(
        [(x - w, b.q1), (x + w, b.q3)],
        c.mix(0.35).filled(),
    )))?;
    let outline = chart.draw_series(std::iter::once(Rectangle::new(
        [(x - w, b.q1), (x + w, b.q3)],
        c.stroke_width(2),
    )))?;
    if i == 0 {
        outline
            .label("box: quartiles, median; whiskers: furthest values within 1.5 IQR of the box")
            .legend(move |(x, y)| {
                Rectangle::new([(x + 3, y - 6), (x + 17, y + 6)], c.stroke_width(2))
            });
    }
    let lines = [
        vec![(x - w, b.median), (x + w, b.median)],
        vec![(x, b.q3), (x, b.high)],
        vec![(x, b.q1), (x, b.low)],
        vec![(x - w / 2.0, b.high), (x + w / 2.0, b.high)],
        vec![(x - w / 2.0, b.low), (x + w / 2.0, b.low)],
    ];
    for line in lines {
        chart.draw_series(std::iter::once(PathElement::new(line, BLACK.stroke_width(2))))?;
    }
    let mean =
        chart.draw_series(std::iter::once(Cross::new((x, b.mean), 6, BLACK.stroke_width(2))))?;
    if i == 0 {
        mean.label("mean (cross)")
            .legend(|(x, y)| Cross::new((x + 10, y), 6, BLACK.stroke_width(2)));
    }
    Ok(())
}

fn draw_boxes<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, figure: &Boxes) -> Result<()> {
    let (labels, names, boxes, (y0, y1)) = (figure.labels, figure.names, figure.boxes, figure.y);
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| draw_error!("drawing: {e}");
    let n = boxes.len().max(1) as f64;
    let (width, _) = root.dim_in_pixel();
    let upright = figure.names_upright(width);
    let longest = figure.longest_name();
    root.fill(&WHITE).map_err(e)?;
    let mut chart = ChartBuilder::on(root)
        .caption(labels.title.as_str(), (FONT, title_size(root, &labels.title)))
        .margin(20)
        .x_label_area_size(if upright { 45 + 8 * longest.min(30) } else { 55 })
        .y_label_area_size(75)
        .build_cartesian_2d(Scale::linear(-0.5..n - 0.5), Scale::new(y0..y1, figure.log_y))
        .map_err(e)?;
    chart
        .configure_mesh()
        .x_desc(labels.x.as_str())
        .y_desc(labels.y.as_str())
        .x_label_style(TextStyle::from((FONT, 15)))
        .x_labels(boxes.len().max(2))
        .x_label_formatter(&|x| {
            let i = x.round();
            // Upright names are written below, not by the mesh (which runs them up into the
            // plot, over the whiskers).
            if (x - i).abs() < 1e-6 && i >= 0.0 && !upright {
                names.get(i as usize).cloned().unwrap_or_default()
            } else {
                String::new()
            }
        })
        .y_labels(10)
        .y_label_style((FONT, 15))
        .axis_desc_style((FONT, 18))
        .disable_x_mesh()
        .light_line_style(TRANSPARENT)
        .draw()
        .map_err(e)?;
    if upright {
        // Each name reads downwards from just below the axis, centred on its box.
        let style = TextStyle::from((FONT, 14)).transform(FontTransform::Rotate90).pos(CENTRE_LEFT);
        for (i, name) in names.iter().enumerate() {
            let (x, y) = chart.backend_coord(&(i as f64, y0));
            root.draw(&Text::new(name.clone(), (x, y + 10), style.clone())).map_err(e)?;
        }
    }
    for (i, b) in boxes.iter().enumerate() {
        draw_box(&mut chart, i, b).map_err(e)?;
    }
    let marks: Vec<(f64, f64)> =
        figure.paper.iter().enumerate().filter_map(|(i, p)| p.map(|v| (i as f64, v))).collect();
    if !marks.is_empty() {
        chart
            .draw_series(marks.iter().map(|&p| Circle::new(p, 8, BLACK.stroke_width(2))))
            .map_err(e)?
            .label("paper mean (hollow marker)")
            .legend(|(x, y)| Circle::new((x + 10, y), 6, BLACK.stroke_width(2)));
    }
    legend::draw_series_labels(&mut chart)
}

#[cfg(test)]
mod tests {
    use super::log_tick;

    #[test]
    fn log_ticks_are_whole_multiples_of_their_power_or_three_digits() {
        assert_eq!(log_tick(3.0), "1000");
        assert_eq!(log_tick(0.0), "1");
        assert_eq!(log_tick(-1.0), "0.1");
        assert_eq!(log_tick(-3.0), "0.001");
        assert_eq!(log_tick(-0.5), "0.316");
        assert_eq!(log_tick(5.0), "100000");
        assert_eq!(log_tick(6.0), "1e6");
        assert_eq!(log_tick(7.0 + 2f64.log10()), "2e7");
        assert_eq!(log_tick(-2.0 + 5f64.log10()), "0.05");
        // An exponent a hair under a whole one is that power, not 9.99...
        assert_eq!(log_tick(2.0 - 1e-12), "100");
        assert_eq!(log_tick(-1.0 - 1e-8), "0.1");
    }
}
