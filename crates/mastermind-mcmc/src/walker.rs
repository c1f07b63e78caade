//! The Metropolis-Hastings walk over codes with an incrementally maintained cost.
//!
//! The walker holds its current code, that code's colour counts, and for every turn fed to it the
//! test response of that turn's guess against the current code (black pegs and total pegs). A move
//! changes one peg (recolour), two (swap) or a few (subset permutation), so per turn:
//!
//! - black changes only at the moved positions;
//! - the total, `sum over colours of min(count in code, count in guess)`, is unchanged by
//!   permutations, and under a recolour `a -> c` drops by one if the code held no more `a` than
//!   the guess and rises by one if it held fewer `c`.
//!
//! A proposal's cost is therefore a few comparisons per turn, never a full rescore.
//!
//! Counting (see the crate documentation) is the [`Oracle`]'s, which every method that scores is
//! handed: each proposal is one evaluation and, unless it leaves the code unchanged (a swap of two
//! equal pegs), one score call per turn fed ([`Oracle::walk_proposal`]: the incremental update
//! of a turn's test response stands for the feedback computation it replaces); a turn fed or a
//! state reset scores its responses through the oracle. The walker keeps no count of its own.

use crate::moves::{Kernel, Move};
use mastermind_core::{Code, FedTurns, Feedback, Game, LabRng, Oracle, Turn};
use rand::RngExt;

/// A played turn as the walker needs it: the guess's colours and colour counts, and the reply.
#[derive(Debug, Clone, Copy)]
struct TurnTable {
    guess: [u8; 16],
    counts: [u8; 32],
    black: u8,
    white: u8,
    total: u8,
}

impl TurnTable {
    fn new(guess: &Code, feedback: Feedback) -> TurnTable {
        let (colours, len) = guess.to_array();
        let mut counts = [0u8; 32];
        for &c in &colours[..len] {
            counts[usize::from(c)] += 1;
        }
        TurnTable {
            guess: colours,
            counts,
            black: feedback.black,
            white: feedback.white,
            total: feedback.total(),
        }
    }

    /// The cost of this turn for a code whose test response has `black` and `total` pegs.
    #[inline(always)]
    fn cost(&self, black: u8, total: u8) -> u32 {
        let white = total - black;
        u32::from(black.abs_diff(self.black))
            + u32::from(white.abs_diff(self.white))
            + 2 * u32::from(total.abs_diff(self.total))
    }
}

/// The test response of one turn against the current code: black and total pegs.
#[derive(Debug, Clone, Copy, Default)]
struct Tally {
    black: u8,
    total: u8,
}

/// Acceptance probabilities `exp(-theta d)` for cost increases `d`, tabulated for small `d`.
#[derive(Debug, Clone)]
struct Acceptance {
    theta: f64,
    table: [f64; 64],
}

impl Acceptance {
    fn new(theta: f64) -> Acceptance {
        let mut table = [0.0; 64];
        for (d, slot) in table.iter_mut().enumerate() {
            *slot = (-theta * d as f64).exp();
        }
        Acceptance { theta, table }
    }

    #[inline(always)]
    fn accepts(&self, current: u32, proposed: u32, rng: &mut LabRng) -> bool {
        if proposed <= current {
            return true;
        }
        let d = (proposed - current) as usize;
        let p = if d < self.table.len() { self.table[d] } else { (-self.theta * d as f64).exp() };
        rng.random::<f64>() < p
    }
}

/// A Metropolis-Hastings walk targeting `exp(-theta cost)` over the codes of one game, with the
/// cost kept up to date incrementally as turns are fed and moves are made.
#[derive(Debug, Clone)]
pub struct Walker {
    game: Game,
    state: [u8; 16],
    counts: [u8; 32],
    turns: Vec<TurnTable>,
    /// The oracle's record of the turns in `turns`, which prices a proposal.
    fed: FedTurns,
    current: Vec<Tally>,
    proposed: Vec<Tally>,
    cost: u32,
    proposed_cost: u32,
    acceptance: Acceptance,
    /// The states entered since last taken (start states and accepted moves), packed; recorded
    /// only once [`Walker::record_visits`] asks, so a walk that needs no such count pays nothing.
    visits: Option<Vec<u128>>,
}

impl Walker {
    /// A walker at `start` that knows no turns yet (every code costs 0, so nothing is scored),
    /// with model parameter `theta` (positive and finite, checked by the configuration).
    pub fn new(game: Game, start: &Code, theta: f64) -> Walker {
        let mut walker = Walker {
            game,
            state: [0; 16],
            counts: [0; 32],
            turns: Vec::new(),
            fed: FedTurns::new(),
            current: Vec::new(),
            proposed: Vec::new(),
            cost: 0,
            proposed_cost: 0,
            acceptance: Acceptance::new(theta),
            visits: None,
        };
        walker.place(start);
        walker
    }

