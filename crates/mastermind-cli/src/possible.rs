//! The codes still possible: every code of the game consistent with the replies so far.
//!
//! Kept apart from the players so that a wrong reply is caught the same way whoever plays, and so
//! that a count can be shown beside every guess.

use mastermind_core::{Code, CodeSet, Feedback, Game, History};

/// The most codes enumerated to track the possible set (32 bytes each: 128 MiB).
pub const ENUMERATION_LIMIT: u64 = 1 << 22;

/// The codes consistent with a history, or nothing when the game is too large to list.
#[derive(Debug, Clone)]
pub struct Possible {
    codes: Option<Vec<Code>>,
}

impl Possible {
    /// Every code of `game` (none tracked when there are more than [`ENUMERATION_LIMIT`]).
    pub fn all(game: Game) -> Possible {
        let codes = CodeSet::enumerate_within(game, ENUMERATION_LIMIT).ok().map(|set| set.to_vec());
        Possible { codes }
    }

    /// The codes consistent with every turn of `history`.
    pub fn after_history(history: &History) -> Possible {
        let mut possible = Possible::all(history.game());
        for turn in history.turns() {
            possible = possible.after(turn.guess, turn.feedback);
        }
        possible
    }

    /// The codes of this set that give `reply` to `guess`.
    pub fn after(&self, guess: Code, reply: Feedback) -> Possible {
        let codes = self.codes.as_ref().map(|codes| {
            codes.iter().copied().filter(|c| mastermind_core::score(c, &guess) == reply).collect()
        });
        Possible { codes }
    }

    /// The codes, in code order, when the game is small enough to list them.
    pub fn codes(&self) -> Option<&[Code]> {
        self.codes.as_deref()
    }

    /// How many codes are possible, when known.
    pub fn count(&self) -> Option<usize> {
        self.codes.as_ref().map(Vec::len)
    }

    /// Whether the set is known to be empty: the replies contradict each other.
    pub fn is_empty(&self) -> bool {
        self.count() == Some(0)
    }
}

/// The first turn of `history` after which no code is possible, if any (0-based).
pub fn first_contradiction(history: &History) -> Option<usize> {
    let mut possible = Possible::all(history.game());
    for (i, turn) in history.turns().iter().enumerate() {
        possible = possible.after(turn.guess, turn.feedback);
        if possible.is_empty() {
            return Some(i);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_shrink_with_replies_and_contradictions_are_found() {
        let g = Game::CLASSIC;
        let code = |s| Code::parse(g, s).unwrap();
        let mut history = History::new(g);
        assert_eq!(Possible::after_history(&history).count(), Some(1296));
        history.push(code("AABB"), Feedback::new(0, 0));
        assert_eq!(Possible::after_history(&history).count(), Some(256));
        history.push(code("CCDD"), Feedback::new(0, 0));
        assert_eq!(Possible::after_history(&history).count(), Some(16));
        assert_eq!(first_contradiction(&history), None);
        history.push(code("EEFF"), Feedback::new(0, 0));
        assert!(Possible::after_history(&history).is_empty());
        assert_eq!(first_contradiction(&history), Some(2));
        let huge = Game::new(10, 12).unwrap();
        assert_eq!(Possible::all(huge).count(), None);
    }
}
