//! One summary per paper, at the top of the report: the paper's headline claims in a sentence each,
//! whether each holds (computed from the verdicts of the claims it rests on), the best-supported
//! reason where it does not, and the errors found in the paper itself.
//!
//! A summary is written by hand in `experiments/<paper>/summary.ron` (the claims and errors are
//! the paper's words and a reader's findings); what each claim comes to is never typed: it is
//! read from the verdicts the specs compute.

use super::Section;
use super::counts::count_of;
use super::latex::escape;
use super::plot::{ForestPlot, ForestRow};
use super::verdict::{Claimed, Outcome, PaperPrecision, Test, Verdict};
use mastermind_stats::equivalence::Interval;
use serde::Deserialize;

mod grouped;

/// The file name of a paper's summary, beside its specs (never read as a spec).
pub const SUMMARY_FILE_NAME: &str = "summary.ron";

/// A paper's summary as written in `summary.ron`.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename = "Summary", deny_unknown_fields)]
pub struct PaperSummary {
    /// The paper, as its specs name it.
    pub paper: String,
    /// The paper's headline claims.
    pub headline: Vec<Headline>,
    /// Errors found in the paper itself, one sentence each.
    #[serde(default)]
    pub errors: Vec<String>,
}

/// One headline claim of a paper and the verdicts it rests on.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Headline {
    /// The claim, in a sentence (the paper's words where possible).
    pub claim: String,
    /// Whether the claim is qualitative (an order, a comparison, a best point) or a magnitude
    /// (the paper's numbers themselves): a paper can be right about the first and not the second.
    #[serde(default)]
    pub aspect: Aspect,
    /// The claims of the specs it rests on: (spec name, claim as the verdict table writes it).
    pub rests_on: Vec<(String, String)>,
    /// Where the claim does not hold, the best-supported reason, naming the arm or dataset that
    /// measures it (or saying that it is a hypothesis).
    #[serde(default)]
    pub reason: Option<String>,
}

/// What a headline claims: a qualitative statement or the paper's numbers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
pub enum Aspect {
    /// An order, a comparison, a best point.
    #[default]
    Qualitative,
    /// The paper's numbers themselves.
    Magnitude,
}

/// What a headline claim comes to, from the verdicts it rests on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// Every claim it rests on is reproduced.
    Holds,
    /// Every claim is reproduced, some only under another reading of the paper.
    HoldsUnderAReading,
    /// Some claims it rests on agree (reproduced, or within the paper's precision) and some are
    /// contradicted.
    HoldsInPart,
    /// Some claim it rests on is contradicted, and none agrees.
    DoesNotHold,
    /// None is contradicted, every one agrees, and some only within the paper's own precision:
    /// no replication could show more.
    WithinPaperPrecision,
    /// None is contradicted, but some are undecided.
    Undecided,
    /// Some claim it rests on has no verdict in this profile.
    NotJudged,
}

impl Standing {
    /// The standing as the summary writes it.
    pub fn name(self) -> &'static str {
        match self {
            Standing::Holds => "holds",
            Standing::HoldsUnderAReading => "holds under another reading of the paper",
            Standing::HoldsInPart => "holds in part",
            Standing::DoesNotHold => "does not hold",
            Standing::WithinPaperPrecision => "agrees within the paper's precision",
            Standing::Undecided => "undecided",
            Standing::NotJudged => "not judged in this profile",
        }
    }

    /// The standing of a claim resting on `outcomes` (`None`: a verdict that is missing).
    pub fn of(outcomes: &[Option<Outcome>]) -> Standing {
        if outcomes.is_empty() || outcomes.iter().any(Option::is_none) {
            return Standing::NotJudged;
        }
        let all = |f: fn(Outcome) -> bool| outcomes.iter().flatten().all(|&o| f(o));
        let any = |f: fn(Outcome) -> bool| outcomes.iter().flatten().any(|&o| f(o));
        let agrees = |o: Outcome| {
            matches!(o, Outcome::Reproduced | Outcome::Explained | Outcome::WithinPaperPrecision)
        };
        if all(|o| o == Outcome::Reproduced) {
            Standing::Holds
        } else if all(|o| matches!(o, Outcome::Reproduced | Outcome::Explained)) {
            Standing::HoldsUnderAReading
        } else if any(|o| o == Outcome::Contradicted) {
            if any(agrees) { Standing::HoldsInPart } else { Standing::DoesNotHold }
        } else if all(agrees) {
            Standing::WithinPaperPrecision
        } else {
            Standing::Undecided
        }
    }
}

