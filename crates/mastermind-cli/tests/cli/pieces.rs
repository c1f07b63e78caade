//! `tree --pieces`: a one-ply tree built in pieces, as two shards through GNU parallel with one
//! shard killed after its first piece and rerun, merged into the tree of the whole build; merges
//! that must refuse a piece cut short or of another player, naming it; a piece built in steps,
//! killed midway, that resumes from its stored steps. The GNU parallel test
//! skips, saying so, where `parallel` is not installed (and fails there under
//! `MASTERMIND_REQUIRE_TOOLS=1`).

use crate::common::{field, gnu_parallel, mastermind, run, run_ok, scratch, stored_files};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// `tree --game GAME --player knuth --pieces DIR --threads 1`.
fn knuth_in_pieces<'a>(game: &'a str, dir: &'a str) -> Vec<&'a str> {
    vec!["tree", "--game", game, "--player", "knuth", "--pieces", dir, "--threads", "1"]
}

/// The piece files stored in `dir`.
/// Starts `mastermind` with `args` and kills it once `stored` finds a file, failing if it takes
/// longer than `limit` or the process ends first (`what` names the file awaited).
fn kill_once_stored(args: &[&str], stored: impl Fn() -> bool, limit: Duration, what: &str) {
    let mut child =
        mastermind().args(args).stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap();
    let started = Instant::now();
    while !stored() {
        assert!(started.elapsed() < limit, "no {what} stored in {limit:?}");
        assert!(child.try_wait().unwrap().is_none(), "the build ended before storing a {what}");
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().unwrap();
    child.wait().unwrap();
}

fn piece_files(dir: &Path) -> Vec<String> {
    stored_files(dir, "piece-", ".bin")
}

#[test]
fn two_shards_through_gnu_parallel_one_killed_merge_into_the_whole_tree() {
    if !gnu_parallel("the sharded build of a tree in pieces") {
        return;
    }
    let root = scratch("pieces-sharded");
    let dir = root.join("pieces");
    let (whole, merged) = (root.join("whole.json"), root.join("merged.json"));
    let dir_text = dir.to_str().unwrap();
    let game = "6x7";

    // Shard 1 alone, killed once its first (smallest) piece is stored: larger ones are left.
    let shard_1 = [knuth_in_pieces(game, dir_text), vec!["--shard", "1/2"]].concat();
    let stored = || !piece_files(&dir).is_empty();
    kill_once_stored(&shard_1, stored, Duration::from_secs(120), "piece");
    let survived = piece_files(&dir).len();

    // Both shards through GNU parallel: shard 1 resumes.
    let sharded = Command::new("parallel")
        .args(["--will-cite", "-j", "2", env!("CARGO_BIN_EXE_mastermind")])
        .args(knuth_in_pieces(game, dir_text))
        .args(["--shard", "{}/2", ":::", "0", "1"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&sharded.stdout).into_owned();
    assert!(sharded.status.success(), "{}", String::from_utf8_lossy(&sharded.stderr));
    let summaries: Vec<&str> = stdout.split("game ").filter(|s| !s.trim().is_empty()).collect();
    assert_eq!(summaries.len(), 2, "{stdout}");
    let resumed = summaries.iter().find(|s| field(s, "shard") == "1/2").expect("shard 1 ran");
    let found: usize = field(resumed, "found_done").parse().unwrap();
    let in_shard: usize = field(resumed, "pieces_in_shard").parse().unwrap();
    assert_eq!(found, survived, "the pieces stored before the kill are not built again");
    assert!(found < in_shard, "the kill came before shard 1 finished: {resumed}");
    let built: usize =
        summaries.iter().map(|s| field(s, "built_now").parse::<usize>().unwrap()).sum();
    let pieces: usize = field(resumed, "pieces").parse().unwrap();
    assert_eq!(built + found, pieces, "every piece built once: {stdout}");

    // The merge is the whole build's tree, node for node, and its totals.
    let merge =
        [knuth_in_pieces(game, dir_text), vec!["--merge", "--format", "json", "-o"]].concat();
    let summary = run_ok(&[merge.as_slice(), &[merged.to_str().unwrap()]].concat());
    let whole_summary = run_ok(&[
        "tree",
        "--game",
        game,
        "--player",
        "knuth",
        "--format",
        "json",
        "-o",
        whole.to_str().unwrap(),
    ]);
    let (merged_text, whole_text) =
        (std::fs::read_to_string(&merged).unwrap(), std::fs::read_to_string(&whole).unwrap());
    assert!(merged_text == whole_text, "the merged tree differs from the whole build's");
    for key in ["total", "max", "nodes", "distribution"] {
        assert_eq!(field(&summary, key), field(&whole_summary, key), "{key}");
    }
    // Knuth's tree of 6x7 (first guess AABBCC): 673 295 guesses, as the whole build has it.
    assert_eq!(field(&summary, "total"), "673295", "{summary}");
    assert_eq!(field(&summary, "distribution").split(',').count(), 9, "{summary}");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_merge_names_a_piece_cut_short_or_of_another_player_and_the_pieces_missing() {
    let root = scratch("pieces-refused");
    let dir = root.join("pieces");
    let dir_text = dir.to_str().unwrap().to_owned();
    let args = |extra: &[&'static str]| {
        let mut all = knuth_in_pieces("4x5", &dir_text);
        all.extend_from_slice(extra);
        all
    };
    run_ok(&args(&["--shard", "0/2"]));
    let missing = run(&args(&["--merge"]), "");
    assert!(!missing.success, "a merge with shard 1 missing succeeded");
    assert!(missing.stderr.contains("pieces are missing"), "{}", missing.stderr);
    run_ok(&args(&["--shard", "1/2"]));
    let merged = run_ok(&args(&["--merge"]));
    assert_eq!(field(&merged, "built_now"), "0", "{merged}");

    // A piece cut short is named, with what is wrong with it.
    let names = piece_files(&dir);
    let first = dir.join(&names[0]);
    let bytes = std::fs::read(&first).unwrap();
    std::fs::write(&first, &bytes[..bytes.len() - 1]).unwrap();
    let cut = run(&args(&["--merge"]), "");
    assert!(!cut.success);
    assert!(cut.stderr.contains(&names[0]) && cut.stderr.contains("cut short"), "{}", cut.stderr);
    std::fs::write(&first, &bytes).unwrap();

    // The same folder for another player: the piece found first is named, with the field.
    let kooi = run(
        &["tree", "--game", "4x5", "--player", "kooi", "--first-guess", "AABC", "--pieces"]
            .into_iter()
            .chain([dir_text.as_str(), "--merge"])
            .collect::<Vec<_>>(),
        "",
    );
    assert!(!kooi.success);
    assert!(kooi.stderr.contains("another tree (player"), "{}", kooi.stderr);
    assert!(kooi.stderr.contains("piece-000.bin"), "{}", kooi.stderr);
    let _ = std::fs::remove_dir_all(&root);
}

/// The step files stored in `dir`'s steps folders, as `piece-NNN.steps/step-R.bin`.
fn step_files(dir: &Path) -> Vec<String> {
    let folders = stored_files(dir, "piece-", ".steps");
    let in_folder = |f: &String| stored_files(&dir.join(f), "step-", ".bin");
    folders.iter().flat_map(|f| in_folder(f).into_iter().map(move |s| format!("{f}/{s}"))).collect()
}

#[test]
fn a_piece_killed_midway_resumes_from_its_stored_steps() {
    let root = scratch("pieces-steps");
    let dir = root.join("pieces");
    let dir_text = dir.to_str().unwrap();
    let args = [knuth_in_pieces("6x7", dir_text), vec!["--steps-from", "8000"]].concat();

    // Killed once the first piece built in steps has stored a step.
    let stored = || !step_files(&dir).is_empty();
    kill_once_stored(&args, stored, Duration::from_secs(300), "step");
    let survived = step_files(&dir);
    assert!(!survived.is_empty());

    // The same command continues inside the piece, and ends with the whole build's total.
    let resumed = run(&args, "");
    assert!(resumed.success, "{}", resumed.stderr);
    assert!(resumed.stderr.contains("steps stored under its guess"), "{}", resumed.stderr);
    assert!(resumed.stderr.contains("steps), stored in"), "{}", resumed.stderr);
    assert_eq!(field(&resumed.stdout, "total"), "673295", "{}", resumed.stdout);
    assert!(step_files(&dir).is_empty(), "the steps are removed once their piece is stored");
    assert!(stored_files(&dir, "piece-", ".steps").is_empty());
    let _ = std::fs::remove_dir_all(&root);
}
