//! Several players' game lengths side by side, where overlaid histograms hide differences of a
//! few hundredths of a guess: on the left each player's mean with its 95% interval and the
//! paper's mean (a dot plot, one row per player), on the right the same rows as bars split by
//! the number of guesses (each bar the player's whole distribution).

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

/// Light to dark, one colour per number of guesses (viridis, reversed, so that long games are
/// dark).
const SHADES: [RGBColor; 8] = [
    RGBColor(253, 231, 37),
    RGBColor(170, 220, 50),
    RGBColor(94, 201, 98),
    RGBColor(39, 173, 129),
    RGBColor(33, 145, 140),
    RGBColor(44, 114, 142),
    RGBColor(59, 82, 139),
    RGBColor(72, 36, 117),
];

/// The shade of category `k` of `n`, spread over the whole palette (interpolated between its
/// stops, so that many categories still differ).
fn shade(k: usize, n: usize) -> RGBColor {
    if n <= 1 {
        return SHADES[3];
    }
    let at = k.min(n - 1) as f64 / (n - 1) as f64 * (SHADES.len() - 1) as f64;
    let i = (at.floor() as usize).min(SHADES.len() - 2);
    let f = at - i as f64;
    let mix = |a: u8, b: u8| (f64::from(a) + f * (f64::from(b) - f64::from(a))).round() as u8;
    let (a, b) = (SHADES[i], SHADES[i + 1]);
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// Whether a text on `c` reads better in white.
fn dark(c: RGBColor) -> bool {
    u32::from(c.0) * 299 + u32::from(c.1) * 587 + u32::from(c.2) * 114 < 140_000
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
        self.draw_means(root, &left)?;
        self.draw_shares(&right)
    }
}

impl Dots<'_> {
    /// The y of row `i`: the first (fewest guesses) at the top.
    fn y_of(&self, i: usize) -> f64 {
        self.rows.len().max(1) as f64 - 1.0 - i as f64
    }

    /// The left part in `area`: each player's name, mean and interval, and the paper's mean,
    /// with their key above the plot (names and key drawn on `root`).
    fn draw_means<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
        area: &DrawingArea<DB, Shift>,
    ) -> Result<()> {
        let e = |e: DrawingAreaErrorKind<DB::ErrorType>| draw_error!("drawing: {e}");
        let n = self.rows.len().max(1) as f64;
        // Names are written by hand, wrapped to at most NAME_ROOM pixels, right-aligned.
        let name_font = TextStyle::from((FONT, 15));
        let mut widest = 0.0f64;
        for r in self.rows {
            widest =
                widest.max(f64::from(root.estimate_text_size(&r.name, &name_font).map_err(e)?.0));
        }
        let room = widest.min(NAME_ROOM);
        let mut means = ChartBuilder::on(area)
            .margin(15)
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
        let (xs, ys) = means.plotting_area().get_pixel_range();
        draw_key(root, (xs.start, ys.start)).map_err(e)?;
        Ok(())
    }

    /// The right part in `area`: each player's games split by their number of guesses.
    fn draw_shares<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<()> {
        let e = |e: DrawingAreaErrorKind<DB::ErrorType>| draw_error!("drawing: {e}");
        let n = self.rows.len().max(1) as f64;
        let mut shares = ChartBuilder::on(area)
            .margin(15)
            .x_label_area_size(55)
            .y_label_area_size(10)
            .build_cartesian_2d(0.0..1.0, -0.6..n - 0.4)
            .map_err(e)?;
        shares
            .configure_mesh()
            .x_desc("share of games by number of guesses (in each part)")
            .x_label_formatter(&|x| format!("{:.0}%", x * 100.0))
            .y_labels(0)
            .label_style((FONT, 15))
            .axis_desc_style((FONT, 16))
            .disable_y_mesh()
            .light_line_style(TRANSPARENT)
            .draw()
            .map_err(e)?;
        let categories = &self.labels.categories;
        let merged = categories.len() > MOST_PARTS;
        let kept = categories.len().min(MOST_PARTS - 1);
        for (i, r) in self.rows.iter().enumerate() {
            let y = self.y_of(i);
            let mut from = 0.0f64;
            let parts = r
                .shares
                .iter()
                .map(|s| if s.is_finite() { s.max(0.0) } else { 0.0 })
                .take(if merged { kept } else { categories.len() })
                .enumerate()
                .map(|(k, s)| (Some(k), s))
                .chain(std::iter::once((None, 0.0)));
            for (k, share) in parts {
                // The last part is what the others leave over: the longer games, darkest when
                // it merges the longest categories, grey when it holds only games beyond them.
                let share = if k.is_some() { share } else { (1.0 - from).max(0.0) };
                if share <= 1e-9 {
                    continue;
                }
                let shades = if merged { MOST_PARTS } else { categories.len() };
                let c = match k {
                    Some(k) => shade(k, shades),
                    None if merged => shade(MOST_PARTS - 1, MOST_PARTS),
                    None => RGBColor(160, 160, 160),
                };
                let to = (from + share).min(1.0);
                let corners = [(from, y - 0.32), (to, y + 0.32)];
                let part = [Rectangle::new(corners, c.filled()), Rectangle::new(corners, WHITE)];
                shares.draw_series(part).map_err(e)?;
                let (left_px, _) = shares.backend_coord(&(from, y));
                let (right_px, _) = shares.backend_coord(&(to, y));
                let text = match (k.and_then(|k| categories.get(k)), categories.get(kept)) {
                    (Some(g), _) => g.to_string(),
                    (None, Some(g)) if merged => format!("{g}+"),
                    _ => format!(">{}", categories.last().copied().unwrap_or(0)),
                };
                if right_px - left_px >= 8 * text.len() as i32 + 8 {
                    let ink = if dark(c) { WHITE } else { BLACK };
                    let style = TextStyle::from((FONT, 13)).color(&ink).pos(CENTRE);
                    shares
                        .draw_series(std::iter::once(Text::new(
                            text,
                            ((from + to) / 2.0, y),
                            style,
                        )))
                        .map_err(e)?;
                }
                from = to;
            }
        }
        Ok(())
    }
}

/// The key of the means above the plot whose upper left corner is `corner`: our mean and
/// interval, the paper's mean.
fn draw_key<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    (left, top): (i32, i32),
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let key = [("ours: mean, 95% interval", false), ("paper's mean", true)];
    for (k, (text, paper)) in key.iter().enumerate() {
        let at = (left + 12 + 230 * k as i32, top - 8);
        let mark: DynElement<DB, (i32, i32)> = if *paper {
            Circle::new(at, 7, RGBColor(214, 39, 40).stroke_width(2)).into_dyn()
        } else {
            Circle::new(at, 5, BLACK.filled()).into_dyn()
        };
        root.draw(&mark)?;
        let style = TextStyle::from((FONT, 14)).pos(CENTRE_LEFT);
        root.draw(&Text::new(*text, (at.0 + 16, at.1), style))?;
    }

    Ok(())
}

/// The most parts a bar is split into: beyond, the longest games make one part.
const MOST_PARTS: usize = 9;

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

    #[test]
    fn shades_run_from_the_lightest_to_the_darkest() {
        assert_eq!(shade(0, 7), SHADES[0]);
        assert_eq!(shade(6, 7), SHADES[7]);
        let used: Vec<RGBColor> = (0..7).map(|k| shade(k, 7)).collect();
        for pair in used.windows(2) {
            assert_ne!(pair[0], pair[1], "two categories share a shade");
        }
    }
}
