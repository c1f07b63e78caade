//! Mean guesses against time per game, one point per player: the 95% confidence interval of each
//! mean as an error bar, time on a logarithmic axis (players differ by orders of magnitude), and
//! the Pareto front, the players that no other player beats on both guesses and time.

use super::labels::{LEADER_BEYOND, LabelRequest, Rect, place_labels};
use super::markers::{Marker, RADIUS, STROKE, markers, reach_around};
use super::{Drawing, Labels, Plane, Scale, axis, both, colour, titled_chart};
use super::{Result, draw_error};
use crate::output::OutputFile;
use plotters::coord::Shift;
use plotters::prelude::*;
use std::path::Path;

/// One player's point.
#[derive(Debug, Clone)]
pub struct TimedPlayer {
    /// The label written beside the point.
    pub label: String,
    /// Mean wall time per game, in milliseconds (positive).
    pub millis: f64,
    /// Mean guesses per game.
    pub mean: f64,
    /// The 95% confidence interval of the mean, where there is one.
    pub interval: Option<(f64, f64)>,
}

/// The players on the Pareto front, fastest first: each needs fewer guesses than every faster
/// player.
pub fn pareto_front(players: &[TimedPlayer]) -> Vec<&TimedPlayer> {
    let mut by_time: Vec<&TimedPlayer> = players.iter().collect();
    by_time.sort_by(|a, b| a.millis.total_cmp(&b.millis).then(a.mean.total_cmp(&b.mean)));
    let mut front: Vec<&TimedPlayer> = Vec::new();
    for p in by_time {
        if front.last().is_none_or(|best| p.mean < best.mean) {
            front.push(p);
        }
    }
    front
}

/// Draws the figure as `base`.png and `base`.svg. Players without a positive, finite time or a
/// finite mean are left out.
pub(crate) fn guesses_against_time(
    base: &Path,
    labels: &Labels,
    players: &[TimedPlayer],
) -> Result<Vec<OutputFile>> {
    let players: Vec<TimedPlayer> = players
        .iter()
        .filter(|p| p.millis > 0.0 && p.millis.is_finite() && p.mean.is_finite())
        .cloned()
        .collect();
    if players.is_empty() {
        return Err(draw_error!("no player has a time and a mean to draw"));
    }
    let xs = players.iter().map(|p| p.millis.log10());
    let ys = players.iter().flat_map(|p| {
        let (lo, hi) = p.interval.unwrap_or((p.mean, p.mean));
        [p.mean, lo, hi]
    });
    let (x0, x1) =
        axis(xs.clone().fold(f64::INFINITY, f64::min), xs.fold(f64::NEG_INFINITY, f64::max), 0.12)?;
    let (y0, y1) =
        axis(ys.clone().fold(f64::INFINITY, f64::min), ys.fold(f64::NEG_INFINITY, f64::max), 0.1)?;
    // Labels are written to the right of their points: room for the rightmost one's.
    let x1 = x1 + 0.25 * (x1 - x0);
    both(base, &Scatter { labels, players: &players, x: (x0, x1), y: (y0, y1) })
}

struct Scatter<'a> {
    labels: &'a Labels,
    players: &'a [TimedPlayer],
    x: (f64, f64),
    y: (f64, f64),
}

/// The boundary of the region the front dominates (slower and no better than some front
/// player), as a staircase of horizontal and vertical segments: down from `top` to the fastest
/// front player, then for each next player right to its time and down to its mean, and from
/// the last one right to `right`. `front` is in (time, mean) coordinates, fastest first.
pub fn staircase(front: &[(f64, f64)], right: f64, top: f64) -> Vec<(f64, f64)> {
    let Some(&(first_x, _)) = front.first() else { return Vec::new() };
    let mut path = vec![(first_x, top)];
    for (k, &(x, y)) in front.iter().enumerate() {
        if k > 0 {
            path.push((x, path[path.len() - 1].1));
        }
        path.push((x, y));
    }
    path.push((right, path[path.len() - 1].1));
    path
}

