//! The search against a plain exhaustive search, against itself with each rule off, against
//! heuristic players, and on the published 4x6 optima.

use mastermind_core::score::reference_score;
use mastermind_core::{CodeSet, Game, Strategy, TruthfulCodemaker, play_game, rng_for};
use mastermind_heuristics::{Heuristic, OnePlyConfig, OnePlyStrategy, Pool, Ties};
use mastermind_optimal::{Rules, Solution, SolveError, SolveOptions, solve};
use mastermind_tree::{Preset, build_tree};
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

fn game(pegs: u32, colours: u32) -> Game {
    Game::new(pegs, colours).unwrap()
}

/// Solves and checks what every solution must satisfy: the tree replays, its total is the
/// reported total, and it keeps the depth limit.
fn solved(game: Game, max_depth: Option<u32>, rules: Rules) -> Result<Solution, SolveError> {
    let options = SolveOptions { max_depth, rules, ..SolveOptions::default() };
    let solution = solve(game, &options)?;
    solution.tree.verify().unwrap_or_else(|e| panic!("{game}: {e}"));
    assert_eq!(solution.tree.total_guesses(), solution.total, "{game}");
    assert!(solution.proved, "{game}");
    assert_eq!(solution.lower_bound, solution.total, "{game}");
    if let Some(limit) = max_depth {
        assert!(solution.tree.max_guesses() <= limit, "{game}: depth {limit}");
    }
    Ok(solution)
}

/// The optimum by definition: every code as the next guess, every reply's part solved the same
/// way, the least total kept. Results are cached by secret set (a cache only: nothing is cut).
struct Exhaustive {
    codes: Vec<Vec<u8>>,
    solved: HashMap<(Vec<usize>, Vec<usize>, u32), Option<u64>>,
    /// Guess only codes still possible (the secrets of the set being solved).
    consistent_only: bool,
    /// With `consistent_only`, guess codes possible before the latest reply (the parent's set).
    pool_lags: bool,
}

impl Exhaustive {
    fn new(game: Game) -> Exhaustive {
        let codes =
            CodeSet::enumerate(game).unwrap().iter().map(|c| c.colours().collect()).collect();
        Exhaustive { codes, solved: HashMap::new(), consistent_only: false, pool_lags: false }
    }

    /// The least total for the whole game within `depth` guesses, `None` when impossible.
    fn optimum(&mut self, depth: u32) -> Option<u64> {
        let all: Vec<usize> = (0..self.codes.len()).collect();
        self.cost(&all, &all, depth)
    }

    /// The least total for `secrets` within `depth` guesses, guessing from `pool` when only
    /// possible codes may be guessed.
    fn cost(&mut self, secrets: &[usize], pool: &[usize], depth: u32) -> Option<u64> {
        if depth == 0 {
            return None;
        }
        let pool_key = if self.pool_lags { pool.to_vec() } else { Vec::new() };
        let key = (secrets.to_vec(), pool_key, depth);
        if let Some(&known) = self.solved.get(&key) {
            return known;
        }
        let pegs = self.codes[0].len();
        let mut best: Option<u64> = None;
        let guesses: Vec<usize> =
            if self.consistent_only { pool.to_vec() } else { (0..self.codes.len()).collect() };
        for guess in guesses {
            let mut parts: HashMap<(u8, u8), Vec<usize>> = HashMap::new();
            for &s in secrets {
                let reply = reference_score(&self.codes[s], &self.codes[guess]);
                if usize::from(reply.black) != pegs {
                    parts.entry((reply.black, reply.white)).or_default().push(s);
                }
            }
            if parts.values().any(|p| p.len() == secrets.len()) {
                continue; // the guess learns nothing
            }
            let mut total = secrets.len() as u64;
            for part in parts.values() {
                let part_pool = if self.pool_lags { secrets } else { part };
                match self.cost(part, part_pool, depth - 1) {
                    Some(c) => total += c,
                    None => {
                        total = u64::MAX;
                        break;
                    }
                }
            }
            if total != u64::MAX && best.is_none_or(|b| total < b) {
                best = Some(total);
            }
        }
        self.solved.insert(key, best);
        best
    }
}

