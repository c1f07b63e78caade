//! Behaviour of the M-H player on whole games: it always wins, never replays when asked not to,
//! counts honestly, keeps playing when no code is consistent, and its stuck rule fires when the
//! walk cannot move.

// Histories are built and counts checked with the raw scorers that the crate's clippy.toml
// refuses to its players.
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

use mastermind_core::{
    Code, CodeSet, Counters, FalseReplies, Feedback, Game, History, LabRng, LyingCodemaker, Oracle,
    Player, TruthfulCodemaker, play_game, rng_for, score,
};
use mastermind_mcmc::{Budget, MhConfig, MhPlayer, MhStrategy, Step, StuckRule, cost};
use rand::RngExt;

fn strategy(config: MhConfig) -> MhStrategy {
    MhStrategy::new(config).expect("valid configuration")
}

/// `config` with replay avoidance on (the thesis's player has none): it never plays a code twice.
fn avoiding_replays(config: MhConfig) -> MhConfig {
    MhConfig { avoid_replays: true, ..config }
}

fn distinct(history: &History) -> bool {
    let mut guesses: Vec<Code> = history.turns().iter().map(|t| t.guess).collect();
    guesses.sort();
    guesses.windows(2).all(|w| w[0] != w[1])
}

/// The cost of `code` against `history`, counted nowhere.
fn cost_in(history: &History, code: &Code) -> u32 {
    cost(&mut Oracle::new(history, &mut Counters::default()), code)
}

/// Asks `player` for its next guess against a hand-made history.
fn next(player: &mut MhPlayer, history: &History, rng: &mut LabRng) -> (Code, Counters) {
    let mut counters = Counters::default();
    let guess = player.next_guess(&mut Oracle::new(history, &mut counters), rng).unwrap();
    (guess, counters)
}

#[test]
fn finds_every_secret_of_the_classic_game() {
    let game = Game::CLASSIC;
    for config in [MhConfig::default(), avoiding_replays(MhConfig::default())] {
        let s = strategy(config);
        let mut total = 0u64;
        for (k, &secret) in CodeSet::enumerate(game).unwrap().iter().enumerate() {
            let mut player = s.player();
            let mut rng = rng_for(2024, &[k as u64]);
            let mut codemaker = TruthfulCodemaker::new(secret);
            let out = play_game(game, &mut player, &mut codemaker, 40, &mut rng);
            assert!(out.solved(), "{secret}: {:?}", out.history.turns());
            if config.avoid_replays {
                assert!(distinct(&out.history), "{secret} replayed a code");
            }
            assert_eq!(player.stats().turns.len() as u32, out.guesses);
            // Every walk examines its start state, and at least the steps it took.
            let steps: u64 = player.stats().turns.iter().map(|t| t.steps).sum();
            assert!(out.counters.evaluations >= steps + player.stats().walks);
            total += u64::from(out.guesses);
        }
        // A loose sanity band, not a paper's number: better than 6 guesses, worse than optimal.
        let mean = total as f64 / 1296.0;
        assert!((4.34..6.0).contains(&mean), "mean {mean}");
    }
}

#[test]
fn same_seed_same_game() {
    let game = Game::new(5, 7).unwrap();
    let s = strategy(MhConfig::default());
    let secret = Code::parse(game, "ABGGC").unwrap();
    let play = || {
        let mut rng = rng_for(7, &[1]);
        play_game(game, &mut s.player(), &mut TruthfulCodemaker::new(secret), 60, &mut rng)
    };
    let (a, b) = (play(), play());
    assert_eq!(a.history.turns(), b.history.turns());
    assert_eq!(a.counters, b.counters);
}

