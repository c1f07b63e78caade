//! The scores behind a suggestion: how each candidate would split the codes still possible.
//!
//! Candidates are the codes still possible, plus every other code when the player may play any
//! code and the work stays small. Before the first reply every code is a relabelling of one with
//! its colours in order of first use and its repeated colours first (`AABC`, not `CABA`), so only
//! those are scored.

use mastermind_core::{Code, CodeSet, Game, PackedCodes, PartitionCounter, PartitionStats};
use mastermind_players::families::one_ply::{Heuristic, Pool};
use std::cmp::Ordering;

/// The most candidate-times-possible-code scores worth spending on an explanation.
const SCORE_BUDGET: u64 = 1 << 27;

/// A candidate and how it splits the possible codes.
#[derive(Debug, Clone, Copy)]
pub struct Scored {
    /// The candidate.
    pub code: Code,
    /// Whether it is itself still possible (it might win now).
    pub possible: bool,
    /// Its partition of the possible codes.
    pub stats: PartitionStats,
}

/// The scored candidates, best first under `heuristic`, and a note on what was left out.
pub fn score_candidates(
    game: Game,
    started: bool,
    possible: &[Code],
    pool: Pool,
    heuristic: Heuristic,
) -> (Vec<Scored>, Option<String>) {
    let mut note = None;
    let candidates: Vec<Code> = if !started {
        note = Some("before any reply, one code per pattern of repeated colours".to_string());
        CodeSet::enumerate(game)
            .map(|all| all.iter().copied().filter(is_pattern_representative).collect())
            .unwrap_or_default()
    } else if pool == Pool::AllPreferConsistent {
        let size = game.size().unwrap_or(u64::MAX);
        if size.saturating_mul(possible.len() as u64) <= SCORE_BUDGET {
            CodeSet::enumerate(game).map(|all| all.to_vec()).unwrap_or_default()
        } else {
            note = Some(format!(
                "only the possible codes are scored; all {size} codes would take too long"
            ));
            possible.to_vec()
        }
    } else {
        possible.to_vec()
    };
    let mut counter = PartitionCounter::new(game);
    let packed = PackedCodes::new(game, possible);
    let mut scored: Vec<Scored> = candidates
        .iter()
        .map(|code| {
            let stats = match &packed {
                Some(packed) => counter.stats_packed(code, packed),
                None => counter.stats(code, possible),
            };
            Scored { code: *code, possible: possible.binary_search(code).is_ok(), stats }
        })
        .collect();
    scored.sort_by(|a, b| better(heuristic, a, b));
    (scored, note)
}

/// Orders candidates best first: by the heuristic (entropy when the heuristic scores nothing),
/// then possible codes first, then code order.
fn better(heuristic: Heuristic, a: &Scored, b: &Scored) -> Ordering {
    let by_score = match heuristic {
        Heuristic::MostParts => b.stats.parts.cmp(&a.stats.parts),
        Heuristic::ExpectedSize => a.stats.sum_squares.cmp(&b.stats.sum_squares),
        Heuristic::WorstCase => a.stats.largest.cmp(&b.stats.largest),
        Heuristic::Entropy | Heuristic::Random | Heuristic::LocalEntropy => {
            let diff = a.stats.sum_xlogx - b.stats.sum_xlogx;
            if diff.abs() < mastermind_core::partition::ENTROPY_TOLERANCE {
                Ordering::Equal
            } else {
                diff.total_cmp(&0.0)
            }
        }
    };
    by_score.then(b.possible.cmp(&a.possible)).then(a.code.cmp(&b.code))
}

/// Whether `code` uses its colours in order of first use (`A` first, then `B`, ...) with the
/// counts of its colours not increasing (`AABC`, `AAAB`, `ABCD`; not `ABAC` nor `ABBC`).
fn is_pattern_representative(code: &Code) -> bool {
    let colours: Vec<u8> = code.colours().collect();
    let mut counts: Vec<usize> = Vec::new();
    for (i, &c) in colours.iter().enumerate() {
        let c = usize::from(c);
        match c.cmp(&counts.len()) {
            Ordering::Less => {
                // A repeat must extend the block of its colour.
                if i == 0 || usize::from(colours[i - 1]) != c {
                    return false;
                }
                counts[c] += 1;
            }
            Ordering::Equal => counts.push(1),
            Ordering::Greater => return false,
        }
    }
    counts.windows(2).all(|w| w[0] >= w[1])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_representative_per_pattern() {
        let count = |pegs, colours| {
            let game = Game::new(pegs, colours).unwrap();
            CodeSet::enumerate(game)
                .unwrap()
                .iter()
                .filter(|c| is_pattern_representative(c))
                .count()
        };
        // The partitions of 4 (AAAA AAAB AABB AABC ABCD) and of 5 into at most 8 parts.
        assert_eq!(count(4, 6), 5);
        assert_eq!(count(5, 8), 7);
        assert_eq!(count(4, 3), 4);
    }

    #[test]
    fn the_first_guess_of_4x6_by_worst_case_is_aabb() {
        let game = Game::CLASSIC;
        let all = CodeSet::enumerate(game).unwrap().to_vec();
        let (scored, note) =
            score_candidates(game, false, &all, Pool::AllPreferConsistent, Heuristic::WorstCase);
        assert!(note.is_some());
        assert_eq!(scored.len(), 5);
        assert_eq!(scored[0].code.to_string(), "AABB");
        assert_eq!(scored[0].stats.largest, 256);
        let (scored, _) =
            score_candidates(game, false, &all, Pool::Consistent, Heuristic::MostParts);
        assert_eq!((scored[0].code.to_string(), scored[0].stats.parts), ("AABC".to_string(), 14));
    }
}
