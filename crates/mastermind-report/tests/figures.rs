//! Figures never stop a report: non-finite or degenerate data neither hangs nor panics the
//! drawing code (a figure that cannot be drawn is an error naming it).

use mastermind_report::plot::{Figure, Labels, LineChart, LineSeries, OffScale, Reference, Source};
use std::path::PathBuf;
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
        let base = PathBuf::from(format!("line-{i}"));
        let drew = finishes(what, move || {
            // An error is an acceptable answer; a panic (which the drawing code turns into an
            // error saying so) or a hang is not.
            let references = references.into_iter().map(|(name, value)| Reference {
                name,
                value,
                source: Source::Ours,
            });
            // A point off the axis at a non-finite x, and a named position, on every case.
            let off = OffScale { x: f64::NAN, series: "s".into(), note: "capped".into() };
            let chart = LineChart::new(Labels::new("t", "x", "y"), lines)
                .references(references)
                .off_scale([off])
                .x_names([(f64::INFINITY, "apart".to_owned())]);
            if let Err(e) = Figure::Lines(chart).draw(&base) {
                assert!(!e.to_string().contains("panicked"), "{e}");
            }
        });
        assert!(drew, "drawing {what} panicked");
    }
}

#[test]
fn non_finite_bars_and_boxes_neither_hang_nor_panic() {
    let base = PathBuf::from("bars");
    let drew = finishes("bars", move || {
        let labels = || Labels::new("t", "x", "y");
        let no_panic = |figure: Figure| {
            if let Err(e) = figure.draw(&base) {
                assert!(!e.to_string().contains("panicked"), "{e}");
            }
        };
        no_panic(Figure::Bars {
            labels: labels(),
            categories: vec![1, 2],
            series: vec![("a".into(), vec![f64::NAN, f64::INFINITY])],
        });
        no_panic(Figure::Bars { labels: labels(), categories: vec![], series: vec![] });
        no_panic(Figure::Boxes {
            labels: labels(),
            samples: vec![("a".into(), vec![f64::NAN, 1.0, f64::INFINITY])],
            paper_means: vec![],
        });
        no_panic(Figure::Boxes { labels: labels(), samples: vec![], paper_means: vec![] });
    });
    assert!(drew, "drawing bars or boxes panicked");
}