impl Drawing for Scatter<'_> {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()> {
        let e = |e: DrawingAreaErrorKind<DB::ErrorType>| draw_error!("drawing: {e}");
        let ((x0, x1), (y0, y1)) = (self.x, self.y);
        let mut chart = titled_chart(root, &self.labels.title, Scale::log(x0..x1), y0..y1)?;
        chart
            .configure_mesh()
            .x_desc(self.labels.x.as_str())
            .y_desc(self.labels.y.as_str())
            .label_style((super::FONT, 16))
            .axis_desc_style((super::FONT, 18))
            .light_line_style(TRANSPARENT)
            .draw()
            .map_err(e)?;
        let front = pareto_front(self.players);
        let corners: Vec<(f64, f64)> = front.iter().map(|p| (p.millis.log10(), p.mean)).collect();
        let stairs = staircase(&corners, x1, y1);
        let grey = RGBColor(90, 90, 90);
        let mut dominated = stairs.clone();
        dominated.push((x1, y1));
        chart.draw_series(std::iter::once(Polygon::new(dominated, grey.mix(0.08)))).map_err(e)?;
        let mut obstacles: Vec<Rect> = stairs
            .windows(2)
            .map(|pair| {
                let ((ax, ay), (bx, by)) =
                    (pixel(&chart, pair[0].0, pair[0].1), pixel(&chart, pair[1].0, pair[1].1));
                // The dashed line and a pixel or two of room, so that no label touches it.
                Rect {
                    left: ax.min(bx) - 3.0,
                    top: ay.min(by) - 3.0,
                    right: ax.max(bx) + 3.0,
                    bottom: ay.max(by) + 3.0,
                }
            })
            .collect();
        chart
            .draw_series(DashedLineSeries::new(stairs, 10, 4, grey.stroke_width(2)))
            .map_err(e)?
            .label(LEGEND_TEXT)
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y - 6), (x, y), (x + 20, y)], grey.stroke_width(2))
            });
        let requests = self.draw_players(root, &mut chart, &front, &mut obstacles)?;
        let area = chart.plotting_area();
        let (xs, ys) = area.get_pixel_range();
        let bounds = Rect {
            left: f64::from(xs.start),
            top: f64::from(ys.start),
            right: f64::from(xs.end),
            bottom: f64::from(ys.end),
        };
        obstacles.push(super::legend::series_labels_rect(root, bounds, &[LEGEND_TEXT])?);
        let places = place_labels(&requests, &obstacles, bounds);
        self.draw_labels(root, &requests, &places).map_err(e)?;
        super::legend::draw_series_labels(&mut chart)
    }
}

