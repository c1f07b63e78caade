//! The runner's command line through the binary: unknown flags and options given to a command
//! they do not belong to are refused before anything runs, naming the flag, and every command's
//! `--help` lists its options.

use std::process::{Command, Output};

const LAB: &str = env!("CARGO_BIN_EXE_mastermind-lab");

/// Runs the binary outside any checkout: parsing must decide before the workspace is looked for.
fn lab(args: &[&str]) -> Output {
    Command::new(LAB).args(args).current_dir(std::env::temp_dir()).output().unwrap()
}

fn refused(args: &[&str]) -> String {
    let output = lab(args);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(1), "{args:?} was not refused: {stderr}");
    assert!(output.stdout.is_empty(), "{args:?}");
    stderr
}

fn help(args: &[&str]) -> String {
    let output = lab(args);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn an_unknown_flag_is_refused_and_named() {
    for args in
        [&["run", "paper/table", "--bogus"][..], &["reproduce", "--bogus"], &["list", "--bogus"]]
    {
        let stderr = refused(args);
        assert!(stderr.contains("'--bogus'"), "{stderr}");
    }
    let stderr = refused(&["frobnicate"]);
    assert!(stderr.contains("'frobnicate'"), "{stderr}");
}

#[test]
fn an_option_of_another_command_is_refused_and_named() {
    for (args, flag) in [
        (&["reproduce", "--shard", "0/2"][..], "'--shard'"),
        (&["merge", "paper/table", "--force"], "'--force'"),
        (&["report", "--threads", "2"], "'--threads'"),
        (&["list", "--full"], "'--full'"),
    ] {
        let stderr = refused(args);
        assert!(stderr.contains(flag), "{args:?}: {stderr}");
    }
}

#[test]
fn bad_values_are_refused_and_named() {
    for (args, flag) in [
        (&["run", "paper/table", "--threads", "0"][..], "--threads"),
        (&["run", "paper/table", "--max-hours", "-1"], "--max-hours"),
        (&["check", "--max-memory", "inf"], "--max-memory"),
        (&["run", "paper/table", "--threads", "-2"], "--threads"),
        (&["run", "paper/table", "--shard", "2/2"], "--shard"),
    ] {
        let stderr = refused(args);
        assert!(stderr.contains(flag), "{args:?}: {stderr}");
    }
    let stderr = refused(&["run"]);
    assert!(stderr.contains("<SPEC>"), "{stderr}");
}

#[test]
fn every_command_has_help_listing_its_options() {
    let top = help(&["--help"]);
    for command in ["reproduce", "run", "merge", "report", "latex", "check", "list"] {
        assert!(top.contains(command), "{top}");
    }
    let run = help(&["run", "--help"]);
    for option in [
        "--full",
        "--quick",
        "--force",
        "--threads <N>",
        "--max-hours <H>",
        "--max-memory <G>",
        "--no-budget",
        "--shard <I/N>",
    ] {
        assert!(run.contains(option), "{run}");
    }
    assert!(run.contains("results do not depend on it"), "{run}");
    let reproduce = help(&["reproduce", "--help"]);
    assert!(reproduce.contains("[SPEC_PREFIX]...") && reproduce.contains("--force"), "{reproduce}");
    assert!(!reproduce.contains("--shard"), "{reproduce}");
    for command in ["merge", "report", "latex"] {
        let text = help(&[command, "--help"]);
        assert!(text.contains("--full") && !text.contains("--force"), "{text}");
    }
    let check = help(&["help", "check"]);
    assert!(check.contains("--max-hours") && !check.contains("--threads"), "{check}");
    let list = help(&["list", "-h"]);
    assert!(!list.contains("--full"), "{list}");
}

/// `cargo xtask --help` summarises the runner's options without building it; every option it
/// names for an experiment command must be one the runner accepts for that command.
#[test]
fn the_xtask_summary_names_only_options_the_runner_accepts() {
    let source = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../xtask/src/main.rs");
    let source = std::fs::read_to_string(source).unwrap();
    let usage = source.split("const USAGE: &str = \"").nth(1).unwrap().split("\";").next().unwrap();
    let mut checked = 0;
    for line in usage.lines() {
        let Some(command) = line.strip_prefix("  ").and_then(|l| l.split(' ').next()) else {
            continue;
        };
        if !["reproduce", "run", "merge", "report", "latex", "check", "list"].contains(&command) {
            continue;
        }
        let text = help(&[command, "--help"]);
        let mut flags: Vec<&str> = line
            .split(|c: char| c.is_whitespace() || c == '[' || c == ']')
            .filter(|w| w.starts_with("--"))
            .collect();
        if line.contains("budget options") {
            flags.extend(["--max-hours", "--max-memory", "--no-budget"]);
        } else {
            assert!(!text.contains("--no-budget"), "xtask's {command} omits the budget: {text}");
        }
        for flag in flags {
            assert!(text.contains(flag), "xtask names {flag} for {command}: {text}");
            checked += 1;
        }
    }
    assert!(checked >= 15, "{checked} options checked in {usage}");
}
