//! Justus's genetic algorithm ("Solutions to Mastermind using a genetic algorithm"): every candidate
//! is scored against the secret itself, and a run ends when the secret is in the population.
//!
//! This is not a codebreaker in the driver's sense (it queries the secret for every candidate), so
//! it has its own entry point, [`run`]. The algorithm, as the paper gives it:
//!
//! - Generation 0: `population` (N) uniformly random codes.
//! - While the secret is not in the population: keep `survivors` (m) members chosen by `m`
//!   tournaments of size `tournament_size` (k), each drawing k members uniformly with replacement
//!   and keeping the best score (the same member may survive twice: the paper's set union is read
//!   as a list, so that every generation has exactly N members); then breed `N - m` children, each
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
use mastermind_core::{Code, Game, LabRng, score};
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

/// What a run has scored so far.
struct Tally<'a> {
    config: &'a JustusConfig,
    secret: &'a Code,
    seen: CodeSet,
    evaluations: u64,
    found: bool,
}

impl Tally<'_> {
    /// Scores `code` against the secret, counting it.
    fn evaluate(&mut self, code: Code) -> Individual<f64> {
        self.evaluations += 1;
        self.seen.insert(code);
        let f = score(self.secret, &code);
        self.found |= f.black == self.secret.len() as u8;
        let fitness =
            self.config.w_pos * f64::from(f.black) + self.config.w_sym * f64::from(f.total());
        Individual { code, fitness }
    }
}

/// One run of the GA against `secret`. `config` must be valid ([`JustusConfig::validate`]).
pub fn run(game: Game, config: &JustusConfig, secret: &Code, rng: &mut LabRng) -> JustusRun {
    let palette = Palette::full(game);
    let mut tally =
        Tally { config, secret, seen: CodeSet::default(), evaluations: 0, found: false };
    let mut population: Vec<Individual<f64>> =
        (0..config.population).map(|_| tally.evaluate(palette.random_code(rng))).collect();
    let k = config.tournament_size as usize;
    let mut generations = 0;
    while !tally.found && generations < config.max_generations {
        let fitness: Vec<f64> = population.iter().map(|i| i.fitness).collect();
        let survivors: Vec<Individual<f64>> = (0..config.survivors)
            .map(|_| population[tournament(&fitness, k, |a, b| a > b, rng)])
            .collect();
        let parents = match config.parents {
            ParentPool::Population => &population,
            ParentPool::Survivors => &survivors,
        };
        let mut next = survivors.clone();
        for _ in config.survivors..config.population {
            let a = parents[rng.random_range(0..parents.len())].code;
            let b = parents[rng.random_range(0..parents.len())].code;
            let mut child = two_point_crossover(game, &a, &b, rng);
            if rng.random_bool(config.mutation_rate) {
                child = single_point_mutation(&palette, &child, rng);
            }
            next.push(tally.evaluate(child));
        }
        population = next;
        generations += 1;
    }
    JustusRun {
        generations,
        unique_evaluated: tally.seen.len() as u64,
        evaluations: tally.evaluations,
        capped: !tally.found,
    }
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
