//! The turns of a game in progress given as arguments (`"AABB 1 0" "CCDE 0 2"`), shared by
//! `suggest` and `codes`.

use crate::notation::parse_turn;
use crate::possible::first_contradiction;
use anyhow::{Result, bail};
use mastermind_core::{Game, History};

/// The history written by `turns`, after checking that some code gives every reply.
pub fn history_from(game: Game, turns: &[String]) -> Result<History> {
    let mut history = History::new(game);
    for text in turns {
        let (guess, reply) = parse_turn(game, text).map_err(anyhow::Error::msg)?;
        history.push(guess, reply);
    }
    if let Some(turn) = first_contradiction(&history) {
        let upto: Vec<&str> = turns[..=turn].iter().map(String::as_str).collect();
        bail!(
            "no code of {game} gives all these replies: \"{}\" contradict each other; \
             one of the replies is wrong",
            upto.join("\", \"")
        );
    }
    Ok(history)
}
