//! Justus's genetic algorithm ("Solutions to Mastermind using a genetic algorithm"): every candidate
//! is scored against the secret itself, and a run ends when the secret is in the population.
//!
//! This is not a codebreaker in the driver's sense (it queries the secret for every candidate), so
//! it has its own entry point, [`run`]. The algorithm, as the paper gives it:
//!
//! - Generation 0: `population` (N) uniformly random codes.
//! - While the secret is not in the population: keep `survivors` (m) members chosen by `m`
//!   tournaments of size `tournament_size` (k), each drawing k members uniformly with replacement
//!   and keeping the best score (the same member may survive twice: by default the paper's set
//!   union is read as a list, so that every generation has exactly N members; `generation: Sets`
//!   reads it as a set, see [`Generation`]); then breed `N - m` children, each
//!   a two-point crossover of two members drawn uniformly from the whole current population (the
//!   paper says "randomly selected candidates c1 and c2 in G"; `parents: Survivors` draws them from
//!   the survivors instead) followed, with probability `mutation_rate`, by a single-point mutation.
//! - Score = `w_pos x black + w_sym x (black + white)` against the secret.
//! - `generations` counts the generations bred until the secret appeared (0 if it was in the
//!   initial population). `evaluations` counts every candidate scored (N, then `N - m` per
//!   generation); `unique_evaluated` counts distinct codes among them. A cap on generations ends
//!   runs that would not finish (`capped`).

use crate::error::{check, check_unit};
use crate::operators::{
    check_tournament_size, single_point_mutation, tournament, two_point_crossover,
};
use crate::palette::Palette;
use crate::population::{CodeSet, Individual};
use mastermind_core::InvalidParameter;
use mastermind_core::{Code, Game, LabRng, SecretOracle};
use rand::RngExt;
use serde::{Deserialize, Serialize};

/// Where crossover parents are drawn from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum ParentPool {
    /// The whole current population, as the paper's pseudocode says.
    #[default]
    Population,
    /// Only this generation's survivors.
    Survivors,
}

/// How survivors, children and the next generation are collected.
///
/// Justus's pseudocode writes them as sets: "Generate a set of new candidates, C where
/// |C| = N - m", "Set G = S ∪ C", and the tournament adds each winner by
/// "G_(i+1) = G_(i+1) ∪ {...}" while its loop counts tournaments, not distinct winners. The text
/// never says what happens to a repeated code; read as lists, every generation has exactly N
/// members.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Generation {
    /// Lists: m tournament winners (a member may survive twice), N - m children (duplicates
    /// kept), N members in every generation (the default).
    #[default]
    Lists,
    /// Sets: a winner already kept is kept once (m tournaments may keep fewer than m codes);
    /// children are bred until C holds N - m codes distinct from each other; the next
    /// generation is S ∪ C, so a child equal to a survivor counts once and a generation may
    /// have fewer than N members. Every child bred is scored, a repeat included. Breeding stops
    /// after [`SET_BREEDING_ATTEMPTS`] x (N - m) children in one generation, where a population
    /// too uniform to give N - m distinct children would otherwise breed forever.
    Sets,
}

impl Generation {
    /// Whether this is the default, list reading (left out when a config is written).
    pub fn is_lists(&self) -> bool {
        *self == Generation::Lists
    }
}

/// Under [`Generation::Sets`], the most children bred per child wanted in one generation.
pub const SET_BREEDING_ATTEMPTS: u32 = 100;

/// Justus's GA as written in an experiment spec. Missing fields take the paper's defaults.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct JustusConfig {
    /// N: codes per generation (paper: 50).
    pub population: u32,
    /// m: members kept by tournament each generation (paper: 25, a 50% survival rate).
    pub survivors: u32,
    /// r_m: probability of a single-point mutation after each crossover (paper: 0.15).
    pub mutation_rate: f64,
    /// Score weight of a black peg (paper: 3).
    pub w_pos: f64,
    /// Score weight of a correct colour, black or white (paper: 1).
    pub w_sym: f64,
    /// k: tournament size (paper: 2; best 6).
    pub tournament_size: u32,
    /// Where crossover parents come from.
    pub parents: ParentPool,
    /// Generations after which a run stops unsolved.
    pub max_generations: u32,
    /// Whether survivors, children and generations are lists or sets.
    #[serde(skip_serializing_if = "Generation::is_lists")]
    pub generation: Generation,
}

