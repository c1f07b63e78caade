//! Mean guesses against time per game, one point per player: the 95% confidence interval of each
//! mean as an error bar, time on a logarithmic axis (players differ by orders of magnitude), and
//! the Pareto front, the players that no other player beats on both guesses and time.

use super::{
    Figure, Labels, axis, both, colour, log_label_count, log_tick, short_number, titled_chart,
};
use anyhow::{Result, anyhow};
use plotters::coord::Shift;
use plotters::prelude::*;
use std::path::{Path, PathBuf};

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
pub fn guesses_against_time(
    base: &Path,
    labels: &Labels,
    players: &[TimedPlayer],
) -> Result<Vec<PathBuf>> {
    let players: Vec<TimedPlayer> = players
        .iter()
        .filter(|p| p.millis > 0.0 && p.millis.is_finite() && p.mean.is_finite())
        .cloned()
        .collect();
    if players.is_empty() {
        return Err(anyhow!("no player has a time and a mean to draw"));
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
    labels: &'a Labels<'a>,
    players: &'a [TimedPlayer],
    x: (f64, f64),
    y: (f64, f64),
}

impl Figure for Scatter<'_> {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()> {
        let e = |e: DrawingAreaErrorKind<DB::ErrorType>| anyhow!("drawing: {e}");
        let ((x0, x1), (y0, y1)) = (self.x, self.y);
        let mut chart = titled_chart(root, self.labels.title, x0..x1, y0..y1)?;
        chart
            .configure_mesh()
            .x_desc(self.labels.x)
            .y_desc(self.labels.y)
            .x_labels(log_label_count(x0, x1))
            .x_label_formatter(&|x| log_tick(*x))
            .y_label_formatter(&|y| short_number(*y))
            .label_style((super::FONT, 16))
            .axis_desc_style((super::FONT, 18))
            .light_line_style(TRANSPARENT)
            .draw()
            .map_err(e)?;
        let front = pareto_front(self.players);
        let path: Vec<(f64, f64)> = front.iter().map(|p| (p.millis.log10(), p.mean)).collect();
        let grey = RGBColor(110, 110, 110);
        chart
            .draw_series(DashedLineSeries::new(path, 8, 5, grey.stroke_width(2)))
            .map_err(e)?
            .label("Pareto front (no player both faster and better)")
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], grey.stroke_width(2))
            });
        for (i, p) in self.players.iter().enumerate() {
            let c = colour(i);
            let x = p.millis.log10();
            if let Some((lo, hi)) = p.interval {
                chart
                    .draw_series(std::iter::once(PathElement::new(
                        vec![(x, lo), (x, hi)],
                        c.stroke_width(2),
                    )))
                    .map_err(e)?;
            }
            let on_front = front.iter().any(|f| std::ptr::eq(*f, p));
            let size = if on_front { 7 } else { 5 };
            chart
                .draw_series(std::iter::once(Circle::new((x, p.mean), size, c.filled())))
                .map_err(e)?;
            let style = TextStyle::from((super::FONT, 14).into_font()).color(&c);
            let label = EmptyElement::at((x, p.mean)) + Text::new(p.label.clone(), (9, -8), style);
            chart.draw_series(std::iter::once(label)).map_err(e)?;
        }
        super::draw_legend(&mut chart)
    }
}

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
}
