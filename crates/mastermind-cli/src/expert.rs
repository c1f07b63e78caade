//! How an expert player of the lab plays a given secret, shown at the end of `play`.
//!
//! The expert is the optimal strategy where a saved tree exists (4x6), otherwise Knuth's
//! strategy, whose tree is built in well under a second up to 5x8.

use crate::optimal;
use mastermind_core::{Code, Feedback, Game, score};
use mastermind_tree::{Preset, StrategyTree};

/// Games larger than this get no expert replay (building Knuth's tree would take too long).
const LARGEST_GAME: u64 = 1 << 15;

/// An expert's game against one secret.
#[derive(Debug, Clone)]
pub struct ExpertGame {
    /// The expert, in words ("the optimal strategy").
    pub name: String,
    /// Its mean number of guesses over every secret of the game.
    pub mean: f64,
    /// Its guesses and the replies they got.
    pub turns: Vec<(Code, Feedback)>,
}

/// The expert's game against `secret`, or `None` when no expert can be prepared for `game`.
pub fn play(game: Game, secret: Code) -> Option<ExpertGame> {
    let (name, tree) = expert_tree(game)?;
    let win = Feedback::all_black(game.pegs());
    let mut turns = Vec::new();
    let mut node = tree.root();
    loop {
        let reply = score(&secret, &node.guess);
        turns.push((node.guess, reply));
        if reply == win {
            break;
        }
        node = node.child(reply)?;
    }
    Some(ExpertGame { name, mean: tree.mean_guesses(), turns })
}

/// The best tree at hand for `game`, with its name.
fn expert_tree(game: Game) -> Option<(String, StrategyTree)> {
    if game == Game::CLASSIC {
        if let Ok(tree) = optimal::saved_4x6() {
            return Some(("the optimal strategy".into(), tree));
        }
    }
    if game.size()? > LARGEST_GAME {
        return None;
    }
    let knuth = Preset::from_name("knuth")?;
    let (tree, _) = mastermind_tree::build_tree(game, &knuth.config(game)).ok()?;
    Some(("Knuth's strategy".into(), tree))
}
