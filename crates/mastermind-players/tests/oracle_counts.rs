//! Every family's count is the Oracle's: a game's `evaluations` and `score_calls` (what the
//! driver reports and the lab stores) are the sums of what each turn's oracle counted, and they
//! agree, turn by turn, with the work the family itself says it did (its metrics and records) or
//! with the work its definition implies, recomputed here from the history.
//!
//! The games are played twice with the same random stream: by the driver, as the lab plays them,
//! and by hand, each turn with an oracle of its own over fresh counters, so that each turn's count
//! is exactly what that turn's oracle counted and the player's metrics can be read after it.

use mastermind_core::{
    Code, CodeSet, Counters, Game, History, LabRng, Oracle, Player, TruthfulCodemaker, Turn,
    play_game, rng_for, score,
};
use mastermind_evolution::{
    EdaConfig, EdaStrategy, EvoConfig, EvoStrategy, JustusConfig, JustusStrategy, ShcConfig,
    ShcStrategy,
};
use mastermind_heuristics::{Heuristic, OnePlyConfig, OnePlyStrategy};
use mastermind_importance::{ExpFamilyConfig, ExpFamilyStrategy, Theta};
use mastermind_mcmc::{MhConfig, MhStrategy};

/// A game's guess cap, far above what any of these players needs.
const CAP: u32 = 60;

/// One game seen turn by turn.
struct Inspected {
    /// The turns played.
    turns: Vec<Turn>,
    /// What each turn's oracle counted.
    counted: Vec<Counters>,
    /// The player's metrics after each turn.
    metrics: Vec<Vec<(&'static str, f64)>>,
}

impl Inspected {
    /// The metric `name` after turn `turn` (0 before the first).
    fn metric(&self, turn: usize, name: &str) -> f64 {
        let Some(turn) = turn.checked_sub(1) else { return 0.0 };
        self.metrics[turn]
            .iter()
            .find(|(n, _)| *n == name)
            .map_or_else(|| panic!("no metric {name} among {:?}", self.metrics[turn]), |&(_, v)| v)
    }

