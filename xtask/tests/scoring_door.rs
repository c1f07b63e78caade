//! "Players reach scoring only through the Oracle": the player crates' sources (tests aside) name
//! none of the core's raw scorers or counters, and call the history's and the partition counter's
//! scoring methods only on the `oracle`. A feedback computed any other way would be a count the
//! driver never sees.
//!
//! Two checks keep the promise. The Oracle has no method that adds a count of the player's own,
//! and clippy, with the types resolved, refuses every raw scorer in the player crates: each holds
//! the same `clippy.toml`, which [`every_player_crate_lints_the_raw_scorers`] checks. This test
//! also reads source text, which fails under `cargo test` already: it strips comments and
//! `#[cfg(test)]` modules, then looks for the names below. Files not yet converted are listed in
//! [`NOT_YET`] with the reason (they allow the lint on the item concerned, with the same reason),
//! and the list only shrinks: an entry whose file no longer computes a feedback fails too.

mod common;
use common::{before_tests_module, rust_files};

use std::path::Path;

/// The crates whose players `play_game` drives.
const PLAYER_CRATES: [&str; 4] =
    ["mastermind-heuristics", "mastermind-evolution", "mastermind-mcmc", "mastermind-importance"];

/// Core items that compute or count feedback outside the Oracle: a player naming one of them
/// (as a path, an import or a call) has a door of its own.
const RAW_ITEMS: &[&str] = &[
    "score",
    "score_index",
    "score_indices",
    "count_partition",
    "count_partition_in",
    "reference_score",
    "expected_share_left",
    "Scorer",
    "words",
    "Counters",
];

/// Methods of core types that compute feedback; a player may call them on the `oracle` only
/// (the `Oracle` has methods of the same names, which count).
const SCORING_METHODS: &[&str] = &[
    "is_consistent",
    "check_consistent",
    "distance",
    "retain_consistent_with_last",
    "stats",
    "stats_packed",
    "score",
    "score_indices",
    "count_partition",
];

/// `(file under crates/, why it still computes feedback itself)`: the files not converted yet.
const NOT_YET: &[(&str, &str)] = &[
    (
        "mastermind-importance/src/model.rs",
        "literal_probabilities, the policy computed literally as a reference for tests and \
         readers, checks consistency on the history: not a player, nothing is counted",
    ),
    (
        "mastermind-importance/src/patterns.rs",
        "Snyder's Table 1 is an exact analysis of first guesses over the whole code set, not a \
         player's search: nothing is counted",
    ),
];

