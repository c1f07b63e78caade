//! Sharded runs (issue 15): three shards run through GNU parallel and merged equal the unsharded
//! run row for row; an interrupted shard reruns idempotently; a merge refuses missing parts and
//! parts of another spec text; the README's SLURM script is valid bash. The GNU parallel test
//! skips, saying so, where `parallel` is not installed (and fails there under
//! `MASTERMIND_REQUIRE_TOOLS=1`).

mod common;

use common::{GNU_PARALLEL, Scratch, said_twice, small_spec, without_wall_time};
use mastermind_lab::store::{ResultPaths, read};
use polars::prelude::DataFrame;
use std::path::Path;
use std::process::{Command, Output};

const LAB: &str = env!("CARGO_BIN_EXE_mastermind-lab");

fn lab(scratch: &Scratch, args: &[&str]) -> Output {
    Command::new(LAB).args(args).current_dir(&scratch.root).output().unwrap()
}

fn ok(output: &Output) -> String {
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(output.status.success(), "{stderr}");
    stderr
}

/// The stderr of a run that failed, after checking that none of its lines says a thing twice.
fn failed(output: &Output) -> String {
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    if let Some(twice) = stderr.lines().find_map(|line| said_twice(line, "")) {
        panic!("says {twice} twice: {stderr}");
    }
    stderr
}

fn stored(scratch: &Scratch) -> DataFrame {
    let paths = ResultPaths::new(&scratch.root.join("data"), "quick", "paper/table");
    let frame = read(&paths).unwrap();
    without_wall_time(frame)
}

fn part(scratch: &Scratch, index: u32, count: u32) -> ResultPaths {
    ResultPaths::new(
        &scratch.root.join("data"),
        "quick",
        &format!("paper/table.part-{index}-of-{count}"),
    )
}