#[test]
fn the_smallest_games_match_the_exhaustive_search_at_every_depth_limit() {
    for (pegs, colours) in [(2, 2), (2, 3), (2, 4), (3, 2), (3, 3), (4, 2)] {
        let game = game(pegs, colours);
        let mut exhaustive = Exhaustive::new(game);
        let unlimited = exhaustive.optimum(u32::MAX).unwrap();
        for rules in [Rules::default(), Rules::none()] {
            let solution = solved(game, None, rules).unwrap();
            assert_eq!(solution.total, unlimited, "{game}, {rules:?}");
        }
        for depth in 1..=6 {
            let expected = exhaustive.optimum(depth);
            for rules in [Rules::default(), Rules::none()] {
                let found = match solved(game, Some(depth), rules) {
                    Ok(solution) => Some(solution.total),
                    Err(SolveError::Infeasible { .. }) => None,
                    Err(e) => panic!("{game}: {e}"),
                };
                assert_eq!(found, expected, "{game}, depth {depth}, {rules:?}");
            }
        }
    }
}

/// Whether every guess of `node` and below is a code consistent with the replies before it
/// (one of the secrets that reach it).
fn plays_only_possible_codes(
    node: &mastermind_tree::Node,
    reach: &[mastermind_core::Code],
) -> bool {
    if !reach.contains(&node.guess) {
        return false;
    }
    node.branches.iter().all(|branch| {
        let part: Vec<_> = reach
            .iter()
            .copied()
            .filter(|s| mastermind_core::score(s, &node.guess) == branch.reply)
            .collect();
        plays_only_possible_codes(&branch.node, &part)
    })
}

#[test]
fn the_consistent_only_optimum_matches_the_exhaustive_search_and_plays_only_possible_codes() {
    // 3x5: the exhaustive search gives 455 where fancidev's `mmstrat -po` reports 451, with two
    // guesses in its tree that are not possible codes (checked by replaying its printed tree).
    for (pegs, colours) in [(2, 2), (2, 3), (2, 4), (3, 2), (3, 3), (4, 2), (3, 4), (3, 5)] {
        let game = game(pegs, colours);
        let mut exhaustive = Exhaustive::new(game);
        exhaustive.consistent_only = true;
        let expected = exhaustive.optimum(u32::MAX).unwrap();
        let unconstrained = solved(game, None, Rules::default()).unwrap().total;
        for rules in [Rules::default(), Rules::none()] {
            let options = SolveOptions { rules, consistent_only: true, ..SolveOptions::default() };
            let solution = solve(game, &options).unwrap();
            solution.tree.verify().unwrap();
            assert!(solution.proved);
            assert_eq!(solution.total, expected, "{game}, {rules:?}");
            assert!(solution.total >= unconstrained, "{game}");
            let all: Vec<_> = CodeSet::enumerate(game).unwrap().to_vec();
            assert!(plays_only_possible_codes(solution.tree.root(), &all), "{game}");
        }
    }
}

