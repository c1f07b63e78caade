//! The strategy-trees table: one row per (player, game, secret), between trees and Parquet.

use crate::error::{Context, Result, bail};
use mastermind_core::{Code, Feedback, Game, score};
use mastermind_players::families::tree::{Branch, Node, StrategyTree};

/// One built tree and what it cost.
#[derive(Debug, Clone)]
pub struct TreeRecord {
    /// The player's label.
    pub label: String,
    /// The strategy's configuration, as stored.
    pub strategy: String,
    /// The tree.
    pub tree: StrategyTree,
    /// Wall time of the build in seconds.
    pub seconds: f64,
    /// Nodes at which candidates were scored (heuristics) or nodes searched (optimum).
    pub nodes_scored: u64,
    /// `heuristic`, `proved optimal` or `best found`.
    pub optimality: String,
}

/// Every secret's game in `tree`: `(secret, guesses before the winning one)`, in code order.
pub fn games_of(tree: &StrategyTree) -> Vec<(Code, Vec<Code>)> {
    fn walk(node: &Node, path: &mut Vec<Code>, out: &mut Vec<(Code, Vec<Code>)>) {
        if node.wins_here() {
            out.push((node.guess, path.clone()));
        }
        path.push(node.guess);
        for branch in &node.branches {
            walk(&branch.node, path, out);
        }
        path.pop();
    }
    let mut out = Vec::new();
    walk(tree.root(), &mut Vec::new(), &mut out);
    let game = tree.game();
    out.sort_unstable_by_key(|(secret, _)| secret.rank(game));
    out
}

crate::record! {
    /// One secret's game in one tree, with the tree's shared values repeated on each of its rows.
    #[derive(Debug, Clone, PartialEq)]
    pub struct TreeRow {
        /// The player's label.
        pub arm: String,
        /// The strategy's configuration.
        pub strategy: String,
        /// `heuristic`, `proved optimal` or `best found`.
        pub optimality: String,
        /// Pegs of the game.
        pub pegs: u32,
        /// Colours of the game.
        pub colours: u32,
        /// Whether a code may repeat a colour (false in Bulls and Cows).
        pub repeats: bool,
        /// Codes of the game.
        pub codes: u64,
        /// The secret's rank in code order.
        pub secret_rank: u64,
        /// The secret.
        pub secret: String,
        /// Guesses, the winning one included.
        pub guesses: u32,
        /// The guesses before the winning one, space-separated.
        pub path: String,
        /// Nodes in the tree.
        pub tree_nodes: u64,
        /// Nodes scored or searched while building it.
        pub nodes_scored: u64,
        /// Wall time of the build in seconds.
        pub build_seconds: f64,
    }
}

/// The rows of one built tree: one per secret, in code order.
pub fn tree_rows(record: &TreeRecord) -> Vec<TreeRow> {
    let game = record.tree.game();
    let nodes = record.tree.node_count();
    games_of(&record.tree)
        .into_iter()
        .map(|(secret, path)| TreeRow {
            arm: record.label.clone(),
            strategy: record.strategy.clone(),
            optimality: record.optimality.clone(),
            pegs: u32::from(game.pegs()),
            colours: u32::from(game.colours()),
            repeats: game.repeats(),
            codes: game.size().unwrap_or(0),
            secret_rank: secret.rank(game),
            secret: secret.to_string(),
            guesses: path.len() as u32 + 1,
            path: path.iter().map(Code::to_string).collect::<Vec<_>>().join(" "),
            tree_nodes: nodes,
            nodes_scored: record.nodes_scored,
            build_seconds: record.seconds,
        })
        .collect()
}

