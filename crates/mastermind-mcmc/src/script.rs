//! The scripted codemaker of the thesis's Table 7: fixed games whose secrets and lies are drawn once.
//!
//! For the human study, "the secret codes, the timing of each false reply and the false replies
//! themselves were all predetermined, and identical for all subjects". Players' guesses differ, so
//! a lie cannot be fixed as "the reply to this guess". Our reading: a script fixes, per turn index,
//! whether the reply is random and, if so, the reply itself (drawn once, uniformly from the pool of
//! [`false_reply_pool`]). A random reply does not depend on the guess in the p-false game anyway,
//! so this is the same game, with the randomness frozen. A guess equal to the secret is always
//! answered all black, even on a lie turn; turns past the script's end are answered truthfully.

use crate::liar::{ReplyPool, false_reply_pool};
use mastermind_core::{Code, Codemaker, Feedback, Game, LabRng, rng_for, score};
use mastermind_core::{InvalidParameter, check_probability};
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

/// The six games of Table 7 drawn from `seed`: games 0-2 truthful, games 3-5 with `p = 0.2`, each a
/// 6/4 script of 10 turns (the study's cap) drawn from `rng_for(seed, &[index])`.
pub fn table7_scripts(seed: u64) -> Vec<Script> {
    (0..6u64)
        .map(|i| {
            let p = if i < 3 { 0.0 } else { 0.2 };
            Script::draw(Game::CLASSIC, p, 10, &mut rng_for(seed, &[i])).expect("p is valid")
        })
        .collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_are_fixed_by_the_seed_and_followed_by_turn_index() {
        let a = table7_scripts(2007);
        assert_eq!(a, table7_scripts(2007));
        assert_ne!(a, table7_scripts(2008));
        assert!(a[..3].iter().all(|s| s.lie_turns().is_empty()));
        let win = Feedback::all_black(4);
        for s in &a {
            assert_eq!(s.lies.len(), 10);
            assert!(s.lies.iter().flatten().all(|f| *f != win && f.is_possible(4)));
        }
        // A hand-made script: turn 1 lies, whatever is guessed; the secret always wins.
        let g = Game::CLASSIC;
        let secret = Code::parse(g, "ABCD").unwrap();
        let script = Script { secret, lies: vec![None, Some(Feedback::new(0, 0)), None] };
        let guess = Code::parse(g, "ABCE").unwrap();
        let mut cm = ScriptedCodemaker::new(script.clone());
        assert_eq!(cm.reply(&guess), Feedback::new(3, 0));
        assert_eq!(cm.reply(&guess), Feedback::new(0, 0));
        assert_eq!(cm.reply(&guess), Feedback::new(3, 0));
        assert_eq!(cm.reply(&guess), Feedback::new(3, 0));
        let mut cm = ScriptedCodemaker::new(script);
        cm.reply(&guess);
        assert_eq!(cm.reply(&secret), win);
    }
}
