//! How a strategy tree is made, in one place for the lab's specs, the games' tree players and the
//! command line: a [`TreeSpec`] as written (a preset, a deterministic one-ply configuration or the
//! exact optimum) is resolved for a game into a [`TreeRecipe`], which is checked without building
//! anything and built on demand, with progress and a stop flag where the caller wants them.

use mastermind_core::{Game, InvalidParameter};
use mastermind_heuristics::OnePlyConfig;
use mastermind_optimal::{
    ProgressCallback, Solution, SolveError, SolveOptions, check_game, solve, solve_worst_case,
};
use mastermind_tree::{BuildError, BuildProgress, BuildStats, Preset, StrategyTree};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// How a strategy tree is made, as a spec writes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum TreeSpec {
    /// A named one-ply preset of the tree crate (`"knuth"`, `"irving"`, `"kooi"`, ...).
    Preset(String),
    /// Any deterministic one-ply configuration (`ties: First`).
    OnePly(OnePlyConfig),
    /// The exact optimum: fewest total guesses, optionally with at most `max_depth` guesses.
    Optimal(OptimalSpec),
}

/// Options of the exact search.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptimalSpec {
    /// The most guesses any secret may need.
    #[serde(default)]
    pub max_depth: Option<u32>,
    /// Guess only codes that could still be the secret: the optimum of consistent play.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub consistent_only: bool,
    /// With `consistent_only`: guess codes possible before the latest reply, the rule of
    /// fancidev's `mmstrat -po` (see [`SolveOptions::possible_before_last_reply`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub possible_before_last_reply: bool,
    /// The worst-case optimum: the smallest maximum number of guesses any strategy keeps, and
    /// the fewest total guesses within it (every smaller maximum proved infeasible; see
    /// [`mastermind_optimal::solve_worst_case`]). Excludes `max_depth`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub worst_case: bool,
}

impl OptimalSpec {
    /// The exact search's options for this optimum (every pruning rule on; no progress, no
    /// stop): the one translation of a spec's optimum into a search.
    pub fn solve_options(&self) -> SolveOptions {
        SolveOptions {
            max_depth: self.max_depth,
            consistent_only: self.consistent_only,
            possible_before_last_reply: self.possible_before_last_reply,
            ..SolveOptions::default()
        }
    }

    /// The optimum in words, as the lab stores it in its `strategy` column:
    /// `optimal among consistent guesses, at most 6 guesses`.
    pub fn describe(&self) -> String {
        let among = match (self.consistent_only, self.possible_before_last_reply) {
            (false, _) => "",
            (true, false) => " among consistent guesses",
            (true, true) => " among codes possible before the latest reply",
        };
        match self.max_depth {
            _ if self.worst_case => format!("optimal{among}, fewest guesses in the worst case"),
            Some(d) => format!("optimal{among}, at most {d} guesses"),
            None => format!("optimal{among}"),
        }
    }
}

/// A tree resolved for one game: what the builder or the exact search is given.
#[derive(Debug, Clone, PartialEq)]
pub enum TreeRecipe {
    /// A deterministic one-ply configuration (a preset's, for this game).
    OnePly(OnePlyConfig),
    /// The exact search.
    Optimal(OptimalSpec),
}

/// What a build may report to, and be stopped by. The default has neither.
#[derive(Clone, Default)]
pub struct BuildHooks<'a> {
    /// Counts the secrets a one-ply tree has placed so far.
    pub placed: Option<&'a BuildProgress>,
    /// Called with the exact search's nodes and bounds now and then.
    pub search_progress: Option<ProgressCallback>,
    /// Set to stop the exact search with its best tree so far.
    pub stop: Option<Arc<AtomicBool>>,
    /// Run the exact search on every thread of the current rayon pool (the same optimum; which
    /// of several optimal trees it returns can change from run to run).
    pub parallel_search: bool,
}

/// A built tree and what building it did.
#[derive(Debug)]
pub enum BuiltTree {
    /// A one-ply tree and the builder's counts.
    OnePly {
        /// The tree.
        tree: StrategyTree,
        /// Nodes and candidates scored.
        stats: BuildStats,
    },
    /// The exact search's outcome: its tree, whether it is proved optimal, bounds and counts.
    Optimal(Solution),
}

impl BuiltTree {
    /// The tree.
    pub fn tree(&self) -> &StrategyTree {
        match self {
            BuiltTree::OnePly { tree, .. } => tree,
            BuiltTree::Optimal(solution) => &solution.tree,
        }
    }

    /// The tree, owned.
    pub fn into_tree(self) -> StrategyTree {
        match self {
            BuiltTree::OnePly { tree, .. } => tree,
            BuiltTree::Optimal(solution) => solution.tree,
        }
    }

    /// Nodes the builder scored, or the exact search visited.
    pub fn nodes(&self) -> u64 {
        match self {
            BuiltTree::OnePly { stats, .. } => stats.nodes,
            BuiltTree::Optimal(solution) => solution.nodes_searched,
        }
    }

    /// `heuristic`, `proved optimal`, or `best found` (an exact search stopped early).
    pub fn optimality(&self) -> &'static str {
        match self {
            BuiltTree::OnePly { .. } => "heuristic",
            BuiltTree::Optimal(solution) if solution.proved => "proved optimal",
            BuiltTree::Optimal(_) => "best found",
        }
    }
}

