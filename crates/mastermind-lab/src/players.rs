//! The players an experiment spec can name (the `mastermind-players` crate's map, shared with the
//! command line), and what each may cost for the budget check.

pub use mastermind_players::{OptimalSpec, PlayerSpec, Prepared, TreeSpec};

use mastermind_core::Game;

/// Rough costs of a player, for the budget check ([`crate::budget`]): upper bounds within an
/// order of magnitude, in elementary operations (a score or a consistency check) and bytes.
pub trait PlayerCost {
    /// Operations of one game of `game` lasting about `turns` turns.
    fn operations_per_game(&self, game: Game, turns: f64) -> f64;
    /// Bytes the prepared player of one arm holds (an enumerated code set, say).
    fn prepared_bytes(&self, game: Game) -> f64;
}

impl PlayerCost for PlayerSpec {
    fn operations_per_game(&self, game: Game, turns: f64) -> f64 {
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
                        let formula = mastermind_mcmc::Budget::default().steps_for(game);
                        (cap as f64).min(10.0 * formula as f64)
                    }
                    budget => budget.steps_for(game) as f64,
                };
                steps * turns * turns
            }
        }
    }

    fn prepared_bytes(&self, game: Game) -> f64 {
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