impl Default for JustusConfig {
    fn default() -> Self {
        JustusConfig {
            population: 50,
            survivors: 25,
            mutation_rate: 0.15,
            w_pos: 3.0,
            w_sym: 1.0,
            tournament_size: 2,
            parents: ParentPool::Population,
            max_generations: 100_000,
            generation: Generation::Lists,
        }
    }
}

impl JustusConfig {
    /// Checks every field.
    pub fn validate(&self) -> Result<(), InvalidParameter> {
        check(
            (2..=1_000_000).contains(&self.population),
            "population",
            "an integer in 2..=1000000",
            self.population,
        )?;
        check(
            (1..self.population).contains(&self.survivors),
            "survivors",
            "an integer from 1 to population - 1",
            self.survivors,
        )?;
        check_unit("mutation_rate", self.mutation_rate)?;
        check(
            self.w_pos.is_finite() && self.w_pos >= 0.0,
            "w_pos",
            "a finite number >= 0",
            self.w_pos,
        )?;
        check(
            self.w_sym.is_finite() && self.w_sym >= 0.0,
            "w_sym",
            "a finite number >= 0",
            self.w_sym,
        )?;
        check_tournament_size(self.tournament_size, self.population)?;
        check(self.max_generations >= 1, "max_generations", "at least 1", self.max_generations)
    }
}

/// The record of one run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JustusRun {
    /// Generations bred until the secret was in the population (or the cap).
    pub generations: u32,
    /// Distinct codes scored against the secret.
    pub unique_evaluated: u64,
    /// Codes scored against the secret, repeats included.
    pub evaluations: u64,
    /// Whether the run hit `max_generations` without finding the secret.
    pub capped: bool,
}

/// A validated configuration of Justus's GA for one game.
#[derive(Debug, Clone)]
pub struct JustusStrategy {
    game: Game,
    config: JustusConfig,
}

impl JustusStrategy {
    /// Validates `config` for `game` (the paper's game is 10 pegs x 4 colours).
    pub fn new(game: Game, config: JustusConfig) -> Result<JustusStrategy, InvalidParameter> {
        config.validate()?;
        Ok(JustusStrategy { game, config })
    }

    /// The game this strategy plays.
    pub fn game(&self) -> Game {
        self.game
    }

    /// One run against `secret` (a code of this game).
    pub fn run(&self, secret: &Code, rng: &mut LabRng) -> JustusRun {
        run(self.game, &self.config, secret, rng)
    }
}

/// What a run has scored so far; the secret is reached only through the core's counted
/// [`SecretOracle`], whose evaluations are the run's.
struct Tally<'a> {
    config: &'a JustusConfig,
    oracle: SecretOracle,
    seen: CodeSet,
    found: bool,
}

impl Tally<'_> {
    /// A tally of a run against `secret`, nothing scored yet.
    fn new<'a>(config: &'a JustusConfig, secret: &Code) -> Tally<'a> {
        Tally { config, oracle: SecretOracle::new(*secret), seen: CodeSet::default(), found: false }
    }

    /// Scores `code` against the secret (one evaluation of the oracle).
    fn evaluate(&mut self, code: Code) -> Individual<f64> {
        self.seen.insert(code);
        let f = self.oracle.reply(&code);
        self.found |= self.oracle.is_win(f);
        let fitness =
            self.config.w_pos * f64::from(f.black) + self.config.w_sym * f64::from(f.total());
        Individual { code, fitness }
    }
}

