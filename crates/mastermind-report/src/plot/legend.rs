//! Legends, drawn one way per kind of figure and all here: plotters' own series labels (bars,
//! boxes, the Pareto front), a line chart's legend in a box over the plot or in an area beside it,
//! a stacked panel's beside it, and the forest plot's flowing in lines under its title. Every
//! legend line is a [`Sample`] of how its series is drawn and a text, wrapped by one rule
//! ([`wrap_to_width`]) where it is too long.

use super::{CENTRE_LEFT, FONT, Plane, Result, draw_error, labels};
use plotters::coord::Shift;
use plotters::prelude::*;

/// One line of a legend.
#[derive(Debug, Clone)]
pub(crate) struct Entry {
    /// The text after the sample.
    pub(crate) text: String,
    /// The sample.
    pub(crate) sample: Sample,
    /// The sample's colour.
    pub(crate) colour: RGBColor,
}

/// What a legend line shows before its text: a sample of how its series, level or mark is drawn.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Sample {
    /// A line with a dot (a series of a line chart).
    Line,
    /// A thicker line without a marker (a path of a stacked panel).
    Path,
    /// A cross (checked points of a stacked panel).
    Cross,
    /// A horizontal line with dashes of this length, spacing and width.
    Dashes(u32, u32, u32),
    /// A vertical bar (an interval).
    Bar,
    /// A hollow circle (the paper's values).
    Hollow,
    /// An upward triangle (a point off the axis).
    Triangle,
}

/// Width of a legend entry's sample, in pixels.
const SAMPLE: i32 = 26;

/// Height of a legend line, in pixels.
const LINE: i32 = 20;

/// Draws `sample` with its left end at `(x, y)` (y: the middle of the text line).
fn draw_sample<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    (x, y): (i32, i32),
    sample: Sample,
    c: RGBColor,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let mid = x + SAMPLE / 2;
    match sample {
        Sample::Line => {
            area.draw(&PathElement::new(vec![(x, y), (x + SAMPLE, y)], c.stroke_width(2)))?;
            area.draw(&Circle::new((mid, y), 4, c.filled()))
        }
        Sample::Path => {
            area.draw(&PathElement::new(vec![(x, y), (x + SAMPLE, y)], c.stroke_width(3)))
        }
        Sample::Cross => area.draw(&Cross::new((mid, y), 7, c.stroke_width(3))),
        Sample::Dashes(dash, gap, width) => {
            let mut from = x;
            while from < x + SAMPLE {
                let to = (from + dash as i32).min(x + SAMPLE);
                area.draw(&PathElement::new(vec![(from, y), (to, y)], c.stroke_width(width)))?;
                from = to + gap as i32;
            }
            Ok(())
        }
        Sample::Bar => {
            area.draw(&PathElement::new(vec![(mid, y - 7), (mid, y + 7)], c.stroke_width(2)))
        }
        Sample::Hollow => area.draw(&Circle::new((mid, y), 6, c.stroke_width(2))),
        Sample::Triangle => area.draw(&TriangleMarker::new((mid, y), 8, c.filled())),
    }
}

/// A legend in a box whose upper right corner is `corner` (pixels of `area`).
pub(crate) fn draw_in_box<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    corner: (i32, i32),
    entries: &[Entry],
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    if entries.is_empty() {
        return Ok(());
    }
    let font = TextStyle::from((FONT, 16));
    let mut widest = 0;
    for entry in entries {
        widest = widest.max(area.estimate_text_size(&entry.text, &font)?.0 as i32);
    }
    let (w, h) = (widest + SAMPLE + 30, LINE * entries.len() as i32 + 14);
    let (left, top) = (corner.0 - w, corner.1);
    let frame = [(left, top), (left + w, top + h)];
    area.draw(&Rectangle::new(frame, WHITE.mix(0.85).filled()))?;
    area.draw(&Rectangle::new(frame, RGBColor(160, 160, 160)))?;
    for (k, entry) in entries.iter().enumerate() {
        let y = top + 7 + LINE * k as i32 + LINE / 2;
        draw_sample(area, (left + 10, y), entry.sample, entry.colour)?;
        let text = Text::new(entry.text.clone(), (left + SAMPLE + 20, y), font.pos(CENTRE_LEFT));
        area.draw(&text)?;
    }
    Ok(())
}

/// The legend in its own area beside the plot, long entries wrapped.
pub(crate) fn draw_beside<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    entries: &[Entry],
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let (width, _) = area.dim_in_pixel();
    let room = f64::from(width) - f64::from(SAMPLE) - 16.0;
    let font = TextStyle::from((FONT, 15));
    let mut y = 40;
    for entry in entries {
        draw_sample(area, (4, y), entry.sample, entry.colour)?;
        let lines = wrap_to_width(&entry.text, room, |t| {
            area.estimate_text_size(t, &font).map(|s| f64::from(s.0))
        })?;
        for (k, line) in lines.iter().enumerate() {
            let at = (SAMPLE + 10, y + 18 * k as i32);
            area.draw(&Text::new(line.clone(), at, font.pos(CENTRE_LEFT)))?;
        }
        y += 18 * lines.len() as i32 + 8;
    }
    Ok(())
}

