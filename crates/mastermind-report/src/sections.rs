//! A rendered spec's [`Section`], and the report stitched from every section: each paper's
//! claims judged as one family ([`finish`]), the verdict counts, and `REPORT.md` and `report.tex`
//! ([`index_files`]). Every file is returned as an [`OutputFile`] for the lab to write.

use crate::output::OutputFile;
use crate::{document, plot, summary, table, verdict};
use std::path::{Path, PathBuf};
use table::Table;

/// The report's index, beside every section: `REPORT.md`.
pub const INDEX_FILE_NAME: &str = "REPORT.md";

/// A rendered spec: its Markdown section and the files written.
#[derive(Debug, Clone)]
pub struct Section {
    /// The paper, for grouping sections in the report.
    pub paper: String,
    /// The spec's name.
    pub name: String,
    /// The paper's table or figure the spec reproduces (its `section` field), which a spec
    /// citing it names (`cites: Some("Table 3 (10/10)")`).
    pub label: String,
    /// Markdown for the report (figure links relative to the report).
    pub markdown: String,
    /// The section's body in `report.tex` (paths relative to the report).
    pub latex: String,
    /// Its files where the lab wrote them (below the profile's figures folder).
    pub files: Vec<PathBuf>,
    /// Figures that could not be drawn, one sentence each (the tables and the data are fine).
    pub errors: Vec<String>,
    /// The paper's claims the spec tests, with their verdicts.
    pub verdicts: Vec<verdict::Verdict>,
    /// The section's Markdown and table LaTeX before its verdicts are judged, with
    /// [`VERDICT_SLOT`] where the verdict tables go, and the files they are written to (none for
    /// a section kept from an earlier rendering).
    pub pending: Option<Pending>,
}

/// A section's text with a slot for its verdict tables, which are filled in once the claims of
/// its paper have been judged together ([`finish`]).
#[derive(Debug, Clone)]
pub struct Pending {
    /// Markdown with the slot.
    pub markdown: String,
    /// Table LaTeX with the slot.
    pub tables_tex: String,
    /// Where the Markdown goes, relative to the profile's figures folder.
    pub md_path: PathBuf,
    /// Where the table LaTeX goes, relative to the profile's figures folder.
    pub tex_path: PathBuf,
    /// How many of the section's tables precede the slot (its LaTeX labels go on from there).
    pub tables_before: usize,
}

/// Marks where a section's verdict tables go until its paper's claims are judged.
pub const VERDICT_SLOT: &str = "\u{0}verdicts\u{0}";

/// The alternative readings that other specs of section `i`'s paper try of its table (their
/// claims cite its label), with the citation taken off their claim text so that they match the
/// cited section's own claims.
fn readings_citing(sections: &[Section], i: usize) -> Vec<verdict::Verdict> {
    let cited = &sections[i];
    let mut readings = Vec::new();
    for (j, other) in sections.iter().enumerate() {
        if j == i || other.paper != cited.paper {
            continue;
        }
        for v in other.verdicts.iter().filter(|v| !v.is_claim()) {
            let Some(table) = v.cites.as_deref().filter(|t| cited.label.contains(t)) else {
                continue;
            };
            let mut reading = v.clone();
            if let Some(claim) = v.claim.strip_suffix(&format!(" (cites {table})")) {
                reading.claim = claim.to_owned();
            }
            // Its arm and sensitivity table are in the citing spec: say which.
            if let Some(tag) = reading.reading.as_mut() {
                tag.name = format!("{}, in {}", tag.name, other.name);
            }
            readings.push(reading);
        }
    }
    readings
}

