//! One game of Evo++: the population, the consistent set `Φ`, breeding and the choice of the guess.

use super::endgame::{all_colours_known, distinct_permutations, palette_after};
use super::{EvoConfig, Selection};
use crate::operators::{permutation, single_point_mutation, tournament, two_point_crossover};
use crate::palette::Palette;
use crate::population::{FitnessCache, Individual};
use crate::rates::Rates;
use mastermind_core::{Code, Game, LabRng, Oracle, PartitionCounter, Player, PlayerError};
use rand::RngExt;
use rand::seq::{IndexedRandom, SliceRandom};

/// Draws of one operator before Breeder_Diverser falls back to a changing mutation.
const DIVERSER_ATTEMPTS: u32 = 16;

/// Generations in one turn before the player gives up (a safety net; never reached in tests).
const MAX_GENERATIONS_PER_TURN: u64 = 1_000_000;

/// Evo++'s fitness: minus the distance for an inconsistent code, the number of parts of `Φ` for a
/// consistent one.
fn fitness(distance: u32, parts: u32) -> i64 {
    if distance > 0 { -i64::from(distance) } else { i64::from(parts) }
}

/// Evo++ playing one game.
#[derive(Debug, Clone)]
pub struct EvoPlayer {
    game: Game,
    config: EvoConfig,
    first: Code,
    rates: Rates,
    palette: Palette,
    population: Vec<Individual<i64>>,
    /// Distances to consistency of codes met this turn.
    distances: FitnessCache<u32>,
    /// The consistent codes found (`Φ`).
    consistent: Vec<Code>,
    /// The consistent permutations once the colours are known.
    endgame: Option<Vec<Code>>,
    counter: PartitionCounter,
    resets: u32,
    generations: u64,
    /// Fitness computations of the GA with repeats: every new member, even a code already met this
    /// turn, as the Perl implementation counts them.
    fitness_computations: u64,
    /// Consistency checks the authors' endgame would make (see [`EvoPlayer::authors_evaluations`]).
    authors_endgame_checks: u64,
}

impl EvoPlayer {
    /// A player that opens with `first`; `config` must have been validated into `rates`.
    pub fn new(game: Game, config: EvoConfig, first: Code, rates: Rates) -> EvoPlayer {
        EvoPlayer {
            game,
            config,
            first,
            rates,
            palette: Palette::full(game),
            population: Vec::new(),
            distances: FitnessCache::new(),
            consistent: Vec::new(),
            endgame: None,
            counter: PartitionCounter::new(game),
            resets: 0,
            generations: 0,
            fitness_computations: 0,
            authors_endgame_checks: 0,
        }
    }

    /// How often the population was reset this game.
    pub fn resets(&self) -> u32 {
        self.resets
    }

    /// Generations run this game.
    pub fn generations(&self) -> u64 {
        self.generations
    }

    /// Evaluations as the authors' implementation counts them, and so as the paper's Table III and
    /// Figures 1-2 report them: the evaluation counter of Algorithm::MasterMind (Perl), which its
    /// experiment logs print as `evaluations`. That counter goes up once per fitness computation,
    /// repeats included, and in the permutation endgame twice per consistency check. So this is
    /// `fitness_computations` (the whole population at the start of every turn the GA runs and
    /// after every reset, plus every offspring, even a code already met this turn) plus two per
    /// code the authors' endgame checks: every distinct permutation of the guess when the endgame
    /// starts, then, at each later turn, the codes still left plus the code played last (their
    /// endgame keeps it in its set until the next reply removes it). Scoring the consistent set for
    /// Most parts is not counted (the library scores those pairs without its counter).
    ///
    /// `evaluations` (the driver's counter) instead counts a code at most once per turn, so the
    /// two differ by the repeats; what the GA does is the same. Measured against the library itself
    /// with Table II's parameters and N_cs = 30, the endgame term is a fraction of a percent of the
    /// total at 4x8 and 5x8.
    pub fn authors_evaluations(&self) -> u64 {
        self.fitness_computations + 2 * self.authors_endgame_checks
    }

    /// Per-game metrics beyond the driver's counters, for the runner.
    pub fn extra_metrics(&self) -> Vec<(&'static str, f64)> {
        vec![
            ("resets", f64::from(self.resets)),
            ("generations", self.generations as f64),
            ("endgame", if self.endgame.is_some() { 1.0 } else { 0.0 }),
            ("fitness_computations", self.fitness_computations as f64),
            ("authors_evaluations", self.authors_evaluations() as f64),
        ]
    }

