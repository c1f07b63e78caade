//! The command line: every command and the options they share.

use crate::commands::{codes, completions, play, program, referee, score, solve, suggest, tree};
use crate::notation::ColourStyle;
use clap::{Args, Parser, Subcommand};
use mastermind_core::Game;

/// The seed used when `--seed` is not given, so that a session can be repeated exactly.
pub const DEFAULT_SEED: u64 = 1;

/// Play Mastermind against the lab's players, let them break your code, get the next guess for a
/// game on the table, and build strategy trees.
#[derive(Debug, Parser)]
#[command(name = "mastermind", version, propagate_version = true)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// You guess the machine's secret; at the end, see how an expert would have played it.
    Play(play::PlayArgs),
    /// The machine guesses your secret; you type the replies.
    Solve(solve::SolveArgs),
    /// The next guess for a game in progress, and how many codes are still possible.
    Suggest(suggest::SuggestArgs),
    /// The reply a guess gets from a secret.
    Score(score::ScoreArgs),
    /// The codes consistent with the turns played.
    Codes(codes::CodesArgs),
    /// Build a deterministic player's strategy tree, export it, or check a saved one.
    Tree(tree::TreeArgs),
    /// Play a program of the referee protocol (any language) over every secret, or a sample.
    Referee(referee::RefereeArgs),
    /// Be a program of the referee protocol: any player of the lab on standard input and output.
    Program(program::ProgramArgs),
    /// Print a shell completion script.
    Completions(completions::CompletionsArgs),
}

/// The game size and its rule on repeated colours.
#[derive(Debug, Clone, Args)]
pub struct GameArg {
    /// The game: pegs x colours (4x6), or `bulls-cows` (4 pegs, 10 colours, none repeated).
    #[arg(long, short, default_value = "4x6", value_parser = parse_game)]
    pub game: Game,
    /// Codes use each colour at most once (secrets and guesses), as in Bulls and Cows.
    #[arg(long)]
    pub no_repeat: bool,
}

impl GameArg {
    /// The game asked for: `--game` with `--no-repeat` applied.
    pub fn game(&self) -> Result<Game, String> {
        if !self.no_repeat {
            return Ok(self.game);
        }
        let (pegs, colours) = (u32::from(self.game.pegs()), u32::from(self.game.colours()));
        Game::without_repeats(pegs, colours).map_err(|e| e.to_string())
    }
}

/// How answers are written.
#[derive(Debug, Clone, Args)]
pub struct OutputArgs {
    /// How colours are written (any form is accepted as input); default: digits in games of
    /// 10 colours (Bulls and Cows, with 0 for the tenth), letters otherwise.
    #[arg(long, value_enum)]
    pub colours: Option<ColourStyle>,
    /// Machine-readable output: one JSON object per line.
    #[arg(long)]
    pub json: bool,
}

impl OutputArgs {
    /// The style asked for, or the game's default, checked against the game.
    pub fn style(&self, game: Game) -> Result<ColourStyle, String> {
        let style = self.colours.unwrap_or_else(|| ColourStyle::default_for(game));
        style.check(game)?;
        Ok(style)
    }
}

/// The random seed.
#[derive(Debug, Clone, Args)]
pub struct SeedArg {
    /// Seed of every random draw: a number, or `clock` for a new one each run (it is printed).
    #[arg(long, default_value_t = Seed::Fixed(DEFAULT_SEED), value_parser = parse_seed)]
    pub seed: Seed,
}

/// A seed given on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seed {
    /// This number.
    Fixed(u64),
    /// Drawn from the clock when the command starts.
    Clock,
}

impl Seed {
    /// The seed to use: the number, or one taken from the clock now.
    pub fn resolve(self) -> u64 {
        match self {
            Seed::Fixed(seed) => seed,
            Seed::Clock => std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64 % 1_000_000_000)
                .unwrap_or(0),
        }
    }
}

impl std::fmt::Display for Seed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Seed::Fixed(seed) => write!(f, "{seed}"),
            Seed::Clock => write!(f, "clock"),
        }
    }
}

/// The codebreaker.
#[derive(Debug, Clone, Args)]
pub struct PlayerArgs {
    /// The codebreaker (see the list below).
    #[arg(long, short, default_value = "knuth", value_parser = crate::players::player_parser(), hide_possible_values = true)]
    pub player: String,
    /// Any player as an experiment spec writes it, with the specs' defaults for missing fields,
    /// e.g. 'MetropolisHastings((theta: 5.0))' or 'OnePly((heuristic: Entropy, subset:
    /// Some((mu: 20))))'. Replaces --player.
    #[arg(long, value_name = "RON", conflicts_with = "player")]
    pub config: Option<String>,
    /// The player's first guess (one-ply players, the EDA and Evo++).
    #[arg(long, value_name = "CODE")]
    pub first_guess: Option<String>,
}

/// The text listing every player, for the help of the commands that take `--player`.
pub fn players_help() -> String {
    let mut text = String::from("Players (--player):\n");
    for (name, description) in mastermind_players::player_names() {
        text.push_str(&format!("  {name:<24} {description}\n"));
    }
    text.push_str(
        "\nRandom players draw from --seed. --config takes any player in the experiment \
         specs' RON (OnePly, Eda, Evo, HillClimber, MetropolisHastings).",
    );
    text
}

/// Parses `4x6` (or `4X6`, `4/6`) into a game, and `bulls-cows` into Bulls and Cows.
pub fn parse_game(text: &str) -> Result<Game, String> {
    let name = text.trim().to_ascii_lowercase().replace(['_', ' '], "-");
    if ["bulls-cows", "bulls-and-cows", "bullscows"].contains(&name.as_str()) {
        return Ok(Game::BULLS_AND_COWS);
    }
    let (pegs, colours) = text
        .split_once(['x', 'X', '/'])
        .ok_or_else(|| format!("'{text}' is not a game size: write pegs x colours, as 4x6"))?;
    let number = |s: &str| {
        s.trim().parse::<u32>().map_err(|_| format!("'{text}': '{s}' is not a whole number"))
    };
    Game::new(number(pegs)?, number(colours)?).map_err(|e| e.to_string())
}

/// Parses a seed: a number or `clock`.
pub fn parse_seed(text: &str) -> Result<Seed, String> {
    if text.eq_ignore_ascii_case("clock") {
        return Ok(Seed::Clock);
    }
    text.parse()
        .map(Seed::Fixed)
        .map_err(|_| format!("'{text}' is not a seed: give a whole number or 'clock'"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn games_and_seeds_parse() {
        assert_eq!(parse_game("4x6"), Ok(Game::CLASSIC));
        assert_eq!(parse_game("5X8").unwrap().to_string(), "5x8");
        assert!(parse_game("4").unwrap_err().contains("pegs x colours"));
        assert!(parse_game("4x1").is_err());
        assert_eq!(parse_game("bulls-cows"), Ok(Game::BULLS_AND_COWS));
        assert_eq!(parse_game("Bulls and Cows"), Ok(Game::BULLS_AND_COWS));
        let no_repeat = GameArg { game: Game::new(4, 10).unwrap(), no_repeat: true };
        assert_eq!(no_repeat.game(), Ok(Game::BULLS_AND_COWS));
        let too_few = GameArg { game: Game::new(5, 4).unwrap(), no_repeat: true };
        assert!(too_few.game().unwrap_err().contains("at least as many colours as pegs"));
        assert_eq!(parse_seed("42"), Ok(Seed::Fixed(42)));
        assert_eq!(parse_seed("clock"), Ok(Seed::Clock));
        assert!(parse_seed("-1").is_err());
    }
}