/// One stored tree, read back: its rows' shared values and every secret's game.
#[derive(Debug, Clone)]
pub struct StoredTree {
    /// The player's label.
    pub label: String,
    /// `heuristic`, `proved optimal` or `best found`.
    pub optimality: String,
    /// The game.
    pub game: Game,
    /// Nodes in the tree.
    pub nodes: u64,
    /// Nodes scored or searched while building it.
    pub nodes_scored: u64,
    /// Build wall time in seconds.
    pub seconds: f64,
    /// Guesses per secret, in code order.
    pub guesses: Vec<u32>,
    /// Every secret's game: the secret's letters and the guesses before it.
    pub paths: Vec<(String, String)>,
}

impl StoredTree {
    /// Total guesses over all secrets.
    pub fn total(&self) -> u64 {
        self.guesses.iter().map(|&g| u64::from(g)).sum()
    }

    /// Most guesses for any secret.
    pub fn max(&self) -> u32 {
        self.guesses.iter().copied().max().unwrap_or(0)
    }

    /// The tree itself, rebuilt from the stored games.
    pub fn tree(&self) -> Result<StrategyTree> {
        let mut games = Vec::with_capacity(self.paths.len());
        for (secret, path) in &self.paths {
            let parse = |s: &str| Code::parse(self.game, s).context("a stored code is invalid");
            let guesses: Result<Vec<Code>> = path.split_whitespace().map(parse).collect();
            games.push((parse(secret)?, guesses?));
        }
        tree_from_games(self.game, games)
    }
}

/// The stored trees, in stored order (players, then games).
pub fn stored_trees(rows: Vec<TreeRow>) -> Result<Vec<StoredTree>> {
    let mut trees: Vec<StoredTree> = Vec::new();
    for row in rows {
        let game = Game::with_rule(row.pegs, row.colours, row.repeats)
            .context("a stored game size is invalid")?;
        let same = trees.last().is_some_and(|t| t.label == row.arm && t.game == game);
        if !same {
            trees.push(StoredTree {
                label: row.arm,
                optimality: row.optimality,
                game,
                nodes: row.tree_nodes,
                nodes_scored: row.nodes_scored,
                seconds: row.build_seconds,
                guesses: Vec::new(),
                paths: Vec::new(),
            });
        }
        let tree = trees.last_mut().expect("pushed above");
        tree.guesses.push(row.guesses);
        tree.paths.push((row.secret, row.path));
    }
    Ok(trees)
}

/// The tree that plays every given game: `(secret, guesses before the winning one)` for every
/// secret of `game`. Fails when two games disagree on the guess after the same history.
pub fn tree_from_games(game: Game, games: Vec<(Code, Vec<Code>)>) -> Result<StrategyTree> {
    let full: Vec<(Code, Vec<Code>)> = games
        .into_iter()
        .map(|(secret, mut guesses)| {
            guesses.push(secret);
            (secret, guesses)
        })
        .collect();
    let root = node_at(&full, 0)?;
    Ok(StrategyTree::new(game, root)?)
}

/// The node at `depth` shared by `games` (each a secret and its full list of guesses).
fn node_at(games: &[(Code, Vec<Code>)], depth: usize) -> Result<Node> {
    let guess_of = |g: &(Code, Vec<Code>)| g.1.get(depth).copied();
    let guess = guess_of(&games[0]).context("a stored game ends before its secret")?;
    if games.iter().any(|g| guess_of(g) != Some(guess)) {
        bail!("the stored games disagree on the guess after the same replies (depth {depth})");
    }
    let mut rest: Vec<(Feedback, &(Code, Vec<Code>))> = games
        .iter()
        .filter(|(secret, _)| *secret != guess)
        .map(|g| (score(&g.0, &guess), g))
        .collect();
    rest.sort_by_key(|(reply, g)| (reply.index(), g.1.len()));
    let mut branches = Vec::new();
    for part in rest.chunk_by(|a, b| a.0 == b.0) {
        let members: Vec<(Code, Vec<Code>)> = part.iter().map(|(_, g)| (*g).clone()).collect();
        branches.push(Branch { reply: part[0].0, node: node_at(&members, depth + 1)? });
    }
    Ok(Node { guess, secrets: games.len() as u32, branches })
}
