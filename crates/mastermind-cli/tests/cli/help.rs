//! `--help` of every command, and the completion scripts.

use crate::common::run_ok;

#[test]
fn every_command_has_help() {
    let top = run_ok(&["--help"]);
    for command in ["play", "solve", "suggest", "score", "codes", "tree", "completions"] {
        assert!(top.contains(command), "{command} is not listed: {top}");
        let help = run_ok(&[command, "--help"]);
        assert!(help.contains(&format!("Usage: mastermind {command}")), "{help}");
    }
    let solve = run_ok(&["solve", "--help"]);
    for needle in
        ["--player", "--config", "--seed", "--colours", "--json", "knuth", "optimal", "mh"]
    {
        assert!(solve.contains(needle), "solve --help lacks {needle}: {solve}");
    }
    assert!(run_ok(&["play", "--help"]).contains("--lies"));
    assert!(run_ok(&["tree", "--help"]).contains("--check"));
}

#[test]
fn completion_scripts_for_every_shell() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let script = run_ok(&["completions", shell]);
        assert!(script.contains("mastermind"), "{shell}");
        assert!(script.contains("suggest"), "{shell}");
    }
}
