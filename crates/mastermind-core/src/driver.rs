//! The game driver: one loop that plays a game between a codemaker and a player and counts the cost.
//!
//! The driver owns the counters so that every player reports them with one meaning:
//!
//! - `guesses`: combinations played, the winning one included.
//! - `evaluations`: candidate codes examined while choosing guesses. A code counts once each time
//!   it is checked for consistency or given a score or fitness; the [`Oracle`] methods count for
//!   the player, each by its own rule (a filter of a set by a reply counts score calls only, a
//!   local entropy an evaluation only, and so on), so no player reports a count of its own.
//! - `score_calls`: raw feedback computations, partition counting included.
//! - wall time of the whole game.
//!
//! Players never see the secret: they see the history and reach the scoring function only
//! through the [`Oracle`], which counts (a tidy test of the workspace reads the player crates'
//! sources for any other way to a feedback). A search that queries the secret itself (Justus's
//! genetic algorithm) does so through a [`SecretOracle`], which counts the same way.

use crate::code::Code;
use crate::feedback::Feedback;
use crate::game::Game;
use crate::history::History;
use crate::local_entropy::PlayedSymbols;
use crate::packed::PackedCodes;
use crate::partition::{PartitionCounter, PartitionStats};
use crate::score::{score, score_index};
use crate::seed::LabRng;
use std::time::Instant;
use thiserror::Error;

/// The cost counters of one game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counters {
    /// Candidate codes examined (consistency checks plus scores or fitness values given).
    pub evaluations: u64,
    /// Feedback computations.
    pub score_calls: u64,
}

/// A player's counted window on the game: the history, and scoring that is counted.
pub struct Oracle<'a> {
    history: &'a History,
    counters: &'a mut Counters,
}

