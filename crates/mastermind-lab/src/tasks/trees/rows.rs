//! The strategy-trees table: one row per (player, game, secret), between trees and Parquet.

use anyhow::{Context, Result, bail};
use mastermind_core::{Code, Feedback, Game, score};
use mastermind_tree::{Branch, Node, StrategyTree};
use polars::prelude::{Column, DataFrame};

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

/// The frame of every record. Columns: `arm`, `strategy`, `optimality`, `pegs`, `colours`,
/// `codes`, `secret_rank`, `secret`, `guesses` (the winning guess included), `path` (the guesses
/// before the winning one, space-separated), and per tree, repeated on each of its rows:
/// `tree_nodes`, `nodes_scored`, `build_seconds` (wall time).
pub fn records_frame(records: &[TreeRecord]) -> Result<DataFrame> {
    let mut table = Columns::default();
    for record in records {
        let game = record.tree.game();
        let nodes = record.tree.node_count();
        for (secret, path) in games_of(&record.tree) {
            table.arm.push(record.label.clone());
            table.strategy.push(record.strategy.clone());
            table.optimality.push(record.optimality.clone());
            table.pegs.push(u32::from(game.pegs()));
            table.colours.push(u32::from(game.colours()));
            table.codes.push(game.size().unwrap_or(0));
            table.secret_rank.push(secret.rank(game));
            table.secret.push(secret.to_string());
            table.guesses.push(path.len() as u32 + 1);
            table.path.push(path.iter().map(Code::to_string).collect::<Vec<_>>().join(" "));
            table.tree_nodes.push(nodes);
            table.nodes_scored.push(record.nodes_scored);
            table.build_seconds.push(record.seconds);
        }
    }
    table.frame()
}

/// Column buffers in the order they are stored.
#[derive(Default)]
struct Columns {
    arm: Vec<String>,
    strategy: Vec<String>,
    optimality: Vec<String>,
    pegs: Vec<u32>,
    colours: Vec<u32>,
    codes: Vec<u64>,
    secret_rank: Vec<u64>,
    secret: Vec<String>,
    guesses: Vec<u32>,
    path: Vec<String>,
    tree_nodes: Vec<u64>,
    nodes_scored: Vec<u64>,
    build_seconds: Vec<f64>,
}

impl Columns {
    fn frame(self) -> Result<DataFrame> {
        let n = self.arm.len();
        DataFrame::new(
            n,
            vec![
                Column::new("arm".into(), self.arm),
                Column::new("strategy".into(), self.strategy),
                Column::new("optimality".into(), self.optimality),
                Column::new("pegs".into(), self.pegs),
                Column::new("colours".into(), self.colours),
                Column::new("codes".into(), self.codes),
                Column::new("secret_rank".into(), self.secret_rank),
                Column::new("secret".into(), self.secret),
                Column::new("guesses".into(), self.guesses),
                Column::new("path".into(), self.path),
                Column::new("tree_nodes".into(), self.tree_nodes),
                Column::new("nodes_scored".into(), self.nodes_scored),
                Column::new("build_seconds".into(), self.build_seconds),
            ],
        )
        .context("building the strategy-trees table")
    }
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
pub fn stored_trees(frame: &DataFrame) -> Result<Vec<StoredTree>> {
    let col = |name: &str| {
        frame.column(name).with_context(|| format!("the results have no `{name}` column"))
    };
    let (arm, optimality) = (col("arm")?.str()?, col("optimality")?.str()?);
    let (pegs, colours) = (col("pegs")?.u32()?, col("colours")?.u32()?);
    let (secret, guesses, path) =
        (col("secret")?.str()?, col("guesses")?.u32()?, col("path")?.str()?);
    let (nodes, scored) = (col("tree_nodes")?.u64()?, col("nodes_scored")?.u64()?);
    let seconds = col("build_seconds")?.f64()?;
    let mut trees: Vec<StoredTree> = Vec::new();
    for i in 0..frame.height() {
        let (Some(label), Some(p), Some(c)) = (arm.get(i), pegs.get(i), colours.get(i)) else {
            bail!("row {i} of the strategy-trees table has an empty arm or game");
        };
        let game = Game::new(p, c).context("a stored game size is invalid")?;
        let same = trees.last().is_some_and(|t| t.label == label && t.game == game);
        if !same {
            trees.push(StoredTree {
                label: label.to_owned(),
                optimality: optimality.get(i).unwrap_or_default().to_owned(),
                game,
                nodes: nodes.get(i).unwrap_or(0),
                nodes_scored: scored.get(i).unwrap_or(0),
                seconds: seconds.get(i).unwrap_or(f64::NAN),
                guesses: Vec::new(),
                paths: Vec::new(),
            });
        }
        let tree = trees.last_mut().expect("pushed above");
        tree.guesses.push(guesses.get(i).context("a stored guess count is empty")?);
        tree.paths.push((
            secret.get(i).unwrap_or_default().to_owned(),
            path.get(i).unwrap_or_default().to_owned(),
        ));
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
