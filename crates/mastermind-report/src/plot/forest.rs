//! A forest plot: every numeric claim of a paper on one axis, in units of its margin, so that
//! dozens of verdicts read at a glance: each claim's interval as a bar with its estimate as a
//! mark, coloured and shaped by outcome, the margin band [-1, +1] shaded grey between dashed
//! edges, and the paper's own band (where the paper gives one) as an outlined box in the claim's
//! colour around the estimate. An exact value (no sampling error) has no interval, and its row
//! says so beside its mark.
//!
//! The figure grows a fixed height per claim, so that its text stays legible at fifty claims.
//! The x axis is symmetric and chosen from the data, but never wider than [`MOST_MARGINS`]
//! either side: a claim beyond it (a capped mean twenty margins off) is clipped at the edge
//! with an arrowhead, and its true values are printed beside the plot, so that one wild claim
//! does not flatten the others.

use super::legend::{self, wrap_to_width};
use super::{CENTRE_LEFT, COLOURS, Drawing, FONT, both_sized, short_number, title_size};
use super::{Result, draw_error};
use crate::output::OutputFile;
use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::Path;

/// One numeric claim of a paper, in units of its margin.
#[derive(Debug, Clone, PartialEq)]
pub struct ForestRow {
    /// The claim as the report names it, with its section (e.g. "table-2: Entropy: mean
    /// guesses").
    pub label: String,
    /// The difference (ours minus the paper's, or first arm minus second) divided by the margin.
    pub estimate: f64,
    /// The lower end of the interval of the difference at the verdict's level, divided by the
    /// margin.
    pub lower: f64,
    /// The upper end of the interval of the difference at the verdict's level, divided by the
    /// margin.
    pub upper: f64,
    /// The paper's own half-width at the verdict's level, divided by the margin (None: the
    /// paper's number is judged as a point).
    pub paper_band: Option<f64>,
    /// The verdict's name as the report writes it ("reproduced", "contradicted",
    /// "inconclusive", "agrees within the paper's precision", "explained (measured)", "not
    /// testable").
    pub outcome: String,
    /// Whether the claim compares exact values (no sampling error on either side): its interval
    /// is the estimate alone, and the plot says that it is exact rather than leave a bare mark
    /// (a bootstrap whose replicates all agree also has an interval of no width, but is not
    /// exact).
    pub exact: bool,
}

/// A forest plot of a paper's numeric claims, drawn as
/// [`Figure::Forest`](super::Figure::Forest).
#[derive(Debug, Clone, PartialEq)]
pub struct ForestPlot {
    /// Title above the plot.
    pub title: String,
    /// The claims, drawn top to bottom in this order.
    pub rows: Vec<ForestRow>,
}

/// The widest x range drawn, in margins either side of zero: beyond it a claim is clipped.
pub const MOST_MARGINS: f64 = 6.0;

/// The narrowest x range drawn, in margins either side of zero, so that the margin band always
/// has room around it.
const LEAST_MARGINS: f64 = 1.5;

/// The figure's width in pixels, as every other figure's.
const WIDTH: u32 = 1000;

/// The height of one claim's row, in pixels: two lines of a label fit.
const ROW_HEIGHT: u32 = 32;

/// The most room, in pixels, for the claims' labels left of the plot.
const LABEL_ROOM: f64 = 400.0;

/// Font sizes: a label on one line, a label wrapped on two, the legend, the values printed
/// beside the plot.
const LABEL_FONT: f64 = 15.0;
const WRAPPED_FONT: f64 = 12.5;
const LEGEND_FONT: f64 = 15.0;
const NOTE_FONT: f64 = 14.0;

impl ForestPlot {
    /// Draws the plot as `<base>.png` and `<base>.svg`; returns both files. A NaN or infinite
    /// number, an interval whose ends are the wrong way round, a negative band or no claim at
    /// all is an error naming the row, never a panic.
    pub(crate) fn draw(&self, base: &Path) -> Result<Vec<OutputFile>> {
        if self.rows.is_empty() {
            return Err(draw_error!("no claim to draw"));
        }
        // The layout measures text before the canvas is made.
        super::register_fonts();
        for (i, row) in self.rows.iter().enumerate() {
            row.check().map_err(|e| draw_error!("row {} ({:?}): {e}", i + 1, row.label))?;
        }
        let half = half_range(&self.rows);
        let placed: Vec<Placed> = self.rows.iter().map(|r| Placed::of(r, half)).collect();
        let styles = styles(&self.rows);
        let forest = Forest { plot: self, placed: &placed, styles: &styles, half };
        let height = forest.height()?;
        both_sized(base, &forest, (WIDTH, height))
    }
}

impl From<ForestPlot> for super::Figure {
    fn from(plot: ForestPlot) -> super::Figure {
        super::Figure::Forest(plot)
    }
}

