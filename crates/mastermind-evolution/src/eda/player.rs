//! One game of the EDA: the population, the per-position model and the choice of the guess.

use super::{EdaConfig, EdaFitness};
use crate::palette::Palette;
use crate::population::{FitnessCache, Individual};
use mastermind_core::local_entropy::PlayedSymbols;
use mastermind_core::{Code, Game, LabRng, Oracle, Player, PlayerError};
use rand::RngExt;
use rand::seq::{IndexedRandom, SliceRandom};

/// Two local entropies closer than this are equal (they are sums of a few logarithms).
const ENTROPY_TIE: f64 = 1e-12;

/// The fitness of one code under the current history.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct EdaFit {
    /// Distance to consistency (0 = consistent).
    distance: u32,
    /// Local entropy of the code next to the guesses played.
    entropy: f64,
    /// The value ranked, higher is better: `-f` or `f_l`.
    rank: f64,
}

/// The EDA playing one game.
#[derive(Debug, Clone)]
pub struct EdaPlayer {
    config: EdaConfig,
    first: Code,
    population: Vec<Individual<EdaFit>>,
    cache: FitnessCache<EdaFit>,
    restarts: u32,
    generations: u64,
}

impl EdaPlayer {
    /// A player that opens with `first`; `config` must have been validated.
    pub fn new(config: EdaConfig, first: Code) -> EdaPlayer {
        EdaPlayer {
            config,
            first,
            population: Vec::new(),
            cache: FitnessCache::new(),
            restarts: 0,
            generations: 0,
        }
    }

    /// How often the generation cap fired and the population restarted, this game.
    pub fn restarts(&self) -> u32 {
        self.restarts
    }

    /// Generations run this game (restarted ones included).
    pub fn generations(&self) -> u64 {
        self.generations
    }

    /// Per-game metrics beyond the driver's counters, for the runner.
    pub fn extra_metrics(&self) -> Vec<(&'static str, f64)> {
        vec![("restarts", f64::from(self.restarts)), ("generations", self.generations as f64)]
    }

    fn evaluate(&mut self, code: Code, oracle: &mut Oracle<'_>, played: &PlayedSymbols) -> EdaFit {
        let mode = self.config.fitness;
        self.cache.get_or_compute(&code, |c| {
            let distance = oracle.distance(c);
            let entropy = played.entropy_with(c);
            let rank = match mode {
                EdaFitness::Distance => -f64::from(distance),
                EdaFitness::LocalEntropy => entropy / (1.0 + f64::from(distance)),
            };
            EdaFit { distance, entropy, rank }
        })
    }

    fn fresh_population(&mut self, game: Game, rng: &mut LabRng) {
        let palette = Palette::full(game);
        self.population.clear();
        for _ in 0..self.config.population {
            let code = palette.random_code(rng);
            let fitness = EdaFit { distance: 0, entropy: 0.0, rank: 0.0 };
            self.population.push(Individual { code, fitness });
        }
    }

    /// The consistent code of highest local entropy in the population, ties at random.
    fn best_consistent(&self, rng: &mut LabRng) -> Option<Code> {
        let mut best: Vec<Code> = Vec::new();
        let mut best_entropy = f64::NEG_INFINITY;
        for ind in self.population.iter().filter(|i| i.fitness.distance == 0) {
            let e = ind.fitness.entropy;
            if e > best_entropy + ENTROPY_TIE {
                best.clear();
                best_entropy = e;
            }
            if (e - best_entropy).abs() <= ENTROPY_TIE && !best.contains(&ind.code) {
                best.push(ind.code);
            }
        }
        best.choose(rng).copied()
    }

    /// One EDA step: keep the best, estimate the model on them, resample the rest.
    fn step(&mut self, game: Game, rng: &mut LabRng) {
        self.population.shuffle(rng);
        self.population.sort_by(|a, b| b.fitness.rank.total_cmp(&a.fitness.rank));
        let keep = self.population.len() - self.config.replaced();
        self.population.truncate(keep);
        let pegs = usize::from(game.pegs());
        let colours = usize::from(game.colours());
        let mut weights = vec![self.config.pseudo_count; pegs * colours];
        for ind in &self.population {
            for (i, c) in ind.code.colours().enumerate() {
                weights[i * colours + usize::from(c)] += 1.0;
            }
        }
        let floor = self.config.min_probability * keep as f64;
        for w in weights.iter_mut().filter(|w| **w == 0.0) {
            *w = floor;
        }
        let totals: Vec<f64> = weights.chunks(colours).map(|w| w.iter().sum()).collect();
        let mut buf = [0u8; 16];
        for _ in 0..self.config.replaced() {
            if game.repeats() {
                for (i, slot) in buf[..pegs].iter_mut().enumerate() {
                    *slot = sample(&weights[i * colours..(i + 1) * colours], totals[i], rng);
                }
            } else {
                sample_distinct(&weights, colours, &mut buf[..pegs], rng);
            }
            let code = Code::from_valid_colours(game, &buf[..pegs]);
            let fitness = EdaFit { distance: u32::MAX, entropy: 0.0, rank: f64::NEG_INFINITY };
            self.population.push(Individual { code, fitness });
        }
    }
}

