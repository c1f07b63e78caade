//! GraphViz DOT export, for drawing small trees (`dot -Tsvg`).

use crate::tree::{Node, StrategyTree};
use std::fmt::Write;

/// The tree as a GraphViz digraph: one box per node (its guess and number of secrets; a double
/// border where the guess can win), one edge per reply.
pub fn to_dot(tree: &StrategyTree) -> String {
    let mut out = String::new();
    writeln!(out, "digraph strategy {{").expect("writing to a string");
    writeln!(
        out,
        "  label=\"{} strategy: {} guesses over {} secrets\";",
        tree.game(),
        tree.total_guesses(),
        tree.root().secrets
    )
    .expect("writing to a string");
    writeln!(out, "  node [shape=box, fontname=\"monospace\"];").expect("writing to a string");
    let mut next_id = 0usize;
    write_node(&mut out, tree.root(), &mut next_id);
    out.push_str("}\n");
    out
}

/// Writes `node` and its subtree; returns the node's id.
fn write_node(out: &mut String, node: &Node, next_id: &mut usize) -> usize {
    let id = *next_id;
    *next_id += 1;
    let peripheries = if node.wins_here() { 2 } else { 1 };
    writeln!(
        out,
        "  n{id} [label=\"{}\\n{}\", peripheries={peripheries}];",
        node.guess, node.secrets
    )
    .expect("writing to a string");
    for branch in &node.branches {
        let child = write_node(out, &branch.node, next_id);
        writeln!(out, "  n{id} -> n{child} [label=\"{}\"];", branch.reply)
            .expect("writing to a string");
    }
    id
}