impl ForestRow {
    /// Why this row cannot be drawn, if it cannot.
    fn check(&self) -> Result<()> {
        for (name, value) in [
            ("estimate", self.estimate),
            ("lower", self.lower),
            ("upper", self.upper),
            ("paper_band", self.paper_band.unwrap_or(0.0)),
        ] {
            if !value.is_finite() {
                return Err(draw_error!("{name} is {value}, not a finite number"));
            }
        }
        if self.lower > self.upper {
            return Err(draw_error!("lower {} lies above upper {}", self.lower, self.upper));
        }
        if self.paper_band.is_some_and(|b| b < 0.0) {
            return Err(draw_error!("paper_band {:?} is negative", self.paper_band));
        }
        Ok(())
    }

    /// The farthest from zero that anything of this row reaches.
    fn reach(&self) -> f64 {
        let band = self.paper_band.unwrap_or(0.0);
        [self.lower, self.upper, self.estimate - band, self.estimate + band]
            .into_iter()
            .fold(0.0, |a, v| a.max(v.abs()))
    }
}

/// How far either side of zero the x axis runs: every claim that reaches no farther than
/// [`MOST_MARGINS`], with some room, rounded up to half a margin, and at least
/// [`LEAST_MARGINS`]. A claim beyond [`MOST_MARGINS`] does not widen the axis: it is clipped at
/// the edge of the one that fits the others, which keeps their resolution.
fn half_range(rows: &[ForestRow]) -> f64 {
    let reach =
        rows.iter().map(ForestRow::reach).filter(|r| *r <= MOST_MARGINS).fold(0.0, f64::max);
    if rows.iter().all(|r| r.reach() > MOST_MARGINS) {
        return MOST_MARGINS;
    }
    let padded = (reach * 1.06 * 2.0).ceil() / 2.0;
    padded.clamp(LEAST_MARGINS, MOST_MARGINS)
}

/// A value on an axis that runs from `-half` to `half`: where it is drawn and which edge, if
/// any, it was clipped at.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Shown {
    /// Where it is drawn, within the axis.
    at: f64,
    /// -1 when clipped at the left edge, +1 at the right, 0 when drawn where it is.
    clipped: i8,
}

impl Shown {
    /// `value` on an axis from `-half` to `half`.
    fn of(value: f64, half: f64) -> Shown {
        let clipped = if value > half {
            1
        } else if value < -half {
            -1
        } else {
            0
        };
        Shown { at: value.clamp(-half, half), clipped }
    }
}

/// One row as drawn: every value clipped to the axis.
#[derive(Debug, Clone, PartialEq)]
struct Placed {
    /// The estimate.
    estimate: Shown,
    /// The interval's lower end.
    lower: Shown,
    /// The interval's upper end.
    upper: Shown,
    /// The paper's band around the estimate, clipped to the axis.
    band: Option<(f64, f64)>,
    /// The true values, printed beside the plot when anything of the interval is clipped.
    note: Option<String>,
}

impl Placed {
    /// `row` on an axis from `-half` to `half`.
    fn of(row: &ForestRow, half: f64) -> Placed {
        let (estimate, lower, upper) =
            (Shown::of(row.estimate, half), Shown::of(row.lower, half), Shown::of(row.upper, half));
        let band = row.paper_band.map(|b| {
            ((row.estimate - b).clamp(-half, half), (row.estimate + b).clamp(-half, half))
        });
        let clipped = estimate.clipped != 0 || lower.clipped != 0 || upper.clipped != 0;
        let note = clipped.then(|| {
            let estimate = margins(row.estimate);
            if row.exact {
                format!("{estimate} ({EXACT})")
            } else {
                format!("{estimate} [{}, {}]", margins(row.lower), margins(row.upper))
            }
        });
        Placed { estimate, lower, upper, band, note }
    }
}

/// A number of margins as printed beside the plot: signed, one decimal, in scientific notation
/// from ten thousand on (a difference divided by a tiny margin).
fn margins(v: f64) -> String {
    if v.abs() < 1e4 { format!("{v:+.1}") } else { format!("{v:+.1e}") }
}

/// The mark an outcome's estimates are drawn with: shapes as well as colours tell outcomes
/// apart, for readers who do not see the colours (or print in grey).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mark {
    Circle,
    Diamond,
    Triangle,
    Ring,
    Square,
    Cross,
}

/// The outcomes the report writes, in the legend's order (from agreement to disagreement, then
/// what cannot be judged), each with its colour and mark.
const OUTCOMES: [(&str, RGBColor, Mark); 6] = [
    ("reproduced", COLOURS[2], Mark::Circle),
    ("agrees within the paper's precision", COLOURS[0], Mark::Diamond),
    ("explained (measured)", COLOURS[4], Mark::Triangle),
    ("inconclusive", COLOURS[1], Mark::Ring),
    ("contradicted", COLOURS[3], Mark::Square),
    ("not testable", COLOURS[7], Mark::Cross),
];

/// An outcome as the legend shows it.
#[derive(Debug, Clone, PartialEq)]
struct Style {
    outcome: String,
    colour: RGBColor,
    mark: Mark,
}

