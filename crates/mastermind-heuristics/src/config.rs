//! The user-facing configuration of a one-ply strategy, and its validation.

use mastermind_core::{Code, Game, InvalidParameter};
use serde::{Deserialize, Serialize};

/// What a candidate is scored by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Heuristic {
    /// Maximise the entropy of the part sizes.
    Entropy,
    /// Maximise the number of non-empty parts.
    MostParts,
    /// Minimise the expected part size, `sum s^2 / n`.
    ExpectedSize,
    /// Minimise the largest part.
    WorstCase,
    /// No score: a uniformly random candidate.
    Random,
    /// Maximise the local entropy of the candidate next to the guesses played (Runarsson &
    /// Merelo 2009, eq. 3); needs no partition.
    LocalEntropy,
}

/// Which codes may be played.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pool {
    /// Only codes consistent with every reply (the papers' choice).
    #[default]
    Consistent,
    /// Any code; among equally scored candidates a consistent one is preferred.
    AllPreferConsistent,
}

/// How equally scored candidates are broken.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ties {
    /// Uniformly at random (the papers' choice).
    #[default]
    Random,
    /// The first in code order (`AAAA` first): a deterministic strategy.
    First,
}

/// Which set a subset player partitions.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum PartitionOver {
    /// The subset itself: all an evolutionary algorithm holding the subset can do.
    #[default]
    Subset,
    /// The full consistent set.
    Full,
}

/// Restricts the candidates to a uniform random sample of at most `mu` consistent codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Subset {
    /// The most consistent codes sampled each turn.
    pub mu: u32,
    /// Which set the candidates are scored against.
    #[serde(default)]
    pub partition: PartitionOver,
}

/// A one-ply strategy as written in an experiment spec.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OnePlyConfig {
    /// The score to optimise.
    pub heuristic: Heuristic,
    /// The first guess as letters (`"AABC"`); none means: apply the heuristic to the whole set.
    #[serde(default)]
    pub first_guess: Option<String>,
    /// Which codes may be played.
    #[serde(default)]
    pub pool: Pool,
    /// How ties are broken.
    #[serde(default)]
    pub ties: Ties,
    /// Score only a random subset of the consistent set.
    #[serde(default)]
    pub subset: Option<Subset>,
}

impl OnePlyConfig {
    /// A config with the papers' defaults: consistent pool, random ties, no subset.
    pub fn new(heuristic: Heuristic) -> OnePlyConfig {
        OnePlyConfig {
            heuristic,
            first_guess: None,
            pool: Pool::default(),
            ties: Ties::default(),
            subset: None,
        }
    }

    /// The first guess parsed for `game`, after checking every field.
    pub(crate) fn validate(&self, game: Game) -> Result<Option<Code>, InvalidParameter> {
        if let Some(subset) = self.subset {
            if subset.mu == 0 {
                let allowed = "at least 1 (it is the most consistent codes scored per turn)";
                return Err(InvalidParameter::new("subset.mu", 0, allowed));
            }
            if self.heuristic == Heuristic::Random {
                let reason = "has no effect on the Random heuristic; remove it";
                return Err(InvalidParameter::refused("subset", "", reason));
            }
            if self.pool == Pool::AllPreferConsistent {
                let reason = "cannot be combined with subset (subsets hold consistent codes only)";
                return Err(InvalidParameter::refused("pool", "AllPreferConsistent", reason));
            }
        }
        self.first_guess
            .as_deref()
            .map(|text| {
                Code::parse(game, text)
                    .map_err(|e| InvalidParameter::refused("first_guess", text, e.to_string()))
            })
            .transpose()
    }
}
