//! What a report asks to be drawn: a figure as a description, drawn into memory for whoever writes
//! the report's files (the lab, beside the spec's tables), never by the kind that describes it.

use super::dots::{ArmRow, DotLabels};
use super::forest::ForestPlot;
use super::lines::LineChart;
use super::panels::Panel;
use super::pareto::TimedPlayer;
use super::{Labels, box_plots, dots, grouped_bars, panels, panic_text, pareto};
use super::{Result, draw_error};
use crate::output::OutputFile;
use std::path::Path;

/// A figure, described: its data and labels, every kind of figure the report draws.
#[derive(Debug, Clone)]
pub enum Figure {
    /// Lines against a numeric x axis, built option by option ([`LineChart`]).
    Lines(LineChart),
    /// Grouped bars: for each category (an integer such as a number of guesses), one bar per
    /// series (its name and one value per category).
    Bars {
        /// Title and axes.
        labels: Labels,
        /// The categories, in order.
        categories: Vec<u32>,
        /// Each series' name and its value in each category.
        series: Vec<(String, Vec<f64>)>,
    },
    /// Box plots (quartiles, median, whiskers to the most extreme values within 1.5 IQR, a cross
    /// at the mean), one per labelled sample, with the paper's mean of each sample as a hollow
    /// marker where it has one; the y axis turns logarithmic over more than two decades.
    Boxes {
        /// Title and axes.
        labels: Labels,
        /// Each box's name and sample.
        samples: Vec<(String, Vec<f64>)>,
        /// The paper's mean of each sample, by index (`None`, or missing: none).
        paper_means: Vec<Option<f64>>,
    },
    /// Several players' game lengths side by side: each mean with its interval and the paper's
    /// (left), and each distribution split by the number of guesses, under a key that names
    /// each part's shade (right).
    MeansAndShares {
        /// Title, interval axis and categories.
        labels: DotLabels,
        /// One row per player.
        rows: Vec<ArmRow>,
    },
    /// Mean guesses against mean time per game (log scale), with the Pareto front.
    GuessesAgainstTime {
        /// Title and axes.
        labels: Labels,
        /// The players placed.
        players: Vec<TimedPlayer>,
    },
    /// Paths against a shared x axis in panels stacked top to bottom.
    StackedPaths {
        /// Title above the top panel.
        title: String,
        /// The shared x axis's description.
        x: String,
        /// The panels, top first.
        panels: Vec<Panel>,
    },
    /// A paper's numeric claims on one axis in units of their margins, each interval coloured
    /// by its verdict ([`ForestPlot`]).
    Forest(ForestPlot),
}

impl Figure {
    /// Draws the figure as `<base>.png` and `<base>.svg` (`base` relative to the profile's
    /// figures folder) and returns both files, unwritten. A figure that cannot be drawn, whether
    /// its data cannot be laid out, plotters fails, or either panics, is an error that names it:
    /// never a panic, so one figure never stops a report.
    pub fn draw(&self, base: &Path) -> Result<Vec<OutputFile>> {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.draw_unguarded(base)))
            .unwrap_or_else(|panic| Err(draw_error!("drawing panicked: {}", panic_text(&panic))))
            .map_err(|e| {
                let name = base.file_name().unwrap_or_default().to_string_lossy().into_owned();
                draw_error!("figure {name} not drawn: {e}")
            })
    }

    /// [`draw`](Self::draw) without the guard.
    fn draw_unguarded(&self, base: &Path) -> Result<Vec<OutputFile>> {
        match self {
            Figure::Lines(chart) => chart.draw(base),
            Figure::Bars { labels, categories, series } => {
                grouped_bars(base, labels, categories, series)
            }
            Figure::Boxes { labels, samples, paper_means } => {
                box_plots(base, labels, samples, paper_means)
            }
            Figure::MeansAndShares { labels, rows } => dots::means_and_shares(base, labels, rows),
            Figure::GuessesAgainstTime { labels, players } => {
                pareto::guesses_against_time(base, labels, players)
            }
            Figure::StackedPaths { title, x, panels } => {
                panels::stacked_paths(base, title, x, panels)
            }
            Figure::Forest(plot) => plot.draw(base),
        }
    }
}

impl From<LineChart> for Figure {
    fn from(chart: LineChart) -> Figure {
        Figure::Lines(chart)
    }
}

/// A figure with the name its files take after the spec's (`<spec>-<name>.png` and `.svg`).
#[derive(Debug, Clone)]
pub struct NamedFigure {
    /// The file name's suffix (`guesses`, `mean-guesses`, `4-pegs`).
    pub name: String,
    /// What to draw.
    pub figure: Figure,
}

impl NamedFigure {
    /// `figure` under `name`.
    pub fn new(name: impl Into<String>, figure: impl Into<Figure>) -> NamedFigure {
        NamedFigure { name: name.into(), figure: figure.into() }
    }
}
