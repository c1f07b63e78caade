//! Snyder's Metropolis-Hastings player: one walk per turn, the stuck rule, replay avoidance.
//!
//! A turn, after the first (a uniform code, no search):
//!
//! 1. The walker, left at the last guess, is fed the latest reply.
//! 2. It walks with the full kernel, or with permutations only
//!    if the latest reply's pegs total the code length, until a code of cost 0 or the budget.
//! 3. Stuck rule: if this is the `turns`-th consecutive turn whose walk spent its whole budget
//!    without finding a code of cost 0, the search restarts at a uniform code and is re-fed the
//!    turns played so far, latest first, one at a time, with a full walk (the full kernel, stopping
//!    early at cost 0 as usual) after each; the last of these walks, with every turn fed, is this
//!    turn's search. This is our reading of "re-starting the search over at a new state ... and
//!    then feeding it the information from each prior turn in reverse order, allowing for the usual
//!    number of search steps between each turn". The count starts again after a restart.
//! 4. It plays the code of cost 0 found, or at the budget the walk's current state. With false
//!    replies there may be no code of cost 0 at all; the player then simply plays its state at
//!    the budget and never gives up.
//! 5. Replay avoidance (an option, off by default as in the thesis): if the chosen code was played before, the
//!    player draws `pegs x colours` proposals from it with the turn's kernel, and plays the
//!    lowest-cost one not yet played (the first of equal ones); if every one was played, a uniform
//!    unplayed code. A played code is never a code of cost 0 (its own reply is not all black), so
//!    this only ever replaces a state chosen at the budget.

use crate::config::{CostScale, FullReplyScope, MhConfig};
use crate::moves::Kernel;
use crate::walk::{WalkEnd, walk};
use crate::walker::Walker;
use mastermind_core::{
    Code, Game, InvalidParameter, LabRng, Oracle, Player, PlayerError, Strategy, Turn,
};

/// The validated M-H strategy: builds a fresh [`MhPlayer`] for each game.
#[derive(Debug, Clone, Copy)]
pub struct MhStrategy {
    config: MhConfig,
}

impl MhStrategy {
    /// The strategy with `config`, if it is valid.
    pub fn new(config: MhConfig) -> Result<MhStrategy, InvalidParameter> {
        config.validate()?;
        Ok(MhStrategy { config })
    }

    /// Its configuration.
    pub fn config(&self) -> &MhConfig {
        &self.config
    }

    /// A player for one game, as its concrete type (so that its [`MhStats`] can be read after the
    /// game).
    pub fn player(&self) -> MhPlayer {
        MhPlayer {
            config: self.config,
            walker: None,
            stuck_turns: 0,
            stats: MhStats::default(),
            visited: VisitedCodes::default(),
        }
    }
}

impl Strategy for MhStrategy {
    fn new_player(&self) -> Box<dyn Player> {
        Box::new(self.player())
    }
}

/// What happened on one turn of an [`MhPlayer`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnTrace {
    /// M-H steps taken this turn (restart stages included); 0 for the first guess.
    pub steps: u64,
    /// Cost of the code played, against the replies received before it.
    pub cost: u32,
    /// Whether the stuck rule restarted the search this turn.
    pub restarted: bool,
    /// Whether replay avoidance replaced the chosen code.
    pub replay_avoided: bool,
}

/// Per-game diagnostics of an [`MhPlayer`], beyond the driver's counters.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MhStats {
    /// Walks run (one per turn after the first, plus one per restart stage).
    pub walks: u64,
    /// Walks that spent their whole budget without finding a code of cost 0.
    pub walks_exhausted: u64,
    /// M-H proposals made by all walks.
    pub proposals: u64,
    /// Of those, the proposals accepted.
    pub accepted: u64,
    /// Times the stuck rule fired.
    pub restarts: u32,
    /// Times replay avoidance replaced an already played code.
    pub replays_avoided: u32,
    /// Distinct codes the walks stood on (start states and the states of accepted moves): one
    /// reading of the thesis's "codes searched".
    pub distinct_visited: u64,
    /// One entry per guess, in order.
    pub turns: Vec<TurnTrace>,
}

/// Snyder's Metropolis-Hastings player for one game.
#[derive(Debug, Clone)]
pub struct MhPlayer {
    config: MhConfig,
    walker: Option<Walker>,
    stuck_turns: u32,
    stats: MhStats,
    /// Every state the walks stood on this game, packed.
    visited: VisitedCodes,
}

