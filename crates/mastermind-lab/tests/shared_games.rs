//! Arms that share another arm's games (`games_of`): a reading of a paper's table is judged on
//! the games of the arm that plays its player, not on a second sample; the validator refuses a
//! link between arms that would not play the same games, and a test of the two against each
//! other.

mod common;

use common::{Scratch, run_on_threads};
use mastermind_experiments::spec::scaled::Profile;

/// A spec of three hill-climber arms on 3 pegs x 4 colours, the third re-reading the table:
/// `shared` is spliced into the third arm, `claims` into the report.
fn spec(shared: &str, claims: &str) -> String {
    format!(
        r#"Experiment(
    title: "shared games",
    paper: "Test paper",
    section: "Table 1",
    seed: 11,
    task: Games((
        game: (pegs: 3, colours: 4),
        secrets: Sample((quick: 9, full: 9)),
        runs: 2,
        max_guesses: 20,
        arms: [
            (label: "Tracker", player: HillClimber((code_tracker: true)), paper: Some((evaluations: Some(20)))),
            (label: "No tracker", player: HillClimber((code_tracker: false)), paper: Some((evaluations: Some(30)))),
            (label: "Tracker, other table", player: HillClimber((code_tracker: true)), {shared}
             reading: Some((of: Some("No tracker"), name: "table in order", because: "the table read in its order"))),
        ],
        report: (
            test: (kind: RankSum, on: Games, alpha: 0.05),
            claims: [{claims}],
        ),
    )),
)
"#
    )
}

#[test]
fn an_arm_that_shares_games_plays_none_and_stores_the_same_games_under_its_label() {
    let scratch = Scratch::new("shared-games");
    let path = scratch.spec("paper/shared", &spec(r#"games_of: Some("Tracker"),"#, ""));
    let workspace = scratch.workspace();
    let plan = workspace.plans(std::slice::from_ref(&path), Profile::Quick).unwrap().remove(0);
    // Two arms play 2 runs of 9 games; the third plays none of its own.
    assert_eq!(plan.task.units(), 2 * 2 * 9);
    assert_eq!(plan.task.size(), 2 * 2 * 9);

    let frame = run_on_threads(&plan, 2);
    assert_eq!(frame.height(), 3 * 2 * 9);
    let arm = frame.column("arm").unwrap().str().unwrap();
    let games_of = |label: &str| -> Vec<(String, u64, u32, u64)> {
        let secret = frame.column("secret").unwrap().str().unwrap();
        let seed = frame.column("game_seed").unwrap().u64().unwrap();
        let guesses = frame.column("guesses").unwrap().u32().unwrap();
        let evaluations = frame.column("evaluations").unwrap().u64().unwrap();
        (0..frame.height())
            .filter(|&i| arm.get(i) == Some(label))
            .map(|i| {
                let secret = secret.get(i).unwrap().to_owned();
                (secret, seed.get(i).unwrap(), guesses.get(i).unwrap(), evaluations.get(i).unwrap())
            })
            .collect()
    };
    let tracker = games_of("Tracker");
    assert_eq!(tracker.len(), 2 * 9);
    assert_eq!(games_of("Tracker, other table"), tracker);
    // The arm it does not share with plays games of its own, with streams of its own.
    let other = games_of("No tracker");
    assert!(other.iter().zip(&tracker).all(|(a, b)| a.1 != b.1));
    // The same spec on one thread stores the same table.
    let one = run_on_threads(&plan, 1);
    assert!(common::without_wall_time(one).equals_missing(&common::without_wall_time(frame)));
}

#[test]
fn a_link_between_arms_that_would_not_play_the_same_games_is_refused() {
    let scratch = Scratch::new("shared-games-refused");
    let other_player = scratch.rejected(&spec(r#"games_of: Some("No tracker"),"#, ""));
    // "No tracker" plays the hill-climber without its tracker.
    // Named by the arm's line and the field's path.
    assert_eq!(other_player.field, "task.arms[2].games_of", "{other_player}");
    assert_eq!(other_player.line, Some(14), "{other_player}");
    assert!(other_player.to_string().contains("another player"), "{other_player}");

    let missing = scratch.rejected(&spec(r#"games_of: Some("Nobody"),"#, ""));
    assert!(missing.to_string().contains("no arm is labelled \"Nobody\""), "{missing}");

    let subtle = scratch.rejected(&spec(r#"games_of: Some("Tracker"),"#, "").replace(
        r#"(label: "Tracker, other table", player: HillClimber((code_tracker: true)),"#,
        r#"(label: "Tracker, other table", player: HillClimber((code_tracker: true, unused_weight: 3.0)),"#,
    ));
    assert!(subtle.to_string().contains("another player ("), "{subtle}");

    let own = scratch.rejected(&spec(r#"games_of: Some("Tracker, other table"),"#, ""));
    assert!(own.to_string().contains("cannot share its own games"), "{own}");

    let unread = scratch.rejected(
        &spec(r#"games_of: Some("Tracker"),"#, "").replace(
            r#"reading: Some((of: Some("No tracker"), name: "table in order", because: "the table read in its order"))"#,
            "",
        ),
    );
    assert!(unread.to_string().contains("names none"), "{unread}");

    let compared = scratch.rejected(&spec(
        r#"games_of: Some("Tracker"),"#,
        r#"(text: "the readings differ", holds: Fewer("Tracker", "Tracker, other table"))"#,
    ));
    assert!(compared.to_string().contains("share their games"), "{compared}");
}
