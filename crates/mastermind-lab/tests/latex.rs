//! The LaTeX side of the report: every `.tex` is ASCII with its tables labelled, `report.tex`
//! inputs every table and includes every figure, and it builds into one PDF with `latexmk`
//! wherever TeX is installed; every committed table compiles on its own in an article without an
//! overfull box (the builds are skipped, with a line on stderr saying so, where TeX is not
//! installed, and fail there under `MASTERMIND_REQUIRE_TOOLS=1`).

mod common;

use common::{LATEXMK, Scratch, small_spec};
use mastermind_experiments::spec::scaled::Profile;
use mastermind_lab::pdf::{self, PdfBuild};
use mastermind_lab::provenance::Provenance;
use mastermind_lab::runner;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A spec whose description and labels hold Unicode and LaTeX's specials.
fn awkward_spec() -> String {
    let arm = r#"(label: "Random θ1 ≥ 5 & 50% #x_y", player: OnePly((heuristic: Random)))"#;
    small_spec("2", arm).replace(
        "seed: 7,",
        r#"description: "Unicode θ1 − θ2 ≥ 0, 4×8 ≤ 9; specials $ _ # ~ ^ { } \\ in *emphasis* and **bold**.",
    seed: 7,"#,
    )
}

#[test]
fn the_report_is_one_latex_document_that_builds_into_a_pdf_where_tex_is_installed() {
    let scratch = Scratch::new("latex");
    scratch.spec("paper/table", &awkward_spec());
    scratch.spec("paper/second", &small_spec("2", ""));
    let workspace = scratch.workspace();
    let plans = workspace
        .plans(
            &[
                scratch.root.join("experiments/paper/table.ron"),
                scratch.root.join("experiments/paper/second.ron"),
            ],
            Profile::Quick,
        )
        .unwrap();
    let provenance = Provenance::of_checkout(&scratch.root);
    for plan in &plans {
        runner::run(&workspace, plan, &provenance, false).unwrap();
    }
    runner::report_every(&workspace, Profile::Quick, Vec::new()).unwrap();

    let figures = workspace.figures(Profile::Quick);
    let fragment = std::fs::read_to_string(figures.join("paper/table.tex")).unwrap();
    assert!(fragment.is_ascii(), "{fragment}");
    assert!(fragment.contains("\\label{tab:paper/table:1}"), "{fragment}");
    assert!(
        fragment
            .contains("Random \\ensuremath{\\theta_{1}} \\ensuremath{\\geq} 5 \\& 50\\% \\#x\\_y")
    );

    let report = std::fs::read_to_string(figures.join("report.tex")).unwrap();
    assert!(report.is_ascii());
    for needle in [
        "\\usepackage{booktabs}",
        "\\input{paper/second}",
        "\\input{paper/table}",
        "\\includegraphics[width=0.92\\linewidth,height=0.9\\textheight,keepaspectratio]{paper/table-guesses.png}",
        "\\includegraphics[width=0.92\\linewidth,height=0.9\\textheight,keepaspectratio]{paper/second-guesses.png}",
        "\\emph{emphasis} and \\textbf{bold}",
    ] {
        assert!(report.contains(needle), "report.tex lacks {needle}:\n{report}");
    }
    // The order of REPORT.md: the specs in the order the index lists them.
    let markdown = std::fs::read_to_string(figures.join("REPORT.md")).unwrap();
    let md_order = |name: &str| markdown.find(&format!("{name}-guesses.png")).unwrap();
    let tex_order = |name: &str| report.find(&format!("\\input{{{name}}}")).unwrap();
    assert_eq!(
        md_order("paper/second") < md_order("paper/table"),
        tex_order("paper/second") < tex_order("paper/table")
    );

    match pdf::build(&figures).unwrap() {
        PdfBuild::Built(path) => {
            let bytes = std::fs::read(&path).unwrap();
            assert!(bytes.starts_with(b"%PDF") && bytes.len() > 20_000, "{}", path.display());
        }
        PdfBuild::NoLatexmk => LATEXMK.skip("building report.tex into a PDF"),
    }
}

/// The `.tex` files under `dir`, at any depth, sorted.
fn tex_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(tex_files(&path));
        } else if path.extension().is_some_and(|e| e == "tex") {
            found.push(path);
        }
    }
    found.sort();
    found
}

/// What a LaTeX log says about a table that does not fit its page: each overfull box or float
/// too large, with the two lines after it (the text that overflows).
fn misfits(log: &str) -> Vec<String> {
    let lines: Vec<&str> = log.lines().collect();
    lines
        .iter()
        .enumerate()
        .filter(|(_, l)| {
            l.starts_with("Overfull \\hbox")
                || l.starts_with("Overfull \\vbox")
                || l.contains("Float too large for page")
        })
        .map(|(i, _)| lines[i..(i + 3).min(lines.len())].join("\n"))
        .collect()
}

/// Every table of the committed full report, as a reader would drop it into a paper: alone in an
/// A4 article with 2.5 cm margins (A4's line is narrower than US letter's), with only the
/// packages its documentation asks for. It must compile, and no box may be overfull.
#[test]
fn every_committed_table_fits_an_article_page_without_an_overfull_box() {
    if !LATEXMK.available_for("compiling every committed table on its own") {
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).ancestors().nth(2).unwrap();
    let figures = root.join("figures/full");
    let tables: Vec<PathBuf> =
        tex_files(&figures).into_iter().filter(|p| !p.ends_with("report.tex")).collect();
    assert!(tables.len() >= 30, "only {} tables under {}", tables.len(), figures.display());
    let scratch = Scratch::new("tables-alone");
    let mut failures = Vec::new();
    for (k, table) in tables.iter().enumerate() {
        let name = table.strip_prefix(&figures).unwrap().display().to_string();
        let fragment = std::fs::read_to_string(table).unwrap();
        let document = format!(
            "\\documentclass[a4paper]{{article}}\n\\usepackage[margin=2.5cm]{{geometry}}\n\\usepackage{{booktabs}}\n\\usepackage{{graphicx}}\n\\begin{{document}}\n{fragment}\n\\end{{document}}\n"
        );
        let file = format!("table-{k}.tex");
        std::fs::write(scratch.root.join(&file), document).unwrap();
        // One pass finds every overfull box: a second would only resolve the references.
        let output = Command::new("pdflatex")
            .args(["-interaction=nonstopmode", "-halt-on-error", &file])
            .current_dir(&scratch.root)
            .output()
            .expect("pdflatex, which latexmk drives, runs");
        let log = std::fs::read_to_string(scratch.root.join(format!("table-{k}.log")))
            .unwrap_or_default();
        if !output.status.success() {
            let errors: Vec<&str> = log.lines().filter(|l| l.starts_with("! ")).take(3).collect();
            failures.push(format!("{name} does not compile: {}", errors.join("; ")));
        }
        failures.extend(misfits(&log).into_iter().map(|m| format!("{name}: {m}")));
    }
    assert!(
        failures.is_empty(),
        "tables that do not fit an article's page:\n{}",
        failures.join("\n\n")
    );
}
