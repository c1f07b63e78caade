//! Report text as LaTeX for pdfLaTeX: the one place where table cells, captions and paragraphs
//! (Markdown-flavoured, with Unicode) become LaTeX, so that every `.tex` the report writes
//! compiles with nothing beyond `booktabs` and `graphicx`.
//!
//! The output is plain ASCII: LaTeX's specials are escaped, mathematical signs and Greek letters
//! become `\ensuremath{...}` (never `$...$`, whose neighbours could form `$$`), a Greek letter
//! followed by digits becomes a subscript (`θ1` is `\ensuremath{\theta_{1}}`), accented Latin
//! letters become accent commands, and any other character is spelt out as `[U+XXXX]` so that
//! it is visible rather than a compile error.

/// Plain text as LaTeX: specials escaped, Unicode translated (see the module's documentation).
pub fn escape(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + 8);
    let mut i = 0;
    while i < chars.len() {
        let ch = chars[i];
        i += 1;
        if let Some(letter) = greek(ch) {
            let digits: String = chars[i..].iter().take_while(|c| c.is_ascii_digit()).collect();
            i += digits.len();
            if digits.is_empty() {
                out += &format!("\\ensuremath{{{letter}}}");
            } else {
                out += &format!("\\ensuremath{{{letter}_{{{digits}}}}}");
            }
            continue;
        }
        match ch {
            '&' | '%' | '$' | '#' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(ch);
            }
            '~' => out += "\\textasciitilde{}",
            '^' => out += "\\textasciicircum{}",
            '\\' => out += "\\textbackslash{}",
            '<' => out += "\\ensuremath{<}",
            '>' => out += "\\ensuremath{>}",
            '|' => out += "\\textbar{}",
            '\u{a0}' => out.push('~'),
            c if c.is_ascii() => out.push(c),
            c => out += &unicode(c),
        }
    }
    out
}

/// Inline Markdown as LaTeX: `**bold**`, `*emphasis*`, `` `code` `` and `[text](link)` (the
/// text only); everything else is escaped as [`escape`]. Unpaired markers are kept as text.
pub fn inline(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while !rest.is_empty() {
        let next = rest.find(['*', '`', '[']).unwrap_or(rest.len());
        out += &escape(&rest[..next]);
        rest = &rest[next..];
        if rest.is_empty() {
            break;
        }
        let (done, after) = if let Some(body) = rest.strip_prefix("**") {
            match body.find("**") {
                Some(end) if end > 0 => {
                    (format!("\\textbf{{{}}}", inline(&body[..end])), &body[end + 2..])
                }
                _ => ("*{}*{}".to_owned(), body),
            }
        } else if let Some(body) = rest.strip_prefix('*') {
            match body.find('*') {
                Some(end) if end > 0 => {
                    (format!("\\emph{{{}}}", inline(&body[..end])), &body[end + 1..])
                }
                _ => ("*{}".to_owned(), body),
            }
        } else if let Some(body) = rest.strip_prefix('`') {
            match body.find('`') {
                Some(end) => {
                    (format!("\\texttt{{{}}}", breakable(&escape(&body[..end]))), &body[end + 1..])
                }
                None => ("`{}".to_owned(), body),
            }
        } else {
            let body = &rest[1..];
            match body.find("](").and_then(|m| body[m..].find(')').map(|e| (m, m + e))) {
                Some((mid, end)) => (inline(&body[..mid]), &body[end + 1..]),
                None => ("[".to_owned(), body),
            }
        };
        out += &done;
        rest = after;
    }
    out
}

/// Escaped LaTeX in which a line may also break after an underscore or a slash, so that an
/// identifier (`authors_evaluations`) or a path in a narrow table column cannot run past its
/// edge: TeX never hyphenates them.
pub fn breakable(tex: &str) -> String {
    // Idempotent: a code span already made breakable inside a wrapped cell is not broken twice.
    tex.replace("\\allowbreak{}", "")
        .replace("\\_", "\\_\\allowbreak{}")
        .replace('/', "/\\allowbreak{}")
}

/// Markdown paragraphs (blank-line separated; `- ` lines are list items) as LaTeX paragraphs.
pub fn paragraphs(text: &str) -> String {
    let mut out = String::new();
    for block in text.split("\n\n").map(str::trim).filter(|b| !b.is_empty()) {
        for line in block.lines().map(str::trim) {
            match line.strip_prefix("- ") {
                Some(item) => out += &format!("\\par\\noindent\\textbullet~{}\n", inline(item)),
                None => out += &format!("{}\n", inline(line)),
            }
        }
        out += "\n";
    }
    out
}

/// The command of a Greek letter, if `ch` is one.
fn greek(ch: char) -> Option<&'static str> {
    Some(match ch {
        'α' => "\\alpha",
        'β' => "\\beta",
        'γ' => "\\gamma",
        'δ' => "\\delta",
        'ε' => "\\varepsilon",
        'η' => "\\eta",
        'θ' => "\\theta",
        'κ' => "\\kappa",
        'λ' => "\\lambda",
        'μ' | 'µ' => "\\mu",
        'ν' => "\\nu",
        'π' => "\\pi",
        'ρ' => "\\rho",
        'σ' => "\\sigma",
        'τ' => "\\tau",
        'φ' => "\\phi",
        'χ' => "\\chi",
        'ψ' => "\\psi",
        'ω' => "\\omega",
        'Γ' => "\\Gamma",
        'Δ' => "\\Delta",
        'Θ' => "\\Theta",
        'Λ' => "\\Lambda",
        'Π' => "\\Pi",
        'Σ' => "\\Sigma",
        'Φ' => "\\Phi",
        'Ψ' => "\\Psi",
        'Ω' => "\\Omega",
        _ => return None,
    })
}