/// The style of every outcome present, in the legend's order: the known ones first, in
/// [`OUTCOMES`]'s order, then any other in the order it first appears, each with a colour of
/// its own.
fn styles(rows: &[ForestRow]) -> Vec<Style> {
    let present = |name: &str| rows.iter().any(|r| r.outcome.trim().eq_ignore_ascii_case(name));
    let mut styles: Vec<Style> = OUTCOMES
        .iter()
        .filter(|(name, ..)| present(name))
        .map(|&(name, colour, mark)| Style { outcome: name.to_owned(), colour, mark })
        .collect();
    // Colours no known outcome takes.
    let mut spare = [5, 6, 8, 9, 10, 11, 12, 13, 14, 15].into_iter().cycle();
    for row in rows {
        let name = row.outcome.trim();
        if !styles.iter().any(|s| s.outcome.eq_ignore_ascii_case(name)) {
            let colour = COLOURS[spare.next().unwrap_or(10)];
            styles.push(Style { outcome: name.to_owned(), colour, mark: Mark::Circle });
        }
    }
    styles
}

/// The style of `outcome` among `styles` (every outcome present has one).
fn style_of<'a>(styles: &'a [Style], outcome: &str) -> Option<&'a Style> {
    styles.iter().find(|s| s.outcome.eq_ignore_ascii_case(outcome.trim()))
}

/// The plot ready to draw.
struct Forest<'a> {
    plot: &'a ForestPlot,
    placed: &'a [Placed],
    styles: &'a [Style],
    half: f64,
}

/// Pixels above the rows: margin, title, legend (`lines` of it), the header of the values
/// printed beside the plot and, above more than [`TOP_AXIS_FROM`] rows, the axis's numbers.
fn header_height(legend_lines: u32, rows: usize) -> u32 {
    20 + 40 + 26 * legend_lines + 10 + if rows > TOP_AXIS_FROM { 26 } else { 0 }
}

/// With more rows than this, the axis's numbers are repeated above the first row.
const TOP_AXIS_FROM: usize = 12;

/// How many x labels to ask plotters for: every whole margin, or every half on a narrow axis.
fn tick_count(half: f64) -> usize {
    let step = if half <= 2.0 { 0.5 } else { 1.0 };
    (2.0 * half / step).round() as usize + 1
}

/// Pixels below the rows: the x axis's labels and description, and a margin.
const FOOTER: u32 = 50 + 16;

/// The legend's entries: each outcome present, the paper's band where any row has one, and the
/// margin band.
enum Entry<'a> {
    Outcome(&'a Style),
    PaperBand,
    MarginBand,
}

impl Entry<'_> {
    fn text(&self) -> &str {
        match self {
            Entry::Outcome(style) => &style.outcome,
            Entry::PaperBand => "paper's own band (outlined box, claim's colour)",
            Entry::MarginBand => "margin [-1, +1] (grey, dashed edges)",
        }
    }
}

/// The width of a legend entry's sample, before its text.
const SAMPLE: i32 = 34;

impl Forest<'_> {
    fn entries(&self) -> Vec<Entry<'_>> {
        let mut entries: Vec<Entry> = self.styles.iter().map(Entry::Outcome).collect();
        if self.plot.rows.iter().any(|r| r.paper_band.is_some()) {
            entries.push(Entry::PaperBand);
        }
        entries.push(Entry::MarginBand);
        entries
    }

    /// Where each legend entry starts, `(x, line)`, flowing left to right and onto further
    /// lines, measured with `width`.
    fn legend_layout(&self, width: impl Fn(&str) -> f64) -> Vec<(i32, u32)> {
        let entries = self.entries();
        let texts: Vec<&str> = entries.iter().map(Entry::text).collect();
        legend::flow(&texts, width, (20.0, f64::from(WIDTH) - 20.0), SAMPLE, 26.0)
    }

    /// The figure's height: the header, a row per claim and the axis.
    fn height(&self) -> Result<u32> {
        // Text is measured as it will be drawn, on a canvas of the figure's width.
        let mut probe = String::new();
        let lines = {
            let canvas = SVGBackend::with_string(&mut probe, (WIDTH, 100)).into_drawing_area();
            let layout = self.legend_layout(|t| text_width(&canvas, t, LEGEND_FONT));
            layout.last().map_or(1, |p| p.1 + 1)
        };
        let rows = u32::try_from(self.plot.rows.len()).map_err(|_| draw_error!("too many rows"))?;
        rows.checked_mul(ROW_HEIGHT)
            .and_then(|r| r.checked_add(header_height(lines, self.plot.rows.len()) + FOOTER))
            .filter(|h| *h <= 60_000)
            .ok_or_else(|| draw_error!("{rows} rows make too tall a figure"))
    }
}

/// The width of `text` at `size` in pixels, as the area measures it (0 if it cannot).
fn text_width<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, text: &str, size: f64) -> f64 {
    area.estimate_text_size(text, &TextStyle::from((FONT, size))).map_or(0.0, |s| f64::from(s.0))
}

