//! The compact text grammar of public strategy contests.
//!
//! A node is written `{GUESS:{R:node,R:node,...}}`, one entry per reply other than the winning one
//! (implied), in reply-index order; a reply `R` is its black digit then its white digit (`10` is one
//! black, no white). A node whose guess is its only secret is written as just the code. For games of
//! ten or more pegs a reply is `black.white` instead. For example the 2x2 strategy that plays `AB`
//! first: `{AB:{10:{AA:{00:BB}},02:BA}}`.

use crate::tree::{Node, StrategyTree};
use std::fmt::Write;

/// The tree in the contest grammar.
pub fn to_text(tree: &StrategyTree) -> String {
    let mut out = String::new();
    write_node(&mut out, tree.root(), tree.game().pegs() >= 10);
    out
}

fn write_node(out: &mut String, node: &Node, wide: bool) {
    if node.branches.is_empty() {
        write!(out, "{}", node.guess).expect("writing to a string");
        return;
    }
    write!(out, "{{{}:{{", node.guess).expect("writing to a string");
    for (i, branch) in node.branches.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let (black, white) = (branch.reply.black, branch.reply.white);
        if wide {
            write!(out, "{black}.{white}:").expect("writing to a string");
        } else {
            write!(out, "{black}{white}:").expect("writing to a string");
        }
        write_node(out, &branch.node, wide);
    }
    out.push_str("}}");
}
