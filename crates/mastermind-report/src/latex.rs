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
                    let code = allow_breaks_after(&escape(&body[..end]), &CODE_BREAK_AFTER);
                    (format!("\\texttt{{{code}}}"), &body[end + 1..])
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

/// Escaped LaTeX in which a line may also break after an underscore, a slash, a colon or an
/// equals sign followed by more text, so that an identifier (`authors_evaluations`), a path or
/// a module (`Algorithm::MasterMind::Evo`) in a narrow table column cannot run past its edge:
/// TeX never hyphenates them.
pub fn breakable(tex: &str) -> String {
    allow_breaks_after(tex, &BREAK_AFTER)
}

/// What a line may break after in [`breakable`] text (as escaped LaTeX).
const BREAK_AFTER: [&str; 4] = ["\\_", "/", ":", "="];

/// What a line may break after in a code span, beyond [`BREAK_AFTER`]: a typewriter font does not
/// break after its hyphens as text does, and a version or a file name breaks after its dots.
const CODE_BREAK_AFTER: [&str; 6] = ["\\_", "/", ":", "=", "-", "."];

/// The characters after which [`breakable`] text or TeX itself (after a hyphen) may break a line
/// within a word, as they appear in the Markdown a cell is written in.
const BREAKS_WITHIN_WORDS: [char; 5] = ['_', '/', ':', '=', '-'];

/// The most characters a word of plain letters is counted at by [`longest_unbreakable`]: TeX
/// hyphenates such a word where it follows a space (a wrapped cell starts with one, see
/// [`HYPHENATE_FIRST_WORD`]), so it needs no column as wide as itself.
const HYPHENATED_WORD: usize = 8;

/// What a paragraph column's cell starts with so that TeX hyphenates its first word too: TeX
/// hyphenates only words that follow glue.
pub const HYPHENATE_FIRST_WORD: &str = "\\hspace{0pt}";

/// The length in characters of the longest run of `text` (Markdown) that a line cannot break:
/// the parts of words between the places [`breakable`] or an explicit hyphen allow a break,
/// where a word of plain letters counts at most eight characters (TeX hyphenates it), and
/// what follows a break within a word counts whole (TeX hyphenates only after a space).
pub fn longest_unbreakable(text: &str) -> usize {
    text.split_whitespace()
        .flat_map(|word| runs(word).into_iter().enumerate())
        .map(|(k, run)| {
            let length = run.chars().count();
            if k == 0 && plain_letters(run) { length.min(HYPHENATED_WORD) } else { length }
        })
        .max()
        .unwrap_or(0)
}

/// The runs of `word` between the places a line may break within it: after one of
/// [`BREAKS_WITHIN_WORDS`] that more of the word follows, as [`breakable`] allows.
fn runs(word: &str) -> Vec<&str> {
    let mut runs = Vec::new();
    let mut start = 0;
    let mut chars = word.char_indices().peekable();
    while let Some((_, c)) = chars.next() {
        if let Some(&(i, n)) = chars.peek()
            && BREAKS_WITHIN_WORDS.contains(&c)
            && (n.is_alphanumeric() || "([".contains(n))
        {
            runs.push(&word[start..i]);
            start = i;
        }
    }
    runs.push(&word[start..]);
    runs
}

/// Whether `run` is a word of letters only, between opening and closing punctuation.
fn plain_letters(run: &str) -> bool {
    let core = run
        .trim_start_matches(['(', '[', '"', '\'', '`', '*'])
        .trim_end_matches(|c: char| c.is_ascii_punctuation());
    !core.is_empty() && core.chars().all(|c| c.is_ascii_alphabetic())
}

/// `tex` with `\allowbreak{}` after every one of `marks` that more text follows on the same word,
/// once: a mark already followed by `\allowbreak{}` is left as it is.
fn allow_breaks_after(tex: &str, marks: &[&str]) -> String {
    const BREAK: &str = "\\allowbreak{}";
    let mut out = String::with_capacity(tex.len() + 16);
    let mut rest = tex;
    while let Some(c) = rest.chars().next() {
        if let Some(mark) = marks.iter().find(|m| rest.starts_with(**m)) {
            out += mark;
            rest = &rest[mark.len()..];
            let word_goes_on =
                rest.chars().next().is_some_and(|n| n.is_alphanumeric() || "\\([".contains(n));
            if word_goes_on && !rest.starts_with(BREAK) {
                out += BREAK;
            }
            continue;
        }
        // A command is copied whole (`\allowbreak`, `\dots`, a control symbol such as `\&`):
        // its name is never taken for a mark.
        if c == '\\' {
            let after = &rest[1..];
            let len = match after.find(|ch: char| !ch.is_ascii_alphabetic()) {
                Some(0) => 1 + after.chars().next().map_or(0, char::len_utf8),
                Some(n) => 1 + n,
                None => rest.len(),
            };
            out += &rest[..len];
            rest = &rest[len..];
            continue;
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
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
    fn identifiers_may_break_after_their_separators_once() {
        assert_eq!(
            breakable(&escape("Algorithm::MasterMind::Evo v1.141")),
            "Algorithm::\\allowbreak{}MasterMind::\\allowbreak{}Evo v1.141"
        );
        assert_eq!(
            breakable("N\\_cs=38 and peers/record"),
            "N\\_\\allowbreak{}cs=\\allowbreak{}38 and peers/\\allowbreak{}record"
        );
        // Nothing after the mark on the same word, or a command's name: no break.
        assert_eq!(
            breakable("claim: x, a/ b, \\ensuremath{\\geq}:"),
            "claim: x, a/ b, \\ensuremath{\\geq}:"
        );
        assert_eq!(breakable(&breakable("a\\_b")), breakable("a\\_b"));
        // Typewriter text does not break after its hyphens by itself.
        assert_eq!(
            inline("`case-2-table-5.ron`"),
            "\\texttt{case-\\allowbreak{}2-\\allowbreak{}table-\\allowbreak{}5.\\allowbreak{}ron}"
        );
    }

    #[test]
    fn the_longest_unbreakable_run_ends_where_a_line_may_break() {
        // After a break within a word, TeX does not hyphenate: the run counts whole.
        assert_eq!(longest_unbreakable("Algorithm::MasterMind::Evo"), "MasterMind::".len());
        assert_eq!(longest_unbreakable("a authors_evaluations b"), "evaluations".len());
        assert_eq!(longest_unbreakable("Holm-corrected"), "corrected".len());
        // A word of plain letters hyphenates; one with digits does not.
        assert_eq!(longest_unbreakable("(implementation), v1.141.2"), HYPHENATED_WORD);
        assert_eq!(longest_unbreakable("commit 3f9c2e1b7d4f"), 12);
        assert_eq!(longest_unbreakable(""), 0);
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
