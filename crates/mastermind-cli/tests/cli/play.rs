//! `play`: the test guesses the machine's secret.

use crate::common::{Session, code, code_of, run};
use mastermind_core::{CodeSet, Feedback, Game, score};

/// The secret of a seed, as revealed when the player stops at once.
fn secret_of_seed(seed: &str) -> String {
    let ran = run(&["play", "--seed", seed], "quit\n");
    assert!(ran.success, "{}", ran.stderr);
    let after = ran.stdout.split("the secret was ").nth(1).expect("the secret is revealed");
    after[..4].to_string()
}

#[test]
fn a_game_to_the_win_survives_a_malformed_guess() {
    let secret = secret_of_seed("7");
    assert_eq!(secret_of_seed("7"), secret, "the same seed keeps the same secret");
    let input = format!("AABB\nABCG\nA B\n{}\n", secret.to_lowercase());
    let ran = run(&["play", "--seed", "7"], &input);
    assert!(ran.success, "{}", ran.stderr);
    let out = &ran.stdout;
    let game = Game::CLASSIC;
    let first = score(&code(game, &secret), &code(game, "AABB"));
    assert!(out.contains(&format!("  1  AABB   {}B {}W", first.black, first.white)), "{out}");
    assert!(
        out.contains("'G' is not one of the 6 colours of this game (A-F or 1-6). The game goes on"),
        "{out}"
    );
    assert!(out.contains("that is 2 colours; a code of this game has 4"), "{out}");
    assert!(out.contains(&format!("  2  {secret}   4B 0W")), "{out}");
    assert!(out.contains("You found the secret in 2 guesses."), "{out}");
    assert!(out.contains("How the optimal strategy plays the same secret"), "{out}");
}

/// A test player that always guesses the first code consistent with the replies, in JSON mode,
/// with a malformed guess after the first reply.
#[test]
fn a_json_game_reports_every_turn_and_the_experts_game() {
    let game = Game::CLASSIC;
    let mut session = Session::start(&["play", "--json", "--seed", "11"]);
    let start = session.expect("start");
    assert_eq!(start["game"], "4x6");
    let mut consistent = CodeSet::enumerate(game).unwrap().to_vec();
    let mut turns = 0;
    loop {
        let guess = consistent[0];
        session.send(&guess.to_string());
        let turn = session.expect("turn");
        turns += 1;
        assert_eq!(turn["turn"], turns);
        let reply = Feedback::new(
            turn["black"].as_u64().unwrap() as u8,
            turn["white"].as_u64().unwrap() as u8,
        );
        if turns == 1 {
            session.send("ABCDE");
            let error = session.expect("error");
            assert!(error["message"].as_str().unwrap().contains("5 colours"), "{error}");
        }
        if reply == Feedback::all_black(4) {
            let won = session.expect("won");
            assert_eq!(won["guesses"], turns);
            assert_eq!(won["secret"], guess.to_string());
            let expert = session.expect("expert");
            let expert_turns = expert["turns"].as_array().unwrap();
            assert_eq!(code_of(game, &expert_turns.last().unwrap()["guess"]), guess);
            assert!(expert_turns.len() <= 6);
            break;
        }
        consistent.retain(|c| score(c, &guess) == reply);
    }
    session.finish();
}

#[test]
fn with_lies_the_false_replies_are_told_at_the_end() {
    let game = Game::CLASSIC;
    let secret = code(game, &secret_of_seed("3"));
    let guess = if secret.to_string() == "AAAA" { "BBBB" } else { "AAAA" };
    let truth = score(&secret, &code(game, guess));
    // Twelve wrong guesses: with p = 1 every reply is drawn at random.
    let input = format!("{guess}\n").repeat(12);
    let ran = run(&["play", "--json", "--seed", "3", "--lies", "1"], &input);
    assert!(ran.success, "{}", ran.stderr);
    let events: Vec<serde_json::Value> =
        ran.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let differing: Vec<u64> = events
        .iter()
        .filter(|e| e["event"] == "turn")
        .filter(|e| {
            (e["black"].as_u64(), e["white"].as_u64())
                != (Some(truth.black.into()), Some(truth.white.into()))
        })
        .map(|e| e["turn"].as_u64().unwrap())
        .collect();
    assert!(!differing.is_empty(), "twelve random replies, none false: {}", ran.stdout);
    let told = events.iter().find(|e| e["event"] == "false_replies").expect("the lies are told");
    assert_eq!(told["turns"], serde_json::json!(differing));
    assert_eq!(events.iter().find(|e| e["event"] == "lost").unwrap()["secret"], secret.to_string());
    let bad = run(&["play", "--lies", "1.5"], "");
    assert!(!bad.success);
    assert!(bad.stderr.contains("a probability in [0, 1]"), "{}", bad.stderr);
}