#[test]
fn guessing_codes_possible_before_the_latest_reply_matches_the_exhaustive_search() {
    // The rule of fancidev's `mmstrat -po`, which draws a node's guesses from its parent's
    // secrets: its totals (196 at 3x5 without repeats, 451 at 3x5) are this rule's optimum,
    // below the optimum among possible codes (197, 455). 3x5 with repeats is left out here: its
    // exhaustive search under this rule takes minutes.
    let games = [(2, 3, true), (3, 3, true), (3, 4, true), (3, 4, false), (3, 5, false)];
    for (pegs, colours, repeats) in games {
        let game = Game::with_rule(pegs, colours, repeats).unwrap();
        let mut strict = Exhaustive::new(game);
        strict.consistent_only = true;
        let mut lagging = Exhaustive::new(game);
        lagging.consistent_only = true;
        lagging.pool_lags = true;
        let (strict, expected) = (strict.optimum(u32::MAX), lagging.optimum(u32::MAX));
        assert!(expected <= strict, "{game}: the lagging pool holds the possible codes");
        // The memo keys a set with its pool: canonical images, plain ranks, or no memo.
        let plain_memo = Rules { canonical_memo: false, ..Rules::default() };
        for rules in [Rules::default(), plain_memo, Rules::none()] {
            let options = SolveOptions {
                rules,
                consistent_only: true,
                possible_before_last_reply: true,
                ..SolveOptions::default()
            };
            let solution = solve(game, &options).unwrap();
            solution.tree.verify().unwrap();
            assert!(solution.proved);
            assert_eq!(Some(solution.total), expected, "{game}, {rules:?}");
        }
    }
}

#[test]
fn games_without_repeats_match_the_exhaustive_search() {
    // The absent-colour rule permutes absent colours instead of merging them here, and the
    // memo's relabelled sets find their codes through a table: both are checked with every rule
    // on, every rule off and the absent-colour rule alone off, at three depth limits. The
    // exhaustive search tries every guess at every node: up to 24 codes unconstrained, up
    // to 120 when only possible codes are guessed.
    let unconstrained = [(2, 3), (2, 4), (3, 3), (3, 4), (4, 4)].map(|size| (size, false));
    let consistent = [(2, 5), (3, 4), (3, 5), (4, 5), (3, 6)].map(|size| (size, true));
    for ((pegs, colours), consistent_only) in unconstrained.into_iter().chain(consistent) {
        let game = Game::without_repeats(pegs, colours).unwrap();
        let mut exhaustive = Exhaustive::new(game);
        exhaustive.consistent_only = consistent_only;
        for depth in [u32::MAX, 3, 4] {
            let expected = exhaustive.optimum(depth);
            for rules in [
                Rules::default(),
                Rules::none(),
                Rules { absent_colours: false, ..Rules::default() },
            ] {
                let max_depth = (depth != u32::MAX).then_some(depth);
                let options =
                    SolveOptions { max_depth, rules, consistent_only, ..SolveOptions::default() };
                let found = match solve(game, &options) {
                    Ok(solution) => {
                        solution.tree.verify().unwrap_or_else(|e| panic!("{game}: {e}"));
                        assert!(solution.proved);
                        Some(solution.total)
                    }
                    Err(SolveError::Infeasible { .. }) => None,
                    Err(e) => panic!("{game}: {e}"),
                };
                assert_eq!(
                    found, expected,
                    "{game}, depth {depth}, consistent only {consistent_only}, {rules:?}"
                );
            }
        }
    }
}

/// Every rule switched off in turn leaves the optimum unchanged.
#[test]
fn switching_off_any_rule_leaves_the_optimum_unchanged() {
    let all_on = Rules::default();
    let variants = [
        Rules { size_bound: false, ..all_on },
        Rules { symmetry: false, ..all_on },
        Rules { absent_colours: false, ..all_on },
        Rules { memo: false, ..all_on },
        Rules { canonical_memo: false, ..all_on },
        Rules { heuristic_upper_bound: false, ..all_on },
        Rules { consistent_upper_bound: false, ..all_on },
        Rules { ordering: false, ..all_on },
        Rules { small_nodes: false, ..all_on },
    ];
    // Without the size bound every other rule loses its grip (4x5 takes seconds and 5x4 half a
    // minute), so that one is switched off on the smaller games only.
    let games = [
        (3, 4, None, true),
        (3, 5, None, true),
        (4, 3, None, true),
        (4, 4, None, true),
        (5, 2, None, true),
        (5, 3, None, true),
        (4, 4, Some(4), true),
        (4, 5, None, false),
        (5, 4, None, false),
    ];
    for (pegs, colours, max_depth, without_size_bound) in games {
        let game = game(pegs, colours);
        let reference = solved(game, max_depth, all_on).unwrap().total;
        for rules in variants.iter().filter(|r| r.size_bound || without_size_bound) {
            let total = solved(game, max_depth, *rules).unwrap().total;
            assert_eq!(total, reference, "{game}, depth {max_depth:?}, {rules:?}");
        }
    }
}

