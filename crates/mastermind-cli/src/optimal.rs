//! The optimal strategy tree of a game: saved with the crate for 4x6, searched for elsewhere.
//!
//! The 4x6 tree (5625 guesses over the 1296 secrets, Koyama & Lai's optimum) is loaded from
//! `trees/optimal-4x6.json` in a few milliseconds instead of searched for (0.15-0.6 s); a test
//! checks that it replays every secret and totals what a fresh search proves optimal.

use anyhow::{Context, Result, bail};
use mastermind_core::Game;
use mastermind_players::families::tree::StrategyTree;
use mastermind_players::{BuildHooks, OptimalSpec, TreeRecipe};
use std::sync::Arc;

/// The optimal 4x6 tree as exported by `mastermind tree --player optimal --format json`.
pub const SAVED_4X6: &str = include_str!("../trees/optimal-4x6.json");

/// The saved optimal 4x6 tree, after its shape check and a replay of every secret.
pub fn saved_4x6() -> Result<StrategyTree> {
    let tree = mastermind_players::families::tree::export::from_json(SAVED_4X6)
        .context("the saved optimal 4x6 tree does not load")?;
    tree.verify().context("the saved optimal 4x6 tree fails its replay")?;
    Ok(tree)
}

/// The most codes a game may have for `solve` and `play` to search its optimum on the spot
/// (4x8 in seconds, 4x9 in a minute); larger games are searched with `tree --units`, which
/// keeps its work.
const INTERACTIVE_MAX_CODES: u64 = 8192;

/// The optimal tree of `game`: the saved one at 4x6, otherwise an exact search (a note on the
/// standard error says so, since it may take long).
pub fn tree_for(game: Game) -> Result<Arc<StrategyTree>> {
    if game == Game::CLASSIC {
        return saved_4x6().map(Arc::new);
    }
    if game.size().is_none_or(|size| size > INTERACTIVE_MAX_CODES) {
        bail!(
            "no saved optimal strategy for {game}, and its exact search is not started here: \
             it takes minutes to days past {INTERACTIVE_MAX_CODES} codes (4x10: 16 minutes of \
             CPU time); search it with `mastermind tree --game {game} --player optimal --units \
             DIR`, which keeps its work"
        );
    }
    eprintln!("note: no saved optimal tree for {game}; searching for it (this can take long)");
    let built = TreeRecipe::Optimal(OptimalSpec::default())
        .build(game, &BuildHooks::default())
        .with_context(|| format!("the optimal strategy of {game}"))?;
    Ok(Arc::new(built.into_tree()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::tree::{Format, export_as};

    /// The saved tree replays every secret and totals what a fresh search proves optimal (the
    /// search may break ties differently over time; any optimal tree will do). To rewrite the file
    /// from the search: `UPDATE_SAVED_TREES=1 cargo test -p mastermind-cli saved_optimal`.
    #[test]
    fn saved_optimal_tree_is_optimal() {
        let recipe = TreeRecipe::Optimal(OptimalSpec::default());
        let built = recipe.build(Game::CLASSIC, &BuildHooks::default()).unwrap();
        assert_eq!(built.optimality(), "proved optimal");
        if std::env::var_os("UPDATE_SAVED_TREES").is_some() {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/trees/optimal-4x6.json");
            std::fs::write(path, export_as(built.tree(), Format::Json)).unwrap();
        }
        let saved = saved_4x6().unwrap();
        assert_eq!(saved.total_guesses(), built.tree().total_guesses());
        assert_eq!((saved.total_guesses(), saved.max_guesses()), (5625, 6));
    }
}
