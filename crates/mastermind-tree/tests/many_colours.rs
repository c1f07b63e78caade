//! Games with more colours than a 16-slot table holds: the Worst case builder once indexed such a
//! table by colour and panicked at 3x17. Every tree is checked by replaying every secret.

use mastermind_core::Game;
use mastermind_tree::{Preset, build_tree};

/// Builds `preset`'s tree for `game` with the preset's own first guess and replays it.
fn builds_and_replays(game: Game, preset: Preset) -> u64 {
    let (tree, _) = build_tree(game, &preset.config(game)).unwrap();
    tree.verify().unwrap();
    tree.total_guesses()
}

#[test]
fn knuth_builds_at_3x17() {
    let game = Game::new(3, 17).unwrap();
    let total = builds_and_replays(game, Preset::Knuth);
    // Every secret takes at least one guess, and a tree never needs more than a guess per code.
    assert!(total > 17 * 17 * 17);
}

#[test]
fn every_preset_builds_at_3x26() {
    let game = Game::new(3, 26).unwrap();
    for preset in Preset::ALL {
        assert!(builds_and_replays(game, preset) > 26 * 26 * 26, "{preset}");
    }
}
