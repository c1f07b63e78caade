//! Several players' game lengths side by side, where overlaid histograms hide differences of a
//! few hundredths of a guess: on the left each player's mean with its 95% interval and the
//! paper's mean (a dot plot, one row per player), on the right the same rows as bars split by
//! the number of guesses (each bar the player's whole distribution), under a key that names the
//! shade of each number of guesses.

use super::guess_parts::{self, KEY_LINE, NONE, Part};
use super::{CENTRE_LEFT, Drawing, FONT, axis, both, short_number};
use super::{Result, draw_error};
use crate::output::OutputFile;
use plotters::coord::Shift;
use plotters::prelude::*;
use std::path::Path;

/// One player's row.
#[derive(Debug, Clone)]
pub struct ArmRow {
    /// The row's name.
    pub name: String,
    /// Mean guesses.
    pub mean: f64,
    /// The 95% confidence interval of the mean, where there is one.
    pub interval: Option<(f64, f64)>,
    /// The paper's mean, where it gives one.
    pub paper: Option<f64>,
    /// The share of games won in each of the figure's categories of guesses (the rest were
    /// longer).
    pub shares: Vec<f64>,
}

/// What the figure says: its title, what the interval is over, and the categories.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DotLabels {
    /// Title above both panels.
    pub title: String,
    /// The left panel's x axis (mean guesses, and what the interval is over).
    pub means: String,
    /// The number of guesses each share counts, in order.
    pub categories: Vec<u32>,
    /// Rows by mean, fewest guesses at the top (players); otherwise in the order given (the
    /// points of a sweep).
    pub by_mean: bool,
}

/// Draws the figure to `<base>.png` and `<base>.svg`, the first row at the top. Rows without a
/// finite mean are left out.
pub(crate) fn means_and_shares(
    base: &Path,
    labels: &DotLabels,
    rows: &[ArmRow],
) -> Result<Vec<OutputFile>> {
    let mut rows: Vec<ArmRow> = rows.iter().filter(|r| r.mean.is_finite()).cloned().collect();
    if labels.by_mean {
        rows.sort_by(|a, b| a.mean.total_cmp(&b.mean));
    }
    let values = rows.iter().flat_map(|r| {
        let (lo, hi) = r.interval.unwrap_or((r.mean, r.mean));
        [r.mean, lo, hi].into_iter().chain(r.paper).filter(|v| v.is_finite())
    });
    let lo = values.clone().fold(f64::INFINITY, f64::min);
    let hi = values.fold(f64::NEG_INFINITY, f64::max);
    let x = axis(lo, hi, 0.1)?;
    both(base, &Dots { labels, rows: &rows, x })
}

struct Dots<'a> {
    labels: &'a DotLabels,
    rows: &'a [ArmRow],
    x: (f64, f64),
}

impl Drawing for Dots<'_> {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()> {
        let e = |e: DrawingAreaErrorKind<DB::ErrorType>| draw_error!("drawing: {e}");
        root.fill(&WHITE).map_err(e)?;
        let titled = root
            .titled(self.labels.title.as_str(), (FONT, super::title_size(root, &self.labels.title)))
            .map_err(e)?;
        let (width, _) = titled.dim_in_pixel();
        let (left, right) = titled.split_horizontally(width * 56 / 100);
        // The key of the shares flows over the right plot, on as many lines as it needs: both
        // plots leave that room above them, so that their rows stay level.
        let parts = guess_parts::parts(&self.labels.categories);
        let shares: Vec<Vec<f64>> = self.rows.iter().map(|r| r.shares.clone()).collect();
        let keyed = guess_parts::keyed(&parts, &shares);
        let (base, (w, _)) = (right.get_base_pixel(), right.dim_in_pixel());
        let span = (base.0 + MARGIN + SHARES_LABELS, base.0 + w as i32 - MARGIN);
        let places = guess_parts::key_places(root, &keyed, span);
        // The key of the means flows from the left plot's edge to the left part's, never into
        // the right one: where the players' names are long, it takes a second line.
        let room = self.name_room(root).map_err(e)?;
        let (base, (w, _)) = (left.get_base_pixel(), left.dim_in_pixel());
        let means_span = (base.0 + MARGIN + room as i32 + 16, base.0 + w as i32 - MARGIN);
        let means = means_key(self.rows.iter().any(|r| r.paper.is_some_and(f64::is_finite)));
        let means_places = means_key_places(root, &means, means_span);
        let lines = places.iter().chain(&means_places).map(|&(_, line)| line).max().unwrap_or(0);
        let key = Key {
            parts: &keyed,
            places: &places,
            means: &means,
            means_places: &means_places,
            lines: lines as i32,
        };
        self.draw_means(root, &left, room, &key)?;
        self.draw_shares(root, &right, &parts, &key)
    }
}

