//! Tables and figures, always regenerated from the stored Parquet results, never edited by hand.
//!
//! Each spec gets `figures/<profile>/<spec>.md` and `.tex` (its tables) and its figures as PNG and
//! SVG beside them; `figures/<profile>/REPORT.md` stitches every spec's section together by paper,
//! and `figures/<profile>/report.tex` does the same in LaTeX for one PDF ([`document`], [`pdf`]).

pub mod document;
pub mod latex;
pub mod pdf;
pub mod plot;
pub mod table;
pub mod verdict;

use crate::plan::Plan;
use crate::tasks::ReportContext;
use anyhow::{Context, Result, anyhow};
use polars::prelude::DataFrame;
use std::path::{Path, PathBuf};
use table::Table;

/// A rendered spec: its Markdown section and the files written.
#[derive(Debug, Clone)]
pub struct Section {
    /// The paper, for grouping sections in the report.
    pub paper: String,
    /// The spec's name.
    pub name: String,
    /// Markdown for the report (figure links relative to the report).
    pub markdown: String,
    /// The section's body in `report.tex` (paths relative to the report).
    pub latex: String,
    /// Files written.
    pub files: Vec<PathBuf>,
    /// Figures that could not be drawn, one sentence each (the tables and the data are fine).
    pub errors: Vec<String>,
    /// The paper's claims the spec tests, with their verdicts.
    pub verdicts: Vec<verdict::Verdict>,
}

/// Renders the tables and figures of one spec from its results into `out` (the profile's folder);
/// `notice`, if any, is a paragraph shown under the description (a warning about the results).
pub fn render(plan: &Plan, frame: &DataFrame, out: &Path, notice: Option<&str>) -> Result<Section> {
    let base = out.join(&plan.name);
    if let Some(dir) = base.parent() {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let raw = &plan.raw;
    let title = format!("{} — {}", raw.paper, raw.section);
    let mut files = Vec::new();
    let mut markdown = format!("## {title}: {}\n\n", raw.title);
    let description = match notice {
        Some(notice) => format!("{}\n\n{notice}", raw.description.trim()),
        None => raw.description.trim().to_owned(),
    };
    if !description.trim().is_empty() {
        markdown += &format!("{}\n\n", description.trim());
    }
    let mut tables_tex = String::new();
    let context = ReportContext { title: &title, base: &base };
    // A figure that cannot be drawn is recorded in `errors`; a panic elsewhere in a report is
    // an error of this spec only, never of the process that renders every spec.
    let (rendered, errors) = plot::collecting_failures(|| {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| plan.task.report(&context, frame)))
    });
    let rendered = rendered.unwrap_or_else(|panic| {
        Err(anyhow!("the report panicked: {}", plot::panic_text(&panic)))
    })?;
    let mut tables = rendered.tables.clone();
    if !rendered.verdicts.is_empty() {
        tables.push(verdict::section_table(&rendered.verdicts));
    }
    for (k, table) in tables.iter().enumerate() {
        markdown += &table.markdown();
        markdown += "\n";
        tables_tex += &table.latex(&format!("tab:{}:{}", plan.name, k + 1));
        tables_tex += "\n";
    }
    for note in &rendered.notes {
        markdown += &format!("{note}\n\n");
    }
    let mut pngs = Vec::new();
    for figure in rendered.figures {
        if figure.extension().is_some_and(|e| e == "png") {
            let relative = figure.strip_prefix(out).unwrap_or(&figure);
            markdown += &format!("![{title}]({})\n\n", relative.display());
            let stem = figure.file_stem().unwrap_or_default().to_string_lossy().into_owned();
            pngs.push((
                relative.display().to_string(),
                format!("{title}: {} ({stem}).", raw.title),
            ));
        }
        files.push(figure);
    }
    for error in &errors {
        markdown += &format!("**Not drawn:** {error}\n\n");
    }
    let md_path = base.with_extension("md");
    std::fs::write(&md_path, &markdown)
        .with_context(|| format!("writing {}", md_path.display()))?;
    let tex_path = base.with_extension("tex");
    std::fs::write(&tex_path, &tables_tex)
        .with_context(|| format!("writing {}", tex_path.display()))?;
    files.push(md_path);
    files.push(tex_path);
    let heading = format!("{}: {}", raw.section, raw.title);
    let latex = document::SectionBody {
        name: &plan.name,
        heading: &heading,
        description: description.trim(),
        has_tables: !tables.is_empty(),
        notes: &rendered.notes,
        figures: &pngs,
        errors: &errors,
    }
    .latex();
    Ok(Section {
        paper: raw.paper.to_string(),
        name: plan.name.clone(),
        markdown,
        latex,
        files,
        errors,
        verdicts: rendered.verdicts,
    })
}