/// Decides the claims of each paper's sections as one family ([`verdict::decide_family`]), names
/// each section's readings ([`verdict::name_readings`]), then fills in every pending section's
/// verdict and sensitivity tables; returns each pending section's Markdown and table LaTeX files.
pub fn finish(sections: &mut [Section]) -> Vec<OutputFile> {
    let mut papers: Vec<String> = sections.iter().map(|s| s.paper.clone()).collect();
    papers.sort();
    papers.dedup();
    for paper in papers {
        let mut family: Vec<&mut verdict::Verdict> = sections
            .iter_mut()
            .filter(|s| s.paper == paper)
            .flat_map(|s| s.verdicts.iter_mut())
            .collect();
        verdict::decide_family(&mut family);
    }
    for i in 0..sections.len() {
        let cited = readings_citing(sections, i);
        verdict::name_readings(&mut sections[i].verdicts.iter_mut().collect::<Vec<_>>(), &cited);
    }
    let mut files = Vec::new();
    for section in sections.iter_mut() {
        let Some(pending) = &section.pending else { continue };
        let mut tables = Vec::new();
        if !section.verdicts.is_empty() {
            tables.push(verdict::section_table(&section.verdicts));
        }
        tables.extend(verdict::sensitivity_table(&section.verdicts));
        let (mut md, mut tex) = (String::new(), String::new());
        for (k, table) in tables.iter().enumerate() {
            md += &table.markdown();
            md += "\n";
            let number = pending.tables_before + k + 1;
            tex += &table.latex(&format!("tab:{}:{number}", section.name));
            tex += "\n";
        }
        section.markdown = pending.markdown.replace(VERDICT_SLOT, &md);
        let tables_tex = pending.tables_tex.replace(VERDICT_SLOT, &tex);
        let own_links = figure_links_from(&pending.md_path, &section.markdown);
        files.push(OutputFile::new(&pending.md_path, own_links));
        files.push(OutputFile::new(&pending.tex_path, tables_tex));
    }
    files
}

/// `markdown`, whose figure links (lines `![alt](path)`) are relative to the profile's figures
/// folder, with those links made relative to the folder of `md_path` (a path relative to the
/// profile's folder), so that the spec's own Markdown file shows its figures when opened alone.
pub fn figure_links_from(md_path: &Path, markdown: &str) -> String {
    let Some(folder) = link_folder(md_path) else { return markdown.to_owned() };
    rewrite_figure_links(markdown, |path| path.strip_prefix(&folder).map(str::to_owned))
}

/// The inverse of [`figure_links_from`]: the figure links of the Markdown file `md_path` made
/// relative to the profile's figures folder again, as the report index needs them.
pub fn figure_links_to_profile(md_path: &Path, markdown: &str) -> String {
    let Some(folder) = link_folder(md_path) else { return markdown.to_owned() };
    rewrite_figure_links(markdown, |path| (!path.contains('/')).then(|| format!("{folder}{path}")))
}

/// The folder of `md_path` as a link prefix (`paper/`), none for a file at the top.
fn link_folder(md_path: &Path) -> Option<String> {
    let folder = md_path.parent().filter(|p| !p.as_os_str().is_empty())?;
    let parts: Vec<String> =
        folder.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
    Some(format!("{}/", parts.join("/")))
}

/// Each line `![alt](path)` with `path` replaced where `new_path` gives one.
fn rewrite_figure_links(markdown: &str, new_path: impl Fn(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(markdown.len());
    for line in markdown.split_inclusive('\n') {
        let body = line.trim_end_matches('\n');
        let rewritten = body
            .strip_prefix("![")
            .and_then(|rest| rest.rsplit_once("]("))
            .and_then(|(alt, path)| path.strip_suffix(')').map(|path| (alt, path)))
            .and_then(|(alt, path)| new_path(path).map(|path| format!("![{alt}]({path})")));
        match rewritten {
            Some(text) => {
                out += &text;
                out += &line[body.len()..];
            }
            None => out += line,
        }
    }
    out
}

/// The papers of the report in order, and the studies beyond them (the strategy trees, the league
/// of every player), which are counted apart: they test the field's tables, not a paper's claims.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PaperOrder {
    /// The papers, in the order of the report.
    pub papers: Vec<String>,
    /// The studies beyond the papers, after them.
    pub beyond: Vec<String>,
}

impl PaperOrder {
    /// Reads `experiments/papers.txt`: one name a line, `#` starts a comment, and the line
    /// `[beyond the papers]` separates the papers from the studies beyond them.
    pub fn parse(text: &str) -> PaperOrder {
        let mut order = PaperOrder::default();
        let mut beyond = false;
        for line in text.lines().map(|l| l.split('#').next().unwrap_or_default().trim()) {
            match line {
                "" => {}
                "[beyond the papers]" => beyond = true,
                name if beyond => order.beyond.push(name.to_owned()),
                name => order.papers.push(name.to_owned()),
            }
        }
        order
    }
}

