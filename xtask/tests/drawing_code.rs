//! The figures' drawing code (`mastermind-report`'s `plot` module) is left out of the code
//! fingerprint that decides re-runs (`mastermind_lab::provenance::DRAWING_CODE`), on the promise
//! that no run of an experiment calls it: only the modules that render a report name it. This
//! checks that promise on the sources, so that a run that starts drawing (and whose results
//! could then change with the drawing code) is caught here rather than left stale.

mod common;
use common::{before_tests_module, rust_files};
use std::path::Path;

/// The modules besides the drawing code itself that may name it, each a renderer: a task's
/// report (`report.rs`, `*_report.rs` or under `report/`) or one of these.
const RENDERERS: [&str; 5] = [
    // The report a task hands back holds its figures (`NamedFigure`), drawn by the lab.
    "mastermind-experiments/src/tasks/mod.rs",
    // The lab's rendering of one spec's section.
    "mastermind-lab/src/report.rs",
    // The report crate's module list, its forest plots and its document of every section.
    "mastermind-report/src/lib.rs",
    "mastermind-report/src/summary.rs",
    "mastermind-report/src/sections.rs",
];

/// Whether `file` (`crate/src/...`) is a task's report module.
fn is_task_report(file: &str) -> bool {
    let name = file.rsplit('/').next().unwrap_or(file);
    name == "report.rs" || name.ends_with("_report.rs") || file.contains("/report/")
}

/// Whether `code` names the drawing module: a path through `plot::`, or `mod plot`.
fn names_drawing(code: &str) -> bool {
    code.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .any(|l| l.contains("plot::") || l.contains("mod plot;") || l.contains("use plot"))
}

#[test]
fn only_renderers_name_the_drawing_code() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("../crates");
    let mut files = Vec::new();
    rust_files(&crates, &mut files);
    let mut outside = Vec::new();
    let mut renderers_seen: Vec<String> = Vec::new();
    for path in files {
        let file = path.strip_prefix(&crates).unwrap().display().to_string().replace('\\', "/");
        if !file.contains("/src/") || file.starts_with("mastermind-report/src/plot") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        if !names_drawing(before_tests_module(&text)) {
            continue;
        }
        if RENDERERS.contains(&file.as_str()) {
            renderers_seen.push(file);
        } else if !is_task_report(&file) {
            outside.push(file);
        }
    }
    let stale: Vec<&str> =
        RENDERERS.iter().copied().filter(|r| !renderers_seen.iter().any(|s| s == r)).collect();
    assert!(
        stale.is_empty(),
        "listed as renderers but no longer naming the drawing code: {stale:?}"
    );
    assert!(
        outside.is_empty(),
        "these modules name the figures' drawing code, which the code fingerprint leaves out on \
         the promise that only a report draws: {outside:?}. Render from a report module, or take \
         the file out of `DRAWING_CODE` in mastermind-lab's provenance.rs (every result then \
         re-runs when a figure changes)."
    );
}

#[test]
fn the_check_sees_a_path_through_the_drawing_module() {
    assert!(names_drawing("use mastermind_report::plot::NamedFigure;"));
    assert!(names_drawing("    let x = crate::plot::axis(0.0, 1.0);"));
    assert!(!names_drawing("// see plot::axis\nfn f() {}"));
    assert!(is_task_report("mastermind-experiments/src/tasks/games/report/figures.rs"));
    assert!(is_task_report("mastermind-experiments/src/tasks/importance/training_report.rs"));
    assert!(!is_task_report("mastermind-experiments/src/tasks/games/run.rs"));
}
