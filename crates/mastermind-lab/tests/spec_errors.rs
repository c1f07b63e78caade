//! Every kind of spec mistake is reported before anything runs, naming file, line and field.

mod common;

use common::{Scratch, small_spec};

#[test]
fn a_syntax_error_names_line_and_column() {
    let scratch = Scratch::new("syntax");
    let text = small_spec("2", "").replace("max_guesses: 12,", "max_guesses: 12");
    let e = scratch.rejected(&text);
    assert!(e.file.ends_with("broken.ron"));
    assert_eq!(e.line, Some(11), "{e}");
    assert!(e.column.is_some());
    let shown = e.to_string();
    assert!(shown.contains("broken.ron:11:"), "{shown}");
    assert!(shown.contains("hint:"), "{shown}");
}

#[test]
fn a_misspelt_field_is_an_error_not_a_default() {
    let scratch = Scratch::new("misspelt");
    let text = small_spec("2", "").replace("max_guesses: 12", "max_gueses: 12");
    let e = scratch.rejected(&text);
    assert_eq!(e.line, Some(10), "{e}");
    assert!(e.message.contains("max_gueses"), "{e}");
}

#[test]
fn an_unknown_player_lists_the_known_ones() {
    let scratch = Scratch::new("player");
    let text = small_spec("2", r#"(label: "Mystery", player: Oracle((depth: 3))),"#);
    let e = scratch.rejected(&text);
    assert_eq!(e.line, Some(14), "{e}");
    assert!(e.message.contains("Oracle") && e.message.contains("OnePly"), "{e}");
}

#[test]
fn an_unknown_heuristic_is_named() {
    let scratch = Scratch::new("heuristic");
    let text = small_spec("2", r#"(label: "Bad", player: OnePly((heuristic: Entrop))),"#);
    let e = scratch.rejected(&text);
    assert!(e.message.contains("Entrop") && e.message.contains("Entropy"), "{e}");
}

#[test]
fn zero_and_absurd_parameters_are_rejected_with_their_field() {
    let scratch = Scratch::new("params");
    let zero_runs = scratch.rejected(&small_spec("0", ""));
    assert_eq!(zero_runs.field, "task.runs");
    assert_eq!(zero_runs.line, Some(9), "{zero_runs}");
    let absurd = scratch.rejected(&small_spec("(quick: 99999999, full: 10)", ""));
    assert_eq!(absurd.field, "task.runs", "{absurd}");
    let zero_mu = scratch.rejected(&small_spec(
        "2",
        r#"(label: "Subset", player: OnePly((heuristic: Entropy, subset: Some((mu: 0))))),"#,
    ));
    assert!(zero_mu.message.contains("mu"), "{zero_mu}");
    assert_eq!(zero_mu.line, Some(14), "{zero_mu}");
    let bad_guess = scratch.rejected(&small_spec(
        "2",
        r#"(label: "Bad first", player: OnePly((heuristic: Entropy, first_guess: Some("AAZ")))),"#,
    ));
    assert!(bad_guess.message.contains("AAZ") && bad_guess.field.contains("player"), "{bad_guess}");
}

#[test]
fn a_game_too_large_to_enumerate_says_so() {
    let scratch = Scratch::new("large");
    let text = small_spec("2", "").replace("(pegs: 3, colours: 4)", "(pegs: 10, colours: 10)");
    let e = scratch.rejected(&text);
    assert!(e.message.contains("10000000000 codes"), "{e}");
    assert!(e.hint.as_deref().unwrap_or("").contains("Sample"), "{e}");
}

#[test]
fn duplicate_labels_are_rejected() {
    let scratch = Scratch::new("dupe");
    let text = small_spec("2", r#"(label: "Random", player: OnePly((heuristic: Random))),"#);
    let e = scratch.rejected(&text);
    assert!(e.message.contains("used twice"), "{e}");
}

#[test]
fn a_sweep_of_a_missing_field_lists_the_fields() {
    let scratch = Scratch::new("sweep");
    let text = small_spec(
        "2",
        r#"(label: "Sweep", player: OnePly((heuristic: Entropy)), sweep: Some((parameter: "mux", values: [1, 2]))),"#,
    );
    let e = scratch.rejected(&text);
    assert!(e.message.contains("`mux`") && e.message.contains("heuristic"), "{e}");
}

#[test]
fn paper_numbers_on_a_swept_arm_must_name_their_value() {
    let scratch = Scratch::new("swept-paper");
    let text = small_spec(
        "2",
        r#"(label: "Sweep", player: OnePly((heuristic: Entropy, subset: Some((mu: 5)))), paper: Some((mean: Some(4.4))), sweep: Some((parameter: "mu", values: [5, 10]))),"#,
    );
    let e = scratch.rejected(&text);
    assert_eq!(e.field, "task.arms[2].paper", "{e}");
    assert!(e.hint.as_deref().unwrap_or("").contains("paper_values"), "{e}");
    let text = small_spec(
        "2",
        r#"(label: "Sweep", player: OnePly((heuristic: Entropy, subset: Some((mu: 5)))), sweep: Some((parameter: "mu", values: [5, 10], paper_values: [(20.0, (mean: Some(4.4)))]))),"#,
    );
    let e = scratch.rejected(&text);
    assert!(e.message.contains("20 is not one of the sweep's values"), "{e}");
}

#[test]
fn an_empty_arm_list_names_the_arms_line() {
    let scratch = Scratch::new("no-arms");
    let full = small_spec("2", "");
    let text: String = full
        .lines()
        .filter(|l| !l.trim_start().starts_with("(label:"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_ne!(text, full, "the arms were removed");
    let e = scratch.rejected(&text);
    assert_eq!(e.field, "task.arms", "{e}");
    assert!(e.message.starts_with("no arms"), "{e}");
    let arms_line = text.lines().position(|l| l.trim_start().starts_with("arms:")).unwrap() + 1;
    assert_eq!(e.line, Some(arms_line), "{e}");
}