impl TreeSpec {
    /// The recipe of this tree for `game`, checked without building anything: a preset must exist,
    /// a one-ply configuration must be deterministic and fit the builder (the builder's own
    /// check), and the optimum's game must fit the exact search. The error names the field.
    pub fn recipe(&self, game: Game) -> Result<TreeRecipe, InvalidParameter> {
        let recipe = match self {
            TreeSpec::Optimal(optimum) if optimum.worst_case && optimum.max_depth.is_some() => {
                let reason = "the worst-case optimum finds its own maximum; drop max_depth";
                return Err(InvalidParameter::refused("worst_case", true, reason));
            }
            TreeSpec::Optimal(optimum) => TreeRecipe::Optimal(*optimum),
            TreeSpec::OnePly(config) => TreeRecipe::OnePly(config.clone()),
            TreeSpec::Preset(name) => match Preset::from_name(name) {
                Some(preset) => TreeRecipe::OnePly(preset.config(game)),
                None => {
                    let names: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
                    let reason = format!(
                        "no preset is called {name:?}; the presets are {}",
                        names.join(", ")
                    );
                    return Err(InvalidParameter::refused("preset", "", reason));
                }
            },
        };
        recipe.check(game)?;
        Ok(recipe)
    }

    /// Whether the tree can be made for `game`, without making it (see [`TreeSpec::recipe`]).
    pub fn check(&self, game: Game) -> Result<(), InvalidParameter> {
        self.recipe(game).map(|_| ())
    }
}

impl TreeRecipe {
    /// Whether this recipe can be built for `game`, without building it.
    pub fn check(&self, game: Game) -> Result<(), InvalidParameter> {
        match self {
            TreeRecipe::OnePly(config) => one_ply_tree_check(game, config),
            TreeRecipe::Optimal(_) => check_game(game).map_err(|e| solve_error(e, game, None)),
        }
    }

    /// What the lab stores in its `strategy` column: the one-ply configuration as JSON, or the
    /// optimum in words.
    pub fn describe(&self) -> String {
        match self {
            TreeRecipe::OnePly(config) => serde_json::to_string(config).unwrap_or_default(),
            TreeRecipe::Optimal(optimum) => optimum.describe(),
        }
    }

    /// Builds the tree for `game` (the exact search runs here), reporting to `hooks`.
    pub fn build(&self, game: Game, hooks: &BuildHooks<'_>) -> Result<BuiltTree, InvalidParameter> {
        match self {
            TreeRecipe::OnePly(config) => {
                let built = match hooks.placed {
                    Some(placed) => mastermind_tree::build_tree_with_progress(game, config, placed),
                    None => mastermind_tree::build_tree(game, config),
                };
                let (tree, stats) = built.map_err(|e| build_error(e, game))?;
                Ok(BuiltTree::OnePly { tree, stats })
            }
            TreeRecipe::Optimal(optimum) => {
                let options = SolveOptions {
                    progress: hooks.search_progress.clone(),
                    stop: hooks.stop.clone(),
                    parallel: hooks.parallel_search,
                    ..optimum.solve_options()
                };
                let solution = if optimum.worst_case {
                    solve_worst_case(game, &options)
                } else {
                    solve(game, &options)
                };
                let solution = solution.map_err(|e| solve_error(e, game, optimum.max_depth))?;
                Ok(BuiltTree::Optimal(solution))
            }
        }
    }
}

/// Whether `config` makes a strategy tree for `game`: the tree builder's own check (a scored
/// heuristic or LocalEntropy over the consistent codes, ties by code order, each candidate
/// scored by its own partition, no random subset, a game that fits). The one definition of "a
/// deterministic one-ply player with a tree".
pub(crate) fn one_ply_tree_check(
    game: Game,
    config: &OnePlyConfig,
) -> Result<(), InvalidParameter> {
    mastermind_tree::check_config(game, config).map_err(|e| build_error(e, game))
}

/// A tree builder's error as the field at fault: its own field, or else the game.
fn build_error(e: BuildError, game: Game) -> InvalidParameter {
    match e {
        BuildError::Parameter(e) => e,
        other => InvalidParameter::refused("game", game, other.to_string()),
    }
}

/// The exact search's error as the field at fault: the depth limit when no strategy meets it,
/// else the game.
fn solve_error(e: SolveError, game: Game, max_depth: Option<u32>) -> InvalidParameter {
    match (e, max_depth) {
        (e @ SolveError::Infeasible { .. }, Some(depth)) => {
            InvalidParameter::refused("max_depth", depth, e.to_string())
        }
        (e, _) => InvalidParameter::refused("game", game, e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_worst_case_optimum_refuses_a_depth_limit_and_finds_koyama_and_lai_5626() {
        let game = Game::new(4, 6).unwrap();
        let both = OptimalSpec { max_depth: Some(5), worst_case: true, ..OptimalSpec::default() };
        let refused = TreeSpec::Optimal(both).recipe(game).unwrap_err();
        assert_eq!(refused.field, "worst_case", "{refused}");
        let worst = OptimalSpec { worst_case: true, ..OptimalSpec::default() };
        assert_eq!(worst.describe(), "optimal, fewest guesses in the worst case");
        let recipe = TreeSpec::Optimal(worst).recipe(game).unwrap();
        let built = recipe.build(game, &BuildHooks::default()).unwrap();
        assert_eq!(built.optimality(), "proved optimal");
        let tree = built.into_tree();
        assert_eq!((tree.total_guesses(), tree.max_guesses()), (5626, 5));
    }
}
