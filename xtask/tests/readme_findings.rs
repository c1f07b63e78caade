//! The README's findings and `docs/findings.md`'s headlines say what `figures/full/REPORT.md`
//! says: both are generated here from the report's per-paper summary ("What each paper's claims
//! come to": each headline's standing and verdict counts, and the table "Verdicts by paper"), and
//! compared with the text between their markers. On a difference the test prints the block it
//! expects; `UPDATE_DOCS=1 cargo test -p xtask --test readme_findings` writes it in place.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A headline claim of a paper, as the report's summary states it.
#[derive(Debug, Clone, PartialEq)]
struct Headline {
    /// The standing in the report's words, without "(the paper's numbers)": `Holds in part`.
    standing: String,
    /// The standing as the report writes it: `Holds in part (the paper's numbers)`.
    written: String,
    /// How many claims the headline rests on.
    claims: u32,
    /// The verdict counts as the report writes them: `1 agrees within the paper's precision, ...`.
    verdicts: String,
    /// The headline's first sentence.
    text: String,
}

/// One paper's part of the summary.
#[derive(Debug, Clone, PartialEq)]
struct Paper {
    name: String,
    headlines: Vec<Headline>,
}

/// The standings a headline can have, in the order the tables list them.
const STANDINGS: [&str; 7] = [
    "Holds",
    "Holds under another reading of the paper",
    "Holds in part",
    "Agrees within the paper's precision",
    "Undecided",
    "Does not hold",
    "Not judged in this profile",
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The part of a line inside the parentheses that open at `open`, and the rest after them.
fn parenthesised(line: &str, open: usize) -> (&str, &str) {
    let mut depth = 0;
    for (i, c) in line[open..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return (&line[open + 1..open + i], &line[open + i + 1..]);
                }
            }
            _ => {}
        }
    }
    panic!("unbalanced parentheses in {line:?}")
}

/// The first sentence of a headline: up to a full stop followed by a capital letter.
fn first_sentence(text: &str) -> &str {
    let bytes = text.as_bytes();
    for i in 0..bytes.len().saturating_sub(2) {
        if bytes[i] == b'.' && bytes[i + 1] == b' ' && bytes[i + 2].is_ascii_uppercase() {
            return &text[..=i];
        }
    }
    text
}

/// `- **Holds in part (the paper's numbers)** (5 claims: 1 reproduced, ...): Table 2's ...`
fn headline(line: &str) -> Option<Headline> {
    let rest = line.strip_prefix("- **")?;
    let (written, rest) = rest.split_once("** ")?;
    let standing = written.trim_end_matches(" (the paper's numbers)").to_string();
    assert!(STANDINGS.contains(&standing.as_str()), "a standing the test does not know: {line}");
    let (inside, after) = parenthesised(rest, 0);
    let (count, verdicts) = inside.split_once(": ").unwrap_or_else(|| panic!("{line}"));
    let claims = count.split(' ').next().and_then(|n| n.parse().ok()).unwrap_or_else(|| {
        panic!("no claim count in {line}");
    });
    let text = after.strip_prefix(": ").unwrap_or_else(|| panic!("{line}"));
    Some(Headline {
        standing,
        written: written.to_string(),
        claims,
        verdicts: verdicts.to_string(),
        text: first_sentence(text).to_string(),
    })
}

/// The report's per-paper summary: papers in order, each with its headlines.
fn summary(report: &str) -> Vec<Paper> {
    let start = report
        .find("## What each paper's claims come to")
        .expect("the report has its per-paper summary");
    let mut papers: Vec<Paper> = Vec::new();
    for line in report[start..].lines().skip(1) {
        if line.starts_with("## ") || line.starts_with("# ") || line.starts_with("**Verdicts by") {
            break;
        }
        if let Some(name) = line.strip_prefix("### ") {
            papers.push(Paper { name: name.to_string(), headlines: Vec::new() });
        } else if let Some(headline) = headline(line) {
            papers.last_mut().expect("a headline under a paper").headlines.push(headline);
        }
    }
    assert!(papers.len() >= 5 && papers.iter().all(|p| !p.headlines.is_empty()), "{papers:?}");
    papers
}