impl<'a> Oracle<'a> {
    /// An oracle over `history` that adds to `counters`. The driver makes one per turn; tests and
    /// tools that drive a player by hand can make their own.
    pub fn new(history: &'a History, counters: &'a mut Counters) -> Oracle<'a> {
        Oracle { history, counters }
    }

    /// The game being played.
    pub fn game(&self) -> Game {
        self.history.game()
    }

    /// The turns so far (borrowed for as long as the oracle's history, so a player may read it
    /// while it scores).
    pub fn history(&self) -> &'a History {
        self.history
    }

    /// The counters so far in this game.
    pub fn counters(&self) -> Counters {
        *self.counters
    }

    /// The feedback between two codes (one score call).
    pub fn score(&mut self, a: &Code, b: &Code) -> Feedback {
        self.counters.score_calls += 1;
        score(a, b)
    }

    /// Whether `code` is consistent with every turn (one evaluation; as many score calls as turns
    /// checked before the first mismatch).
    pub fn is_consistent(&mut self, code: &Code) -> bool {
        let (consistent, calls) = self.history.check_consistent(code);
        self.counters.evaluations += 1;
        self.counters.score_calls += calls;
        consistent
    }

    /// Distance to consistency of `code` (one evaluation; one score call per turn).
    pub fn distance(&mut self, code: &Code) -> u32 {
        self.counters.evaluations += 1;
        self.counters.score_calls += self.history.len() as u64;
        self.history.distance(code)
    }

    /// Keeps the codes of `set` that are consistent with the latest turn (one evaluation and one
    /// score call per code in `set`). A player that keeps its consistent set up to date calls this
    /// once per turn.
    pub fn retain_consistent_with_last(&mut self, set: &mut Vec<Code>) {
        let scored = self.history.retain_consistent_with_last(set);
        self.counters.evaluations += scored;
        self.counters.score_calls += scored;
    }

    /// Partition statistics of `guess` against `set` (one evaluation of `guess`; one score call per
    /// code in `set`).
    pub fn partition(
        &mut self,
        counter: &mut PartitionCounter,
        guess: &Code,
        set: &[Code],
    ) -> PartitionStats {
        self.counters.evaluations += 1;
        self.counters.score_calls += set.len() as u64;
        counter.stats(guess, set)
    }

    /// As [`partition`](Oracle::partition), against a set in packed form (same counting).
    pub fn partition_packed(
        &mut self,
        counter: &mut PartitionCounter,
        guess: &Code,
        set: &PackedCodes,
    ) -> PartitionStats {
        self.counters.evaluations += 1;
        self.counters.score_calls += set.len() as u64;
        counter.stats_packed(guess, set)
    }

    /// As [`partition`](Oracle::partition), for a code already counted as an evaluation this turn
    /// (a fitness that takes a code's distance and its parts together, or a set whose members
    /// were evaluated when they entered it): one score call per code in `set`, no evaluation.
    pub fn partition_of_evaluated(
        &mut self,
        counter: &mut PartitionCounter,
        guess: &Code,
        set: &[Code],
    ) -> PartitionStats {
        self.counters.score_calls += set.len() as u64;
        counter.stats(guess, set)
    }

    /// The local entropy of `candidate` next to the guesses in `played` (one evaluation; no score
    /// call: it compares colours, not replies).
    pub fn local_entropy(&mut self, played: &PlayedSymbols, candidate: &Code) -> f64 {
        self.counters.evaluations += 1;
        played.entropy_with(candidate)
    }

    /// Keeps the items whose code gets `feedback` from `guess`, in order (one score call per
    /// item; no evaluation: a set is filtered, no candidate is examined). A player that keeps
    /// its consistent set by reference (ranks into a table of codes) filters it with this.
    pub fn retain_replying<T: Copy>(
        &mut self,
        guess: &Code,
        feedback: Feedback,
        items: &mut Vec<T>,
        code_of: impl Fn(&T) -> Code,
    ) {
        self.counters.score_calls += items.len() as u64;
        let target = feedback.index();
        // Every item is copied down and the end moves only if it is kept: no branch on the
        // reply, which a filter keeping an unpredictable fraction of a set mispredicts.
        let mut kept = 0;
        for next in 0..items.len() {
            let item = items[next];
            items[kept] = item;
            kept += usize::from(score_index(guess, &code_of(&item)) == target);
        }
        items.truncate(kept);
    }

    /// The positions in `set` of the codes that get `feedback` from `guess`, in order: what
    /// [`retain_replying`](Oracle::retain_replying) keeps of a whole table of codes, scored in
    /// one batch (one score call per code; no evaluation).
    pub fn positions_replying(
        &mut self,
        guess: &Code,
        feedback: Feedback,
        set: &PackedCodes,
    ) -> Vec<u32> {
        self.counters.score_calls += set.len() as u64;
        let mut replies = vec![0u8; set.len()];
        set.score_indices(guess, &mut replies);
        let target = feedback.index() as u8;
        let positions = replies.iter().enumerate().filter(|&(_, &reply)| reply == target);
        positions.map(|(position, _)| position as u32).collect()
    }

    /// Counts every code of the game as examined, as a policy that gives each code a probability
    /// before drawing one does (one evaluation per code; no score call).
    pub fn examine_every_code(&mut self) {
        self.counters.evaluations += self.game().size().unwrap_or(u64::MAX);
    }

    /// Whether `code` was played already, for a code drawn at random and kept only if it was not
    /// (one evaluation; no score call: guesses are compared, not scored).
    pub fn is_played(&mut self, code: &Code) -> bool {
        self.counters.evaluations += 1;
        self.history.turns().iter().any(|turn| turn.guess == *code)
    }

    /// Feeds a walk over codes one more turn: the test response of `guess` for the walk's
    /// current `code` (the reply `guess` would get if `code` were the secret), which the walk
    /// keeps from now on, so `fed` counts one more turn (one score call).
    pub fn feed_walk(&mut self, fed: &mut FedTurns, guess: &Code, code: &Code) -> Feedback {
        fed.turns += 1;
        self.score(guess, code)
    }

    /// A walk starts at its current code, whose test responses it already keeps (one
    /// evaluation; no score call).
    pub fn walk_start(&mut self) {
        self.counters.evaluations += 1;
    }

    /// A walk's proposal whose test responses follow from the current code's by an update at
    /// the pegs the move changes (one evaluation, and one score call per turn in `fed`: each
    /// update stands for the feedback computation it replaces).
    #[inline]
    pub fn walk_proposal(&mut self, fed: &FedTurns) {
        self.counters.evaluations += 1;
        self.counters.score_calls += fed.turns;
    }

    /// A walk's proposal that leaves the current code as it is, a swap of two equal pegs (one
    /// evaluation; no score call: its responses are the current ones).
    #[inline]
    pub fn unchanged_walk_proposal(&mut self) {
        self.counters.evaluations += 1;
    }

    /// The counts a program outside the lab states it spent on its guess (the referee's
    /// `Program` player, which plays over a pipe and scores with its own code). They are the
    /// program's word, not counted here: the one door through which a count enters unobserved,
    /// kept apart by name so that no player of the lab can use it unnoticed.
    pub fn stated_by_program(&mut self, evaluations: u64, score_calls: u64) {
        self.counters.evaluations += evaluations;
        self.counters.score_calls += score_calls;
    }
}

