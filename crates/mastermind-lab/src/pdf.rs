//! Building `report.tex` into one PDF with `latexmk`, where a TeX installation is present: a
//! process the lab runs on the files it wrote.
//!
//! TeX is not a requirement of the lab: without `latexmk` on `PATH` the build says so and
//! nothing else happens (Debian: `apt-get install texlive-latex-recommended latexmk`).

use anyhow::{Context, Result, bail};
use mastermind_report::document::FILE_NAME;
use std::path::{Path, PathBuf};
use std::process::Command;

/// What a PDF build came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PdfBuild {
    /// The PDF was written here.
    Built(PathBuf),
    /// `latexmk` is not on `PATH`; nothing was done.
    NoLatexmk,
}

/// How to get `latexmk` on a Debian-like system, for messages.
pub const INSTALL_HINT: &str =
    "install TeX, e.g. `apt-get install --no-install-recommends texlive-latex-recommended latexmk`";

/// Whether an executable called `latexmk` is on `PATH`.
pub fn latexmk_on_path() -> bool {
    std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join("latexmk").is_file()))
}

/// Runs `latexmk -pdf` on `report.tex` in `dir` (a profile's figures folder) and returns the
/// PDF's path, or [`PdfBuild::NoLatexmk`]. A LaTeX error fails with the first error lines of
/// the log.
pub fn build(dir: &Path) -> Result<PdfBuild> {
    if !latexmk_on_path() {
        return Ok(PdfBuild::NoLatexmk);
    }
    let tex = dir.join(FILE_NAME);
    if !tex.is_file() {
        bail!("{} does not exist; render the report first (`report`)", tex.display());
    }
    let output = Command::new("latexmk")
        .args(["-pdf", "-interaction=nonstopmode", "-halt-on-error", "-file-line-error"])
        .arg(FILE_NAME)
        .current_dir(dir)
        .output()
        .context("starting latexmk")?;
    if !output.status.success() {
        let log = std::fs::read_to_string(tex.with_extension("log")).unwrap_or_default();
        bail!(
            "latexmk failed ({}) on {}:\n{}",
            output.status,
            tex.display(),
            first_errors(&log, &String::from_utf8_lossy(&output.stdout))
        );
    }
    Ok(PdfBuild::Built(tex.with_extension("pdf")))
}

/// The error lines of a LaTeX log (`file:line: message` or `! message`) with the two lines
/// that follow each, or the tail of latexmk's output when the log has none.
fn first_errors(log: &str, output: &str) -> String {
    let lines: Vec<&str> = log.lines().collect();
    let found: Vec<String> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.starts_with("! ") || l.contains(".tex:") && l.contains(": "))
        .take(5)
        .map(|(i, _)| lines[i..(i + 3).min(lines.len())].join("\n"))
        .collect();
    if found.is_empty() {
        let tail: Vec<&str> = output.lines().rev().take(20).collect();
        tail.into_iter().rev().collect::<Vec<_>>().join("\n")
    } else {
        found.join("\n")
    }
}
