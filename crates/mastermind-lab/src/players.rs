//! The players an experiment spec can name, and how each becomes a [`Strategy`].
//!
//! This is the only place that knows every player crate: adding a player means one variant here
//! and one arm in [`PlayerSpec::strategy`].

use mastermind_core::{Game, Strategy};
use mastermind_heuristics::{OnePlyConfig, OnePlyStrategy};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A player as written in a spec: the family and its configuration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum PlayerSpec {
    /// A one-ply heuristic (Entropy, Most parts, Expected size, Worst case, Random).
    OnePly(OnePlyConfig),
}

impl PlayerSpec {
    /// The family name stored in the `player` column.
    pub fn family(&self) -> &'static str {
        match self {
            PlayerSpec::OnePly(_) => "OnePly",
        }
    }

    /// Validates the configuration for `game` and prepares what its players share.
    /// The error is a sentence naming the field at fault.
    pub fn strategy(&self, game: Game) -> Result<Arc<dyn Strategy>, String> {
        match self {
            PlayerSpec::OnePly(config) => OnePlyStrategy::new(game, config.clone())
                .map(|s| Arc::new(s) as Arc<dyn Strategy>)
                .map_err(|e| e.to_string()),
        }
    }
}
