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

/// How a Random player comes to its uniformly random consistent code: both give the same
/// distribution of games, and count the work differently.
///
/// Temporel & Kovacs's slides list "at random (Rosu)" among the ways of "selecting potential
/// guesses to score against our last guess": potential guesses are drawn at random and one is
/// played only when it scores like the earlier guesses ("If NPG does not score the same as
/// previous guesses go to (2)"). Its cost is the number of draws until a consistent one. The
/// papers' other random players keep the list of consistent codes and draw from it, and examine
/// the codes the list's filter checks.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Draws {
    /// (Default.) Draw from the consistent codes kept from turn to turn (the filter's checks are
    /// the evaluations).
    #[default]
    FromConsistentSet,
    /// Rosu's method: draw codes of the whole game uniformly, each checked against every reply
    /// (one evaluation a draw), until one is consistent.
    UntilConsistent,
}

impl Draws {
    /// Whether this is the default, a draw from the kept consistent set (left out when a config
    /// is written).
    pub fn is_from_consistent_set(&self) -> bool {
        *self == Draws::FromConsistentSet
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

/// A one-ply strategy as written in an experiment spec: its parameters, then the readings of what
/// the papers leave open.
///
/// A spec writes the readings inside `readings: (...)` (`OnePly((heuristic: ExpectedSize,
/// readings: (prior: Pooled)))`); a spec written before they were grouped gives `prior` beside the
/// parameters, which is still read (never written), unless `readings` is given too. The fields
/// stay flat here, where the strategy-tree builder reads them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "wire::OnePlyWire", into = "wire::OnePlyWire")]
pub struct OnePlyConfig {
    /// The score to optimise.
    pub heuristic: Heuristic,
    /// The first guess as letters (`"AABC"`); none means: apply the heuristic to the whole set.
    pub first_guess: Option<String>,
    /// Which codes may be played.
    pub pool: Pool,
    /// How ties are broken.
    pub ties: Ties,
    /// Score only a random subset of the consistent set.
    pub subset: Option<Subset>,
    /// Reading: the prior of the Expected size heuristic (refused with any other heuristic).
    pub prior: Prior,
    /// Reading: how the Random heuristic draws its code (refused with any other heuristic).
    pub draws: Draws,
}

/// The configuration as RON and JSON write it: the parameters, the readings grouped, and
/// `prior` where a spec wrote it before the readings were grouped (read, never written).
mod wire {
    use super::{Draws, Heuristic, OnePlyConfig, Pool, Prior, Subset, Ties};
    use serde::{Deserialize, Serialize};

    /// The readings of a one-ply player.
    #[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields, default)]
    pub(super) struct OnePlyReadings {
        #[serde(skip_serializing_if = "Prior::is_own_parts")]
        prior: Prior,
        #[serde(skip_serializing_if = "Draws::is_from_consistent_set")]
        draws: Draws,
    }

    impl OnePlyReadings {
        fn is_default(&self) -> bool {
            *self == OnePlyReadings::default()
        }
    }

    #[derive(Serialize, Deserialize)]
    #[serde(rename = "OnePlyConfig", deny_unknown_fields)]
    pub(super) struct OnePlyWire {
        heuristic: Heuristic,
        #[serde(default)]
        first_guess: Option<String>,
        #[serde(default)]
        pool: Pool,
        #[serde(default)]
        ties: Ties,
        #[serde(default)]
        subset: Option<Subset>,
        #[serde(default, skip_serializing_if = "OnePlyReadings::is_default")]
        readings: OnePlyReadings,
        #[serde(default, skip_serializing, deserialize_with = "given")]
        prior: Option<Prior>,
    }

    /// A field written before the readings were grouped: its bare value, read as given
    /// (RON would otherwise ask for `Some(...)` around it).
    fn given<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(
        d: D,
    ) -> Result<Option<T>, D::Error> {
        T::deserialize(d).map(Some)
    }

    impl From<OnePlyConfig> for OnePlyWire {
        fn from(c: OnePlyConfig) -> OnePlyWire {
            OnePlyWire {
                heuristic: c.heuristic,
                first_guess: c.first_guess,
                pool: c.pool,
                ties: c.ties,
                subset: c.subset,
                readings: OnePlyReadings { prior: c.prior, draws: c.draws },
                prior: None,
            }
        }
    }

    impl TryFrom<OnePlyWire> for OnePlyConfig {
        type Error = String;

        fn try_from(w: OnePlyWire) -> Result<OnePlyConfig, String> {
            if w.prior.is_some() && !w.readings.is_default() {
                return Err("`prior` stands beside `readings`: write every reading inside \
                            `readings: (...)`"
                    .to_owned());
            }
            Ok(OnePlyConfig {
                heuristic: w.heuristic,
                first_guess: w.first_guess,
                pool: w.pool,
                ties: w.ties,
                subset: w.subset,
                prior: w.prior.unwrap_or(w.readings.prior),
                draws: w.readings.draws,
            })
        }
    }
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
            draws: Draws::default(),
        }
    }

    /// The first guess parsed for `game`, after checking every field.
    pub(crate) fn validate(&self, game: Game) -> Result<Option<Code>, InvalidParameter> {
        if self.prior == Prior::Pooled && self.heuristic != Heuristic::ExpectedSize {
            let reason = "only the ExpectedSize heuristic weighs its parts by a prior; remove it";
            return Err(InvalidParameter::refused("readings.prior", "Pooled", reason));
        }
        if self.draws == Draws::UntilConsistent && self.heuristic != Heuristic::Random {
            let reason = "only the Random heuristic draws its code; remove it";
            return Err(InvalidParameter::refused("readings.draws", "UntilConsistent", reason));
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