/// The verdicts of one group of papers counted by outcome, one row per paper and a total: a claim
/// that cites another table is counted where it is first made.
fn count_table(caption: &str, sections: &[Section], papers: &[&str]) -> Table {
    use verdict::Outcome;
    let mut headers = vec!["paper", "claims"];
    headers.extend(Outcome::ALL.iter().map(|o| o.name()));
    headers.extend([
        "with a hypothesis",
        "contradicted, no reading tried nor reason given",
        "sections without a verdict",
    ]);
    let mut table = Table::new(caption, &headers);
    let mut total = vec![0usize; Outcome::ALL.len() + 4];
    for &paper in papers {
        let of_paper: Vec<&Section> = sections.iter().filter(|s| s.paper == paper).collect();
        let verdicts = distinct_claims(&of_paper);
        let mut counts = vec![verdicts.len()];
        counts.extend(
            Outcome::ALL.iter().map(|&o| verdicts.iter().filter(|v| v.outcome == o).count()),
        );
        counts.push(verdicts.iter().filter(|v| v.hypothesis.is_some()).count());
        counts.push(
            of_paper
                .iter()
                .flat_map(|s| verdict::unchased(&s.verdicts))
                .filter(|v| v.cites.is_none())
                .count(),
        );
        counts.push(of_paper.iter().filter(|s| s.verdicts.is_empty()).count());
        for (t, c) in total.iter_mut().zip(&counts) {
            *t += c;
        }
        let mut row = vec![paper.to_owned()];
        row.extend(counts.iter().map(ToString::to_string));
        table.row(row);
    }
    if papers.len() > 1 {
        let mut row = vec!["all".to_owned()];
        row.extend(total.iter().map(ToString::to_string));
        table.row(row);
    }
    table
}

/// The claims of a paper's sections, each once: its own claims, less those that cite another
/// table of the paper (counted there).
fn distinct_claims<'a>(sections: &[&'a Section]) -> Vec<&'a verdict::Verdict> {
    sections
        .iter()
        .flat_map(|s| s.verdicts.iter())
        .filter(|v| v.is_claim() && v.cites.is_none())
        .collect()
}

/// The opening of the report: the papers' verdicts counted by outcome, the studies beyond the
/// papers counted apart, and every verdict.
fn verdicts_overview(sections: &[Section], papers: &[&str], beyond: &[&str]) -> Vec<Table> {
    let summary = count_table(
        "**Verdicts by paper.** The papers' claims tested by the specs, each counted once, by \
         verdict; *explained (measured)* means reproduced under another reading of the paper that \
         an arm of the spec plays; a hypothesis is a reason the spec gives without measuring it. \
         A contradicted claim should have been tried under the paper's other readings (its \
         section's sensitivity table), or its spec should say why none applies; the column after \
         the hypotheses counts those that are neither. The last column counts the sections whose specs state no claim the data can judge.",
        sections,
        papers,
    );
    let mut every = Table::new(
        "**Every verdict.** A number, or a comparison of two arms, is judged against the margin \
         the spec states with its reason (never tighter than half a unit of the paper's last \
         printed digit): the Student-t interval of the difference, from both sides' standard \
         errors (the paper's own over the sample size its text states, its sd where it prints \
         one and ours standing in where it does not; a paper that states no sample size is \
         judged as a point), at level 1 - 2 alpha/m, m the number of the paper's tested claims \
         and alpha = 0.05 (two one-sided tests, Bonferroni over the paper). An equality is \
         reproduced inside the margin and contradicted wholly beyond it; a claimed difference, \
         'fewer' or 'not fewer' holds only where the interval lies beyond the margin on its \
         side, and fails where it lies wholly on the other. Agrees within the paper's precision: \
         not significantly different, and the paper's own error alone is at least the margin, \
         so no number of our games could reproduce it. An inconclusive row says which way it \
         leans and how many games per arm would decide it at the observed difference. Groups \
         and a sweep's best point are judged pair by pair, the same way. The half-widths \
         column gives what the paper's error and ours each add to the interval.",
        &[
            "paper",
            "section",
            "claim",
            "ours (95% CI)",
            "paper's",
            "difference [interval]",
            "half-widths: paper's, ours",
            "margin",
            "per arm: ours → to decide",
            "verdict",
            "why",
            "hypothesis",
        ],
    );
    for &paper in papers.iter().chain(beyond) {
        for section in sections.iter().filter(|s| s.paper == paper) {
            for v in section.verdicts.iter().filter(|v| v.is_claim()) {
                let mut cells = vec![paper.to_owned(), section.name.clone()];
                cells.extend(verdict::row(v));
                every.row(cells);
            }
        }
    }
    let mut tables = vec![summary];
    if !beyond.is_empty() {
        tables.push(count_table(
            "**Beyond the papers.** Studies of this lab (strategy trees against the field's \
             published tables, the league of every player), counted apart from the papers' claims.",
            sections,
            beyond,
        ));
    }
    tables.push(every);
    tables
}

