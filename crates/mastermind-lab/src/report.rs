//! Tables and figures, always regenerated from the stored Parquet results, never edited by hand.
//!
//! Each spec gets `figures/<profile>/<spec>.md` and `.tex` (its tables) and its figures as PNG and
//! SVG beside them; `figures/<profile>/REPORT.md` stitches every spec's section together by paper,
//! and `figures/<profile>/report.tex` does the same in LaTeX for one PDF. The rendering, the
//! verdicts and the document are the `mastermind-report` crate's; this module hands it one spec's
//! stored results through its kind's report ([`mastermind_experiments::tasks::Task::report`]).
//!
//! The report crate returns every file as a value; [`write_files`] puts each in place with
//! `mastermind_files::write_atomic`, so a render stopped at any point leaves each file as it was
//! or whole, never half-written.

pub use mastermind_report::{
    INDEX_FILE_NAME, OutputFile, PaperOrder, Pending, Section, VERDICT_SLOT, document,
    figure_links_to_profile, finish, index_files, latex, plot, summary, table, verdict,
};

use anyhow::{Context, Result, anyhow};
use mastermind_experiments::plan::Plan;
use mastermind_experiments::tasks::{Rendered, ReportContext};
use mastermind_report::plot::NamedFigure;
use polars::prelude::DataFrame;
use std::path::{Path, PathBuf};

pub use mastermind_report::summary::SUMMARY_FILE_NAME;

/// Reads every `summary.ron` below `experiments`, in path order; a file that does not parse is a
/// problem, reported with its path and position.
pub fn load_summaries(experiments: &Path) -> (Vec<summary::PaperSummary>, Vec<String>) {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(experiments)
        .map(|dirs| {
            dirs.filter_map(|d| d.ok().map(|d| d.path().join(SUMMARY_FILE_NAME)))
                .filter(|p| p.is_file())
                .collect()
        })
        .unwrap_or_default();
    paths.sort();
    let mut summaries = Vec::new();
    let mut problems = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        match ron::from_str::<summary::PaperSummary>(&text) {
            Ok(summary) => summaries.push(summary),
            Err(e) => problems.push(format!("{}: {e}", path.display())),
        }
    }
    (summaries, problems)
}

/// Writes `files` (paths relative to `out`, the profile's figures folder) in order, each
/// atomically, creating the folders they need; returns their paths under `out`.
pub fn write_files(out: &Path, files: &[OutputFile]) -> Result<Vec<PathBuf>> {
    let mut written = Vec::with_capacity(files.len());
    for file in files {
        let path = out.join(&file.path);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        }
        mastermind_files::write_atomic(&path, &file.bytes)
            .with_context(|| format!("writing {}", path.display()))?;
        written.push(path);
    }
    Ok(written)
}

/// `<base>-<name>`: the path (without extension) of a spec's figure or export called `name`,
/// beside its tables.
fn beside(base: &Path, name: &str) -> PathBuf {
    let file = format!("{}-{name}", base.file_name().unwrap_or_default().to_string_lossy());
    base.with_file_name(file)
}

/// The report of `plan`'s kind on its stored `frame`. A panic in a report is an error of this
/// spec only, never of the process that renders every spec.
fn kind_report(plan: &Plan, context: &ReportContext<'_>, frame: &DataFrame) -> Result<Rendered> {
    let report = std::panic::AssertUnwindSafe(|| plan.task.report(context, frame));
    let rendered = std::panic::catch_unwind(report).unwrap_or_else(|panic| {
        let text = format!("the report panicked: {}", plot::panic_text(&panic));
        Err(mastermind_experiments::error::Error::message(text))
    })?;
    Ok(rendered)
}

/// Draws `figures` beside `base` (relative to `out`) and writes each as it is drawn; the files
/// written, and one sentence per figure that could not be drawn or written (an error of that
/// figure, shown in the section: the tables, the other figures and the data stay).
fn draw_figures(
    figures: &[NamedFigure],
    base: &Path,
    out: &Path,
) -> (Vec<OutputFile>, Vec<String>) {
    let mut errors = Vec::new();
    let mut drawn = Vec::new();
    for named in figures {
        let figure_base = beside(base, &named.name);
        let written =
            named.figure.draw(&figure_base).map_err(|e| e.to_string()).and_then(|files| {
                write_files(out, &files).map(|_| files).map_err(|e| {
                    let name = figure_base.file_name().unwrap_or_default().to_string_lossy();
                    format!("figure {name} not written: {e:#}")
                })
            });
        match written {
            Ok(files) => drawn.extend(files),
            Err(e) => errors.push(e),
        }
    }
    (drawn, errors)
}

