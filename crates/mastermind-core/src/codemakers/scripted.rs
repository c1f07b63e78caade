//! The scripted codemaker of the thesis's Table 7: fixed games whose secrets and lies are drawn once.
//!
//! For the human study, "the secret codes, the timing of each false reply and the false replies
//! themselves were all predetermined, and identical for all subjects". Players' guesses differ, so
//! a lie cannot be fixed as "the reply to this guess". Our reading: a script fixes, per turn index,
//! whether the reply is random and, if so, the reply itself (drawn once, uniformly from the pool of
//! [`false_reply_pool`]). A random reply does not depend on the guess in the p-false game anyway,
//! so this is the same game, with the randomness frozen. A guess equal to the secret is always
//! answered all black, even on a lie turn; turns past the script's end are answered truthfully.

use super::lying::{ReplyPool, false_reply_pool};
use crate::{Code, Codemaker, Feedback, Game, LabRng, score};
use crate::{InvalidParameter, check_probability};
use rand::RngExt;

/// One predetermined game: a secret and, per turn index, the random reply given on that turn if it
/// is a lie turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Script {
    /// The secret code.
    pub secret: Code,
    /// `lies[t]` is the reply to the `t`-th guess (from 0) if that turn is a lie, `None` if the
    /// reply is truthful.
    pub lies: Vec<Option<Feedback>>,
}

impl Script {
    /// Draws a script for `turns` turns: a uniform secret, then per turn a lie with probability
    /// `p` and its reply from the false-reply pool.
    pub fn draw(
        game: Game,
        p: f64,
        turns: usize,
        rng: &mut LabRng,
    ) -> Result<Script, InvalidParameter> {
        check_probability("p", p)?;
        let secret = Code::random(game, rng);
        // Not the p-false game's default pool: these scripts stand for games the thesis played
        // with people (Table 7), whose false replies a person could give without being caught,
        // so the impossible `(pegs - 1) black, 1 white` is left out.
        let pool = false_reply_pool(game, ReplyPool::PossibleExceptWin);
        let lies = (0..turns)
            .map(|_| rng.random_bool(p).then(|| pool[rng.random_range(0..pool.len())]))
            .collect();
        Ok(Script { secret, lies })
    }

    /// Turn indices (from 0) whose reply is a lie.
    pub fn lie_turns(&self) -> Vec<usize> {
        self.lies.iter().enumerate().filter_map(|(t, l)| l.map(|_| t)).collect()
    }
}

/// A codemaker that follows a [`Script`].
#[derive(Debug, Clone)]
pub struct ScriptedCodemaker {
    script: Script,
    turn: usize,
}

impl ScriptedCodemaker {
    /// A codemaker at the start of `script`.
    pub fn new(script: Script) -> ScriptedCodemaker {
        ScriptedCodemaker { script, turn: 0 }
    }

    /// Replies given so far.
    pub fn turn(&self) -> usize {
        self.turn
    }
}

impl Codemaker for ScriptedCodemaker {
    fn secret(&self) -> Code {
        self.script.secret
    }

    fn reply(&mut self, guess: &Code) -> Feedback {
        let t = self.turn;
        self.turn += 1;
        if *guess == self.script.secret {
            return score(guess, guess);
        }
        match self.script.lies.get(t) {
            Some(Some(lie)) => *lie,
            _ => score(&self.script.secret, guess),
        }
    }
}
