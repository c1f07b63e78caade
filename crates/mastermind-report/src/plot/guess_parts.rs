//! The parts the means-and-shares figure splits each player's bar into, one per number of
//! guesses: their shades, their names, and the key that names every shade drawn, thinnest
//! slivers included (a part's name is written inside it only where it fits).

use super::legend::flow;
use super::{CENTRE_LEFT, FONT};
use plotters::coord::Shift;
use plotters::prelude::*;

/// The most parts a bar is split into: beyond, the longest games make one part.
const MOST_PARTS: usize = 9;

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

/// The part of games beyond the figure's categories, where they are not merged into the last.
const BEYOND: RGBColor = RGBColor(160, 160, 160);

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
pub(super) fn dark(c: RGBColor) -> bool {
    u32::from(c.0) * 299 + u32::from(c.1) * 587 + u32::from(c.2) * 114 < 140_000
}

/// One part of the bars: the games it counts, named as the key and the bar write it (`4`; `9+`
/// for the longest games merged into one part; `>8` for games beyond the figure's categories),
/// and its colour.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Part {
    /// The number of guesses it counts, as written.
    pub(super) name: String,
    /// Its fill.
    pub(super) colour: RGBColor,
}

/// The parts a bar is split into, in order: one per category (the first `MOST_PARTS - 1` only
/// when there are more, the rest merged into the darkest), and last what the others leave over
/// (the merged categories, or the games beyond the categories, in grey).
pub(super) fn parts(categories: &[u32]) -> Vec<Part> {
    let merged = categories.len() > MOST_PARTS;
    let kept = if merged { MOST_PARTS - 1 } else { categories.len() };
    let shades = if merged { MOST_PARTS } else { categories.len() };
    let mut parts: Vec<Part> = categories[..kept]
        .iter()
        .enumerate()
        .map(|(k, g)| Part { name: g.to_string(), colour: shade(k, shades) })
        .collect();
    parts.push(if merged {
        Part { name: format!("{}+", categories[kept]), colour: shade(MOST_PARTS - 1, MOST_PARTS) }
    } else {
        Part { name: format!(">{}", categories.last().copied().unwrap_or(0)), colour: BEYOND }
    });
    parts
}

/// The share of a player's games in each of `count` parts (as [`parts`] gives them), from its
/// share in each category: the categories' own (non-finite and negative ones as none), and
/// last the rest, what they leave of the whole.
pub(super) fn split(shares: &[f64], count: usize) -> Vec<f64> {
    let own = count.saturating_sub(1);
    let mut split: Vec<f64> = (0..own)
        .map(|k| shares.get(k).copied().filter(|s| s.is_finite()).map_or(0.0, |s| s.max(0.0)))
        .collect();
    let rest = (1.0 - split.iter().sum::<f64>()).max(0.0);
    if count > 0 {
        split.push(rest);
    }
    split
}

/// A share too small to draw.
pub(super) const NONE: f64 = 1e-9;

/// The parts the key names: every category's, and the last (the rest) where some bar draws it.
pub(super) fn keyed<'a>(parts: &'a [Part], rows: &[Vec<f64>]) -> Vec<&'a Part> {
    let last = parts.len().saturating_sub(1);
    let rest_drawn = rows.iter().any(|shares| split(shares, parts.len())[last] > NONE);
    parts.iter().enumerate().filter(|(k, _)| *k < last || rest_drawn).map(|(_, p)| p).collect()
}

/// The key's title, before its entries.
const KEY_TITLE: &str = "guesses:";

/// A swatch's side, in pixels.
const SWATCH: i32 = 12;

/// Where each entry of the key goes: `(x, line)`, flowing after its title from `left` to
/// `right` and onto further lines.
pub(super) fn key_places<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    parts: &[&Part],
    (left, right): (i32, i32),
) -> Vec<(i32, u32)> {
    let width = |t: &str| root.estimate_text_size(t, &key_font()).map_or(0.0, |s| f64::from(s.0));
    let names: Vec<&str> = parts.iter().map(|p| p.name.as_str()).collect();
    let start = f64::from(left) + width(KEY_TITLE) + 10.0;
    flow(&names, width, (start, f64::from(right)), SWATCH, 14.0)
}

/// Draws the key at `places` ([`key_places`]) with its title at `left`, its first line centred
/// at `top` and the others below it: a swatch of each part's shade and its name.
pub(super) fn draw_key<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    parts: &[&Part],
    places: &[(i32, u32)],
    (left, top): (i32, i32),
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    if parts.is_empty() {
        return Ok(());
    }
    root.draw(&Text::new(KEY_TITLE, (left, top), key_font().pos(CENTRE_LEFT)))?;
    for (part, (x, line)) in parts.iter().zip(places) {
        let y = top + KEY_LINE * *line as i32;
        let corners = [(*x, y - SWATCH / 2), (x + SWATCH, y + SWATCH / 2)];
        root.draw(&Rectangle::new(corners, part.colour.filled()))?;
        root.draw(&Rectangle::new(corners, RGBColor(120, 120, 120)))?;
        let text = Text::new(part.name.clone(), (x + SWATCH + 4, y), key_font().pos(CENTRE_LEFT));
        root.draw(&text)?;
    }
    Ok(())
}

/// The height of a line of the key, in pixels.
pub(super) const KEY_LINE: i32 = 20;

fn key_font() -> TextStyle<'static> {
    TextStyle::from((FONT, 14))
}

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

    fn names<'a>(parts: impl IntoIterator<Item = &'a Part>) -> Vec<&'a str> {
        parts.into_iter().map(|p| p.name.as_str()).collect()
    }

    #[test]
    fn the_key_names_every_number_of_guesses_in_its_own_shade() {
        let parts = parts(&[1, 2, 3, 4, 5, 6]);
        // Every game within the categories: no part beyond them to name.
        let rows = [vec![0.001, 0.01, 0.1, 0.5, 0.38, 0.009]];
        let key = keyed(&parts, &rows);
        assert_eq!(names(key.iter().copied()), ["1", "2", "3", "4", "5", "6"]);
        for (i, a) in key.iter().enumerate() {
            for b in &key[i + 1..] {
                assert_ne!(a.colour, b.colour, "{} and {} share a shade", a.name, b.name);
            }
        }
    }

    #[test]
    fn the_key_names_the_games_beyond_the_categories_where_a_bar_draws_them() {
        let parts = parts(&[3, 4, 5]);
        let key = keyed(&parts, &[vec![0.2, 0.5, 0.2], vec![0.2, 0.5, 0.3]]);
        assert_eq!(names(key.iter().copied()), ["3", "4", "5", ">5"]);
        assert_eq!(key[3].colour, BEYOND);
    }

    #[test]
    fn past_the_most_parts_the_longest_games_are_one_part_in_the_darkest_shade() {
        let categories: Vec<u32> = (2..=14).collect();
        let parts = parts(&categories);
        assert_eq!(parts.len(), MOST_PARTS);
        assert_eq!(names(&parts), ["2", "3", "4", "5", "6", "7", "8", "9", "10+"]);
        assert_eq!(parts[MOST_PARTS - 1].colour, SHADES[SHADES.len() - 1]);
        let shares: Vec<f64> = categories.iter().map(|_| 1.0 / 13.0).collect();
        let split = split(&shares, parts.len());
        assert!((split[MOST_PARTS - 1] - 5.0 / 13.0).abs() < 1e-12, "{split:?}");
        assert_eq!(keyed(&parts, &[shares]).len(), MOST_PARTS);
    }
}
