//! The strategy-tree type: nodes, branches, the statistics of a whole tree and its verification.

use mastermind_core::{Code, CodeSet, Feedback, Game, GameError};
use rayon::prelude::*;
use thiserror::Error;

/// One node of a strategy: the guess played after the node's history, how many secrets reach the
/// node, and the node that follows each reply other than the winning one.
///
/// The winning reply is implied: when the guess is itself one of the node's secrets, that secret
/// ends here, so `secrets` is the children's secrets plus one; otherwise it is their sum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node {
    /// The guess played at this node.
    pub guess: Code,
    /// The number of secrets whose game passes through this node (at least 1).
    pub secrets: u32,
    /// One branch per non-winning reply that some secret of this node gives, in reply index
    /// order ([`Feedback::index`]).
    pub branches: Vec<Branch>,
}

/// A reply and the node played after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Branch {
    /// The codemaker's reply to the parent's guess (never the winning reply).
    pub reply: Feedback,
    /// The node that follows the reply.
    pub node: Node,
}

impl Node {
    /// A node whose guess is its only secret: the game ends here.
    pub fn leaf(guess: Code) -> Node {
        Node { guess, secrets: 1, branches: Vec::new() }
    }

    /// Whether the node's guess is one of its secrets (one secret wins here).
    pub fn wins_here(&self) -> bool {
        self.secrets > self.branches.iter().map(|b| b.node.secrets).sum::<u32>()
    }

    /// The child after `reply`, if any secret gives that reply.
    pub fn child(&self, reply: Feedback) -> Option<&Node> {
        self.branches.iter().find(|b| b.reply == reply).map(|b| &b.node)
    }

    /// Visits this node and every node below it, each with its depth (this node's depth is `depth`).
    fn visit(&self, depth: u32, f: &mut impl FnMut(&Node, u32)) {
        f(self, depth);
        for branch in &self.branches {
            branch.node.visit(depth + 1, f);
        }
    }
}

/// Why a tree was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TreeError {
    /// The game's codes cannot be enumerated.
    #[error(transparent)]
    Game(#[from] GameError),
    /// The root does not account for every secret of the game.
    #[error("the root holds {found} secrets, but the game has {expected}")]
    RootSecrets {
        /// Secrets the root claims.
        found: u64,
        /// Codes in the game.
        expected: u64,
    },
    /// A node's count of secrets does not match its children (plus one when it wins).
    #[error("after {path}: the node holds {secrets} secrets but its branches hold {children}")]
    Count {
        /// The guesses and replies leading to the node.
        path: String,
        /// The node's own count.
        secrets: u32,
        /// The sum over its branches.
        children: u32,
    },
    /// Branches are not in strictly increasing reply order, or one is the winning reply.
    #[error("after {path}: branches must be distinct non-winning replies in index order")]
    Branches {
        /// The guesses and replies leading to the node.
        path: String,
    },
    /// Replaying a secret through the tree did not end with that secret guessed.
    #[error("secret {secret}: {problem}")]
    Replay {
        /// The secret whose game went wrong.
        secret: Code,
        /// What went wrong.
        problem: String,
    },
}

/// A deterministic strategy for one game, written out over every secret.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StrategyTree {
    game: Game,
    root: Node,
}

impl StrategyTree {
    /// A tree for `game`, after checking its shape: the root holds every code of the game, every
    /// node's count matches its branches (plus one when its guess wins), and branches are distinct
    /// non-winning replies in index order. It does not replay secrets; see [`verify`](Self::verify).
    pub fn new(game: Game, root: Node) -> Result<StrategyTree, TreeError> {
        let expected = game.size().ok_or(GameError::TooLargeToEnumerate {
            pegs: game.pegs(),
            colours: game.colours(),
            size: u64::MAX,
            limit: u64::from(u32::MAX),
            bytes: std::mem::size_of::<Code>(),
        })?;
        if u64::from(root.secrets) != expected {
            return Err(TreeError::RootSecrets { found: u64::from(root.secrets), expected });
        }
        check_shape(game, &root, &mut Vec::new())?;
        Ok(StrategyTree { game, root })
    }

