//! Named deterministic players, shared by the lab's specs and the command line.
//!
//! Each preset is a one-ply configuration with `ties: First`. Its first guess follows one rule for
//! every game: the first guess of the published 4x6 strategy where the preset reproduces one
//! (listed on each variant), and otherwise none, so that the heuristic also chooses the first
//! guess (the root is cheap to score: at 4x6 only five classes of codes differ). At 4x6 that rule
//! gives the published first guesses anyway, except where a variant says otherwise.

use mastermind_core::Game;
use mastermind_heuristics::{Heuristic, OnePlyConfig, Pool, Ties};

/// A named deterministic one-ply player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Preset {
    /// Knuth (1977): the smallest largest part over all codes, consistent codes preferred on
    /// ties, then the first in code order; first guess AABB at 4x6. Reproduces Knuth's 5801
    /// guesses (at most 5) over the 1296 secrets.
    Knuth,
    /// Irving (1979): the smallest expected part size over all codes, consistent preferred.
    Irving,
    /// Kooi (2005): the most parts over all codes, consistent preferred; first guess AABC at 4x6.
    /// Reproduces 5668 guesses (mikemag's Most parts).
    Kooi,
    /// The largest partition entropy over all codes, consistent preferred.
    EntropyAll,
    /// Knuth's worst-case rule over the consistent codes only.
    WorstCaseConsistent,
    /// Irving's expected-size rule over the consistent codes only.
    ExpectedSizeConsistent,
    /// Kooi's most-parts rule over the consistent codes only.
    MostPartsConsistent,
    /// The entropy rule over the consistent codes only.
    EntropyConsistent,
}

impl Preset {
    /// Every preset, all-codes players first.
    pub const ALL: [Preset; 8] = [
        Preset::Knuth,
        Preset::Irving,
        Preset::Kooi,
        Preset::EntropyAll,
        Preset::WorstCaseConsistent,
        Preset::ExpectedSizeConsistent,
        Preset::MostPartsConsistent,
        Preset::EntropyConsistent,
    ];

    /// The preset's name in kebab-case (`knuth`, `most-parts-consistent`).
    pub fn name(self) -> &'static str {
        match self {
            Preset::Knuth => "knuth",
            Preset::Irving => "irving",
            Preset::Kooi => "kooi",
            Preset::EntropyAll => "entropy-all",
            Preset::WorstCaseConsistent => "worst-case-consistent",
            Preset::ExpectedSizeConsistent => "expected-size-consistent",
            Preset::MostPartsConsistent => "most-parts-consistent",
            Preset::EntropyConsistent => "entropy-consistent",
        }
    }

    /// The preset named `name` (as [`name`](Self::name) spells it, case-insensitive).
    pub fn from_name(name: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.name().eq_ignore_ascii_case(name.trim()))
    }

    /// The heuristic the preset optimises.
    pub fn heuristic(self) -> Heuristic {
        match self {
            Preset::Knuth | Preset::WorstCaseConsistent => Heuristic::WorstCase,
            Preset::Irving | Preset::ExpectedSizeConsistent => Heuristic::ExpectedSize,
            Preset::Kooi | Preset::MostPartsConsistent => Heuristic::MostParts,
            Preset::EntropyAll | Preset::EntropyConsistent => Heuristic::Entropy,
        }
    }

    /// The candidate pool.
    pub fn pool(self) -> Pool {
        match self {
            Preset::Knuth | Preset::Irving | Preset::Kooi | Preset::EntropyAll => {
                Pool::AllPreferConsistent
            }
            _ => Pool::Consistent,
        }
    }

    /// The one-ply configuration of the preset for `game` (see the module documentation for the
    /// first guess).
    pub fn config(self, game: Game) -> OnePlyConfig {
        OnePlyConfig {
            heuristic: self.heuristic(),
            first_guess: self.first_guess(game).map(str::to_owned),
            pool: self.pool(),
            ties: Ties::First,
            subset: None,
        }
    }

    /// The fixed first guess at `game`, if the preset has one there.
    pub fn first_guess(self, game: Game) -> Option<&'static str> {
        let _ = game;
        None
    }
}

impl std::fmt::Display for Preset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