/// Plays every secret with a deterministic one-ply player and returns the total of guesses.
fn one_ply_total(game: Game, heuristic: Heuristic, pool: Pool) -> u64 {
    let config = OnePlyConfig { pool, ties: Ties::First, ..OnePlyConfig::new(heuristic) };
    let strategy = OnePlyStrategy::new(game, config).unwrap();
    let mut rng = rng_for(1, &[]);
    let mut total = 0;
    for secret in CodeSet::enumerate(game).unwrap().iter() {
        let mut player = strategy.new_player();
        let outcome =
            play_game(game, player.as_mut(), &mut TruthfulCodemaker::new(*secret), 20, &mut rng);
        assert!(outcome.solved());
        total += u64::from(outcome.guesses);
    }
    total
}

#[test]
fn the_optimum_is_never_worse_than_a_heuristic_tree() {
    for (pegs, colours) in [(3, 5), (4, 4), (4, 5)] {
        let game = game(pegs, colours);
        let solution = solved(game, None, Rules::default()).unwrap();
        // (The search's own heuristic bounds it by construction, so only other trees are
        // compared.)
        for preset in Preset::ALL {
            let (tree, _) = build_tree(game, &preset.config(game)).unwrap();
            let total = tree.total_guesses();
            assert!(solution.total <= total, "{game}: {} plays {total}", preset.name());
        }
    }
    // The same through the game driver, independent of the tree builder.
    let game = game(3, 5);
    let optimum = solved(game, None, Rules::default()).unwrap().total;
    for heuristic in
        [Heuristic::Entropy, Heuristic::MostParts, Heuristic::ExpectedSize, Heuristic::WorstCase]
    {
        for pool in [Pool::Consistent, Pool::AllPreferConsistent] {
            let total = one_ply_total(game, heuristic, pool);
            assert!(optimum <= total, "{game}: {heuristic:?} {pool:?} plays {total}");
        }
    }
}

#[test]
fn classic_mastermind_optimum_is_5625_and_5626_within_five_guesses() {
    let classic = Game::CLASSIC;
    let unlimited = solved(classic, None, Rules::default()).unwrap();
    assert_eq!(unlimited.total, 5625);
    assert_eq!(unlimited.tree.max_guesses(), 6);
    for preset in Preset::ALL {
        let (tree, _) = build_tree(classic, &preset.config(classic)).unwrap();
        assert!(unlimited.total < tree.total_guesses(), "{} plays as well", preset.name());
    }
    let limited = solved(classic, Some(5), Rules::default()).unwrap();
    assert_eq!(limited.total, 5626);
    assert_eq!(limited.tree.max_guesses(), 5);
}

#[test]
fn a_stopped_search_returns_a_valid_tree_and_a_true_bound() {
    let game = game(4, 5);
    let optimum = solved(game, None, Rules::default()).unwrap().total;
    let stop = Arc::new(AtomicBool::new(true));
    let options = SolveOptions { stop: Some(stop), ..SolveOptions::default() };
    let stopped = solve(game, &options).unwrap();
    assert!(!stopped.proved);
    stopped.tree.verify().unwrap();
    assert_eq!(stopped.tree.total_guesses(), stopped.total);
    assert!(stopped.lower_bound <= optimum && optimum <= stopped.total);
    assert!(stopped.lower_bound > 0);
}

