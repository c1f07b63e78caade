//! Evo++ (Merelo, Mora, Runarsson & Cotta, "Optimizing search via diversity enhancement in
//! evolutionary MasterMind"): a GA that fills a set of consistent codes and plays the best of them.
//!
//! Reading of the paper (section III and the Algorithm::MasterMind::Evo design it describes):
//!
//! - Fitness (eqs. 1-2): minus the distance to consistency for an inconsistent code; for a
//!   consistent one, its number of non-empty parts (Most parts) when the consistent set found so far
//!   this turn, `Φ`, is split by it. Consistent codes therefore always beat inconsistent ones. The
//!   linear shift of eq. (2) only matters to fitness-proportional selection; tournaments ignore it.
//! - Each generation `round(replacement_rate x population)` offspring replace the worst members.
//!   Each offspring comes from one operator drawn by its rate (priorities normalised, Table II:
//!   crossover 1, mutation 1, permutation 1), parents by tournaments of size `tournament_size`.
//!   Crossover is the crate's two-point crossover, mutation its single-point mutation, permutation
//!   a random reordering of the pegs.
//! - Breeder_Diverser: an offspring must differ from its parent(s). The operator is drawn again
//!   (new cut points, new peg, new order) up to 16 times; if it still copies a parent, a single-point
//!   mutation that changes the colour is applied to it (for crossover, of two equal parents).
//!   The offspring may still equal another member of the population, as in the paper.
//! - Consistent codes met are added to `Φ` (distinct, never more than `consistent_set_size`, N_cs).
//!   The search stops when `Φ` is full, or when `Φ` is not empty and has not grown for
//!   `stagnation_generations` generations in a row (the set "cannot be filled further"); then the
//!   member of `Φ` with most parts over `Φ` is played (ties at random).
//! - Reset: when `Φ` is empty and neither `Φ` nor the best fitness improved for
//!   `stagnation_generations` generations, the population is re-initialised; resets are counted.
//! - The population and `Φ` are kept across turns: at the start of a turn the members of `Φ` that
//!   are still consistent are kept (each check is an evaluation) and the population is re-evaluated.
//! - Endgames (on by default): once a reply has `black + white = pegs`, the secret is a permutation
//!   of that guess; the consistent distinct permutations are enumerated (one evaluation each) and
//!   kept as `Φ`, filtered by each later reply, and the EA is no longer run. A reply with no pegs
//!   bans its colours: the palette the EA draws from loses them, and banned pegs of current members
//!   are redrawn from the colours left.
//! - First guess: Knuth-style as the paper says (`ABCA` at 6 colours), see
//!   [`knuth_style`](crate::first_guess::knuth_style): `ABCD` for 4x8.
//! - `evaluations`: fitness computations, once per code per turn (see
//!   [`population`](crate::population)), plus consistency checks of carried-over or enumerated
//!   codes. The partition counts for Most parts are `score_calls`, not evaluations.
//! - Per-game metrics besides the driver's counters: `fitness_computations` (every fitness the GA
//!   computes, repeats included) and `authors_evaluations`, the count of the authors' Perl
//!   implementation, which is what the paper's evaluation figures report (see
//!   [`EvoPlayer::authors_evaluations`]). Same search, different bookkeeping: at 4x8 with the
//!   defaults, `evaluations` is about 57% of `authors_evaluations`.

pub mod endgame;
mod player;

pub use player::EvoPlayer;

use crate::error::check;
use crate::first_guess;
use crate::operators::check_tournament_size;
use crate::population::{check_generations, replaced_count};
use crate::rates::Rates;
use mastermind_core::InvalidParameter;
use mastermind_core::{Code, Game, Player, Strategy};
use serde::{Deserialize, Serialize};

/// How parents are drawn by tournament.
///
/// The paper says only that Evo++ uses tournament selection of size T (Table II). The authors'
/// library (Algorithm::Evolutionary's `Breeder_Diverser`, which Algorithm::MasterMind's Evo
/// uses) first fills a pool with population-size tournament winners, then breeds from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Selection {
    /// Every parent is the winner of its own tournament over the population (the default: the
    /// paper's words read plainly).
    #[default]
    Tournaments,
    /// A pool of as many tournament winners as the population has members; each offspring's
    /// first parent is the pool's next member in turn, and a crossover's second parent is drawn
    /// uniformly from the pool among those with another code (the authors' library). The pool
    /// is drawn afresh every generation.
    Pool,
}

