//! The files each spec's last render wrote, kept so that a render removes those it no longer
//! writes: a figure dropped from a spec, or renamed, does not linger in the figures folder
//! beside the ones its report shows.
//!
//! The list of spec `snyder/case-1` is `snyder/.case-1.files`, one path (relative to the
//! profile's figures folder) a line. Only what a render of that spec could have written is ever
//! removed: its tables (`case-1.md`, `case-1.tex`) and files named `case-1-…` in its folder, so a
//! list edited by hand cannot remove a file named for no spec of that name.

use anyhow::{Context, Result};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The list of the files that the last render of the spec at `base` (its path without extension,
/// relative to `out`) wrote.
fn list_path(out: &Path, base: &Path) -> PathBuf {
    let stem = base.file_name().unwrap_or_default().to_string_lossy();
    out.join(base.with_file_name(format!(".{stem}.files")))
}

/// Whether `file` (relative to the figures folder) is one that a render of the spec at `base`
/// writes: in its folder, and its tables or named `<stem>-…`.
fn written_by(base: &Path, file: &Path) -> bool {
    let stem = base.file_name().unwrap_or_default().to_string_lossy();
    let name = file.file_name().unwrap_or_default().to_string_lossy();
    file.parent() == base.parent()
        && (name == format!("{stem}.md")
            || name == format!("{stem}.tex")
            || name.starts_with(&format!("{stem}-")))
}

/// Removes the files that the last render of the spec at `base` wrote and this one did not
/// (`written`, paths under `out`), then records `written` as the spec's list. Returns the files
/// removed, relative to `out`.
pub fn remove_stale(out: &Path, base: &Path, written: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let now: BTreeSet<PathBuf> =
        written.iter().map(|p| p.strip_prefix(out).unwrap_or(p).to_path_buf()).collect();
    let list = list_path(out, base);
    let before = std::fs::read_to_string(&list).unwrap_or_default();
    let mut removed = Vec::new();
    for file in before.lines().map(PathBuf::from) {
        if now.contains(&file) || !written_by(base, &file) || !out.join(&file).is_file() {
            continue;
        }
        std::fs::remove_file(out.join(&file))
            .with_context(|| format!("removing {}", out.join(&file).display()))?;
        removed.push(file);
    }
    let text: String = now.iter().map(|p| format!("{}\n", p.display())).collect();
    mastermind_files::write_atomic(&list, text.as_bytes())
        .with_context(|| format!("writing {}", list.display()))?;
    Ok(removed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_specs_own_files_are_its() {
        let base = Path::new("snyder/case-1");
        assert!(written_by(base, Path::new("snyder/case-1.md")));
        assert!(written_by(base, Path::new("snyder/case-1-figure-4.png")));
        assert!(!written_by(base, Path::new("snyder/case-10.md")));
        assert!(!written_by(base, Path::new("REPORT.md")));
        assert!(!written_by(base, Path::new("justus/case-1-figure-4.png")));
        assert!(!written_by(base, Path::new("snyder/../REPORT.md")));
    }
}
