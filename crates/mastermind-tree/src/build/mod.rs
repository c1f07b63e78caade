//! Building the strategy tree of a deterministic one-ply player, and choosing one guess with the
//! same code.
//!
//! [`build_tree`] plays every secret at once: a node holds the secrets consistent with its history
//! (a contiguous run of one array, in code order, beside their colour multisets' numbers), chooses
//! its guess with [`select`], splits the run by reply with a stable counting sort, and recurses
//! into each part. Memory is the code set a few times over (secrets, a scratch copy, reply
//! indices, multiset numbers, cached candidate lists) plus the tree.
//! [`choose_guess`] computes one node's consistent set from a history and makes the same choice.
//! [`build_tree_with_progress`] also counts the secrets placed so far in a [`BuildProgress`] that
//! another thread may read while the build runs.

mod alike;
mod blacks;
mod candidates;
mod memory;
mod multisets;
mod objective;
mod replies;
mod rule;
mod select;
mod singletons;
mod slices;
mod symmetry;

pub use memory::{
    BYTES_PER_CODE, PIECE_BYTES_PER_SECRET, PIECE_GAME_BYTES_PER_CODE, memory_estimate,
    piece_memory_estimate,
};
pub use rule::BuildError;

use crate::tree::{Branch, Node, StrategyTree};
use candidates::SharedLists;
use mastermind_core::words::{Packed, Slice, Word, Words};
use mastermind_core::{Code, Feedback, Game, GameError, History, ReplySort};
use mastermind_heuristics::{Heuristic, OnePlyConfig};
use multisets::Multisets;
use objective::Objective;
use rayon::prelude::*;
use rule::Rule;
use select::Selector;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// What building a tree cost.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BuildStats {
    /// Nodes at which candidates were scored (nodes of three or more secrets, other than a root
    /// with a fixed first guess). Smaller nodes need no scoring.
    pub nodes: u64,
    /// Candidates examined over all nodes: each is one (candidate, node) partition count, whole or
    /// stopped early, or a candidate dropped by its colour multiset's bound. Symmetric candidates
    /// are not counted, except those a bound dropped before the stabiliser was applied (when a
    /// node gathers few survivors from its unfiltered list).
    pub candidates_scored: u64,
    /// Of those, the candidates dropped before their whole partition was counted, because a
    /// bound proved they could not beat the best.
    pub candidates_pruned: u64,
    /// Feedback computations (one candidate against one secret), splitting the secrets by the
    /// chosen guesses included.
    pub scores: u64,
}

impl BuildStats {
    /// Adds the work counted in `other`.
    pub(crate) fn add(&mut self, other: &BuildStats) {
        self.nodes += other.nodes;
        self.candidates_scored += other.candidates_scored;
        self.candidates_pruned += other.candidates_pruned;
        self.scores += other.scores;
    }
}

/// How far a build has come, readable from another thread while the build runs: the number of
/// secrets placed so far. A secret is placed at the node whose guess it is, once, so the count
/// ends at the game's number of codes. The builder adds to it once per secret (a relaxed atomic
/// addition), which costs nothing next to the scoring of a node.
#[derive(Debug, Default)]
pub struct BuildProgress {
    placed: AtomicU64,
}

impl BuildProgress {
    /// A count at zero.
    pub fn new() -> BuildProgress {
        BuildProgress::default()
    }

    /// Secrets placed so far.
    pub fn placed(&self) -> u64 {
        self.placed.load(Ordering::Relaxed)
    }

    fn add(&self, secrets: u64) {
        self.placed.fetch_add(secrets, Ordering::Relaxed);
    }
}

/// The strategy tree of the deterministic one-ply player `config` for `game`, and what building it
/// cost.
///
/// The tree plays exactly the guesses [`OnePlyPlayer`](mastermind_heuristics::OnePlyPlayer) plays
/// after the same history. `config` must be deterministic: a partition heuristic (Entropy,
/// MostParts, ExpectedSize, WorstCase) over either pool, or LocalEntropy over the consistent
/// codes; `ties: First`; no `subset`; any first guess.
pub fn build_tree(
    game: Game,
    config: &OnePlyConfig,
) -> Result<(StrategyTree, BuildStats), BuildError> {
    build(game, config, None)
}

