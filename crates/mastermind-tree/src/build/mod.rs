//! Building the strategy tree of a deterministic one-ply player, and choosing one guess with the
//! same code.
//!
//! [`build_tree`] plays every secret at once: a node holds the secrets consistent with its history
//! (a contiguous run of one array, in code order), chooses its guess with [`select`], splits the
//! run by reply with a stable counting sort, and recurses into each part. Memory is the code set
//! a few times over (secrets, a scratch copy, reply indices, cached candidate lists) plus the tree.
//! [`choose_guess`] computes one node's consistent set from a history and makes the same choice.

mod objective;
mod rule;
mod select;
mod symmetry;
mod words;

pub use rule::BuildError;

use crate::tree::{Branch, Node, StrategyTree};
use mastermind_core::{Code, CodeSet, Feedback, Game, History};
use mastermind_heuristics::OnePlyConfig;
use rule::Rule;
use select::Selector;
use serde::Serialize;
use words::{Packed, Word, Words};

/// What building a tree cost.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct BuildStats {
    /// Nodes at which candidates were scored (nodes of three or more secrets, other than a root
    /// with a fixed first guess). Smaller nodes need no scoring.
    pub nodes: u64,
    /// Candidates examined over all nodes: each is one (candidate, node) partition count, whole or
    /// stopped early. Symmetric candidates that were never examined are not counted.
    pub candidates_scored: u64,
    /// Of those, the candidates dropped before their whole partition was counted, because a
    /// bound proved they could not beat the best.
    pub candidates_pruned: u64,
    /// Feedback computations (one candidate against one secret), splitting the secrets by the
    /// chosen guesses included.
    pub scores: u64,
}

/// The strategy tree of the deterministic one-ply player `config` for `game`, and what building it
/// cost.
///
/// The tree plays exactly the guesses [`OnePlyPlayer`](mastermind_heuristics::OnePlyPlayer) plays
/// after the same history. `config` must be deterministic: a partition heuristic (Entropy,
/// MostParts, ExpectedSize, WorstCase), `ties: First`, no `subset`; any pool and first guess.
pub fn build_tree(
    game: Game,
    config: &OnePlyConfig,
) -> Result<(StrategyTree, BuildStats), BuildError> {
    let rule = Rule::new(game, config)?;
    if u64::fits(game) { build_with::<u64>(game, &rule) } else { build_with::<u128>(game, &rule) }
}

/// The guess the tree of `config` plays after `history`, computed for that one node: the codes
/// consistent with the history, then the player's choice among them. `history` may hold guesses
/// the strategy would not have played.
pub fn choose_guess(
    game: Game,
    config: &OnePlyConfig,
    history: &History,
) -> Result<Code, BuildError> {
    let rule = Rule::new(game, config)?;
    if history.game() != game {
        return Err(BuildError::HistoryGame { history: history.game(), game });
    }
    if u64::fits(game) {
        choose_with::<u64>(game, &rule, history)
    } else {
        choose_with::<u128>(game, &rule, history)
    }
}

fn all_codes<W: Word>(game: Game) -> Result<Words<W>, BuildError> {
    let codes = CodeSet::enumerate(game).map_err(BuildError::Game)?;
    let mut words = Words::new();
    for code in codes.iter() {
        words.push(Packed::from_code(code));
    }
    Ok(words)
}

fn choose_with<W: Word>(game: Game, rule: &Rule, history: &History) -> Result<Code, BuildError> {
    if history.is_empty() {
        if let Some(first) = rule.first_guess {
            return Ok(first);
        }
    }
    let all = all_codes::<W>(game)?;
    let mut selector = Selector::<W>::new(game, rule.heuristic, rule.pool, all.len());
    let scorer = selector.scorer();
    let mut consistent = Words::new();
    let turns: Vec<(Packed<W>, u32)> = history
        .turns()
        .iter()
        .map(|t| (Packed::from_code(&t.guess), t.feedback.index() as u32))
        .collect();
    for i in 0..all.len() {
        let code = all.slice().get(i);
        if turns.iter().all(|&(guess, reply)| scorer.index(guess, code) == reply) {
            consistent.push(code);
        }
    }
    if consistent.len() == 0 {
        return Err(BuildError::NoConsistentCode);
    }
    let guesses: Vec<[u8; 16]> = history.turns().iter().map(|t| t.guess.to_array().0).collect();
    Ok(selector.choose(consistent.slice(), &guesses).code(game))
}

