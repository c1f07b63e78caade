//! `mastermind play`: the machine keeps a secret, the person guesses; at the end, an expert
//! player of the lab plays the same secret.

use crate::board::Board;
use crate::cli::{GameArg, OutputArgs, SeedArg};
use crate::console::{Console, is_help, is_quit};
use crate::expert;
use crate::notation::parse_code;
use crate::possible::Possible;
use anyhow::Result;
use clap::Args;
use mastermind_core::{
    Code, Codemaker, Feedback, Game, History, TruthfulCodemaker, rng_for, score,
};
use mastermind_core::{FalseReplies, LyingCodemaker};
use rand::RngExt;
use serde_json::json;
use std::io::{BufRead, Write};

/// The stream the secret is drawn from under the session seed.
const SECRET_STREAM: u64 = 2;
/// The stream of the lying codemaker's draws under the session seed.
const LIAR_STREAM: u64 = 3;

/// Arguments of `play`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Type a guess as ABCD, A B C D, 1234 or colour names. Other words: \
    'board' shows the board, 'possible' counts the codes still possible, 'help', 'quit'.\n\n\
    The secret comes from --seed (default 1): the same seed, the same secret. \
    Use --seed clock for a new secret each game.")]
pub struct PlayArgs {
    /// The game size.
    #[command(flatten)]
    pub game: GameArg,
    /// Probability that the codemaker answers a guess with a random reply (Snyder's p-false
    /// game; the secret itself is always answered truthfully).
    #[arg(long, default_value_t = 0.0, value_name = "P")]
    pub lies: f64,
    /// Guesses allowed before the secret is revealed.
    #[arg(long, default_value_t = 12, value_name = "N")]
    pub max_guesses: u32,
    /// The random seed.
    #[command(flatten)]
    pub seed: SeedArg,
    /// How answers are written.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Plays one game: reads guesses from `input`, writes the board to `output`.
pub fn run(args: &PlayArgs, input: impl BufRead, output: impl Write, colour: bool) -> Result<()> {
    let game = args.game.game().map_err(anyhow::Error::msg)?;
    let style = args.output.style(game).map_err(anyhow::Error::msg)?;
    let seed = args.seed.seed.resolve();
    let secret = draw_secret(game, seed);
    let mut codemaker: Box<dyn Codemaker> = if args.lies != 0.0 {
        let liar = FalseReplies::with_p(args.lies);
        Box::new(LyingCodemaker::new(game, secret, liar, rng_for(seed, &[LIAR_STREAM]))?)
    } else {
        Box::new(TruthfulCodemaker::new(secret))
    };
    let board = Board { style, ansi: colour && !args.output.json };
    let mut console = Console::new(input, output, board, args.output.json);
    introduce(&mut console, game, args, seed)?;
    let lies = args.lies != 0.0;
    let mut history = History::new(game);
    while (history.len() as u32) < args.max_guesses {
        let prompt = format!("guess {}> ", history.len() + 1);
        let Some(line) = console.ask(&prompt)? else {
            return reveal(&mut console, game, secret, &history, "the input ended", lies);
        };
        if is_quit(&line) {
            return reveal(&mut console, game, secret, &history, "you stopped", lies);
        }
        if is_help(&line) {
            console.say(&help(game, console.board))?;
            continue;
        }
        match line.to_ascii_lowercase().as_str() {
            "board" => {
                show_board(&mut console, &history)?;
                continue;
            }
            "possible" => {
                count_possible(&mut console, &history, lies)?;
                continue;
            }
            _ => {}
        }
        let guess = match parse_code(game, &line) {
            Ok(guess) => guess,
            Err(error) => {
                let text = format!("{error}. The game goes on: type another guess.");
                console.tell(&text, json!({ "event": "error", "message": error.to_string() }))?;
                continue;
            }
        };
        let reply = codemaker.reply(&guess);
        history.push(guess, reply);
        let turn = history.len();
        console.event(json!({
            "event": "turn", "turn": turn, "guess": guess.to_string(),
            "black": reply.black, "white": reply.white,
        }))?;
        show_board(&mut console, &history)?;
        console.say("")?;
        if guess == secret {
            let plural = if turn == 1 { "" } else { "es" };
            console.tell(
                &format!("You found the secret in {turn} guess{plural}."),
                json!({ "event": "won", "guesses": turn, "secret": secret.to_string() }),
            )?;
            return finish(&mut console, game, secret, &history, lies);
        }
    }
    reveal(&mut console, game, secret, &history, "no guesses are left", lies)
}

/// A secret drawn uniformly from the game's codes by the seed's secret stream.
fn draw_secret(game: Game, seed: u64) -> Code {
    let mut rng = rng_for(seed, &[SECRET_STREAM]);
    let size = game.size().unwrap_or(u64::MAX);
    Code::from_rank(game, rng.random_range(0..size))
}

/// The opening lines: the game, how to type a guess, the seed.
fn introduce<R: BufRead, W: Write>(
    console: &mut Console<R, W>,
    game: Game,
    args: &PlayArgs,
    seed: u64,
) -> Result<()> {
    let style = console.board.style;
    let mut text = format!(
        "Mastermind {game}: find my secret of {} pegs in colours {} ({}).\n\
         A reply has a black peg for each right colour in the right place,\n\
         and a white peg for each other right colour in the wrong place.\n",
        game.pegs(),
        style.palette(game),
        crate::notation::repeat_rule(game)
    );
    if args.lies != 0.0 {
        text.push_str(&format!(
            "Careful: each reply is a random one with probability {} (a win is always told \
             truthfully).\n",
            args.lies
        ));
    }
    text.push_str(&format!(
        "You have {} guesses. Type 'help' for help. (seed {seed})",
        args.max_guesses
    ));
    console.tell(
        &text,
        json!({
            "event": "start", "game": game.to_string(), "seed": seed,
            "lies": args.lies, "max_guesses": args.max_guesses,
        }),
    )?;
    Ok(())
}

/// The help text of a game in progress.
fn help(game: Game, board: Board) -> String {
    format!(
        "Type a guess of {} colours ({}): ABCD, A B C D, 1234 or colour names.\n\
         'board' shows the board, 'possible' counts the codes still possible, 'quit' gives up.",
        game.pegs(),
        board.style.palette(game)
    )
}

/// Prints every turn so far.
fn show_board<R: BufRead, W: Write>(console: &mut Console<R, W>, history: &History) -> Result<()> {
    for row in console.board.rows(history) {
        console.say(&row)?;
    }
    Ok(())
}

/// Prints how many codes are consistent with the replies so far.
fn count_possible<R: BufRead, W: Write>(
    console: &mut Console<R, W>,
    history: &History,
    lies: bool,
) -> Result<()> {
    let count = Possible::after_history(history).count();
    let text = match count {
        Some(1) if lies => "1 code fits every reply (but some replies may be false)".to_string(),
        Some(1) => "1 code fits every reply so far".to_string(),
        Some(n) if lies => {
            format!("{n} codes fit every reply (but some replies may be false)")
        }
        Some(n) => format!("{n} codes fit every reply so far"),
        None => "this game is too large to count the codes".to_string(),
    };
    console.tell(&text, json!({ "event": "possible", "count": count }))?;
    Ok(())
}

/// Ends a game that was not won: reveals the secret and shows the expert's game.
fn reveal<R: BufRead, W: Write>(
    console: &mut Console<R, W>,
    game: Game,
    secret: Code,
    history: &History,
    why: &str,
    lies: bool,
) -> Result<()> {
    let code = console.board.style.code(&secret);
    console.tell(
        &format!("Game over ({why}): the secret was {code}."),
        json!({ "event": "lost", "reason": why, "secret": secret.to_string(), "guesses": history.len() }),
    )?;
    finish(console, game, secret, history, lies)
}

/// The end of every game: which replies were false (in the p-false game), then how an expert
/// player plays the same secret.
fn finish<R: BufRead, W: Write>(
    console: &mut Console<R, W>,
    game: Game,
    secret: Code,
    history: &History,
    lies: bool,
) -> Result<()> {
    if lies {
        let false_turns: Vec<usize> = history
            .turns()
            .iter()
            .enumerate()
            .filter(|(_, t)| score(&secret, &t.guess) != t.feedback)
            .map(|(i, _)| i + 1)
            .collect();
        let text = match false_turns.as_slice() {
            [] => "Every reply was true.".to_string(),
            turns => format!(
                "False replies: turn{} {}.",
                if turns.len() == 1 { "" } else { "s" },
                turns.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
            ),
        };
        console.tell(&text, json!({ "event": "false_replies", "turns": false_turns }))?;
    }
    let Some(expert) = expert::play(game, secret) else {
        return Ok(());
    };
    let mut expert_history = History::new(game);
    for &(guess, reply) in &expert.turns {
        expert_history.push(guess, reply);
    }
    let guesses = expert.turns.len();
    let mean = match expert.mean {
        Some(mean) => format!("; {mean:.3} on average over every secret"),
        None => String::new(),
    };
    let truthful = if lies { " with true replies" } else { "" };
    console.say(&format!(
        "How {} plays the same secret{truthful} ({guesses} guesses{mean}):",
        expert.name
    ))?;
    show_board(console, &expert_history)?;
    console.event(json!({
        "event": "expert", "player": expert.name, "mean": expert.mean,
        "turns": expert.turns.iter().map(|(g, r): &(Code, Feedback)| json!({
            "guess": g.to_string(), "black": r.black, "white": r.white,
        })).collect::<Vec<_>>(),
    }))?;
    Ok(())
}