/// The verdict of the claim written `claim` in the section of spec `spec`.
fn find<'a>(sections: &'a [Section], spec: &str, claim: &str) -> Option<&'a Verdict> {
    let section = sections.iter().find(|s| s.name == spec)?;
    section.verdicts.iter().find(|v| v.is_claim() && v.claim == claim)
}

/// A headline's weighing: its standing, its verdicts counted by outcome and the magnitudes of the
/// disagreements, and the line of each verdict it rests on.
struct Weighed {
    standing: Standing,
    counts: String,
    magnitudes: Vec<String>,
    lines: Vec<String>,
}

/// Weighs one headline against the verdicts it rests on.
fn weigh(headline: &Headline, sections: &[Section]) -> Weighed {
    let mut outcomes = Vec::new();
    let mut claims = Vec::new();
    let mut apart = Vec::new();
    for (spec, claim) in &headline.rests_on {
        let verdict = find(sections, spec, claim);
        outcomes.push(verdict.map(|v| v.outcome));
        claims.push(grouped::Claim { spec, claim, verdict });
        apart.extend(verdict.filter(|v| v.outcome != Outcome::Reproduced).map(|v| (&**spec, v)));
    }
    let lines = grouped::lines(&claims);
    let magnitudes = grouped::differences(&apart);
    let judged: Vec<Outcome> = outcomes.iter().flatten().copied().collect();
    let mut counts: Vec<String> = Outcome::ALL
        .iter()
        .filter_map(|&o| {
            let n = judged.iter().filter(|&&x| x == o).count();
            (n > 0).then(|| format!("{n} {}", counted(o)))
        })
        .collect();
    let missing = outcomes.iter().filter(|o| o.is_none()).count();
    if missing > 0 {
        counts.push(format!("{missing} without a verdict"));
    }
    let counts = format!("{}: {}", count_of(outcomes.len() as u64, "claims"), counts.join(", "));
    Weighed { standing: Standing::of(&outcomes), counts, magnitudes, lines }
}

/// An outcome as a count of claims says it ("2 within the paper's precision").
fn counted(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::WithinPaperPrecision => "within the paper's precision",
        Outcome::Explained => "explained by another reading",
        other => other.name(),
    }
}

/// The headline's opening words: its standing, and whether it is a magnitude.
fn lead(headline: &Headline, standing: Standing) -> String {
    let aspect = match headline.aspect {
        Aspect::Qualitative => "",
        Aspect::Magnitude => " (the paper's numbers)",
    };
    format!("{}{aspect}", capitalised(standing.name()))
}

/// The claims of a paper's forest plot: every numeric claim of its sections (a number or a
/// comparison of two arms, the paper's own claims, each once) with a finite interval and a
/// positive margin, with its section, its test and its interval.
fn forest_claims<'a>(
    paper: &'a str,
    sections: &'a [Section],
) -> impl Iterator<Item = (&'a Section, &'a Verdict, &'a Test, Interval)> {
    sections
        .iter()
        .filter(move |s| s.paper == paper)
        .flat_map(|s| s.verdicts.iter().map(move |v| (s, v)))
        .filter(|(_, v)| v.is_claim() && v.cites.is_none())
        .filter_map(|(section, v)| {
            let (test, interval) = (v.test.as_ref()?, v.interval?);
            let m = test.margin;
            let finite = [interval.lower, interval.upper, m].iter().all(|x| x.is_finite());
            (m > 0.0 && finite).then_some((section, v, test, interval))
        })
}