/// A set of packed codes (the states are walker-internal, not adversarial, so a fast hash does).
type VisitedCodes = rustc_hash::FxHashSet<u128>;

impl MhPlayer {
    /// Diagnostics of the game so far.
    pub fn stats(&self) -> &MhStats {
        &self.stats
    }

    /// A walker at `start` with this player's theta.
    fn new_walker(&self, game: Game, start: &Code) -> Walker {
        let mut walker = Walker::new(game, start, self.config.theta);
        // The codes a game's walks stand on are one reading of the thesis's codes searched.
        walker.record_visits();
        walker
    }

    /// The walk's model parameter once `turns` turns are fed (see [`CostScale`]).
    fn theta_for(&self, turns: usize) -> f64 {
        match self.config.cost_scale {
            CostScale::Sum => self.config.theta,
            CostScale::Mean => self.config.theta / turns.max(1) as f64,
        }
    }

    /// The kernel of a walk whose walker was fed `latest` last and `fed` in all: permutations only
    /// under the full-reply rule (section 4.3.3, see [`FullReplyScope`]), else every move.
    fn kernel_after(&self, game: Game, latest: &Turn, fed: &[Turn]) -> Kernel {
        let full = |t: &Turn| t.feedback.total() == game.pegs();
        let permutations_only = self.config.permutations_after_full_reply
            && match self.config.full_reply_scope {
                FullReplyScope::Latest => full(latest),
                FullReplyScope::Latched => fed.iter().any(full),
            };
        if permutations_only { self.kernel(game).permutations_only() } else { self.kernel(game) }
    }

    fn kernel(&self, game: Game) -> Kernel {
        Kernel::new(self.config.p_swap, self.config.p_subset)
            .with_subset_move(self.config.subset_move)
            .keeping_colours_distinct(!game.repeats())
    }

    /// Brings the walker up to date with `turns`, leaving it at the last guess (scoring through
    /// `oracle`).
    fn sync(&mut self, game: Game, turns: &[Turn], oracle: &mut Oracle<'_>) -> &mut Walker {
        let last = turns.last().expect("sync is called after the first turn").guess;
        let fresh = match &self.walker {
            Some(w) => w.game() != game || w.turn_count() > turns.len(),
            None => true,
        };
        if fresh {
            self.walker = Some(self.new_walker(game, &last));
        }
        let walker = self.walker.as_mut().expect("set above");
        for turn in &turns[walker.turn_count()..] {
            walker.push_turn(turn, oracle);
        }
        if walker.code() != last {
            walker.reset_state(&last, oracle);
        }
        walker
    }

    /// The stuck rule's restart: a uniform code, fed the turns latest first, a walk after each.
    /// Returns the restarted walker and the steps its walks took.
    fn restart(
        &mut self,
        game: Game,
        turns: &[Turn],
        budget: u64,
        oracle: &mut Oracle<'_>,
        rng: &mut LabRng,
    ) -> (Walker, u64) {
        let full_kernel = self.kernel(game);
        let mut walker = self.new_walker(game, &Code::random(game, rng));
        let mut steps = 0;
        for (fed, turn) in turns.iter().rev().enumerate() {
            walker.push_turn(turn, oracle);
            walker.set_theta(self.theta_for(walker.turn_count()));
            let kernel = if self.config.full_reply_rule_in_restarts {
                self.kernel_after(game, turn, &turns[turns.len() - 1 - fed..])
            } else {
                full_kernel
            };
            let end = walk(&mut walker, oracle, &kernel, budget, self.config.step, rng);
            walker.take_visits(&mut self.visited);
            self.count_walk(&end);
            steps += end.steps;
        }
        (walker, steps)
    }

    fn count_walk(&mut self, end: &WalkEnd) {
        self.stats.walks += 1;
        self.stats.proposals += end.steps;
        self.stats.accepted += end.accepted;
        if !end.found {
            self.stats.walks_exhausted += 1;
        }
    }
}

fn played(turns: &[Turn], code: &Code) -> bool {
    turns.iter().any(|t| t.guess == *code)
}

