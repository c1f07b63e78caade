//! The first-guess partitions kind against the values Knuth (1977) printed for 4x6: the largest
//! part left by each first guess.

mod common;

use common::{Scratch, run_on_threads};
use mastermind_experiments::spec::scaled::Profile;
use mastermind_experiments::tasks::partitions::PartitionRow;
use mastermind_experiments::tasks::record::Record;

#[test]
fn the_largest_parts_at_4x6_are_knuths() {
    let scratch = Scratch::new("partitions");
    let spec = r#"Experiment(
    title: "partitions", paper: "P", section: "S", seed: 1,
    task: FirstGuessPartitions((games: [(pegs: 4, colours: 6), (pegs: 3, colours: 2)])),
)"#;
    let path = scratch.spec("trees/partitions", spec);
    let plan = scratch.workspace().plans(&[path], Profile::Quick).unwrap().remove(0);
    let rows = PartitionRow::from_frame(&run_on_threads(&plan, 2)).unwrap();
    let at_4x6: Vec<(&str, u32, u32)> = rows
        .iter()
        .filter(|r| r.pegs == 4)
        .map(|r| (r.guess.as_str(), r.largest, r.parts))
        .collect();
    // Knuth's table: 1111 leaves 625, 1112 317, 1122 256, 1123 276, 1234 312 in the largest part.
    let largest: Vec<(&str, u32)> = at_4x6.iter().map(|r| (r.0, r.1)).collect();
    assert_eq!(
        largest,
        [("AAAA", 625), ("AAAB", 317), ("AABB", 256), ("AABC", 276), ("ABCD", 312)]
    );
    // Every code is in one part, and only AAAA leaves a part for every one of its 5 replies.
    assert_eq!(at_4x6[0].2, 5);
    for row in &rows {
        let codes = f64::from(row.colours).powi(row.pegs as i32);
        assert!(row.expected_size >= codes / f64::from(row.parts) - 1e-9, "{row:?}");
        assert!(row.entropy <= f64::from(row.parts).log2() + 1e-9, "{row:?}");
    }
    assert_eq!(rows.iter().filter(|r| r.pegs == 3).count(), 2, "3x2 has patterns AAA and AAB");
}