/// The counts of verdicts under the bold title `title` ("Verdicts by paper.", "Beyond the
/// papers."): row -> counts, with the columns in the report's order.
fn verdict_counts(report: &str, title: &str) -> (Vec<String>, BTreeMap<String, Vec<u32>>) {
    let start = report.find(&format!("**{title}**")).unwrap_or_else(|| panic!("no {title:?}"));
    let mut lines = report[start..].lines().skip_while(|l| !l.starts_with("| paper |"));
    let header: Vec<String> =
        cells(lines.next().expect("a header")).into_iter().skip(1).map(String::from).collect();
    let mut rows = BTreeMap::new();
    for line in lines.skip(1).take_while(|l| l.starts_with('|')) {
        let cells = cells(line);
        let counts = cells[1..].iter().map(|c| c.parse().unwrap_or_else(|_| panic!("{line}")));
        rows.insert(cells[0].to_string(), counts.collect());
    }
    (header, rows)
}

fn cells(line: &str) -> Vec<&str> {
    line.trim().trim_matches('|').split('|').map(str::trim).collect()
}

/// `3 holds in part, 1 does not hold`: the headlines' standings, counted.
fn standings(headlines: &[Headline]) -> String {
    STANDINGS
        .iter()
        .filter_map(|standing| {
            let n = headlines.iter().filter(|h| h.standing == *standing).count();
            (n > 0).then(|| format!("{} {n}", standing.to_lowercase()))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// `135: reproduced 13, ..., contradicted 45`: a row of verdict counts in the report's words.
fn verdicts(header: &[String], counts: &[u32]) -> String {
    // The outcomes a claim can have, as the report's tables name them.
    let outcomes = [
        "reproduced",
        "explained (measured)",
        "agrees within the paper's precision",
        "inconclusive",
        "contradicted",
    ];
    let column = |name: &str| {
        header.iter().position(|h| h == name).unwrap_or_else(|| panic!("no column {name:?}"))
    };
    let named: Vec<String> = outcomes
        .iter()
        .filter(|o| counts[column(o)] > 0)
        .map(|o| format!("{o} {}", counts[column(o)]))
        .collect();
    format!("{}: {}", counts[column("claims")], named.join(", "))
}

/// The README's table: one row per paper (the headlines' standings and the claims' verdicts),
/// then all the papers, then each study beyond them that tests a claim.
fn readme_table(report: &str) -> String {
    let papers = summary(report);
    let (header, rows) = verdict_counts(report, "Verdicts by paper.");
    let mut table = String::from(
        "| paper | headline claims, by standing | claims tested, by verdict |\n|---|---|---|\n",
    );
    for paper in &papers {
        let counts = rows.get(&paper.name).unwrap_or_else(|| panic!("{} uncounted", paper.name));
        table.push_str(&format!(
            "| {} | {}: {} | {} |\n",
            paper.name,
            paper.headlines.len(),
            standings(&paper.headlines),
            verdicts(&header, counts),
        ));
    }
    let all = rows.get("all").expect("the report counts all the papers' claims");
    let headlines: Vec<Headline> = papers.iter().flat_map(|p| p.headlines.clone()).collect();
    table.push_str(&format!(
        "| all five papers | {}: {} | {} |\n",
        headlines.len(),
        standings(&headlines),
        verdicts(&header, all)
    ));
    let (header, beyond) = verdict_counts(report, "Beyond the papers.");
    for (study, counts) in beyond.iter().filter(|(study, _)| *study != "all") {
        if counts[header.iter().position(|h| h == "claims").expect("claims")] > 0 {
            let row =
                format!("| {study} (beyond the papers) | – | {} |\n", verdicts(&header, counts));
            table.push_str(&row);
        }
    }
    table
}

/// A paper's headlines as a table for `docs/findings.md`.
fn headline_table(paper: &Paper) -> String {
    let mut table = String::from("| standing | claims: verdicts | headline |\n|---|---|---|\n");
    for h in &paper.headlines {
        table.push_str(&format!("| {} | {}: {} | {} |\n", h.written, h.claims, h.verdicts, h.text));
    }
    table
}

/// The folder name of a paper's specs, which names its block in `docs/findings.md`.
fn slug(paper: &str) -> String {
    let words: String = paper
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' })
        .collect();
    words.split('-').filter(|w| !w.is_empty()).collect::<Vec<_>>().join("-")
}

/// Replaces the text between `begin` and `end` in `text` by `block`; `None` if it is already so.
fn with_block(text: &str, begin: &str, end: &str, block: &str) -> Option<String> {
    let start = text.find(begin).unwrap_or_else(|| panic!("no marker {begin:?}")) + begin.len();
    let stop = start + text[start..].find(end).unwrap_or_else(|| panic!("no marker {end:?}"));
    let wanted = format!("\n{block}");
    (text[start..stop] != wanted).then(|| format!("{}{wanted}{}", &text[..start], &text[stop..]))
}

/// Compares every block of `file` with what the report says; writes them with `UPDATE_DOCS=1`.
fn check(file: &str, blocks: &[(String, &str, String)]) {
    let original = read(file);
    let mut text = original.clone();
    let mut stale = Vec::new();
    for (begin, end, block) in blocks {
        if let Some(updated) = with_block(&text, begin, end, block) {
            text = updated;
            stale.push(format!("{begin}\n{block}{end}"));
        }
    }
    if stale.is_empty() {
        return;
    }
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(root().join(file), text).unwrap();
        return;
    }
    panic!(
        "{file} does not say what figures/full/REPORT.md says; expected:\n\n{}\n\n(run \
         `UPDATE_DOCS=1 cargo test -p xtask --test readme_findings` to write it)",
        stale.join("\n\n")
    );
}

#[test]
fn the_readme_findings_table_is_the_reports_summary() {
    let table = readme_table(&read("figures/full/REPORT.md"));
    check(
        "README.md",
        &[(
            "<!-- findings: generated from figures/full/REPORT.md by xtask/tests/readme_findings.rs -->"
                .to_string(),
            "<!-- end of findings -->",
            table,
        )],
    );
}

#[test]
fn the_findings_page_lists_each_papers_headlines_as_the_report_does() {
    let papers = summary(&read("figures/full/REPORT.md"));
    let blocks: Vec<(String, &str, String)> = papers
        .iter()
        .map(|p| {
            (
                format!("<!-- headlines: {} -->", slug(&p.name)),
                "<!-- end of headlines -->",
                headline_table(p),
            )
        })
        .collect();
    check("docs/findings.md", &blocks);
}

#[test]
fn a_headline_line_is_read_with_its_standing_counts_and_first_sentence() {
    let line = "- **Holds in part (the paper's numbers)** (2 claims: 1 explained (measured), 1 \
                contradicted): With 20% false replies it takes 7.6388 guesses (Figure 11). It \
                says more.";
    let h = headline(line).unwrap();
    assert_eq!(h.standing, "Holds in part");
    assert_eq!(h.claims, 2);
    assert_eq!(h.verdicts, "1 explained (measured), 1 contradicted");
    assert_eq!(h.text, "With 20% false replies it takes 7.6388 guesses (Figure 11).");
    assert_eq!(slug("Merelo, Mora, Runarsson & Cotta"), "merelo-mora-runarsson-cotta");
    assert_eq!(slug("Runarsson & Merelo 2009"), "runarsson-merelo-2009");
    assert_eq!(with_block("a<!--b-->\nx\n<!--e-->", "<!--b-->", "<!--e-->", "x\n"), None);
}
