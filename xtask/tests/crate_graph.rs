//! The crate graph is the one ARCHITECTURE.md draws: every dependency between the workspace's
//! crates that a `Cargo.toml` declares is listed in its `arrows` block, and every arrow listed
//! is declared. A player crate named by the lab or the command line fails here.
//!
//! A manifest is read in every form cargo accepts for a dependency: the `[dependencies]`,
//! `[dev-dependencies]` and `[build-dependencies]` tables (and their old `dev_dependencies`
//! spellings), the same under `[target.<cfg>.…]`, one table per dependency
//! (`[dependencies.mastermind-core]`), dotted keys (`mastermind-core.workspace = true`), inherited
//! (`{ workspace = true }`) or by path, and renamed (`core = { package = "mastermind-core" }`).

use std::collections::BTreeSet;
use std::path::Path;

/// One arrow: `from -> to`, with ` (dev)` for a dev-dependency and ` (build)` for a build one.
type Arrow = String;

/// The kind of dependency table a section header opens, and the dependency it names when it is a
/// table of its own (`[dependencies.x]`).
fn dependency_section(header: &str) -> Option<(&'static str, Option<String>)> {
    let inner = header.trim().strip_prefix('[')?.strip_suffix(']')?.trim();
    if inner.starts_with('[') {
        return None; // An array of tables (`[[bench]]`) holds no dependencies.
    }
    let mut parts = split_key(inner).into_iter();
    let mut first = parts.next()?;
    if first == "target" {
        parts.next()?; // The platform: a triple or a quoted `cfg(...)`.
        first = parts.next()?;
    }
    let kind = match first.as_str() {
        "dependencies" => "",
        "dev-dependencies" | "dev_dependencies" => " (dev)",
        "build-dependencies" | "build_dependencies" => " (build)",
        _ => return None,
    };
    let name = parts.next();
    if parts.next().is_some() {
        return None; // `[dependencies.x.features]` or deeper: nothing new.
    }
    Some((kind, name))
}

/// The parts of a dotted TOML key, unquoted: `target.'cfg(unix)'.dependencies` gives
/// `target`, `cfg(unix)`, `dependencies`.
fn split_key(key: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let mut current = String::new();
    let mut quote = None;
    for c in key.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => current.push(c),
            (None, '"' | '\'') => quote = Some(c),
            (None, '.') => parts.push(std::mem::take(&mut current).trim().to_owned()),
            (None, c) => current.push(c),
        }
    }
    parts.push(current.trim().to_owned());
    parts
}

/// The value of `field = "..."` in an inline table's text, if any.
fn inline_string(table: &str, field: &str) -> Option<String> {
    let body = table.trim().strip_prefix('{')?.strip_suffix('}')?;
    body.split(',').find_map(|pair| {
        let (key, value) = pair.split_once('=')?;
        (key.trim() == field).then(|| value.trim().trim_matches(['"', '\'']).to_owned())
    })
}

/// The arrows between workspace crates that `manifest` (a `Cargo.toml`) declares.
fn declared(crate_name: &str, manifest: &str) -> BTreeSet<Arrow> {
    // Each dependency seen: (kind, key in the manifest, the package it names if renamed).
    let mut dependencies: Vec<(&str, String, Option<String>)> = Vec::new();
    let mut section: Option<(&str, Option<String>)> = None;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            section = dependency_section(line);
            if let Some((kind, Some(name))) = &section {
                dependencies.push((kind, name.clone(), None));
            }
            continue;
        }
        let Some((kind, table_of)) = &section else { continue };
        let Some((key, value)) = line.split_once('=') else { continue };
        let key = split_key(key);
        match table_of {
            // `[dependencies.x]`: its `package = "..."` renames it.
            Some(name) => {
                if key == ["package"] {
                    let package = value.trim().trim_matches(['"', '\'']).to_owned();
                    for d in dependencies.iter_mut().filter(|d| d.0 == *kind && d.1 == *name) {
                        d.2 = Some(package.clone());
                    }
                }
            }
            // `x = ...`, `x.workspace = true`, `x.package = "..."`.
            None => {
                let package = match key.get(1).map(String::as_str) {
                    Some("package") => Some(value.trim().trim_matches(['"', '\'']).to_owned()),
                    _ => inline_string(value, "package"),
                };
                dependencies.push((kind, key[0].clone(), package));
            }
        }
    }
    dependencies
        .into_iter()
        .map(|(kind, key, package)| (kind, package.unwrap_or(key)))
        .filter(|(_, package)| package.starts_with("mastermind-") || package == "xtask")
        .map(|(kind, package)| format!("{crate_name} -> {package}{kind}"))
        .collect()
}

