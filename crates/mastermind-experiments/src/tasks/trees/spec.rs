//! The spec of a strategy-trees experiment and its validation into a plan.

use crate::spec::SpecError;
use crate::spec::scaled::Profile;
use crate::spec::values::Label;
use crate::tasks::PlanContext;
use mastermind_core::Game;
pub use mastermind_players::{OptimalSpec, TreeRecipe, TreeSpec};
use serde::{Deserialize, Serialize};

/// The largest game a tree is built for: the builder holds every code of the game and a node per
/// secret, so memory grows with the code-set size (6x9 is 531 441 codes).
pub const MAX_CODES: u64 = 1 << 21;

/// Deterministic players written out as strategy trees over every secret of each game: exact
/// totals, no sampling.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StrategyTreesTask {
    /// The game sizes, smallest first.
    pub games: Vec<Game>,
    /// In the quick profile, games with more codes than this are left out.
    #[serde(default)]
    pub quick_max_codes: Option<u64>,
    /// The players.
    pub players: Vec<TreeArm>,
    /// Totals published by the field, shown beside ours.
    #[serde(default)]
    pub published: Vec<Published>,
    /// Trees of games with at most this many codes are exported as JSON beside the figures.
    #[serde(default = "default_export")]
    pub export_up_to_codes: u64,
}

fn default_export() -> u64 {
    1296
}

/// One deterministic player.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TreeArm {
    /// The name in tables and legends; unique within the spec.
    pub label: Label,
    /// The strategy.
    pub tree: TreeSpec,
    /// Games with more codes than this are left out for this player (the exact optimum can only
    /// be searched for small games).
    #[serde(default)]
    pub max_codes: Option<u64>,
    /// Only this game of the list, for a configuration that names game-specific codes (a first
    /// guess such as `"AABB"`).
    #[serde(default)]
    pub game: Option<Game>,
}

/// A published total for one player and game.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Published {
    /// The player's label in this spec.
    pub label: Label,
    /// The game.
    pub game: Game,
    /// Total guesses over all secrets.
    pub total: u64,
    /// Most guesses for any secret, if given.
    #[serde(default)]
    pub max: Option<u32>,
    /// Who published it.
    pub source: Label,
    /// Why ours differs, in one sentence, where it does.
    #[serde(default)]
    pub explained: Option<Label>,
}

/// A validated strategy-trees experiment.
#[derive(Debug, Clone)]
pub struct TreesPlan {
    /// One unit per (player, game), players in spec order then games smallest first.
    pub units: Vec<TreeUnit>,
    /// The players' labels, in spec order.
    pub labels: Vec<String>,
    /// The published totals.
    pub published: Vec<Published>,
    /// Export trees of games with at most this many codes.
    pub export_up_to_codes: u64,
}

/// One tree to build.
#[derive(Debug, Clone)]
pub struct TreeUnit {
    /// The player's label.
    pub label: String,
    /// The game.
    pub game: Game,
    /// How to build it, resolved and checked for the game.
    pub recipe: TreeRecipe,
}

impl crate::tasks::Validate for StrategyTreesTask {
    type Plan = TreesPlan;

    /// Checks games, players and published values; resolves presets for each game.
    fn validate(&self, ctx: &PlanContext<'_>, profile: Profile) -> Result<TreesPlan, SpecError> {
        ctx.check_listed("games", &self.games, "no tree to build", "list game sizes")?;
        ctx.check_listed("players", &self.players, "no tree to build", "list players")?;
        let hint = "a tree holds a node for every secret of the game";
        ctx.check_games("games", &self.games, MAX_CODES, "a strategy tree", hint)?;
        let mut labels: Vec<String> = Vec::new();
        let mut units = Vec::new();
        for (p, arm) in self.players.iter().enumerate() {
            let field = format!("task.players[{p}]");
            if labels.iter().any(|l| *l == arm.label) {
                return Err(ctx.error(
                    Some(&arm.label),
                    "label",
                    &format!("{field}.label"),
                    format!("the label {:?} is used twice", arm.label),
                    "labels name table rows and must be unique",
                ));
            }
            labels.push(arm.label.to_string());
            if let Some(only) = arm.game.filter(|g| !self.games.contains(g)) {
                return Err(ctx.error(
                    Some(&arm.label),
                    "game",
                    &format!("{field}.game"),
                    format!("{only} is not in the spec's `games`"),
                    "add it to `games`, or remove the player's `game`",
                ));
            }
            for game in self.games.iter().filter(|g| arm.game.is_none_or(|only| only == **g)) {
                let codes = game.size().unwrap_or(u64::MAX);
                let quick_cap = match profile {
                    Profile::Quick => self.quick_max_codes.unwrap_or(u64::MAX),
                    Profile::Full => u64::MAX,
                };
                if codes > quick_cap.min(arm.max_codes.unwrap_or(u64::MAX)) {
                    continue;
                }
                let recipe = arm.tree.recipe(*game).map_err(|e| {
                    let at = format!("{field}.tree");
                    ctx.error(Some(&arm.label), "tree", &at, e.to_string(), "")
                })?;
                units.push(TreeUnit { label: arm.label.to_string(), game: *game, recipe });
            }
        }
        for (i, published) in self.published.iter().enumerate() {
            if !labels.iter().any(|l| *l == published.label) {
                return Err(ctx.error(
                    Some(&published.label),
                    "",
                    &format!("task.published[{i}].label"),
                    format!("no player is labelled {:?}", published.label),
                    &format!("the labels are {}", labels.join(", ")),
                ));
            }
        }
        Ok(TreesPlan {
            units,
            labels,
            published: self.published.clone(),
            export_up_to_codes: self.export_up_to_codes,
        })
    }
}
