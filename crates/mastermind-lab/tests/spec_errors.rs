//! Every kind of spec mistake is reported before anything runs, naming file, line and field.

mod common;

use common::{Scratch, small_spec};
use mastermind_experiments::spec::scaled::Profile;

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
    assert_eq!(zero_mu.field, "task.arms[2].player.subset.mu", "{zero_mu}");
    assert!(zero_mu.message.starts_with("0 must be at least 1"), "{zero_mu}");
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

// Issue 15, defect 8: error messages.

#[test]
fn a_byte_order_mark_is_not_a_syntax_error() {
    let scratch = Scratch::new("bom");
    let path = scratch.spec("bom", &format!("\u{feff}{}", small_spec("1", "")));
    let plans = scratch.workspace().plans(&[path], Profile::Quick);
    assert!(plans.is_ok(), "{:?}", plans.err());
}

#[test]
fn an_impossible_game_size_names_the_game_at_its_column() {
    let scratch = Scratch::new("game-size");
    let text = small_spec("2", "").replace("(pegs: 3, colours: 4)", "(pegs: 0, colours: 4)");
    let e = scratch.rejected(&text);
    assert_eq!(e.line, Some(7), "{e}");
    assert_eq!(e.field, "game", "{e}");
    let line = text.lines().nth(6).unwrap();
    assert_eq!(e.column, Some(line.find("game").unwrap() + 1), "{e}");
    assert!(e.message.contains("pegs, not 0"), "{e}");
}

#[test]
fn a_fraction_where_a_whole_number_belongs_says_so() {
    let scratch = Scratch::new("scaled-float");
    let e = scratch.rejected(&small_spec("(quick: 1.0, full: 2.0)", ""));
    assert_eq!(e.line, Some(9), "{e}");
    assert!(!e.message.contains("Expected comma"), "{e}");
    assert!(e.message.contains("floating point"), "{e}");
    assert!(e.field.contains("quick") || e.field.contains("runs"), "{e}");
}

