//! Which one-ply configurations have a strategy tree, and why the others do not.

use mastermind_core::words::Word;
use mastermind_core::{Code, Game, GameError, InvalidParameter};
use mastermind_heuristics::{Heuristic, OnePlyConfig, Pool, Prior, Ties};
use thiserror::Error;

/// Why a tree (or a guess) could not be built.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BuildError {
    /// A field of the configuration has no strategy tree (a random heuristic or tie rule, a
    /// subset, LocalEntropy over all codes, a first guess that is not a code of the game).
    #[error(transparent)]
    Parameter(#[from] InvalidParameter),
    /// The game cannot be enumerated.
    #[error(transparent)]
    Game(GameError),
    /// The game's codes do not fit the builder's 128-bit words.
    #[error(
        "the {game} game is too wide for the tree builder (pegs x colours must be at most 128)"
    )]
    WideGame {
        /// The game.
        game: Game,
    },
    /// The history belongs to another game.
    #[error("the history is of the {history} game, the strategy of the {game} game")]
    HistoryGame {
        /// The history's game.
        history: Game,
        /// The strategy's game.
        game: Game,
    },
    /// No code agrees with every reply of the history.
    #[error("no code is consistent with the replies")]
    NoConsistentCode,
}

/// A validated deterministic configuration.
#[derive(Debug, Clone)]
pub(crate) struct Rule {
    pub heuristic: Heuristic,
    pub pool: Pool,
    pub first_guess: Option<Code>,
}

impl Rule {
    /// Checks that `config` is deterministic and fits the builder for `game`.
    pub fn new(game: Game, config: &OnePlyConfig) -> Result<Rule, BuildError> {
        let refused = |field: &str, value: String, reason: &str| {
            Err(BuildError::Parameter(InvalidParameter::refused(field, value, reason)))
        };
        match config.heuristic {
            Heuristic::Entropy
            | Heuristic::MostParts
            | Heuristic::ExpectedSize
            | Heuristic::WorstCase => {}
            Heuristic::LocalEntropy if config.pool == Pool::Consistent => {}
            Heuristic::LocalEntropy => {
                let reason = "LocalEntropy needs pool: Consistent (over all codes it scores no \
                              partition and may replay a code that teaches nothing, so the game \
                              need not end)";
                return refused("pool", format!("{:?}", config.pool), reason);
            }
            other => {
                let reason = "a strategy tree needs Entropy, MostParts, ExpectedSize, WorstCase \
                              or LocalEntropy (this heuristic draws from a random stream)";
                return refused("heuristic", format!("{other:?}"), reason);
            }
        }
        if config.ties != Ties::First {
            let reason =
                "a strategy tree needs ties: First (Random ties draw from a random stream)";
            return refused("ties", format!("{:?}", config.ties), reason);
        }
        if config.prior == Prior::Pooled {
            let reason = "a strategy tree scores each candidate by its own partition (its bounds \
                          and early exits rely on it); the pooled prior weighs every candidate by \
                          all the others' partitions, so play it as a OnePly player";
            return refused("prior", "Pooled".to_string(), reason);
        }
        if config.subset.is_some() {
            let reason = "a strategy tree scores the whole consistent set (a subset is drawn at \
                          random); remove it";
            return refused("subset", String::new(), reason);
        }
        if !u128::fits(game) {
            return Err(BuildError::WideGame { game });
        }
        let first_guess = config
            .first_guess
            .as_deref()
            .map(|text| {
                Code::parse(game, text)
                    .map_err(|e| InvalidParameter::refused("first_guess", text, e.to_string()))
            })
            .transpose()?;
        Ok(Rule { heuristic: config.heuristic, pool: config.pool, first_guess })
    }
}
