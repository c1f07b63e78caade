//! The turns of a game so far, and what they say about a candidate code.

use crate::code::Code;
use crate::feedback::Feedback;
use crate::game::Game;
use crate::score::score;

/// One played guess and the reply it received.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turn {
    /// The combination played.
    pub guess: Code,
    /// The codemaker's reply.
    pub feedback: Feedback,
}

/// The turns of one game, in the order played.
#[derive(Debug, Clone)]
pub struct History {
    game: Game,
    turns: Vec<Turn>,
}

impl History {
    /// An empty history for `game`.
    pub fn new(game: Game) -> History {
        History { game, turns: Vec::new() }
    }

    /// The game being played.
    pub fn game(&self) -> Game {
        self.game
    }

    /// The turns so far, first first.
    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// Number of turns played.
    pub fn len(&self) -> usize {
        self.turns.len()
    }

    /// Whether no turn has been played yet.
    pub fn is_empty(&self) -> bool {
        self.turns.is_empty()
    }

    /// The latest turn, if any.
    pub fn last(&self) -> Option<&Turn> {
        self.turns.last()
    }

    /// Records a turn.
    pub fn push(&mut self, guess: Code, feedback: Feedback) {
        self.turns.push(Turn { guess, feedback });
    }

    /// Whether `code` could be the secret: it would have received every reply recorded so far.
    /// Returns the verdict and the number of feedback computations it took (it stops at the first
    /// mismatch, latest turn first, since the latest reply is the most selective).
    pub fn check_consistent(&self, code: &Code) -> (bool, u64) {
        let mut calls = 0;
        for turn in self.turns.iter().rev() {
            calls += 1;
            if score(&turn.guess, code) != turn.feedback {
                return (false, calls);
            }
        }
        (true, calls)
    }

    /// Whether `code` is consistent with every turn.
    pub fn is_consistent(&self, code: &Code) -> bool {
        self.check_consistent(code).0
    }

    /// Distance to consistency, as the evolutionary papers define it: the sum over turns of
    /// `|black difference| + |white difference|` between the recorded reply and the reply the
    /// turn's guess would get if `code` were the secret. Zero exactly when `code` is consistent.
    pub fn distance(&self, code: &Code) -> u32 {
        self.turns
            .iter()
            .map(|turn| {
                let would = score(&turn.guess, code);
                u32::from(would.black.abs_diff(turn.feedback.black))
                    + u32::from(would.white.abs_diff(turn.feedback.white))
            })
            .sum()
    }

    /// Keeps only the codes consistent with the latest turn (the others are assumed to have been
    /// filtered already); returns how many codes were scored.
    pub fn retain_consistent_with_last(&self, codes: &mut Vec<Code>) -> u64 {
        let Some(last) = self.last() else { return 0 };
        let scored = codes.len() as u64;
        let target = last.feedback.index();
        codes.retain(|c| crate::score::score_index(&last.guess, c) == target);
        scored
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CodeSet;

    #[test]
    fn consistency_and_distance() {
        let g = Game::CLASSIC;
        let code = |s: &str| Code::parse(g, s).unwrap();
        let secret = code("ABCD");
        let mut h = History::new(g);
        h.push(code("AABB"), score(&secret, &code("AABB")));
        h.push(code("CDEF"), score(&secret, &code("CDEF")));
        assert!(h.is_consistent(&secret));
        assert_eq!(h.distance(&secret), 0);
        // AABB vs AABB would be 4B0W (recorded 1B1W: distance 3 + 1) and CDEF vs AABB 0B0W
        // (recorded 0B2W: distance 2).
        assert_eq!(h.distance(&code("AABB")), 6);
        assert!(!h.is_consistent(&code("AABB")));

        let all = CodeSet::enumerate(g).unwrap();
        let mut filtered = all.to_vec();
        let mut partial = History::new(g);
        for t in h.turns() {
            partial.push(t.guess, t.feedback);
            partial.retain_consistent_with_last(&mut filtered);
        }
        let brute: Vec<Code> = all.iter().copied().filter(|c| h.is_consistent(c)).collect();
        assert_eq!(filtered, brute);
        assert!(brute.iter().all(|c| h.distance(c) == 0));
    }
}