#[test]
fn a_bare_value_where_an_option_belongs_suggests_some() {
    let scratch = Scratch::new("bare-option");
    let text = small_spec("2", "").replace(r#"first_guess: Some("AAB")"#, r#"first_guess: "AAB""#);
    let e = scratch.rejected(&text);
    assert_eq!(e.line, Some(13), "{e}");
    assert!(e.message.contains("bare value \"AAB\""), "{e}");
    assert_eq!(e.field, "first_guess", "{e}");
    assert!(e.hint.as_deref().is_some_and(|h| h.contains(r#"`Some("AAB")`"#)), "{e}");
}

#[test]
fn duplicate_labels_made_by_a_sweep_name_the_sweeping_arm() {
    let scratch = Scratch::new("sweep-dupe");
    let text = small_spec(
        "2",
        r#"(label: "Sub", player: OnePly((heuristic: Entropy, subset: Some((mu: 5)))), sweep: Some((parameter: "mu", values: [5, 5]))),"#,
    );
    let e = scratch.rejected(&text);
    assert!(e.message.contains("used twice"), "{e}");
    assert_eq!(e.line, Some(14), "{e}");
}

#[test]
fn an_m_h_budget_player_error_has_a_line() {
    let scratch = Scratch::new("mh-player");
    let text = r#"Experiment(
    title: "budget",
    paper: "Test paper",
    section: "Table 4",
    seed: 3,
    task: MhBudget((
        sizes: [(game: (pegs: 2, colours: 4))],
        player: (theta: 1.0),
        optimal_games: 5,
        budget_games: 5,
        budgets: (from: 10, to: 20, step: 10),
        until_cap: 0,
    )),
)"#;
    let e = scratch.rejected(text);
    assert_eq!(e.line, Some(12), "{e}");
    assert_eq!(e.field, "task.until_cap", "{e}");
}

#[test]
fn a_file_that_is_not_utf8_names_the_line_of_the_bad_byte() {
    let scratch = Scratch::new("not-utf8");
    let path = scratch.spec("latin1", "");
    let mut bytes = small_spec("1", "").into_bytes();
    let at = bytes.iter().position(|&b| b == b'"').unwrap() + 1; // inside the title, line 2
    bytes.insert(at, 0xE9);
    std::fs::write(&path, bytes).unwrap();
    let errors = scratch.workspace().plans(&[path], Profile::Quick).err().unwrap();
    assert_eq!(errors[0].line, Some(2), "{}", errors[0]);
    assert!(errors[0].message.contains("UTF-8"), "{}", errors[0]);
}

#[test]
fn a_game_beyond_u64_gives_its_true_number_of_codes() {
    let scratch = Scratch::new("huge-game");
    let text = small_spec("2", "").replace("(pegs: 3, colours: 4)", "(pegs: 16, colours: 26)");
    let e = scratch.rejected(&text);
    assert!(!e.message.contains("18446744073709551615"), "{e}");
    assert!(e.message.contains("4.4e22"), "{e}");
    assert_eq!(e.field, "task.secrets", "{e}");
}

#[test]
fn labels_with_control_characters_are_rejected() {
    let scratch = Scratch::new("label-control");
    for label in ["two\\nlines", "nul\\u{0}byte", "tab\\tbed"] {
        let arm = format!(r#"(label: "{label}", player: OnePly((heuristic: Random))),"#);
        let e = scratch.rejected(&small_spec("2", &arm));
        assert!(e.field.ends_with("label"), "{e}");
        assert_eq!(e.line, Some(14), "{e}");
    }
    let e = scratch.rejected(&small_spec("2", "").replace("\"small\"", "\"a\\ntitle\""));
    assert_eq!(e.field, "title", "{e}");
    assert_eq!(e.line, Some(2), "{e}");
}

#[test]
fn an_oversized_spec_is_refused_before_it_is_parsed() {
    let scratch = Scratch::new("oversized");
    let padding = format!("// {}\n", "x".repeat(1000)).repeat(2000);
    let e = scratch.rejected(&format!("{padding}{}", small_spec("1", "")));
    assert!(e.message.contains("MiB"), "{e}");
    assert!(e.message.contains("bytes"), "{e}");
}

// Issue 15, defect 3: a spec outside experiments/ has no name to store its results under.

#[test]
fn a_spec_outside_experiments_is_refused() {
    let scratch = Scratch::new("outside");
    let outside = scratch.root.join("elsewhere/notes.ron");
    std::fs::create_dir_all(outside.parent().unwrap()).unwrap();
    std::fs::write(&outside, small_spec("1", "")).unwrap();
    let workspace = scratch.workspace();
    let resolved = workspace.resolve(outside.to_str().unwrap()).unwrap();
    let errors = workspace.plans(&[resolved], Profile::Quick).err().expect("accepted");
    assert!(errors[0].message.contains("experiments/"), "{}", errors[0]);
}

// Issue 15, defect 7 (validation part): absurd sizes are refused quickly, by field.

#[test]
fn a_sweep_of_a_hundred_thousand_values_is_refused_before_arms_are_built() {
    let scratch = Scratch::new("huge-sweep");
    let values: Vec<String> = (1..=100_000).map(|v| v.to_string()).collect();
    let arm = format!(
        r#"(label: "Sub", player: OnePly((heuristic: Entropy, subset: Some((mu: 5)))), sweep: Some((parameter: "mu", values: [{}]))),"#,
        values.join(", ")
    );
    let e = scratch.rejected(&small_spec("2", &arm));
    assert_eq!(e.field, "task.arms[2].sweep.values", "{e}");
    assert_eq!(e.line, Some(14), "{e}");
}

#[test]
fn an_absurd_unused_weight_is_refused() {
    let scratch = Scratch::new("unused-weight");
    let arm = r#"(label: "SHC", player: HillClimber((unused_weight: 1e308))),"#;
    let e = scratch.rejected(&small_spec("2", arm));
    assert_eq!(e.field, "task.arms[2].player.unused_weight", "{e}");
    assert!(e.message.contains("must be a number from 1 to 1e6"), "{e}");
    assert_eq!(e.line, Some(14), "{e}");
}

// Issue 15, defect 1 (spec part): non-finite numbers are refused wherever a float is accepted.

#[test]
fn non_finite_numbers_are_refused_with_their_field_and_line() {
    let scratch = Scratch::new("non-finite");
    for (x, field) in
        [("inf", "task.arms[2].x"), ("NaN", "task.arms[2].x"), ("-inf", "task.arms[2].x")]
    {
        let arm = format!(r#"(label: "X", player: OnePly((heuristic: Random)), x: Some({x})),"#);
        let e = scratch.rejected(&small_spec("2", &arm));
        assert_eq!(e.field, field, "{e}");
        assert_eq!(e.line, Some(14), "{e}");
        assert!(e.message.contains("finite"), "{e}");
    }
    let text = small_spec("2", "").replace(
        "max_guesses: 12,",
        "max_guesses: 12,\n        report: (reference_lines: [(\"r\", inf)]),",
    );
    let e = scratch.rejected(&text);
    assert_eq!(e.field, "task.report.reference_lines[0].1", "{e}");
    assert_eq!(e.line, Some(11), "{e}");
    let text = small_spec("2", "")
        .replace("max_guesses: 12,", "max_guesses: 12,\n        report: (test: (alpha: 1e999)),");
    let e = scratch.rejected(&text);
    assert_eq!(e.field, "task.report.test.alpha", "{e}");
    assert_eq!(e.line, Some(11), "{e}");
}

#[test]
fn a_search_player_on_a_game_without_repeats_is_refused_by_its_arm() {
    let scratch = Scratch::new("no-repeat-player");
    let no_repeat = |extra_arms: &str| {
        small_spec("1", extra_arms)
            .replace("game: (pegs: 3, colours: 4),", "game: (pegs: 3, colours: 4, repeats: false),")
    };
    // A first guess that repeats a colour is named with its arm.
    let e = scratch.rejected(&no_repeat(""));
    assert!(e.field.contains("arms[1]") && e.message.contains("repeats the colour"), "{e}");
    let fixed = |extra_arms: &str| {
        no_repeat(extra_arms).replace("first_guess: Some(\"AAB\")", "first_guess: Some(\"ABC\")")
    };
    let policy = r#"(label: "Policy", player: ExpFamily((theta: (one_colour: 0.0, two_colours: 0.0, three_colours: 0.0, consistent: 5.0)))),"#;
    let e = scratch.rejected(&fixed(policy));
    assert!(e.field.contains("arms[2]"), "{e}");
    assert!(e.message.contains("no repeated colours"), "{e}");
    // The one-ply players of the same spec play it.
    let text = fixed("");
    let path = scratch.spec("played", &text);
    let plan = scratch.workspace().plans(&[path], Profile::Quick).unwrap().remove(0);
    let frame = common::run_on_threads(&plan, 2);
    // Every secret of 3x4 without repeats (24 of them), once per arm.
    assert_eq!(frame.height(), 2 * 24);
}

#[test]
fn a_sample_cap_below_the_stored_size_or_without_a_reason_is_refused() {
    let scratch = Scratch::new("sample-cap");
    let with_cap = |cap: &str| {
        small_spec("2", "").replace(
            "    seed: 7,\n",
            &format!("    seed: 7,\n    judging: (sample_cap: Some({cap})),\n"),
        )
    };
    let below = scratch.rejected(&with_cap(r#"(factor: 0.5, because: "half")"#));
    assert_eq!(below.field, "judging.sample_cap.factor", "{below}");
    assert_eq!(below.line, Some(6), "{below}");
    let silent = scratch.rejected(&with_cap(r#"(factor: 2.5, because: " ")"#));
    assert_eq!(silent.field, "judging.sample_cap.because", "{silent}");
    let argued = with_cap(r#"(factor: 2.5, because: "10x the 500 games stored before")"#);
    let path = scratch.spec("argued", &argued);
    let spec = mastermind_experiments::spec::load(&scratch.workspace().experiments(), &path);
    let plan = spec.and_then(|s| mastermind_experiments::spec::validate(&s, Profile::Quick));
    assert!(plan.is_ok(), "{:?}", plan.err());
}
