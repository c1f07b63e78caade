//! The first upper bound: a one-ply tree that plays, at every node, the guess whose partition
//! has the least size bound (consistent guesses first among equals, then the lowest code).

use crate::Rules;
use crate::context::Context;
use crate::search::{Partition, candidates, next_depth};
use mastermind_core::Feedback;
use mastermind_tree::{Branch, Node, StrategyTree};

/// The heuristic tree over `all` (every code of the game).
pub(crate) fn heuristic_tree(
    ctx: &Context,
    peg_perms: &[[u8; 8]],
    rules: Rules,
    all: &[u16],
) -> StrategyTree {
    // The heuristic needs a real bound to rank guesses, whatever the search's own rules are.
    let ranking = Rules { size_bound: true, ..rules };
    let root = node(ctx, peg_perms, ranking, all, &mut Vec::new());
    StrategyTree::new(ctx.game, root).expect("the heuristic tree accounts for every secret")
}

fn node(
    ctx: &Context,
    peg_perms: &[[u8; 8]],
    rules: Rules,
    secrets: &[u16],
    history: &mut Vec<u16>,
) -> Node {
    if secrets.len() == 1 {
        return Node::leaf(ctx.codes[usize::from(secrets[0])]);
    }
    let depth = next_depth(u32::MAX);
    let best = candidates(ctx, peg_perms, rules, secrets, history, depth)
        .into_iter()
        .min_by_key(|c| (c.bound, !c.consistent, c.guess))
        .expect("a set of two or more secrets has a guess that splits it");
    let mut parts = Partition::default();
    parts.split(ctx, secrets, best.guess);
    history.push(best.guess);
    let branches = parts
        .parts_in_reply_order()
        .into_iter()
        .map(|(reply, part)| Branch {
            reply: Feedback::from_index(reply),
            node: node(ctx, peg_perms, rules, &part, history),
        })
        .collect();
    history.pop();
    Node { guess: ctx.codes[usize::from(best.guess)], secrets: secrets.len() as u32, branches }
}
