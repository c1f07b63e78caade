//! The fixed-games experiment (Snyder's Table 7, "Man vs. Machine"): a player plays six
//! predetermined games many times, with a turn cap and a score for a loss.
//!
//! The games are the games kind's: one arm per script (its secret, and a codemaker that follows
//! the script), one run per simulation, one row per game. [`spec`] is what a RON file says;
//! validation draws the scripts and builds the games plan; [`report`] scores each game and
//! summarises per simulation beside the paper's human rows.

pub mod report;
pub mod spec;

use crate::error::Result;
use crate::spec::SpecError;
use crate::spec::scaled::Profile;
use crate::tasks::games::BuiltOnGames;
use crate::tasks::games::frame::PlayedGame;
use crate::tasks::games::plan::{Codemaker, GamesPlan, PlannedArm};
use crate::tasks::games::spec::GamesReport;
use crate::tasks::{PlanContext, Rendered, ReportContext};
use mastermind_core::Game;
use mastermind_core::Script;
use mastermind_players::Prepared;
use mastermind_players::families::mcmc::table7_scripts;
use std::sync::Arc;

/// The validated experiment.
pub struct FixedGamesPlan {
    /// The games: one arm per script, one run per simulation.
    pub games: GamesPlan,
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
    /// The paper's rows.
    pub paper_rows: Vec<spec::PaperRow>,
}

/// The first of the scripts that lie: [`table7_scripts`] draws three truthful games, then three
/// 20%-false ones.
pub const FIRST_FALSE_SCRIPT: usize = 3;

/// The probability the lying scripts' lies were drawn with.
const SCRIPT_P: f64 = 0.2;

impl crate::tasks::Validate for spec::FixedGamesTask {
    type Plan = FixedGamesPlan;

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
        let game = Game::CLASSIC;
        let strategy = Prepared::new(self.player.clone(), game)
            .map_err(|e| ctx.player_error(None, "task.player", &e, ""))?;
        let strategy = Arc::new(strategy);
        let scripts = table7_scripts(self.script_seed);
        let arms = scripts
            .iter()
            .enumerate()
            .map(|(g, script)| PlannedArm {
                label: format!("game {}", g + 1),
                group: if g < FIRST_FALSE_SCRIPT { "standard" } else { "20%-false" }.into(),
                group_given: true,
                x: None,
                game,
                parameters: serde_json::to_string(&self.player).unwrap_or_default(),
                player: self.player.clone(),
                strategy: Arc::clone(&strategy),
                secrets: Arc::new(vec![script.secret]),
                codemaker: Codemaker::Scripted {
                    script: Arc::new(script.clone()),
                    p: if g < FIRST_FALSE_SCRIPT { 0.0 } else { SCRIPT_P },
                },
                paper: None,
                reading: None,
                recorded: None,
                counters: Vec::new(),
                games_of: None,
                shared_by: Vec::new(),
            })
            .collect();
        let games = GamesPlan {
            arms,
            runs: simulations,
            max_guesses: self.cap,
            report: GamesReport::default(),
        };
        Ok(FixedGamesPlan {
            games,
            scripts,
            script_seed: self.script_seed,
            simulations,
            cap: self.cap,
            loss_score: self.loss_score.get(),
            paper_rows: self.paper_rows.clone(),
        })
    }
}

impl BuiltOnGames for FixedGamesPlan {
    fn games(&self) -> &GamesPlan {
        &self.games
    }

    fn render(&self, ctx: &ReportContext<'_>, games: Vec<PlayedGame>) -> Result<Rendered> {
        report::render(self, ctx, &games)
    }
}