/// The forest plot of one paper: every numeric claim of its sections (a number or a comparison
/// of two arms, the paper's own claims, each once), its difference and interval in units of its
/// margin, the paper's own band where the paper states its sample size, coloured by verdict.
pub fn forest(paper: &str, sections: &[Section]) -> Option<ForestPlot> {
    let rows: Vec<ForestRow> = forest_claims(paper, sections)
        .map(|(section, v, test, interval)| {
            let m = test.margin;
            let short = section.name.rsplit('/').next().unwrap_or(&section.name);
            let band = match test.paper {
                Some(PaperPrecision::Sample { .. }) => test.paper_half_width(interval.alpha),
                _ => None,
            };
            ForestRow {
                label: format!("{short}: {}", v.claim),
                estimate: test.difference().estimate / m,
                lower: interval.lower / m,
                upper: interval.upper / m,
                paper_band: band.map(|b| b / m),
                outcome: v.outcome.name().to_owned(),
                exact: !v.sampled(),
            }
        })
        .collect();
    (!rows.is_empty()).then(|| ForestPlot {
        title: format!("{paper}: every numeric claim, difference / margin"),
        rows,
    })
}

/// How to read the one-sided and the difference claims of a paper's forest plot, a sentence for
/// each kind it holds (the grey band reads an equality; these read against its edges), by the
/// rule of [`decide`](crate::verdict::decide) in units of the margin.
fn forest_reading(paper: &str, sections: &[Section]) -> String {
    let kinds: Vec<Claimed> =
        forest_claims(paper, sections).map(|(_, _, t, _)| t.claimed).collect();
    let mut out = String::new();
    if kinds.contains(&Claimed::Fewer) {
        out += " A claim that the first arm needs fewer guesses than the second is reproduced \
                only when its whole interval lies to the left of -1 (the left dashed edge), \
                contradicted when its whole interval lies at or to the right of -1, and \
                inconclusive when it crosses -1.";
    }
    if kinds.contains(&Claimed::NotFewer) {
        out += " A claim that the first arm does not need fewer guesses is reproduced when its \
                whole interval lies at or to the right of -1, contradicted when its whole \
                interval lies to the left of -1, and inconclusive when it crosses -1.";
    }
    if kinds.contains(&Claimed::Different) {
        out += " A claim that two arms differ is reproduced when its whole interval lies beyond \
                one dashed edge, contradicted when it lies wholly within the band, and \
                inconclusive otherwise.";
    }
    out
}

/// The file name (without extension) of a paper's forest plot, beside `REPORT.md`.
pub fn forest_file(paper: &str) -> String {
    let slug: String = paper
        .to_lowercase()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    let slug = slug.split('-').filter(|p| !p.is_empty()).collect::<Vec<_>>().join("-");
    format!("forest-{slug}")
}

/// The summaries as Markdown, one subsection per paper, in `papers` order.
pub fn markdown(
    summaries: &[PaperSummary],
    sections: &[Section],
    papers: &[&str],
    forests: &[String],
) -> String {
    let mut out = String::from(
        "## What each paper's claims come to\n\nThe headline claims of each paper, each resting on \
         the verdicts of the specs named after it (computed from the data, never typed): how many \
         of them hold, how far the others are from the paper, and, where one does not hold, the \
         best-supported reason; then the errors found in the paper itself.\n\n",
    );
    for &paper in papers {
        let file = format!("{}.png", forest_file(paper));
        let forest_drawn = forests.contains(&file);
        let Some(summary) = summaries.iter().find(|s| s.paper == paper) else {
            if forest_drawn {
                out += &format!("### {paper}\n\n{}\n", no_summary_yet(paper));
                out += &forest_markdown(paper, &file, sections);
                out += "\n";
            }
            continue;
        };
        out += &format!("### {paper}\n\n");
        for headline in &summary.headline {
            let w = weigh(headline, sections);
            out += &format!(
                "- **{}** ({}): {}",
                lead(headline, w.standing),
                w.counts,
                headline.claim.trim()
            );
            if w.standing != Standing::Holds {
                if let Some(reason) = &headline.reason {
                    out += &format!(" {}", reason.trim());
                }
            }
            out += "\n";
            if !w.magnitudes.is_empty() {
                out += &format!("  - Differences: {}.\n", w.magnitudes.join("; "));
            }
            for line in w.lines {
                out += &format!("  - {line}\n");
            }
        }
        if forest_drawn {
            out += &forest_markdown(paper, &file, sections);
        }
        if !summary.errors.is_empty() {
            out += "\nErrors in the paper itself:\n\n";
            for error in &summary.errors {
                out += &format!("- {}\n", error.trim());
            }
        }
        out += "\n";
    }
    out
}

