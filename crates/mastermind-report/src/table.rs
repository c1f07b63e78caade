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
    /// and the notes below. A table wider than the line is scaled down to the line's width
    /// (`\resizebox` from `graphicx`), one wider than one and a half lines is turned a quarter
    /// and fitted to the page's height (`\rotatebox`); narrower tables keep their size. Every cell, header,
    /// caption and note goes through [`latex::inline`], so the fragment compiles with pdfLaTeX
    /// given `\usepackage{booktabs,graphicx}`.
    pub fn latex(&self, label: &str) -> String {
        // Columns of sentences wrap in paragraph columns that share half the line; a table of
        // short cells keeps `l` and `r` columns and is scaled down only if it is too wide.
        let wraps: Vec<bool> = (0..self.headers.len())
            .map(|c| self.rows.iter().any(|r| r[c].chars().count() > WRAP_AT))
            .collect();
        let wrapped = wraps.iter().filter(|&&w| w).count().max(1);
        let share = 0.5 / wrapped as f64;
        let spec: String = (0..self.headers.len())
            .map(|c| match (wraps[c], self.is_numeric(c)) {
                (true, _) => format!("p{{{share:.2}\\linewidth}}"),
                (false, true) => "r".to_owned(),
                (false, false) => "l".to_owned(),
            })
            .collect();
        // Wrapped cells are set ragged right; rows end with `\tabularnewline`, which (unlike
        // `\\`) still ends the row after `\raggedright`.
        let cells = |row: &[String]| {
            row.iter()
                .zip(&wraps)
                .map(|(c, &wrap)| {
                    let text = latex::inline(c);
                    // A narrow column may break an identifier after its underscores.
                    if wrap { format!("\\raggedright {}", latex::breakable(&text)) } else { text }
                })
                .collect::<Vec<_>>()
        };
        // A float must fit on one page: long tables go out in parts of at most `ROWS_PER_FLOAT`
        // rows and `LINES_PER_FLOAT` lines of text (a row of wrapped sentences takes several),
        // the caption marked "continued" and the notes under the last part.
        let parts = parts(&self.rows, |row| row_lines(row, &wraps, share));
        let mut out = String::new();
        for (k, part) in parts.iter().enumerate() {
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
                    parts.len()
                );
            }
            // Measure the tabular; scale it down only when it is wider than the line.
            out += "\\ifdefined\\labtablebox\\else\\newsavebox{\\labtablebox}\\fi\n";
            out += &format!(
                "\\sbox{{\\labtablebox}}{{\\small\\setlength{{\\tabcolsep}}{{4pt}}%\n\\begin{{tabular}}{{{spec}}}\n\\toprule\n"
            );
            out += &format!("{} \\tabularnewline\n\\midrule\n", cells(&self.headers).join(" & "));
            for row in *part {
                out += &format!("{} \\tabularnewline\n", cells(row).join(" & "));
            }
            out += "\\bottomrule\n\\end{tabular}}%\n";
            // Far too wide (more than one and a half lines): turned a quarter and fitted to the
            // page's height, so that 16-19 columns stay legible; a little too wide: scaled to
            // the line.
            out += "\\ifdim\\wd\\labtablebox>1.5\\linewidth\n  \\rotatebox{90}{\\resizebox{0.8\\textheight}{!}{\\usebox{\\labtablebox}}}%\n\\else\\ifdim\\wd\\labtablebox>\\linewidth\n  \\resizebox{\\linewidth}{!}{\\usebox{\\labtablebox}}%\n\\else\n  \\usebox{\\labtablebox}%\n\\fi\\fi\n";
            if k + 1 == parts.len() {
                for note in &self.notes {
                    out += &format!(
                        "\\par\\smallskip{{\\footnotesize\\raggedright {}\\par}}\n",
                        latex::inline(note)
                    );
                }
            }
            out += "\\end{table}\n";
        }
        out
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

/// How many lines a row takes: its longest wrapped cell, at the column's width.
fn row_lines(row: &[String], wraps: &[bool], share: f64) -> usize {
    let per_line = (CHARS_PER_LINE * share).floor().max(8.0) as usize;
    row.iter()
        .zip(wraps)
        .filter(|(_, w)| **w)
        .map(|(cell, _)| cell.chars().count().div_ceil(per_line))
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
        let wraps = [false, true];
        let lines = |row: &[String]| row_lines(row, &wraps, 0.5);
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
