//! The 5x8 totals of mikemag's all-games solver (its `valid_solutions.json`), first guess AABBC:
//! Knuth 183775 guesses (at most 7) and Most parts 181834 (at most 8) over the 32768 secrets.

use mastermind_core::Game;
use mastermind_tree::{Preset, build_tree};

fn totals(preset: Preset) -> (u64, u32) {
    let game = Game::new(5, 8).unwrap();
    let mut config = preset.config(game);
    config.first_guess = Some("AABBC".into());
    let (tree, _) = build_tree(game, &config).unwrap();
    tree.verify().unwrap();
    (tree.total_guesses(), tree.max_guesses())
}

#[test]
fn knuth_at_5x8() {
    assert_eq!(totals(Preset::Knuth), (183_775, 7));
}

#[test]
fn most_parts_at_5x8() {
    assert_eq!(totals(Preset::Kooi), (181_834, 8));
}
