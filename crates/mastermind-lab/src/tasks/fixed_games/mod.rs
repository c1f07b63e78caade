//! The fixed-games experiment (Snyder's Table 7, "Man vs. Machine"): a player plays six
//! predetermined games many times, with a turn cap and a score for a loss; one row per game.
//!
//! [`spec`] is what a RON file says; validation draws the scripts and builds the player;
//! [`report`] summarises per simulation (the unit) beside the paper's human rows.

pub mod report;
pub mod spec;

use crate::spec::SpecError;
use crate::spec::scaled::Profile;
use crate::tasks::executor::Kind;
use crate::tasks::{PlanContext, Rendered, ReportContext};
use anyhow::Result;
use mastermind_core::seed::name_id;
use mastermind_core::{Game, LabRng, Strategy, play_game};
use mastermind_mcmc::{Script, ScriptedCodemaker, table7_scripts};
use rand::SeedableRng;
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

impl crate::tasks::Validate for spec::FixedGamesTask {
    type Plan = FixedGamesPlan;

    /// Validates the spec into a runnable plan.
    fn validate(
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
        let strategy = self
            .player
            .strategy(Game::CLASSIC)
            .map_err(|message| ctx.error(None, "player", "task.player", message, ""))?;
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

crate::record! {
    /// One game of one simulation.
    #[derive(Debug, Clone, PartialEq)]
    pub struct FixedGameRow {
        /// The simulation, from 0.
        pub simulation: u32,
        /// The script, from 0.
        pub game: u32,
        /// Whether the script is one of the 20%-false games (whether or not a lie was drawn).
        pub lies: bool,
        /// The script's secret.
        pub secret: String,
        /// Guesses played.
        pub guesses: u32,
        /// Whether the player found the secret within the cap.
        pub solved: bool,
        /// The game's score: its guesses, or the loss score.
        pub score: f64,
        /// Candidates examined.
        pub evaluations: u64,
    }
}

/// The first of the scripts that lie: [`table7_scripts`] draws three truthful games, then three
/// 20%-false ones.
const FIRST_FALSE_SCRIPT: u32 = 3;

impl Kind for FixedGamesPlan {
    /// (simulation, script).
    type Unit = (u32, u32);
    type Row = FixedGameRow;

    fn units(&self) -> Vec<(u32, u32)> {
        let games = self.scripts.len() as u32;
        (0..self.simulations).flat_map(|s| (0..games).map(move |g| (s, g))).collect()
    }

    fn identity(&self, &(simulation, game): &(u32, u32)) -> Vec<u64> {
        vec![name_id("fixed games"), u64::from(simulation), u64::from(game)]
    }

    fn run_unit(&self, &(simulation, game): &(u32, u32), seed: u64) -> Result<Vec<FixedGameRow>> {
        let script = &self.scripts[game as usize];
        let mut codemaker = ScriptedCodemaker::new(script.clone());
        let mut rng = LabRng::seed_from_u64(seed);
        let mut player = self.strategy.new_player();
        let out = play_game(Game::CLASSIC, player.as_mut(), &mut codemaker, self.cap, &mut rng);
        Ok(vec![FixedGameRow {
            simulation,
            game,
            lies: game >= FIRST_FALSE_SCRIPT,
            secret: script.secret.to_string(),
            guesses: out.guesses,
            solved: out.solved(),
            score: if out.solved() { f64::from(out.guesses) } else { self.loss_score },
            evaluations: out.counters.evaluations,
        }])
    }

    fn report(&self, ctx: &ReportContext<'_>, rows: Vec<FixedGameRow>) -> Result<Rendered> {
        report::render(self, ctx, &rows)
    }
}
