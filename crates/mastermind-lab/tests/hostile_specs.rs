//! A corpus of hostile specs (issue 15): syntax, types, ranges, sizes, non-finite numbers,
//! encodings and paths. Each is checked by the `mastermind-lab` binary in a child process under a
//! memory limit and a time limit; each must be refused (exit status 1: no panic, no hang, no crash,
//! never accepted), with an error that names the file, the expected line and the expected field,
//! and says nothing twice.

mod common;

use common::{Scratch, said_twice, small_spec};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Virtual memory a check may use, in KiB (`ulimit -v`).
const MEMORY_LIMIT_KIB: u64 = 4 * 1024 * 1024;

/// Time after which a check counts as hung and is killed; every case takes well under a second.
const TIME_LIMIT: Duration = Duration::from_secs(20);

/// One hostile spec and what its error must say.
struct Case {
    what: String,
    bytes: Vec<u8>,
    /// The last component of the field named (`x` for `task.arms[2].x`); `None`: no field (the
    /// file as a whole is at fault, such as its size).
    field: Option<&'static str>,
    /// The line named; `None` for faults of the file as a whole.
    line: Option<usize>,
}

/// The small valid spec with line `line` (1-based) replaced by `replacement`.
fn with_line(line: usize, replacement: &str) -> String {
    let base = small_spec("2", "");
    let mut lines: Vec<String> = base.lines().map(str::to_owned).collect();
    lines[line - 1] = replacement.to_owned();
    lines.join("\n") + "\n"
}

fn case(what: &str, text: String, field: &'static str, line: usize) -> Case {
    Case { what: what.to_owned(), bytes: text.into_bytes(), field: Some(field), line: Some(line) }
}

/// Line 14 of the small spec is free for an extra arm.
fn arm(what: &str, arm: &str, field: &'static str) -> Case {
    case(what, with_line(14, &format!("            {arm}")), field, 14)
}

/// Line 10 holds `max_guesses`; report and codemaker options are appended to it.
fn task_option(what: &str, option: &str, field: &'static str) -> Case {
    case(what, with_line(10, &format!("        max_guesses: 12, {option}")), field, 10)
}

