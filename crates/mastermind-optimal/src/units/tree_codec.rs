//! A unit's tree as the guesses of its nodes in preorder, and back: the form a unit's result is
//! stored in (the secrets of every node follow from the guesses and the reply table).

use crate::context::Context;
use crate::partition::Partition;
use mastermind_core::Feedback;
use mastermind_tree::{Branch, Node};

/// Appends the guesses of `node`'s tree in preorder (children in reply order, as a tree keeps
/// them).
pub(super) fn preorder(ctx: &Context, node: &Node, out: &mut Vec<u16>) {
    // The context lists the codes in rank order.
    out.push(node.guess.rank(ctx.game) as u16);
    for branch in &node.branches {
        preorder(ctx, &branch.node, out);
    }
}

/// Rebuilds the tree over `secrets` whose guesses are exactly `guesses` in preorder, or `None`
/// when the list does not describe such a tree (too short or too long, a code outside the game,
/// or a guess that splits nothing).
pub(super) fn rebuild(ctx: &Context, secrets: &[u16], guesses: &[u16]) -> Option<Node> {
    let mut rest = guesses.iter().copied();
    let node = rebuild_from(ctx, secrets, &mut rest)?;
    rest.next().is_none().then_some(node)
}

/// The total number of guesses of `node`'s tree over its secrets: each node's guess counts once
/// for every secret that reaches it.
pub(super) fn total(node: &Node) -> u64 {
    u64::from(node.secrets) + node.branches.iter().map(|b| total(&b.node)).sum::<u64>()
}

fn rebuild_from(
    ctx: &Context,
    secrets: &[u16],
    guesses: &mut impl Iterator<Item = u16>,
) -> Option<Node> {
    let guess = guesses.next()?;
    if usize::from(guess) >= ctx.size() {
        return None;
    }
    let mut parts = Partition::default();
    parts.split(ctx, secrets, guess);
    let mut branches = Vec::new();
    for (reply, part) in parts.parts_in_reply_order() {
        if part.len() == secrets.len() {
            return None;
        }
        let node = rebuild_from(ctx, &part, guesses)?;
        branches.push(Branch { reply: Feedback::from_index(reply), node });
    }
    Some(Node { guess: ctx.codes[usize::from(guess)], secrets: secrets.len() as u32, branches })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Prepared, prepare_search};
    use crate::{SolveOptions, solve};
    use mastermind_core::Game;

    #[test]
    fn a_tree_round_trips_and_a_list_too_short_or_too_long_is_refused() {
        let game = Game::new(3, 4).unwrap();
        let Prepared { ctx, all, .. } = prepare_search(game, &SolveOptions::default()).unwrap();
        let tree = solve(game, &SolveOptions::default()).unwrap().tree;
        let mut guesses = Vec::new();
        preorder(&ctx, tree.root(), &mut guesses);
        assert_eq!(guesses.len() as u64, tree.node_count());
        assert_eq!(rebuild(&ctx, &all, &guesses).as_ref(), Some(tree.root()));
        assert_eq!(total(tree.root()), tree.total_guesses());
        assert_eq!(rebuild(&ctx, &all, &guesses[..guesses.len() - 1]), None);
        let longer = [guesses.as_slice(), &[0]].concat();
        assert_eq!(rebuild(&ctx, &all, &longer), None);
    }
}
