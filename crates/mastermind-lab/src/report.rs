//! Tables and figures, always regenerated from the stored Parquet results, never edited by hand.
//!
//! Each spec gets `figures/<profile>/<spec>.md` and `.tex` (its tables) and its figures as PNG and
//! SVG beside them; `figures/<profile>/REPORT.md` stitches every spec's section together by paper,
//! and `figures/<profile>/report.tex` does the same in LaTeX for one PDF. The rendering, the
//! verdicts and the document are the `mastermind-report` crate's; this module hands it one spec's
//! stored results through its kind's report ([`mastermind_experiments::tasks::Task::report`]).

pub use mastermind_report::{
    PaperOrder, Pending, Section, VERDICT_SLOT, document, finish, latex, pdf, plot, summary, table,
    verdict, write_index,
};

use anyhow::{Context, Result, anyhow};
use mastermind_experiments::plan::Plan;
use mastermind_experiments::tasks::ReportContext;
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

/// `<base>-<name>`: the path (without extension) of a spec's figure or export called `name`,
/// beside its tables.
fn beside(base: &Path, name: &str) -> PathBuf {
    let file = format!("{}-{name}", base.file_name().unwrap_or_default().to_string_lossy());
    base.with_file_name(file)
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
    let context = ReportContext { title: &title, judging: &raw.judging };
    // A panic in a report is an error of this spec only, never of the process that renders
    // every spec.
    let rendered = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        plan.task.report(&context, frame)
    }))
    .unwrap_or_else(|panic| Err(anyhow!("the report panicked: {}", plot::panic_text(&panic))))?;
    // A figure that cannot be drawn is an error of that figure, shown in the section; the
    // tables, the other figures and the data stay.
    let mut errors = Vec::new();
    let mut drawn = Vec::new();
    for named in &rendered.figures {
        match named.figure.draw(&beside(&base, &named.name)) {
            Ok(paths) => drawn.extend(paths),
            Err(e) => errors.push(format!("{e:#}")),
        }
    }
    for export in &rendered.exports {
        let path = beside(&base, &export.name).with_extension(&export.extension);
        std::fs::write(&path, &export.text)
            .with_context(|| format!("writing {}", path.display()))?;
        drawn.push(path);
    }
    let mut verdicts = rendered.verdicts;
    verdict::mark_single_readings(&mut verdicts, &raw.judging.no_other_reading)
        .map_err(|e| anyhow!("{}: {e}", plan.name))?;
    let tables = rendered.tables.clone();
    for (k, table) in tables.iter().enumerate() {
        markdown += &table.markdown();
        markdown += "\n";
        tables_tex += &table.latex(&format!("tab:{}:{}", plan.name, k + 1));
        tables_tex += "\n";
    }
    markdown += VERDICT_SLOT;
    tables_tex += VERDICT_SLOT;
    for note in &rendered.notes {
        markdown += &format!("{note}\n\n");
    }
    let mut pngs = Vec::new();
    for figure in drawn {
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
    let tex_path = base.with_extension("tex");
    files.push(md_path.clone());
    files.push(tex_path.clone());
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
    finish(std::slice::from_mut(&mut section))?;
    Ok(section)
}
