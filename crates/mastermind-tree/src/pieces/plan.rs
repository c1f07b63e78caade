//! The pieces of one tree: which they are, building one, its bytes, reading them back, and the
//! merge of all of them into the whole tree's totals.

use super::PieceError;
use super::format::{self, BodyCheck, FORMAT, PieceHeader, PieceRun, PieceSummary, Stamp};
use super::replay::{Reading, replay};
use crate::build::{self, BuildProgress, BuildStats};
use crate::tree::{Branch, Node, StrategyTree, colour_counts, plain_reply};
use mastermind_core::{Code, Feedback, Game};
use mastermind_heuristics::{Heuristic, OnePlyConfig};

/// One piece of a plan: a reply to the first guess and how many secrets give it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Part {
    /// The reply.
    pub reply: Feedback,
    /// The codes that give it.
    pub secrets: u64,
}

/// The pieces of one player's tree of one game: its first guess, and one piece per reply to it
/// that some code gives, other than the win, in reply order.
#[derive(Debug, Clone)]
pub struct PiecePlan {
    game: Game,
    config: OnePlyConfig,
    first_guess: Code,
    parts: Vec<Part>,
    stamp: Stamp,
    reading: Reading,
    replies: ReplyIndex,
}

/// Every code's plain reply to the first guess (its index), in code order: a byte a code, so
/// that a piece's secrets are found by one scan instead of scoring the whole game again.
#[derive(Clone)]
struct ReplyIndex(Vec<u8>);

impl std::fmt::Debug for ReplyIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ReplyIndex({} codes)", self.0.len())
    }
}

impl ReplyIndex {
    /// The ranks of the codes whose reply to the first guess is `reply`, in code order.
    fn secrets_of(&self, reply: Feedback) -> Vec<u32> {
        let index = reply.index() as u8;
        let ranks = self.0.iter().enumerate().filter(|&(_, &r)| r == index);
        ranks.map(|(rank, _)| rank as u32).collect()
    }
}

/// A piece as checked: its header, whose totals its replay confirmed.
#[derive(Debug, Clone, PartialEq)]
pub struct PieceRecord {
    /// The piece's header.
    pub header: PieceHeader,
}

/// The whole tree's totals, from every piece, checked.
#[derive(Debug, Clone, PartialEq)]
pub struct Merged {
    /// The tree's stamp.
    pub stamp: Stamp,
    /// Every secret of the game.
    pub secrets: u64,
    /// The guesses of all secrets.
    pub total: u64,
    /// The most guesses any secret needs.
    pub max: u32,
    /// The tree's nodes.
    pub nodes: u64,
    /// How many secrets take exactly `k` guesses, for `k = 0..=max`.
    pub distribution: Vec<u64>,
    /// Each piece, in order.
    pub pieces: Vec<PieceRecord>,
}