#[test]
fn evaluations_are_steps_plus_walk_starts() {
    // Without replay avoidance and restarts, every evaluation is a proposal or a walk's start.
    let game = Game::new(5, 8).unwrap();
    let config = MhConfig {
        avoid_replays: false,
        stuck: StuckRule { enabled: false, ..StuckRule::default() },
        ..MhConfig::default()
    };
    let s = strategy(config);
    for k in 0..50u64 {
        let mut rng = rng_for(8, &[k]);
        let secret = Code::random(game, &mut rng);
        let mut player = s.player();
        let out = play_game(game, &mut player, &mut TruthfulCodemaker::new(secret), 80, &mut rng);
        let steps: u64 = player.stats().turns.iter().map(|t| t.steps).sum();
        assert_eq!(out.counters.evaluations, steps + player.stats().walks);
        assert_eq!(player.stats().walks, u64::from(out.guesses) - 1);
        // One score call per turn per proposal at most, plus one per turn fed.
        let turns = u64::from(out.guesses);
        assert!(out.counters.score_calls <= steps * turns + turns);
    }
}

#[test]
fn plays_only_permutations_after_a_full_colour_reply() {
    let game = Game::CLASSIC;
    let last = Code::parse(game, "DCBA").unwrap();
    let mut history = History::new(game);
    history.push(Code::parse(game, "AABB").unwrap(), Feedback::new(0, 2));
    history.push(last, Feedback::new(0, 4));
    let sorted = |c: Code| {
        let mut v: Vec<u8> = c.colours().collect();
        v.sort();
        v
    };
    // One step per walk at a tiny theta (almost every proposal accepted): the guess is the start
    // moved once, so a recolour would show.
    let one_step =
        MhConfig { theta: 0.01, budget: Budget::Fixed { steps: 1 }, ..MhConfig::default() };
    let (mut same, mut other) = (0, 0);
    for k in 0..200u64 {
        for (permutations, count) in [(true, &mut same), (false, &mut other)] {
            let config = MhConfig { permutations_after_full_reply: permutations, ..one_step };
            let mut player = strategy(config).player();
            let (guess, _) = next(&mut player, &history, &mut rng_for(4, &[k]));
            if sorted(guess) == sorted(last) {
                *count += 1;
            }
        }
    }
    assert_eq!(same, 200);
    assert!(other < 150, "recolours happen without the rule: {other}");
}

#[test]
fn keeps_playing_when_no_code_is_consistent() {
    // ABCD cannot have both 0 and 1 black pegs: no code has cost 0 any more.
    let game = Game::CLASSIC;
    let abcd = Code::parse(game, "ABCD").unwrap();
    let mut history = History::new(game);
    history.push(abcd, Feedback::new(0, 0));
    history.push(abcd, Feedback::new(1, 0));
    let mut player = strategy(avoiding_replays(MhConfig::default())).player();
    let mut rng = rng_for(5, &[]);
    for turn in 0..8u8 {
        let (guess, counters) = next(&mut player, &history, &mut rng);
        assert!(cost_in(&history, &guess) > 0);
        assert!(history.turns().iter().all(|t| t.guess != guess), "replayed {guess}");
        assert!(counters.evaluations > 361, "the whole budget is spent");
        history.push(guess, Feedback::new(turn % 3, 0));
    }
    // Every turn's walk ran out of budget (restart stages with fewer turns fed may find codes of
    // cost 0), so the default stuck test restarts every third turn.
    let stats = player.stats();
    assert!(stats.turns.iter().all(|t| t.steps >= 361), "{stats:?}");
    let restarted: Vec<bool> = stats.turns.iter().map(|t| t.restarted).collect();
    assert_eq!(restarted, [false, false, true, false, false, true, false, false]);
    assert_eq!(stats.restarts, 2);
}

/// A history in which `x` is a strict local minimum of the cost, even after it is played three
/// times with a false reply: 40 random guesses answered as if `x` were the secret, then `x` itself
/// answered 2 black.
fn trap(game: Game, x: Code, rng: &mut LabRng) -> History {
    let mut history = History::new(game);
    for _ in 0..40 {
        let guess = Code::random(game, rng);
        if guess != x {
            history.push(guess, score(&x, &guess));
        }
    }
    history
}

