//! The codebreakers a person can choose: short names, or a player written exactly as an
//! experiment spec writes it.
//!
//! Three kinds of player sit behind one [`Player`] interface:
//!
//! - the deterministic one-ply presets of the strategy-tree crate (`knuth`, `irving`, ...): each
//!   guess is the tree crate's next guess for the history, which scores one candidate per
//!   symmetry class;
//! - `optimal`: the strategy tree with the fewest total guesses (a saved tree at 4x6, a search
//!   elsewhere);
//! - the lab's players with the specs' defaults (`entropy`, `most-parts`, ..., `eda`, `evo`,
//!   `hill-climber`, `mh`), or any configuration through `--config` in the specs' RON.

use crate::cli::PlayerArgs;
use anyhow::{Context, Result, bail};
use mastermind_core::{Code, Game, LabRng, Oracle, Player, PlayerError, Strategy};
pub use mastermind_players::PlayerSpec;
use mastermind_players::families::one_ply::OnePlyConfig;
use mastermind_players::families::tree::{StrategyTree, TreeStrategy};
use mastermind_players::{Named, named, player_names, tree_named, tree_player_names};
use std::sync::Arc;

/// `--player` of `solve` and `suggest`: one of the façade's short names, which clap lists in its
/// error for any other name and in shell completions.
pub fn player_parser() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(
        player_names()
            .into_iter()
            .map(|(name, description)| clap::builder::PossibleValue::new(name).help(description)),
    )
}

/// `--player` of `tree`: a preset or the optimum (the players that have a strategy tree). Every
/// other name `solve` takes is refused with the tree meant (`entropy` breaks ties at random; its
/// trees are `entropy-all` and `entropy-consistent`), so one name never means two things.
pub fn tree_player_parser() -> TreePlayerParser {
    TreePlayerParser
}

/// The value parser of `tree --player`: [`tree_named`]'s answer, with the tree players offered
/// to shell completions.
#[derive(Debug, Clone, Copy)]
pub struct TreePlayerParser;

impl clap::builder::TypedValueParser for TreePlayerParser {
    type Value = String;

    fn parse_ref(
        &self,
        command: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        let text = value.to_string_lossy();
        match tree_named(&text) {
            Ok(Named::Preset(preset)) => Ok(preset.name().to_string()),
            Ok(_) => Ok(text.into_owned()),
            Err(why) => {
                let arg = arg.map_or_else(|| "--player".to_string(), ToString::to_string);
                let message = format!("invalid value '{text}' for '{arg}': {why}\n");
                Err(clap::Error::raw(clap::error::ErrorKind::InvalidValue, message)
                    .with_cmd(command))
            }
        }
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(tree_player_names().into_iter().map(clap::builder::PossibleValue::new)))
    }
}

/// A codebreaker chosen on the command line, validated for one game.
#[derive(Clone)]
pub enum Choice {
    /// A deterministic one-ply configuration played through the tree crate's next guess.
    Deterministic {
        /// Its name (a preset's, or `custom`).
        name: String,
        /// The configuration (ties: First).
        config: OnePlyConfig,
    },
    /// A strategy tree, followed guess by guess.
    Tree {
        /// Its name (`optimal`).
        name: String,
        /// The tree.
        tree: Arc<StrategyTree>,
    },
    /// One of the lab's players, built per game from its spec.
    Spec {
        /// Its short name, or the spec's family name when given by `--config`.
        name: String,
        /// The spec.
        spec: PlayerSpec,
        /// The validated strategy.
        strategy: Arc<dyn Strategy>,
    },
}

impl Choice {
    /// The player chosen by `--player`, `--config` and `--first-guess` for `game`.
    pub fn from_args(args: &PlayerArgs, game: Game) -> Result<Choice> {
        // Typed in any notation (`AABB`, `A A B B`, `1122`); the configurations store letters.
        let first_guess = match &args.first_guess {
            Some(text) => Some(
                crate::notation::parse_code(game, text)
                    .with_context(|| format!("--first-guess '{text}' at {game}"))?
                    .to_string(),
            ),
            None => None,
        };
        if let Some(ron_text) = &args.config {
            let spec: PlayerSpec = ron::from_str(ron_text).with_context(|| {
                format!("--config '{ron_text}' is not a player as a spec writes it")
            })?;
            let name = spec.family().to_string();
            return Choice::from_any_spec(name, spec, first_guess.as_deref(), game);
        }
        let name = args.player.as_str();
        match named(name) {
            Some(Named::Preset(preset)) => {
                let mut config = preset.config(game);
                if let Some(first) = &first_guess {
                    config.first_guess = Some(first.clone());
                }
                Choice::deterministic(name.into(), config, game)
            }
            Some(Named::Optimal) => {
                if first_guess.is_some() {
                    bail!(
                        "--first-guess cannot be combined with --player optimal: the search \
                         chooses it"
                    );
                }
                let tree = crate::optimal::tree_for(game)?;
                Ok(Choice::Tree { name: name.into(), tree })
            }
            Some(Named::Spec(spec)) => {
                Choice::from_any_spec(name.into(), spec, first_guess.as_deref(), game)
            }
            None => bail!("unknown player '{name}'; `mastermind solve --help` lists them"),
        }
    }

