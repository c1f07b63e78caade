//! `solve`: the machine guesses a secret the test holds; the test replies as a person would.

use crate::common::{Session, code, code_of, run, run_ok, typed};
use mastermind_core::{Code, CodeSet, Feedback, Game, score};

/// Every name listed under "Players (--player):" in `solve --help`.
fn offered_players() -> Vec<String> {
    let help = run_ok(&["solve", "--help"]);
    let list = help.split("Players (--player):").nth(1).expect("the help lists the players");
    list.lines()
        .take_while(|line| !line.trim().is_empty() || line.is_empty())
        .filter_map(|line| line.strip_prefix("  "))
        .filter_map(|line| line.split_whitespace().next().map(str::to_string))
        .collect()
}

/// Plays one `solve` game with truthful replies; returns the guesses made.
fn solve_with_replies(game: Game, player: &str, secret: Code) -> Vec<Code> {
    let g = game.to_string();
    let mut session = Session::start(&["solve", "--json", "--game", &g, "--player", player]);
    let start = session.expect("start");
    assert_eq!(start["player"], player);
    let mut guesses = Vec::new();
    let mut consistent = CodeSet::enumerate(game).unwrap().to_vec();
    loop {
        let event = session.expect("guess");
        let guess = code_of(game, &event["guess"]);
        // The count shown is the number of codes consistent with the replies so far.
        assert_eq!(event["possible"], consistent.len(), "{}", session.transcript.join("\n"));
        guesses.push(guess);
        let reply = score(&secret, &guess);
        session.send(&typed(reply));
        if reply == Feedback::all_black(game.pegs()) {
            let solved = session.expect("solved");
            assert_eq!(solved["guesses"], guesses.len());
            assert_eq!(solved["secret"], secret.to_string());
            break;
        }
        consistent.retain(|c| score(c, &guess) == reply);
        assert!(guesses.len() < 30, "{player} did not finish: {guesses:?}");
    }
    session.finish();
    guesses
}

#[test]
fn every_offered_player_solves_a_secret_from_typed_replies() {
    let game = Game::CLASSIC;
    let players = offered_players();
    assert!(players.len() >= 19, "{players:?}");
    for name in ["knuth", "optimal", "entropy", "most-parts", "mh", "evo", "eda", "hill-climber"] {
        assert!(players.iter().any(|p| p == name), "{name} is not offered: {players:?}");
    }
    let secrets = ["ABCD", "FEDC", "AAAA", "BBAF", "CAFE", "DDEB", "EFAB", "FFFA"];
    for (i, player) in players.iter().enumerate() {
        // Asserts the possible-code count after every reply and the win it reports.
        solve_with_replies(game, player, code(game, secrets[i % secrets.len()]));
    }
}

#[test]
fn the_optimal_player_needs_at_most_six_guesses() {
    // Sixteen secrets spread over the code set (a unit test checks the saved tree whole).
    let game = Game::CLASSIC;
    let all = CodeSet::enumerate(game).unwrap();
    for rank in (0..1296).step_by(81) {
        let guesses = solve_with_replies(game, "optimal", all[rank]);
        assert!(guesses.len() <= 6, "{}: {guesses:?}", all[rank]);
    }
}

#[test]
fn spec_configurations_and_first_guesses_reach_the_players() {
    let game = Game::CLASSIC;
    let secret = code(game, "DCBA");
    let mut session = Session::start(&[
        "solve",
        "--json",
        "--config",
        "OnePly((heuristic: Entropy, ties: First))",
        "--first-guess",
        "1 2 3 3",
    ]);
    assert_eq!(session.expect("start")["player"], "OnePly");
    let first = session.expect("guess");
    assert_eq!(first["guess"], "ABCC");
    session.send(&typed(score(&secret, &code(game, "ABCC"))));
    session.expect("guess");
    session.send("quit");
    session.finish();
    let bad = run(&["solve", "--config", "MetropolisHastings((theta: -1.0))"], "");
    assert!(!bad.success);
    assert!(bad.stderr.contains("theta"), "{}", bad.stderr);
    let unknown = run(&["solve", "--player", "oracle"], "");
    assert!(!unknown.success);
    // clap refuses the name and lists every player.
    let said = &unknown.stderr;
    assert!(said.contains("invalid value 'oracle'") && said.contains("hill-climber"), "{said}");
    // A player named twice, by name and by configuration, is refused.
    let both = run(&["solve", "--player", "mh", "--config", "MetropolisHastings(())"], "");
    assert!(!both.success && both.stderr.contains("cannot be used with"), "{}", both.stderr);
}

/// The person lies at the first reply (AAAA answers AABB with none). Knuth then plays codes
/// without A and B, each truthfully answered with none, until no code is left: the reply is
/// refused and explained, and undo goes back, one reply at a time, to the first guess.
#[test]
fn an_impossible_reply_is_explained_and_undo_goes_back_to_the_wrong_reply() {
    let game = Game::CLASSIC;
    let secret = code(game, "AAAA");
    let mut session = Session::start(&["solve", "--json", "--player", "knuth"]);
    session.expect("start");
    let first = code_of(game, &session.expect("guess")["guess"]);
    assert_eq!(first.to_string(), "AABB");
    session.send("0 0");
    let mut history = vec![(first, Feedback::new(0, 0))];
    let impossible = loop {
        let guess = code_of(game, &session.expect("guess")["guess"]);
        let reply = score(&secret, &guess);
        session.send(&typed(reply));
        let consistent_left = CodeSet::enumerate(game)
            .unwrap()
            .iter()
            .filter(|c| {
                history.iter().chain([(guess, reply)].iter()).all(|(g, r)| score(c, g) == *r)
            })
            .count();
        if consistent_left == 0 {
            break session.expect("impossible");
        }
        history.push((guess, reply));
    };
    assert_eq!(impossible["black"], 0);
    // Undo every reply back to the lie; each undo asks again for the reply to the guess before.
    for (guess, _) in history.iter().rev() {
        session.send("undo");
        session.expect("undone");
        assert_eq!(session.expect("guess")["guess"], guess.to_string());
    }
    session.send("undo");
    assert_eq!(session.expect("error")["message"], "nothing to undo");
    // Truthful from here on: the game is solved.
    session.send(&typed(score(&secret, &first)));
    loop {
        let event = session.event();
        if event["event"] == "solved" {
            assert_eq!(event["secret"], "AAAA");
            break;
        }
        assert_eq!(event["event"], "guess", "{}", session.transcript.join("\n"));
        let guess = code_of(game, &event["guess"]);
        session.send(&typed(score(&secret, &guess)));
    }
    session.finish();
}

#[test]
fn text_mode_explains_a_malformed_reply_and_accepts_every_form() {
    // Knuth opens AABB at 4x6; the secret is AABB itself.
    let ran = run(&["solve"], "3 1\nbanana\nBBBB\n");
    assert!(ran.success, "{}", ran.stderr);
    assert!(ran.stdout.contains("Guess 1: AABB  (1296 codes possible)"), "{}", ran.stdout);
    assert!(ran.stdout.contains("3 black and 1 white never happens"), "{}", ran.stdout);
    assert!(ran.stdout.contains("'banana' is not a reply"), "{}", ran.stdout);
    assert!(ran.stdout.contains("  1  AABB   4B 0W"), "{}", ran.stdout);
    assert!(ran.stdout.contains("Solved in 1 guess."), "{}", ran.stdout);
    assert!(!ran.stdout.contains('\x1b'), "no colours in a pipe");
}
