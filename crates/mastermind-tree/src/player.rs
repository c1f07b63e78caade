//! A strategy tree as a player of the game driver, so that a tree (the exact optimum, say) plays
//! in any experiment beside the other players.

use crate::tree::{Node, StrategyTree};
use mastermind_core::{Code, LabRng, Oracle, Player, PlayerError, Strategy};
use std::sync::Arc;

/// Plays the guesses of a strategy tree: shares one tree between every game it plays.
///
/// The tree was built before the games, so a game examines no candidates and computes no
/// feedback: its `evaluations` and `score_calls` are zero, and its cost is the tree's, reported
/// where the tree is built.
#[derive(Debug, Clone)]
pub struct TreeStrategy {
    tree: Arc<StrategyTree>,
}

impl TreeStrategy {
    /// A strategy that plays `tree`.
    pub fn new(tree: Arc<StrategyTree>) -> TreeStrategy {
        TreeStrategy { tree }
    }

    /// The tree played.
    pub fn tree(&self) -> &Arc<StrategyTree> {
        &self.tree
    }

    /// A player for one game.
    pub fn player(&self) -> TreePlayer {
        TreePlayer { tree: Arc::clone(&self.tree), path: Vec::new() }
    }
}

impl Strategy for TreeStrategy {
    fn new_player(&self) -> Box<dyn Player> {
        Box::new(self.player())
    }
}

/// One game of a [`TreeStrategy`]: follows the tree down the replies received.
#[derive(Debug, Clone)]
pub struct TreePlayer {
    tree: Arc<StrategyTree>,
    /// Branch indices taken from the root, one per reply already followed.
    path: Vec<usize>,
}

impl TreePlayer {
    fn node(&self) -> &Node {
        self.path.iter().fold(self.tree.root(), |node, &i| &node.branches[i].node)
    }
}

impl Player for TreePlayer {
    /// The tree's guess after the history; an error when the history left the tree (a reply no
    /// secret of the node gives, as from a lying codemaker).
    fn next_guess(
        &mut self,
        oracle: &mut Oracle<'_>,
        _rng: &mut LabRng,
    ) -> Result<Code, PlayerError> {
        let turns = oracle.history().turns();
        while self.path.len() < turns.len() {
            let turn = turns[self.path.len()];
            let node = self.node();
            let followed = node.guess == turn.guess;
            let branch = node.branches.iter().position(|b| b.reply == turn.feedback);
            match (followed, branch) {
                (true, Some(i)) => self.path.push(i),
                _ => {
                    return Err(PlayerError(format!(
                        "the strategy tree has no move after {} {}",
                        turn.guess, turn.feedback
                    )));
                }
            }
        }
        Ok(self.node().guess)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Preset, build_tree};
    use mastermind_core::{CodeSet, Game, TruthfulCodemaker, play_game, rng_for};

    #[test]
    fn playing_the_tree_game_by_game_gives_the_trees_own_counts() {
        let game = Game::new(4, 4).unwrap();
        let (tree, _) = build_tree(game, &Preset::Knuth.config(game)).unwrap();
        let expected = tree.guesses_per_secret().unwrap();
        let strategy = TreeStrategy::new(Arc::new(tree));
        for (secret, want) in CodeSet::enumerate(game).unwrap().iter().zip(expected) {
            let mut player = strategy.new_player();
            let mut rng = rng_for(1, &[]);
            let out = play_game(
                game,
                player.as_mut(),
                &mut TruthfulCodemaker::new(*secret),
                20,
                &mut rng,
            );
            assert!(out.solved());
            assert_eq!(out.guesses, want, "{secret}");
            assert_eq!((out.counters.evaluations, out.counters.score_calls), (0, 0));
        }
    }
}
