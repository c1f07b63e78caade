//! Local entropy (Runarsson & Merelo 2009, eq. 3): how surprising a candidate's symbols are next to
//! the combinations already played.
//!
//! The candidate is concatenated with the `n` combinations played so far and the Shannon entropy of
//! the symbol frequencies of that string of `(n + 1) x pegs` symbols is taken:
//!
//! `s(c) = sum over symbols g of  #g / ((n + 1) l) * log2((n + 1) l / #g)`
//!
//! The paper writes `log` without a base; this module uses bits (`log2`). The base scales every value
//! by the same constant, so it changes no ranking and no choice between candidates (nor the ranking
//! under `f_l = s / (1 + f)`).
//!
//! It needs no scoring, so computing it costs no `score_calls`. The EDA of the evolution crate and
//! the LocalEntropy player of the heuristics crate both use it.

use crate::{Code, History};

/// Symbol counts of the combinations played so far, ready to score many candidates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayedSymbols {
    counts: [u32; 26],
    symbols: u32,
}

impl Default for PlayedSymbols {
    fn default() -> Self {
        PlayedSymbols::new()
    }
}

impl PlayedSymbols {
    /// No combination played yet.
    pub fn new() -> PlayedSymbols {
        PlayedSymbols { counts: [0; 26], symbols: 0 }
    }

    /// The symbols of every guess in `history`.
    pub fn from_history(history: &History) -> PlayedSymbols {
        PlayedSymbols::from_codes(history.turns().iter().map(|t| &t.guess))
    }

    /// The symbols of the given codes.
    pub fn from_codes<'a>(codes: impl IntoIterator<Item = &'a Code>) -> PlayedSymbols {
        let mut played = PlayedSymbols::new();
        for code in codes {
            played.push(code);
        }
        played
    }

    /// Adds one played combination.
    pub fn push(&mut self, code: &Code) {
        for c in code.colours() {
            self.counts[usize::from(c)] += 1;
            self.symbols += 1;
        }
    }

    /// The local entropy of `candidate` concatenated with the played combinations, in bits.
    pub fn entropy_with(&self, candidate: &Code) -> f64 {
        let mut counts = self.counts;
        let mut total = self.symbols;
        for c in candidate.colours() {
            counts[usize::from(c)] += 1;
            total += 1;
        }
        let n = f64::from(total);
        counts
            .iter()
            .filter(|&&k| k > 0)
            .map(|&k| {
                let k = f64::from(k);
                k / n * (n / k).log2()
            })
            .sum()
    }
}

/// Local entropy (eq. 3) of `candidate` given the guesses in `history`, in bits.
pub fn local_entropy(candidate: &Code, history: &History) -> f64 {
    PlayedSymbols::from_history(history).entropy_with(candidate)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Feedback, Game};

    fn code(s: &str) -> Code {
        Code::parse(Game::CLASSIC, s).unwrap()
    }

    #[test]
    fn hand_computed_values() {
        let empty = History::new(Game::CLASSIC);
        // Four distinct symbols, each 1/4: 2 bits. One symbol: no surprise at all.
        assert!((local_entropy(&code("ABCD"), &empty) - 2.0).abs() < 1e-12);
        assert_eq!(local_entropy(&code("AAAA"), &empty), 0.0);
        // AABB + ABCD = AABBABCD: A 3/8, B 3/8, C 1/8, D 1/8.
        // s = 2 (3/8) log2(8/3) + 2 (1/8) log2 8 = 0.75 (3 - log2 3) + 0.75 = 1.8112781...
        let mut h = History::new(Game::CLASSIC);
        h.push(code("AABB"), Feedback::new(1, 0));
        let expected = 0.75 * (3.0 - 3f64.log2()) + 0.75;
        assert!((local_entropy(&code("ABCD"), &h) - expected).abs() < 1e-12);
        assert!((expected - 1.811_278_124_459_133).abs() < 1e-12);
        // Twelve symbols, A B C D E F twice each: log2 6.
        h.push(code("CDEF"), Feedback::new(0, 0));
        let expected = 6f64.log2();
        assert!((local_entropy(&code("CDEF"), &h) - expected).abs() < 1e-12);
    }

    #[test]
    fn played_symbols_accumulate_like_a_history() {
        let played = PlayedSymbols::from_codes([&code("AABB"), &code("CDEF")]);
        let mut by_push = PlayedSymbols::new();
        by_push.push(&code("AABB"));
        by_push.push(&code("CDEF"));
        assert_eq!(played, by_push);
    }
}
