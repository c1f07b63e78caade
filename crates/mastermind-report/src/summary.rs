//! One summary per paper, at the top of the report: the paper's headline claims in a sentence each,
//! whether each holds (computed from the verdicts of the claims it rests on), the best-supported
//! reason where it does not, and the errors found in the paper itself.
//!
//! A summary is written by hand in `experiments/<paper>/summary.ron` (the claims and errors are
//! the paper's words and a reader's findings); what each claim comes to is never typed: it is
//! read from the verdicts the specs compute.

use super::Section;
use super::latex::escape;
use super::verdict::{Outcome, Verdict};
use serde::Deserialize;

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
    /// The claims of the specs it rests on: (spec name, claim as the verdict table writes it).
    pub rests_on: Vec<(String, String)>,
    /// Where the claim does not hold, the best-supported reason, naming the arm or dataset that
    /// measures it (or saying that it is a hypothesis).
    #[serde(default)]
    pub reason: Option<String>,
}

/// What a headline claim comes to, from the verdicts it rests on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// Every claim it rests on is reproduced.
    Holds,
    /// Every claim is reproduced, some only under another reading of the paper.
    HoldsUnderAReading,
    /// Some claim it rests on is contradicted.
    DoesNotHold,
    /// No claim is contradicted, but some are inconclusive or not testable.
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
            Standing::DoesNotHold => "does not hold",
            Standing::Undecided => "undecided (more games would decide)",
            Standing::NotJudged => "not judged in this profile",
        }
    }

    /// The standing of a claim resting on `outcomes` (`None`: a verdict that is missing).
    pub fn of(outcomes: &[Option<Outcome>]) -> Standing {
        if outcomes.is_empty() || outcomes.iter().any(Option::is_none) {
            return Standing::NotJudged;
        }
        let all = |f: fn(Outcome) -> bool| outcomes.iter().flatten().all(|&o| f(o));
        let any = |o: Outcome| outcomes.iter().flatten().any(|&x| x == o);
        if all(|o| o == Outcome::Reproduced) {
            Standing::Holds
        } else if all(|o| matches!(o, Outcome::Reproduced | Outcome::Explained)) {
            Standing::HoldsUnderAReading
        } else if any(Outcome::Contradicted) {
            Standing::DoesNotHold
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

/// One headline's standing and the line of each verdict it rests on.
fn judge(headline: &Headline, sections: &[Section]) -> (Standing, Vec<String>) {
    let mut outcomes = Vec::new();
    let mut lines = Vec::new();
    for (spec, claim) in &headline.rests_on {
        let verdict = find(sections, spec, claim);
        outcomes.push(verdict.map(|v| v.outcome));
        lines.push(match verdict {
            Some(v) if v.why.is_empty() => format!("{spec}: {claim}: {}", v.outcome.name()),
            Some(v) => format!("{spec}: {claim}: {} ({})", v.outcome.name(), v.why),
            None => format!("{spec}: {claim}: no verdict"),
        });
    }
    (Standing::of(&outcomes), lines)
}

/// The summaries as Markdown, one subsection per paper, in `papers` order.
pub fn markdown(summaries: &[PaperSummary], sections: &[Section], papers: &[&str]) -> String {
    let mut out = String::from(
        "## What each paper's claims come to\n\nThe headline claims of each paper, each resting on \
         the verdicts of the specs named after it (computed from the data, never typed); where \
         one does not hold, the best-supported reason, and the errors found in the paper itself.\n\n",
    );
    for &paper in papers {
        let Some(summary) = summaries.iter().find(|s| s.paper == paper) else { continue };
        out += &format!("### {paper}\n\n");
        for headline in &summary.headline {
            let (standing, lines) = judge(headline, sections);
            out += &format!("- **{}:** {}", capitalised(standing.name()), headline.claim.trim());
            if standing != Standing::Holds {
                if let Some(reason) = &headline.reason {
                    out += &format!(" {}", reason.trim());
                }
            }
            out += "\n";
            for line in lines {
                out += &format!("  - {line}\n");
            }
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

/// The summaries as LaTeX, one subsection per paper, in `papers` order.
pub fn latex(summaries: &[PaperSummary], sections: &[Section], papers: &[&str]) -> String {
    let mut out = String::from("\\section*{What each paper's claims come to}\n\n");
    for &paper in papers {
        let Some(summary) = summaries.iter().find(|s| s.paper == paper) else { continue };
        out += &format!("\\subsection*{{{}}}\n\\begin{{itemize}}\n", escape(paper));
        for headline in &summary.headline {
            let (standing, _) = judge(headline, sections);
            out += &format!(
                "\\item \\textbf{{{}:}} {}",
                escape(&capitalised(standing.name())),
                escape(headline.claim.trim())
            );
            if standing != Standing::Holds {
                if let Some(reason) = &headline.reason {
                    out += &format!(" {}", escape(reason.trim()));
                }
            }
            out += "\n";
        }
        out += "\\end{itemize}\n";
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

/// `text` with its first letter in capitals.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// Headlines whose verdicts are missing, as problems for the report's caller (a claim renamed in
/// a spec but not in its summary).
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
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_headline_holds_only_when_every_claim_it_rests_on_does() {
        use Outcome::*;
        assert_eq!(Standing::of(&[Some(Reproduced), Some(Reproduced)]), Standing::Holds);
        assert_eq!(
            Standing::of(&[Some(Reproduced), Some(Explained)]),
            Standing::HoldsUnderAReading
        );
        assert_eq!(Standing::of(&[Some(Explained), Some(Contradicted)]), Standing::DoesNotHold);
        assert_eq!(Standing::of(&[Some(Reproduced), Some(Inconclusive)]), Standing::Undecided);
        assert_eq!(Standing::of(&[Some(Reproduced), None]), Standing::NotJudged);
        assert_eq!(Standing::of(&[]), Standing::NotJudged);
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
