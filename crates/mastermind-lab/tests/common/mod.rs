//! Helpers shared by the runner's integration tests: throwaway workspaces with given specs.

#![allow(dead_code)]

use mastermind_core::progress::Silent;
use mastermind_experiments::plan::Plan;
use mastermind_experiments::spec::scaled::Profile;
use mastermind_experiments::spec::{SpecError, load, validate};
use mastermind_experiments::workspace::Workspace;
use mastermind_lab::provenance::Provenance;
use mastermind_lab::runner;
use polars::prelude::DataFrame;
use std::path::PathBuf;

/// A fresh folder laid out like a checkout (`Cargo.toml`, `experiments/`), removed on drop.
pub struct Scratch {
    pub root: PathBuf,
}

impl Scratch {
    pub fn new(tag: &str) -> Scratch {
        let root =
            std::env::temp_dir().join(format!("mastermind-lab-test-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("experiments")).unwrap();
        std::fs::write(root.join("Cargo.toml"), "").unwrap();
        Scratch { root }
    }

    /// Writes `experiments/<name>.ron` and returns its path.
    pub fn spec(&self, name: &str, text: &str) -> PathBuf {
        let path = self.root.join("experiments").join(format!("{name}.ron"));
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        path
    }

    pub fn workspace(&self) -> Workspace {
        Workspace::find(&self.root).unwrap()
    }

    /// Writes `text` as `experiments/<name>.ron`, runs it in the quick profile (forced, so a
    /// second call with another text runs again) and returns what the runner gave.
    pub fn run_quick(&self, name: &str, text: &str) -> runner::Outcome {
        let path = self.spec(name, text);
        let workspace = self.workspace();
        let plan = workspace.plans(&[path], Profile::Quick).unwrap().remove(0);
        runner::run(&workspace, &plan, &Provenance::of_checkout(&self.root), true).unwrap()
    }

    /// Runs `text` as [`Scratch::run_quick`] does and returns the Markdown section it wrote to
    /// `figures/quick/<name>.md`.
    pub fn rendered(&self, name: &str, text: &str) -> String {
        self.run_quick(name, text);
        let md = self.workspace().figures(Profile::Quick).join(format!("{name}.md"));
        std::fs::read_to_string(md).unwrap()
    }

    /// Writes `text` as `experiments/broken.ron` and returns the error that loading or validating
    /// it (quick profile) gives; panics if the spec is accepted or if the error says something
    /// twice.
    pub fn rejected(&self, text: &str) -> SpecError {
        let path = self.spec("broken", text);
        let root = self.root.join("experiments");
        match load(&root, &path).and_then(|s| validate(&s, Profile::Quick)) {
            Ok(_) => panic!("the spec was accepted:\n{text}"),
            Err(e) => {
                if let Some(twice) = said_twice(&e.to_string(), &e.field) {
                    panic!("the error says {twice} twice: {e}");
                }
                e
            }
        }
    }
}

/// Runs `plan` on a pool of `threads` threads, without a visible progress bar.
pub fn run_on_threads(plan: &Plan, threads: usize) -> DataFrame {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
    pool.install(|| plan.task.run(plan.raw.seed, &Silent)).unwrap()
}

/// `frame` without the wall-time columns it holds (`record::WALL_TIME_COLUMNS`, and only those):
/// what two runs of one spec and seed must agree on, whatever the thread count or the shards.
pub fn without_wall_time(frame: DataFrame) -> DataFrame {
    let timed: Vec<&str> = mastermind_experiments::tasks::record::WALL_TIME_COLUMNS
        .into_iter()
        .filter(|c| frame.column(c).is_ok())
        .collect();
    frame.drop_many(timed)
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

/// A small valid spec on 3 pegs x 4 colours with two one-ply arms; `extra` is spliced into the
/// arm list.
pub fn small_spec(runs: &str, extra_arms: &str) -> String {
    format!(
        r#"Experiment(
    title: "small",
    paper: "Test paper",
    section: "Table 1",
    seed: 7,
    task: Games((
        game: (pegs: 3, colours: 4),
        secrets: All,
        runs: {runs},
        max_guesses: 12,
        arms: [
            (label: "Entropy", player: OnePly((heuristic: Entropy))),
            (label: "Random", player: OnePly((heuristic: Random, first_guess: Some("AAB")))),
            {extra_arms}
        ],
    )),
)
"#
    )
}

/// A games spec on 3 pegs x 4 colours, judged with a margin of half a guess: Knuth's rule and a
/// random player over every secret. `knuth` and `random` are spliced after each arm's player (a
/// `paper` field, or nothing), `more_arms` after the two arms and `claims` into the report's claim
/// list.
pub fn knuth_and_random(knuth: &str, random: &str, more_arms: &str, claims: &str) -> String {
    format!(
        r#"Experiment(
    title: "Knuth and random",
    paper: "Test paper",
    section: "Table 1",
    seed: 7,
    judging: (margin: Some((absolute: Some(0.5), because: "half a guess, for a test"))),
    task: Games((
        game: (pegs: 3, colours: 4),
        secrets: All,
        runs: 1,
        max_guesses: 12,
        arms: [
            (label: "Knuth", player: OnePly((heuristic: WorstCase, pool: AllPreferConsistent, ties: First)){knuth}),
            (label: "Random", player: OnePly((heuristic: Random)){random}),
            {more_arms}
        ],
        report: (test: (kind: Welch, on: Games), claims: [{claims}]),
    )),
)
"#
    )
}

/// The environment variable that turns a skip for a missing external tool into a failure (set by
/// `.ci/run`, which installs every tool the tests use).
pub const REQUIRE_TOOLS: &str = "MASTERMIND_REQUIRE_TOOLS";

/// A program beyond Rust and a C compiler that some test needs, with how to install it.
pub struct Tool {
    /// The executable's name, as looked up on `PATH`.
    pub program: &'static str,
    /// Arguments that make it print its version and exit successfully.
    pub probe: &'static [&'static str],
    /// How to install it on a Debian-like system, as a clause of a sentence.
    pub install: &'static str,
}