impl PiecePlan {
    /// The pieces of the tree of the deterministic one-ply player `config` (labelled nothing
    /// more: the stamp names it by its configuration) for `game`. The first guess is the
    /// configuration's, or the player's own choice; each reply's secrets are counted with the
    /// plain definition of a reply, over every code (a second or so at 43 million codes), and
    /// every code's reply is kept (a byte a code) to find a piece's secrets when it is read.
    pub fn new(game: Game, config: &OnePlyConfig) -> Result<PiecePlan, PieceError> {
        build::check_config(game, config)?;
        let first_guess = build::first_guess(game, config)?;
        // The configuration was checked for the game, whose codes are then counted.
        let size = game.size().unwrap_or(u64::MAX);
        let replies = ReplyIndex(replies_in_code_order(game, first_guess));
        let mut counts = vec![0u64; game.feedback_count()];
        for &reply in &replies.0 {
            counts[usize::from(reply)] += 1;
        }
        let win = Feedback::all_black(game.pegs()).index();
        let parts: Vec<Part> = counts
            .iter()
            .enumerate()
            .filter(|&(index, &secrets)| index != win && secrets > 0)
            .map(|(index, &secrets)| Part { reply: Feedback::from_index(index), secrets })
            .collect();
        let mut player = config.clone();
        player.first_guess = Some(first_guess.to_string());
        let stamp = Stamp {
            format: FORMAT.to_owned(),
            game: format!(
                "{}x{}{}",
                game.pegs(),
                game.colours(),
                if game.repeats() { "" } else { "n" }
            ),
            player: serde_json::to_string(&player).expect("a configuration serialises"),
            first_guess: first_guess.to_string(),
            pieces: parts.len(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
        };
        let reading = Reading {
            game,
            width: format::rank_bytes(size),
            pairs_implied: config.heuristic != Heuristic::LocalEntropy,
        };
        Ok(PiecePlan { game, config: player, first_guess, parts, stamp, reading, replies })
    }

    /// The game.
    pub fn game(&self) -> Game {
        self.game
    }

    /// The first guess.
    pub fn first_guess(&self) -> Code {
        self.first_guess
    }

    /// The pieces, in reply order: piece `i` is `parts()[i]`.
    pub fn parts(&self) -> &[Part] {
        &self.parts
    }

    /// The player's configuration, its first guess included.
    pub(super) fn config(&self) -> &OnePlyConfig {
        &self.config
    }

    /// How the plan's bodies are read.
    pub(super) fn reading(&self) -> Reading {
        self.reading
    }

    /// The ranks of the codes whose reply to the first guess is `reply`, in code order.
    pub(super) fn secrets_of(&self, reply: Feedback) -> Vec<u32> {
        self.replies.secrets_of(reply)
    }

    /// What every piece of this plan carries.
    pub fn stamp(&self) -> &Stamp {
        &self.stamp
    }

    /// The pieces shard `shard` of `shards` builds, in index order: the pieces, largest
    /// first, go each to the shard with the fewest secrets so far (the lowest on ties), so that
    /// shards run about as long as the largest piece allows.
    pub fn shard(&self, shard: usize, shards: usize) -> Vec<usize> {
        let shards = shards.max(1);
        let mut order: Vec<usize> = (0..self.parts.len()).collect();
        order.sort_by_key(|&i| (std::cmp::Reverse(self.parts[i].secrets), i));
        let mut load = vec![0u64; shards];
        let mut mine = Vec::new();
        for i in order {
            let least = (0..shards).min_by_key(|&s| (load[s], s)).expect("one shard at least");
            load[least] += self.parts[i].secrets;
            if least == shard {
                mine.push(i);
            }
        }
        mine.sort_unstable();
        mine
    }

    /// The name of piece `index`'s file: `piece-007.bin`.
    pub fn file_name(index: usize) -> String {
        format!("piece-{index:03}.bin")
    }

    pub(super) fn part(&self, index: usize) -> Result<Part, PieceError> {
        self.parts
            .get(index)
            .copied()
            .ok_or(PieceError::NoSuchPiece { index, pieces: self.parts.len() })
    }

    /// Builds piece `index`: the node after the first guess got its reply, exactly as the
    /// whole tree holds it, counting the secrets placed in `progress`.
    pub fn build(
        &self,
        index: usize,
        progress: Option<&BuildProgress>,
    ) -> Result<(Node, BuildStats), PieceError> {
        let part = self.part(index)?;
        let after = (self.first_guess, part.reply);
        Ok(build::build_after_first(self.game, &self.config, after, progress)?)
    }

    /// The bytes of piece `index`, built as `node` at the cost `stats`, in the time `run`.
    /// A node whose guess the body leaves out must play what the secrets decide (its one
    /// secret; the first of two in code order), and the bytes are read back before they are
    /// returned (as [`check`](Self::check) reads them), so that only a piece that replays to its
    /// own totals is ever written.
    pub fn encode(
        &self,
        index: usize,
        node: &Node,
        stats: BuildStats,
        run: PieceRun,
    ) -> Result<Vec<u8>, PieceError> {
        let part = self.part(index)?;
        let mut body = Vec::new();
        self.preorder(node, &mut body)?;
        let mut summary = PieceSummary { total: 0, max: 0, nodes: 0, distribution: Vec::new() };
        summarise(node, 2, &mut summary);
        let header = PieceHeader {
            stamp: self.stamp.clone(),
            piece: index,
            reply: part.reply.to_string(),
            step: None,
            secrets: u64::from(node.secrets),
            summary,
            stats,
            run,
            body: BodyCheck::of(&body),
        };
        let bytes = format::write(&header, &body);
        self.read(&format!("piece {index} as built"), index, &bytes, false)?;
        Ok(bytes)
    }

    /// Checks the bytes `bytes` of piece `index` (named `name` in errors): its stamp is this
    /// plan's, its body whole and unchanged, and its guesses, replayed over the piece's secrets
    /// with the plain definition of a reply, make a tree with the totals its header states.
    pub fn check(&self, index: usize, name: &str, bytes: &[u8]) -> Result<PieceRecord, PieceError> {
        self.read(name, index, bytes, false).map(|(record, _)| record)
    }

    /// [`check`](Self::check), returning the piece's subtree too.
    pub fn decode(
        &self,
        index: usize,
        name: &str,
        bytes: &[u8],
    ) -> Result<(PieceRecord, Node), PieceError> {
        let (record, node) = self.read(name, index, bytes, true)?;
        Ok((record, node.expect("kept")))
    }

    fn read(
        &self,
        name: &str,
        index: usize,
        bytes: &[u8],
        keep_nodes: bool,
    ) -> Result<(PieceRecord, Option<Node>), PieceError> {
        let part = self.part(index)?;
        let damaged = |what: String| PieceError::Damaged { name: name.to_owned(), what };
        let (header, body) = format::read(name, bytes)?;
        if let Some((field, found, expected)) = header.stamp.first_difference(&self.stamp) {
            return Err(PieceError::OtherTree { name: name.to_owned(), field, found, expected });
        }
        if header.piece != index {
            return Err(damaged(format!("it holds piece {}, not piece {index}", header.piece)));
        }
        if let Some(step) = &header.step {
            return Err(damaged(format!(
                "it is one step of piece {index} (after {} to {}), not the whole piece",
                step.reply, step.second_guess
            )));
        }
        let reply = part.reply.to_string();
        if header.reply != reply || header.secrets != part.secrets {
            return Err(damaged(format!(
                "it holds {} secrets after {}, where piece {index} is the {} secrets after {reply}",
                header.secrets, header.reply, part.secrets
            )));
        }
        let secrets = self.replies.secrets_of(part.reply);
        let (summary, node) = replay(self.reading, &secrets, 2, body, keep_nodes)
            .map_err(|why| damaged(format!("its guesses do not replay: {why}")))?;
        if summary != header.summary {
            return Err(damaged(format!(
                "its header states {:?}, its guesses replay to {:?}",
                header.summary, summary
            )));
        }
        Ok((PieceRecord { header }, node))
    }

    /// Appends the stored guesses of `node`'s subtree in preorder, after checking that every
    /// guess left out is the one the secrets decide: a node of one secret is a leaf that wins
    /// (its guess is its secret), and a node of two whose guess is left out wins and has one
    /// leaf after it, of a later code.
    pub(super) fn preorder(&self, node: &Node, body: &mut Vec<u8>) -> Result<(), PieceError> {
        if self.reading.stores(node.secrets) {
            format::push_rank(body, node.guess.rank(self.game), self.reading.width);
        } else {
            let decided = match node.branches.as_slice() {
                [] => node.secrets == 1,
                [branch] => {
                    let after = &branch.node;
                    node.wins_here()
                        && after.branches.is_empty()
                        && after.guess.rank(self.game) > node.guess.rank(self.game)
                }
                _ => false,
            };
            if !decided {
                return Err(PieceError::Unwritable(format!(
                    "the node playing {} over {} secrets does not play what the format leaves \
                     to its secrets (the one secret, the first of two)",
                    node.guess, node.secrets
                )));
            }
        }
        for branch in &node.branches {
            self.preorder(&branch.node, body)?;
        }
        Ok(())
    }

    /// The whole tree's totals from every piece's record, in order, after checking that they
    /// are this plan's pieces, each once, and that they add up to the game: every secret once,
    /// the first guess winning the one it is.
    pub fn merge(&self, records: Vec<PieceRecord>) -> Result<Merged, PieceError> {
        let mut present = vec![false; self.parts.len()];
        for record in &records {
            let index = record.header.piece;
            self.part(index)?;
            if std::mem::replace(&mut present[index], true) {
                return Err(PieceError::Merge(format!("piece {index} is given twice")));
            }
        }
        let missing: Vec<usize> = (0..present.len()).filter(|&i| !present[i]).collect();
        if !missing.is_empty() {
            return Err(PieceError::Missing { missing, pieces: self.parts.len() });
        }
        let mut records = records;
        records.sort_by_key(|r| r.header.piece);
        // The root: the first guess wins its own secret at the first guess.
        let mut distribution = vec![0, 1];
        let (mut nodes, mut secrets) = (1u64, 1u64);
        for record in &records {
            let summary = &record.header.summary;
            if distribution.len() < summary.distribution.len() {
                distribution.resize(summary.distribution.len(), 0);
            }
            for (k, &n) in summary.distribution.iter().enumerate() {
                distribution[k] += n;
            }
            nodes += summary.nodes;
            secrets += record.header.secrets;
        }
        let size = self.game.size().unwrap_or(0);
        let solved: u64 = distribution.iter().sum();
        if secrets != size || solved != size {
            return Err(PieceError::Merge(format!(
                "the pieces hold {secrets} secrets and solve {solved}, the game has {size} codes"
            )));
        }
        let total = distribution.iter().enumerate().map(|(k, &n)| k as u64 * n).sum();
        let max = distribution.len().saturating_sub(1) as u32;
        Ok(Merged {
            stamp: self.stamp.clone(),
            secrets,
            total,
            max,
            nodes,
            distribution,
            pieces: records,
        })
    }

    /// The whole tree from every piece's subtree, in piece order (as [`decode`](Self::decode)
    /// returns them).
    pub fn assemble(&self, pieces: Vec<Node>) -> Result<StrategyTree, PieceError> {
        if pieces.len() != self.parts.len() {
            let missing = (pieces.len()..self.parts.len()).collect();
            return Err(PieceError::Missing { missing, pieces: self.parts.len() });
        }
        let branches: Vec<Branch> = self
            .parts
            .iter()
            .zip(pieces)
            .map(|(part, node)| Branch { reply: part.reply, node })
            .collect();
        let secrets = 1 + branches.iter().map(|b| b.node.secrets).sum::<u32>();
        let root = Node { guess: self.first_guess, secrets, branches };
        StrategyTree::new(self.game, root).map_err(|e| PieceError::Merge(e.to_string()))
    }
}

/// The index of every code's plain reply to `first`, in code order. The codes are counted off
/// like an odometer (the last peg turning fastest), skipping those that repeat a colour where the
/// game forbids it, rather than decoded from their ranks one by one.
fn replies_in_code_order(game: Game, first: Code) -> Vec<u8> {
    let pegs = usize::from(game.pegs());
    let (guess, _) = first.to_array();
    let (guess, guess_counts) = (&guess[..pegs], colour_counts(&guess[..pegs]));
    let mut replies = Vec::with_capacity(game.size().unwrap_or(0) as usize);
    let mut colours = [0u8; 16];
    let code = &mut colours[..pegs];
    loop {
        if game.allows(code) {
            let reply = plain_reply(code, &colour_counts(code), guess, &guess_counts);
            replies.push(reply.index() as u8);
        }
        let Some(turning) = code.iter().rposition(|&c| c + 1 < game.colours()) else {
            return replies;
        };
        code[turning] += 1;
        code[turning + 1..].fill(0);
    }
}

/// Adds the totals of `node`'s subtree, `node` at `depth`, to `summary`.
pub(super) fn summarise(node: &Node, depth: u32, summary: &mut PieceSummary) {
    summary.nodes += 1;
    if node.wins_here() {
        let k = depth as usize;
        if summary.distribution.len() <= k {
            summary.distribution.resize(k + 1, 0);
        }
        summary.distribution[k] += 1;
        summary.total += u64::from(depth);
        summary.max = summary.max.max(depth);
    }
    for branch in &node.branches {
        summarise(&branch.node, depth + 1, summary);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The odometer visits the codes in rank order: each reply is the one of the code decoded
    /// from its rank, with and without repeated colours.
    #[test]
    fn replies_follow_the_ranks() {
        for game in [Game::new(4, 6).unwrap(), Game::without_repeats(3, 5).unwrap()] {
            let first = Code::from_rank(game, 7);
            let replies = replies_in_code_order(game, first);
            assert_eq!(replies.len() as u64, game.size().unwrap());
            let (guess, _) = first.to_array();
            let pegs = usize::from(game.pegs());
            for (rank, &reply) in replies.iter().enumerate() {
                let (code, _) = Code::from_rank(game, rank as u64).to_array();
                let plain = plain_reply(
                    &code[..pegs],
                    &colour_counts(&code[..pegs]),
                    &guess[..pegs],
                    &colour_counts(&guess[..pegs]),
                );
                assert_eq!(usize::from(reply), plain.index(), "{game} rank {rank}");
            }
        }
    }
}