/// A non-ASCII character other than a Greek letter, as ASCII LaTeX.
fn unicode(ch: char) -> String {
    let text = match ch {
        '–' => "--",
        '—' => "---",
        '−' => "\\ensuremath{-}",
        '≥' => "\\ensuremath{\\geq}",
        '≤' => "\\ensuremath{\\leq}",
        '≠' => "\\ensuremath{\\neq}",
        '≈' => "\\ensuremath{\\approx}",
        '×' => "\\ensuremath{\\times}",
        '±' => "\\ensuremath{\\pm}",
        '·' => "\\ensuremath{\\cdot}",
        '√' => "\\ensuremath{\\surd}",
        '∞' => "\\ensuremath{\\infty}",
        '→' => "\\ensuremath{\\to}",
        '←' => "\\ensuremath{\\leftarrow}",
        '°' => "\\ensuremath{^\\circ}",
        '…' => "\\dots{}",
        '‘' => "`",
        '’' => "'",
        '“' => "``",
        '”' => "''",
        '§' => "\\S{}",
        'ß' => "\\ss{}",
        'æ' => "\\ae{}",
        'ø' => "\\o{}",
        'å' => "\\aa{}",
        _ => return accented(ch).unwrap_or_else(|| format!("[U+{:04X}]", u32::from(ch))),
    };
    text.to_owned()
}

/// An accented Latin letter as an accent command (`é` is `\'{e}`).
fn accented(ch: char) -> Option<String> {
    const TABLE: [(&str, &str, char); 6] = [
        ("áéíóúýÁÉÍÓÚÝ", "aeiouyAEIOUY", '\''),
        ("àèìòùÀÈÌÒÙ", "aeiouAEIOU", '`'),
        ("âêîôûÂÊÎÔÛ", "aeiouAEIOU", '^'),
        ("äëïöüÿÄËÏÖÜ", "aeiouyAEIOU", '"'),
        ("ãñõÃÑÕ", "anoANO", '~'),
        ("çÇ", "cC", 'c'),
    ];
    for (accented, plain, accent) in TABLE {
        if let Some(k) = accented.chars().position(|c| c == ch) {
            let base = plain.chars().nth(k)?;
            let base = match base {
                'i' => "\\i".to_owned(),
                b => b.to_string(),
            };
            return Some(if accent == 'c' {
                format!("\\c{{{base}}}")
            } else {
                format!("\\{accent}{{{base}}}")
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(input: &str, expect: &str) {
        assert_eq!(escape(input), expect, "escaping {input:?}");
    }

    #[test]
    fn specials_and_unicode_become_ascii_latex() {
        check("A_b & 50% #1 {x}", "A\\_b \\& 50\\% \\#1 \\{x\\}");
        check("θ1", "\\ensuremath{\\theta_{1}}");
        check("θ12 and θ", "\\ensuremath{\\theta_{12}} and \\ensuremath{\\theta}");
        check("Games ≥ 8", "Games \\ensuremath{\\geq} 8");
        check("estimate − simulated", "estimate \\ensuremath{-} simulated");
        check("4×8, ±0.1", "4\\ensuremath{\\times}8, \\ensuremath{\\pm}0.1");
        check("≤θ", "\\ensuremath{\\leq}\\ensuremath{\\theta}");
        check("min–max — x", "min--max --- x");
        check("sd / √n", "sd / \\ensuremath{\\surd}n");
        check("Merelo é ï ç", "Merelo \\'{e} \\\"{\\i} \\c{c}");
        check("a|b <c>", "a\\textbar{}b \\ensuremath{<}c\\ensuremath{>}");
        check("☃", "[U+2603]");
    }

    #[test]
    fn every_output_is_ascii_and_never_opens_display_math() {
        let text: String = (0x20u32..0x3000).filter_map(char::from_u32).collect();
        let out = escape(&text);
        assert!(out.is_ascii());
        assert!(!out.contains("$$"));
    }

    #[test]
    fn inline_markdown_becomes_commands() {
        assert_eq!(
            inline("**Table 2.** Columns marked *paper*"),
            "\\textbf{Table 2.} Columns marked \\emph{paper}"
        );
        assert_eq!(inline("run `cargo xtask` now"), "run \\texttt{cargo xtask} now");
        assert_eq!(
            inline("rule (`authors_evaluations`)"),
            "rule (\\texttt{authors\\_\\allowbreak{}evaluations})"
        );
        assert_eq!(inline("see [the thesis](http://x/y_z) p. 3"), "see the thesis p. 3");
        assert_eq!(inline("2 * 3 and a_b"), "2 *{} 3 and a\\_b");
    }

    #[test]
    fn paragraphs_and_items() {
        let out = paragraphs("First θ1.\n\n- one\n- two\n");
        assert_eq!(
            out,
            "First \\ensuremath{\\theta_{1}}.\n\n\\par\\noindent\\textbullet~one\n\\par\\noindent\\textbullet~two\n\n"
        );
    }
}
