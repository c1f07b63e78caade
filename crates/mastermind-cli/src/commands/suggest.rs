//! `mastermind suggest "AABB 1 0" "CCDE 0 2"`: the next guess for a game on the table.

use crate::breaker::Codebreaker;
use crate::cli::{GameArg, OutputArgs, PlayerArgs, SeedArg, players_help};
use crate::commands::turns::history_from;
use crate::explain::{Scored, score_candidates};
use crate::notation::ColourStyle;
use crate::players::Choice;
use crate::possible::Possible;
use anyhow::{Result, anyhow, bail};
use clap::Args;
use mastermind_core::{Code, Game};
use mastermind_players::families::one_ply::{Heuristic, Pool, Prior};
use serde_json::json;
use std::io::Write;

/// Codes listed by name when no more than this many are possible.
const LIST_AT_MOST: usize = 12;

/// Arguments of `suggest`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Example:\n  mastermind suggest --game 4x6 \"AABB 1 0\" \"CCDE 0 2\" --explain\n\n".to_string() + &players_help())]
pub struct SuggestArgs {
    /// The game size.
    #[command(flatten)]
    pub game: GameArg,
    /// The turns played, each a guess then its reply: "AABB 1 0" (or "AABB 10", "AABB BW").
    pub turns: Vec<String>,
    /// The codebreaker.
    #[command(flatten)]
    pub player: PlayerArgs,
    /// Also show the best candidates and how each splits the codes still possible.
    #[arg(long)]
    pub explain: bool,
    /// Candidates shown by --explain.
    #[arg(long, default_value_t = 10, value_name = "N")]
    pub top: usize,
    /// The random seed.
    #[command(flatten)]
    pub seed: SeedArg,
    /// How answers are written.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Prints the next guess, the count of codes still possible and, with `--explain`, the scores.
pub fn run(args: &SuggestArgs, out: impl Write) -> Result<()> {
    let game = args.game.game().map_err(anyhow::Error::msg)?;
    let style = args.output.style(game).map_err(anyhow::Error::msg)?;
    let suggestion = suggest(args, game, &style)?;
    if args.output.json {
        write_json(&suggestion, out)
    } else {
        write_text(&suggestion, &style, out)
    }
}

/// What `suggest` answers: the guess, who chose it, and what is still possible.
struct Suggestion {
    game: Game,
    player: String,
    seed: u64,
    /// Whether the player draws at random, so that its guess depends on `seed`.
    random: bool,
    guess: Code,
    /// Codes still possible, when few enough to count.
    possible: Option<usize>,
    /// The codes still possible, when no more than [`LIST_AT_MOST`].
    listed: Option<Vec<String>>,
    explained: Option<Explained>,
}

/// The candidates `--explain` shows, and how they were ranked.
struct Explained {
    heuristic: Heuristic,
    rows: Vec<Scored>,
    note: Option<String>,
    /// Candidates scored in all.
    scored: usize,
}

/// Replays the turns of `args` to the player it names and asks for the next guess.
fn suggest(args: &SuggestArgs, game: Game, style: &ColourStyle) -> Result<Suggestion> {
    let history = history_from(game, &args.turns)?;
    let possible = Possible::after_history(&history);
    let mut choice = crate::players::Choice::from_args(&args.player, game)?;
    if let Some(first) = history.turns().first() {
        choice = choice.with_first_guess_if_unset(game, first.guess)?;
    }
    let one_ply = choice.one_ply_config().cloned();
    if args.explain && one_ply.as_ref().is_some_and(|c| c.prior == Prior::Pooled) {
        bail!(
            "--explain shows each candidate's own partition; this player's pooled prior weighs \
             every candidate by all the others' partitions, so the ranking shown would not be its \
             own (leave out --explain, or prior: Pooled)"
        );
    }
    let player = choice.name().to_string();
    let seed = args.seed.seed.resolve();
    let random = choice.is_random();
    // A tree answers only the games it plays itself; a one-ply rule answers any history.
    let hint = if matches!(choice, Choice::Tree { .. }) {
        " (a strategy tree answers only games that follow it; --player knuth answers any game)"
    } else {
        ""
    };
    let mut breaker = Codebreaker::new(choice, game, seed);
    let guess = breaker.replay(&history).map_err(|e| anyhow!("player {player}: {e}{hint}"))?;
    let codes = possible.codes().unwrap_or(&[]);
    let listed: Option<Vec<String>> = (possible.count().is_some() && codes.len() <= LIST_AT_MOST)
        .then(|| codes.iter().map(|c| style.code(c)).collect());
    let explained = args.explain.then(|| {
        let heuristic = one_ply.as_ref().map_or(Heuristic::Entropy, |c| c.heuristic);
        let pool = one_ply.as_ref().map_or(Pool::Consistent, |c| c.pool);
        let (scored, note) = score_candidates(game, !history.is_empty(), codes, pool, heuristic);
        Explained { heuristic, rows: shown(&scored, args.top, guess), note, scored: scored.len() }
    });
    Ok(Suggestion {
        game,
        player,
        seed,
        random,
        guess,
        possible: possible.count(),
        listed,
        explained,
    })
}

/// Writes `suggestion` as one line of JSON.
fn write_json(suggestion: &Suggestion, mut out: impl Write) -> Result<()> {
    let mut value = json!({
        "game": suggestion.game.to_string(), "player": suggestion.player,
        "seed": suggestion.seed, "guess": suggestion.guess.to_string(),
        "possible": suggestion.possible, "codes": suggestion.listed,
    });
    if let Some(explained) = &suggestion.explained {
        value["ranked_by"] = json!(format!("{:?}", explained.heuristic));
        value["candidates_scored"] = json!(explained.scored);
        value["note"] = json!(explained.note);
        value["candidates"] = explained
            .rows
            .iter()
            .map(|s| {
                json!({
                    "code": s.code.to_string(), "possible": s.possible,
                    "parts": s.stats.parts, "largest": s.stats.largest,
                    "expected_size": s.stats.expected_size(), "entropy": s.stats.entropy(),
                })
            })
            .collect();
    }
    writeln!(out, "{value}")?;
    Ok(())
}

/// Writes `suggestion` for a person: the guess, what is possible, and the explained candidates.
fn write_text(suggestion: &Suggestion, style: &ColourStyle, mut out: impl Write) -> Result<()> {
    let Suggestion { player, seed, random, guess, .. } = suggestion;
    // A random player's suggestion depends on the seed: say which, so it can be repeated.
    let seed_note = if *random { format!(", seed {seed}") } else { String::new() };
    writeln!(out, "next guess: {}   ({player}{seed_note})", style.code(guess))?;
    match (suggestion.possible, &suggestion.listed) {
        (Some(1), _) => writeln!(out, "possible:   1 code, so this is the secret")?,
        (Some(n), Some(list)) => writeln!(out, "possible:   {n} codes: {}", list.join(", "))?,
        (Some(n), None) => writeln!(out, "possible:   {n} codes")?,
        (None, _) => writeln!(out, "possible:   (too many codes to count)")?,
    }
    if let Some(explained) = &suggestion.explained {
        write_explained(explained, *guess, style, out)?;
    }
    Ok(())
}

/// Writes the table of `--explain`: the candidates, best first, `guess` marked.
fn write_explained(
    explained: &Explained,
    guess: Code,
    style: &ColourStyle,
    mut out: impl Write,
) -> Result<()> {
    let Explained { heuristic, rows, note, scored } = explained;
    writeln!(out)?;
    writeln!(
        out,
        "{scored} candidates scored against the possible codes, best first by {heuristic:?}:"
    )?;
    if let Some(note) = note {
        writeln!(out, "({note})")?;
    }
    let width = rows.iter().map(|s| style.code(&s.code).len()).max().unwrap_or(4).max(5);
    writeln!(out, "  {:<width$}  possible  parts  largest  expected  entropy", "guess")?;
    for s in rows {
        let mark = if s.code == guess { ">" } else { " " };
        writeln!(
            out,
            "{mark} {:<width$}  {:<8}  {:>5}  {:>7}  {:>8.3}  {:>7.4}",
            style.code(&s.code),
            if s.possible { "yes" } else { "no" },
            s.stats.parts,
            s.stats.largest,
            s.stats.expected_size(),
            s.stats.entropy()
        )?;
    }
    Ok(())
}

/// The first `top` candidates, and the chosen guess after them when it is not among them.
fn shown(scored: &[Scored], top: usize, guess: Code) -> Vec<Scored> {
    let mut rows: Vec<Scored> = scored.iter().take(top).copied().collect();
    if !rows.iter().any(|s| s.code == guess) {
        rows.extend(scored.iter().find(|s| s.code == guess).copied());
    }
    rows
}