impl Selection {
    /// Whether this is the default reading (left out when a config is written).
    pub fn is_tournaments(&self) -> bool {
        *self == Selection::Tournaments
    }
}

/// Evo++ as written in an experiment spec. Missing fields take the paper's values (Table II).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct EvoConfig {
    /// Population size (Table II: 400).
    pub population: u32,
    /// Share of the population replaced by offspring each generation (Table II: 0.75).
    pub replacement_rate: f64,
    /// Tournament size T (Table II: 2).
    pub tournament_size: u32,
    /// How parents are drawn by tournament (a reading the paper leaves open).
    #[serde(skip_serializing_if = "Selection::is_tournaments")]
    pub selection: Selection,
    /// Crossover priority (Table II: 1).
    pub crossover: f64,
    /// Mutation priority (Table II: 1).
    pub mutation: f64,
    /// Permutation priority (Table II: 1).
    pub permutation: f64,
    /// N_cs: the most consistent codes gathered before playing (paper's best: 30).
    pub consistent_set_size: u32,
    /// Generations without growth of the consistent set before it is played (or, while it is
    /// empty, before the population resets). Not given by the paper.
    pub stagnation_generations: u32,
    /// Resets in one turn before the player gives up.
    pub max_resets: u32,
    /// Whether the permutation and no-peg endgames are used.
    pub endgames: bool,
    /// First guess as letters; none means the Knuth-style opening.
    pub first_guess: Option<String>,
}

impl Default for EvoConfig {
    fn default() -> Self {
        EvoConfig {
            population: 400,
            replacement_rate: 0.75,
            tournament_size: 2,
            selection: Selection::Tournaments,
            crossover: 1.0,
            mutation: 1.0,
            permutation: 1.0,
            consistent_set_size: 30,
            stagnation_generations: 3,
            max_resets: 1000,
            endgames: true,
            first_guess: None,
        }
    }
}

impl EvoConfig {
    /// Checks every field for `game`; returns the first guess and the operator rates.
    pub fn validate(&self, game: Game) -> Result<(Code, Rates), InvalidParameter> {
        check_generations(self.population, 2, "an integer in 2..=1000000", self.replacement_rate)?;
        check_tournament_size(self.tournament_size, self.population)?;
        for (field, p) in [
            ("crossover", self.crossover),
            ("mutation", self.mutation),
            ("permutation", self.permutation),
        ] {
            check(p.is_finite() && p >= 0.0, field, "a finite priority >= 0", p)?;
        }
        let rates = Rates::from_priorities(&[self.crossover, self.mutation, self.permutation]);
        let Some(rates) = rates else {
            return Err(InvalidParameter::new(
                "crossover",
                format!("{} + {} + {}", self.crossover, self.mutation, self.permutation),
                "priorities (crossover, mutation, permutation) with a positive sum",
            ));
        };
        check(
            self.consistent_set_size >= 1,
            "consistent_set_size",
            "at least 1",
            self.consistent_set_size,
        )?;
        check(
            self.stagnation_generations >= 1,
            "stagnation_generations",
            "at least 1",
            self.stagnation_generations,
        )?;
        let first =
            first_guess::resolve(game, self.first_guess.as_deref(), first_guess::knuth_style)?;
        Ok((first, rates))
    }

    /// Offspring per generation.
    pub(crate) fn replaced(&self) -> usize {
        replaced_count(self.population, self.replacement_rate)
    }
}

/// A validated Evo++ configuration for one game: builds a fresh [`EvoPlayer`] per game.
#[derive(Debug, Clone)]
pub struct EvoStrategy {
    game: Game,
    config: EvoConfig,
    first: Code,
    rates: Rates,
}

impl EvoStrategy {
    /// Validates `config` for `game`.
    pub fn new(game: Game, config: EvoConfig) -> Result<EvoStrategy, InvalidParameter> {
        let (first, rates) = config.validate(game)?;
        Ok(EvoStrategy { game, config, first, rates })
    }

    /// The game this strategy plays.
    pub fn game(&self) -> Game {
        self.game
    }

    /// A player with its concrete type (for its [`resets`](EvoPlayer::resets)).
    pub fn player(&self) -> EvoPlayer {
        EvoPlayer::new(self.game, self.config.clone(), self.first, self.rates.clone())
    }
}

impl Strategy for EvoStrategy {
    fn new_player(&self) -> Box<dyn Player> {
        Box::new(self.player())
    }
}
