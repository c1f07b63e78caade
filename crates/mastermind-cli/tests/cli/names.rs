//! One name in every command: a player name that `solve`, `suggest`, `program` and `referee`
//! take is built by `tree` (and so by `cargo xtask tree`, which hands it over), or refused there
//! with the tree meant, and that tree builds.

use crate::common::run;
use mastermind_players::{player_names, tree_player_names};

#[test]
fn every_player_name_plays_and_builds_its_tree_or_is_refused_with_the_tree_meant() {
    let trees = tree_player_names();
    for (name, _) in player_names() {
        // `referee --in-process` reads `--player`'s names with the parser `solve`, `suggest` and
        // `program` share; it plays every 2x3 secret without a terminal.
        let played = run(&["referee", "--game", "2x3", "--in-process", name], "");
        assert!(played.success, "referee --in-process {name}: {}", played.stderr);

        let built = run(&["tree", "--game", "2x3", "--player", name, "--stats"], "");
        if built.success {
            assert!(trees.contains(&name), "{name} builds a tree but `tree --help` omits it");
            continue;
        }
        let said = &built.stderr;
        assert!(!trees.contains(&name), "{name} is a tree player but was refused: {said}");
        assert!(said.contains(&format!("invalid value '{name}'")), "{said}");
        assert!(said.contains("the players with a tree are: knuth, irving"), "{said}");
        for meant in trees.iter().filter(|tree| said.contains(&format!("'{tree}'"))) {
            let ran = run(&["tree", "--game", "2x3", "--player", meant, "--stats"], "");
            assert!(ran.success, "{name} names {meant}, which fails: {}", ran.stderr);
        }
    }
}

#[test]
fn a_heuristic_played_with_random_ties_is_refused_with_its_two_trees() {
    let said = run(&["tree", "--game", "2x3", "--player", "entropy"], "").stderr;
    assert!(
        said.contains(
            "the tree of Entropy is 'entropy-all' (over every code, consistent codes first) or \
             'entropy-consistent' (over the consistent codes)"
        ),
        "{said}"
    );
    let said = run(&["tree", "--player", "most-parts"], "").stderr;
    assert!(said.contains("is 'kooi'") && said.contains("'most-parts-consistent'"), "{said}");
    let said = run(&["tree", "--player", "mh"], "").stderr;
    assert!(said.contains("'mh' makes random choices, so it has no strategy tree"), "{said}");
    // Preset names are read whatever their case, and stored as they are spelt.
    let json = run(&["tree", "--game", "2x3", "--player", "Knuth", "--json"], "");
    assert!(json.success && json.stdout.contains("\"knuth\""), "{}{}", json.stdout, json.stderr);
}
