//! The tree plays exactly what the one-ply player plays: for every deterministic configuration at
//! 4x6 (LocalEntropy over the consistent codes included), and at 4x6 and 4x8 without repeated
//! colours, each secret needs as many guesses in the tree as in a game played through the driver,
//! and every tree passes the replay check. The player scores every candidate; the tree builder
//! skips the candidates its symmetry relations prove equivalent, so agreement checks them.

use mastermind_core::{CodeSet, Game, TruthfulCodemaker, play_game, rng_for};
use mastermind_heuristics::{Heuristic, OnePlyConfig, OnePlyStrategy, Pool, Ties};
use mastermind_tree::build_tree;

/// Builds the tree of `heuristic` over `pool` with `first_guess` (none: the heuristic's own), and
/// compares it secret by secret with the player.
fn check(heuristic: Heuristic, pool: Pool, first_guess: Option<&str>) {
    check_in(Game::CLASSIC, heuristic, pool, first_guess);
}

/// [`check`] in `game`.
fn check_in(game: Game, heuristic: Heuristic, pool: Pool, first_guess: Option<&str>) {
    let secrets = CodeSet::enumerate(game).unwrap();
    {
        let config = OnePlyConfig {
            first_guess: first_guess.map(str::to_owned),
            pool,
            ties: Ties::First,
            ..OnePlyConfig::new(heuristic)
        };
        let (tree, stats) = build_tree(game, &config).unwrap();
        tree.verify().unwrap();
        assert!(stats.nodes > 0 && stats.candidates_scored >= stats.nodes);
        let per_secret = tree.guesses_per_secret().unwrap();
        // Without a first guess the player scores the whole code set before its first move, the
        // same for every secret: play it once, check the tree's root, and let the games start from
        // it (the player keeps no other state).
        let mut playing = config.clone();
        if first_guess.is_none() {
            let mut codemaker = TruthfulCodemaker::new(secrets[0]);
            let strategy = OnePlyStrategy::new(game, config.clone()).unwrap();
            let out =
                play_game(game, &mut strategy.player(), &mut codemaker, 1, &mut rng_for(0, &[]));
            let first = out.history.turns()[0].guess;
            assert_eq!(tree.root().guess, first, "{config:?}");
            playing.first_guess = Some(first.to_string());
        }
        let strategy = OnePlyStrategy::new(game, playing).unwrap();
        let mut total = 0u64;
        for (rank, secret) in secrets.iter().enumerate() {
            let mut rng = rng_for(0, &[rank as u64]);
            let mut codemaker = TruthfulCodemaker::new(*secret);
            let out = play_game(game, &mut strategy.player(), &mut codemaker, 20, &mut rng);
            assert!(out.solved(), "{config:?}: {secret}");
            assert_eq!(per_secret[rank], out.guesses, "{config:?}: secret {secret}");
            // The tree's guess after every prefix of the game is the player's next guess.
            let turns: Vec<_> = out.history.turns().iter().map(|t| (t.guess, t.feedback)).collect();
            for k in 0..turns.len() {
                assert_eq!(tree.guess_after(&turns[..k]), Some(turns[k].0), "{config:?}: {secret}");
            }
            total += u64::from(out.guesses);
        }
        assert_eq!(tree.total_guesses(), total, "{config:?}");
    }
}

/// One test per configuration, so that they run in parallel and each stays short.
macro_rules! agreement {
    ($($name:ident: $heuristic:ident, $pool:ident, $first:expr;)*) => {
        $(
            #[test]
            fn $name() {
                check(Heuristic::$heuristic, Pool::$pool, $first);
            }
        )*
    };
}

agreement! {
    worst_case_all_aabb: WorstCase, AllPreferConsistent, Some("AABB");
    worst_case_all_aabc: WorstCase, AllPreferConsistent, Some("AABC");
    worst_case_all_own_first: WorstCase, AllPreferConsistent, None;
    worst_case_consistent_aabb: WorstCase, Consistent, Some("AABB");
    worst_case_consistent_aabc: WorstCase, Consistent, Some("AABC");
    worst_case_consistent_own_first: WorstCase, Consistent, None;
    expected_size_all_aabb: ExpectedSize, AllPreferConsistent, Some("AABB");
    expected_size_all_aabc: ExpectedSize, AllPreferConsistent, Some("AABC");
    expected_size_all_own_first: ExpectedSize, AllPreferConsistent, None;
    expected_size_consistent_aabb: ExpectedSize, Consistent, Some("AABB");
    expected_size_consistent_aabc: ExpectedSize, Consistent, Some("AABC");
    expected_size_consistent_own_first: ExpectedSize, Consistent, None;
    most_parts_all_aabb: MostParts, AllPreferConsistent, Some("AABB");
    most_parts_all_aabc: MostParts, AllPreferConsistent, Some("AABC");
    most_parts_all_own_first: MostParts, AllPreferConsistent, None;
    most_parts_consistent_aabb: MostParts, Consistent, Some("AABB");
    most_parts_consistent_aabc: MostParts, Consistent, Some("AABC");
    most_parts_consistent_own_first: MostParts, Consistent, None;
    entropy_all_aabb: Entropy, AllPreferConsistent, Some("AABB");
    entropy_all_aabc: Entropy, AllPreferConsistent, Some("AABC");
    entropy_all_own_first: Entropy, AllPreferConsistent, None;
    entropy_consistent_aabb: Entropy, Consistent, Some("AABB");
    entropy_consistent_aabc: Entropy, Consistent, Some("AABC");
    entropy_consistent_own_first: Entropy, Consistent, None;
    local_entropy_consistent_aabb: LocalEntropy, Consistent, Some("AABB");
    local_entropy_consistent_aabc: LocalEntropy, Consistent, Some("AABC");
    local_entropy_consistent_own_first: LocalEntropy, Consistent, None;
}

/// The same agreement in games without repeated colours, where zero colours are permuted rather
/// than merged and every candidate holds distinct colours.
macro_rules! agreement_without_repeats {
    ($($name:ident: $pegs:expr, $colours:expr, $heuristic:ident, $pool:ident;)*) => {
        $(
            #[test]
            fn $name() {
                let game = Game::without_repeats($pegs, $colours).unwrap();
                check_in(game, Heuristic::$heuristic, Pool::$pool, None);
            }
        )*
    };
}

agreement_without_repeats! {
    no_repeat_4x6_worst_case_all: 4, 6, WorstCase, AllPreferConsistent;
    no_repeat_4x6_expected_size_all: 4, 6, ExpectedSize, AllPreferConsistent;
    no_repeat_4x6_most_parts_all: 4, 6, MostParts, AllPreferConsistent;
    no_repeat_4x6_entropy_all: 4, 6, Entropy, AllPreferConsistent;
    no_repeat_4x6_entropy_consistent: 4, 6, Entropy, Consistent;
    no_repeat_4x6_local_entropy_consistent: 4, 6, LocalEntropy, Consistent;
    no_repeat_4x8_most_parts_all: 4, 8, MostParts, AllPreferConsistent;
    no_repeat_4x8_worst_case_all: 4, 8, WorstCase, AllPreferConsistent;
}
