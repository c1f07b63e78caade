//! Every block of the README and of `docs/` marked runnable runs: ```` ```sh runnable ```` with
//! bash, ```` ```python runnable ```` with python3, in order, in a copy of the workspace's specs,
//! players and committed data in a temporary folder, so the front door cannot rot and no block
//! writes into the checkout.
//!
//! The debug builds of `mastermind` and `mastermind-lab` (which `cargo test --workspace` builds
//! before any test runs) stand in for `target/release/` and for `cargo xtask`, through a `cargo`
//! shim on the blocks' `PATH`. A block that needs a tool says so in its fence (`needs=parallel`,
//! `needs=py:polars`); without it the block is skipped with a line on stderr, or fails the test
//! under `MASTERMIND_REQUIRE_TOOLS=1`, as the other tests that need a tool do.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The files whose blocks may be marked runnable (every page of `docs/` besides).
const FILES: [&str; 6] = [
    "README.md",
    "experiments/README.md",
    "data/README.md",
    "data/speed/README.md",
    "crates/mastermind-cli/README.md",
    "PROTOCOL.md",
];

/// What the blocks see of the checkout: copied, never linked, so nothing can write back.
const COPIED: [&str; 6] =
    ["Cargo.toml", "experiments", "players", "data/full", "data/peers", "data/speed"];

/// The longest a block may take: blocks are meant to run in seconds, on small games.
const BLOCK_LIMIT: Duration = Duration::from_secs(180);

/// `cargo` as a block sees it: `cargo xtask ...` hands over to the debug builds, as the real
/// xtask does to the release ones; building and installing are already done.
const CARGO_SHIM: &str = r#"#!/bin/sh
case "$1" in
  xtask)
    shift
    case "$1" in
      tree) shift; game=$1; player=$2; shift 2
            exec mastermind tree --game "$game" --player "$player" --stats "$@" ;;
      bench|latex) echo "cargo xtask $1 is not run by the documentation's test" >&2; exit 0 ;;
      *) exec mastermind-lab "$@" ;;
    esac ;;
  build|install) exit 0 ;;
  *) echo "a runnable block may call cargo only as 'cargo xtask', 'cargo build' or 'cargo install'" >&2
     exit 97 ;;
esac
"#;

/// A block marked runnable.
#[derive(Debug, Clone, PartialEq)]
struct Block {
    /// `README.md:42`, the line of its opening fence.
    place: String,
    /// `sh` or `python`.
    language: String,
    /// What it needs beyond the lab: commands (`parallel`), or Python modules (`py:polars`).
    needs: Vec<String>,
    /// Its text.
    code: String,
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

/// The runnable blocks of one Markdown text; `file` names them.
fn blocks(file: &str, text: &str) -> Vec<Block> {
    let mut found = Vec::new();
    let mut lines = text.lines().enumerate();
    while let Some((number, line)) = lines.next() {
        let Some(info) = line.strip_prefix("```") else { continue };
        let mut words = info.split_whitespace();
        let language = words.next().unwrap_or("").to_string();
        let rest: Vec<&str> = words.collect();
        let code: Vec<&str> =
            lines.by_ref().map(|(_, l)| l).take_while(|l| !l.starts_with("```")).collect();
        if !rest.contains(&"runnable") {
            continue;
        }
        assert!(
            language == "sh" || language == "python",
            "{file}:{}: only sh and python blocks can be runnable",
            number + 1
        );
        let needs = rest
            .iter()
            .filter_map(|w| w.strip_prefix("needs="))
            .flat_map(|list| list.split(','))
            .map(String::from)
            .collect();
        found.push(Block {
            place: format!("{file}:{}", number + 1),
            language,
            needs,
            code: code.join("\n"),
        });
    }
    found
}

/// Every runnable block of the README, `docs/` and the other guides, in order.
fn every_block() -> Vec<Block> {
    let root = root();
    let mut files: Vec<String> = FILES.iter().map(|f| f.to_string()).collect();
    let mut pages: Vec<String> = std::fs::read_dir(root.join("docs"))
        .expect("docs/ exists")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    pages.sort();
    files.extend(pages);
    files
        .iter()
        .flat_map(|file| {
            let text = std::fs::read_to_string(root.join(file)).unwrap_or_default();
            blocks(file, &text)
        })
        .collect()
}

/// The folder of the debug binaries, beside this test's own executable (`target/debug/deps/`).
fn binaries() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let debug = exe.parent()?.parent()?.to_path_buf();
    ["mastermind", "mastermind-lab"].iter().all(|b| debug.join(b).is_file()).then_some(debug)
}

fn copy(from: &Path, to: &Path) {
    if from.is_dir() {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap().flatten() {
            copy(&entry.path(), &to.join(entry.file_name()));
        }
    } else {
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(from, to).unwrap_or_else(|e| panic!("{}: {e}", from.display()));
    }
}