    /// How much the metric `name` grew during turn `turn`.
    fn metric_this_turn(&self, turn: usize, name: &str) -> u64 {
        (self.metric(turn + 1, name) - self.metric(turn, name)) as u64
    }
}

/// Plays `secret` with a player from `make`, once through the driver and once by hand with the
/// same stream, checks that both play the same game and that the driver's counters are the sum
/// of what the turns' oracles counted, and returns the game seen by hand.
fn inspect(game: Game, secret: &str, seed: u64, make: impl Fn() -> Box<dyn Player>) -> Inspected {
    let secret = Code::parse(game, secret).unwrap();
    let mut codemaker = TruthfulCodemaker::new(secret);
    let outcome = play_game(game, &mut *make(), &mut codemaker, CAP, &mut rng_for(seed, &[]));
    assert!(outcome.solved(), "{secret}: {:?}", outcome.end);

    let mut player = make();
    let mut rng: LabRng = rng_for(seed, &[]);
    let mut history = History::new(game);
    let (mut counted, mut metrics) = (Vec::new(), Vec::new());
    while history.last().is_none_or(|turn| turn.guess != secret) {
        let mut counters = Counters::default();
        let guess = player.next_guess(&mut Oracle::new(&history, &mut counters), &mut rng).unwrap();
        counted.push(counters);
        metrics.push(player.metrics());
        history.push(guess, score(&secret, &guess));
    }
    assert_eq!(history.turns(), outcome.history.turns(), "the game by hand is the driver's");
    let sum = counted.iter().fold(Counters::default(), |sum, turn| Counters {
        evaluations: sum.evaluations + turn.evaluations,
        score_calls: sum.score_calls + turn.score_calls,
    });
    assert_eq!(outcome.counters, sum, "the game reports what its oracles counted");
    Inspected { turns: history.turns().to_vec(), counted, metrics }
}

/// The codes of `game` consistent with every turn of `turns`, recomputed from scratch.
fn consistent_with(game: Game, turns: &[Turn]) -> Vec<Code> {
    let all = CodeSet::enumerate(game).unwrap();
    all.iter().copied().filter(|c| turns.iter().all(|t| score(&t.guess, c) == t.feedback)).collect()
}

const SECRETS: [&str; 4] = ["ABCD", "FFAB", "CCCE", "DAFB"];

/// One-ply (Expected size over the consistent set): a turn filters the codes consistent before
/// the latest reply (one evaluation and one score call each), then scores every consistent code
/// against them all (one evaluation and `|S|` score calls each) unless one code is left.
#[test]
fn one_ply_counts_its_filter_and_its_partitions() {
    let game = Game::CLASSIC;
    let config = OnePlyConfig {
        first_guess: Some("AABB".into()),
        ..OnePlyConfig::new(Heuristic::ExpectedSize)
    };
    let strategy = OnePlyStrategy::new(game, config).unwrap();
    for (k, secret) in SECRETS.into_iter().enumerate() {
        let seen = inspect(game, secret, k as u64, || Box::new(strategy.player()));
        assert_eq!(seen.counted[0], Counters::default(), "the first guess is given");
        for turn in 1..seen.turns.len() {
            let before = consistent_with(game, &seen.turns[..turn - 1]).len() as u64;
            let after = consistent_with(game, &seen.turns[..turn]).len() as u64;
            let scored = if after >= 2 { after } else { 0 };
            let expected =
                Counters { evaluations: before + scored, score_calls: before + scored * after };
            assert_eq!(seen.counted[turn], expected, "{secret}, turn {}", turn + 1);
        }
    }
}

/// The EDA: every evaluation is a fitness made of the code's distance to consistency, one score
/// call per turn played, and of its local entropy, which scores nothing.
#[test]
fn eda_counts_one_distance_per_evaluation() {
    let game = Game::CLASSIC;
    let config = EdaConfig { population: 50, ..EdaConfig::default() };
    let strategy = EdaStrategy::new(game, config).unwrap();
    for (k, secret) in SECRETS.into_iter().enumerate() {
        let seen = inspect(game, secret, k as u64, || Box::new(strategy.player()));
        assert_eq!(seen.counted[0], Counters::default(), "the first guess is given");
        for (turn, counted) in seen.counted.iter().enumerate().skip(1) {
            assert!(counted.evaluations > 0, "{secret}, turn {}", turn + 1);
            // At most the whole population per generation run and per restart.
            let rounds = 1
                + seen.metric_this_turn(turn, "generations")
                + seen.metric_this_turn(turn, "restarts");
            assert!(counted.evaluations <= 50 * rounds, "{secret}, turn {}", turn + 1);
            assert_eq!(counted.score_calls, counted.evaluations * turn as u64, "{secret}");
        }
    }
}

/// Evo++ (without the endgames): a turn re-checks the consistent set it keeps (at most its
/// capacity), then evaluates each distinct code of the turn once, which is at most the fitness
/// computations the player counts itself (those include repeats).
#[test]
fn evo_counts_at_most_its_fitness_computations_and_its_kept_set() {
    let game = Game::CLASSIC;
    let config = EvoConfig {
        population: 60,
        consistent_set_size: 10,
        endgames: false,
        first_guess: Some("AABC".into()),
        ..EvoConfig::default()
    };
    let strategy = EvoStrategy::new(game, config).unwrap();
    for (k, secret) in SECRETS.into_iter().enumerate() {
        let seen = inspect(game, secret, k as u64, || Box::new(strategy.player()));
        assert_eq!(seen.counted[0], Counters::default(), "the first guess is given");
        for (turn, counted) in seen.counted.iter().enumerate().skip(1) {
            let computed = seen.metric_this_turn(turn, "fitness_computations");
            assert!(computed >= 60, "{secret}, turn {}: {computed}", turn + 1);
            let kept = if turn == 1 { 0 } else { 10 };
            assert!(counted.evaluations <= computed + kept, "{secret}, turn {}", turn + 1);
            // Each distinct code's distance scores every turn played.
            let distances = counted.evaluations.saturating_sub(kept);
            assert!(counted.score_calls >= distances * turn as u64, "{secret}");
        }
    }
}

/// The hill-climber: every potential guess it induces is checked for consistency once, unless
/// the code tracker discards it unchecked.
#[test]
fn hill_climber_counts_each_induced_guess_it_checks() {
    let game = Game::new(5, 8).unwrap();
    let strategy = ShcStrategy::new(game, ShcConfig::default()).unwrap();
    for (k, secret) in ["ABCDE", "HHAAB", "GFEDC", "ABABA"].into_iter().enumerate() {
        let seen = inspect(game, secret, k as u64, || Box::new(strategy.player()));
        for (turn, counted) in seen.counted.iter().enumerate() {
            let checked = seen.metric_this_turn(turn, "inductions")
                - seen.metric_this_turn(turn, "tracker_skips");
            assert_eq!(counted.evaluations, checked, "{secret}, turn {}", turn + 1);
            assert!(counted.score_calls >= checked, "{secret}, turn {}", turn + 1);
        }
    }
}

/// Justus's GA queries the secret itself, through the core's counted window on it: a run reports
/// the first population and every child bred, one evaluation each.
#[test]
fn justus_counts_every_code_it_scores_against_the_secret() {
    let game = Game::new(10, 4).unwrap();
    let config = JustusConfig::default();
    let strategy = JustusStrategy::new(game, config.clone()).unwrap();
    let children = u64::from(config.population - config.survivors);
    for seed in 0..6 {
        let mut rng = rng_for(5, &[seed]);
        let secret = Code::random(game, &mut rng);
        let run = strategy.run(&secret, &mut rng);
        assert!(!run.capped);
        let bred = u64::from(config.population) + children * u64::from(run.generations);
        assert_eq!(run.evaluations, bred, "seed {seed}");
        assert!(run.unique_evaluated <= run.evaluations);
    }
}

/// Metropolis-Hastings (without replay avoidance): every evaluation is a walk's start or one of
/// its proposals, as the player's own statistics count them.
#[test]
fn metropolis_hastings_counts_each_walk_start_and_proposal() {
    let game = Game::CLASSIC;
    let strategy = MhStrategy::new(MhConfig::default()).unwrap();
    for (k, secret) in SECRETS.into_iter().enumerate() {
        let seen = inspect(game, secret, k as u64, || Box::new(strategy.player()));
        assert_eq!(seen.counted[0], Counters::default(), "the first guess is uniform");
        for (turn, counted) in seen.counted.iter().enumerate().skip(1) {
            let walked =
                seen.metric_this_turn(turn, "walks") + seen.metric_this_turn(turn, "proposals");
            assert_eq!(counted.evaluations, walked, "{secret}, turn {}", turn + 1);
            // A proposal updates at most one response per turn played; besides, the latest turn
            // is fed, and at most a reset and a restart score every turn once more.
            let proposals = seen.metric_this_turn(turn, "proposals");
            assert!(counted.score_calls <= (proposals + 3) * turn as u64, "{secret}");
        }
    }
}

/// The exponential-family policy: every turn gives every code of the game a probability (one
/// evaluation each), and filters the codes consistent before the latest reply by it (one score
/// call each).
#[test]
fn exp_family_counts_every_code_and_its_filter() {
    let game = Game::CLASSIC;
    let config = ExpFamilyConfig::new(Theta::RANDOM_CONSISTENT);
    let strategy = ExpFamilyStrategy::new(game, &config).unwrap();
    for (k, secret) in SECRETS.into_iter().enumerate() {
        let seen = inspect(game, secret, k as u64, || Box::new(strategy.player()));
        for (turn, counted) in seen.counted.iter().enumerate() {
            let filtered = match turn {
                0 => 0,
                _ => consistent_with(game, &seen.turns[..turn - 1]).len() as u64,
            };
            let expected = Counters { evaluations: 1296, score_calls: filtered };
            assert_eq!(*counted, expected, "{secret}, turn {}", turn + 1);
        }
    }
}
