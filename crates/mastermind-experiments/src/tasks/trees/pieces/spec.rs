//! The spec of the trees built in pieces and its validation into a plan.

use crate::spec::SpecError;
use crate::spec::scaled::Profile;
use crate::spec::values::{Finite, Label};
use crate::tasks::PlanContext;
use mastermind_core::Game;
use mastermind_players::families::one_ply::OnePlyConfig;
use mastermind_players::{PlayerSpec, TreeRecipe, TreeSpec};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// One-ply players' trees of games too large to store one row per secret, built in pieces by
/// `mastermind tree --pieces` into folders under `data/trees/`, read back, checked piece by
/// piece and recorded as each piece's totals, secrets per depth, time and memory.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TreesInPiecesTask {
    /// The trees, each with the folder of its pieces.
    pub trees: Vec<PiecedTree>,
    /// In the quick profile, trees of games with more codes than this are left out (reading a
    /// tree replays every secret of its game).
    #[serde(default)]
    pub quick_max_codes: Option<u64>,
    /// Totals published by the field, shown beside ours.
    #[serde(default)]
    pub published: Vec<PublishedRun>,
}

/// One tree built in pieces.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PiecedTree {
    /// The player's name in tables; with the game, unique within the spec.
    pub label: Label,
    /// The game.
    pub game: Game,
    /// The one-ply player (a preset, or a configuration with its first guess).
    pub tree: TreeSpec,
    /// The folder its pieces are stored in, relative to the spec file.
    pub pieces: Label,
}

/// A total published for one player and game, with the time it took there.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PublishedRun {
    /// The player's label in this spec.
    pub label: Label,
    /// The game.
    pub game: Game,
    /// Total guesses over all secrets.
    pub total: u64,
    /// Most guesses for any secret, if given.
    #[serde(default)]
    pub max: Option<u32>,
    /// The seconds the published build took, if given.
    #[serde(default)]
    pub seconds: Option<Finite>,
    /// Who published it, and on what.
    pub source: Label,
}

/// A validated plan: the trees to read.
#[derive(Debug, Clone)]
pub struct PiecesPlan {
    /// One unit per tree, in spec order.
    pub units: Vec<PiecedUnit>,
    /// The published totals.
    pub published: Vec<PublishedRun>,
}

/// One tree to read from its pieces.
#[derive(Debug, Clone)]
pub struct PiecedUnit {
    /// The player's label.
    pub label: String,
    /// The game.
    pub game: Game,
    /// The one-ply configuration, resolved for the game.
    pub config: OnePlyConfig,
    /// The folder of its pieces.
    pub dir: PathBuf,
    /// The folder as the spec writes it (for messages and the stored rows).
    pub dir_as_written: String,
}

impl PiecedUnit {
    /// The command that builds (or resumes) the tree's pieces, from the workspace's root.
    pub fn command(&self) -> String {
        let player = ron::to_string(&PlayerSpec::OnePly(self.config.clone()))
            .unwrap_or_else(|_| "OnePly(...)".to_owned());
        format!(
            "mastermind tree --game {} --config '{player}' --pieces {}",
            self.game,
            self.dir.display()
        )
    }
}

impl crate::tasks::Validate for TreesInPiecesTask {
    type Plan = PiecesPlan;

    /// Checks that every tree is a one-ply player's, named once per game, and that every
    /// published total names one of them. The pieces are read when the plan runs.
    fn validate(&self, ctx: &PlanContext<'_>, profile: Profile) -> Result<PiecesPlan, SpecError> {
        ctx.check_listed("trees", &self.trees, "no tree to read", "list trees and their pieces")?;
        let spec_dir = ctx.spec.path.parent().unwrap_or_else(|| std::path::Path::new("."));
        let mut units: Vec<PiecedUnit> = Vec::new();
        for (i, tree) in self.trees.iter().enumerate() {
            let field = format!("task.trees[{i}]");
            let refuse = |key: &str, message: String, hint: &str| {
                ctx.error(Some(&tree.label), key, &format!("{field}.{key}"), message, hint)
            };
            if self.trees[..i].iter().any(|t| t.label == tree.label && t.game == tree.game) {
                let message = format!("{} at {} is listed twice", tree.label, tree.game);
                return Err(refuse("label", message, "a tree is read once"));
            }
            let recipe =
                tree.tree.recipe(tree.game).map_err(|e| refuse("tree", e.to_string(), ""))?;
            let TreeRecipe::OnePly(config) = recipe else {
                let hint = "the exact optimum is searched in units (`tree --units`)";
                return Err(refuse(
                    "tree",
                    "only a one-ply player's tree is built in pieces".into(),
                    hint,
                ));
            };
            let quick_cap = match profile {
                Profile::Quick => self.quick_max_codes.unwrap_or(u64::MAX),
                Profile::Full => u64::MAX,
            };
            if tree.game.size().unwrap_or(u64::MAX) > quick_cap {
                continue;
            }
            units.push(PiecedUnit {
                label: tree.label.to_string(),
                game: tree.game,
                config,
                dir: spec_dir.join(tree.pieces.as_str()),
                dir_as_written: tree.pieces.to_string(),
            });
        }
        for (i, published) in self.published.iter().enumerate() {
            if !self.trees.iter().any(|t| t.label == published.label && t.game == published.game) {
                return Err(ctx.error(
                    Some(&published.label),
                    "",
                    &format!("task.published[{i}].label"),
                    format!("no tree is {} at {}", published.label, published.game),
                    "a published total names a tree of `trees` by its label and game",
                ));
            }
        }
        Ok(PiecesPlan { units, published: self.published.clone() })
    }
}
