//! The first upper bound: a one-ply tree that plays, at every node, the guess whose partition
//! has the least size bound (consistent guesses first among equals, then the lowest code; only
//! consistent guesses when the search is limited to them).

use crate::context::Context;
use crate::context::{INFEASIBLE, UNLIMITED, next_depth};
use crate::guess_lists::GuessLists;
use crate::partition::Partition;
use crate::scoring::{Filing, present_colours, score_candidates};
use crate::{Rules, SolveOptions};
use mastermind_core::Feedback;
use mastermind_tree::{Branch, Node, StrategyTree};
use std::cell::RefCell;

/// The heuristic tree over `all` (every code of the game), kept within `depth` guesses where
/// the heuristic can.
pub(crate) fn heuristic_tree(
    ctx: &Context,
    options: &SolveOptions,
    all: &[u16],
    depth: u32,
) -> StrategyTree {
    // The heuristic needs a real bound to rank guesses, whatever the search's own rules are.
    let ranking = Rules { size_bound: true, ..options.rules };
    let lists = RefCell::new(GuessLists::new(ctx, ranking));
    let heuristic = Heuristic { ctx, rules: ranking, consistent: options.consistent_only, lists };
    let root = heuristic.node(all, &mut Vec::new(), depth);
    StrategyTree::new(ctx.game, root).expect("the heuristic tree accounts for every secret")
}

/// The heuristic's fixed inputs.
struct Heuristic<'a> {
    ctx: &'a Context,
    rules: Rules,
    /// Whether only consistent guesses may be played.
    consistent: bool,
    /// The guesses worth scoring at each node.
    lists: RefCell<GuessLists<'a>>,
}

impl Heuristic<'_> {
    fn node(&self, secrets: &[u16], history: &mut Vec<u16>, depth_left: u32) -> Node {
        let ctx = self.ctx;
        if secrets.len() == 1 {
            return Node::leaf(ctx.codes[usize::from(secrets[0])]);
        }
        // Under a depth limit, guesses that leave a part too large for the depth left are
        // skipped; if none is left, the limit is dropped here (the tree then breaks it, and the
        // caller sees so).
        let child_depth = next_depth(depth_left.max(2));
        // Consistent guesses are the secrets themselves: only those are scored.
        let pool = (self.consistent && secrets.len() < ctx.size()).then_some(secrets);
        let present = present_colours(ctx, secrets);
        let kept = self.lists.borrow_mut().representatives(history, present, pool);
        let every_class = pool.is_none();
        let best_within = |depth: u32| {
            let filing = Filing::every(INFEASIBLE);
            score_candidates(ctx, self.rules, secrets, &kept, every_class, depth, filing)
                .open
                .into_iter()
                .min_by_key(|c| (c.bound, !c.consistent, c.guess))
        };
        let best = best_within(child_depth)
            .or_else(|| best_within(UNLIMITED))
            .expect("a set of two or more secrets has a guess that splits it");
        let mut parts = Partition::default();
        parts.split(ctx, secrets, best.guess);
        history.push(best.guess);
        let branches = parts
            .parts_in_reply_order()
            .into_iter()
            .map(|(reply, part)| Branch {
                reply: Feedback::from_index(reply),
                node: self.node(&part, history, child_depth),
            })
            .collect();
        history.pop();
        Node { guess: ctx.codes[usize::from(best.guess)], secrets: secrets.len() as u32, branches }
    }
}