/// Draws `mark` centred on `at` in `colour`, `radius` pixels from its centre.
fn draw_mark<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    (x, y): (i32, i32),
    mark: Mark,
    colour: RGBColor,
    radius: i32,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let r = radius;
    let outline = BLACK.mix(0.75).stroke_width(1);
    match mark {
        Mark::Circle => {
            area.draw(&Circle::new((x, y), r, colour.filled()))?;
            area.draw(&Circle::new((x, y), r, outline))
        }
        Mark::Ring => {
            area.draw(&Circle::new((x, y), r, WHITE.filled()))?;
            area.draw(&Circle::new((x, y), r, colour.stroke_width(3)))
        }
        Mark::Square => {
            let corners = [(x - r + 1, y - r + 1), (x + r - 1, y + r - 1)];
            area.draw(&Rectangle::new(corners, colour.filled()))?;
            area.draw(&Rectangle::new(corners, outline))
        }
        Mark::Diamond => {
            let points = vec![(x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)];
            draw_outlined(area, points, colour.filled(), outline)
        }
        Mark::Triangle => {
            let points = vec![(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)];
            draw_outlined(area, points, colour.filled(), outline)
        }
        Mark::Cross => {
            let style = colour.stroke_width(3);
            area.draw(&PathElement::new(vec![(x - r, y - r), (x + r, y + r)], style))?;
            area.draw(&PathElement::new(vec![(x - r, y + r), (x + r, y - r)], style))
        }
    }
}

/// An arrowhead at `(x, y)` pointing left (`direction` -1) or right (+1): filled where the
/// estimate itself is off the axis, hollow where only an end of its interval is.
fn draw_arrow<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    (x, y): (i32, i32),
    direction: i8,
    colour: RGBColor,
    filled: bool,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let d = i32::from(direction);
    let points = vec![(x + 11 * d, y), (x - 2 * d, y - 7), (x - 2 * d, y + 7)];
    let fill = if filled { colour.filled() } else { WHITE.filled() };
    draw_outlined(area, points, fill, colour.stroke_width(2))
}

/// The polygon through `points`, filled with `fill` and outlined all round with `outline`.
fn draw_outlined<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    points: Vec<(i32, i32)>,
    fill: ShapeStyle,
    outline: ShapeStyle,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    area.draw(&Polygon::new(points.clone(), fill))?;
    let mut closed = points;
    closed.push(closed[0]);
    area.draw(&PathElement::new(closed, outline))
}

/// The lines a claim's label takes in `room` pixels: one at [`LABEL_FONT`] if it fits, else at
/// most two at [`WRAPPED_FONT`], the second cut short with an ellipsis if the label is longer
/// still.
fn label_lines(label: &str, room: f64, width: impl Fn(&str, f64) -> f64) -> (Vec<String>, f64) {
    if width(label, LABEL_FONT) <= room {
        return (vec![label.to_owned()], LABEL_FONT);
    }
    let Ok(mut lines) =
        wrap_to_width(label, room, |t| Ok::<f64, std::convert::Infallible>(width(t, WRAPPED_FONT)));
    if lines.len() > 2 {
        let rest = lines.split_off(1).join(" ");
        lines.push(rest);
    }
    for line in &mut lines {
        if width(line, WRAPPED_FONT) > room {
            while !line.is_empty() && width(&format!("{line}…"), WRAPPED_FONT) > room {
                line.pop();
            }
            *line = format!("{}…", line.trim_end());
        }
    }
    (lines, WRAPPED_FONT)
}

impl Drawing for Forest<'_> {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()> {
        let e = |e: DrawingAreaErrorKind<DB::ErrorType>| draw_error!("drawing: {e}");
        root.fill(&WHITE).map_err(e)?;
        let title = &self.plot.title;
        let title_style =
            TextStyle::from((FONT, title_size(root, title))).pos(Pos::new(HPos::Center, VPos::Top));
        root.draw(&Text::new(title.clone(), (WIDTH as i32 / 2, 18), title_style)).map_err(e)?;
        let legend_lines = self.draw_legend(root).map_err(e)?;

        // Room for the labels (left) and the values off the axis (right).
        let room = self
            .plot
            .rows
            .iter()
            .map(|r| text_width(root, &r.label, LABEL_FONT))
            .fold(0.0, f64::max)
            .min(LABEL_ROOM);
        let notes: Vec<&String> = self.placed.iter().filter_map(|p| p.note.as_ref()).collect();
        let note_room = notes
            .iter()
            .map(|n| text_width(root, n, NOTE_FONT))
            .chain(notes.first().map(|_| text_width(root, NOTE_HEADER, NOTE_FONT)))
            .fold(0.0, f64::max);
        let right = if notes.is_empty() { 30 } else { note_room as u32 + 40 };

        let (_, body) = root.split_vertically(header_height(legend_lines, self.plot.rows.len()));
        let n = self.plot.rows.len() as f64;
        let half = self.half;
        let mut chart = ChartBuilder::on(&body)
            .margin_left(20)
            .margin_right(right)
            .margin_bottom(16)
            .x_label_area_size(50)
            .y_label_area_size(room as u32 + 14)
            .build_cartesian_2d(-half..half, -0.5..n - 0.5)
            .map_err(e)?;
        // The grid first: the shades below are translucent.
        let ticks = tick_count(half);
        chart
            .configure_mesh()
            .x_desc("difference / margin")
            .x_labels(ticks)
            .x_label_formatter(&|x| short_number(*x))
            .y_labels(0)
            .disable_y_mesh()
            .label_style((FONT, 15))
            .axis_desc_style((FONT, 17))
            .bold_line_style(BLACK.mix(0.08))
            .light_line_style(TRANSPARENT)
            .draw()
            .map_err(e)?;
        let (xs, ys) = chart.plotting_area().get_pixel_range();
        if self.plot.rows.len() > TOP_AXIS_FROM {
            // A tall plot repeats the axis's numbers above its first row.
            let range: plotters::coord::types::RangedCoordf64 = (-half..half).into();
            let style = TextStyle::from((FONT, 15)).pos(Pos::new(HPos::Center, VPos::Bottom));
            for x in plotters::coord::ranged1d::Ranged::key_points(&range, ticks) {
                let (x_px, _) = chart.backend_coord(&(x, n - 0.5));
                root.draw(&Text::new(short_number(x), (x_px, ys.start - 6), style.clone()))
                    .map_err(e)?;
            }
        }
        let px = |x: f64, y: f64| chart.backend_coord(&(x, y));
        self.draw_guides(root, &px, ys.clone()).map_err(e)?;
        for i in 0..self.plot.rows.len() {
            self.draw_row(root, &px, i, (room, xs.end)).map_err(e)?;
        }
        if !notes.is_empty() {
            let grey = BLACK.mix(0.7);
            let style = TextStyle::from((FONT, NOTE_FONT)).color(&grey).pos(CENTRE_LEFT);
            let above = if self.plot.rows.len() > TOP_AXIS_FROM { 34 } else { 14 };
            root.draw(&Text::new(NOTE_HEADER, (xs.end + 22, ys.start - above), style))
                .map_err(e)?;
        }
        Ok(())
    }
}