/// The keys above both plots, laid out on `lines + 1` lines: the shares' parts over the right
/// plot, the means' marks over the left.
struct Key<'a> {
    parts: &'a [&'a Part],
    places: &'a [(i32, u32)],
    means: &'a [MeansEntry],
    means_places: &'a [(i32, u32)],
    lines: i32,
}

impl Key<'_> {
    /// The margin above both plots, room for the keys included.
    fn top_margin(&self) -> i32 {
        MARGIN + KEY_LINE * self.lines
    }

    /// Where the keys' first line is centred, above a plot whose top is `top`.
    fn first_line(&self, top: i32) -> i32 {
        top - 8 - KEY_LINE * self.lines
    }
}

impl Dots<'_> {
    /// The y of row `i`: the first (fewest guesses) at the top.
    fn y_of(&self, i: usize) -> f64 {
        self.rows.len().max(1) as f64 - 1.0 - i as f64
    }

    /// The left part in `area`: each player's name, mean and interval, and the paper's mean,
    /// with their key above the plot (names and key drawn on `root`).
    /// The room, in pixels, the players' names take left of the dot plot: the widest name's,
    /// at most [`NAME_ROOM`] (longer names are wrapped).
    fn name_room<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
    ) -> Result<f64, DrawingAreaErrorKind<DB::ErrorType>> {
        let mut widest = 0.0f64;
        for r in self.rows {
            widest = widest.max(f64::from(root.estimate_text_size(&r.name, &name_font())?.0));
        }
        Ok(widest.min(NAME_ROOM))
    }

    fn draw_means<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
        area: &DrawingArea<DB, Shift>,
        room: f64,
        key: &Key<'_>,
    ) -> Result<()> {
        let e = |e: DrawingAreaErrorKind<DB::ErrorType>| draw_error!("drawing: {e}");
        let n = self.rows.len().max(1) as f64;
        // Names are written by hand, wrapped to at most `room` pixels, right-aligned.
        let name_font = name_font();
        let mut means = ChartBuilder::on(area)
            .margin(MARGIN)
            .margin_top(key.top_margin())
            .x_label_area_size(55)
            .y_label_area_size(room as u32 + 16)
            .build_cartesian_2d(self.x.0..self.x.1, -0.6..n - 0.4)
            .map_err(e)?;
        means
            .configure_mesh()
            .x_desc(self.labels.means.as_str())
            .x_labels(6)
            .x_label_formatter(&|x| short_number(*x))
            .y_labels(0)
            .label_style((FONT, 15))
            .axis_desc_style((FONT, 15))
            .disable_y_mesh()
            .light_line_style(TRANSPARENT)
            .draw()
            .map_err(e)?;
        let black = BLACK.stroke_width(2);
        let right_aligned = name_font.pos(plotters::style::text_anchor::Pos::new(
            plotters::style::text_anchor::HPos::Right,
            plotters::style::text_anchor::VPos::Center,
        ));
        for (i, r) in self.rows.iter().enumerate() {
            let y = self.y_of(i);
            let (x_px, y_px) = means.backend_coord(&(self.x.0, y));
            let lines = super::legend::wrap_to_width(&r.name, room, |t| {
                root.estimate_text_size(t, &name_font).map(|s| f64::from(s.0))
            })
            .map_err(e)?;
            let first = y_px - 9 * (lines.len() as i32 - 1);
            for (k, line) in lines.into_iter().enumerate() {
                let at = (x_px - 8, first + 18 * k as i32);
                root.draw(&Text::new(line, at, right_aligned.clone())).map_err(e)?;
            }
            if let Some((lo, hi)) = r.interval.filter(|i| i.0.is_finite() && i.1.is_finite()) {
                let bar = [
                    PathElement::new(vec![(lo, y), (hi, y)], black),
                    PathElement::new(vec![(lo, y - 0.15), (lo, y + 0.15)], black),
                    PathElement::new(vec![(hi, y - 0.15), (hi, y + 0.15)], black),
                ];
                means.draw_series(bar).map_err(e)?;
            }
            means
                .draw_series(std::iter::once(Circle::new((r.mean, y), 5, BLACK.filled())))
                .map_err(e)?;
            if let Some(p) = r.paper.filter(|p| p.is_finite()) {
                let mark = Circle::new((p, y), 8, RGBColor(214, 39, 40).stroke_width(2));
                means.draw_series(std::iter::once(mark)).map_err(e)?;
            }
        }
        let (_, ys) = means.plotting_area().get_pixel_range();
        draw_means_key(root, key.means, key.means_places, key.first_line(ys.start)).map_err(e)
    }

    /// The right part in `area`: each player's games split into `parts` by their number of
    /// guesses, a part's name written in it where it fits, and the key of the parts above it.
    fn draw_shares<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
        area: &DrawingArea<DB, Shift>,
        parts: &[Part],
        key: &Key<'_>,
    ) -> Result<()> {
        let e = |e: DrawingAreaErrorKind<DB::ErrorType>| draw_error!("drawing: {e}");
        let n = self.rows.len().max(1) as f64;
        let mut shares = ChartBuilder::on(area)
            .margin(MARGIN)
            .margin_top(key.top_margin())
            .x_label_area_size(55)
            .y_label_area_size(SHARES_LABELS)
            .build_cartesian_2d(0.0..1.0, -0.6..n - 0.4)
            .map_err(e)?;
        shares
            .configure_mesh()
            .x_desc("share of games by number of guesses (key above)")
            .x_label_formatter(&|x| format!("{:.0}%", x * 100.0))
            .y_labels(0)
            .label_style((FONT, 15))
            .axis_desc_style((FONT, 16))
            .disable_y_mesh()
            .light_line_style(TRANSPARENT)
            .draw()
            .map_err(e)?;
        for (i, r) in self.rows.iter().enumerate() {
            let y = self.y_of(i);
            let mut from = 0.0f64;
            for (part, share) in parts.iter().zip(guess_parts::split(&r.shares, parts.len())) {
                if share <= NONE {
                    continue;
                }
                let to = (from + share).min(1.0);
                let corners = [(from, y - 0.32), (to, y + 0.32)];
                let c = part.colour;
                let drawn = [Rectangle::new(corners, c.filled()), Rectangle::new(corners, WHITE)];
                shares.draw_series(drawn).map_err(e)?;
                let (left_px, _) = shares.backend_coord(&(from, y));
                let (right_px, _) = shares.backend_coord(&(to, y));
                if right_px - left_px >= 8 * part.name.len() as i32 + 8 {
                    let ink = if guess_parts::dark(c) { WHITE } else { BLACK };
                    let style = TextStyle::from((FONT, 13)).color(&ink).pos(CENTRE);
                    let text = Text::new(part.name.clone(), ((from + to) / 2.0, y), style);
                    shares.draw_series(std::iter::once(text)).map_err(e)?;
                }
                from = to;
            }
        }
        let (xs, ys) = shares.plotting_area().get_pixel_range();
        let at = (xs.start, key.first_line(ys.start));
        guess_parts::draw_key(root, key.parts, key.places, at).map_err(e)
    }
}