    fn fresh_population(&mut self, rng: &mut LabRng) {
        self.population.clear();
        for _ in 0..self.config.population {
            let code = self.palette.random_code(rng);
            self.population.push(Individual { code, fitness: i64::MIN });
        }
    }

    /// Redraws the pegs of members whose colour has been banned (without repeated colours,
    /// among the allowed colours the member does not hold yet, of which there is always one:
    /// the palette holds the secret's colours).
    fn repair(&mut self, rng: &mut LabRng) {
        let palette = self.palette;
        for ind in &mut self.population {
            for i in 0..ind.code.len() {
                if !palette.allows(ind.code.colour(i)) {
                    let colour = if self.game.repeats() {
                        palette.random_colour(rng)
                    } else {
                        let free: Vec<u8> = palette
                            .colours()
                            .filter(|&c| !ind.code.colours().any(|h| h == c))
                            .collect();
                        free[rng.random_range(0..free.len())]
                    };
                    ind.code = ind.code.with_colour(self.game, i, colour);
                }
            }
        }
    }

    /// Number of parts of `Φ` split by `code` (`|Φ|` score calls).
    fn parts(&mut self, code: &Code, oracle: &mut Oracle<'_>) -> u32 {
        oracle.partition_of_evaluated(&mut self.counter, code, &self.consistent).parts
    }

    /// Evaluates every member; adds new consistent codes to `Φ`. Returns whether `Φ` grew.
    fn evaluate(&mut self, oracle: &mut Oracle<'_>) -> bool {
        let before = self.consistent.len();
        let cap = self.config.consistent_set_size as usize;
        self.fitness_computations +=
            self.population.iter().filter(|i| i.fitness == i64::MIN).count() as u64;
        for i in 0..self.population.len() {
            let code = self.population[i].code;
            let distance = self.distances.get_or_compute(&code, |c| oracle.distance(c));
            // A played code is never consistent (unless it won), so Φ never holds one.
            if distance == 0 && self.consistent.len() < cap && !self.consistent.contains(&code) {
                self.consistent.push(code);
            }
        }
        for i in 0..self.population.len() {
            let code = self.population[i].code;
            let distance = self.distances.get(&code).unwrap_or(u32::MAX);
            let parts = if distance == 0 { self.parts(&code, oracle) } else { 0 };
            self.population[i].fitness = fitness(distance, parts);
        }
        self.consistent.len() > before
    }

    /// One offspring of parents drawn by tournament, different from them (Breeder_Diverser).
    fn offspring(&self, fitness: &[i64], rng: &mut LabRng) -> Code {
        let t = self.config.tournament_size as usize;
        let pick =
            |rng: &mut LabRng| self.population[tournament(fitness, t, |a, b| a > b, rng)].code;
        let op = self.rates.pick(rng);
        let first = pick(rng);
        let second = if op == CROSSOVER { pick(rng) } else { first };
        diverse_offspring(&self.palette, op, &first, &second, rng)
    }

    /// `count` offspring bred from a pool of tournament winners ([`Selection::Pool`]): first
    /// parents in turn, a crossover's second parent drawn from the pool with another code.
    fn pool_offspring(&self, fitness: &[i64], count: usize, rng: &mut LabRng) -> Vec<Code> {
        let t = self.config.tournament_size as usize;
        let pool: Vec<Code> = (0..self.population.len())
            .map(|_| self.population[tournament(fitness, t, |a, b| a > b, rng)].code)
            .collect();
        // The pool's places grouped by code, each code's in pool order: a crossover then finds
        // the members with another code without scanning the pool.
        let mut by_code: Vec<(Code, usize)> = pool.iter().copied().zip(0..).collect();
        by_code.sort_unstable();
        (0..count)
            .map(|k| {
                let op = self.rates.pick(rng);
                let first = pool[k % pool.len()];
                let second = if op == CROSSOVER {
                    let same = &by_code[by_code.partition_point(|(c, _)| *c < first)
                        ..by_code.partition_point(|(c, _)| *c <= first)];
                    let others = pool.len() - same.len();
                    // Drawn even when every member has the first parent's code (the crossover
                    // then pairs it with itself): the stream, and so every game, stays the one
                    // stored results were played with.
                    let r = rng.random_range(0..others.max(1));
                    if others == 0 { first } else { pool[nth_other(pool.len(), same, r)] }
                } else {
                    first
                };
                diverse_offspring(&self.palette, op, &first, &second, rng)
            })
            .collect()
    }

