//! `tree`: build, export, save and check strategy trees.

use crate::common::{run, run_ok};
use serde_json::Value;

/// A scratch file path under the build's temporary directory, unique to this test run.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    dir.join(format!("{}-{name}", std::process::id()))
}

#[test]
fn stats_are_one_short_block() {
    let out = run_ok(&["tree", "--player", "knuth", "--stats"]);
    let keys: Vec<&str> = out.lines().map(|l| l.split_whitespace().next().unwrap()).collect();
    let mut expected =
        vec!["game", "player", "total", "mean", "max", "nodes", "distribution", "build_ms"];
    // Peak memory where the system reports it (Linux).
    if cfg!(target_os = "linux") {
        expected.push("peak_memory_mib");
    }
    expected.extend(["nodes_scored", "candidates_scored"]);
    assert_eq!(keys, expected);
    assert!(out.contains("total              5801\n"), "{out}");
    assert!(out.contains("max                5\n"), "{out}");
    let json: Value =
        serde_json::from_str(run_ok(&["tree", "--player", "kooi", "--json"]).trim()).unwrap();
    assert_eq!(json["total"], 5668);
    assert_eq!(json["game"], "4x6");
}

#[test]
fn a_build_read_by_a_script_prints_its_result_and_nothing_else() {
    // Half a second or more in a debug build: long enough to show progress on a terminal.
    let ran = run(&["tree", "--game", "5x7", "--player", "knuth", "--stats"], "");
    assert!(ran.success, "{}", ran.stderr);
    assert!(ran.stdout.contains("total              87936\n"), "{}", ran.stdout);
    assert_eq!(ran.stderr, "", "no progress when standard error is not a terminal");
    let ran = run(&["tree", "--game", "3x4", "--player", "optimal", "--stats"], "");
    assert!(ran.success && ran.stderr.is_empty(), "{}", ran.stderr);
}

#[test]
fn a_spec_configuration_builds_its_tree() {
    // Kooi's rule written out: most parts over every code, consistent first, AABC first.
    let config = "OnePly((heuristic: MostParts, pool: AllPreferConsistent, ties: First, first_guess: Some(\"AABC\")))";
    let json: Value =
        serde_json::from_str(run_ok(&["tree", "--config", config, "--json"]).trim()).unwrap();
    assert_eq!((json["player"].as_str(), json["total"].as_u64()), (Some("custom"), Some(5668)));
    let ran = run(&["tree", "--config", "OnePly((heuristic: Random))"], "");
    assert!(!ran.success);
    assert!(ran.stderr.contains("heuristic"), "{}", ran.stderr);
    // The grammar of `solve --config`: a tree player, and no player without a tree.
    let optimum = "Tree(Optimal((max_depth: Some(5))))";
    let json: Value = serde_json::from_str(
        run_ok(&["tree", "--game", "3x3", "--config", optimum, "--json"]).trim(),
    )
    .unwrap();
    assert_eq!(json["max"].as_u64(), Some(4), "{json}");
    let ran = run(&["tree", "--config", "MetropolisHastings(())"], "");
    assert!(!ran.success && ran.stderr.contains("no strategy tree"), "{}", ran.stderr);
}

