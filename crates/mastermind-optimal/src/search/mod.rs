//! The exact search's entry points: [`solve`], the tables and the known tree every search starts
//! from, and the search on one thread. The depth-first branch and bound itself is `searcher`'s
//! (with the order of a node's guesses in `queue` and a node's opening and closing in `node`);
//! a node searched by several threads at once is `split`'s.

mod node;
mod queue;
mod searcher;
mod split;

use crate::context::{Context, INFEASIBLE, UNLIMITED};
use crate::heuristic::heuristic_tree;
use crate::scoring::size_bound;
use crate::{CONSISTENT_BOUND_MIN_CODES, Solution, SolveError, SolveOptions};
use mastermind_core::Game;
use mastermind_tree::StrategyTree;
use std::time::Instant;

pub(crate) use searcher::{RootBounds, Searcher};
pub(crate) use split::{Fork, SPLIT_MIN_SECRETS};

/// Finds the strategy tree with the fewest total guesses over all secrets of `game`, guesses
/// taken from every code, with at most `options.max_depth` guesses per secret when set.
///
/// The search is exact: with [`Solution::proved`] true, no strategy has a smaller total. When
/// stopped early through [`SolveOptions::stop`], the solution holds the best complete tree known
/// (the heuristic tree if the search has not beaten it), with `proved` false and the proved
/// lower bound.
///
/// With [`SolveOptions::parallel`], the search runs on every thread of the current rayon pool
/// (see [`units`](crate::units)).
pub fn solve(game: Game, options: &SolveOptions) -> Result<Solution, SolveError> {
    if options.parallel && rayon::current_num_threads() > 1 {
        crate::units::solve_shared(game, options)
    } else {
        solve_alone(game, options)
    }
}

/// What every search of one game starts from.
pub(crate) struct Prepared {
    /// The shared tables, with their part bounds for the depth searched.
    pub ctx: Context,
    /// The depth budget of the root (`UNLIMITED` without a limit).
    pub depth: u32,
    /// Every code (ranks `0..size`).
    pub all: Vec<u16>,
    /// The best tree known before the search (see [`known_tree`]).
    pub known: StrategyTree,
}

/// Prepares a search of `game`: the shared tables with their part bounds for the depth searched
/// (`UNLIMITED` without a limit), every code, and the best tree known before the search. Fails
/// when the game is too large or the size bound alone rules the depth limit out.
pub(crate) fn prepare_search(game: Game, options: &SolveOptions) -> Result<Prepared, SolveError> {
    let mut ctx = Context::new(game)?;
    // An optimal tree never plays a guess that splits nothing, so no secret needs more guesses
    // than there are codes: a larger limit is no limit (and would only size tables per depth).
    let depth = options.max_depth.filter(|&d| (d as usize) < ctx.size()).unwrap_or(UNLIMITED);
    ctx.prepare_part_bounds(options.rules.size_bound, depth);
    let all: Vec<u16> = (0..ctx.size()).map(|rank| rank as u16).collect();
    if depth != UNLIMITED && ctx.bound.total(all.len(), depth) >= INFEASIBLE {
        return Err(SolveError::Infeasible { game, max_depth: depth });
    }
    let known = known_tree(&ctx, options, &all, depth);
    Ok(Prepared { ctx, depth, all, known })
}

/// The best tree before the search: the heuristic tree or, on games of more than
/// [`CONSISTENT_BOUND_MIN_CODES`] codes where [`Rules::consistent_upper_bound`] applies, the
/// optimum among consistent guesses when that is smaller.
///
/// [`Rules::consistent_upper_bound`]: crate::Rules::consistent_upper_bound
fn known_tree(ctx: &Context, options: &SolveOptions, all: &[u16], depth: u32) -> StrategyTree {
    let heuristic = heuristic_tree(ctx, options, all, depth);
    if options.rules.heuristic_upper_bound
        && options.rules.consistent_upper_bound
        && !options.consistent_only
        && ctx.size() > CONSISTENT_BOUND_MIN_CODES
        && let Some(better) = consistent_optimum(ctx.game, options, depth)
        && better.total_guesses() < heuristic.total_guesses()
    {
        return better;
    }
    heuristic
}

/// The best tree among consistent guesses within `depth` (the optimum, or the best found if the
/// search is stopped), as a first upper bound for the unconstrained search; `None` when no such
/// tree keeps the depth limit.
fn consistent_optimum(game: Game, options: &SolveOptions, depth: u32) -> Option<StrategyTree> {
    let consistent = SolveOptions {
        consistent_only: true,
        max_depth: (depth != UNLIMITED).then_some(depth),
        progress: None,
        ..options.clone()
    };
    solve(game, &consistent).ok().map(|s| s.tree)
}

/// [`solve`] on one thread.
pub(crate) fn solve_alone(game: Game, options: &SolveOptions) -> Result<Solution, SolveError> {
    let start_time = Instant::now();
    let Prepared { ctx, depth, all, known } = prepare_search(game, options)?;
    let mut searcher = Searcher::new(&ctx, options, start_time);
    let infeasible = || SolveError::Infeasible { game, max_depth: depth };
    let known_fits = depth == UNLIMITED || known.max_guesses() <= depth;
    let heuristic_total =
        (options.rules.heuristic_upper_bound && known_fits).then(|| known.total_guesses());
    let beta = heuristic_total.map_or(INFEASIBLE, |t| t as u32 + 1);
    let root_lower = u64::from(size_bound(&ctx, options.rules, all.len(), depth));
    searcher.root = RootBounds {
        lower: root_lower,
        upper: heuristic_total.unwrap_or(u64::MAX),
        best_guess: None,
    };

    let outcome = searcher.search(&all, &all, &mut Vec::new(), depth, beta);
    if searcher.was_stopped() {
        // The best complete tree: the first guess that beat the known tree, with parts the memo
        // holds as solved, or else the known tree.
        let tree = match searcher.root.best_guess {
            Some(guess) if options.rules.memo => {
                searcher.ignore_stop();
                let root = searcher.build(&all, &all, &mut Vec::new(), depth, Some(guess));
                StrategyTree::new(game, root).map_err(SolveError::Tree)?
            }
            _ if known_fits => known,
            _ => return Err(infeasible()),
        };
        let total = tree.total_guesses();
        let lower = searcher.root.lower.min(total);
        return Ok(searcher.solution(tree, total, false, lower, heuristic_total, start_time));
    }
    let Some(_) = outcome.guess else {
        return Err(infeasible());
    };
    let root = searcher.build(&all, &all, &mut Vec::new(), depth, None);
    let tree = StrategyTree::new(game, root).map_err(SolveError::Tree)?;
    let total = u64::from(outcome.value);
    debug_assert_eq!(tree.total_guesses(), total);
    Ok(searcher.solution(tree, total, true, total, heuristic_total, start_time))
}