    /// The game walked over.
    pub fn game(&self) -> Game {
        self.game
    }

    /// The current code's colours.
    pub fn state(&self) -> &[u8] {
        &self.state[..usize::from(self.game.pegs())]
    }

    /// The current code.
    pub fn code(&self) -> Code {
        Code::from_valid_colours(self.game, self.state())
    }

    /// The code a move would lead to from the current one.
    pub fn code_after(&self, mv: &Move) -> Code {
        let mut colours = self.state;
        mv.apply(&mut colours[..usize::from(self.game.pegs())]);
        Code::from_valid_colours(self.game, &colours[..usize::from(self.game.pegs())])
    }

    /// The current code's cost against the turns fed so far.
    pub fn cost(&self) -> u32 {
        self.cost
    }

    /// Changes the model parameter: the walk targets `exp(-theta cost)` from the next step on.
    pub fn set_theta(&mut self, theta: f64) {
        if theta != self.acceptance.theta {
            self.acceptance = Acceptance::new(theta);
        }
    }

    /// Number of turns fed so far.
    pub fn turn_count(&self) -> usize {
        self.turns.len()
    }

    /// Records from now on every state the walker enters (each start state and each accepted
    /// move's state), starting with the one it stands on, for [`Walker::take_visits`].
    pub fn record_visits(&mut self) {
        if self.visits.is_none() {
            self.visits = Some(vec![u128::from_le_bytes(self.state)]);
        }
    }

    /// Moves the states entered since the last call (as packed colours; repeats included) into
    /// `into`; nothing unless [`Walker::record_visits`] was called.
    pub fn take_visits(&mut self, into: &mut impl Extend<u128>) {
        if let Some(visits) = &mut self.visits {
            into.extend(visits.drain(..));
        }
    }

    /// Records the current state as entered, if visits are recorded.
    fn visit(&mut self) {
        if let Some(visits) = &mut self.visits {
            visits.push(u128::from_le_bytes(self.state));
        }
    }

    /// Starts a walk from the current state: the oracle counts the start state as one evaluation
    /// (its cost against the latest turn was computed when the turn was fed).
    pub fn begin_walk(&mut self, oracle: &mut Oracle<'_>) {
        oracle.walk_start();
    }

    /// Adds a turn: the current code's cost now includes it (one score call, through `oracle`).
    pub fn push_turn(&mut self, turn: &Turn, oracle: &mut Oracle<'_>) {
        let table = TurnTable::new(&turn.guess, turn.feedback);
        let code = self.code();
        let would = oracle.feed_walk(&mut self.fed, &turn.guess, &code);
        let tally = Tally { black: would.black, total: would.total() };
        self.cost += table.cost(tally.black, tally.total);
        self.turns.push(table);
        self.current.push(tally);
        self.proposed.push(Tally::default());
        debug_assert_eq!(self.fed.len(), self.turns.len());
    }

    /// Moves the walk to `code` and recomputes its cost from scratch (one score call per turn,
    /// through `oracle`).
    pub fn reset_state(&mut self, code: &Code, oracle: &mut Oracle<'_>) {
        self.place(code);
        let len = usize::from(self.game.pegs());
        self.cost = 0;
        for (table, tally) in self.turns.iter().zip(self.current.iter_mut()) {
            let guess = Code::from_valid_colours(self.game, &table.guess[..len]);
            let would = oracle.score(&guess, code);
            *tally = Tally { black: would.black, total: would.total() };
            self.cost += table.cost(tally.black, tally.total);
        }
        self.visit();
    }

    /// Sets the current code's colours and colour counts, leaving its test responses to the
    /// caller.
    fn place(&mut self, code: &Code) {
        let (colours, len) = code.to_array();
        debug_assert_eq!(len, usize::from(self.game.pegs()));
        self.state = colours;
        self.counts = [0; 32];
        for &c in &colours[..len] {
            self.counts[usize::from(c)] += 1;
        }
    }

