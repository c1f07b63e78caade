//! JSON export and import: the game, the number of secrets and the nested tree, where each node
//! names its guess, its number of secrets and the node after each reply (`"1B2W"`).
//!
//! ```json
//! { "game": { "pegs": 2, "colours": 2 }, "secrets": 4,
//!   "root": { "guess": "AB", "secrets": 4, "replies": { "0B2W": { "guess": "BA", "secrets": 1 } } } }
//! ```
//!
//! Import checks the tree's shape with [`StrategyTree::new`]; [`StrategyTree::verify`] replays it.

use crate::tree::{Branch, Node, StrategyTree, TreeError};
use mastermind_core::{Code, Feedback, Game, GameError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use thiserror::Error;

/// Why a JSON strategy was rejected.
#[derive(Debug, Error)]
pub enum ImportError {
    /// The text is not JSON of the expected form (serde_json's message names line and column).
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// A guess is not a code of the game (the game's error names the code).
    #[error("the guess at {path}: {error}")]
    Guess {
        /// The guesses and replies leading to the node.
        path: String,
        /// The guess as written.
        text: String,
        /// Why it is not a code.
        error: GameError,
    },
    /// A reply is not written as `<black>B<white>W` or is impossible in the game.
    #[error("at {path}: {text:?} is not a reply of this game (write it as 1B2W)")]
    Reply {
        /// The guesses and replies leading to the node.
        path: String,
        /// The reply as written.
        text: String,
    },
    /// The file's count of secrets is not the game's.
    #[error("the file says {found} secrets, but the {game} game has {expected}")]
    Secrets {
        /// The game.
        game: Game,
        /// The count in the file.
        found: u64,
        /// The game's number of codes.
        expected: u64,
    },
    /// The tree's shape is wrong (counts, branch order).
    #[error(transparent)]
    Tree(#[from] TreeError),
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonTree {
    game: Game,
    secrets: u64,
    root: JsonNode,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonNode {
    guess: String,
    secrets: u32,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    replies: BTreeMap<String, JsonNode>,
}

fn to_json_node(node: &Node) -> JsonNode {
    JsonNode {
        guess: node.guess.to_string(),
        secrets: node.secrets,
        replies: node
            .branches
            .iter()
            .map(|b| (b.reply.to_string(), to_json_node(&b.node)))
            .collect(),
    }
}

/// The tree as pretty-printed JSON.
pub fn to_json(tree: &StrategyTree) -> String {
    let json = JsonTree {
        game: tree.game(),
        secrets: u64::from(tree.root().secrets),
        root: to_json_node(tree.root()),
    };
    serde_json::to_string_pretty(&json).expect("a tree always serialises")
}

/// Reads a tree written by [`to_json`], checking every code, reply and count.
pub fn from_json(text: &str) -> Result<StrategyTree, ImportError> {
    let json: JsonTree = serde_json::from_str(text)?;
    let game = json.game;
    if let Some(expected) = game.size().filter(|&size| size != json.secrets) {
        return Err(ImportError::Secrets { game, found: json.secrets, expected });
    }
    let root = from_json_node(game, &json.root, &mut Vec::new())?;
    Ok(StrategyTree::new(game, root)?)
}

fn from_json_node(
    game: Game,
    node: &JsonNode,
    path: &mut Vec<String>,
) -> Result<Node, ImportError> {
    let where_ = |path: &[String]| {
        if path.is_empty() { "the root".to_owned() } else { path.join(", ") }
    };
    let guess = Code::parse(game, &node.guess).map_err(|error| ImportError::Guess {
        path: where_(path),
        text: node.guess.clone(),
        error,
    })?;
    let mut branches = Vec::with_capacity(node.replies.len());
    for (text, child) in &node.replies {
        let reply = parse_reply(game, text)
            .ok_or_else(|| ImportError::Reply { path: where_(path), text: text.clone() })?;
        path.push(format!("{guess} {reply}"));
        branches.push(Branch { reply, node: from_json_node(game, child, path)? });
        path.pop();
    }
    branches.sort_by_key(|b| b.reply.index());
    Ok(Node { guess, secrets: node.secrets, branches })
}

/// `"1B2W"` as a reply possible in `game`.
fn parse_reply(game: Game, text: &str) -> Option<Feedback> {
    let (black, rest) = text.split_once('B')?;
    let white = rest.strip_suffix('W')?;
    let reply = Feedback::new(black.parse().ok()?, white.parse().ok()?);
    reply.is_possible(game.pegs()).then_some(reply)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::build_tree;
    use mastermind_heuristics::{Heuristic, OnePlyConfig, Ties};

    fn knuth_3x3() -> StrategyTree {
        let config = OnePlyConfig { ties: Ties::First, ..OnePlyConfig::new(Heuristic::WorstCase) };
        build_tree(Game::new(3, 3).unwrap(), &config).unwrap().0
    }

    #[test]
    fn json_round_trips() {
        let tree = knuth_3x3();
        let text = to_json(&tree);
        let back = from_json(&text).unwrap();
        assert_eq!(back, tree);
        back.verify().unwrap();
        assert_eq!(to_json(&back), text);
    }

    #[test]
    fn a_game_without_repeats_keeps_its_rule_through_json() {
        let config = OnePlyConfig { ties: Ties::First, ..OnePlyConfig::new(Heuristic::WorstCase) };
        let game = Game::without_repeats(3, 5).unwrap();
        let tree = build_tree(game, &config).unwrap().0;
        let text = to_json(&tree);
        assert!(text.contains("\"repeats\": false") && text.contains("\"secrets\": 60"), "{text}");
        let back = from_json(&text).unwrap();
        assert_eq!(back.game(), game);
        assert_eq!(back, tree);
        // Read as the game with repeats, its counts no longer fit.
        let err = from_json(&text.replacen("\"repeats\": false", "\"repeats\": true", 1));
        assert!(err.unwrap_err().to_string().contains("has 125"));
    }

    #[test]
    fn corrupted_json_is_rejected_saying_where() {
        let text = to_json(&knuth_3x3());
        // A count changed deep in the tree.
        let miscounted = text.replacen("\"secrets\": 1\n", "\"secrets\": 2\n", 1);
        let err = from_json(&miscounted).unwrap_err().to_string();
        assert!(err.contains("after ") && err.contains("holds 2 secrets"), "{err}");
        // A guess that is not a code of the game.
        let bad_code = text.replacen("\"guess\": \"AAB\"", "\"guess\": \"AAZ\"", 1);
        assert_ne!(bad_code, text);
        let err = from_json(&bad_code).unwrap_err().to_string();
        assert!(err.contains("the guess at the root") && err.contains("\"AAZ\" uses 'Z'"), "{err}");
        assert_eq!(err.matches("AAZ").count(), 1, "the code is named once: {err}");
        // An impossible reply.
        let bad_reply = text.replacen("\"0B0W\"", "\"2B1W\"", 1);
        let err = from_json(&bad_reply).unwrap_err().to_string();
        assert!(err.contains("\"2B1W\" is not a reply"), "{err}");
        // Truncated text.
        let err = from_json(&text[..text.len() / 2]).unwrap_err().to_string();
        assert!(err.contains("line"), "{err}");
    }
}