/// The kind's exports (a strategy tree as JSON, ...) as files beside `base`.
fn exported_files(rendered: &Rendered, base: &Path) -> Vec<OutputFile> {
    let file = |export: &mastermind_experiments::tasks::Export| {
        let path = beside(base, &export.name).with_extension(&export.extension);
        OutputFile::new(path, export.text.clone())
    };
    rendered.exports.iter().map(file).collect()
}

/// The Markdown and the LaTeX of a spec's `tables` (labelled `tab:<name>:<k>` from 1), each
/// ending with [`VERDICT_SLOT`], where the verdict tables go once they are judged.
fn tables_text(name: &str, tables: &[table::Table]) -> (String, String) {
    let (mut markdown, mut latex) = (String::new(), String::new());
    for (k, table) in tables.iter().enumerate() {
        markdown += &table.markdown();
        markdown += "\n";
        latex += &table.latex(&format!("tab:{name}:{}", k + 1));
        latex += "\n";
    }
    markdown += VERDICT_SLOT;
    latex += VERDICT_SLOT;
    (markdown, latex)
}

/// The PNG figures among `drawn`, each with its caption (`caption` of its file stem), for the
/// Markdown and the LaTeX document.
fn pngs_with_captions(
    drawn: &[OutputFile],
    caption: impl Fn(&str) -> String,
) -> Vec<(String, String)> {
    drawn
        .iter()
        .map(|file| &file.path)
        .filter(|path| path.extension().is_some_and(|e| e == "png"))
        .map(|path| {
            let stem = path.file_stem().unwrap_or_default().to_string_lossy();
            (path.display().to_string(), caption(&stem))
        })
        .collect()
}

/// Renders the tables and figures of one spec from its results into `out` (the profile's folder);
/// `notice`, if any, is a paragraph shown under the description (a warning about the results).
/// The section's files are written as they are made: figures and exports first, then its tables.
pub fn render(plan: &Plan, frame: &DataFrame, out: &Path, notice: Option<&str>) -> Result<Section> {
    // Relative to `out`, as the report crate's files are.
    let base = PathBuf::from(&plan.name);
    let raw = &plan.raw;
    let title = format!("{} — {}", raw.paper, raw.section);
    let mut files = Vec::new();
    let description = match notice {
        Some(notice) => format!("{}\n\n{notice}", raw.description.trim()),
        None => raw.description.trim().to_owned(),
    };
    let mut markdown = format!("## {title}: {}\n\n", raw.title);
    if !description.trim().is_empty() {
        markdown += &format!("{}\n\n", description.trim());
    }
    let context = ReportContext { title: &title, judging: &raw.judging };
    let rendered = kind_report(plan, &context, frame)?;
    let (mut drawn, errors) = draw_figures(&rendered.figures, &base, out);
    let exports = exported_files(&rendered, &base);
    write_files(out, &exports)?;
    drawn.extend(exports);
    let mut verdicts = rendered.verdicts;
    verdict::mark_single_readings(&mut verdicts, &raw.judging.no_other_reading)
        .map_err(|e| anyhow!("{}: {e}", plan.name))?;
    let tables = rendered.tables.clone();
    let (tables_md, tables_tex) = tables_text(&plan.name, &tables);
    markdown += &tables_md;
    for note in &rendered.notes {
        markdown += &format!("{note}\n\n");
    }
    let captions = |stem: &str| format!("{title}: {} ({stem}).", raw.title);
    let pngs = pngs_with_captions(&drawn, captions);
    for (png, _) in &pngs {
        markdown += &format!("![{title}]({png})\n\n");
    }
    files.extend(drawn.into_iter().map(|file| out.join(file.path)));
    for error in &errors {
        markdown += &format!("**Not drawn:** {error}\n\n");
    }
    let md_path = base.with_extension("md");
    let tex_path = base.with_extension("tex");
    files.push(out.join(&md_path));
    files.push(out.join(&tex_path));
    let heading = format!("{}: {}", raw.section, raw.title);
    let latex = document::SectionBody {
        name: &plan.name,
        heading: &heading,
        description: description.trim(),
        has_tables: !tables.is_empty() || !verdicts.is_empty(),
        notes: &rendered.notes,
        figures: &pngs,
        errors: &errors,
    }
    .latex();
    let mut section = Section {
        paper: raw.paper.to_string(),
        name: plan.name.clone(),
        label: raw.section.to_string(),
        markdown: String::new(),
        latex,
        files,
        errors,
        verdicts,
        pending: Some(Pending {
            markdown,
            tables_tex,
            md_path,
            tex_path,
            tables_before: tables.len(),
        }),
    };
    // Judged alone first, so that a spec run by itself has its tables; the report index judges
    // it again with every other spec of its paper.
    write_files(out, &finish(std::slice::from_mut(&mut section)))?;
    crate::rendered::remove_stale(out, &base, &section.files)?;
    Ok(section)
}