    /// The tree [`build_tree`](crate::build_tree) made for `game`, whose shape holds by
    /// construction: a node's count is its secrets, its branches are the non-empty parts of its
    /// split in reply order, the winning part left out. The check of [`new`](Self::new) walks
    /// every node after the build, on one thread (1 ms of 35-40 for 5x8 Most parts on two), so
    /// it runs in debug builds only, which every test of the builder uses.
    pub(crate) fn built(game: Game, root: Node) -> StrategyTree {
        debug_assert_eq!(Some(u64::from(root.secrets)), game.size());
        debug_assert_eq!(check_shape(game, &root, &mut Vec::new()), Ok(()));
        StrategyTree { game, root }
    }

    /// The game the tree plays.
    pub fn game(&self) -> Game {
        self.game
    }

    /// The first guess and everything below it.
    pub fn root(&self) -> &Node {
        &self.root
    }

    /// The tree's parts, for code that rebuilds or rewrites it.
    pub fn into_root(self) -> Node {
        self.root
    }

    /// The number of nodes (one per distinct history at which a guess is played).
    pub fn node_count(&self) -> u64 {
        let mut count = 0;
        self.root.visit(1, &mut |_, _| count += 1);
        count
    }

    /// How many secrets are solved with exactly `k` guesses, for `k = 0..=max_guesses` (entry 0
    /// is always 0).
    pub fn guess_distribution(&self) -> Vec<u64> {
        let mut distribution = Vec::new();
        self.root.visit(1, &mut |node, depth| {
            if node.wins_here() {
                let k = depth as usize;
                if distribution.len() <= k {
                    distribution.resize(k + 1, 0);
                }
                distribution[k] += 1;
            }
        });
        distribution
    }

    /// The total number of guesses over all secrets (the mean times the number of codes).
    pub fn total_guesses(&self) -> u64 {
        self.guess_distribution().iter().enumerate().map(|(k, &n)| k as u64 * n).sum()
    }

    /// The mean number of guesses over all secrets.
    pub fn mean_guesses(&self) -> f64 {
        self.total_guesses() as f64 / f64::from(self.root.secrets)
    }

    /// The largest number of guesses any secret needs.
    pub fn max_guesses(&self) -> u32 {
        self.guess_distribution().len().saturating_sub(1) as u32
    }

    /// The guess the strategy plays after `history` (guesses it played and the replies they got),
    /// or `None` when the history leaves the tree (a guess it would not play, a reply no secret
    /// gives, or a game already won).
    pub fn guess_after(&self, history: &[(Code, Feedback)]) -> Option<Code> {
        let mut node = &self.root;
        for &(guess, reply) in history {
            if guess != node.guess {
                return None;
            }
            node = node.child(reply)?;
        }
        Some(node.guess)
    }

    /// The number of guesses the tree needs for `secret` (following it with the packed scorer),
    /// or `None` if the secret never gets guessed.
    pub fn guesses_for(&self, secret: &Code) -> Option<u32> {
        let pegs = self.game.pegs();
        let mut node = &self.root;
        for depth in 1.. {
            let reply = mastermind_core::score(secret, &node.guess);
            if reply == Feedback::all_black(pegs) {
                return Some(depth);
            }
            node = node.child(reply)?;
        }
        unreachable!("the loop returns")
    }

    /// The number of guesses for every code of the game, in rank order: one row per secret for
    /// the lab's tables.
    pub fn guesses_per_secret(&self) -> Result<Vec<u32>, TreeError> {
        let codes = CodeSet::enumerate(self.game)?;
        codes
            .iter()
            .map(|secret| {
                self.guesses_for(secret).ok_or_else(|| TreeError::Replay {
                    secret: *secret,
                    problem: "the tree has no branch for one of its replies".into(),
                })
            })
            .collect()
    }