fn build_with<W: Word>(game: Game, rule: &Rule) -> Result<(StrategyTree, BuildStats), BuildError> {
    let secrets = all_codes::<W>(game)?;
    let n = secrets.len();
    let mut builder = Builder {
        game,
        selector: Selector::new(game, rule.heuristic, rule.pool, n),
        first_guess: rule.first_guess.map(|c| Packed::from_code(&c)),
        scratch: secrets.clone(),
        secrets,
        indices: vec![0; n],
        guesses: Vec::new(),
    };
    let root = builder.node(0, n);
    let stats = builder.selector.stats;
    let tree = StrategyTree::new(game, root).expect("the builder partitions every secret once");
    Ok((tree, stats))
}

/// The recursion over nodes: one array of secrets split in place, run by run.
struct Builder<W: Word> {
    game: Game,
    selector: Selector<W>,
    first_guess: Option<Packed<W>>,
    /// Every secret; a node owns the run `lo..hi`, sorted by reply once its guess is known.
    secrets: Words<W>,
    scratch: Words<W>,
    indices: Vec<u8>,
    /// The colours of the guesses from the root to the current node.
    guesses: Vec<[u8; 16]>,
}

impl<W: Word> Builder<W> {
    fn node(&mut self, lo: usize, hi: usize) -> Node {
        let run = self.secrets.slice().range(lo, hi);
        let guess = match self.first_guess {
            Some(first) if self.guesses.is_empty() => first,
            _ => self.selector.choose(run, &self.guesses),
        };
        let parts = self.split(lo, hi, guess);
        let win = Feedback::all_black(self.game.pegs()).index();
        self.guesses.push(guess.colours(usize::from(self.game.pegs())));
        let mut branches = Vec::new();
        let mut start = lo;
        for (reply, &size) in parts.iter().enumerate() {
            let end = start + size;
            if reply != win && size > 0 {
                branches.push(Branch {
                    reply: Feedback::from_index(reply),
                    node: self.node(start, end),
                });
            }
            start = end;
        }
        self.guesses.pop();
        Node { guess: guess.code(self.game), secrets: (hi - lo) as u32, branches }
    }

    /// Sorts the run `lo..hi` by reply to `guess` (stable, so each part stays in code order) and
    /// returns the part sizes by reply index.
    fn split(&mut self, lo: usize, hi: usize, guess: Packed<W>) -> Vec<usize> {
        let scorer = self.selector.scorer();
        let indices = &mut self.indices[lo..hi];
        scorer.indices(guess, self.secrets.slice().range(lo, hi), indices);
        self.selector.stats.scores += (hi - lo) as u64;
        let mut sizes = vec![0usize; self.game.feedback_count()];
        for &i in indices.iter() {
            sizes[usize::from(i)] += 1;
        }
        let mut next = Vec::with_capacity(sizes.len());
        let mut at = lo;
        for &s in &sizes {
            next.push(at);
            at += s;
        }
        for (k, &i) in indices.iter().enumerate() {
            let to = &mut next[usize::from(i)];
            self.scratch.pegs[*to] = self.secrets.pegs[lo + k];
            self.scratch.counts[*to] = self.secrets.counts[lo + k];
            *to += 1;
        }
        self.secrets.pegs[lo..hi].copy_from_slice(&self.scratch.pegs[lo..hi]);
        self.secrets.counts[lo..hi].copy_from_slice(&self.scratch.counts[lo..hi]);
        sizes
    }
}
