//! A codebreaker answered by a person: the chosen player asked for guesses through
//! [`Player::next_guess`], with the person's replies as its history.
//!
//! Players carry state from turn to turn (a consistent set, a population, a walk), and they cannot
//! be copied. Going back a turn therefore rebuilds the player: a fresh player and a fresh random
//! stream from the same seed are fed every shorter history in turn, exactly as the game fed them,
//! so they reach the same state and make the same guesses.

use crate::players::Choice;
use mastermind_core::{
    Code, Counters, Game, History, LabRng, Oracle, Player, PlayerError, rng_for,
};

/// The stream of the codebreaker's random draws under the session seed.
const PLAYER_STREAM: u64 = 1;

/// A player in the middle of a game whose replies come from outside.
pub struct Codebreaker {
    choice: Choice,
    game: Game,
    seed: u64,
    player: Box<dyn Player>,
    rng: LabRng,
    counters: Counters,
}

impl Codebreaker {
    /// A fresh player of `choice` for `game`, drawing from the stream of `seed`.
    pub fn new(choice: Choice, game: Game, seed: u64) -> Codebreaker {
        let player = choice.new_player(game);
        Codebreaker {
            choice,
            game,
            seed,
            player,
            rng: rng_for(seed, &[PLAYER_STREAM]),
            counters: Counters::default(),
        }
    }

    /// The player's next guess after `history`, which must be the history it was last asked
    /// with plus one turn (or empty at the start).
    pub fn next_guess(&mut self, history: &History) -> Result<Code, PlayerError> {
        let mut oracle = Oracle::new(history, &mut self.counters);
        self.player.next_guess(&mut oracle, &mut self.rng)
    }

    /// The guess after `history` from a fresh player that has been asked after every shorter
    /// history first (its answers then are thrown away), so that it is in the state a game with
    /// these turns leaves it in. A player whose guess depends on the history alone is asked once.
    pub fn replay(&mut self, history: &History) -> Result<Code, PlayerError> {
        self.player = self.choice.new_player(self.game);
        self.rng = rng_for(self.seed, &[PLAYER_STREAM]);
        self.counters = Counters::default();
        if !self.choice.is_stateless() {
            let mut prefix = History::new(self.game);
            for turn in history.turns() {
                self.next_guess(&prefix)?;
                prefix.push(turn.guess, turn.feedback);
            }
        }
        self.next_guess(history)
    }

    /// Candidates examined and replies computed by the player so far.
    pub fn counters(&self) -> Counters {
        self.counters
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::{Choice, PlayerSpec};
    use mastermind_core::{Feedback, score};
    use mastermind_players::families::mcmc::MhConfig;

    /// A random player asked again after a rebuild makes the same guesses as in the game.
    #[test]
    fn replaying_a_random_player_reproduces_its_guesses() {
        let game = Game::CLASSIC;
        let spec = PlayerSpec::MetropolisHastings(MhConfig::default());
        let choice = Choice::from_spec("mh".into(), spec, game).unwrap();
        let secret = Code::parse(game, "CAFE").unwrap();
        let mut breaker = Codebreaker::new(choice, game, 7);
        let mut history = History::new(game);
        let mut guesses = Vec::new();
        loop {
            let guess = breaker.next_guess(&history).unwrap();
            guesses.push(guess);
            let reply = score(&secret, &guess);
            if reply == Feedback::all_black(4) {
                break;
            }
            history.push(guess, reply);
        }
        assert!(guesses.len() >= 3, "{guesses:?}");
        let mut prefix = History::new(game);
        for (k, guess) in guesses.iter().enumerate() {
            assert_eq!(breaker.replay(&prefix).unwrap(), *guess, "guess {}", k + 1);
            if k < history.len() {
                let turn = history.turns()[k];
                prefix.push(turn.guess, turn.feedback);
            }
        }
    }
}
