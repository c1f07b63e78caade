//! The LaTeX side of the report: every `.tex` is ASCII with its tables labelled, `report.tex`
//! inputs every table and includes every figure, and it builds into one PDF with `latexmk`
//! wherever TeX is installed (the build is skipped, with a line on stderr saying so, where it is
//! not, and fails there under `MASTERMIND_REQUIRE_TOOLS=1`).

mod common;

use common::{LATEXMK, Scratch, small_spec};
use mastermind_experiments::spec::scaled::Profile;
use mastermind_lab::provenance::Provenance;
use mastermind_lab::report::pdf::{self, PdfBuild};
use mastermind_lab::runner;

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
