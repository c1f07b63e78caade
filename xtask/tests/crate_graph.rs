//! The crate graph is the one ARCHITECTURE.md draws: every dependency between the workspace's
//! crates that a `Cargo.toml` declares is listed in its `arrows` block, and every arrow listed
//! is declared. A player crate named by the lab or the command line fails here.

use std::collections::BTreeSet;
use std::path::Path;

/// One arrow: `from -> to`, with ` (dev)` for a dev-dependency.
type Arrow = String;

/// The arrows between workspace crates that `manifest` (a `Cargo.toml`) declares.
fn declared(crate_name: &str, manifest: &str) -> BTreeSet<Arrow> {
    let mut section = String::new();
    let mut arrows = BTreeSet::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line.to_owned();
            continue;
        }
        let Some((key, _)) = line.split_once('=') else { continue };
        let dependency = key.trim();
        if !dependency.starts_with("mastermind-") {
            continue;
        }
        match section.as_str() {
            "[dependencies]" => arrows.insert(format!("{crate_name} -> {dependency}")),
            "[dev-dependencies]" => arrows.insert(format!("{crate_name} -> {dependency} (dev)")),
            "[build-dependencies]" => {
                arrows.insert(format!("{crate_name} -> {dependency} (build)"))
            }
            _ => continue,
        };
    }
    arrows
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

#[test]
fn a_manifest_is_read_by_section() {
    let manifest = "[package]\nname = \"x\"\n[dependencies]\nmastermind-core = { workspace = true }\nrand = \"1\"\n[dev-dependencies]\nmastermind-tree = { workspace = true }\n";
    let arrows: Vec<_> = declared("x", manifest).into_iter().collect();
    assert_eq!(arrows, ["x -> mastermind-core", "x -> mastermind-tree (dev)"]);
}
