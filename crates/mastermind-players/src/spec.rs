//! [`PlayerSpec`]: every player family's configuration as one serde enum, and what is asked of a
//! player whatever its family (its name, whether it plays a game, whether it has a tree, its
//! first guess, its strategy).

use crate::trees::{TreeSpec, one_ply_tree_check};
use mastermind_core::{Game, InvalidParameter, Strategy};
use mastermind_evolution::{
    EdaConfig, EdaStrategy, EvoConfig, EvoStrategy, ShcConfig, ShcStrategy,
};
use mastermind_heuristics::{OnePlyConfig, OnePlyStrategy};
use mastermind_importance::{ExpFamilyConfig, ExpFamilyStrategy, ImportanceError};
use mastermind_mcmc::{MhConfig, MhStrategy};
use mastermind_referee::{DEFAULT_MAX_GUESSES, ProgramConfig, ProgramStrategy};
use mastermind_tree::TreeStrategy;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

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
    /// Another program, in any language, playing through the referee protocol on its standard
    /// input and output (`PROTOCOL.md`): `Program((command: ["python3", "players/python/knuth.py"]))`.
    Program(ProgramConfig),
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
            PlayerSpec::Program(_) => "Program",
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
    /// games. A program is told the rule in `hello`, and a guess that breaks it is an error of
    /// its game.
    pub fn plays_without_repeats(&self) -> bool {
        matches!(
            self,
            PlayerSpec::OnePly(_)
                | PlayerSpec::Tree(_)
                | PlayerSpec::Program(_)
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
            PlayerSpec::Program(config) => {
                let cap = config.max_guesses.unwrap_or(DEFAULT_MAX_GUESSES);
                shared(ProgramStrategy::new(config.clone(), game, cap))
            }
        }
    }

    /// Whether the player is deterministic and has a strategy tree for `game`: a tree player
    /// whose tree can be made, or a one-ply configuration the tree builder accepts (its check is
    /// the one definition). Such a player plays every secret the same way every time, so its
    /// mean over every secret is exact, and its next guess can be computed for one history alone.
    pub fn has_tree(&self, game: Game) -> bool {
        match self {
            PlayerSpec::Tree(spec) => spec.check(game).is_ok(),
            PlayerSpec::OnePly(config) => one_ply_tree_check(game, config).is_ok(),
            _ => false,
        }
    }

    /// Sets the first guess (as typed, checked when the strategy is made) of a family that has
    /// one; the error names `first_guess` for the families that choose their own.
    pub fn set_first_guess(&mut self, first: &str) -> Result<(), InvalidParameter> {
        let slot = match self {
            PlayerSpec::OnePly(c) => &mut c.first_guess,
            PlayerSpec::Eda(c) => &mut c.first_guess,
            PlayerSpec::Evo(c) => &mut c.first_guess,
            PlayerSpec::HillClimber(_)
            | PlayerSpec::MetropolisHastings(_)
            | PlayerSpec::ExpFamily(_)
            | PlayerSpec::Tree(_)
            | PlayerSpec::Program(_) => {
                let reason = format!("the {} player has no fixed first guess", self.family());
                return Err(InvalidParameter::refused("first_guess", first, reason));
            }
        };
        *slot = Some(first.to_string());
        Ok(())
    }
}

/// Builds the tree `spec` describes for `game` (the exact search runs here, once per spec).
fn tree_strategy(spec: &TreeSpec, game: Game) -> Result<TreeStrategy, InvalidParameter> {
    let built = spec.recipe(game)?.build(game, &Default::default())?;
    Ok(TreeStrategy::new(Arc::new(built.into_tree())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prepared::Prepared;
    use crate::trees::OptimalSpec;

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
