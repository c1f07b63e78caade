//! Figures can never stop the pipeline (issue 15, defects 1 and 2): non-finite or degenerate data
//! neither hangs nor panics the drawing code, and a figure that cannot be drawn is reported for
//! that figure while the data and the tables stay.

mod common;

use common::{Scratch, small_spec};
use mastermind_experiments::spec::scaled::Profile;
use mastermind_lab::provenance::Provenance;
use mastermind_lab::report::plot::{
    Labels, LineChart, LineSeries, OffScale, Reference, Source, box_plots, grouped_bars,
};
use mastermind_lab::runner;
use mastermind_lab::store::ResultPaths;
use std::sync::mpsc;
use std::time::Duration;

/// Runs `f` on its own thread; fails the test if it has not returned after a generous two
/// minutes (a hang), and returns whether it panicked.
fn finishes<F: FnOnce() + Send + 'static>(what: &str, f: F) -> bool {
    let (done, wait) = mpsc::channel();
    std::thread::spawn(move || {
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
        let _ = done.send(outcome.is_ok());
    });
    match wait.recv_timeout(Duration::from_secs(120)) {
        Ok(ok) => ok,
        Err(_) => panic!("drawing {what} hung"),
    }
}

/// Dashed reference lines: (label, y).
type References = Vec<(String, f64)>;

fn series(points: &[(f64, f64)]) -> Vec<LineSeries> {
    vec![LineSeries { name: "s".into(), points: points.to_vec() }]
}

#[test]
fn non_finite_and_degenerate_line_data_neither_hangs_nor_panics() {
    let scratch = Scratch::new("figures-lines");
    let (inf, nan) = (f64::INFINITY, f64::NAN);
    let cases: Vec<(&str, Vec<LineSeries>, References)> = vec![
        ("an infinite x", series(&[(1.0, 4.0), (inf, 4.5)]), vec![]),
        ("a NaN x", series(&[(nan, 4.0)]), vec![]),
        ("an infinite reference", series(&[(1.0, 4.0), (2.0, 4.5)]), vec![("r".into(), inf)]),
        ("a NaN reference", series(&[(1.0, 4.0)]), vec![("r".into(), nan)]),
        ("no points at all", series(&[]), vec![]),
        ("no series", vec![], vec![]),
        ("one point", series(&[(3.0, 3.0)]), vec![]),
        (
            "the widest finite range",
            series(&[(-f64::MAX, -f64::MAX), (f64::MAX, f64::MAX)]),
            vec![],
        ),
        ("a NaN y", series(&[(1.0, nan), (2.0, 4.0)]), vec![]),
    ];
    for (i, (what, lines, references)) in cases.into_iter().enumerate() {
        let base = scratch.root.join(format!("line-{i}"));
        let drew = finishes(what, move || {
            let labels = Labels { title: "t", x: "x", y: "y" };
            // An error is an acceptable answer; a panic (which the drawing code turns into an
            // error saying so) or a hang is not.
            let references = references.into_iter().map(|(name, value)| Reference {
                name,
                value,
                source: Source::Ours,
            });
            // A point off the axis at a non-finite x, and a named position, on every case.
            let off = OffScale { x: f64::NAN, series: "s".into(), note: "capped".into() };
            let chart = LineChart::new(&labels, lines)
                .references(references)
                .off_scale([off])
                .x_names([(f64::INFINITY, "apart".to_owned())]);
            if let Err(e) = chart.draw(&base) {
                assert!(!e.to_string().contains("panicked"), "{e}");
            }
        });
        assert!(drew, "drawing {what} panicked");
    }
}

#[test]
fn non_finite_bars_and_boxes_neither_hang_nor_panic() {
    let scratch = Scratch::new("figures-bars");
    let base = scratch.root.join("bars");
    let drew = finishes("bars", move || {
        let labels = Labels { title: "t", x: "x", y: "y" };
        let no_panic = |drawn: anyhow::Result<Vec<std::path::PathBuf>>| {
            if let Err(e) = drawn {
                assert!(!e.to_string().contains("panicked"), "{e}");
            }
        };
        no_panic(grouped_bars(
            &base,
            &labels,
            &[1, 2],
            &[("a".into(), vec![f64::NAN, f64::INFINITY])],
        ));
        no_panic(grouped_bars(&base, &labels, &[], &[]));
        no_panic(box_plots(&base, &labels, &[("a".into(), vec![f64::NAN, 1.0, f64::INFINITY])]));
        no_panic(box_plots(&base, &labels, &[]));
    });
    assert!(drew, "drawing bars or boxes panicked");
}

#[test]
fn a_figure_that_cannot_be_drawn_is_reported_and_the_data_and_tables_stay() {
    let scratch = Scratch::new("figures-fail");
    let path = scratch.spec("paper/a", &small_spec("1", ""));
    let workspace = scratch.workspace();
    let plan = workspace.plans(&[path], Profile::Quick).unwrap().remove(0);
    // A directory where the histogram's PNG goes: the figure cannot be written.
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