fn corpus() -> Vec<Case> {
    let mut cases = Vec::new();
    // Top-level fields: types, escapes, unknown names.
    for (value, field) in [
        ("42", "title"),
        ("None", "title"),
        ("\"a\\nb\"", "title"),
        ("\"nul \\u{0}\"", "title"),
        ("[\"list\"]", "title"),
    ] {
        cases.push(case(
            &format!("title {value}"),
            with_line(2, &format!("    title: {value},")),
            field,
            2,
        ));
    }
    cases.push(case("misspelt title", with_line(2, "    titel: \"x\","), "titel", 2));
    for value in ["3.5", "()", "\"tab\\there\""] {
        cases.push(case(
            &format!("paper {value}"),
            with_line(3, &format!("    paper: {value},")),
            "paper",
            3,
        ));
    }
    for value in ["(1, 2)", "\"cr\\r\""] {
        cases.push(case(
            &format!("section {value}"),
            with_line(4, &format!("    section: {value},")),
            "section",
            4,
        ));
    }
    for value in
        ["-1", "1.5", "18446744073709551616", "\"7\"", "inf", "NaN", "true", "None", "-0.0"]
    {
        cases.push(case(
            &format!("seed {value}"),
            with_line(5, &format!("    seed: {value},")),
            "seed",
            5,
        ));
    }
    // Game sizes.
    for (game, field) in [
        ("(pegs: 0, colours: 4)", "game"),
        ("(pegs: 17, colours: 4)", "game"),
        ("(pegs: 3, colours: 1)", "game"),
        ("(pegs: 3, colours: 27)", "game"),
        ("(pegs: -3, colours: 4)", "pegs"),
        ("(pegs: 3.5, colours: 4)", "pegs"),
        ("(pegs: 3)", "colours"),
        ("(pegs: 3, colours: 4, holes: 2)", "holes"),
        ("(pegs: inf, colours: 4)", "pegs"),
        ("34", "game"),
        ("(pegs: 4294967296, colours: 4)", "pegs"),
        ("(pegs: 10, colours: 10)", "secrets"),
        ("(pegs: 16, colours: 26)", "secrets"),
    ] {
        let line = if field == "secrets" { 8 } else { 7 };
        cases.push(case(
            &format!("game {game}"),
            with_line(7, &format!("        game: {game},")),
            field,
            line,
        ));
    }
    // Secrets.
    for value in [
        "Everything",
        "Sample(0)",
        "Sample(-5)",
        "Sample(inf)",
        "Sample(1.5)",
        "Sample(100000000)",
        "List([])",
        "List([\"ZZZ\"])",
        "List([\"AB\"])",
        "List([3])",
        "all",
    ] {
        cases.push(case(
            &format!("secrets {value}"),
            with_line(8, &format!("        secrets: {value},")),
            "secrets",
            8,
        ));
    }
    for (value, field) in
        [("Sample((quick: 5))", "full"), ("Sample((quick: 5, full: 5, extra: 5))", "extra")]
    {
        let text = with_line(8, &format!("        secrets: {value},"));
        cases.push(case(&format!("secrets {value}"), text, field, 8));
    }
    // Runs and the guess cap.
    for (value, field) in [
        ("0", "runs"),
        ("-1", "runs"),
        ("1.5", "runs"),
        ("(quick: 1.0, full: 2.0)", "quick"),
        ("(quick: 2, ful: 3)", "ful"),
        ("4294967296", "runs"),
        ("inf", "runs"),
        ("NaN", "runs"),
        ("\"2\"", "runs"),
        ("100001", "runs"),
        ("(quick: 0, full: 2)", "runs"),
        ("[]", "runs"),
    ] {
        cases.push(case(
            &format!("runs {value}"),
            with_line(9, &format!("        runs: {value},")),
            field,
            9,
        ));
    }
    for value in ["0", "10001", "-1", "1e3", "inf", "Some(3)"] {
        cases.push(case(
            &format!("max_guesses {value}"),
            with_line(10, &format!("        max_guesses: {value},")),
            "max_guesses",
            10,
        ));
    }
    // Arms: players, parameters, labels, per-arm options, sweeps.
    let entropy = "player: OnePly((heuristic: Entropy))";
    for (what, text, field) in [
        ("unknown heuristic", "(label: \"X\", player: OnePly((heuristic: Entrop))),".to_owned(), "heuristic"),
        ("unknown player", "(label: \"X\", player: Oracle(())),".to_owned(), "player"),
        ("missing player", "(label: \"X\"),".to_owned(), "player"),
        ("unknown arm field", format!("(label: \"X\", {entropy}, colour: 3),"), "colour"),
        ("x inf", format!("(label: \"X\", {entropy}, x: Some(inf)),"), "x"),
        ("x NaN", format!("(label: \"X\", {entropy}, x: Some(NaN)),"), "x"),
        ("x -inf", format!("(label: \"X\", {entropy}, x: Some(-inf)),"), "x"),
        ("x 1e400", format!("(label: \"X\", {entropy}, x: Some(1e400)),"), "x"),
        ("x text", format!("(label: \"X\", {entropy}, x: Some(\"far\")),"), "x"),
        ("mu 0", "(label: \"X\", player: OnePly((heuristic: Entropy, subset: Some((mu: 0))))),".to_owned(), "mu"),
        ("mu -1", "(label: \"X\", player: OnePly((heuristic: Entropy, subset: Some((mu: -1))))),".to_owned(), "mu"),
        ("label with newline", format!("(label: \"a\\nb\", {entropy}),"), "label"),
        ("label with NUL", format!("(label: \"a\\u{{0}}b\", {entropy}),"), "label"),
        ("label with tab", format!("(label: \"a\\tb\", {entropy}),"), "label"),
        ("label not text", format!("(label: 7, {entropy}),"), "label"),
        ("duplicate label", "(label: \"Random\", player: OnePly((heuristic: Random))),".to_owned(), "label"),
        ("first guess of another letter", "(label: \"X\", player: OnePly((heuristic: Entropy, first_guess: Some(\"AAZ\")))),".to_owned(), "first_guess"),
        ("first guess too long", "(label: \"X\", player: OnePly((heuristic: Entropy, first_guess: Some(\"AAAA\")))),".to_owned(), "first_guess"),
        ("prior on another heuristic", "(label: \"X\", player: OnePly((heuristic: Entropy, prior: Pooled))),".to_owned(), "prior"),
        ("reading of no arm", format!("(label: \"X\", {entropy}, reading: Some((of: Some(\"Nobody\"), name: \"r\", because: \"b\"))),"), "of"),
        ("reading of itself", format!("(label: \"X\", {entropy}, reading: Some((of: Some(\"X\"), name: \"r\", because: \"b\"))),"), "of"),
        ("reading without a name", format!("(label: \"X\", {entropy}, reading: Some((name: \" \", because: \"b\"))),"), "name"),
        ("reading without a reason", format!("(label: \"X\", {entropy}, reading: Some((of: Some(\"Entropy\"), name: \"r\", because: \"\"))),"), "because"),
        ("reading of the counts of no arm", format!("(label: \"X\", {entropy}, reading: Some((name: \"r\", because: \"b\", counts_only: true))),"), "counts_only"),
        ("reading with paper numbers", format!("(label: \"X\", {entropy}, paper: Some((mean: Some(3.0))), reading: Some((of: Some(\"Entropy\"), name: \"r\", because: \"b\"))),"), "paper"),
        ("unused weight 1e308", "(label: \"X\", player: HillClimber((unused_weight: 1e308))),".to_owned(), "unused_weight"),
        ("unused weight 0.5", "(label: \"X\", player: HillClimber((unused_weight: 0.5))),".to_owned(), "unused_weight"),
        ("unused weight NaN", "(label: \"X\", player: HillClimber((unused_weight: NaN))),".to_owned(), "unused_weight"),
        ("theta inf", "(label: \"X\", player: MetropolisHastings((theta: inf))),".to_owned(), "theta"),
        ("theta -1", "(label: \"X\", player: MetropolisHastings((theta: -1.0))),".to_owned(), "theta"),
        ("p_swap 2", "(label: \"X\", player: MetropolisHastings((p_swap: 2.0))),".to_owned(), "p_swap"),
        ("no steps", "(label: \"X\", player: MetropolisHastings((budget: Fixed(steps: 0)))),".to_owned(), "steps"),
        ("steps beyond the limit", "(label: \"X\", player: MetropolisHastings((budget: Fixed(steps: 1000000000000)))),".to_owned(), "steps"),
        ("arm game too large", format!("(label: \"X\", {entropy}, game: Some((pegs: 20, colours: 4))),"), "game"),
        ("arm liar p 1.5", format!("(label: \"X\", {entropy}, codemaker: Some(FalseReplies((p: 1.5)))),"), "p"),
        ("arm liar p NaN", format!("(label: \"X\", {entropy}, codemaker: Some(FalseReplies((p: NaN)))),"), "p"),
        ("group with newline", format!("(label: \"X\", {entropy}, group: Some(\"a\\nb\")),"), "group"),
        ("paper mean inf", format!("(label: \"X\", {entropy}, paper: Some((mean: Some(inf)))),"), "mean"),
        ("paper sd NaN", format!("(label: \"X\", {entropy}, paper: Some((sd: Some(NaN)))),"), "sd"),
        ("sweep without values", "(label: \"S\", player: OnePly((heuristic: Entropy, subset: Some((mu: 5)))), sweep: Some((parameter: \"mu\", values: []))),".to_owned(), "values"),
        ("sweep of inf", "(label: \"S\", player: OnePly((heuristic: Entropy, subset: Some((mu: 5)))), sweep: Some((parameter: \"mu\", values: [inf]))),".to_owned(), "values"),
        ("sweep of a missing field", "(label: \"S\", player: OnePly((heuristic: Entropy)), sweep: Some((parameter: \"nope\", values: [1]))),".to_owned(), "parameter"),
        ("sweep of a negative mu", "(label: \"S\", player: OnePly((heuristic: Entropy, subset: Some((mu: 5)))), sweep: Some((parameter: \"mu\", values: [-1]))),".to_owned(), "parameter"),
        ("sweep paper means mismatch", "(label: \"S\", player: OnePly((heuristic: Entropy, subset: Some((mu: 5)))), sweep: Some((parameter: \"mu\", values: [1, 2], paper_means: [Some(1.0)]))),".to_owned(), "paper_means"),
        ("sweep making duplicate labels", "(label: \"S\", player: OnePly((heuristic: Entropy, subset: Some((mu: 5)))), sweep: Some((parameter: \"mu\", values: [5, 5]))),".to_owned(), "label"),
        ("sweep with paper numbers", "(label: \"S\", player: OnePly((heuristic: Entropy, subset: Some((mu: 5)))), paper: Some((mean: Some(4.0))), sweep: Some((parameter: \"mu\", values: [5]))),".to_owned(), "paper"),
    ] {
        cases.push(arm(what, &text, field));
    }
    let values: Vec<String> = (1..=20_000).map(|v| v.to_string()).collect();
    cases.push(arm(
        "a sweep of 20 000 values",
        &format!("(label: \"S\", player: OnePly((heuristic: Entropy, subset: Some((mu: 5)))), sweep: Some((parameter: \"mu\", values: [{}]))),", values.join(", ")),
        "values",
    ));
    // Report and codemaker options of the task.
    for (option, field) in [
        ("report: (test: (alpha: 0.0)),", "alpha"),
        ("report: (test: (alpha: 1.0)),", "alpha"),
        ("report: (test: (alpha: NaN)),", "alpha"),
        ("report: (test: (alpha: inf)),", "alpha"),
        ("report: (test: (kind: Anova)),", "kind"),
        ("report: (compare_to: [\"Nobody\"]),", "compare_to"),
        ("report: (reference_arms: [\"Nobody\"]),", "reference_arms"),
        ("report: (reference_lines: [(\"r\", inf)]),", "1"),
        ("report: (reference_lines: [(\"r\", NaN)]),", "1"),
        ("report: (reference_lines: [(\"a\\nb\", 1.0)]),", "0"),
        ("report: (figures: [MeanGuessesVsX(x_label: \"mu\")]),", "figures"),
        ("report: (figures: [Pie]),", "figures"),
        ("report: (colour: true),", "colour"),
        ("codemaker: FalseReplies((p: -0.1)),", "p"),
        ("codemaker: FalseReplies((p: inf)),", "p"),
        ("codemaker: Liar,", "codemaker"),
    ] {
        cases.push(task_option(option, option, field));
    }
    // Syntax.
    let base = small_spec("2", "");
    cases.push(case(
        "syntax: a missing comma",
        base.replace("max_guesses: 12,", "max_guesses: 12"),
        "arms",
        11,
    ));
    // The string runs on to the next quote, where the parser notices.
    let text = base.replace("\"small\"", "\"small");
    cases.push(case("syntax: an unterminated string", text, "paper", 3));
    cases.push(case(
        "syntax: a wrong struct name",
        base.replace("Experiment(", "Experimen("),
        "Experimen",
        1,
    ));
    cases.push(case("syntax: a stray character", base.replace("seed: 7,", "seed: 7,;"), "seed", 5));
    cases.push(case("syntax: garbage after the spec", format!("{base}trailing"), "trailing", 18));
    cases.push(case("a missing seed", base.replace("    seed: 7,\n", ""), "seed", 16));
    cases.push(case(
        "a field given twice",
        base.replace("seed: 7,", "seed: 7, seed: 8,"),
        "seed",
        5,
    ));
    cases.push(case("an unknown kind", base.replace("Games((", "Gamez(("), "task", 6));
    // Encodings.
    let mut bom_error = vec![0xEF, 0xBB, 0xBF];
    bom_error.extend(with_line(9, "        runs: 0,").into_bytes());
    cases.push(Case {
        what: "a byte-order mark before an error".into(),
        bytes: bom_error,
        field: Some("runs"),
        line: Some(9),
    });
    let mut latin1 = base.clone().into_bytes();
    let at = latin1.windows(5).position(|w| w == b"Table").unwrap();
    latin1[at] = 0xC9;
    cases.push(Case { what: "a Latin-1 byte".into(), bytes: latin1, field: None, line: Some(4) });
    let utf16: Vec<u8> =
        [0xFF, 0xFE].into_iter().chain(base.encode_utf16().flat_map(u16::to_le_bytes)).collect();
    cases.push(Case { what: "UTF-16".into(), bytes: utf16, field: None, line: Some(1) });
    cases.push(case(
        "CRLF line ends",
        with_line(9, "        runs: 0,").replace('\n', "\r\n"),
        "runs",
        9,
    ));
    cases.push(case(
        "a raw NUL in the title",
        base.replace("\"small\"", "\"sm\0all\""),
        "title",
        2,
    ));
    cases.push(case(
        "a raw line break in a label",
        base.replace("\"Entropy\"", "\"Ent\nropy\""),
        "label",
        12,
    ));
    // Sizes.
    let padding = format!("// {}\n", "x".repeat(1000)).repeat(1100);
    cases.push(Case {
        what: "a spec over 1 MiB".into(),
        bytes: format!("{padding}{base}").into_bytes(),
        field: None,
        line: None,
    });
    cases.push(case(
        "a deeply nested title",
        with_line(2, &format!("    title: {}{},", "[".repeat(5000), "]".repeat(5000))),
        "title",
        2,
    ));
    // Budgets: valid specs that would not finish.
    let large = base
        .replace("(pegs: 3, colours: 4)", "(pegs: 4, colours: 6)")
        .replace("Some(\"AAB\")", "None");
    cases.push(case(
        "ten million secrets",
        large.replace("secrets: All", "secrets: Sample(10000000)"),
        "secrets",
        8,
    ));
    cases.push(case("a billion runs", with_line(9, "        runs: 1000000000,"), "runs", 9));
    cases
}

