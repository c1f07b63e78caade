//! Figures can never stop the pipeline (issue 15, defect 2): a figure that cannot be drawn or
//! written is reported for that figure while the data and the tables stay. (That non-finite or degenerate
//! data neither hangs nor panics the drawing code is the report crate's `tests/figures.rs`.)

mod common;

use common::{Scratch, small_spec};
use mastermind_experiments::spec::scaled::Profile;
use mastermind_lab::provenance::Provenance;
use mastermind_lab::runner;
use mastermind_lab::store::ResultPaths;

#[test]
fn a_figure_that_cannot_be_drawn_is_reported_and_the_data_and_tables_stay() {
    let scratch = Scratch::new("figures-fail");
    let path = scratch.spec("paper/a", &small_spec("1", ""));
    let workspace = scratch.workspace();
    let plan = workspace.plans(&[path], Profile::Quick).unwrap().remove(0);
    // A directory where the histogram's PNG goes: the figure is drawn but cannot be written.
    let blocker = workspace.figures(Profile::Quick).join("paper/a-guesses.png");
    std::fs::create_dir_all(&blocker).unwrap();
    let outcome = runner::run(&workspace, &plan, &Provenance::of_checkout(&scratch.root), false)
        .expect("a figure failure must not fail the run");
    assert_eq!(outcome.section.errors.len(), 1, "{:?}", outcome.section.errors);
    assert!(outcome.section.errors[0].contains("a-guesses"), "{:?}", outcome.section.errors);
    assert!(ResultPaths::new(&workspace.data(), "quick", "paper/a").data.exists());
    let table = std::fs::read_to_string(workspace.figures(Profile::Quick).join("paper/a.md"));
    assert!(table.unwrap().contains("| Entropy |"));
}

/// A spec's own Markdown file shows its figures when opened by itself: its links resolve from
/// its own folder, as the report index's resolve from the profile's.
#[test]
fn a_spec_files_figure_links_resolve_from_its_own_folder() {
    let scratch = Scratch::new("figures-links");
    let path = scratch.spec("paper/a", &small_spec("1", ""));
    let workspace = scratch.workspace();
    let plan = workspace.plans(&[path], Profile::Quick).unwrap().remove(0);
    runner::run(&workspace, &plan, &Provenance::of_checkout(&scratch.root), false).unwrap();
    let folder = workspace.figures(Profile::Quick);
    let markdown = std::fs::read_to_string(folder.join("paper/a.md")).unwrap();
    let links: Vec<&str> = markdown
        .lines()
        .filter_map(|l| l.strip_prefix("!["))
        .filter_map(|l| l.rsplit_once("](")?.1.strip_suffix(')'))
        .collect();
    assert!(!links.is_empty(), "{markdown}");
    for link in links {
        assert!(folder.join("paper").join(link).is_file(), "{link} from paper/a.md");
    }
}

/// A figure the spec no longer draws is removed at its next render (a newcomer found the old one
/// still beside the new ones); the spec's other files and other specs' files stay.
#[test]
fn a_figure_dropped_from_a_spec_is_removed_at_the_next_render() {
    let scratch = Scratch::new("figures-stale");
    let with_time = small_spec("1", "").replace(
        "max_guesses: 12,",
        "max_guesses: 12,\n        report: (figures: [GuessHistogram, GuessesAgainstTime]),",
    );
    let provenance = Provenance::of_checkout(&scratch.root);
    let render = |name: &str, text: &str| {
        let path = scratch.spec(name, text);
        let workspace = scratch.workspace();
        let plan = workspace.plans(&[path], Profile::Quick).unwrap().remove(0);
        runner::run(&workspace, &plan, &provenance, false).unwrap();
        workspace.figures(Profile::Quick)
    };
    let folder = render("paper/a", &with_time);
    render("paper/a-b", &with_time);
    let drawn = |folder: &std::path::Path, stem: &str| -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(folder.join("paper"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with(stem) && n.ends_with(".png"))
            .collect();
        names.sort();
        names
    };
    let before = drawn(&folder, "a-");
    assert!(before.len() >= 2, "{before:?}");
    let without_time = with_time
        .replace("figures: [GuessHistogram, GuessesAgainstTime]", "figures: [GuessHistogram]");
    render("paper/a", &without_time);
    let after = drawn(&folder, "a-");
    let others = drawn(&folder, "a-b-");
    assert!(after.len() < before.len(), "{before:?} -> {after:?}");
    assert!(after.iter().all(|n| before.contains(n)), "{before:?} -> {after:?}");
    assert!(!others.is_empty() && others.iter().all(|n| after.contains(n)), "{others:?}");
    assert!(folder.join("paper/a.md").is_file());
}
