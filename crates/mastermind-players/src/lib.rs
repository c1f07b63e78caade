//! The players an experiment spec (or the `mastermind` command line) can name, and how each
//! becomes a [`Strategy`].
//!
//! This is the only place that knows every player crate: adding a player means one variant of
//! [`PlayerSpec`] and one arm in [`PlayerSpec::strategy`]. The lab's specs and the command line's
//! `--config` read the same RON through these types, so a player has one name and one set of
//! defaults everywhere. Kept apart from the lab so that the command line need not build polars.
#![deny(missing_docs)]

use mastermind_core::{Game, InvalidParameter, Strategy};
use mastermind_evolution::{
    EdaConfig, EdaStrategy, EvoConfig, EvoStrategy, ShcConfig, ShcStrategy,
};
use mastermind_heuristics::{OnePlyConfig, OnePlyStrategy};
use mastermind_importance::{ExpFamilyConfig, ExpFamilyStrategy, ImportanceError};
use mastermind_mcmc::{MhConfig, MhStrategy};
use mastermind_optimal::{SolveError, SolveOptions, check_game, solve};
use mastermind_tree::{BuildError, Preset, TreeStrategy, build_tree, check_config};
use serde::{Deserialize, Serialize};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// A player as written in a spec: the family and its configuration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum PlayerSpec {
    /// A one-ply heuristic (Entropy, Most parts, Expected size, Worst case, Random, LocalEntropy)
    /// over the consistent set or a random subset of it (Runarsson & Merelo 2009).
    OnePly(OnePlyConfig),
    /// The estimation of distribution algorithm of Runarsson & Merelo 2009.
    Eda(EdaConfig),
    /// Evo++ of Merelo, Mora, Runarsson & Cotta.
    Evo(EvoConfig),
    /// The stochastic hill-climber of Temporel & Kovacs.
    HillClimber(ShcConfig),
    /// Snyder's Metropolis-Hastings player.
    MetropolisHastings(MhConfig),
    /// Snyder's exponential-family policy (random consistent play, theta_0, fitted theta).
    ExpFamily(ExpFamilyConfig),
    /// A strategy tree built once before the games (a preset, a deterministic one-ply rule or the
    /// exact optimum) and then followed: `Tree(Optimal(()))` plays optimally.
    Tree(TreeSpec),
}

/// How a strategy tree is made.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum TreeSpec {
    /// A named one-ply preset of the tree crate (`"knuth"`, `"irving"`, `"kooi"`, ...).
    Preset(String),
    /// Any deterministic one-ply configuration (`ties: First`).
    OnePly(OnePlyConfig),
    /// The exact optimum: fewest total guesses, optionally with at most `max_depth` guesses.
    Optimal(OptimalSpec),
}

/// Options of the exact search.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptimalSpec {
    /// The most guesses any secret may need.
    #[serde(default)]
    pub max_depth: Option<u32>,
    /// Guess only codes that could still be the secret: the optimum of consistent play.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub consistent_only: bool,
    /// With `consistent_only`: guess codes possible before the latest reply, the rule of
    /// fancidev's `mmstrat -po` (see [`SolveOptions::possible_before_last_reply`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub possible_before_last_reply: bool,
}

impl OptimalSpec {
    /// The exact search's options for this optimum (every pruning rule on; no progress, no
    /// stop): the one translation of a spec's optimum into a search.
    pub fn solve_options(&self) -> SolveOptions {
        SolveOptions {
            max_depth: self.max_depth,
            consistent_only: self.consistent_only,
            possible_before_last_reply: self.possible_before_last_reply,
            ..SolveOptions::default()
        }
    }
}

fn shared<S: Strategy + 'static>(
    made: Result<S, InvalidParameter>,
) -> Result<Arc<dyn Strategy>, InvalidParameter> {
    made.map(|s| Arc::new(s) as Arc<dyn Strategy>)
}

/// The exponential-family policy's error as the field at fault; anything but a parameter is the
/// game's (the policy's tables enumerate it).
fn exp_family_error(e: ImportanceError, game: Game) -> InvalidParameter {
    match e {
        ImportanceError::InvalidParameter(e) => e,
        other => InvalidParameter::refused("game", game, other.to_string()),
    }
}

/// A tree builder's error as the field at fault: its own field, or else the game.
fn build_error(e: BuildError, game: Game) -> InvalidParameter {
    match e {
        BuildError::Parameter(e) => e,
        other => InvalidParameter::refused("game", game, other.to_string()),
    }
}

