//! The lying codemaker of the thesis's p-false game (Case 3).
//!
//! Each reply to a guess that is not the secret is, with probability `p`, drawn uniformly from a
//! pool of replies (see [`ReplyPool`]): by default every black/white pair except all black
//! (which would announce a false win), as the thesis words it, so the impossible
//! `(pegs - 1) black, 1 white` is among them. The draw may happen to equal the true reply: a
//! "false reply" is a random one, as in the thesis. The secret itself is always answered all
//! black. The codemaker has its own RNG, seeded when it is built, so that lying does not shift the
//! player's random stream.

use crate::{Code, GameError};
use crate::{Codemaker, Feedback, Game, LabRng, score};
use crate::{InvalidParameter, check_probability};
use rand::RngExt;
use serde::{Deserialize, Serialize};

/// The replies a random (false) reply is drawn from. The thesis says "a reply is selected
/// uniformly at random from the set of all possible replies (excluding the reply of all black
/// pegs, which would falsely suggest that the player had won the game)" and does not say whether
/// the impossible `(pegs - 1) black, 1 white`, which no truthful codemaker gives, is among them.
///
/// The default follows the thesis's words as written: "all possible replies" read as every
/// black/white pair a reply can show (14 at 4 pegs), the only exclusion being the one the thesis
/// names. Excluding the impossible reply as well is a second assumption the thesis does not make,
/// so it is the option ([`ReplyPool::PossibleExceptWin`], 13 at 4 pegs). The two differ in one
/// reply that a player knowing the rules could recognise as false; the lab's Figure 11 spec plays
/// both (about 0.2 guesses apart at 6/4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum ReplyPool {
    /// Every reply a truthful codemaker can give, except all black: 13 at 4 pegs.
    PossibleExceptWin,
    /// (Default, the thesis's wording.) Every black/white pair with at most `pegs` pegs in all,
    /// except all black, the impossible `(pegs - 1) black, 1 white` included: 14 at 4 pegs. A
    /// player that knows the rules can tell that such a reply is false.
    #[default]
    AnyExceptWin,
}

/// The p-false game as an experiment spec writes it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FalseReplies {
    /// Probability that a reply to a non-winning guess is random, in `[0, 1]` (the thesis: 0.2).
    pub p: f64,
    /// The replies a random reply is drawn from (default: every reply but all black, as the
    /// thesis words it).
    #[serde(default)]
    pub pool: ReplyPool,
}

impl FalseReplies {
    /// Random replies with probability `p`, drawn from the default pool.
    pub fn with_p(p: f64) -> FalseReplies {
        FalseReplies { p, pool: ReplyPool::default() }
    }

    /// Checks `p`.
    pub fn validate(&self) -> Result<(), InvalidParameter> {
        check_probability("p", self.p)
    }
}

/// The replies a random (false) reply is drawn from in `game`, in feedback index order.
pub fn false_reply_pool(game: Game, pool: ReplyPool) -> Vec<Feedback> {
    let pegs = game.pegs();
    let win = Feedback::all_black(pegs);
    let admitted = |f: &Feedback| match pool {
        ReplyPool::PossibleExceptWin => f.is_possible(pegs),
        ReplyPool::AnyExceptWin => true,
    };
    Feedback::all(pegs).filter(|f| *f != win && admitted(f)).collect()
}