/// [`build_tree`], counting in `progress` the secrets placed as the build goes (for a caller that
/// shows progress from another thread).
pub fn build_tree_with_progress(
    game: Game,
    config: &OnePlyConfig,
    progress: &BuildProgress,
) -> Result<(StrategyTree, BuildStats), BuildError> {
    build(game, config, Some(progress))
}

/// Whether `config` has a strategy tree for `game`, without building it: the one definition of
/// a deterministic one-ply configuration (what [`build_tree`] refuses, it refuses, but for a
/// history). Checks in microseconds, whatever the game's size.
pub fn check_config(game: Game, config: &OnePlyConfig) -> Result<(), BuildError> {
    Rule::new(game, config)?;
    enumerable(game)
}

/// The most codes a game may have for the builder: it numbers secrets, positions and counts
/// in `u32`s. It holds the codes as words, not as [`Code`]s, so the core's limit for enumerating
/// a [`CodeSet`](mastermind_core::CodeSet) (2^24 codes) does not apply: 8x9 (43 million codes) and 7x13 (62.7 million)
/// are built, in pieces where a whole build would not fit; memory decides (the command line
/// refuses a build or a piece whose estimate passes the memory available).
pub const MAX_BUILD_CODES: u64 = u32::MAX as u64;

/// Whether the builder takes `game`: at most [`MAX_BUILD_CODES`] codes.
fn enumerable(game: Game) -> Result<(), BuildError> {
    match game.size() {
        Some(size) if size <= MAX_BUILD_CODES => Ok(()),
        size => Err(BuildError::Game(GameError::TooLargeToEnumerate {
            pegs: game.pegs(),
            colours: game.colours(),
            size: size.unwrap_or(u64::MAX),
            limit: MAX_BUILD_CODES,
            bytes: BYTES_PER_CODE as usize,
        })),
    }
}