/// How a check ended: its exit status code (`None` if killed by a signal), whether it ran past
/// [`TIME_LIMIT`] and was killed, and its stderr.
struct Outcome {
    code: Option<i32>,
    hung: bool,
    stderr: String,
}

/// Checks `bytes` as `experiments/hostile.ron` with the binary under the limits.
fn check(scratch: &Scratch, bytes: &[u8]) -> Outcome {
    let path = scratch.root.join("experiments/hostile.ron");
    std::fs::write(&path, bytes).unwrap();
    check_path(scratch, &path)
}

/// Runs `mastermind-lab check` on `path` under the memory limit (`ulimit -v`) and kills it at the
/// time limit. The deadline is kept here rather than by coreutils' `timeout`, which not every
/// machine has.
fn check_path(scratch: &Scratch, path: &Path) -> Outcome {
    let stderr_path = scratch.root.join("check.stderr");
    let stderr_file = std::fs::File::create(&stderr_path).unwrap();
    let mut child = Command::new("bash")
        .arg("-c")
        .arg(format!("ulimit -v {MEMORY_LIMIT_KIB}; exec \"$0\" check \"$1\""))
        .arg(env!("CARGO_BIN_EXE_mastermind-lab"))
        .arg(path)
        .current_dir(&scratch.root)
        .env("RAYON_NUM_THREADS", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(stderr_file)
        .spawn()
        .unwrap();
    let deadline = Instant::now() + TIME_LIMIT;
    let (status, hung) = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break (status, false);
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            break (child.wait().unwrap(), true);
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let stderr = String::from_utf8_lossy(&std::fs::read(&stderr_path).unwrap()).into_owned();
    Outcome { code: status.code(), hung, stderr }
}

/// The location (`file:line[:column]`) and the field of the first error in stderr.
fn first_error(stderr: &str) -> Option<(String, String)> {
    let line = stderr.lines().find_map(|l| l.strip_prefix("error: "))?;
    let (location, rest) = line.split_once(": ")?;
    let field = rest.split_once(": ").map_or("", |(f, _)| f);
    let field = if field.contains(' ') { "" } else { field };
    Some((location.to_owned(), field.to_owned()))
}

/// Whether stderr reports a plain syntax error (a mistake in the corpus unless it is meant).
fn is_syntax_error(stderr: &str) -> bool {
    ["Expected comma", "Expected closing", "trailing characters", "Unexpected end"]
        .iter()
        .any(|m| stderr.contains(m))
}

/// The last component of a field path: `x` for `task.arms[2].x`, `values` for `values[0]`.
fn last_component(field: &str) -> &str {
    let last = field.rsplit('.').next().unwrap_or(field);
    last.split('[').next().unwrap_or(last)
}

#[test]
fn every_hostile_spec_is_refused_with_its_file_line_and_field() {
    let scratch = Scratch::new("hostile");
    let cases = corpus();
    assert!(cases.len() >= 100, "only {} cases", cases.len());
    let mut wrong = Vec::new();
    for case in &cases {
        let Outcome { code, hung, stderr } = check(&scratch, &case.bytes);
        let verdict = match (code, first_error(&stderr)) {
            _ if hung => Err("HUNG".to_owned()),
            (Some(1), Some(_)) if !case.what.starts_with("syntax:") && is_syntax_error(&stderr) => {
                Err("a syntax error in a case meant to test something else".to_owned())
            }
            (Some(1), Some((location, field))) => {
                let line_ok = match case.line {
                    Some(line) => {
                        location.starts_with(&format!("experiments/hostile.ron:{line}"))
                            && location[format!("experiments/hostile.ron:{line}").len()..]
                                .chars()
                                .next()
                                .is_none_or(|c| c == ':')
                    }
                    None => location == "experiments/hostile.ron",
                };
                let field_ok = match case.field {
                    Some(expected) => last_component(&field) == expected,
                    None => field.is_empty(),
                };
                let first = stderr.lines().find(|l| l.starts_with("error: ")).unwrap_or_default();
                match said_twice(first, &field) {
                    Some(twice) => Err(format!("says {twice} twice")),
                    None => (line_ok && field_ok)
                        .then_some(())
                        .ok_or(format!("expected line {:?} field {:?}", case.line, case.field)),
                }
            }
            (Some(0), _) => Err("ACCEPTED".to_owned()),
            (code, _) => Err(format!("exit {code:?}")),
        };
        if let Err(why) = verdict {
            let shown: String = stderr.lines().take(3).collect::<Vec<_>>().join(" / ");
            wrong.push(format!("{}: {why}: {shown}", case.what));
        }
    }
    assert!(wrong.is_empty(), "{} of {} cases:\n{}", wrong.len(), cases.len(), wrong.join("\n"));
}

#[test]
fn a_spec_outside_experiments_or_missing_is_refused_without_writing() {
    let scratch = Scratch::new("hostile-paths");
    let outside = scratch.root.join("notes/spec.ron");
    std::fs::create_dir_all(outside.parent().unwrap()).unwrap();
    std::fs::write(&outside, small_spec("1", "")).unwrap();
    let Outcome { code, stderr, .. } = check_path(&scratch, &outside);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("notes/spec.ron") && stderr.contains("not below experiments/"),
        "{stderr}"
    );
    let linked = scratch.root.join("experiments/linked.ron");
    std::os::unix::fs::symlink(&outside, &linked).unwrap();
    let Outcome { code, stderr, .. } = check_path(&scratch, &linked);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("not below experiments/"), "{stderr}");
    let Outcome { code, stderr, .. } =
        check_path(&scratch, &scratch.root.join("experiments/absent.ron"));
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("no spec named"), "{stderr}");
    assert!(
        !scratch.root.join("data").exists() && !scratch.root.join("notes/spec.parquet").exists()
    );
}
