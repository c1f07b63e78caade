//! The one-shot commands: `suggest`, `score` and `codes`.

use crate::common::{code, run, run_ok};
use mastermind_core::{Code, CodeSet, Feedback, Game, History, score};
use mastermind_players::families::tree::Preset;
use serde_json::Value;

/// The codes of `game` consistent with `turns`.
fn consistent(game: Game, turns: &[(&str, Feedback)]) -> Vec<Code> {
    CodeSet::enumerate(game)
        .unwrap()
        .iter()
        .copied()
        .filter(|c| turns.iter().all(|(g, r)| score(c, &code(game, g)) == *r))
        .collect()
}

fn json_of(text: &str) -> Value {
    serde_json::from_str(text.trim()).unwrap_or_else(|e| panic!("{e}: {text}"))
}

#[test]
fn suggest_at_4x6_gives_knuths_next_guess_and_the_possible_codes() {
    let game = Game::CLASSIC;
    let out = run_ok(&["suggest", "--json", "AABB 1 0", "CCDE 0 2"]);
    let answer = json_of(&out);
    let turns = [("AABB", Feedback::new(1, 0)), ("CCDE", Feedback::new(0, 2))];
    assert_eq!(answer["possible"], consistent(game, &turns).len());
    let mut history = History::new(game);
    for (g, r) in turns {
        history.push(code(game, g), r);
    }
    let knuth = Preset::from_name("knuth").unwrap().config(game);
    let expected =
        mastermind_players::families::tree::choose_guess(game, &knuth, &history).unwrap();
    assert_eq!(answer["guess"], expected.to_string());
    // Replies in any accepted form give the same answer.
    assert_eq!(json_of(&run_ok(&["suggest", "--json", "AABB 10", "C C D E WW"])), answer);
}

#[test]
fn suggest_explains_with_the_candidates_scores() {
    let out = run_ok(&[
        "suggest",
        "--player",
        "most-parts-consistent",
        "--explain",
        "--top",
        "3",
        "AABB 0 1",
    ]);
    assert!(out.contains("best first by MostParts"), "{out}");
    assert!(out.contains("guess  possible  parts  largest  expected  entropy"), "{out}");
    let marked: Vec<&str> = out.lines().filter(|l| l.starts_with('>')).collect();
    assert_eq!(marked.len(), 1, "the chosen guess is marked once: {out}");
    let chosen = out.lines().next().unwrap().split_whitespace().nth(2).unwrap();
    assert!(marked[0].contains(chosen), "{out}");
}

#[test]
fn the_pooled_prior_plays_through_its_crate_and_refuses_a_ranking_it_does_not_use() {
    // Brute force over the 276 codes left after AABC 0 1: under the pooled prior (Merelo et al.)
    // the first best candidate in code order is BDEF; under Irving's own parts, BDDE.
    let config = |prior: &str| {
        format!(
            "OnePly((heuristic: ExpectedSize, ties: First, first_guess: Some(\"AABC\"){prior}))"
        )
    };
    let pooled = config(", prior: Pooled");
    let guess = |config: &str| {
        json_of(&run_ok(&["suggest", "--json", "--config", config, "AABC 0 1"]))["guess"].clone()
    };
    assert_eq!(guess(&pooled), "BDEF");
    assert_eq!(guess(&config("")), "BDDE");
    let refused = run(&["suggest", "--explain", "--config", &pooled, "AABC 0 1"], "");
    assert!(!refused.success);
    assert!(refused.stderr.contains("pooled prior"), "{}", refused.stderr);
}

#[test]
fn suggest_at_5x8_in_a_live_game() {
    let game = Game::new(5, 8).unwrap();
    let turns = [("AABBC", Feedback::new(1, 1)), ("CDDEF", Feedback::new(0, 2))];
    let answer =
        json_of(&run_ok(&["suggest", "--json", "--game", "5x8", "AABBC 1 1", "CDDEF 0 2"]));
    let possible = consistent(game, &turns);
    assert_eq!(answer["possible"], possible.len());
    let guess = code(game, answer["guess"].as_str().unwrap());
    assert_eq!(guess.len(), 5);
    // A random player is fed the same history and proposes a code consistent with it.
    let answer = json_of(&run_ok(&[
        "suggest",
        "--json",
        "--game",
        "5x8",
        "--player",
        "mh",
        "AABBC 1 1",
        "CDDEF 0 2",
    ]));
    let guess = code(game, answer["guess"].as_str().unwrap());
    assert!(possible.contains(&guess), "{guess}");
}

