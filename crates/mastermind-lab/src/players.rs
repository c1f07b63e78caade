//! The players an experiment spec can name, and how each becomes a [`Strategy`].
//!
//! This is the only place that knows every player crate: adding a player means one variant here
//! and one arm in [`PlayerSpec::strategy`].

use crate::tasks::trees::spec::TreeSpec;
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

/// Builds the tree `spec` describes for `game` (the exact search runs here, once per spec).
fn tree_strategy(spec: &TreeSpec, game: Game) -> Result<TreeStrategy, String> {
    let config = match spec {
        TreeSpec::Optimal(options) => {
            let options = SolveOptions { max_depth: options.max_depth, ..SolveOptions::default() };
            let solution = solve(game, &options).map_err(|e| e.to_string())?;
            return Ok(TreeStrategy::new(Arc::new(solution.tree)));
        }
        TreeSpec::OnePly(config) => config.clone(),
        TreeSpec::Preset(name) => Preset::from_name(name)
            .ok_or_else(|| {
                let names: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
                format!("no preset is called {name:?}; the presets are {}", names.join(", "))
            })?
            .config(game),
    };
    let (tree, _) = build_tree(game, &config).map_err(|e| e.to_string())?;
    Ok(TreeStrategy::new(Arc::new(tree)))
}

/// Rough costs of a player, for the budget check ([`crate::budget`]): upper bounds within an
/// order of magnitude, in elementary operations (a score or a consistency check) and bytes.
impl PlayerSpec {
    /// Operations of one game of `game` lasting about `turns` turns.
    pub fn operations_per_game(&self, game: Game, turns: f64) -> f64 {
        use mastermind_heuristics::{Heuristic, PartitionOver, Pool};
        let codes = crate::budget::codes(game);
        let size = f64::from(game.pegs()) * f64::from(game.colours());
        match self {
            PlayerSpec::OnePly(config) => {
                // Scoring a pool against the consistent set; the first turn dominates unless the
                // first guess is given, after which the consistent set is a fraction of the codes.
                let consistent = if config.first_guess.is_some() { codes / 4.0 } else { codes };
                let pool = match (&config.subset, config.pool) {
                    (Some(s), _) => f64::from(s.mu).min(consistent),
                    (None, Pool::Consistent) => consistent,
                    (None, Pool::AllPreferConsistent) => codes,
                };
                let against = match &config.subset {
                    Some(s) if s.partition == PartitionOver::Subset => {
                        f64::from(s.mu).min(consistent)
                    }
                    _ => consistent,
                };
                // A random choice scores nothing: it picks one consistent code.
                let against = if config.heuristic == Heuristic::Random { 1.0 } else { against };
                pool * against + codes * turns
            }
            PlayerSpec::ExpFamily(_) => codes * turns,
            // Populations of some hundreds for some tens of generations per turn, each candidate
            // checked against every earlier guess.
            PlayerSpec::Eda(_) | PlayerSpec::Evo(_) => 1e3 * size * turns * turns,
            PlayerSpec::HillClimber(config) => {
                // Inductions per turn grow with the code space; the cap bounds them.
                let inductions = (10.0 * codes.sqrt()).min(config.max_inductions as f64);
                inductions * turns * turns
            }
            // The tree is built once per arm, when the plan is made; a game only walks it.
            PlayerSpec::Tree(_) => turns,
            PlayerSpec::MetropolisHastings(config) => {
                // A walk run to a candidate stops at the first one, far below its safety cap:
                // allow ten times the thesis's formula for a budget of that size.
                let steps = match config.budget {
                    mastermind_mcmc::Budget::UntilCandidate { cap } => {
                        let x = f64::from(game.pegs()) + f64::from(game.colours());
                        (cap as f64).min(10.0 * (0.30 * x + 2.89).exp())
                    }
                    budget => budget.steps_for(game) as f64,
                };
                steps * turns * turns
            }
        }
    }

    /// Bytes the prepared player of one arm holds (an enumerated code set, say).
    pub fn prepared_bytes(&self, game: Game) -> f64 {
        match self {
            PlayerSpec::OnePly(_) | PlayerSpec::ExpFamily(_) => {
                crate::budget::codes(game) * 1.5 * crate::budget::BYTES_PER_CODE
            }
            // The code set a few times over while building, then a node per secret.
            PlayerSpec::Tree(_) => crate::budget::codes(game) * 4.0 * crate::budget::BYTES_PER_CODE,
            _ => 0.0,
        }
    }
}
