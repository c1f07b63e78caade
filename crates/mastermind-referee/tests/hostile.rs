//! Programs that misbehave in every way the referee knows, written as small shell scripts: each
//! game that meets one ends with its error, the program is killed, and the next game starts a
//! fresh process; a well-behaved program plays every secret and keeps one process.

use mastermind_core::{
    Code, CodeSet, Game, GameEnd, GameOutcome, TruthfulCodemaker, play_game, rng_for,
};
use mastermind_referee::{ProgramConfig, ProgramStrategy, reaper};
use std::time::{Duration, Instant};

/// A well-behaved player of 2x3: the codes in order, one a turn, whatever the replies.
const IN_ORDER: &str = r#"
read hello
echo "ready name in-order"
while read kind id rest; do
  case $kind in
    game) set -- AA AB AC BA BB BC CA CB CC; echo "guess $id $1";;
    reply) shift; echo "guess $id $1";;
  esac
done
"#;

/// The in-order player with `on_reply` run instead of its answer to every reply.
fn misbehaving_on_reply(on_reply: &str) -> String {
    IN_ORDER.replace(r#"reply) shift; echo "guess $id $1";;"#, &format!("reply) {on_reply};;"))
}

fn config(script: &str) -> ProgramConfig {
    ProgramConfig {
        move_seconds: 0.5,
        game_seconds: 5.0,
        start_seconds: 5.0,
        output_bytes: 4096,
        ..ProgramConfig::new(["sh", "-c", script])
    }
}

fn game() -> Game {
    Game::new(2, 3).unwrap()
}

/// Plays every secret of 2x3 (from the second, which the first guess does not find) with
/// `strategy`.
fn play_all(strategy: &ProgramStrategy) -> Vec<GameOutcome> {
    let secrets = CodeSet::enumerate(game()).unwrap().to_vec();
    secrets[1..]
        .iter()
        .enumerate()
        .map(|(i, &secret)| {
            let mut player = mastermind_core::Strategy::new_player(strategy);
            let mut rng = rng_for(1, &[i as u64]);
            play_game(game(), player.as_mut(), &mut TruthfulCodemaker::new(secret), 12, &mut rng)
        })
        .collect()
}

fn errors(outcomes: &[GameOutcome]) -> Vec<String> {
    outcomes
        .iter()
        .map(|o| match &o.end {
            GameEnd::GaveUp(reason) => reason.clone(),
            other => panic!("a game ended {other:?}, not with an error"),
        })
        .collect()
}

fn check_every_game_fails_with(script: &str, expected: &str) {
    let strategy = ProgramStrategy::new(config(script), game(), 12).unwrap();
    for error in errors(&play_all(&strategy)) {
        assert!(error.starts_with(expected), "expected {expected:?}, got {error:?}");
    }
}

#[test]
fn a_well_behaved_program_solves_every_secret_in_one_process() {
    let strategy = ProgramStrategy::new(config(IN_ORDER), game(), 12).unwrap();
    let outcomes = play_all(&strategy);
    for (rank, outcome) in outcomes.iter().enumerate() {
        assert!(outcome.solved(), "{outcome:?}");
        assert_eq!(outcome.guesses as usize, rank + 2, "the codes in order");
    }
    assert_eq!(strategy.program_name().as_deref(), Some("in-order"));
    // One process played them all, and is kept for the next game.
    let live = reaper::running();
    assert!(live >= 1, "{live}");
    drop(strategy);
}

#[test]
fn bad_codes_garbage_and_wrong_game_ids_are_errors_of_their_game() {
    check_every_game_fails_with(
        &misbehaving_on_reply(r#"echo "guess $id ZZ""#),
        "invalid code: \"ZZ\"",
    );
    check_every_game_fails_with(&misbehaving_on_reply(r#"echo "guess $id AAA""#), "invalid code");
    check_every_game_fails_with(
        &misbehaving_on_reply("echo 'I think AB'"),
        "garbage: \"I think AB\"",
    );
    check_every_game_fails_with(&misbehaving_on_reply("echo ready"), "unexpected message");
    check_every_game_fails_with(
        &misbehaving_on_reply(r#"echo "guess $((id + 1)) AB""#),
        "wrong game: a guess for game",
    );
}

#[test]
fn a_crash_a_hang_and_a_flood_are_errors_of_their_game() {
    check_every_game_fails_with(
        &misbehaving_on_reply("echo 'out of memory' >&2; exit 3"),
        "the program ended mid-game (exit status: 3); its standard error ended with: out of memory",
    );
    let start = Instant::now();
    check_every_game_fails_with(&misbehaving_on_reply("sleep 60"), "move time limit");
    // Eight games, each cut at half a second.
    assert!(start.elapsed() < Duration::from_secs(20), "{:?}", start.elapsed());
    let slow = ProgramConfig {
        move_seconds: 1.0,
        game_seconds: 0.5,
        ..config(&misbehaving_on_reply("sleep 0.3; shift; echo \"guess $id $1\""))
    };
    let strategy = ProgramStrategy::new(slow, game(), 12).unwrap();
    let outcomes = play_all(&strategy);
    assert!(
        errors(&outcomes[3..]).iter().all(|e| e.starts_with("game time limit")),
        "{outcomes:?}"
    );
    // One endless line, and lines that add up to more than the limit in one game.
    check_every_game_fails_with(&misbehaving_on_reply("yes | tr -d '\\n'"), "output limit");
    let padded = r#"shift; echo "guess $id $1 padding $(head -c 2500 /dev/zero | tr '\0' x)""#;
    let strategy = ProgramStrategy::new(config(&misbehaving_on_reply(padded)), game(), 12).unwrap();
    let outcomes = play_all(&strategy);
    assert!(outcomes[0].solved(), "AB is the second guess, within the limit");
    let expected = "output limit: the program wrote more than 4096 bytes in one game";
    assert!(errors(&outcomes[1..]).iter().all(|e| e == expected), "{outcomes:?}");
}

#[test]
fn a_program_that_never_starts_fails_every_game_at_once() {
    check_every_game_fails_with_start(
        "no-such-program-anywhere",
        "the program never started: `no-such-program-anywhere` cannot be run",
    );
    let exits = ["sh", "-c", "echo 'cannot load library' >&2; exit 2"];
    check_every_game_fails_with_start_config(ProgramConfig::new(exits), "cannot load library");
    let silent = ProgramConfig { start_seconds: 0.3, ..ProgramConfig::new(["sleep", "60"]) };
    check_every_game_fails_with_start_config(silent, "start time limit");
    let old = ProgramConfig::new(["sh", "-c", "read hello; echo ready version 0; cat"]);
    check_every_game_fails_with_start_config(old, "speaks protocol version 0");
}

fn check_every_game_fails_with_start(program: &str, expected: &str) {
    check_every_game_fails_with_start_config(ProgramConfig::new([program]), expected);
}

fn check_every_game_fails_with_start_config(config: ProgramConfig, expected: &str) {
    let strategy = ProgramStrategy::new(config, game(), 12).unwrap();
    let start = Instant::now();
    let errors = errors(&play_all(&strategy));
    assert_eq!(errors.len(), 8);
    for error in &errors {
        assert!(error.contains(expected), "expected {expected:?}, got {error:?}");
        assert_eq!(error, &errors[0], "every game carries the first error");
    }
    assert!(start.elapsed() < Duration::from_secs(5), "tried once, not once a game");
    assert!(strategy.warm_up().is_err());
}

#[test]
fn a_program_asking_for_a_process_per_game_gets_one() {
    // Each process counts its games; with a fresh process each game, every game is its first.
    let script = r#"
read hello
echo "ready process per-game"
n=0
while read kind id rest; do
  case $kind in
    game) n=$((n + 1)); if [ $n -gt 1 ]; then echo "game $n in one process" >&2; exit 1; fi
          set -- AA AB AC BA BB BC CA CB CC; echo "guess $id $1";;
    reply) shift; echo "guess $id $1";;
  esac
done
"#;
    let strategy = ProgramStrategy::new(config(script), game(), 12).unwrap();
    assert!(play_all(&strategy).iter().all(GameOutcome::solved));
}

#[test]
fn the_seed_and_the_game_reach_the_program() {
    // The program plays the code whose letters come from the last two digits of its seed.
    let script = r#"
read hello
case "$hello" in *"pegs 2 colours 3 repeats yes max-guesses 12"*) ;; *) exit 9;; esac
echo ready
while read kind id word seed; do
  case $kind in
    game) s=$(( 1$(printf %s "$seed" | tail -c 2) - 100 )); a=$(( s % 3 )); b=$(( (s / 3) % 3 ))
          echo "guess $id $(echo ABC | cut -c$((a + 1)))$(echo ABC | cut -c$((b + 1)))";;
    reply) echo "guess $id AA";;
  esac
done
"#;
    let strategy = ProgramStrategy::new(config(script), game(), 12).unwrap();
    let secret = Code::parse(game(), "CB").unwrap();
    let seeded = |i: u64| {
        let mut player = mastermind_core::Strategy::new_player(&strategy);
        let mut rng = rng_for(5, &[i]);
        let out =
            play_game(game(), player.as_mut(), &mut TruthfulCodemaker::new(secret), 2, &mut rng);
        assert!(!matches!(out.end, GameEnd::GaveUp(_)), "{:?}", out.end);
        out.history.turns()[0].guess
    };
    let first: Vec<Code> = (0..6).map(seeded).collect();
    let again: Vec<Code> = (0..6).map(seeded).collect();
    assert_eq!(first, again, "the same stream gives the same seed");
    assert!(first.iter().any(|c| *c != first[0]), "different games get different seeds");
}