impl Forest<'_> {
    /// The y of row `i` on the chart: the first row at the top.
    fn y_of(&self, i: usize) -> f64 {
        self.plot.rows.len() as f64 - 1.0 - i as f64
    }

    /// The legend under the title, flowing onto as many lines as it needs; how many it took.
    fn draw_legend<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
    ) -> Result<u32, DrawingAreaErrorKind<DB::ErrorType>> {
        let layout = self.legend_layout(|t| text_width(root, t, LEGEND_FONT));
        let entries = self.entries();
        let texts: Vec<&str> = entries.iter().map(Entry::text).collect();
        legend::draw_flowing(
            root,
            &texts,
            &layout,
            (20 + 40 + 13, 26),
            LEGEND_FONT,
            SAMPLE,
            |k, (x, y)| match &entries[k] {
                Entry::Outcome(style) => {
                    let bar = PathElement::new(
                        vec![(x + 2, y), (x + 28, y)],
                        style.colour.stroke_width(3),
                    );
                    root.draw(&bar)?;
                    draw_mark(root, (x + 15, y), style.mark, style.colour, 6)
                }
                Entry::PaperBand => {
                    // As in the plot: a light box outlined, around a bar, in a claim's colour
                    // (here a neutral one, the colour being the claim's outcome).
                    let corners = [(x + 1, y - 7), (x + 29, y + 7)];
                    root.draw(&Rectangle::new(corners, GREY.mix(BAND_FILL).filled()))?;
                    root.draw(&Rectangle::new(corners, GREY.mix(BAND_EDGE).stroke_width(1)))?;
                    root.draw(&PathElement::new(
                        vec![(x + 8, y), (x + 22, y)],
                        GREY.stroke_width(3),
                    ))
                }
                Entry::MarginBand => {
                    // As in the plot: a flat grey band between dashed edges, full height.
                    let corners = [(x, y - 11), (x + 30, y + 11)];
                    root.draw(&Rectangle::new(corners, MARGIN_SHADE.filled()))?;
                    for edge in [x, x + 30] {
                        root.draw(&margin_edge(vec![(edge, y - 11), (edge, y + 11)]))?;
                    }
                    Ok(())
                }
            },
        )?;
        Ok(layout.last().map_or(1, |p| p.1 + 1))
    }

    /// What guides the eye under the rows: every other row shaded across the whole width (so
    /// that the eye keeps to a row from its label to its bar), the margin band, zero and the
    /// margin's edges. `px` turns chart coordinates into pixels; `ys` is the plot's height.
    fn draw_guides<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
        px: &impl Fn(f64, f64) -> (i32, i32),
        ys: std::ops::Range<i32>,
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        let n = self.plot.rows.len() as f64;
        for i in (1..self.plot.rows.len()).step_by(2) {
            let (_, top) = px(0.0, self.y_of(i) + 0.5);
            let (_, bottom) = px(0.0, self.y_of(i) - 0.5);
            let stripe = Rectangle::new([(16, top), (WIDTH as i32 - 16, bottom)], STRIPE.filled());
            root.draw(&stripe)?;
        }
        let (left, top) = px(-1.0, n - 0.5);
        let (right, bottom) = px(1.0, -0.5);
        root.draw(&Rectangle::new([(left, top), (right, bottom)], MARGIN_SHADE.filled()))?;
        let (zero, _) = px(0.0, 0.0);
        let axis_line = BLACK.mix(0.6).stroke_width(1);
        root.draw(&PathElement::new(vec![(zero, ys.start), (zero, ys.end)], axis_line))?;
        for edge in [-1.0, 1.0] {
            let (x, _) = px(edge, 0.0);
            root.draw(&margin_edge(vec![(x, ys.start), (x, ys.end)]))?;
        }
        Ok(())
    }

    /// Row `i`: the paper's band, the interval with its ends (an arrow where an end is off the
    /// axis), the estimate's mark, the label in `room` pixels on the left and, for a claim off
    /// the axis, its values printed right of `plot_right`.
    fn draw_row<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
        px: &impl Fn(f64, f64) -> (i32, i32),
        i: usize,
        (room, plot_right): (f64, i32),
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        let (row, placed) = (&self.plot.rows[i], &self.placed[i]);
        let y = self.y_of(i);
        let (_, y_px) = px(0.0, y);
        let Some(style) = style_of(self.styles, &row.outcome) else { return Ok(()) };
        let c = style.colour;
        if let Some((a, b)) = placed.band {
            let (a_px, top) = px(a, y + 0.33);
            let (b_px, bottom) = px(b, y - 0.33);
            let corners = [(a_px, top), (b_px.max(a_px + 1), bottom)];
            root.draw(&Rectangle::new(corners, c.mix(BAND_FILL).filled()))?;
            root.draw(&Rectangle::new(corners, c.mix(BAND_EDGE).stroke_width(1)))?;
        }
        let (lo, _) = px(placed.lower.at, y);
        let (hi, _) = px(placed.upper.at, y);
        root.draw(&PathElement::new(vec![(lo, y_px), (hi, y_px)], c.stroke_width(3)))?;
        let tick = c.stroke_width(2);
        for (end, shown) in [(lo, placed.lower), (hi, placed.upper)] {
            if shown.clipped == 0 {
                root.draw(&PathElement::new(vec![(end, y_px - 6), (end, y_px + 6)], tick))?;
            }
        }
        let estimate_off = placed.estimate.clipped != 0;
        for shown in [placed.lower, placed.upper] {
            if shown.clipped != 0 {
                let (x, _) = px(shown.at, y);
                let filled = estimate_off && shown.clipped == placed.estimate.clipped;
                draw_arrow(root, (x, y_px), shown.clipped, c, filled)?;
            }
        }
        if !estimate_off {
            let (x, _) = px(placed.estimate.at, y);
            draw_mark(root, (x, y_px), style.mark, c, 6)?;
            if row.exact {
                draw_exact(root, (x, y_px), plot_right)?;
            }
        }
        let (lines, size) = label_lines(&row.label, room, |t, size| text_width(root, t, size));
        let font = TextStyle::from((FONT, size)).pos(CENTRE_LEFT);
        let spacing = (size + 2.0) as i32;
        let first = y_px - spacing * (lines.len() as i32 - 1) / 2;
        for (k, line) in lines.into_iter().enumerate() {
            root.draw(&Text::new(line, (LABEL_AT, first + spacing * k as i32), font.clone()))?;
        }
        if let Some(note) = &placed.note {
            let style = TextStyle::from((FONT, NOTE_FONT)).color(&c).pos(CENTRE_LEFT);
            root.draw(&Text::new(note.clone(), (plot_right + 22, y_px), style))?;
        }
        Ok(())
    }
}

