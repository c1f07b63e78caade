//! The one door to the players: what a player is, for the lab's specs and the `mastermind`
//! command line alike.
//!
//! - [`PlayerSpec`] ([`spec`]): every family's configuration as one serde enum, read from the
//!   same RON by the specs and by `--config`, so a player has one name and one set of defaults
//!   everywhere; its strategy, whether it plays a game, whether it has a tree
//!   ([`PlayerSpec::has_tree`], the tree builder's definition), its first guess.
//! - [`TreeSpec`] and [`TreeRecipe`] ([`trees`]): how a preset, a deterministic one-ply
//!   configuration or the exact optimum becomes a strategy tree, with progress and a stop flag.
//! - [`Prepared`] ([`prepared`]): a player checked at once and built when a game first needs it.
//! - [`names`]: the short names the command line offers.
//! - [`cost`]: what each player may cost, for the lab's budget check.
//! - [`families`]: the configuration types and family-specific APIs the lab and the command line
//!   use; no other crate of theirs names a player crate.
//!
//! Adding a player means one variant of [`PlayerSpec`] and an arm in each `match` here. Kept
//! apart from the lab so that the command line need not build polars.
#![deny(missing_docs)]

pub mod cost;
pub mod families;
pub mod names;
pub mod prepared;
pub mod spec;
pub mod trees;

pub use names::{Named, NotATree, OPTIMAL, named, player_names, tree_named, tree_player_names};
pub use prepared::Prepared;
pub use spec::PlayerSpec;
pub use trees::{BuildHooks, BuiltTree, OptimalSpec, TreeRecipe, TreeSpec};