#[test]
fn a_search_stopped_after_an_improvement_keeps_the_improved_tree() {
    // The callback hears of every better first guess and asks for a stop at the first one.
    let game = game(4, 5);
    let stop = Arc::new(AtomicBool::new(false));
    let first_improvement = Arc::new(std::sync::Mutex::new(None));
    let (flag, seen) = (Arc::clone(&stop), Arc::clone(&first_improvement));
    let options = SolveOptions {
        progress: Some(Arc::new(move |p: &mastermind_optimal::Progress| {
            seen.lock().unwrap().get_or_insert(p.upper_bound);
            flag.store(true, std::sync::atomic::Ordering::Relaxed);
        })),
        stop: Some(stop),
        ..SolveOptions::default()
    };
    let solution = solve(game, &options).unwrap();
    solution.tree.verify().unwrap();
    assert_eq!(solution.tree.total_guesses(), solution.total);
    let improved = first_improvement.lock().unwrap().expect("4x5's heuristic tree is not optimal");
    assert!(improved < solution.heuristic_total.unwrap());
    // The flag is read every 1024 nodes; 4x5 first improves at about node 5300 of 9800, so the
    // search is always stopped before it finishes.
    assert!(!solution.proved, "the search finished before it read the stop flag");
    assert_eq!(solution.total, improved);
    assert!(solution.lower_bound <= solution.total);
}

#[test]
fn progress_reports_bounds_that_close_on_the_optimum() {
    let game = game(4, 4);
    let reports = Arc::new(std::sync::Mutex::new(Vec::new()));
    let sink = Arc::clone(&reports);
    let options = SolveOptions {
        progress: Some(Arc::new(move |p: &mastermind_optimal::Progress| {
            sink.lock().unwrap().push(*p)
        })),
        ..SolveOptions::default()
    };
    let solution = solve(game, &options).unwrap();
    let reports = reports.lock().unwrap();
    assert!(!reports.is_empty());
    for report in reports.iter() {
        assert!(report.lower_bound <= solution.total && solution.total <= report.upper_bound);
    }
    assert_eq!(reports.last().unwrap().upper_bound, solution.total);
}

#[test]
fn games_beyond_the_ranks_are_refused_and_the_others_say_what_memory_they_need() {
    use mastermind_optimal::{MAX_CODES, check_game, memory_estimate};
    let options = SolveOptions::default();
    // 4x17 has 83 521 codes, more than a `u16` ranks; 9x2 has 9 pegs.
    for too_large in [game(4, 17), game(9, 2)] {
        assert!(matches!(solve(too_large, &options), Err(SolveError::TooLarge { .. })));
        assert_eq!(memory_estimate(too_large), None);
    }
    // 6x6 (46 656 codes) is taken: its reply table alone is 2 GiB.
    assert!(check_game(game(6, 6)).is_ok());
    let table = 46_656u64 * 46_656;
    assert!(memory_estimate(game(6, 6)).is_some_and(|bytes| bytes > table));
    assert!(check_game(game(5, 8)).is_ok() && MAX_CODES == 65_535);
    // The estimate grows with the game, from a few MiB at 4x6.
    let small = memory_estimate(Game::CLASSIC).unwrap();
    assert!(small < memory_estimate(game(4, 10)).unwrap());
}

#[test]
fn the_worst_case_optimum_is_the_least_feasible_depth_of_the_exhaustive_search() {
    use mastermind_optimal::solve_worst_case;
    for (pegs, colours) in [(2, 2), (2, 3), (2, 4), (3, 2), (3, 3), (4, 2), (3, 4)] {
        let game = game(pegs, colours);
        let mut exhaustive = Exhaustive::new(game);
        let least = (1..).find(|&d| exhaustive.optimum(d).is_some()).unwrap();
        let worst = solve_worst_case(game, &SolveOptions::default()).unwrap();
        worst.tree.verify().unwrap();
        assert!(worst.proved, "{game}");
        assert_eq!(worst.tree.max_guesses(), least, "{game}");
        assert_eq!(Some(worst.total), exhaustive.optimum(least), "{game}");
    }
}
