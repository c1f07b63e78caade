//! A strategy tree does not depend on the thread count: at 5x6 (7776 secrets) the root and its
//! largest parts, and at 4x6 (1296) the root, hold more secrets than the builder's parallel
//! threshold (1024), so their subtrees are built side by side on two threads, and the tree must
//! equal the one-thread tree.

use mastermind_core::Game;
use mastermind_tree::{Preset, StrategyTree, build_tree};

fn built_on(threads: usize, preset: Preset, game: Game) -> StrategyTree {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
    let config = preset.config(game);
    let (tree, _) = pool.install(|| build_tree(game, &config)).unwrap();
    tree.verify().unwrap();
    tree
}

#[test]
fn trees_above_the_parallel_threshold_are_the_same_on_one_and_two_threads() {
    let (four, five) = (Game::new(4, 6).unwrap(), Game::new(5, 6).unwrap());
    let cases = [Preset::Kooi, Preset::Knuth, Preset::EntropyAll, Preset::Irving]
        .into_iter()
        .flat_map(|preset| [(preset, four), (preset, five)]);
    for (preset, game) in cases {
        let one = built_on(1, preset, game);
        let two = built_on(2, preset, game);
        assert_eq!(one.total_guesses(), two.total_guesses(), "{} {game}", preset.name());
        assert!(
            one == two,
            "{} {game}: the trees differ between one and two threads",
            preset.name()
        );
    }
}
