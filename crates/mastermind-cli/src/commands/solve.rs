//! `mastermind solve`: the person keeps a secret, the machine guesses, the person replies.
//!
//! A reply that no code can give together with the earlier ones is caught before the player sees
//! it; the person may type it again or take back the reply before it.

use crate::board::Board;
use crate::breaker::Codebreaker;
use crate::cli::{GameArg, OutputArgs, PlayerArgs, SeedArg, players_help};
use crate::console::{Console, is_help, is_quit};
use crate::notation::{parse_reply, reply_words};
use crate::players::Choice;
use crate::possible::Possible;
use anyhow::Result;
use clap::Args;
use mastermind_core::{Code, Feedback, Game, History, PlayerError};
use serde_json::json;
use std::io::{BufRead, Write};

/// Arguments of `solve`.
#[derive(Debug, Clone, Args)]
#[command(after_help = players_help() + "\n\nReplies: '2 1', '21', '2B1W' or 'BBW' (black pegs first); '0' for none. \
    'undo' takes back your last reply, 'quit' stops.")]
pub struct SolveArgs {
    /// The game size.
    #[command(flatten)]
    pub game: GameArg,
    /// The codebreaker.
    #[command(flatten)]
    pub player: PlayerArgs,
    /// Guesses the machine may make before it gives up.
    #[arg(long, default_value_t = 30, value_name = "N")]
    pub max_guesses: u32,
    /// The random seed.
    #[command(flatten)]
    pub seed: SeedArg,
    /// How answers are written.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// What the person typed in answer to a guess.
enum Answer {
    /// A reply consistent with the earlier ones.
    Reply(Feedback),
    /// Take back the reply before.
    Undo,
    /// Stop (or the input ended).
    Stop,
}

/// Plays one game as the codebreaker, reading replies from `input`.
pub fn run(args: &SolveArgs, input: impl BufRead, output: impl Write, colour: bool) -> Result<()> {
    let game = args.game.game().map_err(anyhow::Error::msg)?;
    let style = args.output.style(game).map_err(anyhow::Error::msg)?;
    let choice = Choice::from_args(&args.player, game)?;
    let seed = args.seed.seed.resolve();
    let board = Board { style, ansi: colour && !args.output.json };
    let mut console = Console::new(input, output, board, args.output.json);
    introduce(&mut console, game, &choice, seed)?;
    let mut breaker = Codebreaker::new(choice, game, seed);
    let mut history = History::new(game);
    let mut possible = Possible::all(game);
    let mut guess = breaker.next_guess(&history);
    loop {
        let current = match guess {
            Ok(code) => code,
            Err(error) => {
                if history.is_empty() {
                    // Not one guess: the player cannot play this game at all.
                    anyhow::bail!("{error}");
                }
                console.tell(
                    &format!("{error}. Type 'undo' to take back your last reply, or 'quit'."),
                    json!({ "event": "gave_up", "message": error.to_string() }),
                )?;
                if !ask_to_undo(&mut console)? {
                    return Ok(());
                }
                guess = take_back(&mut console, &mut history, &mut possible, &mut breaker)?;
                continue;
            }
        };
        let turn = history.len() + 1;
        show_guess(&mut console, turn, &current, &possible)?;
        match ask_reply(&mut console, game, &history, &possible, current)? {
            Answer::Stop => return Ok(()),
            Answer::Undo => {
                guess = take_back(&mut console, &mut history, &mut possible, &mut breaker)?;
            }
            Answer::Reply(reply) => {
                history.push(current, reply);
                if reply == Feedback::all_black(game.pegs()) {
                    return solved(&mut console, &history, &breaker);
                }
                possible = possible.after(current, reply);
                if history.len() as u32 >= args.max_guesses {
                    console.tell(
                        &format!("I give up after {} guesses.", history.len()),
                        json!({ "event": "gave_up", "message": "the guess limit was reached" }),
                    )?;
                    return Ok(());
                }
                guess = breaker.next_guess(&history);
            }
        }
    }
}

/// The opening lines.
fn introduce<R: BufRead, W: Write>(
    console: &mut Console<R, W>,
    game: Game,
    choice: &Choice,
    seed: u64,
) -> Result<()> {
    let seed_note = if choice.is_random() { format!(", seed {seed}") } else { String::new() };
    let text = format!(
        "Think of a secret of {} pegs, colours {} ({}). I guess ({}{seed_note}).\n\
         Reply with your {}: '2 1', '21' or 'BBW'; '0' for none.\n\
         'undo' takes back your last reply, 'quit' stops.",
        game.pegs(),
        console.board.style.palette(game),
        crate::notation::repeat_rule(game),
        choice.name(),
        if game.repeats() {
            "black pegs then white pegs"
        } else {
            "bulls then cows (black pegs then white pegs)"
        }
    );
    console.tell(
        &text,
        json!({ "event": "start", "game": game.to_string(), "player": choice.name(), "seed": seed }),
    )?;
    Ok(())
}

/// Shows the guess of this turn with the count of codes still possible.
fn show_guess<R: BufRead, W: Write>(
    console: &mut Console<R, W>,
    turn: usize,
    guess: &Code,
    possible: &Possible,
) -> Result<()> {
    let count = match possible.count() {
        Some(1) => "  (the only code left)".to_string(),
        Some(n) => format!("  ({n} codes possible)"),
        None => String::new(),
    };
    let code = console.board.code(guess);
    console.tell(
        &format!("Guess {turn}: {code}{count}"),
        json!({ "event": "guess", "turn": turn, "guess": guess.to_string(), "possible": possible.count() }),
    )?;
    Ok(())
}

/// Reads a reply to `guess` until it is valid and some code gives it with the earlier replies.
fn ask_reply<R: BufRead, W: Write>(
    console: &mut Console<R, W>,
    game: Game,
    history: &History,
    possible: &Possible,
    guess: Code,
) -> Result<Answer> {
    loop {
        let Some(line) = console.ask("your reply> ")? else {
            return Ok(Answer::Stop);
        };
        if is_quit(&line) {
            return Ok(Answer::Stop);
        }
        if is_help(&line) {
            console.say(
                "Count the pegs of my guess that are the right colour in the right place (black), \
                 then the other pegs of a right colour (white); type them as '2 1', '21' or 'BBW'.\n\
                 'undo' takes back your previous reply, 'quit' stops.",
            )?;
            continue;
        }
        if line.eq_ignore_ascii_case("undo") {
            if history.is_empty() {
                console.tell(
                    "There is no reply to take back yet.",
                    json!({ "event": "error", "message": "nothing to undo" }),
                )?;
                continue;
            }
            return Ok(Answer::Undo);
        }
        let reply = match parse_reply(game.pegs(), &line) {
            Ok(reply) => reply,
            Err(error) => {
                console.tell(
                    &format!("{error}."),
                    json!({ "event": "error", "message": error.to_string() }),
                )?;
                continue;
            }
        };
        if possible.after(guess, reply).is_empty() {
            explain_impossible(console, history, guess, reply)?;
            continue;
        }
        return Ok(Answer::Reply(reply));
    }
}

/// Says that no code gives `reply` to `guess` together with the replies so far.
fn explain_impossible<R: BufRead, W: Write>(
    console: &mut Console<R, W>,
    history: &History,
    guess: Code,
    reply: Feedback,
) -> Result<()> {
    let style = console.board.style;
    let mut text = format!(
        "No code gives {} to {} with your earlier replies: one of them is wrong.",
        reply_words(reply),
        style.code(&guess)
    );
    match history.last() {
        Some(last) => text.push_str(&format!(
            "\nType the reply to {} again, or 'undo' to take back your reply to {} ({}).",
            style.code(&guess),
            style.code(&last.guess),
            reply_words(last.feedback)
        )),
        None => text.push_str("\nType your reply again."),
    }
    console.tell(
        &text,
        json!({
            "event": "impossible", "guess": guess.to_string(),
            "black": reply.black, "white": reply.white,
        }),
    )?;
    Ok(())
}

/// After the player failed: `true` to undo, `false` to stop.
fn ask_to_undo<R: BufRead, W: Write>(console: &mut Console<R, W>) -> Result<bool> {
    loop {
        let Some(line) = console.ask("undo or quit> ")? else {
            return Ok(false);
        };
        if line.eq_ignore_ascii_case("undo") {
            return Ok(true);
        }
        if is_quit(&line) {
            return Ok(false);
        }
    }
}

/// Takes back the last reply (there must be one): the turn leaves the history, and the player is
/// rebuilt to where it asked for that reply. Returns the guess it asks about again.
fn take_back<R: BufRead, W: Write>(
    console: &mut Console<R, W>,
    history: &mut History,
    possible: &mut Possible,
    breaker: &mut Codebreaker,
) -> Result<Result<Code, PlayerError>> {
    let turns = history.turns();
    let last = turns[turns.len() - 1];
    let text = format!(
        "Took back your reply to {} ({}).",
        console.board.style.code(&last.guess),
        reply_words(last.feedback)
    );
    console.tell(&text, json!({ "event": "undone", "turn": turns.len() }))?;
    let mut shorter = History::new(history.game());
    for turn in &turns[..turns.len() - 1] {
        shorter.push(turn.guess, turn.feedback);
    }
    *history = shorter;
    *possible = Possible::after_history(history);
    Ok(breaker.replay(history))
}

/// The end of a solved game: the board and the count of guesses.
fn solved<R: BufRead, W: Write>(
    console: &mut Console<R, W>,
    history: &History,
    breaker: &Codebreaker,
) -> Result<()> {
    for row in console.board.rows(history) {
        console.say(&row)?;
    }
    let guesses = history.len();
    let plural = if guesses == 1 { "" } else { "es" };
    let counters = breaker.counters();
    console.tell(
        &format!("Solved in {guesses} guess{plural}."),
        json!({
            "event": "solved", "guesses": guesses,
            "secret": history.last().map(|t| t.guess.to_string()),
            "evaluations": counters.evaluations,
        }),
    )?;
    Ok(())
}