/// The exact search's error as the field at fault: the depth limit when no strategy meets it,
/// else the game.
fn solve_error(e: SolveError, game: Game, max_depth: Option<u32>) -> InvalidParameter {
    match (e, max_depth) {
        (e @ SolveError::Infeasible { .. }, Some(depth)) => {
            InvalidParameter::refused("max_depth", depth, e.to_string())
        }
        (e, _) => InvalidParameter::refused("game", game, e.to_string()),
    }
}

impl PlayerSpec {
    /// The family name stored in the `player` column.
    pub fn family(&self) -> &'static str {
        match self {
            PlayerSpec::OnePly(_) => "OnePly",
            PlayerSpec::Eda(_) => "Eda",
            PlayerSpec::Evo(_) => "Evo",
            PlayerSpec::HillClimber(_) => "HillClimber",
            PlayerSpec::MetropolisHastings(_) => "MetropolisHastings",
            PlayerSpec::ExpFamily(_) => "ExpFamily",
            PlayerSpec::Tree(_) => "Tree",
        }
    }

    /// Whether this family plays games where a colour may appear only once (Bulls and Cows).
    ///
    /// One-ply players and strategy trees choose among enumerated codes, which follow the game's
    /// rule. The evolutionary players keep colours distinct in such a game: the hill-climber's
    /// free pegs take colours the code does not hold yet, the EDA samples its model peg by peg
    /// among the colours left, and Evo++'s crossover is the partially mapped one (PMX), its
    /// mutation a swap when the new colour is elsewhere in the code; Metropolis-Hastings
    /// recolours a peg only with a colour the code does not hold (a symmetric proposal still).
    /// The exponential-family policy's features count repeated colours and have no such form
    /// yet (without repeats every first guess has the one pattern ABCD..), so it refuses such
    /// games.
    pub fn plays_without_repeats(&self) -> bool {
        matches!(
            self,
            PlayerSpec::OnePly(_)
                | PlayerSpec::Tree(_)
                | PlayerSpec::HillClimber(_)
                | PlayerSpec::Eda(_)
                | PlayerSpec::Evo(_)
                | PlayerSpec::MetropolisHastings(_)
        )
    }

    /// Validates the configuration for `game` and prepares what its players share.
    /// The error names the field at fault by its path within the configuration.
    pub fn strategy(&self, game: Game) -> Result<Arc<dyn Strategy>, InvalidParameter> {
        if !game.repeats() && !self.plays_without_repeats() {
            return Err(InvalidParameter::refused(
                "game",
                game,
                format!(
                    "has no repeated colours, and the {} player's features are colour \
                     patterns with repeats (every other player plays such games)",
                    self.family()
                ),
            ));
        }
        match self {
            PlayerSpec::OnePly(config) => shared(OnePlyStrategy::new(game, config.clone())),
            PlayerSpec::Eda(config) => shared(EdaStrategy::new(game, config.clone())),
            PlayerSpec::Evo(config) => shared(EvoStrategy::new(game, config.clone())),
            PlayerSpec::HillClimber(config) => shared(ShcStrategy::new(game, config.clone())),
            PlayerSpec::MetropolisHastings(config) => shared(MhStrategy::new(*config)),
            PlayerSpec::ExpFamily(config) => {
                shared(ExpFamilyStrategy::new(game, config).map_err(|e| exp_family_error(e, game)))
            }
            PlayerSpec::Tree(spec) => shared(tree_strategy(spec, game)),
        }
    }
}

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

impl TreeSpec {
    /// Whether the tree can be made for `game`, without making it: the preset exists and its
    /// configuration is deterministic and fits the builder, or the game fits the exact search.
    pub fn check(&self, game: Game) -> Result<(), InvalidParameter> {
        match self.one_ply_config(game)? {
            Some(config) => check_config(game, &config).map_err(|e| build_error(e, game)),
            None => check_game(game).map_err(|e| solve_error(e, game, None)),
        }
    }

    /// The one-ply configuration of a preset or one-ply tree for `game`; `None` for the optimum.
    fn one_ply_config(&self, game: Game) -> Result<Option<OnePlyConfig>, InvalidParameter> {
        match self {
            TreeSpec::Optimal(_) => Ok(None),
            TreeSpec::OnePly(config) => Ok(Some(config.clone())),
            TreeSpec::Preset(name) => match Preset::from_name(name) {
                Some(preset) => Ok(Some(preset.config(game))),
                None => {
                    let names: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
                    let reason = format!("is not a preset; the presets are {}", names.join(", "));
                    Err(InvalidParameter::refused("preset", format!("{name:?}"), reason))
                }
            },
        }
    }
}

