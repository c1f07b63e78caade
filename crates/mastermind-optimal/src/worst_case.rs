//! The worst-case optimum: the fewest guesses any strategy needs for its hardest secret, and the
//! fewest total guesses among the strategies that keep to it.

use crate::context::SizeBound;
use crate::{Solution, SolveError, SolveOptions, check_game, solve};
use mastermind_core::Game;
use std::sync::atomic::Ordering;
use std::time::Instant;

/// The least depth the size bound allows for every code of `game`: a guess wins one secret and
/// leaves at most `b = p (p + 3) / 2 - 1` parts, so `d` guesses tell apart at most
/// `1 + b + ... + b^(d-1)` secrets. `game` must fit the search ([`check_game`]).
fn least_depth_by_size(game: Game) -> u32 {
    let size = game.size().expect("a game that fits the search") as usize;
    SizeBound::new(game.pegs(), size).least_depth(size)
}

/// The smallest maximum number of guesses that a strategy for `game` can keep, and the optimal
/// tree within it: depth limits are tried from the least the size bound allows upward, each
/// searched exactly, and the first feasible one is the worst-case optimum (every smaller one is
/// proved infeasible). `options.max_depth` is ignored; the other options apply to every search.
///
/// The solution's wall time covers every depth tried; its node counts are the last search's.
/// A search stopped through [`SolveOptions::stop`] before a feasible depth is found returns
/// [`SolveError::Stopped`]: an infeasibility it had not finished proving proves nothing.
pub fn solve_worst_case(game: Game, options: &SolveOptions) -> Result<Solution, SolveError> {
    let start = Instant::now();
    check_game(game)?;
    let stopped = || options.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed));
    let mut depth = least_depth_by_size(game);
    loop {
        let limited = SolveOptions { max_depth: Some(depth), ..options.clone() };
        match solve(game, &limited) {
            Err(SolveError::Infeasible { .. }) if stopped() => {
                return Err(SolveError::Stopped { game });
            }
            Err(SolveError::Infeasible { .. }) => depth += 1,
            Ok(solution) => return Ok(Solution { elapsed: start.elapsed(), ..solution }),
            Err(e) => return Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_size_bound_depth_counts_levels() {
        // 4 pegs: 13 parts; 1 + 13 + 169 = 183 < 1296 <= 183 + 2197.
        assert_eq!(least_depth_by_size(Game::new(4, 6).unwrap()), 4);
        // 2 pegs: 4 parts; 1 + 4 = 5 < 9 <= 21.
        assert_eq!(least_depth_by_size(Game::new(2, 3).unwrap()), 3);
        assert_eq!(least_depth_by_size(Game::new(2, 2).unwrap()), 2);
    }
}