    /// Replays every secret of the game through the tree with the plain definition of a reply
    /// (the one [`reference_score`](mastermind_core::score::reference_score) implements: blacks position by position, correct colours as
    /// the sum over colours of the smaller count; a test checks the two agree) and checks that each
    /// game ends with its own secret guessed, and that every node is reached by exactly the number
    /// of secrets it claims. Trusts nothing the builder computed.
    ///
    /// The secrets go down the tree together: each node sorts the secrets that reach it by their
    /// reply to its guess and hands each group to the branch of that reply (large subtrees in
    /// parallel).
    pub fn verify(&self) -> Result<(), TreeError> {
        let codes = CodeSet::enumerate(self.game)?;
        let pegs = usize::from(self.game.pegs());
        let secrets: Vec<Secret> = codes
            .iter()
            .map(|code| {
                let (colours, _) = code.to_array();
                Secret { code: *code, colours, pegs, counts: colour_counts(&colours[..pegs]) }
            })
            .collect();
        let refs: Vec<&Secret> = secrets.iter().collect();
        verify_node(&self.root, Feedback::all_black(self.game.pegs()), refs)
    }
}

/// A secret with its colours and colour counts, ready for [`plain_reply`].
struct Secret {
    code: Code,
    colours: [u8; 16],
    pegs: usize,
    counts: [u8; 26],
}

/// How many pegs of each colour `colours` holds.
pub(crate) fn colour_counts(colours: &[u8]) -> [u8; 26] {
    let mut counts = [0u8; 26];
    for &c in colours {
        counts[usize::from(c)] += 1;
    }
    counts
}

/// The reply of the plain definition: blacks position by position, then correct colours as the
/// sum over colours of the smaller of the two counts (what
/// [`reference_score`](mastermind_core::score::reference_score) computes).
pub(crate) fn plain_reply(
    secret: &[u8],
    secret_counts: &[u8; 26],
    guess: &[u8],
    guess_counts: &[u8; 26],
) -> Feedback {
    let black = secret.iter().zip(guess).filter(|(s, g)| s == g).count() as u8;
    let correct: u8 = secret_counts.iter().zip(guess_counts).map(|(&s, &g)| s.min(g)).sum();
    Feedback::new(black, correct - black)
}

/// Subtrees holding at least this many secrets are checked in parallel.
const PARALLEL_VERIFY: usize = 4096;

/// Checks that exactly `secrets` reach `node`, and hands each reply's secrets to its branch.
fn verify_node(node: &Node, win: Feedback, secrets: Vec<&Secret>) -> Result<(), TreeError> {
    if secrets.len() != node.secrets as usize {
        return Err(TreeError::Replay {
            secret: secrets.first().map_or(node.guess, |s| s.code),
            problem: format!(
                "a node playing {} claims {} secrets, replay brings {}",
                node.guess,
                node.secrets,
                secrets.len()
            ),
        });
    }
    let (guess_colours, _) = node.guess.to_array();
    let guess = &guess_colours[..secrets.first().map_or(0, |s| s.pegs)];
    let guess_counts = colour_counts(guess);
    let mut groups: Vec<(Feedback, Vec<&Secret>)> = Vec::new();
    for secret in secrets {
        let reply =
            plain_reply(&secret.colours[..secret.pegs], &secret.counts, guess, &guess_counts);
        if reply == win {
            continue;
        }
        match groups.iter_mut().find(|(r, _)| *r == reply) {
            Some((_, group)) => group.push(secret),
            None => groups.push((reply, vec![secret])),
        }
    }
    let mut children = Vec::with_capacity(groups.len());
    for (reply, group) in groups {
        let child = node.child(reply).ok_or_else(|| TreeError::Replay {
            secret: group[0].code,
            problem: format!("guess {} gets {reply}, which has no branch", node.guess),
        })?;
        children.push((child, group));
    }
    if node.secrets as usize >= PARALLEL_VERIFY {
        children.into_par_iter().try_for_each(|(child, group)| verify_node(child, win, group))
    } else {
        children.into_iter().try_for_each(|(child, group)| verify_node(child, win, group))
    }
}

/// Checks counts and branch order below `node`; `path` names the history for error messages.
fn check_shape(game: Game, node: &Node, path: &mut Vec<(Code, Feedback)>) -> Result<(), TreeError> {
    let win = Feedback::all_black(game.pegs());
    let children: u32 = node.branches.iter().map(|b| b.node.secrets).sum();
    let here = node.secrets.checked_sub(children);
    if node.secrets == 0 || !matches!(here, Some(0 | 1)) {
        return Err(TreeError::Count { path: describe(path), secrets: node.secrets, children });
    }
    let ordered = node.branches.windows(2).all(|w| w[0].reply.index() < w[1].reply.index());
    if !ordered || node.branches.iter().any(|b| b.reply == win || b.node.secrets == 0) {
        return Err(TreeError::Branches { path: describe(path) });
    }
    for branch in &node.branches {
        path.push((node.guess, branch.reply));
        check_shape(game, &branch.node, path)?;
        path.pop();
    }
    Ok(())
}