#[test]
fn a_json_export_saved_to_a_file_passes_the_check() {
    let path = scratch("knuth-3x4.json");
    let path_text = path.to_str().unwrap();
    let out = run_ok(&[
        "tree", "--game", "3x4", "--player", "knuth", "--format", "json", "-o", path_text,
    ]);
    assert!(out.contains("written"), "{out}");
    let saved = std::fs::read_to_string(&path).unwrap();
    let exported = run_ok(&["tree", "--game", "3x4", "--player", "knuth", "--format", "json"]);
    assert_eq!(saved, exported, "the file holds exactly the export");
    let check = run_ok(&["tree", "--check", path_text]);
    assert!(check.contains("game               3x4"), "{check}");
    assert!(check.contains("every secret is solved by its own leaf"), "{check}");
    // A damaged tree is refused: another first guess, with the replies of the old one below it.
    let mut damaged: Value = serde_json::from_str(&saved).unwrap();
    let other = if damaged["root"]["guess"] == "CCC" { "DDD" } else { "CCC" };
    damaged["root"]["guess"] = Value::from(other);
    std::fs::write(&path, damaged.to_string()).unwrap();
    let ran = run(&["tree", "--check", path_text], "");
    assert!(!ran.success, "{}", ran.stdout);
    assert!(ran.stderr.contains("fails the replay of every secret"), "{}", ran.stderr);
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn text_and_dot_exports() {
    let text = run_ok(&["tree", "--game", "2x2", "--player", "knuth", "--format", "text"]);
    // Worked by hand: every first guess leaves at most two codes, so Knuth takes the first, AA;
    // after one black AB splits {AB, BA}; no peg means BB.
    assert_eq!(text.trim(), "{AA:{00:BB,10:{AB:{02:BA}}}}");
    let dot = run_ok(&["tree", "--game", "2x2", "--player", "knuth", "--format", "dot"]);
    assert!(dot.starts_with("digraph"), "{dot}");
    assert!(dot.contains("8 guesses over 4 secrets"), "{dot}");
    assert_eq!(dot.matches(" -> ").count(), 3, "{dot}");
    // A player without a tree is refused, and the players with one are listed.
    let ran = run(&["tree", "--player", "mh"], "");
    assert!(!ran.success);
    let said = &ran.stderr;
    assert!(said.contains("invalid value 'mh'") && said.contains("kooi, entropy-all"), "{said}");
}

#[test]
fn a_search_stopped_at_its_time_limit_gives_its_best_tree_its_bound_and_the_gap() {
    // 5x6 has no published optimum and takes far longer than the limit.
    let ran =
        run(&["tree", "--game", "5x6", "--player", "optimal", "--json", "--time-limit", "0.5"], "");
    assert!(ran.success, "{}", ran.stderr);
    let json: Value = serde_json::from_str(ran.stdout.trim()).unwrap();
    assert_eq!(json["proved"], Value::Bool(false));
    let (total, lower) = (json["total"].as_u64().unwrap(), json["lower_bound"].as_u64().unwrap());
    // Every secret of 5x6 needs a guess, and all but one at least two: 2 * 7776 - 1.
    assert!((15_551..total).contains(&lower), "{lower} {total}");
    assert_eq!(json["gap"].as_u64(), Some(total - lower));
    assert!(ran.stderr.contains("stopped at the time limit"), "{}", ran.stderr);
    assert!(ran.stderr.contains("not proved optimal"), "{}", ran.stderr);

    let ran = run(&["tree", "--player", "knuth", "--time-limit", "1"], "");
    assert!(!ran.success);
    assert!(ran.stderr.contains("--time-limit applies to --player optimal only"), "{}", ran.stderr);
    let ran = run(&["tree", "--player", "optimal", "--time-limit", "0"], "");
    assert!(!ran.success && ran.stderr.contains("positive number of seconds"), "{}", ran.stderr);
}

#[test]
fn the_consistent_optimum_of_a_game_without_repeats_under_both_pool_rules() {
    let total = |extra: &[&str]| {
        let mut args = vec!["tree", "--game", "3x5", "--no-repeat", "--player", "optimal"];
        args.extend_from_slice(extra);
        args.push("--json");
        let json: Value = serde_json::from_str(run_ok(&args).trim()).unwrap();
        assert_eq!(json["game"], "3x5 no-repeat");
        assert_eq!(json["proved"], true);
        json["total"].as_u64().unwrap()
    };
    // Every code, only possible codes, and codes possible before the latest reply.
    let free = total(&[]);
    let possible = total(&["--consistent-only"]);
    let lagging = total(&["--consistent-only", "--possible-before-last-reply"]);
    assert!(free <= lagging && lagging <= possible, "{free} {lagging} {possible}");
    let ran = run(&["tree", "--player", "optimal", "--possible-before-last-reply"], "");
    assert!(!ran.success && ran.stderr.contains("--consistent-only"), "{}", ran.stderr);
}