/// The GitHub-style anchor of a section's first heading.
fn anchor(markdown: &str) -> String {
    let heading = markdown.lines().next().unwrap_or_default().trim_start_matches('#').trim();
    heading
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// `REPORT.md` and `report.tex`, with each paper's forest plot before them: every section,
/// grouped by paper. Papers named in `order` come first, in that order; the others follow in the
/// order their sections are given, and the studies beyond the papers come last. A forest plot
/// that cannot be drawn is said in `REPORT.md`, never an error.
pub fn index_files(
    profile: &str,
    sections: &[Section],
    order: &PaperOrder,
    summaries: &[summary::PaperSummary],
) -> Vec<OutputFile> {
    let flag = if profile == "full" { " --full" } else { "" };
    let mut text = format!(
        "# mastermind-lab report ({profile} profile)\n\nRegenerated by `cargo xtask report{flag}` from the \
         Parquet files in `data/{profile}/`. Each table shows the reproduced numbers with the paper's \
         beside them. `report.tex` beside this file holds the same tables and figures as one LaTeX \
         document (`cargo xtask latex{flag}` builds it into `report.pdf` where TeX is installed).\n\n"
    );
    let present = |p: &&str| sections.iter().any(|s| s.paper == *p);
    let mut papers: Vec<&str> = order.papers.iter().map(String::as_str).filter(present).collect();
    let beyond: Vec<&str> = order.beyond.iter().map(String::as_str).filter(present).collect();
    for s in sections {
        if !papers.contains(&s.paper.as_str()) && !beyond.contains(&s.paper.as_str()) {
            papers.push(&s.paper);
        }
    }
    let mut files = Vec::new();
    let mut forests = Vec::new();
    for &paper in &papers {
        let Some(plot) = summary::forest(paper, sections) else { continue };
        let base = PathBuf::from(summary::forest_file(paper));
        match plot::Figure::Forest(plot).draw(&base) {
            Ok(drawn) => {
                files.extend(drawn);
                forests.push(format!("{}.png", summary::forest_file(paper)));
            }
            Err(e) => text += &format!("*The forest plot of {paper} could not be drawn: {e}*\n\n"),
        }
    }
    text += &summary::markdown(summaries, sections, &papers, &forests);
    let overview = verdicts_overview(sections, &papers, &beyond);
    for table in &overview {
        text += &format!("{}\n", table.markdown());
    }
    let counts = &overview[0];
    papers.extend(beyond);
    let mut tex_papers = Vec::new();
    for &paper in &papers {
        tex_papers.push((
            paper,
            sections.iter().filter(|s| s.paper == paper).map(|s| s.latex.as_str()).collect(),
        ));
        text += &format!("# {paper}\n\n");
        text += "Sections: ";
        let links: Vec<String> = sections
            .iter()
            .filter(|s| s.paper == paper)
            .map(|s| format!("[{}](#{})", s.name, anchor(&s.markdown)))
            .collect();
        text += &links.join(", ");
        text += "\n\n";
        for s in sections.iter().filter(|s| s.paper == paper) {
            text += &s.markdown.replacen("## ", "### ", 1);
            text += "\n";
        }
    }
    files.push(OutputFile::new(INDEX_FILE_NAME, text));
    let overview =
        summary::latex(summaries, sections, &papers, &forests) + &counts.latex("tab:verdicts");
    let tex = document::document(profile, &overview, &tex_papers);
    files.push(OutputFile::new(document::FILE_NAME, tex));
    files
}

#[cfg(test)]
mod tests {
    use super::*;
    use verdict::{Estimate, Printed, compare};

    #[test]
    fn a_spec_file_links_its_figures_from_its_own_folder_and_back() {
        let md = "## P — T: t\n\ntext with [a link](docs/x.md)\n\n\
                  ![P — T](paper/a-guesses.png)\n\n![P — T](paper/a-time.png)\n";
        let own = figure_links_from(Path::new("paper/a.md"), md);
        assert!(own.contains("![P — T](a-guesses.png)\n"), "{own}");
        assert!(own.contains("![P — T](a-time.png)\n"), "{own}");
        assert!(own.contains("[a link](docs/x.md)"), "{own}");
        assert_eq!(figure_links_to_profile(Path::new("paper/a.md"), &own), md);
        // A file at the top of the folder links as the report does.
        assert_eq!(figure_links_from(Path::new("a.md"), md), md);
    }

    fn section(paper: &str, name: &str, verdicts: Vec<verdict::Verdict>) -> Section {
        Section {
            paper: paper.into(),
            name: name.into(),
            label: name.into(),
            markdown: format!("## {paper} — {name}: title\n\nbody\n"),
            latex: String::new(),
            files: Vec::new(),
            errors: Vec::new(),
            verdicts,
            pending: None,
        }
    }

    fn exact(ours: f64, paper: f64, hypothesis: Option<&str>) -> verdict::Verdict {
        let printed = Printed::new(paper, 0);
        compare(format!("total {ours} vs {paper}"), Estimate::exact(ours), printed, None)
            .with_hypothesis(hypothesis)
    }

    /// The claim "with subset: mean guesses" with our mean, 4.47 in the paper.
    fn subset_claim(mean: f64) -> verdict::Verdict {
        let ours = Estimate { mean, se: Some(0.004), df: Some(9.0) };
        compare("with subset: mean guesses".into(), ours, Printed::new(4.47, 3), None)
    }

    /// The same claim at 4.60 under the alternative reading `name`, of arm `arm`.
    fn subset_reading(name: &str, arm: &str) -> verdict::Verdict {
        let reading = crate::judging::Reading {
            of: Some("with subset".to_owned().try_into().unwrap()),
            name: name.to_owned().try_into().unwrap(),
            because: "the text allows it".to_owned().try_into().unwrap(),
            counts_only: false,
        };
        subset_claim(4.60).with_reading(Some(verdict::ReadingTag::of(arm, &reading)))
    }

    #[test]
    fn readings_are_named_within_their_own_spec_not_across_the_paper() {
        // Two tables of one paper both claim "with subset: mean guesses"; only the second
        // tries another reading, which must not be reported under the first.
        let tagged = subset_reading("cyclic shift", "shift");
        let mut sections = [
            section("P", "table-a", vec![subset_claim(4.60)]),
            section("P", "table-b", vec![subset_claim(4.60), tagged]),
        ];
        finish(&mut sections);
        let (a, b) = (&sections[0].verdicts[0], &sections[1].verdicts[0]);
        assert_eq!(a.outcome, verdict::Outcome::Contradicted);
        assert!(!a.why().contains("cyclic shift"), "{}", a.why());
        assert!(b.why().contains("cyclic shift: contradicted"), "{}", b.why());
    }

    #[test]
    fn a_spec_citing_a_table_names_its_readings_under_that_table_s_claims() {
        // table-b re-runs Table 3's claim under another reading and cites it; Table 4, another
        // table with the same claim text, is not cited and hears nothing of it.
        let tagged = subset_reading("accepted moves", "moves").citing(Some("Table 3"));
        let mut sections = [
            section("P", "Table 3", vec![subset_claim(4.60)]),
            section("P", "table-b", vec![subset_claim(4.60).citing(Some("Table 3")), tagged]),
            section("P", "Table 4", vec![subset_claim(4.60)]),
        ];
        finish(&mut sections);
        let cited = &sections[0].verdicts[0];
        assert!(
            cited.why().contains("accepted moves, in table-b: contradicted"),
            "{}",
            cited.why()
        );
        assert!(verdict::unchased(&sections[0].verdicts).is_empty(), "chased by table-b");
        assert!(!sections[2].verdicts[0].why().contains("accepted moves"));
        assert_eq!(verdict::unchased(&sections[2].verdicts).len(), 1);
    }

    #[test]
    fn papers_txt_separates_the_papers_from_the_studies_beyond_them() {
        let order = PaperOrder::parse("# comment\nP1\nP2 # two\n\n[beyond the papers]\nTrees\n");
        assert_eq!(order.papers, ["P1", "P2"]);
        assert_eq!(order.beyond, ["Trees"]);
    }

    #[test]
    fn the_report_opens_with_the_verdicts_counted_by_paper() {
        let mut sections = vec![
            section("P1", "a", vec![exact(5.0, 5.0, None), exact(6.0, 5.0, None)]),
            section("P1", "b", Vec::new()),
            // The same claim cited by a second section counts once.
            section("P1", "c", vec![exact(5.0, 5.0, None).citing(Some("Table a"))]),
            section("P2", "d", vec![exact(7.0, 5.0, Some("A known reason."))]),
            section("Trees", "e", vec![exact(7.0, 7.0, None)]),
        ];
        // P2's spec says why no other reading applies to its claim; P1's says nothing.
        let entry = crate::judging::NoOtherReading {
            claim: sections[3].verdicts[0].claim.clone().try_into().unwrap(),
            because: "The paper leaves nothing open.".to_owned().try_into().unwrap(),
        };
        verdict::mark_single_readings(&mut sections[3].verdicts, &[entry]).unwrap();
        finish(&mut sections);
        let order = PaperOrder { papers: vec![], beyond: vec!["Trees".into()] };
        let summaries = [summary::PaperSummary {
            paper: "P1".into(),
            headline: Vec::new(),
            errors: Vec::new(),
        }];
        let files = index_files("quick", &sections, &order, &summaries);
        let names: Vec<String> = files.iter().map(|f| f.path.display().to_string()).collect();
        // Each paper's numeric claims at a glance, drawn beside the report and shown in it.
        assert!(names.contains(&"forest-p1.png".to_owned()), "{names:?}");
        assert_eq!(names[names.len() - 2..], [INDEX_FILE_NAME, document::FILE_NAME]);
        let text = files[files.len() - 2].text().unwrap();
        assert!(text.contains("](forest-p1.png)"), "{text}");
        let verdicts_at = text.find("**Verdicts by paper.**").unwrap();
        assert!(verdicts_at < text.find("\n# P1\n").unwrap(), "the verdicts come first");
        // paper, claims, reproduced, explained, within the paper's precision, inconclusive,
        // contradicted, not testable, with a hypothesis, contradicted with no reading nor
        // reason, without a verdict
        assert!(text.contains("| P1 | 2 | 1 | 0 | 0 | 0 | 1 | 0 | 0 | 1 | 1 |"), "{text}");
        assert!(text.contains("| P2 | 1 | 0 | 0 | 0 | 0 | 1 | 0 | 1 | 0 | 0 |"), "{text}");
        assert!(text.contains("| all | 3 | 1 | 0 | 0 | 0 | 2 | 0 | 1 | 1 | 1 |"), "{text}");
        let beyond = text.find("**Beyond the papers.**").unwrap();
        assert!(text[beyond..].contains("| Trees | 1 | 1 |"), "{text}");
        assert!(text.contains("| contradicted | Exact values: ours is 1 above the paper's, beyond its rounding ±0.5. |"), "{text}");
        assert!(text.contains("| A known reason. |"), "{text}");
    }
}