/// The history leading to a node, for error messages (built only when there is an error).
fn describe(path: &[(Code, Feedback)]) -> String {
    if path.is_empty() {
        return "the start".into();
    }
    let turns: Vec<String> = path.iter().map(|(guess, reply)| format!("{guess} {reply}")).collect();
    turns.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use mastermind_core::score::reference_score;

    /// The 2x2 game (AA AB BA BB) played by a hand-written tree: AB first.
    fn two_by_two() -> StrategyTree {
        let game = Game::new(2, 2).unwrap();
        let code = |s: &str| Code::parse(game, s).unwrap();
        // AB scores AA: 1B0W, AB: win, BA: 0B2W, BB: 1B0W.
        let root = Node {
            guess: code("AB"),
            secrets: 4,
            branches: vec![
                Branch {
                    reply: Feedback::new(1, 0),
                    node: Node {
                        guess: code("AA"),
                        secrets: 2,
                        branches: vec![Branch {
                            reply: Feedback::new(0, 0),
                            node: Node::leaf(code("BB")),
                        }],
                    },
                },
                Branch { reply: Feedback::new(0, 2), node: Node::leaf(code("BA")) },
            ],
        };
        StrategyTree::new(game, root).unwrap()
    }

    #[test]
    fn statistics_of_a_hand_written_tree() {
        let tree = two_by_two();
        assert_eq!(tree.guess_distribution(), vec![0, 1, 2, 1]);
        assert_eq!(tree.total_guesses(), 8);
        assert_eq!(tree.max_guesses(), 3);
        assert_eq!(tree.node_count(), 4);
        assert_eq!(tree.guesses_per_secret().unwrap(), vec![2, 1, 2, 3]);
        tree.verify().unwrap();
        let game = tree.game();
        let code = |s: &str| Code::parse(game, s).unwrap();
        assert_eq!(tree.guess_after(&[]), Some(code("AB")));
        assert_eq!(tree.guess_after(&[(code("AB"), Feedback::new(1, 0))]), Some(code("AA")));
        assert_eq!(tree.guess_after(&[(code("AA"), Feedback::new(1, 0))]), None);
    }

    #[test]
    fn miscounted_or_misordered_trees_are_rejected() {
        let mut root = two_by_two().into_root();
        root.branches.swap(0, 1);
        let game = Game::new(2, 2).unwrap();
        assert!(matches!(StrategyTree::new(game, root.clone()), Err(TreeError::Branches { .. })));
        root.branches.swap(0, 1);
        root.branches[0].node.secrets = 3;
        assert!(matches!(StrategyTree::new(game, root), Err(TreeError::Count { .. })));
    }

    #[test]
    fn the_plain_reply_is_the_reference_score() {
        for (pegs, colours) in [(3, 5), (2, 26), (1, 2)] {
            let game = Game::new(pegs, colours).unwrap();
            let codes = CodeSet::enumerate(game).unwrap();
            for a in codes.iter() {
                let (ca, _) = a.to_array();
                let ca = &ca[..usize::from(game.pegs())];
                for b in codes.iter() {
                    let (cb, _) = b.to_array();
                    let cb = &cb[..usize::from(game.pegs())];
                    let plain = plain_reply(ca, &colour_counts(ca), cb, &colour_counts(cb));
                    assert_eq!(plain, reference_score(ca, cb), "{a} {b}");
                }
            }
        }
    }

    #[test]
    fn replay_catches_a_tree_that_lies_about_its_secrets() {
        let mut root = two_by_two().into_root();
        // Swap the two leaves' guesses: the counts still add up, but no secret reaches its guess.
        let game = Game::new(2, 2).unwrap();
        root.branches[1].node.guess = Code::parse(game, "BB").unwrap();
        let tree = StrategyTree::new(game, root).unwrap();
        assert!(matches!(tree.verify(), Err(TreeError::Replay { .. })));
    }
}
