//! Games with more colours than a 16-slot table holds: the Worst case builder once indexed such a
//! table by colour and panicked at 3x17. Every tree is replayed secret by secret, and Knuth's
//! plays what the one-ply player plays.

use mastermind_core::{CodeSet, Game, TruthfulCodemaker, play_game, rng_for};
use mastermind_heuristics::OnePlyStrategy;
use mastermind_tree::{Preset, StrategyTree, build_tree};

/// Builds `preset`'s tree for `game` with the preset's own first guess and replays every secret.
fn built_and_replayed(game: Game, preset: Preset) -> StrategyTree {
    let (tree, _) = build_tree(game, &preset.config(game)).unwrap();
    tree.verify().unwrap();
    tree
}

#[test]
fn knuths_tree_at_3x17_plays_as_the_player_does() {
    let game = Game::new(3, 17).unwrap();
    let tree = built_and_replayed(game, Preset::Knuth);
    let per_secret = tree.guesses_per_secret().unwrap();
    let mut config = Preset::Knuth.config(game);
    config.first_guess = Some(tree.root().guess.to_string());
    let strategy = OnePlyStrategy::new(game, config).unwrap();
    let secrets = CodeSet::enumerate(game).unwrap();
    // Every 31st secret: the player scores every code at every move, so all 4 913 take long.
    for (rank, secret) in secrets.iter().enumerate().step_by(31) {
        let mut codemaker = TruthfulCodemaker::new(*secret);
        let mut rng = rng_for(0, &[rank as u64]);
        let out = play_game(game, &mut strategy.player(), &mut codemaker, 20, &mut rng);
        assert!(out.solved(), "{secret}");
        assert_eq!(per_secret[rank], out.guesses, "secret {secret}");
    }
}

#[test]
fn every_preset_builds_a_tree_at_3x26() {
    let game = Game::new(3, 26).unwrap();
    for preset in Preset::ALL {
        built_and_replayed(game, preset);
    }
}