#[test]
fn the_stuck_rule_fires_when_the_walk_cannot_move() {
    let game = Game::CLASSIC;
    let x = Code::parse(game, "ABCD").unwrap();
    let lie = Feedback::new(2, 0);
    let mut history = trap(game, x, &mut rng_for(6, &[]));
    // Precondition, checked by brute force: with x played three times, every recolour and swap
    // of x costs strictly more than x, so a walk at theta = 1000 never leaves x.
    let mut worst = history.clone();
    for _ in 0..3 {
        worst.push(x, lie);
    }
    let cx = cost_in(&worst, &x);
    for i in 0..4 {
        for c in 0..6 {
            if c != x.colour(i) {
                assert!(cost_in(&worst, &x.with_colour(game, i, c)) > cx);
            }
        }
        for j in 0..i {
            assert!(cost_in(&worst, &x.with_swap(game, i, j)) > cx);
        }
    }
    let config = MhConfig { theta: 1000.0, avoid_replays: false, ..MhConfig::default() };
    let mut rng = rng_for(6, &[1]);
    let base = history.clone();
    let mut player = strategy(config).player();
    history = base.clone();
    for turn in 0..3 {
        history.push(x, lie);
        let (guess, _) = next(&mut player, &history, &mut rng);
        let restarted = player.stats().turns.last().unwrap().restarted;
        if turn < 2 {
            // Stuck at x, which it plays again (replays allowed, as in the thesis).
            assert_eq!(guess, x);
            assert!(!restarted);
        } else {
            assert!(restarted, "third turn without improvement");
        }
    }
    assert_eq!(player.stats().restarts, 1);
    // With the rule disabled, it stays stuck.
    let off = MhConfig { stuck: StuckRule { enabled: false, ..StuckRule::default() }, ..config };
    let mut player = strategy(off).player();
    let (guess, _) = next(&mut player, &history, &mut rng);
    assert_eq!((guess, player.stats().restarts), (x, 0));
}

#[test]
fn plays_the_false_reply_game_to_the_end() {
    let game = Game::CLASSIC;
    for config in [MhConfig::default(), avoiding_replays(MhConfig::default())] {
        let s = strategy(config);
        for k in 0..300u64 {
            let mut rng = rng_for(12, &[k]);
            let secret = Code::from_rank(game, rng.random_range(0..1296));
            let lies = FalseReplies::with_p(0.2);
            let mut liar = LyingCodemaker::new(game, secret, lies, rng_for(12, &[k, 1])).unwrap();
            let out = play_game(game, &mut s.player(), &mut liar, 300, &mut rng);
            assert!(out.solved(), "secret {secret}");
            assert!(!config.avoid_replays || distinct(&out.history));
            assert_eq!(liar.replies() + 1, out.guesses);
        }
    }
}

#[test]
fn other_sizes_and_options_finish() {
    let configs = [
        MhConfig::default(),
        avoiding_replays(MhConfig {
            p_subset: 0.1,
            p_swap: 0.5,
            theta: 5.0,
            ..MhConfig::default()
        }),
        avoiding_replays(MhConfig {
            budget: Budget::UntilCandidate { cap: 100_000 },
            theta: 1.0,
            ..MhConfig::default()
        }),
    ];
    for (pegs, colours) in [(3, 5), (6, 8), (8, 10)] {
        let game = Game::new(pegs, colours).unwrap();
        for config in configs {
            let s = strategy(config);
            for k in 0..10u64 {
                let mut rng = rng_for(13, &[u64::from(pegs), k]);
                let secret = Code::random(game, &mut rng);
                let mut player = s.player();
                let out = play_game(
                    game,
                    &mut player,
                    &mut TruthfulCodemaker::new(secret),
                    200,
                    &mut rng,
                );
                assert!(out.solved(), "{game} {config:?}");
                assert!(!config.avoid_replays || distinct(&out.history));
            }
        }
    }
}