#[test]
fn three_shards_through_gnu_parallel_merge_into_the_unsharded_table() {
    if !GNU_PARALLEL.available_for("three shards through GNU parallel") {
        return;
    }
    let scratch = Scratch::new("shards-parallel");
    // Three arms, one with a lying codemaker: its metric columns exist only in its games.
    let liar = r#"(label: "Liar", player: OnePly((heuristic: Entropy)), codemaker: Some(FalseReplies((p: 0.2)))),"#;
    scratch.spec("paper/table", &small_spec("3", liar));
    ok(&lab(&scratch, &["run", "paper/table"]));
    let unsharded = stored(&scratch);

    let sharded = Command::new("parallel")
        .args([
            "--will-cite",
            "-j",
            "3",
            LAB,
            "run",
            "paper/table",
            "--threads",
            "1",
            "--shard",
            "{}/3",
            ":::",
            "0",
            "1",
            "2",
        ])
        .current_dir(&scratch.root)
        .output()
        .unwrap();
    ok(&sharded);
    for index in 0..3 {
        assert!(part(&scratch, index, 3).manifest.exists(), "part {index} missing");
    }
    // Shard 1 killed before its commit: its part is gone and a temporary file is left.
    let killed = part(&scratch, 1, 3);
    std::fs::remove_file(&killed.manifest).unwrap();
    std::fs::write(killed.data.with_file_name("table.part-1-of-3.parquet.999.tmp"), "torn")
        .unwrap();
    let again = ok(&lab(&scratch, &["run", "paper/table", "--shard", "1/3"]));
    assert!(again.contains("ran"), "{again}");
    let idempotent = ok(&lab(&scratch, &["run", "paper/table", "--shard", "0/3"]));
    assert!(idempotent.contains("current"), "{idempotent}");

    ok(&lab(&scratch, &["merge", "paper/table"]));
    let merged = stored(&scratch);
    assert_eq!(merged.height(), unsharded.height());
    assert_eq!(merged.get_column_names(), unsharded.get_column_names());
    assert!(merged.equals_missing(&unsharded), "merged differs from unsharded");
    let leftovers: Vec<_> = std::fs::read_dir(scratch.root.join("data/quick/paper"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".part-") && !n.ends_with(".lock"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn a_merge_refuses_missing_parts_mixed_counts_and_parts_of_another_spec() {
    let scratch = Scratch::new("shards-refused");
    let path = scratch.spec("paper/table", &small_spec("2", ""));
    let nothing = failed(&lab(&scratch, &["merge", "paper/table"]));
    assert!(nothing.contains("no parts"), "{nothing}");
    ok(&lab(&scratch, &["run", "paper/table", "--shard", "0/2"]));
    let missing = failed(&lab(&scratch, &["merge", "paper/table"]));
    assert!(missing.contains("part 1/2"), "{missing}");
    ok(&lab(&scratch, &["run", "paper/table", "--shard", "1/2"]));
    ok(&lab(&scratch, &["run", "paper/table", "--shard", "0/3"]));
    let mixed = failed(&lab(&scratch, &["merge", "paper/table"]));
    assert!(mixed.contains("different shard counts"), "{mixed}");
    for index in 0..1 {
        let p = part(&scratch, index, 3);
        std::fs::remove_file(p.manifest).unwrap();
        std::fs::remove_file(p.data).unwrap();
    }
    // The spec is edited after the shards ran: its parts no longer belong to it.
    std::fs::write(&path, format!("// edited\n{}", small_spec("2", ""))).unwrap();
    let other = failed(&lab(&scratch, &["merge", "paper/table"]));
    assert!(other.contains("another spec text"), "{other}");
    let bad = failed(&lab(&scratch, &["run", "paper/table", "--shard", "3/3"]));
    assert!(bad.contains("--shard needs"), "{bad}");
    assert!(!scratch.root.join("data/quick/paper/table.parquet").exists());
}

#[test]
fn a_kind_that_runs_as_one_piece_refuses_a_shard() {
    let scratch = Scratch::new("shards-whole");
    let text = r#"Experiment(
    title: "figure 4",
    paper: "Snyder",
    section: "Figure 4",
    seed: 1,
    task: FixedSampleDescent((
        game: (pegs: 3, colours: 3),
        theta0: (one_colour: 0.0, two_colours: 0.0, three_colours: 0.0, consistent: 5.0),
        sample_games: 20, steps: 3, step_size: 1.0, checkpoints: 1, checkpoint_games: 20,
    )),
)"#;
    scratch.spec("paper/table", text);
    let refused = failed(&lab(&scratch, &["run", "paper/table", "--shard", "0/2"]));
    assert!(refused.contains("one piece"), "{refused}");
}

#[test]
fn a_kind_with_several_rows_per_unit_merges_back_row_for_row() {
    // Snyder's Table 1 for two games: one unit per game, one row per colour pattern.
    let scratch = Scratch::new("shards-rows");
    let text = r#"Experiment(
    title: "table 1",
    paper: "Snyder",
    section: "Table 1",
    seed: 1,
    task: FirstGuess((games: [(pegs: 3, colours: 3), (pegs: 4, colours: 4), (pegs: 2, colours: 5)])),
)"#;
    scratch.spec("paper/table", text);
    ok(&lab(&scratch, &["run", "paper/table"]));
    let unsharded = stored(&scratch);
    for index in [1, 0] {
        ok(&lab(&scratch, &["run", "paper/table", "--shard", &format!("{index}/2")]));
    }
    ok(&lab(&scratch, &["merge", "paper/table"]));
    assert!(stored(&scratch).equals_missing(&unsharded));
    assert!(!part(&scratch, 0, 2).data.exists(), "the parts are removed once merged");
}

#[test]
fn the_readme_slurm_script_is_valid_bash() {
    let readme = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md");
    let text = std::fs::read_to_string(readme).unwrap();
    let script = text
        .split("```sh\n")
        .skip(1)
        .filter_map(|block| block.split("```").next())
        .find(|block| block.contains("#SBATCH --array=0-"))
        .expect("the README has a SLURM array script");
    assert!(script.contains("--shard \"${SLURM_ARRAY_TASK_ID}/"), "{script}");
    let checked = Command::new("bash").args(["-n", "-c", script]).output().unwrap();
    assert!(checked.status.success(), "{}", String::from_utf8_lossy(&checked.stderr));
    let line = text.lines().find(|l| l.starts_with("parallel ")).expect("a GNU parallel line");
    assert!(line.contains("--shard {}/"), "{line}");
}