impl Scatter<'_> {
    /// Each player's interval and point, ringed on the front; every mark also kept out of the
    /// labels' way in `obstacles`. Returns where each player's label wants to go and its size.
    /// Intervals are drawn first, then the front's rings, then the points over them, a point
    /// near one drawn before it as a ring ([`markers`]), so that no mark hides a point.
    fn draw_players<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
        chart: &mut Plane<'_, DB>,
        front: &[&TimedPlayer],
        obstacles: &mut Vec<Rect>,
    ) -> Result<Vec<LabelRequest>> {
        let e = |e: DrawingAreaErrorKind<DB::ErrorType>| draw_error!("drawing: {e}");
        let at = |p: &TimedPlayer| (p.millis.log10(), p.mean);
        for (i, p) in self.players.iter().enumerate() {
            let Some((lo, hi)) = p.interval else { continue };
            let x = at(p).0;
            let bar = PathElement::new(vec![(x, lo), (x, hi)], colour(i).stroke_width(2));
            chart.draw_series(std::iter::once(bar)).map_err(e)?;
            let ((bx, top), (_, bottom)) = (pixel(chart, x, hi), pixel(chart, x, lo));
            obstacles.push(Rect { left: bx - 2.0, top, right: bx + 2.0, bottom });
        }
        let anchors: Vec<(f64, f64)> =
            self.players.iter().map(|p| pixel(chart, at(p).0, at(p).1)).collect();
        let marks = markers(&anchors);
        // The front's rings first, under every marker: a ring reaches past its own point, and
        // a neighbour's disc drawn over it stays whole. Then discs, and rings round them.
        let on_front = |p: &TimedPlayer| front.iter().any(|f| std::ptr::eq(*f, p));
        let mut requests = Vec::new();
        for (k, ((p, &mark), &anchor)) in self.players.iter().zip(&marks).zip(&anchors).enumerate()
        {
            let ring = reach_around(&anchors, &marks, k) + 4.0;
            if on_front(p) {
                let black = Circle::new(at(p), ring, BLACK.stroke_width(2));
                chart.draw_series(std::iter::once(black)).map_err(e)?;
            }
            let radius = if on_front(p) { ring + 2.0 } else { mark.reach() + 1.0 };
            obstacles.push(Rect::around(anchor.0, anchor.1, radius));
            let style = TextStyle::from((super::FONT, 14).into_font());
            let (w, h) = root.estimate_text_size(&p.label, &style).map_err(e)?;
            requests.push(LabelRequest { anchor, size: (f64::from(w), f64::from(h)), radius });
        }
        let discs = marks.iter().enumerate().filter(|(_, m)| **m == Marker::Disc);
        for (i, _) in discs.chain(marks.iter().enumerate().filter(|(_, m)| **m != Marker::Disc)) {
            let (c, point) = (colour(i), at(&self.players[i]));
            let mark = match marks[i] {
                Marker::Disc => Circle::new(point, RADIUS, c.filled()),
                Marker::Ring(r) => Circle::new(point, r, c.stroke_width(STROKE)),
            };
            chart.draw_series(std::iter::once(mark)).map_err(e)?;
        }
        Ok(requests)
    }

    /// Each player's label at its place, with a leader line to its point when it lies far off.
    fn draw_labels<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
        requests: &[LabelRequest],
        places: &[Rect],
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        for (i, ((p, request), place)) in self.players.iter().zip(requests).zip(places).enumerate()
        {
            let c = colour(i);
            let (ax, ay) = request.anchor;
            if place.distance(ax, ay) > LEADER_BEYOND {
                let (nx, ny) = place.nearest(ax, ay);
                let leader = PathElement::new(
                    vec![(ax as i32, ay as i32), (nx as i32, ny as i32)],
                    c.mix(0.7).stroke_width(1),
                );
                root.draw(&leader)?;
            }
            let style = TextStyle::from((super::FONT, 14).into_font()).color(&c);
            let text = Text::new(p.label.clone(), (place.left as i32, place.top as i32), style);
            root.draw(&text)?;
        }
        Ok(())
    }
}

/// Where `(x, y)` of the chart's plane lies, in pixels.
fn pixel<DB: DrawingBackend>(chart: &Plane<'_, DB>, x: f64, y: f64) -> (f64, f64) {
    let (a, b) = chart.backend_coord(&(x, y));
    (f64::from(a), f64::from(b))
}

/// The legend's one entry, also measured to keep labels off the legend.
const LEGEND_TEXT: &str = "Pareto front (ringed); shaded: beaten on both by a player on it";

#[cfg(test)]
mod tests {
    use super::*;

    fn player(label: &str, millis: f64, mean: f64) -> TimedPlayer {
        TimedPlayer { label: label.into(), millis, mean, interval: None }
    }

    #[test]
    fn the_front_keeps_players_no_faster_player_beats() {
        let players = [
            player("slow best", 100.0, 4.3),
            player("fast poor", 0.1, 4.7),
            player("dominated", 10.0, 4.8),
            player("middle", 1.0, 4.4),
            player("slow worse", 200.0, 4.35),
        ];
        let front: Vec<&str> = pareto_front(&players).iter().map(|p| p.label.as_str()).collect();
        assert_eq!(front, ["fast poor", "middle", "slow best"]);
    }

