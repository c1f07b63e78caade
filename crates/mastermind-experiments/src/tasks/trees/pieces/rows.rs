//! The table of the trees built in pieces: one row per piece, its totals, its secrets per depth
//! and what it took, each read back from its file and replayed before it is stored.

use mastermind_players::families::tree::pieces::{PiecePlan, PieceRecord};

crate::record! {
    /// One piece of one tree, with the tree's shared values repeated on each of its rows.
    #[derive(Debug, Clone, PartialEq)]
    pub struct PieceRow {
        /// The player's label.
        pub arm: String,
        /// The player's configuration as JSON, its first guess included (the pieces' stamp).
        pub strategy: String,
        /// Pegs of the game.
        pub pegs: u32,
        /// Colours of the game.
        pub colours: u32,
        /// Codes of the game.
        pub codes: u64,
        /// The first guess.
        pub first_guess: String,
        /// The folder of the pieces, as the spec writes it.
        pub pieces_dir: String,
        /// The version of the crate that built the pieces.
        pub version: String,
        /// The piece's index, `0..pieces`.
        pub piece: u32,
        /// How many pieces the tree has.
        pub pieces: u32,
        /// The reply to the first guess whose secrets the piece holds (`1B2W`).
        pub reply: String,
        /// Secrets in the piece.
        pub secrets: u64,
        /// Guesses of the piece's secrets, the first guess included.
        pub total: u64,
        /// Most guesses of any of its secrets.
        pub max: u32,
        /// Nodes of the piece's subtree.
        pub nodes: u64,
        /// Secrets solved with 0, 1, 2, ... guesses, comma-separated (entries 0 and 1 are 0).
        pub distribution: String,
        /// Nodes at which candidates were scored while building it.
        pub nodes_scored: u64,
        /// Wall seconds of its build.
        pub wall_seconds: f64,
        /// CPU seconds of its build, all threads.
        pub cpu_seconds: f64,
        /// The building process's peak resident memory when it was done, in MiB.
        pub peak_mib: Option<f64>,
        /// The threads it was built on.
        pub threads: u32,
    }
}

/// The rows of one tree's checked pieces, in piece order.
pub fn piece_rows(
    label: &str,
    dir: &str,
    plan: &PiecePlan,
    records: &[PieceRecord],
) -> Vec<PieceRow> {
    let game = plan.game();
    records
        .iter()
        .map(|record| {
            let header = &record.header;
            let summary = &header.summary;
            PieceRow {
                arm: label.to_owned(),
                strategy: header.stamp.player.clone(),
                pegs: u32::from(game.pegs()),
                colours: u32::from(game.colours()),
                codes: game.size().unwrap_or(0),
                first_guess: header.stamp.first_guess.clone(),
                pieces_dir: dir.to_owned(),
                version: header.stamp.version.clone(),
                piece: header.piece as u32,
                pieces: header.stamp.pieces as u32,
                reply: header.reply.clone(),
                secrets: header.secrets,
                total: summary.total,
                max: summary.max,
                nodes: summary.nodes,
                distribution: summary
                    .distribution
                    .iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(","),
                nodes_scored: header.stats.nodes,
                wall_seconds: header.run.wall_seconds,
                cpu_seconds: header.run.cpu_seconds,
                peak_mib: header.run.peak_mib,
                threads: header.run.threads as u32,
            }
        })
        .collect()
}

/// One tree, from its stored rows: the root's secret and every piece's added up.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredTree {
    /// The player's label.
    pub label: String,
    /// The game's pegs and colours.
    pub pegs: u32,
    /// The game's colours.
    pub colours: u32,
    /// Every code of the game.
    pub codes: u64,
    /// The first guess.
    pub first_guess: String,
    /// Total guesses over every secret.
    pub total: u64,
    /// Most guesses of any secret.
    pub max: u32,
    /// Nodes of the whole tree.
    pub nodes: u64,
    /// Secrets solved with `k` guesses, for `k = 0..=max`.
    pub distribution: Vec<u64>,
    /// Its pieces.
    pub pieces: u32,
    /// Wall and CPU seconds of all its pieces' builds.
    pub wall_seconds: f64,
    /// CPU seconds of all its pieces' builds.
    pub cpu_seconds: f64,
    /// The longest piece's wall seconds.
    pub slowest_piece: f64,
    /// The secrets of its largest piece.
    pub largest_piece: u64,
    /// The largest peak any building process reached, in MiB.
    pub peak_mib: Option<f64>,
}

/// The stored trees, in stored order: consecutive rows of one label and game make one tree.
pub fn stored_trees(rows: &[PieceRow]) -> crate::error::Result<Vec<StoredTree>> {
    let mut trees: Vec<StoredTree> = Vec::new();
    for row in rows {
        let same = trees
            .last()
            .is_some_and(|t| t.label == row.arm && (t.pegs, t.colours) == (row.pegs, row.colours));
        if !same {
            // The root: the first guess wins its own secret with one guess.
            trees.push(StoredTree {
                label: row.arm.clone(),
                pegs: row.pegs,
                colours: row.colours,
                codes: row.codes,
                first_guess: row.first_guess.clone(),
                total: 1,
                max: 1,
                nodes: 1,
                distribution: vec![0, 1],
                pieces: row.pieces,
                wall_seconds: 0.0,
                cpu_seconds: 0.0,
                slowest_piece: 0.0,
                largest_piece: 0,
                peak_mib: None,
            });
        }
        let tree = trees.last_mut().expect("pushed above");
        tree.total += row.total;
        tree.max = tree.max.max(row.max);
        tree.nodes += row.nodes;
        for (k, count) in row.distribution.split(',').enumerate() {
            let count: u64 = count.parse().map_err(|_| {
                crate::error::Error::message(format!(
                    "piece {} of {}: a stored distribution is not numbers",
                    row.piece, row.arm
                ))
            })?;
            if tree.distribution.len() <= k {
                tree.distribution.resize(k + 1, 0);
            }
            tree.distribution[k] += count;
        }
        tree.wall_seconds += row.wall_seconds;
        tree.cpu_seconds += row.cpu_seconds;
        tree.slowest_piece = tree.slowest_piece.max(row.wall_seconds);
        tree.largest_piece = tree.largest_piece.max(row.secrets);
        tree.peak_mib = match (tree.peak_mib, row.peak_mib) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        };
    }
    Ok(trees)
}