/// A scratch workspace: the copied files, `runs/`, `.bin/` with the binaries and the cargo shim
/// first on `PATH`, and `target/release/` pointing at the same binaries.
fn workspace(debug: &Path) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mastermind-runnable-docs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for path in COPIED {
        copy(&root().join(path), &dir.join(path));
    }
    let bin = dir.join(".bin");
    let release = dir.join("target").join("release");
    for folder in [&bin, &release, &dir.join("runs")] {
        std::fs::create_dir_all(folder).unwrap();
    }
    for binary in ["mastermind", "mastermind-lab"] {
        std::os::unix::fs::symlink(debug.join(binary), bin.join(binary)).unwrap();
        std::os::unix::fs::symlink(debug.join(binary), release.join(binary)).unwrap();
    }
    let shim = bin.join("cargo");
    std::fs::write(&shim, CARGO_SHIM).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&shim, std::fs::Permissions::from_mode(0o755)).unwrap();
    dir
}

/// Whether `command` is on `PATH`.
fn on_path(command: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(command).is_file()))
}

/// The needs of `block` that this machine lacks.
fn missing(block: &Block) -> Vec<String> {
    let mut needs = block.needs.clone();
    if block.language == "python" {
        needs.insert(0, "python3".into());
    }
    needs
        .into_iter()
        .filter(|need| match need.strip_prefix("py:") {
            Some(module) => !Command::new("python3")
                .args(["-c", &format!("import {module}")])
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success()),
            None => !on_path(need),
        })
        .collect()
}

/// Runs one block in `dir`, within [`BLOCK_LIMIT`]; its output on failure.
fn run(block: &Block, dir: &Path) -> Result<Duration, String> {
    let mut command = match block.language.as_str() {
        "sh" => {
            let mut c = Command::new("bash");
            c.args(["-euo", "pipefail", "-c", &block.code]);
            c
        }
        _ => {
            let mut c = Command::new("python3");
            c.args(["-c", &block.code]);
            c
        }
    };
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut paths = vec![dir.join(".bin")];
    paths.extend(std::env::split_paths(&path));
    command
        .current_dir(dir)
        .env("PATH", std::env::join_paths(paths).unwrap())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let start = Instant::now();
    let mut child = command.spawn().map_err(|e| format!("cannot start: {e}"))?;
    // Read both pipes on threads so that a chatty block cannot fill one and stall.
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stdout.read_to_string(&mut text);
        text
    });
    let err = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break Some(status);
        }
        if start.elapsed() > BLOCK_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let said = format!("{}{}", out.join().unwrap_or_default(), err.join().unwrap_or_default());
    match status {
        Some(status) if status.success() => Ok(start.elapsed()),
        Some(status) => Err(format!("{status}:\n{said}")),
        None => Err(format!("stopped after {} s:\n{said}", BLOCK_LIMIT.as_secs())),
    }
}

#[test]
fn every_runnable_block_of_the_readme_and_the_guides_runs() {
    let blocks = every_block();
    assert!(
        blocks.iter().filter(|b| b.place.starts_with("README.md")).count() >= 4,
        "the README's cookbook has lost its runnable blocks: {blocks:#?}"
    );
    let required = std::env::var_os("MASTERMIND_REQUIRE_TOOLS").is_some_and(|v| v == "1");
    let Some(debug) = binaries() else {
        assert!(!required, "the debug builds of mastermind and mastermind-lab are missing");
        eprintln!(
            "skipped the runnable blocks: build `mastermind` and `mastermind-lab` first \
             (`cargo build -p mastermind-cli -p mastermind-lab`; `cargo test --workspace` does)"
        );
        return;
    };
    let dir = workspace(&debug);
    let mut failures = Vec::new();
    for block in &blocks {
        let missing = missing(block);
        if !missing.is_empty() {
            let install = "GNU parallel: apt-get install parallel; Python modules: python3 -m pip \
                           install pandas pyarrow polars";
            let line = format!("{} needs {} ({install})", block.place, missing.join(", "));
            if required {
                failures.push(line);
            } else {
                eprintln!("skipped {line}");
            }
            continue;
        }
        match run(block, &dir) {
            Ok(took) => eprintln!("ran {} in {:.1} s", block.place, took.as_secs_f64()),
            Err(why) => failures.push(format!("{} failed ({}): {why}", block.place, block.code)),
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn a_fence_marks_a_block_runnable_with_its_needs() {
    let text = "```sh\nnot run\n```\n\n```sh runnable needs=parallel,py:polars\nls\npwd\n```\n";
    let found = blocks("X.md", text);
    assert_eq!(
        found,
        vec![Block {
            place: "X.md:5".into(),
            language: "sh".into(),
            needs: vec!["parallel".into(), "py:polars".into()],
            code: "ls\npwd".into(),
        }]
    );
}