    /// Computes the cost the current code would have after `mv` without moving (one evaluation,
    /// counted by `oracle` with the score calls it stands for). [`commit`](Walker::commit) then
    /// makes the move in O(1) plus the colour change.
    #[inline]
    pub fn evaluate(&mut self, mv: &Move, oracle: &mut Oracle<'_>) -> u32 {
        let mut cost = 0;
        match *mv {
            Move::Recolour { pos, colour } => {
                let (pos, new) = (usize::from(pos), colour);
                let old = self.state[pos];
                let (have_old, have_new) =
                    (self.counts[usize::from(old)], self.counts[usize::from(new)]);
                for ((table, now), next) in
                    self.turns.iter().zip(&self.current).zip(self.proposed.iter_mut())
                {
                    let g = table.guess[pos];
                    let black = now.black + u8::from(g == new) - u8::from(g == old);
                    let total = now.total + u8::from(have_new < table.counts[usize::from(new)])
                        - u8::from(have_old <= table.counts[usize::from(old)]);
                    *next = Tally { black, total };
                    cost += table.cost(black, total);
                }
            }
            Move::Swap { i, j } => {
                let (i, j) = (usize::from(i), usize::from(j));
                let (a, c) = (self.state[i], self.state[j]);
                if a == c {
                    // The proposal is the current code: nothing to compute.
                    oracle.unchanged_walk_proposal();
                    self.proposed.copy_from_slice(&self.current);
                    self.proposed_cost = self.cost;
                    return self.cost;
                }
                for ((table, now), next) in
                    self.turns.iter().zip(&self.current).zip(self.proposed.iter_mut())
                {
                    let (gi, gj) = (table.guess[i], table.guess[j]);
                    let black = now.black + u8::from(gi == c) + u8::from(gj == a)
                        - u8::from(gi == a)
                        - u8::from(gj == c);
                    *next = Tally { black, total: now.total };
                    cost += table.cost(black, now.total);
                }
            }
            Move::Permute { len, pos, colours } => {
                let len = usize::from(len);
                for ((table, now), next) in
                    self.turns.iter().zip(&self.current).zip(self.proposed.iter_mut())
                {
                    let mut black = i32::from(now.black);
                    for k in 0..len {
                        let p = usize::from(pos[k]);
                        let g = table.guess[p];
                        black += i32::from(g == colours[k]) - i32::from(g == self.state[p]);
                    }
                    let black = black as u8;
                    *next = Tally { black, total: now.total };
                    cost += table.cost(black, now.total);
                }
            }
        }
        oracle.walk_proposal(&self.fed);
        self.proposed_cost = cost;
        cost
    }

    /// Makes the move last passed to [`evaluate`](Walker::evaluate).
    #[inline]
    pub fn commit(&mut self, mv: &Move) {
        if let Move::Recolour { pos, colour } = *mv {
            let old = self.state[usize::from(pos)];
            self.counts[usize::from(old)] -= 1;
            self.counts[usize::from(colour)] += 1;
        }
        mv.apply(&mut self.state[..usize::from(self.game.pegs())]);
        std::mem::swap(&mut self.current, &mut self.proposed);
        self.cost = self.proposed_cost;
        self.visit();
    }

    /// Whether the Metropolis rule accepts moving from the current cost to `proposed`:
    /// always when the cost does not rise, otherwise with probability `exp(-theta rise)`.
    #[inline]
    pub fn accepts(&self, proposed: u32, rng: &mut LabRng) -> bool {
        self.acceptance.accepts(self.cost, proposed, rng)
    }

