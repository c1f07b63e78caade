//! The codemakers beyond the truthful one every game starts with
//! ([`TruthfulCodemaker`](crate::TruthfulCodemaker), in the driver): Snyder's lying codemaker of
//! the p-false game and the scripted codemaker of fixed games whose lies are drawn once. Every
//! player meets them, so they live here rather than beside any one player.

pub mod lying;
pub mod scripted;