/// The sentence that stands for the headlines of a paper no `summary.ron` weighs yet.
fn no_summary_yet(paper: &str) -> String {
    format!(
        "No summary weighs the claims of {paper} into headlines yet: a `summary.ron` beside its \
         specs names the headline claims and the verdicts each rests on. The forest below has \
         every numeric claim, and each spec's section its verdicts."
    )
}

/// Paper `paper`'s forest plot, drawn in `file`, with its caption, as Markdown.
fn forest_markdown(paper: &str, file: &str, sections: &[Section]) -> String {
    format!(
        "\n![{paper}: every numeric claim, difference / margin]({file})\n\nEvery numeric claim \
         of the paper, its difference and interval in units of its margin (the grey band between \
         dashed edges), the paper's own band where it states its sample size (an outlined box), \
         coloured by verdict; an exact value has no interval, and its row says so.{}\n",
        forest_reading(paper, sections)
    )
}

/// The summaries as LaTeX, one subsection per paper, in `papers` order.
pub fn latex(
    summaries: &[PaperSummary],
    sections: &[Section],
    papers: &[&str],
    forests: &[String],
) -> String {
    let mut out = String::from("\\section*{What each paper's claims come to}\n\n");
    for &paper in papers {
        let file = format!("{}.png", forest_file(paper));
        let forest_drawn = forests.contains(&file);
        let Some(summary) = summaries.iter().find(|s| s.paper == paper) else {
            if forest_drawn {
                out += &format!("\\subsection*{{{}}}\n", escape(paper));
                out += &format!("{}\n", escape(&no_summary_yet(paper)));
                out += &forest_latex(paper, &file, sections);
                out += "\n";
            }
            continue;
        };
        out += &format!("\\subsection*{{{}}}\n\\begin{{itemize}}\n", escape(paper));
        for headline in &summary.headline {
            let w = weigh(headline, sections);
            out += &format!(
                "\\item \\textbf{{{}}} ({}): {}",
                escape(&lead(headline, w.standing)),
                escape(&w.counts),
                escape(headline.claim.trim())
            );
            if w.standing != Standing::Holds {
                if let Some(reason) = &headline.reason {
                    out += &format!(" {}", escape(reason.trim()));
                }
            }
            if !w.magnitudes.is_empty() {
                out += &format!(" Differences: {}.", escape(&w.magnitudes.join("; ")));
            }
            out += "\n";
            if !w.lines.is_empty() {
                out += "\\begin{itemize}\n";
                for line in &w.lines {
                    out += &format!("\\item {}\n", escape(line));
                }
                out += "\\end{itemize}\n";
            }
        }
        out += "\\end{itemize}\n";
        if forest_drawn {
            out += &forest_latex(paper, &file, sections);
        }
        if !summary.errors.is_empty() {
            out += "Errors in the paper itself:\n\\begin{itemize}\n";
            for error in &summary.errors {
                out += &format!("\\item {}\n", escape(error.trim()));
            }
            out += "\\end{itemize}\n";
        }
        out += "\n";
    }
    out
}

/// Paper `paper`'s forest plot, drawn in `file`, as a LaTeX figure with its caption.
fn forest_latex(paper: &str, file: &str, sections: &[Section]) -> String {
    format!(
        "\\begin{{figure}}[htbp]\n\\centering\n\\includegraphics[width=0.92\\linewidth,height=0.9\\textheight,keepaspectratio]{{{file}}}\n\\caption{{{}: every numeric claim, its difference and interval in units of its margin, the paper's own band where it states its sample size, coloured by verdict.{}}}\n\\end{{figure}}\n",
        escape(paper),
        escape(&forest_reading(paper, sections))
    )
}