/// Says beside the mark at `(x, y)` that its claim is exact: right of the mark where the text
/// fits before `plot_right`, else left of it.
fn draw_exact<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    (x, y): (i32, i32),
    plot_right: i32,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let grey = BLACK.mix(0.7);
    let width = text_width(root, EXACT, NOTE_FONT) as i32;
    let (at, pos) = if x + 12 + width <= plot_right {
        ((x + 12, y), CENTRE_LEFT)
    } else {
        ((x - 12, y), Pos::new(HPos::Right, VPos::Center))
    };
    let style = TextStyle::from((FONT, NOTE_FONT)).color(&grey).pos(pos);
    root.draw(&Text::new(EXACT, at, style))
}

/// What an exact claim's row says beside its mark (or beside the plot, where it is off the axis).
const EXACT: &str = "exact value, no interval";

/// A dashed edge of the margin band, in the plot and in the legend.
fn margin_edge(points: Vec<(i32, i32)>) -> DashedPathElement<std::vec::IntoIter<(i32, i32)>, i32> {
    DashedPathElement::new(points, 6, 4, BLACK.mix(0.45).stroke_width(1))
}

/// How opaque the paper's band is drawn: its fill and its outline, in the claim's colour.
const BAND_FILL: f64 = 0.22;
const BAND_EDGE: f64 = 0.75;

/// Where the claims' labels start, in pixels from the left.
const LABEL_AT: i32 = 22;

/// The heading of the values printed beside the plot for claims clipped at its edge.
const NOTE_HEADER: &str = "off the axis: est. [interval]";

/// The margin band's shade.
const MARGIN_SHADE: RGBAColor = RGBAColor(0, 0, 0, 0.09);

/// The shade of every other row.
const STRIPE: RGBAColor = RGBAColor(0, 0, 0, 0.035);

/// The paper's band in the legend (in the plot it takes the outcome's colour).
const GREY: RGBColor = RGBColor(90, 90, 90);