/// A code of distinct colours from the per-peg model `weights` (`colours` weights per peg), in a
/// game without repeated colours: peg by peg, each colour drawn in proportion to its weight
/// among the colours the earlier pegs left (uniformly among them if all those weights are 0).
fn sample_distinct(weights: &[f64], colours: usize, out: &mut [u8], rng: &mut LabRng) {
    let mut used = 0u32;
    for (i, slot) in out.iter_mut().enumerate() {
        let mut left: Vec<f64> = weights[i * colours..(i + 1) * colours].to_vec();
        for (c, w) in left.iter_mut().enumerate() {
            if used >> c & 1 == 1 {
                *w = 0.0;
            }
        }
        let total: f64 = left.iter().sum();
        if total <= 0.0 {
            for (c, w) in left.iter_mut().enumerate() {
                *w = if used >> c & 1 == 1 { 0.0 } else { 1.0 };
            }
        }
        let total: f64 = left.iter().sum();
        *slot = sample(&left, total, rng);
        used |= 1 << *slot;
    }
}

/// A colour drawn with probability proportional to `weights` (which sum to `total` > 0).
fn sample(weights: &[f64], total: f64, rng: &mut LabRng) -> u8 {
    let mut u = rng.random::<f64>() * total;
    for (c, &w) in weights.iter().enumerate() {
        if u < w {
            return c as u8;
        }
        u -= w;
    }
    weights.iter().rposition(|&w| w > 0.0).unwrap_or(0) as u8
}

impl Player for EdaPlayer {
    fn metrics(&self) -> Vec<(&'static str, f64)> {
        self.extra_metrics()
    }

    fn next_guess(
        &mut self,
        oracle: &mut Oracle<'_>,
        rng: &mut LabRng,
    ) -> Result<Code, PlayerError> {
        let game = oracle.game();
        if oracle.history().is_empty() {
            return Ok(self.first);
        }
        self.cache.begin_turn(oracle.history().len());
        let played = PlayedSymbols::from_history(oracle.history());
        if self.population.is_empty() {
            self.fresh_population(game, rng);
        }
        let mut generation = 0u32;
        let mut restarts_this_turn = 0u32;
        loop {
            for i in 0..self.population.len() {
                let code = self.population[i].code;
                self.population[i].fitness = self.evaluate(code, oracle, &played);
            }
            if let Some(code) = self.best_consistent(rng) {
                return Ok(code);
            }
            if generation >= self.config.max_generations {
                if restarts_this_turn >= self.config.max_restarts {
                    return Err(PlayerError(format!(
                        "EDA found no consistent code after {restarts_this_turn} restarts"
                    )));
                }
                self.restarts += 1;
                restarts_this_turn += 1;
                generation = 0;
                self.fresh_population(game, rng);
                continue;
            }
            self.step(game, rng);
            generation += 1;
            self.generations += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mastermind_core::rng_for;

    /// A player whose whole population is `code`, already ranked.
    fn collapsed(min_probability: f64, code: &str) -> (EdaPlayer, Game) {
        let game = Game::CLASSIC;
        let config = EdaConfig { min_probability, ..EdaConfig::default() };
        let first = Code::parse(game, "AABB").unwrap();
        let mut player = EdaPlayer::new(config, first);
        let code = Code::parse(game, code).unwrap();
        let fitness = EdaFit { distance: 1, entropy: 1.0, rank: 0.5 };
        player.population = vec![Individual { code, fitness }; 200];
        (player, game)
    }

    #[test]
    fn absent_colours_keep_the_floor_probability() {
        // Kept: 100 copies of AAAA. Each position draws a colour other than A with probability
        // 5 x 0.05 / 1.25 = 0.2, so 100 new codes hold about 59 codes with another colour.
        let (mut player, game) = collapsed(0.05, "AAAA");
        let mut rng = rng_for(7, &[1]);
        player.step(game, &mut rng);
        let a = Code::parse(game, "AAAA").unwrap();
        let changed = player.population[100..].iter().filter(|i| i.code != a).count();
        assert!((40..=80).contains(&changed), "{changed} of 100 new codes differ from AAAA");
    }

    #[test]
    fn without_the_floor_the_model_collapses() {
        let (mut player, game) = collapsed(0.0, "ABCD");
        let mut rng = rng_for(7, &[2]);
        player.step(game, &mut rng);
        let code = Code::parse(game, "ABCD").unwrap();
        assert!(player.population.iter().all(|i| i.code == code));
    }
}