/// An entry of the means' key: its text, and whether its mark is the paper's (a red ring) or
/// ours (a black disc).
type MeansEntry = (&'static str, bool);

/// The means' key: our mean and interval, and the paper's mean where a row draws one (`paper`).
fn means_key(paper: bool) -> Vec<MeansEntry> {
    let key = [("ours: mean, 95% interval", false), ("paper's mean", true)];
    key[..if paper { 2 } else { 1 }].to_vec()
}

/// The room of a mark of the means' key, its text's gap included, in pixels.
const MEANS_MARK: i32 = 16;

/// Where each entry of the means' key goes, `(x, line)`, flowing from `left` to `right`.
fn means_key_places<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    entries: &[MeansEntry],
    (left, right): (i32, i32),
) -> Vec<(i32, u32)> {
    let width = |t: &str| root.estimate_text_size(t, &key_font()).map_or(0.0, |s| f64::from(s.0));
    let texts: Vec<&str> = entries.iter().map(|(text, _)| *text).collect();
    super::legend::flow(&texts, width, (f64::from(left), f64::from(right)), MEANS_MARK, 30.0)
}

/// Draws the means' key at `places`, its first line centred at `top`.
fn draw_means_key<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    entries: &[MeansEntry],
    places: &[(i32, u32)],
    top: i32,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    for ((text, paper), (x, line)) in entries.iter().zip(places) {
        let at = (x + 6, top + KEY_LINE * *line as i32);
        let mark: DynElement<DB, (i32, i32)> = if *paper {
            Circle::new(at, 7, RGBColor(214, 39, 40).stroke_width(2)).into_dyn()
        } else {
            Circle::new(at, 5, BLACK.filled()).into_dyn()
        };
        root.draw(&mark)?;
        root.draw(&Text::new(*text, (x + MEANS_MARK + 6, at.1), key_font().pos(CENTRE_LEFT)))?;
    }
    Ok(())
}

/// The font of the players' names.
fn name_font() -> TextStyle<'static> {
    TextStyle::from((FONT, 15))
}

/// The font of the means' key.
fn key_font() -> TextStyle<'static> {
    TextStyle::from((FONT, 14))
}