    #[test]
    fn the_front_is_drawn_as_a_staircase() {
        let front = [(-1.0, 4.7), (0.0, 4.4), (2.0, 4.3)];
        let path = staircase(&front, 3.0, 5.0);
        assert_eq!(
            path,
            [(-1.0, 5.0), (-1.0, 4.7), (0.0, 4.7), (0.0, 4.4), (2.0, 4.4), (2.0, 4.3), (3.0, 4.3)]
        );
        for pair in path.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            assert!(a.0 == b.0 || a.1 == b.1, "{a:?} to {b:?} is not horizontal or vertical");
        }
    }

    /// The circles of the figure's SVG, as (fill, stroke) in the order drawn; checks that
    /// every interval (a player's colour, two pixels wide) is drawn before them.
    fn circles(players: &[TimedPlayer]) -> Vec<(String, String)> {
        let labels = Labels::new("t", "x", "y");
        let files = guesses_against_time(Path::new("time"), &labels, players).unwrap();
        let svg = files[1].text().unwrap();
        let tags: Vec<&str> = svg.split('<').collect();
        let first_circle = tags.iter().position(|t| t.starts_with("circle")).unwrap();
        for i in 0..players.len() {
            let c = colour(i);
            let bar = format!("stroke=\"#{:02X}{:02X}{:02X}\" stroke-width=\"2\"", c.0, c.1, c.2);
            let bars = tags.iter().enumerate().filter(|(_, t)| t.starts_with("polyline"));
            let last_bar = bars.filter(|(_, t)| t.contains(&bar)).map(|(k, _)| k).next_back();
            assert!(last_bar.unwrap() < first_circle, "player {i}'s interval is over a marker");
        }
        let attribute = |tag: &str, name: &str| {
            let from = tag.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
            tag[from..].split('"').next().unwrap().to_owned()
        };
        svg.split("<circle")
            .skip(1)
            .map(|t| (attribute(t, "fill"), attribute(t, "stroke")))
            .collect()
    }

    #[test]
    fn a_point_on_another_is_a_ring_and_no_bar_or_front_ring_covers_a_disc() {
        let with_interval = |label: &str, millis: f64, mean: f64| TimedPlayer {
            interval: Some((mean - 0.1, mean + 0.1)),
            ..player(label, millis, mean)
        };
        let players = [
            with_interval("Irving", 0.001, 4.3796),
            with_interval("Kooi", 0.001, 4.3735),
            with_interval("slow", 1.0, 4.6),
        ];
        let hex = |c: RGBColor| format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2);
        let drawn = circles(&players);
        let none = "none".to_owned();
        assert!(drawn.contains(&(hex(colour(0)), none.clone())), "Irving's disc: {drawn:?}");
        assert!(drawn.contains(&(none.clone(), hex(colour(1)))), "Kooi's ring: {drawn:?}");
        assert!(!drawn.contains(&(hex(colour(1)), none.clone())), "no disc over Irving's");
        assert!(drawn.contains(&(hex(colour(2)), none.clone())), "a point apart: {drawn:?}");
        // The front's ring (Kooi's) is drawn under every disc, which it would otherwise cut.
        let black = drawn.iter().position(|c| *c == (none.clone(), "#000000".to_owned()));
        let first_disc = drawn.iter().position(|(_, stroke)| *stroke == none);
        assert!(black.unwrap() < first_disc.unwrap(), "{drawn:?}");
    }

    #[test]
    fn a_front_of_one_player_is_still_a_corner() {
        assert_eq!(staircase(&[(0.5, 4.34)], 2.0, 5.0), [(0.5, 5.0), (0.5, 4.34), (2.0, 4.34)]);
        assert!(staircase(&[], 2.0, 5.0).is_empty());
    }
}