/// The turns a walk over codes (Snyder's Metropolis-Hastings walker) has been fed: for each,
/// the walk keeps its current code's test response and updates it as the code moves. Only the
/// [`Oracle`] adds a turn, as it scores that turn's first response
/// ([`feed_walk`](Oracle::feed_walk)), so the score calls a proposal is counted
/// ([`walk_proposal`](Oracle::walk_proposal)) are as many as the responses the walk keeps.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FedTurns {
    turns: u64,
}

impl FedTurns {
    /// No turn fed yet.
    pub fn new() -> FedTurns {
        FedTurns::default()
    }

    /// How many turns the walk has been fed.
    pub fn len(&self) -> usize {
        self.turns as usize
    }

    /// Whether no turn has been fed yet.
    pub fn is_empty(&self) -> bool {
        self.turns == 0
    }
}

/// A counted window on a secret for a search that queries the secret itself (Justus's genetic
/// algorithm scores every candidate against it): no history, every query one evaluation and one
/// score call.
#[derive(Debug)]
pub struct SecretOracle {
    secret: Code,
    counters: Counters,
}

impl SecretOracle {
    /// An oracle over `secret`, with nothing counted yet.
    pub fn new(secret: Code) -> SecretOracle {
        SecretOracle { secret, counters: Counters::default() }
    }

    /// The feedback `code` gets from the secret (one evaluation, one score call).
    pub fn reply(&mut self, code: &Code) -> Feedback {
        self.counters.evaluations += 1;
        self.counters.score_calls += 1;
        score(&self.secret, code)
    }

    /// Whether `feedback` is the secret's own (all black): the search has found it.
    pub fn is_win(&self, feedback: Feedback) -> bool {
        feedback.black == self.secret.len() as u8
    }

    /// The counters so far.
    pub fn counters(&self) -> Counters {
        self.counters
    }
}

/// Why a player could not produce a guess.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("the player gave up: {0}")]
pub struct PlayerError(pub String);

/// A strategy for the codebreaker. A player value plays one game: the runner builds a fresh one for
/// every game, so per-game state (a consistent set, a population) lives in the player.
pub trait Player: Send {
    /// The next combination to play, given the history in `oracle`. Randomness comes only from
    /// `rng`, the game's own stream.
    fn next_guess(
        &mut self,
        oracle: &mut Oracle<'_>,
        rng: &mut LabRng,
    ) -> Result<Code, PlayerError>;

    /// Player-specific measurements of the game just played (restarts of an evolutionary
    /// algorithm, say), stored as extra columns beside the common counters. Names are
    /// `snake_case` and the same for every game of a player.
    fn metrics(&self) -> Vec<(&'static str, f64)> {
        Vec::new()
    }

    /// Told that the game is over, solved or at the guess cap, with every turn played (the
    /// last turn's reply is the one the player was not asked to answer); not called when the
    /// player gave up. A player that plays through another program passes the end on to it
    /// here. By default, nothing.
    fn game_over(&mut self, _end: &GameEnd, _history: &History) {}
}

/// A validated player configuration that builds a fresh [`Player`] for each game. Values are
/// shared across threads; anything costly to prepare (an enumerated code set, a lookup table)
/// is prepared once here and shared by the players it builds.
pub trait Strategy: Send + Sync {
    /// A player ready to play one game from its first guess.
    fn new_player(&self) -> Box<dyn Player>;
}

/// The side that holds the secret and answers guesses. Randomness a codemaker needs (a lying one)
/// is its own, seeded when it is built, so that it does not shift the player's stream.
pub trait Codemaker: Send {
    /// The secret code.
    fn secret(&self) -> Code;
    /// The reply to `guess`. A codemaker must answer the secret itself with all black.
    fn reply(&mut self, guess: &Code) -> Feedback;
}

/// The codemaker of the ordinary game: every reply is the true feedback.
#[derive(Debug, Clone, Copy)]
pub struct TruthfulCodemaker {
    secret: Code,
}

impl TruthfulCodemaker {
    /// A codemaker holding `secret`.
    pub fn new(secret: Code) -> TruthfulCodemaker {
        TruthfulCodemaker { secret }
    }
}