/// The legend of one stacked panel in its own area beside it: each sample, then its text
/// wrapped at about as many characters as the area holds.
pub(crate) fn draw_beside_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    entries: &[Entry],
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let (width, _) = area.dim_in_pixel();
    let chars = f64::from((width.saturating_sub(50) / 9).max(8));
    let mut y = 24;
    for entry in entries {
        draw_sample(area, (8, y), entry.sample, entry.colour)?;
        let Ok(lines) = wrap_to_width(&entry.text, chars, |t| {
            Ok::<f64, std::convert::Infallible>(t.chars().count() as f64)
        });
        for (k, line) in lines.iter().enumerate() {
            area.draw(&Text::new(line.clone(), (42, y - 9 + 19 * k as i32), (FONT, 16)))?;
        }
        y += 19 * lines.len() as i32 + 12;
    }
    Ok(())
}

/// Where each legend entry of `texts` starts, `(x, line)`, flowing left to right between
/// `left` and `right` and onto further lines; an entry is its sample (`sample` pixels), its text
/// (as `width` measures it) and `gap` pixels (the room between sample and text included).
pub(crate) fn flow(
    texts: &[&str],
    width: impl Fn(&str) -> f64,
    (left, right): (f64, f64),
    sample: i32,
    gap: f64,
) -> Vec<(i32, u32)> {
    let (mut x, mut line) = (left, 0);
    let mut places = Vec::new();
    for text in texts {
        let w = f64::from(sample) + width(text) + gap;
        if x > left && x + w > right {
            (x, line) = (left, line + 1);
        }
        places.push((x as i32, line));
        x += w;
    }
    places
}

/// A legend flowing in lines under a title (the forest plot's), its entries placed by
/// [`flow`]: line `k` is centred at `top + spacing * k`, each entry's sample drawn by
/// `draw_sample(entry, (left, middle))`, then its text at `size` after `sample` pixels.
pub(crate) fn draw_flowing<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    texts: &[&str],
    places: &[(i32, u32)],
    (top, spacing): (i32, i32),
    size: f64,
    sample: i32,
    draw_sample: impl Fn(usize, (i32, i32)) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>>,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    for (k, (text, (x, line))) in texts.iter().zip(places).enumerate() {
        let y = top + spacing * *line as i32;
        draw_sample(k, (*x, y))?;
        let style = TextStyle::from((FONT, size)).pos(CENTRE_LEFT);
        area.draw(&Text::new((*text).to_owned(), (x + sample + 6, y), style))?;
    }
    Ok(())
}

/// The legend of the bar, box and scatter figures: plotters' own series labels, upper right, on a
/// translucent white box.
pub(crate) fn draw_series_labels<'a, DB: DrawingBackend + 'a>(
    chart: &mut Plane<'a, DB>,
) -> Result<()> {
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE.mix(0.85))
        .border_style(RGBColor(160, 160, 160))
        .label_font((FONT, 16))
        .draw()
        .map_err(|e| draw_error!("drawing: {e}"))
}

/// Where [`draw_series_labels`] puts a legend of the lines `texts` inside a plot whose pixels are
/// `plot`: to keep other text off it.
pub(crate) fn series_labels_rect<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plot: labels::Rect,
    texts: &[&str],
) -> Result<labels::Rect> {
    let font = TextStyle::from((FONT, 16));
    let mut widest = 0.0f64;
    let mut tallest = 0.0f64;
    for text in texts {
        let (w, h) =
            root.estimate_text_size(text, &font).map_err(|e| draw_error!("drawing: {e}"))?;
        widest = widest.max(f64::from(w));
        tallest = tallest.max(f64::from(h));
    }
    // plotters' layout: 30 pixels for the sample, a margin of 10 all round, lines 1.25 font
    // sizes apart, 5 pixels from the plot's corner.
    let width = widest + 30.0 + 20.0;
    let height = 20.0 * texts.len().saturating_sub(1) as f64 + tallest + 20.0;
    Ok(labels::Rect::sized(plot.right - width - 5.0, plot.top + 5.0, width, height))
}

/// Splits `text` at spaces into lines no wider than `room` as `width` measures them (a word
/// wider than `room` has a line of its own).
pub(crate) fn wrap_to_width<E>(
    text: &str,
    room: f64,
    width: impl Fn(&str) -> Result<f64, E>,
) -> Result<Vec<String>, E> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        if let Some(line) = lines.last_mut() {
            let longer = format!("{line} {word}");
            if width(&longer)? <= room {
                *line = longer;
                continue;
            }
        }
        lines.push(word.to_owned());
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_wrap(text: &str, room: f64, expected: &[&str]) {
        // Every character 8 pixels wide.
        let lines = wrap_to_width(text, room, |t| Ok::<f64, ()>(8.0 * t.chars().count() as f64));
        assert_eq!(lines.unwrap(), expected);
    }

    #[test]
    fn legend_text_wraps_at_the_measured_width() {
        check_wrap(
            "Entropy (full set), ours: 4.410",
            200.0,
            &["Entropy (full set), ours:", "4.410"],
        );
        check_wrap("short", 200.0, &["short"]);
        check_wrap("a-very-long-single-word b", 40.0, &["a-very-long-single-word", "b"]);
    }
}
