//! `mastermind referee` and `mastermind program`: the lab's own players, run as programs of the
//! referee protocol, give exactly their in-process totals; a failing program fails its games
//! and the command; Ctrl-C leaves no program behind.

use crate::common::{mastermind, run};
use serde_json::Value;
use std::process::Stdio;
use std::time::{Duration, Instant};

const BINARY: &str = env!("CARGO_BIN_EXE_mastermind");

/// The JSON summary of `mastermind referee ARGS -- mastermind program PROGRAM...`.
fn refereed(args: &[&str], program: &[&str]) -> Value {
    let mut all: Vec<&str> = vec!["referee", "--json"];
    all.extend(args);
    all.extend(["--", BINARY, "program"]);
    all.extend(program);
    let ran = run(&all, "");
    assert!(ran.success, "{all:?}: {}", ran.stderr);
    serde_json::from_str(&ran.stdout).unwrap()
}

/// The total of the tree `mastermind tree` builds in process.
fn tree_total(game: &str, player: &str) -> u64 {
    let ran = run(&["tree", "--game", game, "--player", player, "--json"], "");
    assert!(ran.success, "{}", ran.stderr);
    let summary: Value = serde_json::from_str(&ran.stdout).unwrap();
    summary["total"].as_u64().unwrap()
}

#[test]
fn knuth_and_the_optimum_through_the_pipe_give_their_totals_over_every_secret() {
    for (player, total) in [("knuth", 5801), ("optimal", 5625)] {
        let summary = refereed(&[], &["--player", player]);
        assert_eq!(summary["games"], 1296);
        assert_eq!(summary["failed"], 0);
        assert_eq!(summary["total"], total, "{player} at 4x6: {summary}");
        assert_eq!(summary["player"], format!("mastermind-{player}"));
    }
    // Knuth's in-process total at 5x5 is the tree's; the optimum's is 13 496 (the exact search
    // takes about 20 s in a test build, so it is searched once, by the program, on one thread).
    let knuth = refereed(&["--game", "5x5", "--threads", "2"], &["--player", "knuth"]);
    assert_eq!(knuth["games"], 3125);
    assert_eq!(knuth["total"].as_u64(), Some(tree_total("5x5", "knuth")), "knuth at 5x5");
    let optimal = refereed(&["--game", "5x5", "--start-seconds", "600"], &["--player", "optimal"]);
    assert_eq!(optimal["total"], 13496, "the optimum at 5x5");
}

#[test]
fn a_random_player_honours_the_seed_whatever_the_threads() {
    let args = |threads: &'static str| {
        ["--game", "3x4", "--sample", "60", "--seed", "9", "--threads", threads]
    };
    let one = refereed(&args("1"), &["--player", "mh"]);
    let two = refereed(&args("2"), &["--player", "mh"]);
    assert_eq!(one["total"], two["total"]);
    assert_eq!(one["games"], 60);
    let other = refereed(&["--game", "3x4", "--sample", "60", "--seed", "10"], &["--player", "mh"]);
    assert_ne!(one["total"], other["total"], "another seed, other secrets and games");
}

#[test]
fn a_program_that_fails_fails_the_command_after_the_summary() {
    let ran = run(&["referee", "--game", "2x2", "--", "sh", "-c", "exit 4"], "");
    assert!(!ran.success);
    assert!(ran.stdout.contains("failed               4"), "{}", ran.stdout);
    assert!(ran.stdout.contains("the program never started"), "{}", ran.stdout);
    assert!(ran.stderr.contains("failed 4 of 4 games"), "{}", ran.stderr);
}

#[test]
fn ctrl_c_kills_a_program_that_ignores_it() {
    let dir =
        std::env::temp_dir().join(format!("mastermind-referee-ctrl-c-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pid_file = dir.join("pid");
    // The program ignores SIGINT, never reads its input again and never answers a game.
    let script = format!(
        "echo $$ > {}; read hello; echo ready; trap '' INT; exec sleep 1000",
        pid_file.display()
    );
    let mut referee = mastermind()
        .args(["referee", "--game", "2x2", "--move-seconds", "600", "--", "sh", "-c", &script])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let pid = loop {
        if let Ok(text) = std::fs::read_to_string(&pid_file) {
            if let Ok(pid) = text.trim().parse::<u32>() {
                break pid;
            }
        }
        assert!(start.elapsed() < Duration::from_secs(20), "the program never started");
        std::thread::sleep(Duration::from_millis(20));
    };
    // Let it reach the first game, where it hangs.
    std::thread::sleep(Duration::from_millis(300));
    assert!(alive(pid), "the program runs");
    let kill =
        std::process::Command::new("kill").args(["-INT", &referee.id().to_string()]).status();
    assert!(kill.unwrap().success());
    let status = referee.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{status}");
    assert!(!alive(pid), "the program was killed with the referee");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Whether process `pid` exists and has not exited (a zombie has).
fn alive(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        // The state follows the command's closing parenthesis.
        Ok(stat) => stat.rsplit(')').next().is_some_and(|rest| !rest.trim_start().starts_with('Z')),
        Err(_) => false,
    }
}