impl Codemaker for TruthfulCodemaker {
    fn secret(&self) -> Code {
        self.secret
    }
    fn reply(&mut self, guess: &Code) -> Feedback {
        score(&self.secret, guess)
    }
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameEnd {
    /// The secret was played.
    Solved,
    /// The guess cap was reached first.
    CapReached,
    /// The player could not continue.
    GaveUp(String),
}

/// The record of one game.
#[derive(Debug, Clone)]
pub struct GameOutcome {
    /// The secret.
    pub secret: Code,
    /// Combinations played, the winning one included.
    pub guesses: u32,
    /// How the game ended.
    pub end: GameEnd,
    /// Evaluations and score calls.
    pub counters: Counters,
    /// Wall time of the game in nanoseconds.
    pub nanos: u64,
    /// Every turn played.
    pub history: History,
}

impl GameOutcome {
    /// Whether the secret was found.
    pub fn solved(&self) -> bool {
        self.end == GameEnd::Solved
    }
}

/// Plays one game until the secret is played, `max_guesses` guesses are made, or the player gives
/// up. The codemaker's replies to the player's guesses are not counted as score calls: they are the
/// game, not the player's search.
pub fn play_game(
    game: Game,
    player: &mut dyn Player,
    codemaker: &mut dyn Codemaker,
    max_guesses: u32,
    rng: &mut LabRng,
) -> GameOutcome {
    let start = Instant::now();
    let secret = codemaker.secret();
    let mut history = History::new(game);
    let mut counters = Counters::default();
    let end = loop {
        if history.len() as u32 >= max_guesses {
            break GameEnd::CapReached;
        }
        let guess = match player.next_guess(&mut Oracle::new(&history, &mut counters), rng) {
            Ok(guess) => guess,
            Err(PlayerError(reason)) => break GameEnd::GaveUp(reason),
        };
        let feedback = if guess == secret {
            Feedback::all_black(game.pegs())
        } else {
            codemaker.reply(&guess)
        };
        history.push(guess, feedback);
        if guess == secret {
            break GameEnd::Solved;
        }
    };
    let nanos = start.elapsed().as_nanos() as u64;
    if !matches!(end, GameEnd::GaveUp(_)) {
        player.game_over(&end, &history);
    }
    GameOutcome { secret, guesses: history.len() as u32, end, counters, nanos, history }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CodeSet, rng_for};
    use rand::RngExt;

    /// Plays a uniformly random consistent code, scanning the whole code set each turn.
    struct ScanPlayer {
        all: Vec<Code>,
    }

    impl Player for ScanPlayer {
        fn next_guess(
            &mut self,
            oracle: &mut Oracle<'_>,
            rng: &mut LabRng,
        ) -> Result<Code, PlayerError> {
            let consistent: Vec<Code> =
                self.all.iter().copied().filter(|c| oracle.is_consistent(c)).collect();
            if consistent.is_empty() {
                return Err(PlayerError("no consistent code".into()));
            }
            Ok(consistent[rng.random_range(0..consistent.len())])
        }
    }

    /// The batch filter of a whole table keeps what the item-by-item filter keeps, in order,
    /// and counts the same score calls.
    #[test]
    fn positions_replying_is_retain_replying_over_a_whole_table() {
        let game = Game::new(4, 6).unwrap();
        let codes = CodeSet::enumerate(game).unwrap().to_vec();
        let packed = PackedCodes::new(game, &codes).unwrap();
        let history = History::new(game);
        let guess = Code::parse(game, "AABC").unwrap();
        for feedback in [Feedback::new(1, 1), Feedback::new(0, 0), Feedback::new(4, 0)] {
            let (mut by_item, mut by_batch) = (Counters::default(), Counters::default());
            let mut kept: Vec<u32> = (0..codes.len() as u32).collect();
            Oracle::new(&history, &mut by_item).retain_replying(
                &guess,
                feedback,
                &mut kept,
                |&r| codes[r as usize],
            );
            let positions =
                Oracle::new(&history, &mut by_batch).positions_replying(&guess, feedback, &packed);
            assert_eq!(positions, kept, "{feedback}");
            assert_eq!(by_batch, by_item);
        }
    }

