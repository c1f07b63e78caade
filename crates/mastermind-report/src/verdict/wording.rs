//! A verdict's sentence as its wording and its numbers, kept apart: claims whose sentences differ
//! only in their numbers say the same thing, and can be shown as one sentence with each claim's
//! numbers after it.

use std::fmt;

/// One piece of a sentence: words, or a number with the name a reader knows it by.
#[derive(Debug, Clone, PartialEq)]
enum Piece {
    /// Words, as they are printed.
    Words(String),
    /// A number as it is printed (`[-0.0285, +0.0130]`, `±0.0223`), and what it is (`interval`).
    Number {
        /// What the number is, as a reader would name it.
        name: &'static str,
        /// The number as it is printed.
        value: String,
    },
}

impl Piece {
    fn text(&self) -> &str {
        match self {
            Piece::Words(text) => text,
            Piece::Number { value, .. } => value,
        }
    }
}

/// One or more sentences, as words and named numbers. Printed (`Display`), it is the sentence a
/// reader sees; [`Wording::template`] is the same sentence with its numbers left out, the same
/// for every claim that says the same thing.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Wording {
    pieces: Vec<Piece>,
}

impl Wording {
    /// Nothing said.
    pub fn new() -> Wording {
        Wording::default()
    }

    /// Words alone, with no number in them.
    pub fn words(text: impl Into<String>) -> Wording {
        Wording::new().then(text)
    }

    /// The wording followed by `text`.
    pub fn then(mut self, text: impl Into<String>) -> Wording {
        let text = text.into();
        if !text.is_empty() {
            self.pieces.push(Piece::Words(text));
        }
        self
    }

    /// The wording followed by the number `value` (as printed), which a reader knows as `name`.
    pub fn number(mut self, name: &'static str, value: impl Into<String>) -> Wording {
        self.pieces.push(Piece::Number { name, value: value.into() });
        self
    }

    /// The wording followed by `other`'s.
    pub fn and(mut self, other: Wording) -> Wording {
        self.pieces.extend(other.pieces);
        self
    }

    /// Sentences one after another, a space between them, the empty ones left out.
    pub fn joined(sentences: impl IntoIterator<Item = Wording>) -> Wording {
        let mut out = Wording::new();
        for sentence in sentences.into_iter().filter(|s| !s.is_empty()) {
            if !out.is_empty() {
                out = out.then(" ");
            }
            out = out.and(sentence);
        }
        out
    }

    /// Whether nothing would be printed.
    pub fn is_empty(&self) -> bool {
        self.pieces.iter().all(|p| p.text().is_empty())
    }

    /// The sentence with each number printed as `shown` gives it, from its place among the
    /// numbers, its name and its value.
    pub fn render(&self, shown: impl Fn(usize, &'static str, &str) -> String) -> String {
        let mut out = String::new();
        let mut k = 0;
        for piece in &self.pieces {
            match piece {
                Piece::Words(text) => out += text,
                Piece::Number { name, value } => {
                    out += &shown(k, name, value);
                    k += 1;
                }
            }
        }
        out
    }

    /// The wording without its numbers (each stands as its name between markers): two claims
    /// that say the same thing of different numbers have the same template.
    pub fn template(&self) -> String {
        self.render(|_, name, _| format!("\u{1}{name}\u{1}"))
    }

    /// The numbers, in order, each with its name.
    pub fn numbers(&self) -> Vec<(&'static str, &str)> {
        self.pieces
            .iter()
            .filter_map(|p| match p {
                Piece::Number { name, value } => Some((*name, value.as_str())),
                Piece::Words(_) => None,
            })
            .collect()
    }
}

impl fmt::Display for Wording {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.pieces.iter().try_for_each(|p| f.write_str(p.text()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn interval(range: &str, margin: &str) -> Wording {
        Wording::words("The interval ")
            .number("interval", range)
            .then(" reaches both sides of ")
            .number("margin", margin)
            .then(".")
    }

    #[test]
    fn the_same_sentence_of_other_numbers_has_the_same_template() {
        let a = interval("[-0.03, +0.01]", "±0.022");
        let b = interval("[-0.01, +0.03]", "±0.023");
        assert_eq!(a.to_string(), "The interval [-0.03, +0.01] reaches both sides of ±0.022.");
        assert_eq!(a.template(), b.template());
        assert_ne!(a.to_string(), b.to_string());
        assert_eq!(b.numbers(), [("interval", "[-0.01, +0.03]"), ("margin", "±0.023")]);
        let other = Wording::words("The interval ").number("interval", "[0, 1]").then(" lies out.");
        assert_ne!(a.template(), other.template());
    }

    #[test]
    fn joined_sentences_leave_out_the_empty_ones() {
        let joined =
            Wording::joined([Wording::words("One."), Wording::new(), Wording::words("Two.")]);
        assert_eq!(joined.to_string(), "One. Two.");
        assert!(Wording::joined([Wording::new(), Wording::words("")]).is_empty());
    }
}