/// `config`, with replay avoidance, wins every seventh secret of the classic game within 40
/// guesses and never plays a code twice.
fn wins_every_seventh_secret_without_replaying(config: MhConfig, seed: u64) {
    let game = Game::CLASSIC;
    let s = strategy(avoiding_replays(config));
    for (k, &secret) in CodeSet::enumerate(game).unwrap().iter().enumerate().step_by(7) {
        let mut player = s.player();
        let mut rng = rng_for(seed, &[k as u64]);
        let out = play_game(game, &mut player, &mut TruthfulCodemaker::new(secret), 40, &mut rng);
        assert!(out.solved(), "{secret}");
        assert!(distinct(&out.history), "{secret} replayed a code");
    }
}

#[test]
fn the_mean_cost_reading_still_wins_every_game_without_replaying() {
    let cost_scale = mastermind_mcmc::CostScale::Mean;
    wins_every_seventh_secret_without_replaying(MhConfig { cost_scale, ..MhConfig::default() }, 98);
}

#[test]
fn a_latched_full_reply_rule_keeps_permuting_after_a_partial_reply() {
    use mastermind_mcmc::FullReplyScope;
    let game = Game::CLASSIC;
    let mut history = History::new(game);
    history.push(Code::parse(game, "AABB").unwrap(), Feedback::new(0, 2));
    history.push(Code::parse(game, "DCBA").unwrap(), Feedback::new(0, 4));
    // A false partial reply to a permutation of the full one.
    let last = Code::parse(game, "CDAB").unwrap();
    history.push(last, Feedback::new(1, 1));
    let sorted = |c: Code| {
        let mut v: Vec<u8> = c.colours().collect();
        v.sort();
        v
    };
    let one_step =
        MhConfig { theta: 0.01, budget: Budget::Fixed { steps: 1 }, ..MhConfig::default() };
    let (mut latched, mut latest) = (0, 0);
    for k in 0..200u64 {
        for (scope, count) in
            [(FullReplyScope::Latched, &mut latched), (FullReplyScope::Latest, &mut latest)]
        {
            let mut player = strategy(MhConfig { full_reply_scope: scope, ..one_step }).player();
            let (guess, _) = next(&mut player, &history, &mut rng_for(4, &[k]));
            if sorted(guess) == sorted(last) {
                *count += 1;
            }
        }
    }
    assert_eq!(latched, 200);
    assert!(latest < 150, "recolours happen once the latest reply is partial: {latest}");
}

#[test]
fn the_full_reply_scope_does_not_change_truthful_games() {
    use mastermind_mcmc::FullReplyScope;
    let game = Game::CLASSIC;
    let latched = strategy(MhConfig::default());
    let latest =
        strategy(MhConfig { full_reply_scope: FullReplyScope::Latest, ..MhConfig::default() });
    // The stuck rule's restart can leave the walk off the full reply's colours; with it off, every
    // guess after a full reply is a permutation of that guess, so the scopes must agree exactly.
    let no_stuck = |s: &MhStrategy| {
        strategy(MhConfig {
            stuck: StuckRule { enabled: false, ..StuckRule::default() },
            ..*s.config()
        })
    };
    let (latched, latest) = (no_stuck(&latched), no_stuck(&latest));
    for (k, &secret) in CodeSet::enumerate(game).unwrap().iter().enumerate().step_by(5) {
        let play = |s: &MhStrategy| {
            let mut player = s.player();
            let mut rng = rng_for(12, &[k as u64]);
            play_game(game, &mut player, &mut TruthfulCodemaker::new(secret), 60, &mut rng)
                .history
                .turns()
                .to_vec()
        };
        assert_eq!(play(&latched), play(&latest), "{secret}");
    }
}

