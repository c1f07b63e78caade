//! What a player may cost, for the lab's budget check before anything runs: upper bounds within
//! an order of magnitude, in elementary operations (a score or a consistency check) and in codes
//! held. The lab turns them into seconds and bytes; the model lives here because only here are
//! the players' internals (pools, subsets, budgets, caps) known.

use crate::spec::PlayerSpec;
use crate::trees::TreeRecipe;
use mastermind_core::{Code, Game};
use mastermind_heuristics::{Heuristic, PartitionOver, Pool};
use mastermind_mcmc::Budget;

impl PlayerSpec {
    /// Elementary operations of one game of `game` lasting about `turns` turns (a tree player
    /// only walks its tree; building it is [`TreeRecipe::build_operations`]).
    pub fn operations_per_game(&self, game: Game, turns: f64) -> f64 {
        let codes = game.size_estimate();
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
            PlayerSpec::Tree(_) => turns,
            // Another program's work is unknown: its time is [`seconds_per_game`].
            PlayerSpec::Program(_) => 0.0,
            PlayerSpec::MetropolisHastings(config) => {
                // A walk run to a candidate stops at the first one, far below its safety cap:
                // allow ten times the thesis's formula for a budget of that size.
                let steps = match config.budget {
                    Budget::UntilCandidate { cap } => {
                        let formula = Budget::default().steps_for(game);
                        (cap as f64).min(10.0 * formula as f64)
                    }
                    budget => budget.steps_for(game) as f64,
                };
                steps * turns * turns
            }
        }
    }

    /// Seconds a game takes, for the players whose cost is a time rather than operations:
    /// another program, whose spec may state what a game is expected to take (its per-game
    /// limit otherwise, an upper bound).
    pub fn seconds_per_game(&self) -> Option<f64> {
        match self {
            PlayerSpec::Program(config) => Some(config.budget_seconds_per_game()),
            _ => None,
        }
    }

    /// Codes the prepared strategy of one arm holds (an enumerated code set, say); a tree
    /// player's are its build's ([`TreeRecipe::held_codes`]).
    pub fn prepared_codes(&self, game: Game) -> f64 {
        match self {
            PlayerSpec::OnePly(_) | PlayerSpec::ExpFamily(_) => game.size_estimate() * 1.5,
            PlayerSpec::Tree(_) => TreeRecipe::held_codes(game),
            _ => 0.0,
        }
    }
}

impl TreeRecipe {
    /// Elementary operations of building the tree: a heuristic tree scores about `n^1.5`
    /// (candidate, secret) pairs per node level over the consistent pool, a hundred times that
    /// when every code is a candidate (5x8 Knuth: about 0.6e9, measured 1-4 s); the exact search
    /// grows faster than any power, and `n^3` bounds what it has finished (4x6: 2e9, measured
    /// 0.1 s; 4x7: 1.4e10, 15 s).
    pub fn build_operations(&self, game: Game) -> f64 {
        let n = game.size_estimate();
        match self {
            TreeRecipe::OnePly(config) if config.pool == Pool::Consistent => 10.0 * n.powf(1.5),
            TreeRecipe::OnePly(_) => 100.0 * n.powf(1.5),
            TreeRecipe::Optimal(_) => n.powi(3),
        }
    }

    /// Codes' worth of memory (a [`Code`] each) a build holds at its peak: the tree crate's
    /// estimate from measured peaks ([`memory_estimate`](mastermind_tree::memory_estimate),
    /// 750 bytes a code of the game: the code set a few times over, a node per secret, the
    /// candidate lists), the one `mastermind tree` refuses a game by. The exact search, which
    /// stops at small games, is counted the same.
    pub fn held_codes(game: Game) -> f64 {
        let bytes = mastermind_tree::memory_estimate(game).map_or_else(
            || game.size_estimate() * mastermind_tree::BYTES_PER_CODE as f64,
            |bytes| bytes as f64,
        );
        bytes / std::mem::size_of::<Code>() as f64
    }
}