#[cfg(test)]
mod tests {
    use super::*;

    fn row(label: &str, estimate: f64, lower: f64, upper: f64, outcome: &str) -> ForestRow {
        ForestRow {
            label: label.into(),
            estimate,
            lower,
            upper,
            paper_band: None,
            outcome: outcome.into(),
            exact: false,
        }
    }

    #[test]
    fn the_axis_fits_the_claims_within_its_bounds() {
        let check = |rows: &[ForestRow], expect: f64| {
            assert_eq!(half_range(rows), expect, "{rows:?}");
        };
        // Everything inside the margin: the narrowest axis.
        check(&[row("a", 0.1, -0.8, 0.9, "reproduced")], LEAST_MARGINS);
        // Rounded up to half a margin, with some room.
        check(&[row("a", 1.2, 0.4, 2.3, "inconclusive")], 2.5);
        check(&[row("a", -2.9, -3.4, -2.4, "contradicted")], 4.0);
        // The paper's band counts too.
        let mut banded = row("a", 0.5, 0.0, 1.0, "inconclusive");
        banded.paper_band = Some(2.5);
        check(&[banded], 3.5);
        // A wild claim does not widen the axis that fits the others; alone, it gets the widest.
        let wild = row("b", 20.0, 19.0, 21.0, "contradicted");
        check(&[row("a", 0.1, -0.2, 0.4, "reproduced"), wild.clone()], LEAST_MARGINS);
        check(&[row("a", -2.0, -2.9, -1.1, "contradicted"), wild.clone()], 3.5);
        check(&[row("a", 5.5, 5.0, 5.9, "contradicted"), wild.clone()], MOST_MARGINS);
        check(&[wild], MOST_MARGINS);
        check(&[row("b", -1e300, -1e301, 1e300, "x")], MOST_MARGINS);
    }

    #[test]
    fn values_beyond_the_axis_are_clipped_at_its_edge_and_printed() {
        let wild = Placed::of(&row("wild", 20.25, 19.5, 21.0, "contradicted"), 6.0);
        assert_eq!(wild.estimate, Shown { at: 6.0, clipped: 1 });
        assert_eq!(wild.lower, Shown { at: 6.0, clipped: 1 });
        assert_eq!(wild.upper, Shown { at: 6.0, clipped: 1 });
        assert_eq!(wild.note.as_deref(), Some("+20.2 [+19.5, +21.0]"));

        // Only the upper end off the axis: the estimate is drawn where it is.
        let long = Placed::of(&row("long", 3.0, -1.0, 8.0, "inconclusive"), 6.0);
        assert_eq!(long.estimate, Shown { at: 3.0, clipped: 0 });
        assert_eq!(long.lower, Shown { at: -1.0, clipped: 0 });
        assert_eq!(long.upper, Shown { at: 6.0, clipped: 1 });
        assert_eq!(long.note.as_deref(), Some("+3.0 [-1.0, +8.0]"));

        let low = Placed::of(&row("low", -7.5, -9.0, -6.5, "contradicted"), 6.0);
        assert_eq!((low.lower.clipped, low.estimate.at), (-1, -6.0));

        // Inside: nothing clipped, nothing printed; the band is clipped but prints nothing.
        let mut inside = row("in", 0.2, -0.3, 0.7, "reproduced");
        inside.paper_band = Some(7.0);
        let inside = Placed::of(&inside, 6.0);
        assert_eq!(inside.note, None);
        assert_eq!(inside.band, Some((-6.0, 6.0)));

        assert_eq!(margins(-123456.0), "-1.2e5");
        assert_eq!(margins(0.04), "+0.0");
    }

    #[test]
    fn an_exact_value_says_so_on_the_axis_and_off_it() {
        let exact = |label: &str, value: f64| ForestRow {
            exact: true,
            ..row(label, value, value, value, "reproduced")
        };
        let plot = ForestPlot {
            title: "t".into(),
            rows: vec![
                row("sampled", 0.2, -0.5, 0.9, "reproduced"),
                exact("on the axis", 0.6),
                exact("off the axis", 30.0),
            ],
        };
        let files = plot.draw(Path::new("exact")).unwrap();
        let svg = files[1].text().unwrap();
        assert_eq!(svg.matches(EXACT).count(), 2, "beside its mark, and in the note: {svg}");
        assert!(svg.contains(&format!("+30.0 ({EXACT})")), "{svg}");
    }

    #[test]
    fn known_outcomes_keep_their_order_and_others_get_colours_of_their_own() {
        let rows = [
            row("a", 0.0, -1.0, 1.0, "contradicted"),
            row("b", 0.0, -1.0, 1.0, "something new"),
            row("c", 0.0, -1.0, 1.0, "reproduced"),
            row("d", 0.0, -1.0, 1.0, "another"),
        ];
        let styles = styles(&rows);
        let names: Vec<&str> = styles.iter().map(|s| s.outcome.as_str()).collect();
        assert_eq!(names, ["reproduced", "contradicted", "something new", "another"]);
        for (i, a) in styles.iter().enumerate() {
            for b in &styles[i + 1..] {
                assert_ne!(a.colour, b.colour, "{} and {}", a.outcome, b.outcome);
            }
        }
    }