/// The opening of the report: per paper, how many of its claims each verdict has, and every
/// verdict across papers.
fn verdicts_overview(sections: &[Section], papers: &[&str]) -> (Table, Table) {
    use verdict::Outcome;
    let mut summary = Table::new(
        "**Verdicts by paper.** Claims tested by the specs, counted by verdict; the last column \
         counts the paper's sections whose specs state no claim the data can judge yet (their \
         tables still show the paper's numbers beside ours).",
        &[
            "paper",
            "claims",
            "reproduced",
            "explained difference",
            "contradicted",
            "not testable",
            "sections without a verdict",
        ],
    );
    let mut every = Table::new(
        "**Every verdict.** A number is tested by its difference from ours, less half a unit of the \
         paper's last printed decimal, in standard errors (ours, and the paper's own where it gives \
         one): two-sided normal test, Holm-corrected over the claims of each spec, alpha = 0.05. \
         Not rejected: reproduced; rejected: an explained difference when the spec gives its reason \
         in one sentence, contradicted when it does not. An exact value (a deterministic player over \
         every secret) must match within the rounding. Groups are reproduced when every pair of \
         arms is together, or apart, in both the paper's groups and ours.",
        &[
            "paper",
            "section",
            "claim",
            "ours (95% CI)",
            "paper's",
            "difference (SE)",
            "p (Holm)",
            "verdict",
            "why",
        ],
    );
    for &paper in papers {
        let of_paper: Vec<&Section> = sections.iter().filter(|s| s.paper == paper).collect();
        let verdicts: Vec<&verdict::Verdict> =
            of_paper.iter().flat_map(|s| s.verdicts.iter()).collect();
        let count = |o: Outcome| verdicts.iter().filter(|v| v.outcome == o).count().to_string();
        let mut row = vec![paper.to_owned(), verdicts.len().to_string()];
        row.extend(Outcome::ALL.iter().map(|&o| count(o)));
        row.push(of_paper.iter().filter(|s| s.verdicts.is_empty()).count().to_string());
        summary.row(row);
        for section in of_paper {
            for v in &section.verdicts {
                let mut cells = vec![paper.to_owned(), section.name.clone()];
                cells.extend(verdict::row(v));
                every.row(cells);
            }
        }
    }
    (summary, every)
}

/// The GitHub-style anchor of a section's first heading.
fn anchor(markdown: &str) -> String {
    let heading = markdown.lines().next().unwrap_or_default().trim_start_matches('#').trim();
    heading
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// Writes `REPORT.md` and `report.tex` in `out`: every section, grouped by paper. Papers named in
/// `paper_order` come first, in that order; the others follow in the order their sections are
/// given. Returns the path of `REPORT.md`.
pub fn write_index(
    out: &Path,
    profile: &str,
    sections: &[Section],
    paper_order: &[String],
) -> Result<PathBuf> {
    let flag = if profile == "full" { " --full" } else { "" };
    let mut text = format!(
        "# mastermind-lab report ({profile} profile)\n\nRegenerated by `cargo xtask report{flag}` from the \
         Parquet files in `data/{profile}/`. Each table shows the reproduced numbers with the paper's \
         beside them. `report.tex` beside this file holds the same tables and figures as one LaTeX \
         document (`cargo xtask latex{flag}` builds it into `report.pdf` where TeX is installed).\n\n"
    );
    let mut papers: Vec<&str> = paper_order
        .iter()
        .map(String::as_str)
        .filter(|p| sections.iter().any(|s| s.paper == *p))
        .collect();
    for s in sections {
        if !papers.contains(&s.paper.as_str()) {
            papers.push(&s.paper);
        }
    }
    let (summary, every) = verdicts_overview(sections, &papers);
    text += &format!("{}\n{}\n", summary.markdown(), every.markdown());
    let mut tex_papers = Vec::new();
    for paper in papers {
        tex_papers.push((
            paper,
            sections.iter().filter(|s| s.paper == paper).map(|s| s.latex.as_str()).collect(),
        ));
        text += &format!("# {paper}\n\n");
        text += "Sections: ";
        let links: Vec<String> = sections
            .iter()
            .filter(|s| s.paper == paper)
            .map(|s| format!("[{}](#{})", s.name, anchor(&s.markdown)))
            .collect();
        text += &links.join(", ");
        text += "\n\n";
        for s in sections.iter().filter(|s| s.paper == paper) {
            text += &s.markdown.replacen("## ", "### ", 1);
            text += "\n";
        }
    }
    std::fs::create_dir_all(out)?;
    let path = out.join("REPORT.md");
    std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
    let tex = out.join(document::FILE_NAME);
    let overview = summary.latex("tab:verdicts");
    std::fs::write(&tex, document::document(profile, &overview, &tex_papers))
        .with_context(|| format!("writing {}", tex.display()))?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use verdict::{Estimate, Printed, compare};

    fn section(paper: &str, name: &str, verdicts: Vec<verdict::Verdict>) -> Section {
        Section {
            paper: paper.into(),
            name: name.into(),
            markdown: format!("## {paper} — {name}: title\n\nbody\n"),
            latex: String::new(),
            files: Vec::new(),
            errors: Vec::new(),
            verdicts,
        }
    }

    #[test]
    fn the_report_opens_with_the_verdicts_counted_by_paper() {
        let exact = |ours: f64, paper: f64, why: Option<&str>| {
            let printed = Printed::new(paper, 0);
            compare(format!("total {paper}"), Estimate::exact(ours), printed, why)
        };
        let sections = vec![
            section("P1", "a", vec![exact(5.0, 5.0, None), exact(6.0, 5.0, None)]),
            section("P1", "b", Vec::new()),
            section("P2", "c", vec![exact(7.0, 5.0, Some("A known reason."))]),
        ];
        let dir = std::env::temp_dir().join(format!("verdict-index-{}", std::process::id()));
        let path = write_index(&dir, "quick", &sections, &[]).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        let verdicts_at = text.find("**Verdicts by paper.**").unwrap();
        assert!(verdicts_at < text.find("# P1").unwrap(), "the verdicts come first");
        // paper, claims, reproduced, explained, contradicted, not testable, without a verdict
        assert!(text.contains("| P1 | 2 | 1 | 0 | 1 | 0 | 1 |"), "{text}");
        assert!(text.contains("| P2 | 1 | 0 | 1 | 0 | 0 | 0 |"), "{text}");
        assert!(text.contains("| explained difference | A known reason. |"), "{text}");
        assert!(
            text.contains(
                "Ours is 1 above the paper's (exact values), and the spec gives no reason."
            ),
            "{text}"
        );
    }
}
