//! How an expert player of the lab plays a given secret, shown at the end of `play`.
//!
//! The expert is the optimal strategy where a saved tree exists (4x6), otherwise Knuth's
//! strategy, asked for its next guess turn by turn (a few milliseconds each up to 5x8).

use crate::optimal;
use mastermind_core::{Code, Feedback, Game, History, score};
use mastermind_players::families::tree::Preset;

/// Games larger than this get no expert replay (each of Knuth's guesses would take too long).
const LARGEST_GAME: u64 = 1 << 20;

/// Guesses after which an expert's game is cut short (none of the lab's games needs as many).
const MAX_TURNS: usize = 20;

/// An expert's game against one secret.
#[derive(Debug, Clone)]
pub struct ExpertGame {
    /// The expert, in words ("the optimal strategy").
    pub name: String,
    /// Its mean number of guesses over every secret of the game, when its tree is at hand.
    pub mean: Option<f64>,
    /// Its guesses and the replies they got.
    pub turns: Vec<(Code, Feedback)>,
}

/// The expert's game against `secret`, or `None` when no expert can be prepared for `game`.
pub fn play(game: Game, secret: Code) -> Option<ExpertGame> {
    if game == Game::CLASSIC {
        if let Ok(tree) = optimal::saved_4x6() {
            let mut turns = Vec::new();
            let mut node = tree.root();
            loop {
                let reply = score(&secret, &node.guess);
                turns.push((node.guess, reply));
                if reply == Feedback::all_black(game.pegs()) {
                    break;
                }
                node = node.child(reply)?;
            }
            let name = "the optimal strategy".to_string();
            return Some(ExpertGame { name, mean: Some(tree.mean_guesses()), turns });
        }
    }
    if game.size()? > LARGEST_GAME {
        return None;
    }
    let knuth = Preset::from_name("knuth")?.config(game);
    let mut history = History::new(game);
    while history.len() < MAX_TURNS {
        let guess =
            mastermind_players::families::tree::choose_guess(game, &knuth, &history).ok()?;
        let reply = score(&secret, &guess);
        history.push(guess, reply);
        if reply == Feedback::all_black(game.pegs()) {
            let turns = history.turns().iter().map(|t| (t.guess, t.feedback)).collect();
            return Some(ExpertGame { name: "Knuth's strategy".into(), mean: None, turns });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn experts_end_with_the_secret() {
        let classic = play(Game::CLASSIC, Code::parse(Game::CLASSIC, "FDFA").unwrap()).unwrap();
        assert_eq!(classic.name, "the optimal strategy");
        assert_eq!(classic.turns.last().unwrap().0.to_string(), "FDFA");
        assert!((classic.mean.unwrap() - 5625.0 / 1296.0).abs() < 1e-12);
        let game = Game::new(5, 8).unwrap();
        let knuth = play(game, Code::parse(game, "CEGAC").unwrap()).unwrap();
        assert_eq!(knuth.turns.last().unwrap().0.to_string(), "CEGAC");
        assert!(knuth.turns.len() <= 7, "{:?}", knuth.turns);
    }
}
