//! Exports of small trees, checked by hand, and the JSON round trip of a built tree.

use mastermind_core::Game;
use mastermind_tree::export::{from_json, to_dot, to_json, to_text};
use mastermind_tree::{Preset, build_tree};

#[test]
fn knuths_2x2_strategy_in_the_contest_grammar() {
    // AA and AB both leave at most two secrets; both are consistent, so AA (first) is played.
    // 0B0W leaves BB; 1B0W leaves AB and BA, and AB (first of two) wins or leaves BA (0B2W).
    let game = Game::new(2, 2).unwrap();
    let (tree, _) = build_tree(game, &Preset::Knuth.config(game)).unwrap();
    assert_eq!(to_text(&tree), "{AA:{00:BB,10:{AB:{02:BA}}}}");
    assert_eq!(tree.total_guesses(), 1 + 2 + 2 + 3);
}

#[test]
fn knuths_3x2_strategy_in_the_contest_grammar() {
    // AAA and AAB both leave at most three secrets; AAA comes first. AAA splits the secrets by
    // their number of A pegs: 0B0W leaves BBB, 1B0W leaves ABB BAB BBA, 2B0W leaves AAB ABA BAA.
    // In each group of three every member leaves the other two together (1B2W), and no other
    // code separates all three, so the first member is played, then the second.
    let game = Game::new(3, 2).unwrap();
    let (tree, _) = build_tree(game, &Preset::Knuth.config(game)).unwrap();
    assert_eq!(
        to_text(&tree),
        "{AAA:{00:BBB,10:{ABB:{12:{BAB:{12:BBA}}}},20:{AAB:{12:{ABA:{12:BAA}}}}}}"
    );
    tree.verify().unwrap();
}

#[test]
fn dot_draws_one_box_per_node_and_one_edge_per_branch() {
    let game = Game::new(2, 2).unwrap();
    let (tree, _) = build_tree(game, &Preset::Knuth.config(game)).unwrap();
    let dot = to_dot(&tree);
    assert!(dot.starts_with("digraph strategy {"));
    assert_eq!(dot.matches("[label=\"").count(), tree.node_count() as usize * 2 - 1);
    assert!(dot.contains("n0 -> n1 [label=\"0B0W\"]"), "{dot}");
}

#[test]
fn a_built_5x4_tree_survives_the_json_round_trip() {
    let game = Game::new(5, 4).unwrap();
    let (tree, _) = build_tree(game, &Preset::Irving.config(game)).unwrap();
    let back = from_json(&to_json(&tree)).unwrap();
    assert_eq!(back, tree);
    back.verify().unwrap();
}