/// The lines of the ```` ```arrows ```` block of ARCHITECTURE.md.
fn drawn(architecture: &str) -> BTreeSet<Arrow> {
    let start = architecture.find("```arrows\n").expect("ARCHITECTURE.md has an arrows block");
    let block = &architecture[start + "```arrows\n".len()..];
    let end = block.find("```").expect("the arrows block is closed");
    block[..end].lines().map(str::trim).filter(|l| !l.is_empty()).map(str::to_owned).collect()
}

#[test]
fn every_dependency_between_crates_is_an_arrow_of_the_architecture() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut declared_arrows = BTreeSet::new();
    let mut crates = 0;
    for entry in std::fs::read_dir(root.join("crates")).unwrap().flatten() {
        let manifest = entry.path().join("Cargo.toml");
        let Ok(text) = std::fs::read_to_string(&manifest) else { continue };
        let name = entry.file_name().to_string_lossy().into_owned();
        declared_arrows.extend(declared(&name, &text));
        crates += 1;
    }
    let xtask = std::fs::read_to_string(root.join("xtask/Cargo.toml")).unwrap();
    declared_arrows.extend(declared("xtask", &xtask));
    assert!(crates >= 10, "found only {crates} crates");
    let architecture = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let drawn_arrows = drawn(&architecture);
    let undrawn: Vec<_> = declared_arrows.difference(&drawn_arrows).collect();
    assert!(undrawn.is_empty(), "dependencies ARCHITECTURE.md does not draw: {undrawn:#?}");
    let stale: Vec<_> = drawn_arrows.difference(&declared_arrows).collect();
    assert!(stale.is_empty(), "arrows of ARCHITECTURE.md no Cargo.toml declares: {stale:#?}");
}

/// `(manifest, the arrows it declares)`: every form cargo accepts, each once.
const FORMS: &[(&str, &[&str])] = &[
    (
        "[package]\nname = \"x\"\n[dependencies]\nmastermind-core = { workspace = true }\nrand = \"1\"\n\
         [dev-dependencies]\nmastermind-tree = { workspace = true }\n",
        &["x -> mastermind-core", "x -> mastermind-tree (dev)"],
    ),
    (
        "[build-dependencies]\nmastermind-core = { path = \"../mastermind-core\" }\n",
        &["x -> mastermind-core (build)"],
    ),
    (
        "[target.'cfg(target_arch = \"x86_64\")'.dependencies]\nmastermind-stats = \"0.1\"\n",
        &["x -> mastermind-stats"],
    ),
    (
        "[target.x86_64-unknown-linux-gnu.dev-dependencies]\nmastermind-mcmc.workspace = true\n",
        &["x -> mastermind-mcmc (dev)"],
    ),
    (
        "[target.\"cfg(unix)\".build-dependencies]\nmastermind-files = { workspace = true }\n",
        &["x -> mastermind-files (build)"],
    ),
    (
        "[dependencies.mastermind-core]\nworkspace = true\nfeatures = [\"a\"]\n",
        &["x -> mastermind-core"],
    ),
    (
        "[dev-dependencies.mastermind-tree]\npath = \"../mastermind-tree\"\n",
        &["x -> mastermind-tree (dev)"],
    ),
    (
        "[target.'cfg(unix)'.dependencies.mastermind-report]\nworkspace = true\n",
        &["x -> mastermind-report"],
    ),
    (
        "[dependencies]\ncore = { package = \"mastermind-core\", path = \"../mastermind-core\" }\n",
        &["x -> mastermind-core"],
    ),
    (
        "[dependencies.stats]\npackage = \"mastermind-stats\"\nworkspace = true\n",
        &["x -> mastermind-stats"],
    ),
    (
        "[dev_dependencies]\nmastermind-heuristics = \"0.1\"\n",
        &["x -> mastermind-heuristics (dev)"],
    ),
    (
        "[dependencies]\nmastermind-core = { workspace = true }\n[dependencies.mastermind-core.features]\n\
         x = 1\n[workspace.dependencies]\nmastermind-stats = { path = \"s\" }\n[[bench]]\nname = \"b\"\n",
        &["x -> mastermind-core"],
    ),
];

#[test]
fn a_manifest_is_read_in_every_form_of_dependency() {
    for (manifest, arrows) in FORMS {
        let found: Vec<_> = declared("x", manifest).into_iter().collect();
        assert_eq!(found, *arrows, "{manifest}");
    }
}