/// Replay avoidance: the lowest-cost unplayed code among `pegs x colours` proposals from the
/// walker's state, else a uniform unplayed code. Leaves the walker at the code returned.
fn step_off_played(
    walker: &mut Walker,
    kernel: &Kernel,
    turns: &[Turn],
    oracle: &mut Oracle<'_>,
    rng: &mut LabRng,
) -> Result<Code, PlayerError> {
    let game = walker.game();
    let tries = usize::from(game.pegs()) * usize::from(game.colours());
    let mut best: Option<(u32, Code)> = None;
    for _ in 0..tries {
        let mv = kernel.propose(walker.state(), game.colours(), rng);
        let cost = walker.evaluate(&mv, oracle);
        let code = walker.code_after(&mv);
        if !played(turns, &code) && best.is_none_or(|(c, _)| cost < c) {
            best = Some((cost, code));
        }
    }
    let code = match best {
        Some((_, code)) => code,
        None => uniform_unplayed(game, turns, oracle, rng)?,
    };
    walker.reset_state(&code, oracle);
    Ok(code)
}

/// A uniformly random code not played yet (by rejection, each draw checked by `oracle`, then by
/// a scan for tiny games).
fn uniform_unplayed(
    game: Game,
    turns: &[Turn],
    oracle: &mut Oracle<'_>,
    rng: &mut LabRng,
) -> Result<Code, PlayerError> {
    for _ in 0..1000 {
        let code = Code::random(game, rng);
        if !oracle.is_played(&code) {
            return Ok(code);
        }
    }
    // A thousand draws all hit played codes: the game is tiny, so scan it.
    let size = game.size().unwrap_or(u64::MAX);
    (0..size.min(1 << 20))
        .map(|rank| Code::from_rank(game, rank))
        .find(|code| !played(turns, code))
        .ok_or_else(|| PlayerError("every code has been played".into()))
}

impl Player for MhPlayer {
    fn metrics(&self) -> Vec<(&'static str, f64)> {
        let stats = &self.stats;
        vec![
            ("walks", stats.walks as f64),
            ("walks_exhausted", stats.walks_exhausted as f64),
            ("proposals", stats.proposals as f64),
            ("accepted", stats.accepted as f64),
            ("restarts", f64::from(stats.restarts)),
            ("replays_avoided", f64::from(stats.replays_avoided)),
            // Two readings of the thesis's "codes searched" beside `evaluations` (every code whose
            // cost was computed): the distinct codes the walks stood on, and the current and the
            // proposed code of every step plus each walk's start.
            ("distinct_visited", stats.distinct_visited as f64),
            ("current_and_proposed", (2 * stats.proposals + stats.walks) as f64),
        ]
    }

    fn next_guess(
        &mut self,
        oracle: &mut Oracle<'_>,
        rng: &mut LabRng,
    ) -> Result<Code, PlayerError> {
        let game = oracle.game();
        let turns = oracle.history().turns();
        if turns.is_empty() {
            // All codes score 1 before any reply: the first guess is uniform, without a search.
            let first = Code::random(game, rng);
            self.walker = Some(self.new_walker(game, &first));
            self.stats.turns.push(TurnTrace {
                steps: 0,
                cost: 0,
                restarted: false,
                replay_avoided: false,
            });
            return Ok(first);
        }
        let budget = self.config.budget.steps_for(game);
        let full_kernel = self.kernel(game);
        let latest = turns.last().expect("not empty");
        let kernel = self.kernel_after(game, latest, turns);

        let theta = self.theta_for(turns.len());
        let step = self.config.step;
        let walker = self.sync(game, turns, oracle);
        walker.set_theta(theta);
        let end = walk(walker, oracle, &kernel, budget, step, rng);
        self.count_walk(&end);
        let mut steps = end.steps;

        self.stuck_turns = if end.found { 0 } else { self.stuck_turns + 1 };
        let restarted = self.config.stuck.enabled && self.stuck_turns >= self.config.stuck.turns;
        let mut kernel = kernel;
        if restarted {
            self.stuck_turns = 0;
            self.stats.restarts += 1;
            let (walker, restart_steps) = self.restart(game, turns, budget, oracle, rng);
            self.walker = Some(walker);
            steps += restart_steps;
            kernel = full_kernel;
        }

        let avoid_replays = self.config.avoid_replays;
        let walker = self.walker.as_mut().expect("synced above");
        let mut code = walker.code();
        let mut replay_avoided = false;
        if avoid_replays && played(turns, &code) {
            code = step_off_played(walker, &kernel, turns, oracle, rng)?;
            replay_avoided = true;
            self.stats.replays_avoided += 1;
        }
        let cost = walker.cost();
        walker.take_visits(&mut self.visited);
        self.stats.distinct_visited = self.visited.len() as u64;
        self.stats.turns.push(TurnTrace { steps, cost, restarted, replay_avoided });
        Ok(code)
    }
}
