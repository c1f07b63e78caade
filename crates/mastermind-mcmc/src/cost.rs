//! Snyder's cost of a code against the replies so far, computed from scratch (eq. 35).
//!
//! For every played turn, compare the recorded reply with the *test response*, the reply the turn's
//! guess would have received if the code were the secret: `|black diff| + |white diff| +
//! 2 |total diff|`, total = black + white. Summed over turns, the cost is zero exactly for codes
//! consistent with every reply. The walk updates this incrementally ([`Walker`](crate::Walker));
//! this from-scratch form defines it and is what the walk is checked against. It scores through
//! the [`Oracle`], like every search of the lab.

use mastermind_core::{Code, Feedback, Oracle};

/// The cost of one turn: `recorded` is the reply received, `would` the test response.
#[inline]
pub fn reply_cost(would: Feedback, recorded: Feedback) -> u32 {
    u32::from(would.black.abs_diff(recorded.black))
        + u32::from(would.white.abs_diff(recorded.white))
        + 2 * u32::from(would.total().abs_diff(recorded.total()))
}

/// The cost of `code` against every turn of the oracle's history (one score call per turn).
pub fn cost(oracle: &mut Oracle<'_>, code: &Code) -> u32 {
    let history = oracle.history();
    history.turns().iter().map(|t| reply_cost(oracle.score(&t.guess, code), t.feedback)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use mastermind_core::{CodeSet, Counters, Game, History, score};

    /// The cost of `code` against `history`, counted nowhere.
    fn cost_in(history: &History, code: &Code) -> u32 {
        cost(&mut Oracle::new(history, &mut Counters::default()), code)
    }

    #[test]
    fn counts_one_score_call_per_turn() {
        let g = Game::CLASSIC;
        let mut h = History::new(g);
        h.push(Code::parse(g, "AABC").unwrap(), Feedback::new(2, 0));
        h.push(Code::parse(g, "ABCD").unwrap(), Feedback::new(0, 1));
        let mut counters = Counters::default();
        cost(&mut Oracle::new(&h, &mut counters), &Code::parse(g, "AABD").unwrap());
        assert_eq!(counters, Counters { evaluations: 0, score_calls: 2 });
    }

    #[test]
    fn the_thesis_worked_example() {
        // Section 4.3.1: x1 = (1,1,2,3) got 2B0W. The proposal (1,1,2,4) would get 3B0W: B_abs = 1,
        // W_abs = 0, T_abs = 1, cost 3; x1 itself would get 4B0W: cost 2 + 0 + 2 x 2 = 6.
        let g = Game::CLASSIC;
        let mut h = History::new(g);
        h.push(Code::parse(g, "AABC").unwrap(), Feedback::new(2, 0));
        assert_eq!(cost_in(&h, &Code::parse(g, "AABD").unwrap()), 3);
        assert_eq!(cost_in(&h, &Code::parse(g, "AABC").unwrap()), 6);
    }

    #[test]
    fn zero_exactly_for_consistent_codes() {
        let g = Game::CLASSIC;
        let all = CodeSet::enumerate(g).unwrap();
        let secret = Code::parse(g, "BDDF").unwrap();
        let mut h = History::new(g);
        for guess in ["AABB", "CDEF", "BDFD"] {
            let guess = Code::parse(g, guess).unwrap();
            h.push(guess, score(&secret, &guess));
            for code in all.iter() {
                assert_eq!(cost_in(&h, code) == 0, h.is_consistent(code), "{code}");
                // The cost is at least the distance to consistency of the evolutionary papers.
                assert!(cost_in(&h, code) >= h.distance(code));
            }
        }
    }
}