/// The margin around each plot, in pixels (above them, the keys' room besides).
const MARGIN: i32 = 15;

/// The room left of the shares' plot, in pixels.
const SHARES_LABELS: i32 = 10;

/// The most room, in pixels, for the players' names left of the dot plot.
const NAME_ROOM: f64 = 250.0;

/// Text centred both ways.
const CENTRE: plotters::style::text_anchor::Pos = plotters::style::text_anchor::Pos {
    h_pos: plotters::style::text_anchor::HPos::Center,
    v_pos: plotters::style::text_anchor::VPos::Center,
};

#[cfg(test)]
mod tests {
    use super::*;

    fn row(name: &str, mean: f64, paper: Option<f64>) -> ArmRow {
        ArmRow {
            name: name.into(),
            mean,
            interval: Some((mean - 0.05, mean + 0.05)),
            paper,
            shares: vec![0.001, 0.05, 0.3, 0.6, 0.049],
        }
    }

    /// The figure's SVG text.
    fn drawn(rows: &[ArmRow]) -> String {
        let labels = DotLabels {
            title: "players".into(),
            means: "mean guesses".into(),
            categories: vec![1, 2, 3, 4, 5],
            by_mean: true,
        };
        let files = means_and_shares(Path::new("dots"), &labels, rows).unwrap();
        files[1].text().unwrap().to_owned()
    }

    /// The texts the SVG writes, in order.
    fn text_of(svg: &str) -> Vec<&str> {
        svg.split("<text")
            .skip(1)
            .filter_map(|t| t.split_once('>')?.1.split_once("</text>"))
            .map(|(text, _)| text.trim())
            .collect()
    }

    #[test]
    fn the_paper_s_mean_is_in_the_key_only_where_a_row_draws_one() {
        let rows = [row("Entropy", 4.4, None), row("Random", 4.6, None), row("Knuth", 4.5, None)];
        let without = drawn(&rows);
        assert!(text_of(&without).iter().any(|t| t.starts_with("ours: mean")), "{without}");
        assert!(!without.contains("paper"), "no paper value, yet: {without}");
        let mut rows = rows;
        rows[1].paper = Some(4.61);
        let with = drawn(&rows);
        assert!(text_of(&with).iter().any(|t| t.starts_with("paper")), "{with}");
        rows[1].paper = Some(f64::NAN);
        assert!(!drawn(&rows).contains("paper"), "a paper value that is not drawn has no entry");
    }

    /// Where the SVG writes `text`: its `(x, y)`.
    fn place_of(svg: &str, text: &str) -> (f64, f64) {
        let tag = svg
            .split("<text")
            .skip(1)
            .find(|t| {
                t.split_once('>').is_some_and(|(_, rest)| rest.trim_start().starts_with(text))
            })
            .unwrap_or_else(|| panic!("no text {text:?} in {svg}"));
        let attribute = |name: &str| -> f64 {
            let value = tag.split(&format!(" {name}=\"")).nth(1).unwrap();
            value.split('"').next().unwrap().parse().unwrap()
        };
        (attribute("x"), attribute("y"))
    }

    #[test]
    fn the_means_key_stays_left_of_the_shares_key_however_long_the_names() {
        let long = "SHC with code tracker, table in order";
        let rows = [row(long, 6.3, Some(6.27)), row("Random consistent", 6.33, Some(6.87))];
        let svg = drawn(&rows);
        let shares_key = place_of(&svg, "guesses:");
        // At the key's font, no character of these texts is wider than 10 pixels.
        for text in ["ours: mean", "paper&apos;s mean"] {
            let (x, y) = place_of(&svg, text);
            let end = x + 10.0 * text.replace("&apos;", "'").len() as f64;
            assert!(
                end < shares_key.0,
                "{text:?} runs to x = {end}, into the shares' key at {shares_key:?}: {svg}"
            );
            assert!(y >= shares_key.1, "{text:?} above the keys' first line");
        }
        // With short names both entries fit on the first line.
        let svg = drawn(&[row("Knuth", 4.4, Some(4.47)), row("Random", 4.6, None)]);
        assert_eq!(place_of(&svg, "ours: mean").1, place_of(&svg, "paper&apos;s mean").1);
    }

    #[test]
    fn the_key_names_every_number_of_guesses() {
        let rows = [row("Entropy", 4.4, None), row("Random", 4.6, None), row("Knuth", 4.5, None)];
        let svg = drawn(&rows);
        let texts = text_of(&svg);
        let key = texts.iter().position(|t| *t == "guesses:").expect("the key's title");
        assert_eq!(texts[key + 1..key + 6], ["1", "2", "3", "4", "5"], "{texts:?}");
    }
}