/// One run of the GA against `secret`. `config` must be valid ([`JustusConfig::validate`]).
pub fn run(game: Game, config: &JustusConfig, secret: &Code, rng: &mut LabRng) -> JustusRun {
    let palette = Palette::full(game);
    let mut tally = Tally::new(config, secret);
    let mut population: Vec<Individual<f64>> =
        (0..config.population).map(|_| tally.evaluate(palette.random_code(rng))).collect();
    let mut generations = 0;
    while !tally.found && generations < config.max_generations {
        population = next_generation(game, &palette, &population, &mut tally, rng);
        generations += 1;
    }
    JustusRun {
        generations,
        unique_evaluated: tally.seen.len() as u64,
        evaluations: tally.oracle.counters().evaluations,
        capped: !tally.found,
    }
}

/// Breeds the generation after `population`: survivors by tournament, then children, as lists or
/// as sets ([`Generation`]). Every child bred is scored through `tally`.
fn next_generation(
    game: Game,
    palette: &Palette,
    population: &[Individual<f64>],
    tally: &mut Tally<'_>,
    rng: &mut LabRng,
) -> Vec<Individual<f64>> {
    let config = tally.config;
    let sets = config.generation == Generation::Sets;
    let k = config.tournament_size as usize;
    let children_wanted = (config.population - config.survivors) as usize;
    let fitness: Vec<f64> = population.iter().map(|i| i.fitness).collect();
    let mut in_next = CodeSet::default();
    let mut survivors = Vec::with_capacity(config.survivors as usize);
    for _ in 0..config.survivors {
        let winner = population[tournament(&fitness, k, |a, b| a > b, rng)];
        if !sets || in_next.insert(winner.code) {
            survivors.push(winner);
        }
    }
    let parents = match config.parents {
        ParentPool::Population => population,
        ParentPool::Survivors => &survivors,
    };
    let mut breed = || {
        let a = parents[rng.random_range(0..parents.len())].code;
        let b = parents[rng.random_range(0..parents.len())].code;
        let child = two_point_crossover(game, &a, &b, rng);
        if rng.random_bool(config.mutation_rate) {
            single_point_mutation(palette, &child, rng)
        } else {
            child
        }
    };
    let mut next = survivors.clone();
    if sets {
        let mut children = CodeSet::default();
        for _ in 0..children_wanted * SET_BREEDING_ATTEMPTS as usize {
            if children.len() == children_wanted {
                break;
            }
            let child = tally.evaluate(breed());
            if children.insert(child.code) && in_next.insert(child.code) {
                next.push(child);
            }
        }
    } else {
        for _ in 0..children_wanted {
            next.push(tally.evaluate(breed()));
        }
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;
    use mastermind_core::rng_for;

    fn game() -> Game {
        Game::new(10, 4).unwrap()
    }

    #[test]
    fn runs_find_the_secret_and_count_consistently() {
        let config = JustusConfig::default();
        for seed in 0..20 {
            let mut rng = rng_for(21, &[seed]);
            let secret = Palette::full(game()).random_code(&mut rng);
            let r = run(game(), &config, &secret, &mut rng);
            assert!(!r.capped);
            assert_eq!(r.evaluations, 50 + 25 * u64::from(r.generations));
            assert!(r.unique_evaluated <= r.evaluations && r.unique_evaluated > 0);
        }
    }

    /// A tally for `config` against `secret`, for tests that breed one generation.
    fn tally<'a>(config: &'a JustusConfig, secret: &'a Code) -> Tally<'a> {
        Tally::new(config, secret)
    }

    #[test]
    fn generations_as_sets_hold_no_code_twice_and_lists_hold_n() {
        // A small game where lists often repeat codes.
        let game = Game::new(3, 2).unwrap();
        let palette = Palette::full(game);
        let secret = Code::parse(game, "BBB").unwrap();
        let sets = JustusConfig {
            population: 6,
            survivors: 3,
            generation: Generation::Sets,
            ..JustusConfig::default()
        };
        let lists = JustusConfig { generation: Generation::Lists, ..sets.clone() };
        let mut repeats_in_lists = 0;
        for seed in 0..100 {
            let mut rng = rng_for(8, &[seed]);
            let start: Vec<Individual<f64>> = ["AAA", "AAA", "AAB", "ABA", "ABA", "BAA"]
                .iter()
                .map(|c| tally(&sets, &secret).evaluate(Code::parse(game, c).unwrap()))
                .collect();
            let next =
                next_generation(game, &palette, &start, &mut tally(&sets, &secret), &mut rng);
            let distinct: CodeSet = next.iter().map(|i| i.code).collect();
            assert_eq!(distinct.len(), next.len(), "{next:?}");
            assert!(next.len() <= 6);
            let mut list_tally = tally(&lists, &secret);
            let next = next_generation(game, &palette, &start, &mut list_tally, &mut rng);
            assert_eq!((next.len(), list_tally.oracle.counters().evaluations), (6, 3));
            let distinct: CodeSet = next.iter().map(|i| i.code).collect();
            repeats_in_lists += usize::from(distinct.len() < next.len());
        }
        assert!(repeats_in_lists > 50, "{repeats_in_lists}");
    }

    #[test]
    fn a_population_too_uniform_for_distinct_children_ends_its_generation() {
        // No mutation and one code: every child is that code, already a survivor; the
        // generation ends after the attempt limit with the one code, every attempt scored.
        let game = Game::new(4, 2).unwrap();
        let config = JustusConfig {
            population: 10,
            survivors: 5,
            mutation_rate: 0.0,
            generation: Generation::Sets,
            ..JustusConfig::default()
        };
        let secret = Code::parse(game, "ABAB").unwrap();
        let aaaa = Code::parse(game, "AAAA").unwrap();
        let start = vec![tally(&config, &secret).evaluate(aaaa); 10];
        let mut tally = tally(&config, &secret);
        let next =
            next_generation(game, &Palette::full(game), &start, &mut tally, &mut rng_for(9, &[]));
        assert_eq!(next.iter().map(|i| i.code).collect::<Vec<_>>(), vec![aaaa]);
        assert_eq!(tally.oracle.counters().evaluations, 5 * u64::from(SET_BREEDING_ATTEMPTS));
        // A whole run with sets finds the secret at the paper's settings and counts at least
        // N - m scores per generation.
        let sets = JustusConfig { generation: Generation::Sets, ..JustusConfig::default() };
        let game = Game::new(10, 4).unwrap();
        let mut rng = rng_for(10, &[]);
        let secret = Palette::full(game).random_code(&mut rng);
        let r = run(game, &sets, &secret, &mut rng);
        assert!(!r.capped);
        assert!(r.evaluations >= 50 + 25 * u64::from(r.generations));
    }

    #[test]
    fn a_game_without_repeats_is_solved_with_codes_of_distinct_colours() {
        // The shared operators keep colours distinct there (PMX crossover, swapping mutation,
        // random codes without replacement); a code of repeated colours would fail the debug
        // assertion where it is made.
        let game = Game::without_repeats(5, 8).unwrap();
        for seed in 0..20 {
            let mut rng = rng_for(12, &[seed]);
            let secret = Code::random(game, &mut rng);
            let r = run(game, &JustusConfig::default(), &secret, &mut rng);
            assert!(!r.capped, "seed {seed}");
        }
    }

    #[test]
    fn the_cap_is_reported() {
        let config = JustusConfig { max_generations: 1, ..JustusConfig::default() };
        let secret = Code::parse(game(), "ABCDABCDAB").unwrap();
        let capped = (0..50)
            .map(|s| run(game(), &config, &secret, &mut rng_for(3, &[s])))
            .filter(|r| r.capped)
            .inspect(|r| assert_eq!(r.generations, 1))
            .count();
        assert!(capped >= 45, "one generation almost never finds a 10x4 secret: {capped}");
    }

    #[test]
    fn rejects_bad_configurations() {
        let bad = JustusConfig { survivors: 50, ..JustusConfig::default() };
        assert!(matches!(
            bad.validate(),
            Err(InvalidParameter { field, .. }) if field == "survivors"
        ));
        let bad = JustusConfig { mutation_rate: 1.5, ..JustusConfig::default() };
        assert!(matches!(
            bad.validate(),
            Err(InvalidParameter { field, .. }) if field == "mutation_rate"
        ));
        let bad = JustusConfig { tournament_size: 0, ..JustusConfig::default() };
        assert!(bad.validate().is_err());
    }
}
