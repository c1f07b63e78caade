//! Every error is said once: a failing command prints one `error:` line whose clauses (the parts
//! between ": ") add context and never repeat one another, for damaged tree files and for the
//! mistakes a person makes on each command.

use crate::common::{run, run_ok};
use serde_json::Value;

/// A clause of at least 12 characters that `message` says twice (clauses split at ": "), if any.
fn repeated_clause(message: &str) -> Option<&str> {
    let clauses: Vec<&str> =
        message.split(": ").map(str::trim).filter(|c| c.chars().count() >= 12).collect();
    clauses.iter().enumerate().find(|(i, c)| clauses[..*i].contains(c)).map(|(_, c)| *c)
}

/// Runs a command that must fail and checks that its error is said once; returns its stderr.
fn fails_saying_once(args: &[&str], input: &str) -> String {
    let ran = run(args, input);
    assert!(!ran.success, "mastermind {args:?} succeeded:\n{}", ran.stdout);
    let errors: Vec<&str> = ran.stderr.lines().filter(|l| l.starts_with("error: ")).collect();
    assert_eq!(errors.len(), 1, "mastermind {args:?}:\n{}", ran.stderr);
    if let Some(clause) = repeated_clause(errors[0]) {
        panic!("mastermind {args:?} says {clause:?} twice:\n{}", ran.stderr);
    }
    ran.stderr
}

#[test]
fn the_helper_finds_a_repeated_clause() {
    let doubled = "error: t.json is not a strategy tree: the root holds 26 secrets, but the game \
                   has 27: the root holds 26 secrets, but the game has 27";
    assert_eq!(repeated_clause(doubled), Some("the root holds 26 secrets, but the game has 27"));
    assert_eq!(repeated_clause("error: a: b: a: b"), None, "short clauses may repeat");
    assert_eq!(repeated_clause("error: t.json is not a strategy tree: line 1"), None);
}

/// A change made to a valid JSON tree.
type Damage = Box<dyn Fn(&mut Value)>;

#[test]
fn a_damaged_tree_file_is_refused_in_one_sentence() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let good: Value = serde_json::from_str(&run_ok(&[
        "tree", "--game", "3x3", "--player", "knuth", "--format", "json",
    ]))
    .unwrap();
    let first_reply = good["root"]["replies"].as_object().unwrap().keys().next().unwrap().clone();
    let damages: [(&str, Damage, &str); 6] = [
        ("root-count", Box::new(|t| t["root"]["secrets"] = 26.into()), "the root holds 26"),
        (
            "missing-branch",
            Box::new(|t| {
                let replies = t["root"]["replies"].as_object_mut().unwrap();
                let last = replies.keys().next_back().unwrap().clone();
                replies.remove(&last);
            }),
            "but its branches hold",
        ),
        ("file-count", Box::new(|t| t["secrets"] = 26.into()), "the file says 26 secrets"),
        ("bad-guess", Box::new(|t| t["root"]["guess"] = "AAZ".into()), "\"AAZ\" uses 'Z'"),
        (
            "bad-reply",
            Box::new(move |t| {
                let replies = t["root"]["replies"].as_object_mut().unwrap();
                let node = replies.remove(&first_reply).unwrap();
                replies.insert("9B9W".into(), node);
            }),
            "\"9B9W\" is not a reply",
        ),
        ("unknown-field", Box::new(|t| t["root"]["note"] = "x".into()), "unknown field `note`"),
    ];
    for (name, damage, expected) in damages {
        let mut tree = good.clone();
        damage(&mut tree);
        let path = dir.join(format!("{}-damaged-{name}.json", std::process::id()));
        std::fs::write(&path, tree.to_string()).unwrap();
        let stderr = fails_saying_once(&["tree", "--check", path.to_str().unwrap()], "");
        assert!(stderr.contains(expected), "{name}: {stderr}");
        assert!(stderr.contains("is not a strategy tree"), "{name}: {stderr}");
        std::fs::remove_file(&path).unwrap();
    }
    let text = good.to_string();
    for (name, content) in [("empty", ""), ("truncated", &text[..text.len() / 2])] {
        let path = dir.join(format!("{}-damaged-{name}.json", std::process::id()));
        std::fs::write(&path, content).unwrap();
        let stderr = fails_saying_once(&["tree", "--check", path.to_str().unwrap()], "");
        assert!(stderr.contains("EOF while parsing"), "{name}: {stderr}");
        assert_eq!(stderr.matches("EOF while parsing").count(), 1, "{name}: {stderr}");
        std::fs::remove_file(&path).unwrap();
    }
    fails_saying_once(&["tree", "--check", "no-such-tree.json"], "");
}

#[test]
fn mistakes_on_every_command_are_said_once() {
    let cases: &[(&[&str], &str)] = &[
        (&["tree", "--game", "8x26", "--player", "knuth"], ""),
        (&["tree", "--game", "3x3", "--player", "optimal", "--max-depth", "1"], ""),
        (&["tree", "--config", "OnePly((heuristic: Random))"], ""),
        (&["tree", "--config", "OnePly((heuristic: Entropy, subset: Some((mu: 0))))"], ""),
        (&["tree", "--config", "Eda(())"], ""),
        (&["tree", "--player", "nobody"], ""),
        (&["play", "--lies", "2"], ""),
        (&["play", "--colours", "digits", "--game", "4x12"], ""),
        (&["solve", "--player", "optimal", "--game", "5x8"], ""),
        (&["solve", "--config", "(bad"], ""),
        (&["solve", "--config", "MetropolisHastings((theta: -1.0))"], ""),
        (&["solve", "--first-guess", "AAZZ"], ""),
        (&["suggest", "AABB:4,0"], ""),
        (&["suggest", "--player", "knuth", "--first-guess", "ZZZZ"], ""),
        (&["score", "AAZZ", "ABCD", "--game", "4x6"], ""),
        (&["score", "AAB", "ABCD"], ""),
        (&["codes", "--game", "8x10"], ""),
        (&["codes", "--colours", "names", "--game", "4x20"], ""),
    ];
    for (args, input) in cases {
        fails_saying_once(args, input);
    }
}