/// The stuck rule's restart stages are usual walks: each stops at the first code of cost 0, so
/// stages whose turns have such codes take fewer steps than the budget.
#[test]
fn restart_stages_stop_at_a_code_of_cost_0() {
    let game = Game::CLASSIC;
    let abcd = Code::parse(game, "ABCD").unwrap();
    let secret = Code::parse(game, "EEFA").unwrap();
    // The first two turns contradict each other, so the turn's walk and the restart's last stage
    // (every turn fed) find no code of cost 0; the three later turns are true for `secret`, so
    // every earlier stage has codes of cost 0 to find.
    let mut history = History::new(game);
    history.push(abcd, Feedback::new(0, 0));
    history.push(abcd, Feedback::new(1, 0));
    for guess in ["EEAB", "FAEE", "AEFE"] {
        let guess = Code::parse(game, guess).unwrap();
        history.push(guess, score(&secret, &guess));
    }
    let budget = 50;
    let stuck = StuckRule { turns: 1, ..StuckRule::default() };
    let base = MhConfig { budget: Budget::Fixed { steps: budget }, stuck, ..MhConfig::default() };
    let mut player = strategy(base).player();
    next(&mut player, &history, &mut rng_for(21, &[]));
    let stats = player.stats();
    // The turn's walk, four stages with codes of cost 0 and an exhausted last stage.
    assert_eq!((stats.restarts, stats.walks), (1, 1 + 5), "{stats:?}");
    assert!(stats.walks_exhausted >= 2, "{stats:?}");
    assert!(stats.proposals < 6 * budget, "{stats:?}");
}

#[test]
fn a_step_that_is_an_accepted_move_counts_moves_and_caps_proposals() {
    // With a budget of 5 accepted moves, a walk that does not find a code of cost 0 stops after
    // 5 accepted moves or 500 proposals; with proposals as steps, after 5 proposals.
    let game = Game::new(6, 8).unwrap();
    let stuck = StuckRule { enabled: false, ..StuckRule::default() };
    let budget = Budget::Fixed { steps: 5 };
    for (step, counted) in [(Step::AcceptedMove, true), (Step::Proposal, false)] {
        let s = strategy(MhConfig { budget, stuck, step, ..MhConfig::default() });
        let mut rng = rng_for(11, &[]);
        let secret = Code::random(game, &mut rng);
        let mut player = s.player();
        let out = play_game(game, &mut player, &mut TruthfulCodemaker::new(secret), 30, &mut rng);
        let stats = player.stats();
        let exhausted = stats.walks_exhausted;
        assert!(exhausted > 0, "a 5-step budget rarely finds a 6/8 candidate");
        if counted {
            // A walk ends after 5 accepted moves or 500 proposals, whichever comes first.
            assert!(stats.proposals > stats.accepted);
            assert!(stats.proposals <= 500 * stats.walks && stats.accepted <= 5 * stats.walks);
        } else {
            assert!(stats.proposals <= 5 * stats.walks);
        }
        assert!(out.guesses > 0);
    }
}

#[test]
fn the_codes_searched_readings_are_ordered() {
    // Distinct codes stood on <= proposals + starts (= evaluations without replay avoidance)
    // <= current and proposed codes of every step.
    let game = Game::new(5, 7).unwrap();
    let s = strategy(MhConfig::default());
    for k in 0..30u64 {
        let mut rng = rng_for(12, &[k]);
        let secret = Code::random(game, &mut rng);
        let mut player = s.player();
        let out = play_game(game, &mut player, &mut TruthfulCodemaker::new(secret), 80, &mut rng);
        let metric = |name: &str| {
            player.metrics().into_iter().find(|m| m.0 == name).map(|m| m.1).unwrap() as u64
        };
        let visited = metric("distinct_visited");
        assert!(visited >= 1 && visited <= out.counters.evaluations, "{visited}");
        // Without replay avoidance an evaluation is a walk's start or one proposal; the
        // current-and-proposed reading counts each proposal's current code too.
        let stats = player.stats();
        assert_eq!(out.counters.evaluations, stats.proposals + stats.walks);
        assert_eq!(metric("current_and_proposed"), out.counters.evaluations + stats.proposals);
        assert!(visited <= player.stats().accepted + player.stats().walks + 1);
    }
}
