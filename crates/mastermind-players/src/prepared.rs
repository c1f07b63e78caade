//! [`Prepared`]: a player checked at once and built when a game first needs it.

use crate::spec::PlayerSpec;
use mastermind_core::{Game, InvalidParameter, Strategy};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// A player ready to play: its configuration checked when made, its strategy prepared once, when
/// a game first needs it (at once for every player but a tree, whose build, or the exact search
/// behind the optimum, may take minutes), and the time that took kept.
///
/// A plan holds `Prepared` players, so that checking a spec or rendering stored results never
/// builds a tree, and a budget check comes before any build.
pub struct Prepared {
    spec: PlayerSpec,
    game: Game,
    built: OnceLock<Built>,
}

/// A prepared strategy and how long preparing it took, or why it could not be prepared.
type Built = Result<(Arc<dyn Strategy>, Duration), InvalidParameter>;

impl Prepared {
    /// Checks `spec` for `game`; prepares it now unless it is a tree. The error names the field
    /// at fault, as [`PlayerSpec::strategy`]'s does.
    pub fn new(spec: PlayerSpec, game: Game) -> Result<Prepared, InvalidParameter> {
        let prepared = Prepared { spec, game, built: OnceLock::new() };
        match &prepared.spec {
            PlayerSpec::Tree(tree) => tree.check(game)?,
            _ => {
                prepared.strategy()?;
            }
        }
        Ok(prepared)
    }

    /// The strategy, prepared on the first call (other threads asking meanwhile wait for it).
    pub fn strategy(&self) -> Result<&Arc<dyn Strategy>, InvalidParameter> {
        let built = self.built.get_or_init(|| {
            let start = Instant::now();
            self.spec.strategy(self.game).map(|s| (s, start.elapsed()))
        });
        match built {
            Ok((strategy, _)) => Ok(strategy),
            Err(e) => Err(e.clone()),
        }
    }

    /// How long preparing the strategy took, once it has been prepared.
    pub fn build_time(&self) -> Option<Duration> {
        self.built.get().and_then(|b| b.as_ref().ok()).map(|(_, time)| *time)
    }

    /// The player as written.
    pub fn spec(&self) -> &PlayerSpec {
        &self.spec
    }
}

impl std::fmt::Debug for Prepared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Prepared")
            .field("spec", &self.spec)
            .field("game", &self.game)
            .field("build_time", &self.build_time())
            .finish()
    }
}