/// Builds the tree `spec` describes for `game` (the exact search runs here, once per spec).
fn tree_strategy(spec: &TreeSpec, game: Game) -> Result<TreeStrategy, InvalidParameter> {
    let tree = match spec.one_ply_config(game)? {
        Some(config) => build_tree(game, &config).map_err(|e| build_error(e, game))?.0,
        None => {
            let optimum = match spec {
                TreeSpec::Optimal(optimum) => *optimum,
                _ => OptimalSpec::default(),
            };
            let options = optimum.solve_options();
            solve(game, &options).map_err(|e| solve_error(e, game, optimum.max_depth))?.tree
        }
    };
    Ok(TreeStrategy::new(Arc::new(tree)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tree_player_plays_the_optimum() {
        let spec = PlayerSpec::Tree(TreeSpec::Optimal(OptimalSpec::default()));
        let game = Game::new(3, 3).unwrap();
        let strategy = spec.strategy(game).unwrap();
        let mut player = strategy.new_player();
        let mut rng = mastermind_core::rng_for(1, &[]);
        let secret = mastermind_core::Code::parse(game, "CBA").unwrap();
        let out = mastermind_core::play_game(
            game,
            player.as_mut(),
            &mut mastermind_core::TruthfulCodemaker::new(secret),
            10,
            &mut rng,
        );
        assert!(out.solved());
        assert_eq!(spec.family(), "Tree");
    }

    #[test]
    fn a_tree_is_checked_at_once_and_built_on_first_use() {
        let game = Game::CLASSIC;
        let knuth = Prepared::new(PlayerSpec::Tree(TreeSpec::Preset("knuth".into())), game);
        let knuth = knuth.unwrap();
        assert_eq!(knuth.build_time(), None, "not built yet");
        assert!(knuth.strategy().is_ok());
        assert!(knuth.build_time().is_some());
        // A refusal comes when the player is made, not when it first plays.
        let random = OnePlyConfig::new(mastermind_heuristics::Heuristic::Random);
        let error = Prepared::new(PlayerSpec::Tree(TreeSpec::OnePly(random)), game).unwrap_err();
        assert_eq!(error.field, "heuristic");
        let too_large = Game::new(6, 9).unwrap();
        let optimum = PlayerSpec::Tree(TreeSpec::Optimal(OptimalSpec::default()));
        assert!(
            Prepared::new(optimum, too_large).unwrap_err().to_string().contains("too many codes")
        );
        // Other players are prepared at once.
        let entropy =
            PlayerSpec::OnePly(OnePlyConfig::new(mastermind_heuristics::Heuristic::Entropy));
        assert!(Prepared::new(entropy, game).unwrap().build_time().is_some());
    }

    #[test]
    fn search_players_refuse_games_without_repeats_and_one_ply_players_play_them() {
        let bulls_and_cows = Game::BULLS_AND_COWS;
        let theta = mastermind_importance::Theta::THESIS_INITIAL;
        let policy = PlayerSpec::ExpFamily(ExpFamilyConfig::new(theta));
        let error = Prepared::new(policy, bulls_and_cows).unwrap_err();
        assert_eq!(error.field, "game");
        assert!(error.to_string().contains("ExpFamily"), "{error}");
        let game = Game::without_repeats(4, 6).unwrap();
        let random = OnePlyConfig::new(mastermind_heuristics::Heuristic::Random);
        let mut rng = mastermind_core::rng_for(7, &[]);
        let players = [
            PlayerSpec::OnePly(random),
            PlayerSpec::HillClimber(ShcConfig::default()),
            PlayerSpec::Eda(EdaConfig::default()),
            PlayerSpec::Evo(EvoConfig::default()),
            PlayerSpec::MetropolisHastings(MhConfig::default()),
        ];
        for spec in players {
            let strategy = spec.strategy(game).unwrap();
            // Every secret solved; a code of repeated colours would fail the debug assertion
            // where it is made (`Code::from_valid_colours`).
            for rank in 0..360 {
                let secret = mastermind_core::Code::from_rank(game, rank);
                let mut player = strategy.new_player();
                let mut maker = mastermind_core::TruthfulCodemaker::new(secret);
                let out =
                    mastermind_core::play_game(game, player.as_mut(), &mut maker, 30, &mut rng);
                assert!(out.solved(), "{} on {secret}", spec.family());
            }
        }
    }

    #[test]
    fn an_unknown_preset_names_the_presets() {
        let spec = PlayerSpec::Tree(TreeSpec::Preset("knoth".into()));
        let error = spec.strategy(Game::CLASSIC).err().unwrap();
        assert_eq!(error.field, "preset");
        let message = error.to_string();
        assert!(message.contains("\"knoth\"") && message.contains("knuth"), "{message}");
    }
}
