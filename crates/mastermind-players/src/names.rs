//! The players by short name, as the command line offers them: the deterministic one-ply presets
//! of the tree crate (`knuth`, `irving`, ...), `optimal`, and the lab's players with the specs'
//! defaults (`entropy`, ..., `mh`).

use crate::spec::PlayerSpec;
use mastermind_core::Game;
use mastermind_evolution::{EdaConfig, EvoConfig, ShcConfig};
use mastermind_heuristics::{Heuristic, OnePlyConfig, Pool};
use mastermind_mcmc::MhConfig;
use mastermind_tree::Preset;

/// The name of the optimal player.
pub const OPTIMAL: &str = "optimal";

/// The lab's players by short name, with the specs' defaults.
const SPEC_PLAYERS: [(&str, &str); 10] = [
    ("entropy", "one-ply Entropy over the consistent codes, random ties (Runarsson & Merelo)"),
    ("most-parts", "one-ply Most parts over the consistent codes, random ties"),
    ("expected-size", "one-ply Expected size over the consistent codes, random ties"),
    ("worst-case", "one-ply Worst case over the consistent codes, random ties"),
    ("random", "a uniformly random consistent code"),
    ("local-entropy", "the consistent code of highest local entropy"),
    ("eda", "the EDA of Runarsson & Merelo (fitness f_l)"),
    ("evo", "Evo++ of Merelo, Mora, Runarsson & Cotta"),
    ("hill-climber", "the hill-climber of Temporel & Kovacs"),
    ("mh", "Snyder's Metropolis-Hastings player (theta = 2)"),
];

/// A player named by its short name.
#[derive(Debug, Clone, PartialEq)]
pub enum Named {
    /// A deterministic one-ply preset (its configuration depends on the game).
    Preset(Preset),
    /// The strategy with the fewest total guesses.
    Optimal,
    /// One of the lab's players, with the specs' defaults.
    Spec(PlayerSpec),
}

/// The player called `name`, if any.
pub fn named(name: &str) -> Option<Named> {
    if let Some(preset) = Preset::from_name(name) {
        return Some(Named::Preset(preset));
    }
    if name == OPTIMAL {
        return Some(Named::Optimal);
    }
    let one_ply = |h| Some(Named::Spec(PlayerSpec::OnePly(OnePlyConfig::new(h))));
    match name {
        "entropy" => one_ply(Heuristic::Entropy),
        "most-parts" => one_ply(Heuristic::MostParts),
        "expected-size" => one_ply(Heuristic::ExpectedSize),
        "worst-case" => one_ply(Heuristic::WorstCase),
        "random" => one_ply(Heuristic::Random),
        "local-entropy" => one_ply(Heuristic::LocalEntropy),
        "eda" => Some(Named::Spec(PlayerSpec::Eda(EdaConfig::default()))),
        "evo" => Some(Named::Spec(PlayerSpec::Evo(EvoConfig::default()))),
        "hill-climber" => Some(Named::Spec(PlayerSpec::HillClimber(ShcConfig::default()))),
        "mh" => Some(Named::Spec(PlayerSpec::MetropolisHastings(MhConfig::default()))),
        _ => None,
    }
}

/// Every short name with a one-line description, deterministic players first.
pub fn player_names() -> Vec<(&'static str, String)> {
    let mut names: Vec<(&'static str, String)> =
        Preset::ALL.iter().map(|p| (p.name(), describe(&p.config(Game::CLASSIC)))).collect();
    names.push((OPTIMAL, "the fewest total guesses: saved at 4x6, searched for elsewhere".into()));
    names.extend(SPEC_PLAYERS.iter().map(|(n, d)| (*n, d.to_string())));
    names
}

/// The short names of the players that are strategy trees: the presets and the optimum.
pub fn tree_player_names() -> Vec<&'static str> {
    Preset::ALL.iter().map(|p| p.name()).chain([OPTIMAL]).collect()
}

/// A deterministic one-ply configuration in words: `deterministic: WorstCase over every code
/// (consistent ones first), first guess AABB at 4x6`.
fn describe(config: &OnePlyConfig) -> String {
    let pool = match config.pool {
        Pool::Consistent => "the consistent codes",
        Pool::AllPreferConsistent => "every code (consistent ones first)",
    };
    let first = match &config.first_guess {
        Some(first) => format!(", first guess {first} at 4x6"),
        None => String::new(),
    };
    format!("deterministic: {:?} over {pool}{first}", config.heuristic)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_short_name_is_a_valid_player_at_4x6() {
        for (name, _) in player_names() {
            match named(name) {
                Some(Named::Spec(spec)) => {
                    spec.strategy(Game::CLASSIC).unwrap();
                }
                Some(Named::Preset(preset)) => {
                    let spec = PlayerSpec::OnePly(preset.config(Game::CLASSIC));
                    assert!(spec.has_tree(Game::CLASSIC), "{name}");
                }
                Some(Named::Optimal) => assert_eq!(name, OPTIMAL),
                None => panic!("{name} is listed but not known"),
            }
        }
        assert!(named("knoth").is_none());
    }
}