fn build(
    game: Game,
    config: &OnePlyConfig,
    progress: Option<&BuildProgress>,
) -> Result<(StrategyTree, BuildStats), BuildError> {
    let rule = Rule::new(game, config)?;
    if u64::fits(game) {
        build_with::<u64>(game, &rule, progress)
    } else {
        build_with::<u128>(game, &rule, progress)
    }
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

/// The multisets of a game whose codes may be enumerated ([`Multisets::codes`] lists them).
fn enumerable_multisets<W: Word>(game: Game) -> Result<Multisets<W>, BuildError> {
    enumerable(game)?;
    Ok(Multisets::of_game(game))
}

fn choose_with<W: Word>(game: Game, rule: &Rule, history: &History) -> Result<Code, BuildError> {
    if history.is_empty() {
        if let Some(first) = rule.first_guess {
            return Ok(first);
        }
    }
    let multisets = Arc::new(enumerable_multisets::<W>(game)?);
    let (all, all_numbers) = multisets.codes();
    let lists = Arc::new(SharedLists::new(all.len()));
    let objective = Objective::new(rule.heuristic, all.len());
    let mut selector =
        Selector::<W>::new(game, objective, rule.pool, Arc::clone(&multisets), lists);
    let scorer = selector.scorer();
    let mut consistent = Words::new();
    let mut numbers = Vec::new();
    let turns: Vec<(Packed<W>, u32)> = history
        .turns()
        .iter()
        .map(|t| (Packed::from_code(&t.guess), t.feedback.index() as u32))
        .collect();
    for (i, &number) in all_numbers.iter().enumerate() {
        let code = all.slice().get(i);
        if turns.iter().all(|&(guess, reply)| scorer.index(guess, code) == reply) {
            consistent.push(code);
            numbers.push(number);
        }
    }
    if consistent.is_empty() {
        return Err(BuildError::NoConsistentCode);
    }
    let guesses: Vec<[u8; 16]> = history.turns().iter().map(|t| t.guess.to_array().0).collect();
    Ok(selector.choose(consistent.slice(), &numbers, &guesses).code(game))
}

fn build_with<W: Word>(
    game: Game,
    rule: &Rule,
    progress: Option<&BuildProgress>,
) -> Result<(StrategyTree, BuildStats), BuildError> {
    let (root, stats) = build_below::<W>(game, rule, None, progress)?;
    Ok((StrategyTree::built(game, root), stats))
}

/// The first guess of `config`'s tree for `game`: the configuration's own, or the player's
/// choice over every code.
pub(crate) fn first_guess(game: Game, config: &OnePlyConfig) -> Result<Code, BuildError> {
    choose_guess(game, config, &History::new(game))
}

/// The node `config`'s tree for `game` plays after its first guess `first` got `reply` (a
/// reply some code gives, not the winning one), exactly as in the whole tree (a node's choice
/// depends on its history alone), and what building it cost. Holds only that node's secrets.
pub(crate) fn build_after_first(
    game: Game,
    config: &OnePlyConfig,
    (first, reply): (Code, Feedback),
    progress: Option<&BuildProgress>,
) -> Result<(Node, BuildStats), BuildError> {
    let rule = Rule::new(game, config)?;
    if u64::fits(game) {
        build_below::<u64>(game, &rule, Some((first, reply)), progress)
    } else {
        build_below::<u128>(game, &rule, Some((first, reply)), progress)
    }
}

/// The root of `game`'s tree, or with `after` the node after one first guess and its reply.
fn build_below<W: Word>(
    game: Game,
    rule: &Rule,
    after: Option<(Code, Feedback)>,
    progress: Option<&BuildProgress>,
) -> Result<(Node, BuildStats), BuildError> {
    prepared::<W, _>(game, rule, after, progress, |plan, selector, run, history| {
        let node = plan.node(selector, run, history);
        (node, std::mem::take(&mut selector.stats))
    })
}

/// One step of a piece just built: the subtree after the piece's own guess (the tree's second
/// guess) got one reply, as the whole tree holds it, and what building it cost.
#[derive(Debug)]
pub struct BuiltStep {
    /// The piece's own guess.
    pub second_guess: Code,
    /// The reply to it whose secrets the step holds.
    pub reply: Feedback,
    /// The subtree after that reply.
    pub node: Node,
    /// What building it cost; the first step a call stores also carries the cost of the piece's
    /// node itself (choosing its guess, splitting its secrets), so that the steps' costs add up
    /// to the whole work of the sittings that stored them.
    pub stats: BuildStats,
}

/// Builds the node `config`'s tree plays after its first guess got `after.1`, one step at a
/// time: its guess (`second_guess`, or the player's choice when `None`), its secrets split by
/// reply to it, then the subtree after each reply not `skip`ped, handed to `store` as soon as
/// it is built and then dropped. Steps are built in parallel (each as [`Plan::node`] builds a
/// child), so a call killed midway loses only the steps in flight. Returns the piece's guess,
/// or the first error of `store` (the inner result); the outer error is the build's own.
pub(crate) fn build_in_steps<E: Send>(
    game: Game,
    config: &OnePlyConfig,
    after: (Code, Feedback),
    second_guess: Option<Code>,
    skip: &(dyn Fn(Feedback) -> bool + Sync),
    progress: Option<&BuildProgress>,
    store: &(dyn Fn(BuiltStep) -> Result<(), E> + Sync),
) -> Result<Result<Code, E>, BuildError> {
    let rule = Rule::new(game, config)?;
    let steps = Steps { second_guess, skip, store };
    if u64::fits(game) {
        prepared::<u64, _>(game, &rule, Some(after), progress, |plan, selector, run, history| {
            plan.steps(selector, run, history, &steps)
        })
    } else {
        prepared::<u128, _>(game, &rule, Some(after), progress, |plan, selector, run, history| {
            plan.steps(selector, run, history, &steps)
        })
    }
}

/// What [`build_in_steps`] was asked for.
struct Steps<'s, E> {
    second_guess: Option<Code>,
    skip: &'s (dyn Fn(Feedback) -> bool + Sync),
    store: &'s (dyn Fn(BuiltStep) -> Result<(), E> + Sync),
}