/// Why a lying codemaker could not be built.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LiarError {
    /// The probability is out of range.
    #[error(transparent)]
    Parameter(#[from] InvalidParameter),
    /// The secret does not belong to the game.
    #[error("the secret {secret} does not have the {pegs} pegs of this game")]
    Secret {
        /// The secret, printed.
        secret: String,
        /// Pegs of the game.
        pegs: u8,
    },
    /// A game-size error from the core.
    #[error(transparent)]
    Game(#[from] GameError),
}

/// A codemaker that gives a random reply with probability `p` to every non-winning guess.
#[derive(Debug, Clone)]
pub struct LyingCodemaker {
    secret: Code,
    p: f64,
    pool: Vec<Feedback>,
    rng: LabRng,
    replies: u32,
    random_replies: u32,
    changed_replies: u32,
}

impl LyingCodemaker {
    /// A codemaker holding `secret` for `game`, lying with `config.p`, drawing from `rng` (its own
    /// stream, e.g. `rng_for(seed, &[game_id, LIAR_STREAM])`).
    pub fn new(
        game: Game,
        secret: Code,
        config: FalseReplies,
        rng: LabRng,
    ) -> Result<LyingCodemaker, LiarError> {
        config.validate()?;
        if secret.len() != usize::from(game.pegs()) {
            return Err(LiarError::Secret { secret: secret.to_string(), pegs: game.pegs() });
        }
        Ok(LyingCodemaker {
            secret,
            p: config.p,
            pool: false_reply_pool(game, config.pool),
            rng,
            replies: 0,
            random_replies: 0,
            changed_replies: 0,
        })
    }

    /// Replies given to non-winning guesses so far.
    pub fn replies(&self) -> u32 {
        self.replies
    }

    /// Of those, how many were drawn at random (the lies, whose rate is `p`).
    pub fn random_replies(&self) -> u32 {
        self.random_replies
    }

    /// Of the random ones, how many differ from the true reply.
    pub fn changed_replies(&self) -> u32 {
        self.changed_replies
    }
}

impl Codemaker for LyingCodemaker {
    fn secret(&self) -> Code {
        self.secret
    }

    fn reply(&mut self, guess: &Code) -> Feedback {
        let truth = score(&self.secret, guess);
        if *guess == self.secret {
            return truth;
        }
        self.replies += 1;
        if self.p > 0.0 && self.rng.random_bool(self.p) {
            self.random_replies += 1;
            let lie = self.pool[self.rng.random_range(0..self.pool.len())];
            if lie != truth {
                self.changed_replies += 1;
            }
            lie
        } else {
            truth
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CodeSet, rng_for};

    #[test]
    fn the_pool_has_the_thirteen_non_winning_replies_of_the_classic_game() {
        let pool = false_reply_pool(Game::CLASSIC, ReplyPool::PossibleExceptWin);
        assert_eq!(pool.len(), 13);
        assert!(!pool.contains(&Feedback::new(4, 0)));
        assert!(!pool.contains(&Feedback::new(3, 1)));
        let one_peg = Game::new(1, 3).unwrap();
        assert_eq!(
            false_reply_pool(one_peg, ReplyPool::PossibleExceptWin),
            vec![Feedback::new(0, 0)]
        );
        // One peg: (0 black, 1 white) is impossible too.
        assert_eq!(
            false_reply_pool(one_peg, ReplyPool::AnyExceptWin),
            vec![Feedback::new(0, 0), Feedback::new(0, 1)]
        );
    }

    #[test]
    fn the_default_pool_is_the_theses_wording_fourteen_replies_at_four_pegs() {
        assert_eq!(ReplyPool::default(), ReplyPool::AnyExceptWin);
        assert_eq!(FalseReplies::with_p(0.2).pool, ReplyPool::AnyExceptWin);
        let pool = false_reply_pool(Game::CLASSIC, ReplyPool::default());
        assert_eq!(pool.len(), 14);
        assert!(pool.contains(&Feedback::new(3, 1)) && !pool.contains(&Feedback::new(4, 0)));
    }

    #[test]
    fn the_literal_pool_adds_only_the_impossible_reply() {
        for pegs in 1..=8u8 {
            let game = Game::new(u32::from(pegs), 6).unwrap();
            let possible = false_reply_pool(game, ReplyPool::PossibleExceptWin);
            let any = false_reply_pool(game, ReplyPool::AnyExceptWin);
            let extra: Vec<Feedback> =
                any.iter().copied().filter(|f| !possible.contains(f)).collect();
            assert_eq!(extra, vec![Feedback::new(pegs - 1, 1)], "{pegs} pegs");
            assert_eq!(any.len(), possible.len() + 1);
        }
    }

    #[test]
    fn rejects_bad_parameters() {
        let g = Game::CLASSIC;
        let secret = Code::parse(g, "ABCD").unwrap();
        let err = LyingCodemaker::new(g, secret, FalseReplies::with_p(1.2), rng_for(0, &[]));
        assert!(
            matches!(err, Err(LiarError::Parameter(InvalidParameter { field, .. })) if field == "p")
        );
        let other = Game::new(5, 6).unwrap();
        let err = LyingCodemaker::new(other, secret, FalseReplies::with_p(0.2), rng_for(0, &[]));
        assert!(matches!(err, Err(LiarError::Secret { .. })));
    }

    /// Over every secret of 4x6 and many guesses, for both pools: the secret is always answered
    /// all black, a lie is never all black, the lie rate is p within a wide binomial tolerance,
    /// and every reply of the pool is drawn: 13 possible ones, or 14 with the impossible (3, 1)
    /// in the default pool.
    #[test]
    fn lies_at_rate_p_and_never_about_a_win() {
        for (pool, size) in [(ReplyPool::PossibleExceptWin, 13), (ReplyPool::default(), 14)] {
            check_lies(pool, size);
        }
    }

    fn check_lies(pool: ReplyPool, size: usize) {
        let g = Game::CLASSIC;
        let all = CodeSet::enumerate(g).unwrap();
        let p = 0.2;
        let (mut replies, mut lies) = (0u64, 0u64);
        let mut seen = std::collections::BTreeSet::new();
        for (k, &secret) in all.iter().enumerate() {
            let mut liar =
                LyingCodemaker::new(g, secret, FalseReplies { p, pool }, rng_for(9, &[k as u64]))
                    .unwrap();
            for step in 0..40 {
                let guess = all[(k * 37 + step * 101) % all.len()];
                let before = liar.random_replies();
                let reply = liar.reply(&guess);
                if guess == secret {
                    assert_eq!(reply, Feedback::all_black(4));
                    assert_eq!(liar.random_replies(), before);
                    continue;
                }
                assert_ne!(reply, Feedback::all_black(4));
                if pool == ReplyPool::PossibleExceptWin {
                    assert!(reply.is_possible(4), "{reply}");
                }
                if liar.random_replies() > before {
                    seen.insert(reply);
                }
            }
            assert_eq!(liar.reply(&secret), Feedback::all_black(4));
            replies += u64::from(liar.replies());
            lies += u64::from(liar.random_replies());
        }
        // Binomial(n, 0.2): sd = sqrt(n p (1 - p)); accept within 5 sd.
        let n = replies as f64;
        let sd = (n * p * (1.0 - p)).sqrt();
        assert!((lies as f64 - n * p).abs() < 5.0 * sd, "{lies} lies in {replies} replies");
        assert_eq!(seen.len(), size, "every reply of {pool:?} is drawn: {seen:?}");
        assert_eq!(seen.contains(&Feedback::new(3, 1)), size == 14, "{pool:?}");
    }

    #[test]
    fn p_zero_is_truthful_and_p_one_always_draws() {
        let g = Game::CLASSIC;
        let secret = Code::parse(g, "ABCD").unwrap();
        let guess = Code::parse(g, "ABCE").unwrap();
        let mut honest =
            LyingCodemaker::new(g, secret, FalseReplies::with_p(0.0), rng_for(1, &[])).unwrap();
        let mut liar =
            LyingCodemaker::new(g, secret, FalseReplies::with_p(1.0), rng_for(1, &[])).unwrap();
        for _ in 0..1000 {
            assert_eq!(honest.reply(&guess), Feedback::new(3, 0));
            liar.reply(&guess);
        }
        assert_eq!((honest.random_replies(), liar.random_replies()), (0, 1000));
        // 1 in 13 draws equals the truth.
        assert!((30..130).contains(&(1000 - liar.changed_replies())), "{}", liar.changed_replies());
    }
}
