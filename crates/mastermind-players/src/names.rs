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

/// Why a player's name is not a strategy tree's, naming the tree meant where there is one: the
/// same names work in every command, or the refusal says which one to type instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotATree {
    /// A one-ply rule played with random ties (`entropy`, `worst-case`, ...): its deterministic
    /// trees are the presets of the same heuristic, over every code and over the consistent ones.
    RandomTies {
        /// The name typed.
        name: String,
        /// The preset over every code, consistent codes preferred (`entropy-all`, `knuth`).
        all_codes: Preset,
        /// The preset over the consistent codes only (`entropy-consistent`).
        consistent: Preset,
    },
    /// A player that makes random choices (`random`, `eda`, `mh`, ...): it has no strategy tree.
    Random {
        /// The name typed.
        name: String,
    },
    /// No player of the lab has this name.
    Unknown {
        /// The name typed.
        name: String,
    },
}

impl std::fmt::Display for NotATree {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let trees = tree_player_names().join(", ");
        match self {
            NotATree::RandomTies { name, all_codes, consistent } => write!(
                f,
                "'{name}' breaks ties at random, so it has no strategy tree: the tree of \
                 {heuristic} is '{all_codes}' (over every code, consistent codes first) or \
                 '{consistent}' (over the consistent codes); the players with a tree are: {trees}",
                heuristic = heuristic_words(all_codes.heuristic()),
            ),
            NotATree::Random { name } => write!(
                f,
                "'{name}' makes random choices, so it has no strategy tree; the players with a \
                 tree are: {trees}"
            ),
            NotATree::Unknown { name } => {
                write!(f, "unknown player '{name}'; the players with a strategy tree are: {trees}")
            }
        }
    }
}

impl std::error::Error for NotATree {}

/// The strategy tree called `name`: a preset or the optimum, or why `name` has none, naming the
/// tree meant (`entropy` has none; its trees are `entropy-all` and `entropy-consistent`).
pub fn tree_named(name: &str) -> Result<Named, NotATree> {
    let not_a_tree = match named(name) {
        Some(tree @ (Named::Preset(_) | Named::Optimal)) => return Ok(tree),
        Some(Named::Spec(PlayerSpec::OnePly(config))) => {
            let preset = |pool| {
                Preset::ALL
                    .into_iter()
                    .find(|p| p.heuristic() == config.heuristic && p.pool() == pool)
            };
            match (preset(Pool::AllPreferConsistent), preset(Pool::Consistent)) {
                (Some(all_codes), Some(consistent)) => {
                    NotATree::RandomTies { name: name.into(), all_codes, consistent }
                }
                _ => NotATree::Random { name: name.into() },
            }
        }
        Some(Named::Spec(_)) => NotATree::Random { name: name.into() },
        None => NotATree::Unknown { name: name.into() },
    };
    Err(not_a_tree)
}

/// A heuristic as a sentence names it.
fn heuristic_words(heuristic: Heuristic) -> &'static str {
    match heuristic {
        Heuristic::Entropy => "Entropy",
        Heuristic::MostParts => "Most parts",
        Heuristic::ExpectedSize => "Expected size",
        Heuristic::WorstCase => "Worst case",
        Heuristic::Random => "Random",
        Heuristic::LocalEntropy => "LocalEntropy",
    }
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

    #[test]
    fn every_short_name_is_a_tree_or_its_refusal_names_one_that_is() {
        let trees = tree_player_names();
        for (name, _) in player_names() {
            match tree_named(name) {
                Ok(_) => assert!(trees.contains(&name), "{name} builds a tree but is not listed"),
                Err(why) => {
                    let said = why.to_string();
                    assert!(said.contains(&format!("'{name}'")), "{said}");
                    assert!(trees.iter().all(|tree| said.contains(tree)), "{said}");
                }
            }
        }
        let entropy = tree_named("entropy").unwrap_err().to_string();
        assert!(
            entropy.contains("the tree of Entropy is 'entropy-all' (over every code")
                && entropy.contains("or 'entropy-consistent' (over the consistent codes)"),
            "{entropy}"
        );
        let worst = tree_named("worst-case").unwrap_err().to_string();
        assert!(
            worst.contains("is 'knuth'") && worst.contains("'worst-case-consistent'"),
            "{worst}"
        );
        assert_eq!(tree_named("mh"), Err(NotATree::Random { name: "mh".into() }));
        assert_eq!(
            tree_named("local-entropy"),
            Err(NotATree::Random { name: "local-entropy".into() })
        );
        assert_eq!(tree_named("knoth"), Err(NotATree::Unknown { name: "knoth".into() }));
        assert_eq!(tree_named("kooi"), Ok(Named::Preset(Preset::Kooi)));
        assert_eq!(tree_named(OPTIMAL), Ok(Named::Optimal));
    }
}