/// `source` without comments and without what follows a `#[cfg(test)]` line (the workspace keeps
/// its unit tests in a `mod tests` at the end of a file).
fn code_of(source: &str) -> String {
    let mut code = String::new();
    for line in before_tests_module(source).lines() {
        let line = line.find("//").map_or(line, |at| &line[..at]);
        code.push_str(line);
        code.push('\n');
    }
    code
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Every way `code` reaches feedback outside the oracle, described.
fn doors(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (at, word) in words(code) {
        let before = code[..at].trim_end();
        let after = code[at + word.len()..].trim_start();
        let method_call = before.ends_with('.') && after.starts_with('(');
        if method_call && SCORING_METHODS.contains(&word) {
            let receiver: String = before[..before.len() - 1]
                .trim_end()
                .chars()
                .rev()
                .take_while(|&c| is_ident(c))
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            if receiver != "oracle" {
                let receiver = if receiver.is_empty() { "(..)".to_owned() } else { receiver };
                found.push(format!("`{receiver}.{word}(..)`"));
            }
        } else if RAW_ITEMS.contains(&word) && names_an_item(code, at, before, after) {
            found.push(format!("`{word}`"));
        }
    }
    found
}

/// Whether the word at `at` names an item (rather than a local variable or a method of the
/// same name): a path's segment (`core::score`, `score::x`), a call of a free function
/// (`score(..)`, not `fn score(..)` nor `.score(..)`), or a name in a `use` declaration.
fn names_an_item(code: &str, at: usize, before: &str, after: &str) -> bool {
    let statement_start = code[..at].rfind([';', '}']).map_or(0, |i| i + 1);
    let statement = code[statement_start..at].trim_start();
    let in_use = ["use ", "pub use ", "pub(crate) use "].iter().any(|u| statement.starts_with(u));
    let declared = ["fn", "let", "mut"].iter().any(|k| before.ends_with(k));
    let called = after.starts_with('(') && !before.ends_with('.') && !declared;
    in_use || before.ends_with("::") || after.starts_with("::") || called
}

/// The identifiers of `code` with their byte offsets; a word followed by `:` (a field or a
/// named argument) or preceded by a letter is not a path.
fn words(code: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in code.char_indices().chain(std::iter::once((code.len(), ' '))) {
        match (start, is_ident(c)) {
            (None, true) => start = Some(i),
            (Some(s), false) => {
                let word = &code[s..i];
                let rest = code[i..].trim_start();
                let field = rest.starts_with(':') && !rest.starts_with("::");
                if !field {
                    out.push((s, word));
                }
                start = None;
            }
            _ => {}
        }
    }
    out
}

#[test]
fn no_player_crate_computes_a_feedback_outside_the_oracle() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().join("crates");
    let mut violations = Vec::new();
    let mut files = 0;
    for name in PLAYER_CRATES {
        let mut sources = Vec::new();
        rust_files(&crates.join(name).join("src"), &mut sources);
        assert!(!sources.is_empty(), "no sources in {name}");
        for path in sources {
            files += 1;
            let relative = path.strip_prefix(&crates).unwrap().to_string_lossy().replace('\\', "/");
            let found = doors(&code_of(&std::fs::read_to_string(&path).unwrap()));
            let listed = NOT_YET.iter().any(|(file, _)| *file == relative);
            match (found.is_empty(), listed) {
                (false, false) => violations.push(format!("{relative}: {}", found.join(", "))),
                (true, true) => violations
                    .push(format!("{relative} no longer computes feedback: drop it from NOT_YET")),
                _ => {}
            }
        }
    }
    assert!(files > 20, "read only {files} files");
    assert!(violations.is_empty(), "feedback outside the Oracle:\n{}", violations.join("\n"));
}

#[test]
fn the_reader_finds_each_kind_of_door() {
    let check =
        |code: &str, expected: &[&str]| assert_eq!(doors(&code_of(code)), expected, "{code}");
    check("use mastermind_core::{Code, score};", &["`score`"]);
    check("let f = mastermind_core::score::score_index(&a, &b);", &["`score`", "`score_index`"]);
    check("let d = oracle.history().distance(&c);", &["`(..).distance(..)`"]);
    check("let ok = history.is_consistent(&c);", &["`history.is_consistent(..)`"]);
    check("let mut score = [0.0; 4];\nscore[3] = 1.0;\n(log_p, score)", &[]);
    check("use mastermind_core::{Code, words::Scorer};", &["`words`", "`Scorer`"]);
    check("let d = oracle.distance(&c);", &[]);
    check("let s = self.counter.stats(code, set);", &["`counter.stats(..)`"]);
    check("oracle\n    .retain_consistent_with_last(&mut set);", &[]);
    check("let mut c = Counters::default();", &["`Counters`"]);
    check("fn score(&self) -> u32 { self.score }", &[]);
    check("Individual { score: 1 }; // score(a, b)", &[]);
    check("let x = 1;\n#[cfg(test)]\nmod tests { use mastermind_core::score; }", &[]);
}

/// The player crates' lint of the raw scorers (see the module documentation): every player crate
/// holds it, the same in each, and it refuses at least the raw scorers named above.
#[test]
fn every_player_crate_lints_the_raw_scorers() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().join("crates");
    let read = |name: &str| {
        let path = crates.join(name).join("clippy.toml");
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    };
    let first = read(PLAYER_CRATES[0]);
    for name in &PLAYER_CRATES[1..] {
        assert_eq!(read(name), first, "{name}/clippy.toml differs from {}'s", PLAYER_CRATES[0]);
    }
    let refused =
        ["score::score", "History::is_consistent", "PartitionCounter::stats", "Oracle::new"];
    for item in refused {
        assert!(first.contains(&format!("::{item}\"")), "clippy.toml does not refuse {item}");
    }
    assert!(first.contains("words::Scorer"), "clippy.toml does not refuse the packed kernel");
}
