//! Named deterministic players, shared by the lab's specs and the command line.
//!
//! Each preset is a one-ply configuration with `ties: First`. The first-guess rule is the same for
//! every preset and every game: none, so the heuristic chooses the first guess too (the root is
//! cheap to score: only the sorted codes with non-increasing colour runs differ there, five at
//! 4x6). At 4x6 this rule picks the first guesses of the published strategies, and the all-codes
//! presets reproduce the published totals (each variant says which). To compare with a program
//! that fixes another first guess, set `first_guess` in the returned configuration.
use mastermind_core::Game;
use mastermind_heuristics::{Heuristic, OnePlyConfig, Pool, Ties};

/// A named deterministic one-ply player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Preset {
    /// Knuth (1977): the smallest largest part over all codes, consistent codes preferred on
    /// ties, then the first in code order. Chooses AABB first at 4x6 and reproduces Knuth's 5801
    /// guesses (at most 5); with AABBC first at 5x8, mikemag's 183775 (at most 7).
    Knuth,
    /// Irving (1979): the smallest expected part size over all codes, consistent preferred.
    /// Chooses AABC first at 4x6 and reproduces Irving's 5696 guesses. With AABB first it gives
    /// mikemag's 5764 (at most 5); at 5x8 with AABBC 180200, where mikemag records 180215 (it
    /// rounds expected sizes to six decimals in single precision, so its ties differ).
    Irving,
    /// Kooi (2005): the most parts over all codes, consistent preferred. Chooses AABC first at
    /// 4x6 and reproduces Kooi's and mikemag's 5668 guesses; with AABBC first at 5x8, mikemag's
    /// 181834 (at most 8).
    Kooi,
    /// The largest partition entropy over all codes, consistent preferred (exact ties, as the
    /// player breaks them). Chooses ABCD first at 4x6 and reproduces Neuwirth's 5722 guesses.
    /// With AABC first it gives 5680 and at 5x8 with AABBC 179704, where mikemag records 5683
    /// and 179751 (single-precision entropies rounded to nine digits: different ties).
    EntropyAll,
    /// Knuth's worst-case rule over the consistent codes only (no published total to compare
    /// with; at 4x6 it chooses AABB first and totals 5828, at most 6).
    WorstCaseConsistent,
    /// Irving's expected-size rule over the consistent codes only (at 4x6: AABC first, 5722, at
    /// most 6; no published total).
    ExpectedSizeConsistent,
    /// Kooi's most-parts rule over the consistent codes only (at 4x6: AABC first, 5701, at most
    /// 7; no published total).
    MostPartsConsistent,
    /// The entropy rule over the consistent codes only (at 4x6: ABCD first, 5786, at most 6; no
    /// published total).
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

    /// The one-ply configuration of the preset for `game`: no fixed first guess (see the module
    /// documentation), the same for every game.
    pub fn config(self, _game: Game) -> OnePlyConfig {
        OnePlyConfig {
            first_guess: None,
            pool: self.pool(),
            ties: Ties::First,
            ..OnePlyConfig::new(self.heuristic())
        }
    }
}

impl std::fmt::Display for Preset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
