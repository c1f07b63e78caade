//! The EDA of Runarsson & Merelo (2009, section 4, Table 3): an estimation of distribution algorithm
//! that plays the first consistent code it finds, with fitness `f` or `f_l`.
//!
//! Reading of the paper (it describes the algorithm in two sentences; the rest is documented here):
//!
//! - Population 200, replacement rate 0.5. Each generation the population is ranked by fitness
//!   (shuffled first, so that equal fitness is ordered at random), the best `(1 - rate) N` are kept,
//!   a univariate per-position model (the frequency of each colour at each position, plus an
//!   optional pseudo-count) is estimated on them, and `rate N` new codes sampled from it replace the
//!   rest. This is the standard EDA step, and what Algorithm::Evolutionary's `EDA_step` does.
//! - A colour that no kept individual has at a position is not given probability 0: as in
//!   `EDA_step` ("minimum to avoid stagnation"), it gets `min_probability` (0.05) beside the
//!   frequencies of the colours present (which sum to 1), and the wheel is renormalised. Without this
//!   floor the univariate model collapses onto the kept codes within a few generations and can no
//!   longer produce the missing colour: measured over the 1296 secrets of 4x6, 6-8% of games then hit
//!   the generation cap, against none with the floor.
//! - Fitness `f`: distance to consistency (lower is better). Fitness `f_l = s / (1 + f)` with `s` the
//!   [local entropy](mod@mastermind_core::local_entropy) (higher is better).
//! - As soon as the population holds consistent codes, the consistent one with the highest local
//!   entropy is played, ties broken uniformly at random. The first guess is `AABB` (generalised as
//!   [`pairs`](crate::first_guess::pairs)).
//! - The population is kept from one turn to the next and re-evaluated under the new reply.
//! - The paper has no generation cap. Here, as in Algorithm::MasterMind::EDA (the implementation the
//!   paper names), a search that runs `max_generations` (15) generations without a consistent code
//!   restarts from a fresh random population; restarts are counted per game
//!   ([`EdaPlayer::restarts`]). After `max_restarts` restarts in one turn the player gives up.
//! - `evaluations`: every individual whose fitness is computed, once per code per turn (see
//!   [`population`](crate::population)).

mod player;

pub use player::EdaPlayer;

use crate::error::check;
use crate::first_guess;
use crate::population::{check_generations, replaced_count};
use mastermind_core::InvalidParameter;
use mastermind_core::{Code, Game, Player, Strategy};
use serde::{Deserialize, Serialize};

/// Which fitness the EDA optimises.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EdaFitness {
    /// `f`: distance to consistency, minimised (the paper's "EDA+f").
    Distance,
    /// `f_l = s / (1 + f)`, maximised (the paper's "EDA+f_l").
    LocalEntropy,
}

/// The EDA as written in an experiment spec. Missing fields take the paper's values.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct EdaConfig {
    /// The fitness function.
    pub fitness: EdaFitness,
    /// Population size (paper: 200).
    pub population: u32,
    /// Share of the population resampled each generation (paper: 0.5).
    pub replacement_rate: f64,
    /// First guess as letters; none means [`pairs`](crate::first_guess::pairs) (`AABB` at 4 pegs).
    pub first_guess: Option<String>,
    /// Generations without a consistent code before the population restarts (not in the paper).
    pub max_generations: u32,
    /// Restarts in one turn before the player gives up.
    pub max_restarts: u32,
    /// Added to every colour count of the model (0 = plain frequencies).
    pub pseudo_count: f64,
    /// Probability weight of a colour absent at a position from the kept individuals, beside the
    /// present colours' frequencies (which sum to 1); 0.05 in Algorithm::Evolutionary's EDA step,
    /// 0 lets the model collapse.
    pub min_probability: f64,
}

impl Default for EdaConfig {
    fn default() -> Self {
        EdaConfig {
            fitness: EdaFitness::LocalEntropy,
            population: 200,
            replacement_rate: 0.5,
            first_guess: None,
            max_generations: 15,
            max_restarts: 1000,
            pseudo_count: 0.0,
            min_probability: 0.05,
        }
    }
}

impl EdaConfig {
    /// The paper's configuration with the given fitness.
    pub fn new(fitness: EdaFitness) -> EdaConfig {
        EdaConfig { fitness, ..EdaConfig::default() }
    }

    /// Checks every field for `game`; returns the first guess.
    pub fn validate(&self, game: Game) -> Result<Code, InvalidParameter> {
        check_generations(self.population, 4, "an integer in 4..=1000000", self.replacement_rate)?;
        check(self.max_generations >= 1, "max_generations", "at least 1", self.max_generations)?;
        check(
            self.pseudo_count.is_finite() && self.pseudo_count >= 0.0,
            "pseudo_count",
            "a finite number >= 0",
            self.pseudo_count,
        )?;
        check(
            self.min_probability.is_finite() && self.min_probability >= 0.0,
            "min_probability",
            "a finite number >= 0",
            self.min_probability,
        )?;
        first_guess::resolve(game, self.first_guess.as_deref(), first_guess::pairs)
    }

    /// Individuals resampled per generation.
    pub(crate) fn replaced(&self) -> usize {
        replaced_count(self.population, self.replacement_rate)
    }
}

/// A validated EDA configuration for one game: builds a fresh [`EdaPlayer`] per game.
#[derive(Debug, Clone)]
pub struct EdaStrategy {
    game: Game,
    config: EdaConfig,
    first: Code,
}

impl EdaStrategy {
    /// Validates `config` for `game`.
    pub fn new(game: Game, config: EdaConfig) -> Result<EdaStrategy, InvalidParameter> {
        let first = config.validate(game)?;
        Ok(EdaStrategy { game, config, first })
    }

    /// The game this strategy plays.
    pub fn game(&self) -> Game {
        self.game
    }

    /// A player with its concrete type (for its [`restarts`](EdaPlayer::restarts)).
    pub fn player(&self) -> EdaPlayer {
        EdaPlayer::new(self.config.clone(), self.first)
    }
}

impl Strategy for EdaStrategy {
    fn new_player(&self) -> Box<dyn Player> {
        Box::new(self.player())
    }
}