#[test]
fn suggest_refuses_contradictory_replies() {
    let ran = run(&["suggest", "AABB 0 0", "CCDD 0 0", "EEFF 0 0"], "");
    assert!(!ran.success);
    assert!(ran.stderr.contains("no code of 4x6 gives all these replies"), "{}", ran.stderr);
    let ran = run(&["suggest", "AABG 1 0"], "");
    assert!(ran.stderr.contains("'G' is not one of the 6 colours"), "{}", ran.stderr);
}

#[test]
fn score_in_every_notation() {
    assert_eq!(run_ok(&["score", "ABCD", "ABDC"]).trim(), "2 black, 2 white");
    assert_eq!(run_ok(&["score", "1123", "3211"]).trim(), "4 white");
    assert_eq!(
        run_ok(&["score", "red blue red blue", "blue blue red green"]).trim(),
        "2 black, 1 white"
    );
    assert_eq!(run_ok(&["score", "AAAAA", "BBBBB"]).trim(), "none");
    assert_eq!(
        json_of(&run_ok(&["score", "--json", "CAFE", "FACE"])),
        serde_json::json!({"black": 2, "white": 2})
    );
    let ran = run(&["score", "ABCD", "ABC"], "");
    assert!(!ran.success);
    assert!(ran.stderr.contains("that is 3 colours; a code of this game has 4"), "{}", ran.stderr);
    let ran = run(&["score", "--game", "4x6", "ABCG", "ABCD"], "");
    assert!(ran.stderr.contains("'G' is not one of the 6 colours"), "{}", ran.stderr);
}

#[test]
fn codes_lists_exactly_the_consistent_codes() {
    let game = Game::CLASSIC;
    let out = run_ok(&["codes", "AABB 1 0", "CCDE 0 2"]);
    let listed: Vec<&str> = out.lines().collect();
    let expected: Vec<String> =
        consistent(game, &[("AABB", Feedback::new(1, 0)), ("CCDE", Feedback::new(0, 2))])
            .iter()
            .map(ToString::to_string)
            .collect();
    assert_eq!(listed, expected);
    assert_eq!(run_ok(&["codes", "--count", "AABB 0 0"]).trim(), "256");
    let digits = run_ok(&["codes", "--colours", "digits", "AABB 0 0", "CCDD 0 0"]);
    assert_eq!(digits.lines().next(), Some("5555"));
    let answer = json_of(&run_ok(&["codes", "--json", "--game", "3x3", "ABC 3 0"]));
    assert_eq!(answer, serde_json::json!({"count": 1, "codes": ["ABC"]}));
}

#[test]
fn random_players_repeat_with_their_seed() {
    let args = |seed: &'static str| {
        ["suggest", "--json", "--player", "eda", "--seed", seed, "AABB 1 0", "CCDE 0 2"]
    };
    let first = json_of(&run_ok(&args("5")));
    assert_eq!(json_of(&run_ok(&args("5"))), first);
    assert_eq!(first["seed"], 5);
    let guesses: std::collections::BTreeSet<String> = (1..=8)
        .map(|seed| {
            let seed = seed.to_string();
            let out =
                run_ok(&["suggest", "--json", "--player", "random", "--seed", &seed, "AABB 1 0"]);
            json_of(&out)["guess"].as_str().unwrap().to_string()
        })
        .collect();
    assert!(guesses.len() > 1, "eight seeds, one guess: {guesses:?}");
}

#[test]
fn the_optimal_tree_answers_games_that_follow_it_and_says_when_one_does_not() {
    let answer = json_of(&run_ok(&["suggest", "--json", "--player", "optimal"]));
    let first = answer["guess"].as_str().unwrap().to_string();
    let following = format!("{first} 0 0");
    let answer = json_of(&run_ok(&["suggest", "--json", "--player", "optimal", &following]));
    let saved = include_str!("../../trees/optimal-4x6.json");
    let tree = mastermind_players::families::tree::export::from_json(saved).unwrap();
    let history = [(code(Game::CLASSIC, &first), Feedback::new(0, 0))];
    assert_eq!(answer["guess"], tree.guess_after(&history).unwrap().to_string());
    let other = if first == "ABCD" { "ABCE 0 0" } else { "ABCD 0 0" };
    let ran = run(&["suggest", "--player", "optimal", other], "");
    assert!(!ran.success);
    assert!(ran.stderr.contains("--player knuth answers any game"), "{}", ran.stderr);
}
