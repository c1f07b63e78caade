//! The players an experiment spec (or the `mastermind` command line) can name, and how each
//! becomes a [`Strategy`].
//!
//! This is the only place that knows every player crate: adding a player means one variant of
//! [`PlayerSpec`] and one arm in [`PlayerSpec::strategy`]. The lab's specs and the command line's
//! `--config` read the same RON through these types, so a player has one name and one set of
//! defaults everywhere. Kept apart from the lab so that the command line need not build polars.
#![deny(missing_docs)]

use mastermind_core::{Game, Strategy};
use mastermind_evolution::{
    EdaConfig, EdaStrategy, EvoConfig, EvoStrategy, ShcConfig, ShcStrategy,
};
use mastermind_heuristics::{OnePlyConfig, OnePlyStrategy};
use mastermind_importance::{ExpFamilyConfig, ExpFamilyStrategy};
use mastermind_mcmc::{MhConfig, MhStrategy};
use mastermind_optimal::{SolveOptions, solve};
use mastermind_tree::{Preset, TreeStrategy, build_tree};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A player as written in a spec: the family and its configuration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum PlayerSpec {
    /// A one-ply heuristic (Entropy, Most parts, Expected size, Worst case, Random, LocalEntropy)
    /// over the consistent set or a random subset of it (Runarsson & Merelo 2009).
    OnePly(OnePlyConfig),
    /// The estimation of distribution algorithm of Runarsson & Merelo 2009.
    Eda(EdaConfig),
    /// Evo++ of Merelo, Mora, Runarsson & Cotta.
    Evo(EvoConfig),
    /// The stochastic hill-climber of Temporel & Kovacs.
    HillClimber(ShcConfig),
    /// Snyder's Metropolis-Hastings player.
    MetropolisHastings(MhConfig),
    /// Snyder's exponential-family policy (random consistent play, theta_0, fitted theta).
    ExpFamily(ExpFamilyConfig),
    /// A strategy tree built once before the games (a preset, a deterministic one-ply rule or the
    /// exact optimum) and then followed: `Tree(Optimal(()))` plays optimally.
    Tree(TreeSpec),
}

/// How a strategy tree is made.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum TreeSpec {
    /// A named one-ply preset of the tree crate (`"knuth"`, `"irving"`, `"kooi"`, ...).
    Preset(String),
    /// Any deterministic one-ply configuration (`ties: First`).
    OnePly(OnePlyConfig),
    /// The exact optimum: fewest total guesses, optionally with at most `max_depth` guesses.
    Optimal(OptimalSpec),
}

/// Options of the exact search.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptimalSpec {
    /// The most guesses any secret may need.
    #[serde(default)]
    pub max_depth: Option<u32>,
}

fn shared<S: Strategy + 'static, E: std::fmt::Display>(
    made: Result<S, E>,
) -> Result<Arc<dyn Strategy>, String> {
    made.map(|s| Arc::new(s) as Arc<dyn Strategy>).map_err(|e| e.to_string())
}

impl PlayerSpec {
    /// The family name stored in the `player` column.
    pub fn family(&self) -> &'static str {
        match self {
            PlayerSpec::OnePly(_) => "OnePly",
            PlayerSpec::Eda(_) => "Eda",
            PlayerSpec::Evo(_) => "Evo",
            PlayerSpec::HillClimber(_) => "HillClimber",
            PlayerSpec::MetropolisHastings(_) => "MetropolisHastings",
            PlayerSpec::ExpFamily(_) => "ExpFamily",
            PlayerSpec::Tree(_) => "Tree",
        }
    }

    /// Validates the configuration for `game` and prepares what its players share.
    /// The error is a sentence naming the field at fault.
    pub fn strategy(&self, game: Game) -> Result<Arc<dyn Strategy>, String> {
        match self {
            PlayerSpec::OnePly(config) => shared(OnePlyStrategy::new(game, config.clone())),
            PlayerSpec::Eda(config) => shared(EdaStrategy::new(game, config.clone())),
            PlayerSpec::Evo(config) => shared(EvoStrategy::new(game, config.clone())),
            PlayerSpec::HillClimber(config) => shared(ShcStrategy::new(game, config.clone())),
            PlayerSpec::MetropolisHastings(config) => shared(MhStrategy::new(*config)),
            PlayerSpec::ExpFamily(config) => shared(ExpFamilyStrategy::new(game, config)),
            PlayerSpec::Tree(spec) => shared(tree_strategy(spec, game)),
        }
    }
}

impl TreeSpec {
    /// The one-ply configuration of a preset or one-ply tree for `game`; `None` for the optimum.
    pub fn one_ply_config(&self, game: Game) -> Result<Option<OnePlyConfig>, String> {
        match self {
            TreeSpec::Optimal(_) => Ok(None),
            TreeSpec::OnePly(config) => Ok(Some(config.clone())),
            TreeSpec::Preset(name) => match Preset::from_name(name) {
                Some(preset) => Ok(Some(preset.config(game))),
                None => {
                    let names: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
                    Err(format!(
                        "no preset is called {name:?}; the presets are {}",
                        names.join(", ")
                    ))
                }
            },
        }
    }
}

/// Builds the tree `spec` describes for `game` (the exact search runs here, once per spec).
fn tree_strategy(spec: &TreeSpec, game: Game) -> Result<TreeStrategy, String> {
    let tree = match spec.one_ply_config(game)? {
        Some(config) => build_tree(game, &config).map_err(|e| e.to_string())?.0,
        None => {
            let max_depth = match spec {
                TreeSpec::Optimal(options) => options.max_depth,
                _ => None,
            };
            let options = SolveOptions { max_depth, ..SolveOptions::default() };
            solve(game, &options).map_err(|e| e.to_string())?.tree
        }
    };
    Ok(TreeStrategy::new(Arc::new(tree)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tree_player_plays_the_optimum() {
        let spec = PlayerSpec::Tree(TreeSpec::Optimal(OptimalSpec::default()));
        let game = Game::new(3, 3).unwrap();
        let strategy = spec.strategy(game).unwrap();
        let mut player = strategy.new_player();
        let mut rng = mastermind_core::rng_for(1, &[]);
        let secret = mastermind_core::Code::parse(game, "CBA").unwrap();
        let out = mastermind_core::play_game(
            game,
            player.as_mut(),
            &mut mastermind_core::TruthfulCodemaker::new(secret),
            10,
            &mut rng,
        );
        assert!(out.solved());
        assert_eq!(spec.family(), "Tree");
    }

    #[test]
    fn an_unknown_preset_names_the_presets() {
        let spec = PlayerSpec::Tree(TreeSpec::Preset("knoth".into()));
        let error = spec.strategy(Game::CLASSIC).err().unwrap();
        assert!(error.contains("no preset is called \"knoth\"") && error.contains("knuth"));
    }
}
