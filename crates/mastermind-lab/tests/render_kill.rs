//! A render killed anywhere leaves every file of the report old or new, never half-written: the
//! report crate returns its files as values and the lab writes each with the one atomic writer.
//!
//! The runner renders a small spec's report in a child process, killed (SIGKILL on Unix) after
//! a spread of delays across a whole render; after each kill every file below the figures
//! folder is either as it was before the first render or as a completed render writes it, and
//! whatever else lies there is a temporary file of the atomic writer beside its target.

mod common;

use common::{Scratch, small_spec};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const LAB: &str = env!("CARGO_BIN_EXE_mastermind-lab");

/// How many renders are killed.
const KILLS: u32 = 12;

/// Every file below `dir`, by path relative to it, with its bytes.
fn files(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut found = BTreeMap::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if let Ok(bytes) = std::fs::read(&path) {
                found.insert(path.strip_prefix(dir).unwrap().to_path_buf(), bytes);
            }
        }
    }
    found
}

/// Runs `report` to its end; how long it took.
fn render(scratch: &Scratch) -> Duration {
    let start = Instant::now();
    let output = Command::new(LAB).args(["report"]).current_dir(&scratch.root).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    start.elapsed()
}

/// Whether `name` is a temporary file the atomic writer leaves beside a target when killed.
fn is_temporary_of_a_target(dir: &Path, name: &Path, targets: &BTreeMap<PathBuf, Vec<u8>>) -> bool {
    targets.keys().any(|target| {
        mastermind_files::leftover_temporaries(&dir.join(target)).contains(&dir.join(name))
    })
}

#[test]
fn a_render_killed_anywhere_leaves_every_file_old_or_new() {
    let scratch = Scratch::new("render-kill");
    let spec = scratch.spec("paper/table", &small_spec("1", ""));
    let ran =
        Command::new(LAB).args(["run", "paper/table"]).current_dir(&scratch.root).output().unwrap();
    assert!(ran.status.success(), "{}", String::from_utf8_lossy(&ran.stderr));
    let figures = scratch.root.join("figures").join("quick");
    // The old report: its figures gone, and its tables and index written before the spec file
    // changed. The new one says that the spec file changed, and draws the figures again.
    for (path, _) in files(&figures) {
        if path.extension().is_some_and(|e| e == "png" || e == "svg") {
            std::fs::remove_file(figures.join(path)).unwrap();
        }
    }
    let old = files(&figures);
    assert!(old.keys().any(|p| p.ends_with("REPORT.md")), "{:?}", old.keys());
    let text = std::fs::read_to_string(&spec).unwrap();
    std::fs::write(&spec, text.replace("title: \"small\"", "title: \"small, edited\"")).unwrap();

    // One whole render, timed in a copy of the state, so that the kills spread over it.
    let whole = {
        let copy = Scratch::new("render-kill-timing");
        for (path, bytes) in files(&scratch.root) {
            let to = copy.root.join(path);
            std::fs::create_dir_all(to.parent().unwrap()).unwrap();
            std::fs::write(to, bytes).unwrap();
        }
        render(&copy)
    };

    let mut seen = Vec::new();
    for k in 0..KILLS {
        // Delays spread evenly over a little more than a whole render.
        let delay = whole.mul_f64(1.2 * f64::from(k) / f64::from(KILLS));
        let mut child = Command::new(LAB)
            .args(["report"])
            .current_dir(&scratch.root)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(delay);
        let _ = child.kill();
        child.wait().unwrap();
        seen.push((delay, files(&figures)));
    }
    render(&scratch);
    let new = files(&figures);
    assert!(
        old.iter().any(|(path, bytes)| new.get(path).is_some_and(|b| b != bytes)),
        "the render changes some file"
    );
    assert!(new.len() > old.len(), "the render draws the figures again");

    let mut torn = Vec::new();
    for (delay, state) in &seen {
        for (path, bytes) in state {
            let whole_old = old.get(path) == Some(bytes);
            let whole_new = new.get(path) == Some(bytes);
            if !(whole_old || whole_new || is_temporary_of_a_target(&figures, path, &new)) {
                torn.push(format!("{} ({} bytes) after {delay:?}", path.display(), bytes.len()));
            }
        }
    }
    assert!(torn.is_empty(), "files neither old nor new after a kill: {torn:#?}");
}
