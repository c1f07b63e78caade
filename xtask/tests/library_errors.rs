//! Libraries use typed errors and say nothing on a terminal themselves: `anyhow` and `indicatif`
//! are dependencies of binary crates only (a crate with `src/main.rs`: the runner, the command
//! line), so a library's errors are types its callers can match and its progress goes through
//! `mastermind_core::progress::Progress`. Checked in every manifest and every library source.

use std::path::{Path, PathBuf};

/// Crates a library must not depend on, with what it uses instead.
const BINARY_ONLY: [(&str, &str); 2] = [
    ("anyhow", "an error type of its own (thiserror)"),
    ("indicatif", "mastermind_core::progress::Progress"),
];

/// The normal dependencies (`[dependencies]`, `[dependencies.x]`, and the target-specific forms)
/// that `manifest` declares.
fn normal_dependencies(manifest: &str) -> Vec<String> {
    let mut section = String::new();
    let mut found = Vec::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line.trim_matches(|c| c == '[' || c == ']').to_owned();
            // `[dependencies.anyhow]`, `[target.'cfg(unix)'.dependencies.anyhow]`
            if let Some((_, name)) = section.split_once("dependencies.") {
                if !section.contains("dev-dependencies") && !section.contains("build-dependencies")
                {
                    found.push(name.trim().to_owned());
                }
            }
            continue;
        }
        let normal = section == "dependencies" || section.ends_with(".dependencies");
        if let (true, Some((key, _))) = (normal, line.split_once('=')) {
            found.push(key.trim().trim_matches('"').to_owned());
        }
    }
    found
}

/// Every crate folder under `crates/` with whether it is a binary crate.
fn crates() -> Vec<(PathBuf, bool)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut found: Vec<(PathBuf, bool)> = std::fs::read_dir(root.join("crates"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("Cargo.toml").is_file())
        .map(|p| {
            let binary = p.join("src/main.rs").is_file();
            (p, binary)
        })
        .collect();
    found.sort();
    found
}

#[test]
fn only_binary_crates_depend_on_anyhow_or_indicatif() {
    let crates = crates();
    assert!(crates.iter().filter(|(_, binary)| !binary).count() > 8, "{crates:?}");
    let mut found = Vec::new();
    for (dir, binary) in &crates {
        if *binary {
            continue;
        }
        let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap();
        for dependency in normal_dependencies(&manifest) {
            if let Some((_, instead)) = BINARY_ONLY.iter().find(|(name, _)| *name == dependency) {
                found.push(format!("{} depends on {dependency}; use {instead}", dir.display()));
            }
        }
    }
    assert!(found.is_empty(), "{found:#?}");
}

#[test]
fn library_sources_name_neither_anyhow_nor_indicatif() {
    let mut found = Vec::new();
    for (dir, binary) in crates() {
        if binary {
            continue;
        }
        let mut files = vec![dir.join("src")];
        while let Some(path) = files.pop() {
            if path.is_dir() {
                files.extend(std::fs::read_dir(&path).unwrap().flatten().map(|e| e.path()));
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                for (i, line) in text.lines().enumerate() {
                    if BINARY_ONLY.iter().any(|(name, _)| line.contains(&format!("{name}::"))) {
                        found.push(format!("{}:{}: {}", path.display(), i + 1, line.trim()));
                    }
                }
            }
        }
    }
    assert!(found.is_empty(), "{found:#?}");
}

#[test]
fn every_form_of_a_dependency_is_read() {
    let manifest = "[package]\nname = \"x\"\n\n[dependencies]\nanyhow = \"1\"\n\n\
                    [target.'cfg(unix)'.dependencies]\nindicatif = \"0.18\"\n\n\
                    [dependencies.serde]\nversion = \"1\"\n\n[dev-dependencies]\nproptest = \"1\"\n";
    assert_eq!(normal_dependencies(manifest), ["anyhow", "indicatif", "serde"]);
}