    /// A player written as a spec, with `first` as its first guess if given: played through the
    /// tree crate's next guess when it has a tree (the façade's [`PlayerSpec::has_tree`]),
    /// otherwise built from its spec.
    fn from_any_spec(
        name: String,
        mut spec: PlayerSpec,
        first: Option<&str>,
        game: Game,
    ) -> Result<Choice> {
        if let Some(first) = first {
            spec.set_first_guess(first).map_err(|e| anyhow::anyhow!("--first-guess: {e}"))?;
        }
        match spec {
            PlayerSpec::OnePly(config) if spec_has_tree(&config, game) => {
                Choice::deterministic(name, config, game)
            }
            spec => Choice::from_spec(name, spec, game),
        }
    }

    /// A deterministic one-ply player, after checking its first guess against `game`.
    fn deterministic(name: String, config: OnePlyConfig, game: Game) -> Result<Choice> {
        if let Some(first) = &config.first_guess {
            Code::parse(game, first)
                .with_context(|| format!("the first guess of {name} at {game}"))?;
        }
        Ok(Choice::Deterministic { name, config })
    }

    /// A lab player from its spec, validated for `game`.
    pub fn from_spec(name: String, spec: PlayerSpec, game: Game) -> Result<Choice> {
        // A tree player builds its whole strategy first, which takes minutes at large games.
        let strategy = match &spec {
            PlayerSpec::Tree(_) => {
                crate::progress::spinner(&format!("building the strategy tree at {game}"), || {
                    spec.strategy(game)
                })
            }
            _ => spec.strategy(game),
        }
        .map_err(|e| anyhow::anyhow!("player {name}: {e}"))?;
        Ok(Choice::Spec { name, spec, strategy })
    }

    /// The player's name as shown to the person.
    pub fn name(&self) -> &str {
        match self {
            Choice::Deterministic { name, .. }
            | Choice::Tree { name, .. }
            | Choice::Spec { name, .. } => name,
        }
    }

    /// Whether the player's guess depends on the history alone, with no state carried from turn
    /// to turn and no randomness: such a player need not be replayed turn by turn.
    pub fn is_stateless(&self) -> bool {
        !matches!(self, Choice::Spec { .. })
    }

    /// Whether the player may draw random numbers (then `--seed` matters).
    pub fn is_random(&self) -> bool {
        !self.is_stateless()
    }

    /// A fresh player for one game.
    pub fn new_player(&self, game: Game) -> Box<dyn Player> {
        match self {
            Choice::Deterministic { config, .. } => {
                Box::new(NextGuessPlayer { game, config: config.clone() })
            }
            Choice::Tree { tree, .. } => Box::new(TreeStrategy::new(Arc::clone(tree)).player()),
            Choice::Spec { strategy, .. } => strategy.new_player(),
        }
    }

    /// The one-ply configuration behind the player, if it is one (for `suggest --explain`).
    pub fn one_ply_config(&self) -> Option<&OnePlyConfig> {
        match self {
            Choice::Deterministic { config, .. } => Some(config),
            Choice::Spec { spec: PlayerSpec::OnePly(config), .. } => Some(config),
            _ => None,
        }
    }

    /// The same player with `first` as its first guess, when its configuration has a first guess
    /// and none is set. Feeding a history to a one-ply player starts with a first guess that is
    /// thrown away; a fixed one saves scoring the whole code set for it.
    pub fn with_first_guess_if_unset(&self, game: Game, first: Code) -> Result<Choice> {
        match self {
            Choice::Spec { name, spec: PlayerSpec::OnePly(config), .. }
                if config.first_guess.is_none() =>
            {
                let config =
                    OnePlyConfig { first_guess: Some(first.to_string()), ..config.clone() };
                Choice::from_spec(name.clone(), PlayerSpec::OnePly(config), game)
            }
            _ => Ok(self.clone()),
        }
    }
}

/// Whether a one-ply configuration has a tree at `game`, so that the tree crate's next guess
/// (which scores one candidate per symmetry class) plays exactly as its player would, only faster.
fn spec_has_tree(config: &OnePlyConfig, game: Game) -> bool {
    PlayerSpec::OnePly(config.clone()).has_tree(game)
}

/// A deterministic one-ply player whose every guess is the tree crate's next guess for the
/// history (one candidate scored per symmetry class).
struct NextGuessPlayer {
    game: Game,
    config: OnePlyConfig,
}

impl Player for NextGuessPlayer {
    fn next_guess(&mut self, oracle: &mut Oracle<'_>, _: &mut LabRng) -> Result<Code, PlayerError> {
        mastermind_players::families::tree::choose_guess(self.game, &self.config, oracle.history())
            .map_err(|e| PlayerError(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mastermind_players::families::mcmc::MhConfig;

    #[test]
    fn spec_players_parse_from_the_specs_ron() {
        let spec: PlayerSpec = ron::from_str("MetropolisHastings((theta: 5.0))").unwrap();
        assert_eq!(
            spec,
            PlayerSpec::MetropolisHastings(MhConfig { theta: 5.0, ..MhConfig::default() })
        );
        let spec: PlayerSpec =
            ron::from_str("OnePly((heuristic: Entropy, subset: Some((mu: 20))))").unwrap();
        let PlayerSpec::OnePly(config) = spec else { panic!("{spec:?}") };
        assert_eq!(config.subset.map(|s| s.mu), Some(20));
        assert!(ron::from_str::<PlayerSpec>("OnePly((heuristic: Entropi))").is_err());
    }
}