/// Sets up the build of the root of `game`'s tree, or with `after` of the node after one first
/// guess and its reply (the secrets in code order, their multiset numbers, scratch arrays, the
/// shared plan, a selector and the history), and hands it to `build`.
fn prepared<W: Word, R>(
    game: Game,
    rule: &Rule,
    after: Option<(Code, Feedback)>,
    progress: Option<&BuildProgress>,
    build: impl FnOnce(&Plan<'_, W>, &mut Selector<W>, Run<'_, W>, &mut Vec<[u8; 16]>) -> R,
) -> Result<R, BuildError> {
    let multisets = enumerable_multisets::<W>(game)?;
    let codes = game.size().unwrap_or(0) as usize;
    let scorer = mastermind_core::words::Scorer::new::<W>(game);
    let (mut secrets, mut numbers) = match after {
        None => multisets.codes(),
        Some((first, reply)) => {
            let (first, reply) = (Packed::from_code(&first), reply.index() as u32);
            multisets.codes_where(usize::MAX, |code| scorer.index(first, code) == reply)
        }
    };
    if secrets.is_empty() {
        return Err(BuildError::NoConsistentCode);
    }
    let n = secrets.len();
    // The split writes every scratch slot before it is read: no copy of the secrets needed.
    let mut scratch = Words { pegs: vec![W::default(); n], counts: vec![W::default(); n] };
    let mut indices = vec![0u8; n];
    let mut scratch_numbers = vec![0u32; n];
    let plan = Plan {
        game,
        rule: rule.clone(),
        first_guess: rule.first_guess.map(|c| Packed::from_code(&c)),
        // The game's size, as the whole tree's build has it, whatever part is built.
        objective: Objective::new(rule.heuristic, codes),
        progress,
        multisets: Arc::new(multisets),
        lists: Arc::new(SharedLists::new(codes)),
    };
    let mut selector = plan.selector();
    let run = Run {
        pegs: &mut secrets.pegs,
        counts: &mut secrets.counts,
        numbers: &mut numbers,
        scratch_pegs: &mut scratch.pegs,
        scratch_counts: &mut scratch.counts,
        scratch_numbers: &mut scratch_numbers,
        indices: &mut indices,
    };
    let mut history = match after {
        None => Vec::new(),
        Some((first, _)) => vec![Packed::<W>::from_code(&first).colours(usize::from(game.pegs()))],
    };
    Ok(build(&plan, &mut selector, run, &mut history))
}

/// Nodes with at least this many secrets build their children in parallel (when rayon has more
/// than one thread). The tree does not depend on it: every node's choice is a function of its
/// history alone. At 1024 the root of 4x6 (1296 secrets) shares its children between two
/// threads (Irving 1.28 ms on one, 0.75-0.86 ms on two; at 2048 both ran the one-thread build),
/// while 8x5 Knuth and 6x9 Kooi measured level with 2048; 512 and 256 gained nothing more at
/// 4x6.
const PARALLEL_SECRETS: usize = 1024;

/// What every node of one build shares.
struct Plan<'p, W: Word> {
    game: Game,
    rule: Rule,
    first_guess: Option<Packed<W>>,
    /// The heuristic's costs (its tables made once, shared by every thread).
    objective: Objective,
    progress: Option<&'p BuildProgress>,
    /// The game's colour multisets.
    multisets: Arc<Multisets<W>>,
    /// The candidate lists, made once for every thread.
    lists: Arc<SharedLists<W>>,
}

/// The secrets a node owns (in code order until its guess sorts them by reply), their multiset
/// numbers, and the same stretch of the scratch arrays.
struct Run<'a, W> {
    pegs: &'a mut [W],
    counts: &'a mut [W],
    numbers: &'a mut [u32],
    scratch_pegs: &'a mut [W],
    scratch_counts: &'a mut [W],
    scratch_numbers: &'a mut [u32],
    indices: &'a mut [u8],
}

