//! The fixed-games experiment (Snyder's Table 7, "Man vs. Machine"): a player plays six
//! predetermined games many times, with a turn cap and a score for a loss; one row per game.
//!
//! [`spec`] is what a RON file says; validation draws the scripts and builds the player;
//! [`report`] summarises per simulation (the unit) beside the paper's human rows.

pub mod report;
pub mod spec;

use crate::spec::SpecError;
use crate::spec::scaled::Profile;
use crate::tasks::{PlanContext, Rendered, ReportContext, Task};
use anyhow::{Context, Result};
use indicatif::{ParallelProgressIterator, ProgressBar};
use mastermind_core::seed::{derive_seed, name_id};
use mastermind_core::{Game, LabRng, Strategy, play_game};
use mastermind_mcmc::{Script, ScriptedCodemaker, table7_scripts};
use polars::prelude::{Column, DataFrame};
use rand::SeedableRng;
use rayon::prelude::*;
use std::sync::Arc;

/// The validated experiment.
#[derive(Clone)]
pub struct FixedGamesPlan {
    /// The six scripts: games 0-2 truthful, 3-5 with lies.
    pub scripts: Vec<Script>,
    /// The seed they were drawn from.
    pub script_seed: u64,
    /// Simulations of the six games.
    pub simulations: u32,
    /// Guesses allowed per game.
    pub cap: u32,
    /// The score of a lost game.
    pub loss_score: f64,
    /// The player.
    pub strategy: Arc<dyn Strategy>,
    /// The paper's rows.
    pub paper_rows: Vec<spec::PaperRow>,
}

impl spec::FixedGamesTask {
    /// Validates the spec into a runnable plan.
    pub fn validate(
        &self,
        ctx: &PlanContext<'_>,
        profile: Profile,
    ) -> Result<FixedGamesPlan, SpecError> {
        let simulations = self.simulations.get(profile);
        ctx.check_range(
            "simulations",
            simulations,
            1..=1_000_000,
            "simulations",
            "the thesis runs 1000",
        )?;
        let hint = "the thesis allows 10 turns; scripts cover 10 turns";
        ctx.check_range("cap", self.cap, 1..=100, "is not a turn cap", hint)?;
        if !self.loss_score.is_finite() {
            return Err(ctx.error(
                None,
                "loss_score",
                "task.loss_score",
                "not a number".into(),
                "",
            ));
        }
        let strategy = self.player.strategy(Game::CLASSIC).map_err(|e| {
            ctx.error(None, e.name(), &format!("task.player.{}", e.field), e.to_string(), "")
        })?;
        Ok(FixedGamesPlan {
            scripts: table7_scripts(self.script_seed),
            script_seed: self.script_seed,
            simulations,
            cap: self.cap,
            loss_score: self.loss_score,
            strategy,
            paper_rows: self.paper_rows.clone(),
        })
    }
}

impl Task for FixedGamesPlan {
    fn units(&self) -> u64 {
        u64::from(self.simulations) * self.scripts.len() as u64
    }

    /// One row per game: `simulation`, `game`, `lies` (whether the script is a 20%-false one),
    /// `secret`, `guesses`, `solved`, `score`, `evaluations`.
    fn run(&self, seed: u64, bar: &ProgressBar) -> Result<DataFrame> {
        let games = self.scripts.len() as u32;
        let jobs: Vec<(u32, u32)> =
            (0..self.simulations).flat_map(|s| (0..games).map(move |g| (s, g))).collect();
        let rows: Vec<(u32, u32, u32, bool, u64)> = jobs
            .into_par_iter()
            .progress_with(bar.clone())
            .map(|(sim, game)| {
                let script = &self.scripts[game as usize];
                let mut codemaker = ScriptedCodemaker::new(script.clone());
                let mut rng = LabRng::seed_from_u64(derive_seed(
                    seed,
                    &[name_id("fixed games"), u64::from(sim), u64::from(game)],
                ));
                let mut player = self.strategy.new_player();
                let out =
                    play_game(Game::CLASSIC, player.as_mut(), &mut codemaker, self.cap, &mut rng);
                (sim, game, out.guesses, out.solved(), out.counters.evaluations)
            })
            .collect();
        let n = rows.len();
        // Scripts 3-5 are the 20%-false games (whether or not a lie happened to be drawn).
        let lies: Vec<bool> = rows.iter().map(|r| r.1 >= 3).collect();
        let score: Vec<f64> =
            rows.iter().map(|r| if r.3 { f64::from(r.2) } else { self.loss_score }).collect();
        DataFrame::new(
            n,
            vec![
                Column::new("simulation".into(), rows.iter().map(|r| r.0).collect::<Vec<u32>>()),
                Column::new("game".into(), rows.iter().map(|r| r.1).collect::<Vec<u32>>()),
                Column::new("lies".into(), lies),
                Column::new(
                    "secret".into(),
                    rows.iter()
                        .map(|r| self.scripts[r.1 as usize].secret.to_string())
                        .collect::<Vec<String>>(),
                ),
                Column::new("guesses".into(), rows.iter().map(|r| r.2).collect::<Vec<u32>>()),
                Column::new("solved".into(), rows.iter().map(|r| r.3).collect::<Vec<bool>>()),
                Column::new("score".into(), score),
                Column::new("evaluations".into(), rows.iter().map(|r| r.4).collect::<Vec<u64>>()),
            ],
        )
        .context("building the fixed-games table")
    }

    fn report(&self, ctx: &ReportContext<'_>, frame: &DataFrame) -> Result<Rendered> {
        report::render(self, ctx, frame)
    }
}
