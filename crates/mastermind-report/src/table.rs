//! A small table model rendered as Markdown (for the report) and LaTeX (for papers).

use super::latex;

/// A table with a caption, column headers and text cells.
#[derive(Debug, Clone, Default)]
pub struct Table {
    /// The caption (Markdown text).
    pub caption: String,
    /// Column headers.
    pub headers: Vec<String>,
    /// Rows of cells, as many as headers.
    pub rows: Vec<Vec<String>>,
    /// Notes printed under the table.
    pub notes: Vec<String>,
}

impl Table {
    /// An empty table with these headers.
    pub fn new(caption: impl Into<String>, headers: &[&str]) -> Table {
        Table {
            caption: caption.into(),
            headers: headers.iter().map(|h| (*h).to_owned()).collect(),
            rows: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// Appends a row.
    pub fn row(&mut self, cells: Vec<String>) {
        debug_assert_eq!(cells.len(), self.headers.len());
        self.rows.push(cells);
    }

    /// GitHub-flavoured Markdown, numbers right-aligned.
    pub fn markdown(&self) -> String {
        let mut out = format!("{}\n\n", self.caption);
        out += &format!("| {} |\n", self.headers.join(" | "));
        let align: Vec<&str> = (0..self.headers.len())
            .map(|c| if self.is_numeric(c) { "---:" } else { "---" })
            .collect();
        out += &format!("|{}|\n", align.join("|"));
        for row in &self.rows {
            out += &format!(
                "| {} |\n",
                row.iter().map(|c| markdown_cell(c)).collect::<Vec<_>>().join(" | ")
            );
        }
        for note in &self.notes {
            out += &format!("\n{note}\n");
        }
        out
    }

    /// A LaTeX `table` float with a `booktabs` tabular, its caption above and `\label{label}`,
    /// and the notes below, that fits the line of any page it is dropped into without an
    /// overfull box:
    ///
    /// - columns of sentences wrap in paragraph columns that share half the line, each at least
    ///   as wide as its longest word (identifiers may break after `_`, `/`, `:` and `=`, see
    ///   [`latex::breakable`]), so that no word runs past its column's edge;
    /// - a table still wider than the line is scaled down to the line's width (`\resizebox`
    ///   from `graphicx`), and one wider than one and a half lines is first turned a quarter and
    ///   fitted to the page's height (`\rotatebox`), then to the line if it is still too wide;
    ///   narrower tables keep their size.
    ///
    /// Every cell, header, caption and note goes through [`latex::inline`], so the fragment
    /// compiles with pdfLaTeX given `\usepackage{booktabs,graphicx}`.
    pub fn latex(&self, label: &str) -> String {
        let (wraps, shares, spec) = self.latex_columns();
        // Wrapped cells are set ragged right; rows end with `\tabularnewline`, which (unlike
        // `\\`) still ends the row after `\raggedright`.
        let cells = |row: &[String]| {
            row.iter()
                .zip(&wraps)
                .map(|(c, &wrap)| {
                    let text = latex::inline(c);
                    // A narrow column may break an identifier after its underscores.
                    if wrap {
                        let text = latex::breakable(&text);
                        format!("\\raggedright{}{text}", latex::HYPHENATE_FIRST_WORD)
                    } else {
                        text
                    }
                })
                .collect::<Vec<_>>()
        };
        // A float must fit on one page: long tables go out in parts of at most `ROWS_PER_FLOAT`
        // rows and `LINES_PER_FLOAT` lines of text (a row of wrapped sentences takes several),
        // the caption marked "continued" and the notes under the last part.
        let parts = parts(&self.rows, |row| row_lines(row, &shares));
        let mut out = String::new();
        for (k, part) in parts.iter().enumerate() {
            out += &self.latex_float(label, (k, parts.len()), &spec, part, &cells);
        }
        out
    }

    /// Which columns wrap (those holding a cell longer than [`WRAP_AT`] characters), each
    /// wrapped column's share of the line, and the tabular's column spec. Columns of sentences
    /// wrap in paragraph columns that share half the line; a table of short cells keeps `l` and
    /// `r` columns and is scaled down only if it is too wide.
    fn latex_columns(&self) -> (Vec<bool>, Vec<f64>, String) {
        let wraps: Vec<bool> = (0..self.headers.len())
            .map(|c| self.rows.iter().any(|r| r[c].chars().count() > WRAP_AT))
            .collect();
        let wrapped = wraps.iter().filter(|&&w| w).count().max(1);
        let equal = 0.5 / wrapped as f64;
        let shares: Vec<f64> = (0..self.headers.len())
            .map(|c| if wraps[c] { self.wrapped_share(c, equal) } else { 0.0 })
            .collect();
        let spec: String = (0..self.headers.len())
            .map(|c| match (wraps[c], self.is_numeric(c)) {
                (true, _) => format!("p{{{:.2}\\linewidth}}", shares[c]),
                (false, true) => "r".to_owned(),
                (false, false) => "l".to_owned(),
            })
            .collect();
        (wraps, shares, spec)
    }

    /// One float of the table: part `k` of `count`, its rows `part` with the column spec `spec`,
    /// each row's cells made by `cells`; the caption on the first part, the notes under the last.
    fn latex_float(
        &self,
        label: &str,
        (k, count): (usize, usize),
        spec: &str,
        part: &[Vec<String>],
        cells: &impl Fn(&[String]) -> Vec<String>,
    ) -> String {
        let mut out = String::new();
        out += "\\begin{table}[htbp]\n\\centering\n";
        if k == 0 {
            out += &format!(
                "\\caption{{{}}}\n\\label{{{label}}}\n\\smallskip\n",
                latex::inline(&self.caption)
            );
        } else {
            // `\\caption*` needs the caption package; a plain line names the table instead.
            out += &format!(
                "{{\\small Table~\\ref{{{label}}} (continued, part {} of {}).}}\\par\\smallskip\n",
                k + 1,
                count
            );
        }
        // Measure the tabular; scale it down only when it is wider than the line.
        out += "\\ifdefined\\labtablebox\\else\\newsavebox{\\labtablebox}\\fi\n";
        out += &format!(
            "\\sbox{{\\labtablebox}}{{\\small\\setlength{{\\tabcolsep}}{{4pt}}%\n\\begin{{tabular}}{{{spec}}}\n\\toprule\n"
        );
        out += &format!("{} \\tabularnewline\n\\midrule\n", cells(&self.headers).join(" & "));
        for row in part {
            out += &format!("{} \\tabularnewline\n", cells(row).join(" & "));
        }
        out += "\\bottomrule\n\\end{tabular}}%\n";
        // Far too wide (more than one and a half lines): turned a quarter and fitted to the
        // page's height, so that 16-19 columns stay legible. Then, turned or not, a table
        // wider than the line is scaled to it: the last resort, since it shrinks the text.
        out += "\\ifdim\\wd\\labtablebox>1.5\\linewidth\n  \\sbox{\\labtablebox}{\\rotatebox{90}{\\resizebox{0.8\\textheight}{!}{\\usebox{\\labtablebox}}}}%\n\\fi\n";
        out += "\\ifdim\\wd\\labtablebox>\\linewidth\n  \\resizebox{\\linewidth}{!}{\\usebox{\\labtablebox}}%\n\\else\n  \\usebox{\\labtablebox}%\n\\fi\n";
        if k + 1 == count {
            for note in &self.notes {
                out += &format!(
                    "\\par\\smallskip{{\\footnotesize\\raggedright {}\\par}}\n",
                    latex::breakable(&latex::inline(note))
                );
            }
        }
        out += "\\end{table}\n";
        out
    }

    /// The width of wrapped column `c` as a share of the line: `equal`, or more where its longest
    /// word would not fit that (then rounded up to the hundredth that the column's spec prints).
    fn wrapped_share(&self, c: usize, equal: f64) -> f64 {
        let longest = std::iter::once(&self.headers[c])
            .chain(self.rows.iter().map(|r| &r[c]))
            .map(|cell| latex::longest_unbreakable(cell))
            .max()
            .unwrap_or(0);
        let needed = longest as f64 / WORD_CHARS_PER_LINE;
        if needed <= equal {
            return equal;
        }
        // Less a hair, so that a share of exactly 0.30 (computed as 0.30000000000000004) stays it.
        ((needed * 100.0 - 1e-9).ceil() / 100.0).min(1.0)
    }

    fn is_numeric(&self, column: usize) -> bool {
        !self.rows.is_empty()
            && self.rows.iter().all(|r| {
                let cell = r[column].trim();
                cell.is_empty()
                    || cell == "–"
                    || cell.parse::<f64>().is_ok()
                    || cell.trim_end_matches('%').parse::<f64>().is_ok()
            })
    }
}

/// The most rows a LaTeX float holds; longer tables continue in further floats.
const ROWS_PER_FLOAT: usize = 36;

/// The most lines of text a LaTeX float holds (the rows' wrapped cells counted line by line),
/// leaving room on the page for the caption and the notes.
const LINES_PER_FLOAT: usize = 44;

/// Characters of a `\small` line per unit of a column's width as a share of the line (a line
/// holds about 105 of them).
const CHARS_PER_LINE: f64 = 105.0;

/// Characters of a word that may not break per line, fewer than [`CHARS_PER_LINE`]: identifiers
/// and names are rich in capitals, and a word wider than its column runs past its edge.
const WORD_CHARS_PER_LINE: f64 = 80.0;

/// How many lines a row takes: its longest wrapped cell, at its column's width as a share of the
/// line (0 for a column that does not wrap).
fn row_lines(row: &[String], shares: &[f64]) -> usize {
    row.iter()
        .zip(shares)
        .filter(|(_, share)| **share > 0.0)
        .map(|(cell, share)| {
            let per_line = (CHARS_PER_LINE * share).floor().max(8.0) as usize;
            cell.chars().count().div_ceil(per_line)
        })
        .max()
        .unwrap_or(1)
        .max(1)
}

/// Consecutive runs of `rows`, each within `ROWS_PER_FLOAT` rows and `LINES_PER_FLOAT` lines
/// as `lines` counts them (a row taller than that alone makes a part); one empty part for no
/// rows.
fn parts(rows: &[Vec<String>], lines: impl Fn(&[String]) -> usize) -> Vec<&[Vec<String>]> {
    if rows.is_empty() {
        return vec![rows];
    }
    let mut parts = Vec::new();
    let (mut start, mut used) = (0, 0);
    for (i, row) in rows.iter().enumerate() {
        let height = lines(row);
        if i > start && (i - start >= ROWS_PER_FLOAT || used + height > LINES_PER_FLOAT) {
            parts.push(&rows[start..i]);
            (start, used) = (i, 0);
        }
        used += height;
    }
    parts.push(&rows[start..]);
    parts
}

/// Cells longer than this many characters make their column a wrapping paragraph column in LaTeX.
const WRAP_AT: usize = 40;

/// A cell's text on one line of a Markdown table: pipes escaped, line breaks and other control
/// characters (which would end the row or the table) shown as spaces.
fn markdown_cell(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .replace('|', "\\|")
}

/// A number with `digits` decimals, or an en dash for a missing value.
pub fn num(value: Option<impl Into<f64>>, digits: usize) -> String {
    match value.map(Into::into) {
        Some(v) if v.is_finite() => format!("{v:.digits$}"),
        _ => "–".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_markdown_and_latex() {
        let mut t = Table::new("Table 2", &["Player", "Mean"]);
        t.row(vec!["Most parts".into(), "4.410".into()]);
        t.row(vec!["A_b & c".into(), num(None::<f64>, 3)]);
        let md = t.markdown();
        assert!(md.contains("| Player | Mean |\n|---|---:|\n| Most parts | 4.410 |"), "{md}");
        let tex = t.latex("tab:t2");
        assert!(tex.contains("\\begin{tabular}{lr}") && tex.contains("A\\_b \\& c & --"), "{tex}");
        assert!(
            tex.contains("\\label{tab:t2}") && tex.contains("\\resizebox{\\linewidth}"),
            "{tex}"
        );
    }

    #[test]
    fn columns_of_sentences_wrap_in_latex() {
        let mut t = Table::new("T", &["claim", "value", "why"]);
        let sentence = "Ours is 0.0566 below the paper's (8.8 standard errors), by the_same_rule.";
        t.row(vec!["short".into(), "4.41".into(), sentence.into()]);
        assert!(t.latex("tab:w").contains("the\\_\\allowbreak{}same"), "{}", t.latex("tab:w"));
        // A code span in a wrapped column is made breakable once, not twice.
        t.row(vec!["code".into(), "1".into(), format!("{sentence} `authors_evaluations`")]);
        assert!(!t.latex("tab:w").contains("\\allowbreak{}\\allowbreak{}"), "{}", t.latex("tab:w"));
        assert!(
            t.latex("tab:w").contains("\\begin{tabular}{lrp{0.50\\linewidth}}"),
            "{}",
            t.latex("tab:w")
        );
    }

    #[test]
    fn a_wrapped_column_is_at_least_as_wide_as_its_longest_word() {
        let mut t = Table::new("T", &["claim", "a", "b", "c", "because"]);
        let sentence = "The implementation is the authors' library, run with the same settings.";
        let module = format!("{sentence} Algorithm::MasterMind::Evo at 3f9c2e1b7d4f6a8c0e2b4d6f");
        t.row(vec![sentence.into(), sentence.into(), sentence.into(), sentence.into(), module]);
        let tex = t.latex("tab:w");
        // Five wrapped columns share half the line (long words of letters hyphenate); the last
        // needs room for a hash of 24 characters.
        let tenth = "p{0.10\\linewidth}";
        assert!(
            tex.contains(&format!("{{{tenth}{tenth}{tenth}{tenth}p{{0.30\\linewidth}}}}")),
            "{tex}"
        );
        assert!(tex.contains("Algorithm::\\allowbreak{}MasterMind"), "{tex}");
        assert!(tex.contains("\\raggedright\\hspace{0pt}The implementation"), "{tex}");
    }

    #[test]
    fn a_turned_table_is_still_fitted_to_the_line() {
        let tex = Table::new("T", &["a"]).latex("tab:t");
        // Turned, the table is measured again: its height has become its width.
        let turned = tex.find("\\rotatebox").unwrap();
        let fitted = tex.find("\\ifdim\\wd\\labtablebox>\\linewidth").unwrap();
        assert!(turned < fitted, "{tex}");
        assert!(tex.contains("\\sbox{\\labtablebox}{\\rotatebox{90}"), "{tex}");
    }

    #[test]
    fn long_tables_continue_in_further_floats() {
        let mut t = Table::new("Long", &["row"]);
        for i in 0..(2 * ROWS_PER_FLOAT + 1) {
            t.row(vec![i.to_string()]);
        }
        t.notes.push("the note".into());
        let tex = t.latex("tab:long");
        assert_eq!(tex.matches("\\begin{table}").count(), 3, "{tex}");
        assert_eq!(tex.matches("\\label{tab:long}").count(), 1);
        assert!(tex.contains("Table~\\ref{tab:long} (continued, part 3 of 3)"), "{tex}");
        assert!(tex.rfind("the note").unwrap() > tex.rfind("\\begin{table}").unwrap());
    }

    #[test]
    fn tables_of_long_sentences_continue_sooner() {
        let mut t = Table::new("Verdicts", &["claim", "why"]);
        let sentence = "Here the difference is not significant at alpha = 0.05 (Wilcoxon rank-sum \
                        test on the game lengths), and the spec gives no reason.";
        for i in 0..20 {
            t.row(vec![format!("claim {i}"), sentence.into()]);
        }
        let tex = t.latex("tab:v");
        assert!(tex.matches("\\begin{table}").count() >= 2, "{tex}");
        // No part holds more lines than a float can.
        let lines = |row: &[String]| row_lines(row, &[0.0, 0.5]);
        for part in parts(&t.rows, lines) {
            let total: usize = part.iter().map(|r| lines(r)).sum();
            assert!(total <= LINES_PER_FLOAT || part.len() == 1, "{total} lines");
        }
    }

    #[test]
    fn a_cell_never_breaks_its_markdown_row() {
        let mut t = Table::new("T", &["Player"]);
        t.row(vec!["two\nlines|and a\0nul".into()]);
        assert!(t.markdown().ends_with("| two lines\\|and a nul |\n"), "{}", t.markdown());
    }
}