impl<'a, W: Word> Run<'a, W> {
    /// Splits off the first `len` secrets.
    fn split_off_front(self, len: usize) -> (Run<'a, W>, Run<'a, W>) {
        let (pegs, rest_pegs) = self.pegs.split_at_mut(len);
        let (counts, rest_counts) = self.counts.split_at_mut(len);
        let (numbers, rest_numbers) = self.numbers.split_at_mut(len);
        let (scratch_pegs, rest_scratch_pegs) = self.scratch_pegs.split_at_mut(len);
        let (scratch_counts, rest_scratch_counts) = self.scratch_counts.split_at_mut(len);
        let (scratch_numbers, rest_scratch_numbers) = self.scratch_numbers.split_at_mut(len);
        let (indices, rest_indices) = self.indices.split_at_mut(len);
        (
            Run { pegs, counts, numbers, scratch_pegs, scratch_counts, scratch_numbers, indices },
            Run {
                pegs: rest_pegs,
                counts: rest_counts,
                numbers: rest_numbers,
                scratch_pegs: rest_scratch_pegs,
                scratch_counts: rest_scratch_counts,
                scratch_numbers: rest_scratch_numbers,
                indices: rest_indices,
            },
        )
    }
}

impl<W: Word> Plan<'_, W> {
    fn selector(&self) -> Selector<W> {
        Selector::new(
            self.game,
            self.objective.clone(),
            self.rule.pool,
            Arc::clone(&self.multisets),
            Arc::clone(&self.lists),
        )
    }

    /// Builds the node that owns `run`, reached by playing `guesses`.
    fn node(
        &self,
        selector: &mut Selector<W>,
        run: Run<'_, W>,
        guesses: &mut Vec<[u8; 16]>,
    ) -> Node {
        let n = run.pegs.len();
        // One or two secrets past the root: the first is played, the second follows it (with a
        // partition heuristic; LocalEntropy ranks even two codes).
        let partitions = self.rule.heuristic != Heuristic::LocalEntropy;
        if (n == 1 || (n == 2 && partitions)) && !guesses.is_empty() {
            let first = Packed { pegs: run.pegs[0], counts: run.counts[0] };
            let mut node = Node::leaf(first.code(self.game));
            if n == 2 {
                let second = Packed { pegs: run.pegs[1], counts: run.counts[1] };
                let reply = selector.scorer().index(first, second) as usize;
                selector.stats.scores += 1;
                node.secrets = 2;
                // One branch, in a vector of one (a push would make room for four).
                node.branches = vec![Branch {
                    reply: Feedback::from_index(reply),
                    node: Node::leaf(second.code(self.game)),
                }];
            }
            self.placed(n);
            return node;
        }
        let guess = match self.first_guess {
            Some(first) if guesses.is_empty() => first,
            _ => {
                selector.choose(Slice { pegs: run.pegs, counts: run.counts }, run.numbers, guesses)
            }
        };
        let parts = self.play(selector, run, guess);
        guesses.push(guess.colours(usize::from(self.game.pegs())));
        let branches = if n >= PARALLEL_SECRETS && rayon::current_num_threads() > 1 {
            let history = guesses.clone();
            // A selector serves every child one rayon job takes, as one serves a whole subtree:
            // its lists and groups are checked against each node before use.
            let built: Vec<(Branch, BuildStats)> = parts
                .into_par_iter()
                .map_init(
                    || self.selector(),
                    |own, (reply, part)| {
                        let node = self.node(own, part, &mut history.clone());
                        (Branch { reply, node }, std::mem::take(&mut own.stats))
                    },
                )
                .collect();
            built
                .into_iter()
                .map(|(branch, stats)| {
                    selector.stats.add(&stats);
                    branch
                })
                .collect()
        } else {
            // Built into a vector of its exact length: the tree keeps it.
            let mut branches = Vec::with_capacity(parts.len());
            for (reply, part) in parts {
                branches.push(Branch { reply, node: self.node(selector, part, guesses) });
            }
            branches
        };
        guesses.pop();
        Node { guess: guess.code(self.game), secrets: n as u32, branches }
    }

    /// Plays `guess` at the node that owns `run`: sorts its secrets by reply, counts the one it
    /// wins as placed, and returns the secrets of every other reply some secret gives, in reply
    /// order.
    fn play<'r>(
        &self,
        selector: &mut Selector<W>,
        mut run: Run<'r, W>,
        guess: Packed<W>,
    ) -> Vec<(Feedback, Run<'r, W>)> {
        let sort = split(selector, &mut run, guess);
        let sizes = sort.sizes();
        let win = Feedback::all_black(self.game.pegs()).index();
        self.placed(sizes[win] as usize);
        let mut parts = Vec::new();
        let mut rest = run;
        for (reply, &size) in sizes.iter().enumerate() {
            let (part, after) = rest.split_off_front(size as usize);
            rest = after;
            if reply != win && size > 0 {
                parts.push((Feedback::from_index(reply), part));
            }
        }
        parts
    }

    /// Builds the node that owns `run`, reached by playing `guesses`, as [`build_in_steps`]
    /// asks: each child not skipped is handed to the store as soon as it is built.
    fn steps<E: Send>(
        &self,
        selector: &mut Selector<W>,
        run: Run<'_, W>,
        guesses: &[[u8; 16]],
        steps: &Steps<'_, E>,
    ) -> Result<Code, E> {
        let guess = match steps.second_guess {
            Some(code) => Packed::from_code(&code),
            None => {
                selector.choose(Slice { pegs: run.pegs, counts: run.counts }, run.numbers, guesses)
            }
        };
        let parts = self.play(selector, run, guess);
        let second_guess = guess.code(self.game);
        let mut history = guesses.to_vec();
        history.push(guess.colours(usize::from(self.game.pegs())));
        let head = Mutex::new(Some(std::mem::take(&mut selector.stats)));
        parts
            .into_par_iter()
            .filter(|(reply, _)| !(steps.skip)(*reply))
            .map_init(
                || self.selector(),
                |own, (reply, part)| {
                    let node = self.node(own, part, &mut history.clone());
                    let mut stats = std::mem::take(&mut own.stats);
                    if let Some(head) = head.lock().unwrap_or_else(PoisonError::into_inner).take() {
                        stats.add(&head);
                    }
                    (steps.store)(BuiltStep { second_guess, reply, node, stats })
                },
            )
            .collect::<Result<(), E>>()?;
        Ok(second_guess)
    }

    /// Counts `secrets` placed (a leaf's secrets, or the one a node's guess wins).
    fn placed(&self, secrets: usize) {
        if let (Some(progress), 1..) = (self.progress, secrets) {
            progress.add(secrets as u64);
        }
    }
}

/// Sorts the secrets of `run` by reply to `guess` (stable, so each part stays in code order) into
/// its scratch arrays, which then become its secrets: the node no longer needs them in code
/// order, and its children use the old order's arrays as their scratch. The sort holds the part
/// sizes by reply index.
fn split<W: Word>(selector: &mut Selector<W>, run: &mut Run<'_, W>, guess: Packed<W>) -> ReplySort {
    let Run { pegs, counts, numbers, scratch_pegs, scratch_counts, scratch_numbers, indices } = run;
    let n = pegs.len();
    selector.scorer().indices(guess, Slice { pegs, counts }, indices);
    selector.stats.scores += n as u64;
    let mut sort = ReplySort::new();
    sort.sort(indices.iter().copied(), selector.feedback_count(), |k, slot| {
        scratch_pegs[slot] = pegs[k];
        scratch_counts[slot] = counts[k];
        scratch_numbers[slot] = numbers[k];
    });
    std::mem::swap(pegs, scratch_pegs);
    std::mem::swap(counts, scratch_counts);
    std::mem::swap(numbers, scratch_numbers);
    sort
}
