//! Snyder's Table 1: the exact expected share of the code set left after the first guess, by the
//! guess's colour pattern (`2,1,1`, `1,1,1,1`, `2,2`, `3,1`, `4` for 4 pegs).
//!
//! A colour pattern is an integer partition of the peg count into at most `colours` parts (how many
//! pegs share each colour). The share is invariant under permuting colours and positions, so one
//! representative code per pattern (`AABC` for `2,1,1`) gives the pattern's value, computed by
//! [`mastermind_core::analysis::expected_share_left`]: `sum over replies of (part size / n)^2`.

use crate::error::ImportanceError;
use mastermind_core::analysis::expected_share_left;
use mastermind_core::{Code, CodeSet, Game};
use serde::{Deserialize, Serialize};
use std::fmt;

/// How many pegs share each colour of a code, largest first (`[2, 1, 1]` for `AABC`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ColourPattern(pub Vec<u8>);

impl ColourPattern {
    /// The pattern of `code`.
    pub fn of(code: &Code) -> ColourPattern {
        let mut counts = [0u8; 26];
        for c in code.colours() {
            counts[usize::from(c)] += 1;
        }
        let mut parts: Vec<u8> = counts.into_iter().filter(|&n| n > 0).collect();
        parts.sort_unstable_by(|a, b| b.cmp(a));
        ColourPattern(parts)
    }

    /// Number of distinct colours (parts).
    pub fn distinct_colours(&self) -> usize {
        self.0.len()
    }

    /// The representative code: colour 0 on the first `parts[0]` pegs, colour 1 on the next
    /// `parts[1]`, and so on (`AABC` for `2,1,1`).
    pub fn representative(&self, game: Game) -> Result<Code, ImportanceError> {
        let colours: Vec<u8> = self
            .0
            .iter()
            .enumerate()
            .flat_map(|(colour, &n)| std::iter::repeat_n(colour as u8, usize::from(n)))
            .collect();
        Ok(Code::from_colours(game, &colours)?)
    }

    /// How many codes of `game` have this pattern:
    /// `pegs! / prod parts! x colours! / (colours - d)! / prod (multiplicity of equal parts)!`.
    pub fn code_count(&self, game: Game) -> u128 {
        let factorial = |n: u128| (1..=n).product::<u128>();
        let d = self.0.len() as u128;
        let colours = u128::from(game.colours());
        if d > colours {
            return 0;
        }
        let arrangements = factorial(u128::from(game.pegs()))
            / self.0.iter().map(|&p| factorial(u128::from(p))).product::<u128>();
        let falling = (0..d).map(|i| colours - i).product::<u128>();
        let equal_parts: u128 =
            self.0.chunk_by(|a, b| a == b).map(|run| factorial(run.len() as u128)).product();
        arrangements * falling / equal_parts
    }

    /// Every pattern of `game`: the partitions of `pegs` into at most `colours` parts, in reverse
    /// lexicographic order (`4`, `3,1`, `2,2`, `2,1,1`, `1,1,1,1`).
    pub fn all(game: Game) -> Vec<ColourPattern> {
        fn extend(
            left: u8,
            max_part: u8,
            parts_left: u8,
            prefix: &mut Vec<u8>,
            out: &mut Vec<ColourPattern>,
        ) {
            if left == 0 {
                out.push(ColourPattern(prefix.clone()));
                return;
            }
            if parts_left == 0 {
                return;
            }
            for part in (1..=max_part.min(left)).rev() {
                prefix.push(part);
                extend(left - part, part, parts_left - 1, prefix, out);
                prefix.pop();
            }
        }
        let mut out = Vec::new();
        extend(game.pegs(), game.pegs(), game.colours(), &mut Vec::new(), &mut out);
        out
    }
}

impl fmt::Display for ColourPattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.0.iter().map(u8::to_string).collect();
        write!(f, "{}", parts.join(","))
    }
}

/// One row of Table 1.
#[derive(Debug, Clone, PartialEq)]
pub struct PatternShare {
    /// The colour pattern of the first guess.
    pub pattern: ColourPattern,
    /// The code whose partition was computed.
    pub representative: Code,
    /// Codes with this pattern.
    pub codes: u64,
    /// Expected share of the code set still consistent after playing it first:
    /// `sum over replies of (part size / n)^2`.
    pub expected_share: f64,
}

/// Table 1 for `game`: one row per colour pattern, best (smallest expected share) first, as the
/// thesis prints it. Errors when the code space is too large to enumerate.
pub fn first_guess_table(game: Game) -> Result<Vec<PatternShare>, ImportanceError> {
    let set = CodeSet::enumerate(game)?;
    first_guess_table_of(&set)
}

/// Table 1 over an already enumerated code set.
#[allow(clippy::disallowed_methods)] // An exact analysis of first guesses, not a player's search.
pub fn first_guess_table_of(set: &CodeSet) -> Result<Vec<PatternShare>, ImportanceError> {
    let game = set.game();
    let mut rows = ColourPattern::all(game)
        .into_iter()
        .map(|pattern| {
            let representative = pattern.representative(game)?;
            Ok(PatternShare {
                codes: pattern.code_count(game) as u64,
                expected_share: expected_share_left(set, &representative),
                representative,
                pattern,
            })
        })
        .collect::<Result<Vec<_>, ImportanceError>>()?;
    rows.sort_by(|a, b| a.expected_share.total_cmp(&b.expected_share));
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_of_four_pegs() {
        let names: Vec<String> =
            ColourPattern::all(Game::CLASSIC).iter().map(ToString::to_string).collect();
        assert_eq!(names, ["4", "3,1", "2,2", "2,1,1", "1,1,1,1"]);
        // Three colours leave out the four-colour pattern.
        assert_eq!(ColourPattern::all(Game::new(4, 3).unwrap()).len(), 4);
        let p = ColourPattern(vec![2, 1, 1]);
        assert_eq!(p.representative(Game::CLASSIC).unwrap().to_string(), "AABC");
        assert_eq!(ColourPattern::of(&Code::parse(Game::CLASSIC, "CBCA").unwrap()), p);
    }

    #[test]
    fn pattern_counts_add_up_and_match_enumeration() {
        for (pegs, colours) in [(4, 6), (4, 3), (5, 8), (3, 2), (6, 4)] {
            let game = Game::new(pegs, colours).unwrap();
            let set = CodeSet::enumerate(game).unwrap();
            for pattern in ColourPattern::all(game) {
                let counted = set.iter().filter(|c| ColourPattern::of(c) == pattern).count();
                assert_eq!(pattern.code_count(game), counted as u128, "{game} {pattern}");
            }
        }
    }
}