/// GNU parallel, which the sharding test drives its shards through.
pub const GNU_PARALLEL: Tool = Tool {
    program: "parallel",
    probe: &["--version"],
    install: "install it with `apt-get install --no-install-recommends parallel`",
};

/// `latexmk` and TeX, which build the report's PDF.
pub const LATEXMK: Tool =
    Tool { program: "latexmk", probe: &["-v"], install: mastermind_lab::pdf::INSTALL_HINT };

impl Tool {
    /// Whether the tool runs here. When it does not, says so in one line on stderr (`what` is
    /// the part of the test that is skipped) and returns false, or fails the test when
    /// `MASTERMIND_REQUIRE_TOOLS=1`.
    #[track_caller]
    pub fn available_for(&self, what: &str) -> bool {
        let runs = std::process::Command::new(self.program)
            .args(self.probe)
            .stdin(std::process::Stdio::null())
            .output()
            .is_ok_and(|o| o.status.success());
        if !runs {
            self.skip(what);
        }
        runs
    }

    /// Reports that `what` is skipped because the tool is missing: one line on stderr, written
    /// past the test harness's capture so that `cargo test` shows it; a failure instead when
    /// `MASTERMIND_REQUIRE_TOOLS=1`.
    #[track_caller]
    pub fn skip(&self, what: &str) {
        let reason = format!("`{}` is not installed; {}", self.program, self.install);
        if std::env::var(REQUIRE_TOOLS).is_ok_and(|v| v == "1") {
            panic!("{what} is mandatory under {REQUIRE_TOOLS}=1, but {reason}");
        }
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "skipped {what}: {reason}");
    }
}

/// What an error message says twice, if anything: a clause of at least 12 characters repeated
/// (clauses split at ": "), or the path of `field` (two segments or more of it, as in
/// `subset.mu`) said again after the field itself.
pub fn said_twice(message: &str, field: &str) -> Option<String> {
    let clauses: Vec<&str> =
        message.split(": ").map(str::trim).filter(|c| c.chars().count() >= 12).collect();
    if let Some((_, clause)) = clauses.iter().enumerate().find(|(i, c)| clauses[..*i].contains(c)) {
        return Some(format!("the clause {clause:?}"));
    }
    let after_field = message.split_once(&format!("{field}: ")).map_or(message, |(_, rest)| rest);
    let segments: Vec<&str> = field.split('.').collect();
    (0..segments.len().saturating_sub(1))
        .map(|start| segments[start..].join("."))
        .find(|tail| after_field.contains(tail.as_str()))
        .map(|tail| format!("the field {tail:?}"))
}