    /// One Metropolis-Hastings step: propose a move from `kernel`, compute its cost (counted by
    /// `oracle`), accept or reject it. Returns whether the walk moved (accepted).
    #[inline]
    pub fn step(&mut self, kernel: &Kernel, oracle: &mut Oracle<'_>, rng: &mut LabRng) -> bool {
        let mv = kernel.propose(self.state(), self.game.colours(), rng);
        let proposed = self.evaluate(&mv, oracle);
        if self.accepts(proposed, rng) {
            self.commit(&mv);
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cost::cost;
    use mastermind_core::{Counters, History, rng_for, score};

    #[test]
    fn set_theta_changes_how_often_a_rise_is_accepted() {
        let game = Game::CLASSIC;
        let mut rng = rng_for(5, &[]);
        let mut walker = Walker::new(game, &Code::from_rank(game, 0), 1000.0);
        // With no turns fed the walker's cost is 0; a proposal of cost 3 is a rise of 3.
        let accepted =
            |w: &Walker, rng: &mut LabRng| (0..1000).filter(|_| w.accepts(3, rng)).count();
        assert_eq!(accepted(&walker, &mut rng), 0, "exp(-3000) is never accepted");
        walker.set_theta(1e-9);
        assert_eq!(accepted(&walker, &mut rng), 1000, "exp(-3e-9) is always accepted");
        walker.set_theta(f64::ln(2.0) / 3.0);
        let half = accepted(&walker, &mut rng);
        assert!((430..=570).contains(&half), "exp(-ln 2) accepted {half} of 1000 times");
    }

    /// The incremental cost equals the from-scratch cost after every proposal, accepted or not,
    /// over long walks, with turns fed in between and every kind of move.
    #[test]
    fn incremental_cost_equals_scratch_cost() {
        for (pegs, colours) in [(1, 2), (2, 3), (3, 5), (4, 6), (5, 8), (6, 9), (8, 10), (10, 10)] {
            let game = Game::new(pegs, colours).unwrap();
            let mut rng = rng_for(11, &[u64::from(pegs), u64::from(colours)]);
            let secret = Code::random(game, &mut rng);
            let mut history = History::new(game);
            let mut walker = Walker::new(game, &Code::random(game, &mut rng), 1.0);
            let kernels = [Kernel::new(0.5, 0.0), Kernel::new(0.45, 0.1), Kernel::new(0.3, 0.3)];
            for round in 0..12 {
                // Half of the turns get a random (possibly false, even impossible) reply.
                let guess = Code::random(game, &mut rng);
                let feedback = if round % 2 == 0 {
                    score(&secret, &guess)
                } else {
                    let black = rng.random_range(0..=pegs as u8);
                    Feedback::new(black, rng.random_range(0..=pegs as u8 - black))
                };
                history.push(guess, feedback);
                let mut counters = Counters::default();
                let oracle = &mut Oracle::new(&history, &mut counters);
                walker.push_turn(history.last().unwrap(), oracle);
                assert_eq!(walker.cost(), cost(oracle, &walker.code()));
                let kernel = kernels[round % 3];
                let kernel = if round % 4 == 3 { kernel.permutations_only() } else { kernel };
                for _ in 0..2000 {
                    let mv = kernel.propose(walker.state(), colours as u8, &mut rng);
                    let target = walker.code_after(&mv);
                    let proposed = walker.evaluate(&mv, oracle);
                    assert_eq!(proposed, cost(oracle, &target), "{game} {mv:?}");
                    if walker.accepts(proposed, &mut rng) {
                        walker.commit(&mv);
                        assert_eq!(walker.code(), target);
                    }
                    assert_eq!(walker.cost(), cost(oracle, &walker.code()));
                }
            }
            // Resetting the state agrees too.
            let code = Code::random(game, &mut rng);
            let mut counters = Counters::default();
            let oracle = &mut Oracle::new(&history, &mut counters);
            walker.reset_state(&code, oracle);
            assert_eq!(walker.cost(), cost(oracle, &code));
        }
    }

    /// Every cost the walker computes is counted by the oracle it is handed, by the oracle's rules
    /// for a walk: a turn fed or a state reset, one score call per turn scored; a walk's start,
    /// one evaluation; a proposal, one evaluation and one score call per turn fed, none when it
    /// swaps two equal pegs.
    #[test]
    fn counts_through_the_oracle() {
        let game = Game::CLASSIC;
        let code = |text: &str| Code::parse(game, text).unwrap();
        let mut rng = rng_for(5, &[]);
        let mut history = History::new(game);
        history.push(code("ABCD"), Feedback::new(1, 1));
        history.push(code("CCDD"), Feedback::new(0, 0));
        let mut counters = Counters::default();
        let oracle = &mut Oracle::new(&history, &mut counters);
        let mut walker = Walker::new(game, &code("AABB"), 2.0);
        assert_eq!(oracle.counters(), Counters::default(), "a walker without turns scores nothing");
        for turn in history.turns() {
            walker.push_turn(turn, oracle);
        }
        assert_eq!(oracle.counters(), Counters { evaluations: 0, score_calls: 2 });
        walker.begin_walk(oracle);
        walker.evaluate(&Move::Swap { i: 0, j: 1 }, oracle);
        assert_eq!(oracle.counters(), Counters { evaluations: 2, score_calls: 2 });
        let kernel = Kernel::new(0.5, 0.0);
        let mut expected = oracle.counters();
        let mut unchanged = 0;
        for _ in 0..400 {
            let mv = kernel.propose(walker.state(), game.colours(), &mut rng);
            let same = match mv {
                Move::Swap { i, j } => {
                    walker.state()[usize::from(i)] == walker.state()[usize::from(j)]
                }
                _ => false,
            };
            unchanged += u32::from(same);
            expected.evaluations += 1;
            expected.score_calls += if same { 0 } else { 2 };
            let proposed = walker.evaluate(&mv, oracle);
            if walker.accepts(proposed, &mut rng) {
                walker.commit(&mv);
            }
        }
        assert!(unchanged > 0, "no swap of equal pegs was proposed");
        assert_eq!(oracle.counters(), expected);
        walker.reset_state(&code("FFAB"), oracle);
        expected.score_calls += 2;
        assert_eq!(oracle.counters(), expected);
    }
}