    #[test]
    fn a_consistent_player_always_wins_and_counts_one_evaluation_per_code_scanned() {
        let g = Game::CLASSIC;
        let all = CodeSet::enumerate(g).unwrap().to_vec();
        for rank in (0..1296).step_by(97) {
            let secret = all[rank];
            let mut player = ScanPlayer { all: all.clone() };
            let mut rng = rng_for(3, &[rank as u64]);
            let out = play_game(g, &mut player, &mut TruthfulCodemaker::new(secret), 20, &mut rng);
            assert!(out.solved());
            assert_eq!(out.history.last().unwrap().guess, secret);
            assert_eq!(out.counters.evaluations, 1296 * u64::from(out.guesses));
            assert!(out.guesses <= 9);
        }
    }

    #[test]
    fn a_walk_is_counted_by_the_turns_it_was_fed() {
        let g = Game::CLASSIC;
        let code = |text: &str| Code::parse(g, text).unwrap();
        let mut history = History::new(g);
        history.push(code("AABB"), Feedback::new(1, 0));
        history.push(code("ABCD"), Feedback::new(0, 2));
        let mut counters = Counters::default();
        let mut oracle = Oracle::new(&history, &mut counters);
        let mut fed = FedTurns::new();
        let at = code("CCDD");
        for turn in history.turns() {
            assert_eq!(oracle.feed_walk(&mut fed, &turn.guess, &at), score(&turn.guess, &at));
        }
        assert_eq!(
            (fed.len(), oracle.counters()),
            (2, Counters { evaluations: 0, score_calls: 2 })
        );
        oracle.walk_start();
        oracle.walk_proposal(&fed);
        oracle.unchanged_walk_proposal();
        assert_eq!(oracle.counters(), Counters { evaluations: 3, score_calls: 4 });
        assert!(oracle.is_played(&code("ABCD")));
        assert!(!oracle.is_played(&at));
        assert_eq!(oracle.counters(), Counters { evaluations: 5, score_calls: 4 });
    }

    #[test]
    fn the_cap_and_giving_up_end_the_game() {
        struct Stubborn(Code);
        impl Player for Stubborn {
            fn next_guess(
                &mut self,
                _: &mut Oracle<'_>,
                _: &mut LabRng,
            ) -> Result<Code, PlayerError> {
                Ok(self.0)
            }
        }
        struct Quitter;
        impl Player for Quitter {
            fn next_guess(
                &mut self,
                _: &mut Oracle<'_>,
                _: &mut LabRng,
            ) -> Result<Code, PlayerError> {
                Err(PlayerError("nothing to play".into()))
            }
        }
        let g = Game::CLASSIC;
        let secret = Code::parse(g, "ABCD").unwrap();
        let mut rng = rng_for(0, &[]);
        let out = play_game(
            g,
            &mut Stubborn(Code::parse(g, "AAAA").unwrap()),
            &mut TruthfulCodemaker::new(secret),
            5,
            &mut rng,
        );
        assert_eq!((out.end, out.guesses), (GameEnd::CapReached, 5));
        let out = play_game(g, &mut Quitter, &mut TruthfulCodemaker::new(secret), 5, &mut rng);
        assert_eq!((out.end, out.guesses), (GameEnd::GaveUp("nothing to play".into()), 0));
    }

    #[test]
    fn a_player_hears_how_its_game_ended() {
        /// Plays `AAAA` then `ABCD`, and keeps what `game_over` says.
        #[derive(Default)]
        struct Listener(Option<(GameEnd, Feedback)>);
        impl Player for Listener {
            fn next_guess(
                &mut self,
                oracle: &mut Oracle<'_>,
                _: &mut LabRng,
            ) -> Result<Code, PlayerError> {
                let text = if oracle.history().is_empty() { "AAAA" } else { "ABCD" };
                Ok(Code::parse(oracle.game(), text).unwrap())
            }
            fn game_over(&mut self, end: &GameEnd, history: &History) {
                self.0 = Some((end.clone(), history.last().unwrap().feedback));
            }
        }
        let g = Game::CLASSIC;
        let mut rng = rng_for(0, &[]);
        let mut play = |secret: &str, cap| {
            let mut listener = Listener::default();
            let secret = Code::parse(g, secret).unwrap();
            play_game(g, &mut listener, &mut TruthfulCodemaker::new(secret), cap, &mut rng);
            listener.0
        };
        assert_eq!(play("ABCD", 5), Some((GameEnd::Solved, Feedback::all_black(4))));
        assert_eq!(play("DCBA", 1), Some((GameEnd::CapReached, Feedback::new(1, 0))));
    }
}
