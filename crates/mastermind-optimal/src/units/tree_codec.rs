//! A unit's tree as the guesses of its nodes in preorder, and back: the form a unit's result is
//! stored in (the secrets of every node follow from the guesses and the reply table).

use crate::context::Context;
use crate::partition::Partition;
use mastermind_core::{Code, Feedback};
use mastermind_tree::{Branch, Node};

/// Appends the guesses of `node`'s tree in preorder (children in reply order, as a tree keeps
/// them).
pub(super) fn preorder(ctx: &Context, node: &Node, out: &mut Vec<u16>) {
    out.push(ctx.rank_of_row(&row_of(&node.guess)));
    for branch in &node.branches {
        preorder(ctx, &branch.node, out);
    }
}

/// A code's colours padded to 8 pegs, as the context keeps them.
fn row_of(code: &Code) -> [u8; 8] {
    let mut row = [0u8; 8];
    for (slot, colour) in row.iter_mut().zip(code.colours()) {
        *slot = colour;
    }
    row
}

/// Rebuilds the tree over `secrets` whose guesses are `guesses` in preorder, or `None` when the
/// list does not describe such a tree (too short, or a guess that splits nothing).
pub(super) fn rebuild(
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
        let node = rebuild(ctx, &part, guesses)?;
        branches.push(Branch { reply: Feedback::from_index(reply), node });
    }
    Some(Node { guess: ctx.codes[usize::from(guess)], secrets: secrets.len() as u32, branches })
}