/// `text` with its first letter in capitals.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// Headlines whose verdicts are missing (a claim renamed in a spec but not in its summary), and
/// sections of a paper whose claims no headline rests on, as problems for the report's caller.
pub fn missing(summaries: &[PaperSummary], sections: &[Section]) -> Vec<String> {
    let mut problems = Vec::new();
    for summary in summaries {
        for headline in &summary.headline {
            for (spec, claim) in &headline.rests_on {
                let judged = sections.iter().any(|s| s.name == *spec && !s.verdicts.is_empty());
                if judged && find(sections, spec, claim).is_none() {
                    problems.push(format!(
                        "the summary of {} rests on \"{claim}\" in {spec}, which has no such claim",
                        summary.paper
                    ));
                }
            }
        }
        let under_a_headline =
            |name: &str| summary.headline.iter().any(|h| h.rests_on.iter().any(|(s, _)| s == name));
        for section in sections.iter().filter(|s| s.paper == summary.paper) {
            let claims = section.verdicts.iter().any(|v| v.is_claim() && v.cites.is_none());
            if claims && !under_a_headline(&section.name) {
                problems.push(format!(
                    "no headline of {}'s summary rests on a claim of {}",
                    summary.paper, section.name
                ));
            }
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_headline_weighs_what_it_rests_on() {
        use Outcome::*;
        assert_eq!(Standing::of(&[Some(Reproduced), Some(Reproduced)]), Standing::Holds);
        assert_eq!(
            Standing::of(&[Some(Reproduced), Some(Explained)]),
            Standing::HoldsUnderAReading
        );
        assert_eq!(Standing::of(&[Some(Explained), Some(Contradicted)]), Standing::HoldsInPart);
        assert_eq!(
            Standing::of(&[Some(WithinPaperPrecision), Some(Contradicted)]),
            Standing::HoldsInPart
        );
        assert_eq!(Standing::of(&[Some(Inconclusive), Some(Contradicted)]), Standing::DoesNotHold);
        assert_eq!(
            Standing::of(&[Some(Reproduced), Some(WithinPaperPrecision)]),
            Standing::WithinPaperPrecision
        );
        assert_eq!(Standing::of(&[Some(Reproduced), Some(Inconclusive)]), Standing::Undecided);
        assert_eq!(Standing::of(&[Some(Reproduced), None]), Standing::NotJudged);
        assert_eq!(Standing::of(&[]), Standing::NotJudged);
    }

    /// A section of paper `P` holding `verdicts`, each decided alone.
    fn section(verdicts: Vec<Verdict>) -> Section {
        let verdicts = verdicts
            .into_iter()
            .map(|mut v| {
                v.decide(0.025);
                v
            })
            .collect();
        Section {
            paper: "P".into(),
            name: "p/t".into(),
            label: "Table 1".into(),
            markdown: String::new(),
            latex: String::new(),
            files: Vec::new(),
            errors: Vec::new(),
            verdicts,
            pending: None,
        }
    }

    /// The claim that A needs fewer guesses than B, of whom A needs `d` fewer, within ±0.02.
    fn fewer(d: f64) -> Verdict {
        use crate::verdict::Side;
        let side = |mean| Side { mean, se: 0.001, df: None, ours: true };
        let sides = (side(4.0 - d), side(4.0), 100);
        let claim = "A needs fewer guesses than B".to_owned();
        Verdict::comparison(claim, String::new(), Claimed::Fewer, sides, (0.02, "test".into()))
    }

    /// The Markdown summary of paper `P` over `section`, its forest plot drawn.
    fn summarised(section: Section) -> String {
        let claim = section.verdicts[0].claim.clone();
        let headline = Headline {
            claim: "A is good.".into(),
            aspect: Aspect::Qualitative,
            rests_on: vec![("p/t".into(), claim)],
            reason: None,
        };
        let summary = PaperSummary { paper: "P".into(), headline: vec![headline], errors: vec![] };
        let forest = format!("{}.png", forest_file("P"));
        markdown(&[summary], &[section], &["P"], &[forest])
    }

    #[test]
    fn the_forest_caption_says_how_a_fewer_claim_is_read_where_there_is_one() {
        // Reproduced: the interval lies wholly beyond the margin to the left, below -1 margin.
        let holds = section(vec![fewer(0.05)]);
        assert_eq!(holds.verdicts[0].outcome, Outcome::Reproduced);
        let row = &forest("P", std::slice::from_ref(&holds)).unwrap().rows[0];
        assert!(row.upper < -1.0, "{row:?}");
        let text = summarised(holds);
        assert!(text.contains("fewer guesses than the second is reproduced only when its whole interval lies to the left of -1"), "{text}");
        // Contradicted: the interval lies at or right of -1.
        let fails = section(vec![fewer(0.0)]);
        assert_eq!(fails.verdicts[0].outcome, Outcome::Contradicted);
        assert!(forest("P", std::slice::from_ref(&fails)).unwrap().rows[0].lower >= -1.0);
        // A forest of equalities alone says nothing of one-sided claims.
        let ours = crate::verdict::Estimate { mean: 4.0, se: Some(0.001), df: None };
        let equal = crate::verdict::compare(
            "A: mean guesses".into(),
            ours,
            crate::verdict::Printed::new(4.0, 3),
            None,
        );
        let text = summarised(section(vec![equal]));
        assert!(text.contains("an exact value has no interval, and its row says so.\n"), "{text}");
        assert!(!text.contains("-1"), "{text}");
    }

    #[test]
    fn the_latex_summary_lists_each_claim_a_headline_rests_on_as_the_markdown_does() {
        let section = section(vec![fewer(0.05)]);
        let headline = Headline {
            claim: "A is good.".into(),
            aspect: Aspect::Qualitative,
            rests_on: vec![("p/t".into(), section.verdicts[0].claim.clone())],
            reason: None,
        };
        let summary = PaperSummary { paper: "P".into(), headline: vec![headline], errors: vec![] };
        let sections = [section];
        let md = markdown(std::slice::from_ref(&summary), &sections, &["P"], &[]);
        let line = "p/t: A needs fewer guesses than B: reproduced";
        assert!(md.contains(&format!("  - {line}")), "{md}");
        let tex = latex(&[summary], &sections, &["P"], &[]);
        assert!(tex.contains(&format!("\\begin{{itemize}}\n\\item {line}")), "{tex}");
        assert_eq!(tex.matches("\\begin{itemize}").count(), tex.matches("\\end{itemize}").count());
    }

    #[test]
    fn a_paper_with_no_summary_still_shows_its_forest() {
        let sections = [section(vec![fewer(0.05)])];
        let forest = format!("{}.png", forest_file("P"));
        let text = markdown(&[], &sections, &["P"], std::slice::from_ref(&forest));
        assert!(text.contains("### P\n\nNo summary weighs the claims of P"), "{text}");
        assert!(text.contains(&format!("]({forest})")), "{text}");
        assert!(text.contains("is reproduced only when its whole interval"), "{text}");
        let tex = latex(&[], &sections, &["P"], std::slice::from_ref(&forest));
        assert!(tex.contains("\\subsection*{P}\nNo summary weighs"), "{tex}");
        assert!(tex.contains(&format!("{{{forest}}}")), "{tex}");
        // Without a forest drawn there is nothing to show, so no heading either.
        assert!(!markdown(&[], &sections, &["P"], &[]).contains("### P"));
        assert!(!latex(&[], &sections, &["P"], &[]).contains("subsection"));
    }

    #[test]
    fn a_summary_parses_from_ron() {
        let text = r#"Summary(
            paper: "P",
            headline: [(claim: "A beats B.", rests_on: [("p/t", "A beats B")], reason: Some("R."))],
            errors: ["Table 6 swaps two columns."],
        )"#;
        let summary: PaperSummary = ron::from_str(text).unwrap();
        assert_eq!(summary.headline[0].rests_on[0].1, "A beats B");
        assert_eq!(summary.errors.len(), 1);
    }
}
