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

/// The prior probability of each reply that the Expected size heuristic weighs part sizes by.
///
/// Runarsson & Merelo (2009) cite Irving for *expected size* and define it no further (Table 2,
/// section 3: "the expected case is used instead of the worst case"). Irving's expected size gives
/// each reply the probability of its own part, `s / n`, so the score is `sum s^2 / n`. The
/// co-authors' later paper (Merelo, Mora, Runarsson & Cotta, section II, strategy 2) writes the
/// average-case partition as `sum_bw p_bw Xi_ibw` with one prior for every candidate, "for instance
/// `p_bw = sum_i Xi_ibw / sum_ibw Xi_ibw`": the replies' frequencies pooled over the partitions of
/// all the candidates scored.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Prior {
    /// Each candidate's own parts: a reply is as likely as its part's share of the scored set
    /// (Irving's expected size, `sum s^2 / n`; the default).
    #[default]
    OwnParts,
    /// One prior for every candidate of the turn: the share of a reply among all the partitions
    /// of the candidates scored (Merelo et al., section II).
    Pooled,
}

impl Prior {
    /// Whether this is the default, own-parts prior (left out when a config is written).
    pub fn is_own_parts(&self) -> bool {
        *self == Prior::OwnParts
    }
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
    /// The prior of the Expected size heuristic (refused with any other heuristic).
    #[serde(default, skip_serializing_if = "Prior::is_own_parts")]
    pub prior: Prior,
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
            prior: Prior::default(),
        }
    }

    /// The first guess parsed for `game`, after checking every field.
    pub(crate) fn validate(&self, game: Game) -> Result<Option<Code>, InvalidParameter> {
        if self.prior == Prior::Pooled && self.heuristic != Heuristic::ExpectedSize {
            let reason = "only the ExpectedSize heuristic weighs its parts by a prior; remove it";
            return Err(InvalidParameter::refused("prior", "Pooled", reason));
        }
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