    /// One generation: offspring replace the worst members.
    fn generation(&mut self, rng: &mut LabRng) {
        // Shuffled first, so that the members replaced among equally fit ones are chosen at random.
        self.population.shuffle(rng);
        self.population.sort_by_key(|i| std::cmp::Reverse(i.fitness));
        let fitness: Vec<i64> = self.population.iter().map(|i| i.fitness).collect();
        let count = self.config.replaced();
        let children: Vec<Code> = match self.config.selection {
            Selection::Tournaments => (0..count).map(|_| self.offspring(&fitness, rng)).collect(),
            Selection::Pool => self.pool_offspring(&fitness, count, rng),
        };
        let keep = self.population.len() - children.len();
        self.population.truncate(keep);
        self.population
            .extend(children.into_iter().map(|code| Individual { code, fitness: i64::MIN }));
        self.generations += 1;
    }

    /// The member of `set` with most parts over `set`, ties at random. Its members were evaluated
    /// when they entered the set, so this costs score calls only.
    fn most_parts(&mut self, set: &[Code], oracle: &mut Oracle<'_>, rng: &mut LabRng) -> Code {
        let mut best = Vec::new();
        let mut best_parts = 0;
        for code in set {
            let parts = oracle.partition_of_evaluated(&mut self.counter, code, set).parts;
            if parts > best_parts {
                best.clear();
                best_parts = parts;
            }
            if parts == best_parts {
                best.push(*code);
            }
        }
        *best.choose(rng).expect("the set is not empty")
    }

    /// The permutation endgame: enumerate once, then filter by each later reply.
    fn endgame_guess(
        &mut self,
        oracle: &mut Oracle<'_>,
        rng: &mut LabRng,
    ) -> Option<Result<Code, PlayerError>> {
        if !self.config.endgames {
            return None;
        }
        let mut set = match self.endgame.take() {
            Some(mut set) => {
                // The authors' endgame still holds the code played last.
                self.authors_endgame_checks += set.len() as u64 + 1;
                oracle.retain_consistent_with_last(&mut set);
                set
            }
            None => {
                let known = all_colours_known(oracle.history())?;
                let permutations = distinct_permutations(self.game, &known);
                self.authors_endgame_checks += permutations.len() as u64;
                permutations.into_iter().filter(|c| oracle.is_consistent(c)).collect()
            }
        };
        if set.is_empty() {
            return Some(Err(PlayerError("no permutation is consistent".into())));
        }
        let guess = self.most_parts(&set.clone(), oracle, rng);
        set.retain(|c| *c != guess);
        self.endgame = Some(set);
        Some(Ok(guess))
    }
}

