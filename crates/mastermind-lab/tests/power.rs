//! `power`: the pilots' analysis printed, and kept beside the report when every spec is analysed.

mod common;

use common::{Scratch, small_spec};
use std::process::Command;

fn power(scratch: &Scratch, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_mastermind-lab"))
        .arg("power")
        .args(args)
        .args(["--threads", "1"])
        .current_dir(&scratch.root)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_analysis_of_every_spec_is_kept_beside_the_report_and_a_selection_only_printed() {
    let scratch = Scratch::new("power");
    scratch.spec("small/table-1", &small_spec("2", ""));
    let kept = scratch.root.join("figures/quick/POWER.md");

    let printed = power(&scratch, &["small"]);
    assert!(printed.contains("# Power analysis (quick profile)"), "{printed}");
    assert!(!kept.exists(), "a selection of specs wrote {}", kept.display());

    let printed = power(&scratch, &[]);
    let stored = std::fs::read_to_string(&kept).unwrap();
    assert_eq!(stored, printed, "the file is what was printed");
    // The small spec states no claim: the tables are there, empty.
    assert!(stored.contains("| paper | spec | claim |"), "{stored}");
    assert!(stored.contains("**Sizes planned for the quick profile.**"), "{stored}");
}
