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
    /// (`\resizebox` from `graphicx`); narrower tables keep their size. Every cell, header,
    /// caption and note goes through [`latex::inline`], so the fragment compiles with pdfLaTeX
    /// given `\usepackage{booktabs,graphicx}`.
    pub fn latex(&self, label: &str) -> String {
        let spec: String =
            (0..self.headers.len()).map(|c| if self.is_numeric(c) { 'r' } else { 'l' }).collect();
        let cells = |row: &[String]| row.iter().map(|c| latex::inline(c)).collect::<Vec<_>>();
        let mut out = String::from("\\begin{table}[htbp]\n\\centering\n");
        out += &format!(
            "\\caption{{{}}}\n\\label{{{label}}}\n\\smallskip\n",
            latex::inline(&self.caption)
        );
        // Measure the tabular; scale it down only when it is wider than the line.
        out += "\\ifdefined\\labtablebox\\else\\newsavebox{\\labtablebox}\\fi\n";
        out += &format!(
            "\\sbox{{\\labtablebox}}{{\\small\\setlength{{\\tabcolsep}}{{4pt}}%\n\\begin{{tabular}}{{{spec}}}\n\\toprule\n"
        );
        out += &format!("{} \\\\\n\\midrule\n", cells(&self.headers).join(" & "));
        for row in &self.rows {
            out += &format!("{} \\\\\n", cells(row).join(" & "));
        }
        out += "\\bottomrule\n\\end{tabular}}%\n";
        out += "\\ifdim\\wd\\labtablebox>\\linewidth\n  \\resizebox{\\linewidth}{!}{\\usebox{\\labtablebox}}%\n\\else\n  \\usebox{\\labtablebox}%\n\\fi\n";
        for note in &self.notes {
            out += &format!(
                "\\par\\smallskip{{\\footnotesize\\raggedright {}\\par}}\n",
                latex::inline(note)
            );
        }
        out += "\\end{table}\n";
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

/// A cell's text on one line of a Markdown table: pipes escaped, line breaks and other control
/// characters (which would end the row or the table) shown as spaces.
fn markdown_cell(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .replace('|', "\\|")
}

/// A number with `digits` decimals, or an en dash for a missing value.
pub fn num(value: Option<f64>, digits: usize) -> String {
    match value {
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
        t.row(vec!["A_b & c".into(), num(None, 3)]);
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
    fn a_cell_never_breaks_its_markdown_row() {
        let mut t = Table::new("T", &["Player"]);
        t.row(vec!["two\nlines|and a\0nul".into()]);
        assert!(t.markdown().ends_with("| two lines\\|and a nul |\n"), "{}", t.markdown());
    }
}
