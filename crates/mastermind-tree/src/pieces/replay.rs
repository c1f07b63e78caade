//! A piece's guesses replayed over its secrets with the plain definition of a reply: the subtree
//! they describe, its totals, or why they describe none.

use super::format::PieceSummary;
use crate::tree::{Branch, Node, colour_counts, plain_reply};
use mastermind_core::{Code, Feedback, Game};

/// No one-ply tree of a game the builder takes is this deep; a body that says otherwise is
/// refused before its recursion could exhaust the stack.
const DEEPEST: u32 = 100;

/// A secret ready for the plain reply: its colours and its colour counts (42 bytes, with its
/// rank, order and reply 55 a secret in all, beside the tree when it is kept).
struct Plain {
    colours: [u8; 16],
    counts: [u8; 26],
}

/// How a piece's guesses are read: the game, the width of a rank, and whether a node of two
/// secrets plays the first without a stored guess.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Reading {
    pub game: Game,
    pub width: usize,
    pub pairs_implied: bool,
}

impl Reading {
    /// Whether a node of `secrets` secrets has its guess stored in the body.
    pub fn stores(&self, secrets: u32) -> bool {
        secrets > if self.pairs_implied { 2 } else { 1 }
    }
}

/// The subtree `body` describes over the secrets of ranks `secrets` (in code order), whose root is at depth
/// `depth` (the first guess's children at 2), with its summary; the node itself only if
/// `keep_nodes`. An error says, in words, why the body describes no such tree.
pub(crate) fn replay(
    reading: Reading,
    secrets: &[u32],
    depth: u32,
    body: &[u8],
    keep_nodes: bool,
) -> Result<(PieceSummary, Option<Node>), String> {
    let pegs = usize::from(reading.game.pegs());
    let plain = secrets
        .iter()
        .map(|&rank| {
            let (colours, _) = Code::from_rank(reading.game, u64::from(rank)).to_array();
            Plain { colours, counts: colour_counts(&colours[..pegs]) }
        })
        .collect();
    let mut replay = Replay {
        reading,
        pegs,
        secrets,
        plain,
        order: (0..secrets.len() as u32).collect(),
        scratch: vec![0; secrets.len()],
        replies: vec![0; secrets.len()],
        body,
        read: 0,
        summary: PieceSummary { total: 0, max: 0, nodes: 0, distribution: Vec::new() },
        keep_nodes,
    };
    let node = replay.node(0..secrets.len(), depth)?;
    if replay.read != body.len() {
        let left = body.len() - replay.read;
        return Err(format!("{left} bytes of guesses are left over after the tree's last node"));
    }
    Ok((replay.summary, node))
}

/// The state of one replay: the secrets' order (each node's secrets a run of `order`, in code
/// order), and how far the body has been read.
struct Replay<'a> {
    reading: Reading,
    pegs: usize,
    secrets: &'a [u32],
    plain: Vec<Plain>,
    order: Vec<u32>,
    scratch: Vec<u32>,
    replies: Vec<u8>,
    body: &'a [u8],
    read: usize,
    summary: PieceSummary,
    keep_nodes: bool,
}

impl Replay<'_> {
    /// The guess of a node of `n` secrets whose first (in code order) is `first`.
    fn guess(&mut self, n: usize, first: u32) -> Result<Code, String> {
        if !self.reading.stores(n as u32) {
            return Ok(Code::from_rank(self.reading.game, u64::from(self.secrets[first as usize])));
        }
        let width = self.reading.width;
        let Some(bytes) = self.body.get(self.read..self.read + width) else {
            return Err(format!("the guesses end early, at byte {} of the body", self.read));
        };
        let mut rank = [0u8; 8];
        rank[..width].copy_from_slice(bytes);
        let rank = u64::from_le_bytes(rank);
        let size = self.reading.game.size().unwrap_or(0);
        if rank >= size {
            return Err(format!(
                "the guess at byte {} is rank {rank}, not a code of the game ({size} codes)",
                self.read
            ));
        }
        self.read += width;
        Ok(Code::from_rank(self.reading.game, rank))
    }

    /// Replays the secrets `order[range]` from a node at `depth`.
    fn node(&mut self, range: std::ops::Range<usize>, depth: u32) -> Result<Option<Node>, String> {
        if depth > DEEPEST {
            return Err(format!("the tree is deeper than {DEEPEST} guesses"));
        }
        let n = range.len();
        let guess = self.guess(n, self.order[range.start])?;
        let (colours, _) = guess.to_array();
        let (guess_colours, guess_counts) =
            (&colours[..self.pegs], colour_counts(&colours[..self.pegs]));
        let win = Feedback::all_black(self.reading.game.pegs()).index();
        let mut sizes = [0u32; 256];
        for k in range.clone() {
            let secret = &self.plain[self.order[k] as usize];
            let reply = plain_reply(
                &secret.colours[..self.pegs],
                &secret.counts,
                guess_colours,
                &guess_counts,
            );
            let index = reply.index();
            self.replies[k] = index as u8;
            sizes[index] += 1;
        }
        let wins = sizes[win] as usize;
        if wins == 0 && sizes.contains(&(n as u32)) {
            return Err(format!(
                "guess {guess} at depth {depth} splits nothing: every secret gives one reply"
            ));
        }
        self.summary.nodes += 1;
        if wins > 0 {
            let k = depth as usize;
            if self.summary.distribution.len() <= k {
                self.summary.distribution.resize(k + 1, 0);
            }
            self.summary.distribution[k] += wins as u64;
            self.summary.total += u64::from(depth) * wins as u64;
            self.summary.max = self.summary.max.max(depth);
        }
        // A stable counting sort of the run by reply: each part stays in code order.
        let mut starts = [0usize; 257];
        for index in 0..256 {
            starts[index + 1] = starts[index] + sizes[index] as usize;
        }
        let mut next = starts;
        for k in range.clone() {
            let index = usize::from(self.replies[k]);
            self.scratch[range.start + next[index]] = self.order[k];
            next[index] += 1;
        }
        self.order[range.clone()].copy_from_slice(&self.scratch[range.clone()]);
        let mut branches = Vec::new();
        for index in 0..256 {
            if index == win || sizes[index] == 0 {
                continue;
            }
            let part = range.start + starts[index]..range.start + starts[index + 1];
            let child = self.node(part, depth + 1)?;
            if let Some(node) = child {
                branches.push(Branch { reply: Feedback::from_index(index), node });
            }
        }
        Ok(self.keep_nodes.then_some(Node { guess, secrets: n as u32, branches }))
    }
}