/// The place of the `r`-th member (from 0, in pool order) of a pool of `len` members whose place
/// is not among `same`'s (sorted by place); there must be more than `r` such members.
fn nth_other(len: usize, same: &[(Code, usize)], r: usize) -> usize {
    debug_assert!(r < len - same.len());
    // The k-th of `same` (from 0) has `place - k` members of another code before it, a count
    // that never falls as k grows: the answer is `r` plus the number of `same` places before it,
    // the first k whose count exceeds `r`.
    let (mut lo, mut hi) = (0, same.len());
    while lo < hi {
        let mid = (lo + hi) / 2;
        if same[mid].1 - mid <= r {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    r + lo
}

/// Operator indices, in the order of the priorities.
const CROSSOVER: usize = 0;
const MUTATION: usize = 1;

/// Breeder_Diverser: applies operator `op` (crossover of `first` and `second`, or mutation or
/// permutation of `first`) until the child differs from both parents, at most
/// [`DIVERSER_ATTEMPTS`] times; then falls back to a mutation of `first` that changes a peg to a
/// colour it did not have. The child equals a parent only when the palette has a single colour.
pub(crate) fn diverse_offspring(
    palette: &Palette,
    op: usize,
    first: &Code,
    second: &Code,
    rng: &mut LabRng,
) -> Code {
    let game = palette.game();
    for _ in 0..DIVERSER_ATTEMPTS {
        let child = match op {
            CROSSOVER => two_point_crossover(game, first, second, rng),
            MUTATION => single_point_mutation(palette, first, rng),
            _ => permutation(game, first, rng),
        };
        if child != *first && child != *second {
            return child;
        }
    }
    changing_mutation(palette, first, second, rng)
}

/// A single-point mutation of `code` to a different colour that also differs from `other` when
/// such a mutation exists (not in a one-colour palette, nor at 1 peg x 2 colours with two parents).
fn changing_mutation(palette: &Palette, code: &Code, other: &Code, rng: &mut LabRng) -> Code {
    let mut fallback = *code;
    if palette.len() < 2 {
        return fallback;
    }
    for _ in 0..1024 {
        let i = rng.random_range(0..code.len());
        let c = palette.random_colour(rng);
        if c != code.colour(i) {
            let child = code.with_colour_keeping_rule(palette.game(), i, c);
            // At most one such mutation equals `other`: draw again.
            if child != *other {
                return child;
            }
            fallback = child;
        }
    }
    fallback
}

impl Player for EvoPlayer {
    fn metrics(&self) -> Vec<(&'static str, f64)> {
        self.extra_metrics()
    }

    fn next_guess(
        &mut self,
        oracle: &mut Oracle<'_>,
        rng: &mut LabRng,
    ) -> Result<Code, PlayerError> {
        if oracle.history().is_empty() {
            return Ok(self.first);
        }
        if let Some(answer) = self.endgame_guess(oracle, rng) {
            return answer;
        }
        self.distances.begin_turn(oracle.history().len());
        if self.config.endgames {
            let palette = palette_after(oracle.history());
            if palette != self.palette {
                self.palette = palette;
                self.repair(rng);
            }
        }
        // Keep the members of Φ that the latest reply leaves consistent (the played one is gone).
        let mut kept = std::mem::take(&mut self.consistent);
        oracle.retain_consistent_with_last(&mut kept);
        self.consistent = kept;
        if self.population.is_empty() {
            self.fresh_population(rng);
        }
        // A new reply: every member is evaluated again (and counted among the fitness computations).
        self.population.iter_mut().for_each(|i| i.fitness = i64::MIN);
        let cap = self.config.consistent_set_size as usize;
        let limit = self.config.stagnation_generations;
        let (mut idle, mut resets_this_turn, mut generations) = (0u32, 0u32, 0u64);
        let mut best = i64::MIN;
        self.evaluate(oracle);
        while self.consistent.len() < cap {
            self.generation(rng);
            generations += 1;
            let grew = self.evaluate(oracle);
            let top = self.population.iter().map(|i| i.fitness).max().unwrap_or(i64::MIN);
            let improved = grew || (self.consistent.is_empty() && top > best);
            best = best.max(top);
            idle = if improved { 0 } else { idle + 1 };
            if idle >= limit {
                if !self.consistent.is_empty() {
                    break;
                }
                if resets_this_turn >= self.config.max_resets {
                    return Err(PlayerError(format!(
                        "Evo++ found no consistent code after {resets_this_turn} resets"
                    )));
                }
                self.resets += 1;
                resets_this_turn += 1;
                idle = 0;
                best = i64::MIN;
                self.fresh_population(rng);
                self.evaluate(oracle);
            }
            if generations >= MAX_GENERATIONS_PER_TURN {
                return Err(PlayerError("Evo++ ran out of generations".into()));
            }
        }
        let set = self.consistent.clone();
        let guess = self.most_parts(&set, oracle, rng);
        Ok(guess)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::EvoStrategy;
    use mastermind_core::{Counters, History, rng_for, score};

    /// The authors' count in the permutation endgame: two per distinct permutation when it starts,
    /// then two per code left plus the code played last; nothing else, since no GA turn ran.
    #[test]
    fn authors_evaluations_count_the_endgame_as_the_library_does() {
        let g = Game::new(4, 8).unwrap();
        let code = |s: &str| Code::parse(g, s).unwrap();
        let secret = code("BCDA");
        let mut player = EvoStrategy::new(g, EvoConfig::default()).unwrap().player();
        let mut rng = rng_for(5, &[]);
        let mut history = History::new(g);
        let mut counters = Counters::default();
        // ABCD against BCDA: 0 black, 4 white, so the endgame starts at the next guess.
        history.push(code("ABCD"), score(&secret, &code("ABCD")));
        let mut expected = 0;
        let mut left = distinct_permutations(g, &code("ABCD")).len() as u64;
        let mut checked = Vec::new();
        for turn in 0.. {
            checked.push(left);
            let guess = player.next_guess(&mut Oracle::new(&history, &mut counters), &mut rng);
            let guess = guess.unwrap();
            expected += 2 * left;
            assert_eq!(player.authors_evaluations(), expected, "turn {turn}");
            if guess == secret {
                break;
            }
            history.push(guess, score(&secret, &guess));
            // What the endgame holds now, plus the guess just played.
            left = player.endgame.as_ref().unwrap().len() as u64 + 1;
        }
        assert_eq!(player.fitness_computations, 0, "no GA turn ran");
        // 24 permutations of ABCD, then its 9 derangements (the only ones with 0 black, 4 white).
        assert_eq!(checked[0], 24);
        assert!(checked.len() == 1 || checked[1] == 9, "{checked:?}");
    }

    /// Without the endgame the authors' count is the GA's fitness computations, which count every
    /// member given a fitness and so are never fewer than the once-per-turn `evaluations`.
    #[test]
    fn authors_evaluations_are_the_fitness_computations_without_the_endgame() {
        let g = Game::new(4, 8).unwrap();
        let config = EvoConfig { endgames: false, ..EvoConfig::default() };
        let strategy = EvoStrategy::new(g, config).unwrap();
        for i in 0..20u64 {
            let mut rng = rng_for(6, &[i]);
            let secret = Palette::full(g).random_code(&mut rng);
            let mut player = strategy.player();
            let mut codemaker = mastermind_core::TruthfulCodemaker::new(secret);
            let out = mastermind_core::play_game(g, &mut player, &mut codemaker, 30, &mut rng);
            assert!(out.solved());
            assert_eq!(player.authors_evaluations(), player.fitness_computations);
            let metric = player.metrics().into_iter().find(|(n, _)| *n == "authors_evaluations");
            assert_eq!(metric, Some(("authors_evaluations", player.authors_evaluations() as f64)));
            if out.guesses > 1 {
                // A GA turn gives the whole population a fitness at least once.
                assert!(player.authors_evaluations() >= 400);
            }
            // Each code given a fitness in a turn is among the fitness computations; `evaluations`
            // adds at most N_cs = 30 re-checks of the consistent set kept from the turn before.
            let rechecks = 30 * u64::from(out.guesses);
            assert!(player.authors_evaluations() + rechecks >= out.counters.evaluations);
        }
    }

    #[test]
    fn a_pool_of_tournament_winners_breeds_another_search_that_still_solves_every_game() {
        let g = Game::new(4, 8).unwrap();
        let play = |selection: Selection, i: u64| {
            let config = EvoConfig { selection, tournament_size: 7, ..EvoConfig::default() };
            let strategy = EvoStrategy::new(g, config).unwrap();
            let mut rng = rng_for(7, &[i]);
            let secret = Palette::full(g).random_code(&mut rng);
            let mut player = strategy.player();
            let mut codemaker = mastermind_core::TruthfulCodemaker::new(secret);
            let out = mastermind_core::play_game(g, &mut player, &mut codemaker, 30, &mut rng);
            assert!(out.solved(), "{selection:?}, game {i}");
            (out.guesses, player.fitness_computations)
        };
        let pool: Vec<_> = (0..10).map(|i| play(Selection::Pool, i)).collect();
        let again: Vec<_> = (0..10).map(|i| play(Selection::Pool, i)).collect();
        assert_eq!(pool, again, "same seed, same games");
        let tournaments: Vec<_> = (0..10).map(|i| play(Selection::Tournaments, i)).collect();
        assert_ne!(pool, tournaments, "the pool draws parents another way");
    }

    /// The pool's other members found by places are those a scan of the pool finds.
    #[test]
    fn the_rth_other_member_is_the_one_a_scan_finds() {
        let g = Game::new(2, 3).unwrap();
        let mut rng = rng_for(21, &[]);
        for _ in 0..2_000 {
            let len = rng.random_range(1..12);
            let pool: Vec<Code> =
                (0..len).map(|_| Palette::full(g).random_code(&mut rng)).collect();
            let first = pool[rng.random_range(0..len)];
            let same: Vec<(Code, usize)> =
                pool.iter().copied().zip(0..).filter(|(c, _)| *c == first).collect();
            let scanned: Vec<usize> = (0..len).filter(|&i| pool[i] != first).collect();
            for (r, place) in scanned.iter().enumerate() {
                assert_eq!(nth_other(len, &same, r), *place, "{pool:?} {first}");
            }
        }
    }

    #[test]
    fn breeder_diverser_children_differ_from_their_parents() {
        for (pegs, colours) in [(4, 6), (4, 8), (2, 2), (6, 9)] {
            let g = Game::new(pegs, colours).unwrap();
            let palette = Palette::full(g);
            let mut rng = rng_for(13, &[u64::from(pegs), u64::from(colours)]);
            for i in 0..20_000 {
                let first = palette.random_code(&mut rng);
                // Equal parents, parents one peg apart, one-colour parents and random parents.
                let second = match i % 4 {
                    0 => first,
                    1 => single_point_mutation(&palette, &first, &mut rng),
                    2 => Code::from_valid_colours(g, &vec![1; usize::from(g.pegs())]),
                    _ => palette.random_code(&mut rng),
                };
                let first = if i % 4 == 2 { second } else { first };
                for op in 0..3 {
                    let child = diverse_offspring(&palette, op, &first, &second, &mut rng);
                    assert!(child != first && child != second, "{g} op {op}: {first} {second}");
                    assert!(palette.allows_code(&child));
                }
            }
        }
    }
}