    #[test]
    fn long_labels_wrap_on_two_lines_at_most() {
        // Every character 8 pixels wide, whatever the size.
        let width = |t: &str, _: f64| 8.0 * t.chars().count() as f64;
        let (one, size) = label_lines("table-2: Entropy", 200.0, width);
        assert_eq!((one, size), (vec!["table-2: Entropy".to_owned()], LABEL_FONT));
        let long = "table-6: Most parts with mu = 20 is not significantly different from the full \
                    set (the paper's text)";
        let (lines, size) = label_lines(long, 200.0, width);
        assert_eq!(size, WRAPPED_FONT);
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(lines.iter().all(|l| width(l, size) <= 200.0), "{lines:?}");
        assert!(lines[1].ends_with('…'), "{lines:?}");
    }

    #[test]
    fn non_finite_or_inverted_rows_are_refused_with_their_name() {
        for (what, bad) in [
            ("NaN", row("nan row", f64::NAN, 0.0, 1.0, "reproduced")),
            ("infinite", row("inf row", 0.0, 0.0, f64::INFINITY, "reproduced")),
            ("inverted", row("inverted row", 0.0, 1.0, -1.0, "reproduced")),
        ] {
            let plot = ForestPlot {
                title: "t".into(),
                rows: vec![row("fine", 0.0, -0.5, 0.5, "reproduced"), bad],
            };
            let error = super::super::Figure::from(plot).draw(Path::new("f")).unwrap_err();
            assert!(format!("{error:#}").contains("row 2"), "{what}: {error:#}");
        }
        let mut banded = row("band", 0.0, -0.5, 0.5, "reproduced");
        banded.paper_band = Some(f64::NAN);
        let plot = ForestPlot { title: "t".into(), rows: vec![banded] };
        assert!(plot.draw(Path::new("g")).is_err());
        assert!(ForestPlot { title: "t".into(), rows: vec![] }.draw(Path::new("h")).is_err());
    }

    #[test]
    fn the_largest_finite_values_are_clipped_not_refused() {
        let mut huge = row("huge", f64::MAX, -f64::MAX, f64::MAX, "contradicted");
        huge.paper_band = Some(f64::MAX);
        let plot = ForestPlot {
            title: "t".into(),
            rows: vec![huge, row("tiny", 1e-300, -1e-300, 2e-300, "something else")],
        };
        let files = plot.draw(Path::new("f")).unwrap();
        let svg = files[1].text().unwrap();
        assert!(svg.contains("+1.8e308 [-1.8e308, +1.8e308]"), "the values are printed");
    }

    /// `n` claims of every outcome, one of them wild, some with the paper's band.
    fn mixed(n: usize) -> ForestPlot {
        let outcomes = [
            "reproduced",
            "contradicted",
            "inconclusive",
            "agrees within the paper's precision",
            "explained (measured)",
            "not testable",
        ];
        let rows = (0..n)
            .map(|i| {
                let estimate = ((i * 37) % 23) as f64 / 5.0 - 2.2;
                let half = 0.2 + (i % 5) as f64 * 0.25;
                let mut r = row(
                    &format!("table-{}: claim number {i} of a paper", i / 8 + 1),
                    estimate,
                    estimate - half,
                    estimate + half,
                    outcomes[i % outcomes.len()],
                );
                if i % 3 == 0 {
                    r.paper_band = Some(0.6 + (i % 4) as f64 * 0.3);
                }
                if i == 2 {
                    (r.estimate, r.lower, r.upper) = (20.3, 19.1, 21.5);
                }
                r
            })
            .collect();
        ForestPlot { title: format!("Forest of {n} claims"), rows }
    }

    #[test]
    fn a_plot_of_five_and_of_fifty_claims_is_drawn_as_png_and_svg() {
        let mut heights = Vec::new();
        for n in [5, 50] {
            let files = super::super::Figure::from(mixed(n))
                .draw(Path::new(&format!("forest-{n}")))
                .unwrap();
            let paths: Vec<_> =
                files.iter().map(|f| f.path.to_string_lossy().into_owned()).collect();
            assert_eq!(paths, [format!("forest-{n}.png"), format!("forest-{n}.svg")]);
            for file in &files {
                let bytes = file.bytes.len();
                assert!(bytes > 10_000, "{}: {bytes} bytes", file.path.display());
            }
            assert!(files[0].bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG");
            let svg = files[1].text().unwrap();
            assert!(svg.contains("+20.3 [+19.1, +21.5]"), "the wild claim's values are printed");
            assert!(svg.contains(&format!("claim number {} of a paper", n - 1)));
            let height = svg
                .split("height=\"")
                .nth(1)
                .and_then(|h| h.split('"').next())
                .and_then(|h| h.parse::<u32>().ok())
                .unwrap();
            heights.push(height);
        }
        // The figure grows a row's height per claim (and a line for the legend's sixth outcome
        // and the axis repeated above a tall plot).
        let growth = heights[1] - heights[0];
        assert!((45 * ROW_HEIGHT..45 * ROW_HEIGHT + 60).contains(&growth), "{heights:?}");
    }
}
