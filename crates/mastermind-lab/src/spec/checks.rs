//! Checks every spec gets whatever its kind, right after parsing: no float is infinite or NaN,
//! and no name shown in a table or a legend holds a control character (a newline or a NUL breaks
//! the Markdown tables). The values are found by walking the parsed spec with a serde serializer,
//! which yields each value's field path; the line is that of the offending literal in the text.

use super::SpecFile;
use super::error::SpecError;
use serde::Serialize;
use serde::ser;
use std::fmt;

/// Fields whose text may span lines (shown as paragraphs, not in tables or legends).
const MULTI_LINE_FIELDS: [&str; 1] = ["description"];

/// Refuses non-finite numbers and control characters in names, with the field path and line.
pub(super) fn check_values(spec: &SpecFile) -> Result<(), SpecError> {
    let mut walker = Walker::default();
    // The walker's serializer never fails: every value type is accepted.
    let _ = spec.raw.serialize(&mut walker);
    if let Some(path) = walker.non_finite.first() {
        let (line, column) = literal_position(&spec.source, is_non_finite_literal);
        return Err(SpecError {
            file: spec.path.clone(),
            line,
            column,
            field: path.clone(),
            message: "not a finite number (inf, NaN and numbers beyond 1.8e308 are refused)".into(),
            hint: Some("write a finite number".into()),
        });
    }
    if let Some(path) = walker.control_text.first() {
        let (line, column) = string_with_control_position(&spec.source);
        return Err(SpecError {
            file: spec.path.clone(),
            line,
            column,
            field: path.clone(),
            message: "holds a control character (a line break, tab or NUL)".into(),
            hint: Some("names appear in tables and legends: write them on one line".into()),
        });
    }
    Ok(())
}

/// Collects the paths of non-finite floats and of strings with control characters.
#[derive(Default)]
struct Walker {
    path: Vec<String>,
    non_finite: Vec<String>,
    control_text: Vec<String>,
}

impl Walker {
    fn here(&self) -> String {
        let mut out = String::new();
        for segment in &self.path {
            if !out.is_empty() && !segment.starts_with('[') {
                out.push('.');
            }
            out += segment;
        }
        out
    }

    fn float(&mut self, v: f64) {
        if !v.is_finite() {
            self.non_finite.push(self.here());
        }
    }

    fn text(&mut self, v: &str) {
        let multi_line = self.path.last().is_some_and(|f| MULTI_LINE_FIELDS.contains(&f.as_str()));
        if !multi_line && v.chars().any(char::is_control) {
            self.control_text.push(self.here());
        }
    }

    fn nested<T: Serialize + ?Sized>(&mut self, segment: String, value: &T) -> Result<(), Never> {
        self.path.push(segment);
        let result = value.serialize(&mut *self);
        self.path.pop();
        result
    }
}

/// The walker's error type; it is never produced.
#[derive(Debug)]
struct Never;

impl fmt::Display for Never {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unreachable")
    }
}

impl std::error::Error for Never {}

impl ser::Error for Never {
    fn custom<T: fmt::Display>(_: T) -> Self {
        Never
    }
}

/// The compound serializers: a counter of the elements of a sequence or tuple.
struct Compound<'a> {
    walker: &'a mut Walker,
    index: usize,
    brackets: bool,
}

impl Compound<'_> {
    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Never> {
        let segment =
            if self.brackets { format!("[{}]", self.index) } else { self.index.to_string() };
        self.index += 1;
        self.walker.nested(segment, value)
    }
}

macro_rules! elements {
    ($($trait:ident :: $method:ident),*) => {$(
        impl ser::$trait for Compound<'_> {
            type Ok = ();
            type Error = Never;
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Never> {
                self.element(value)
            }
            fn end(self) -> Result<(), Never> {
                Ok(())
            }
        }
    )*};
}
elements!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

macro_rules! fields {
    ($($trait:ident),*) => {$(
        impl ser::$trait for Compound<'_> {
            type Ok = ();
            type Error = Never;
            fn serialize_field<T: Serialize + ?Sized>(
                &mut self,
                key: &'static str,
                value: &T,
            ) -> Result<(), Never> {
                self.walker.nested(key.to_owned(), value)
            }
            fn end(self) -> Result<(), Never> {
                Ok(())
            }
        }
    )*};
}
fields!(SerializeStruct, SerializeStructVariant);

impl ser::SerializeMap for Compound<'_> {
    type Ok = ();
    type Error = Never;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Never> {
        key.serialize(&mut *self.walker)
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Never> {
        self.element(value)
    }
    fn end(self) -> Result<(), Never> {
        Ok(())
    }
}

macro_rules! ignore {
    ($($method:ident: $t:ty),*) => {$(
        fn $method(self, _: $t) -> Result<(), Never> {
            Ok(())
        }
    )*};
}

impl<'a> ser::Serializer for &'a mut Walker {
    type Ok = ();
    type Error = Never;
    type SerializeSeq = Compound<'a>;
    type SerializeTuple = Compound<'a>;
    type SerializeTupleStruct = Compound<'a>;
    type SerializeTupleVariant = Compound<'a>;
    type SerializeMap = Compound<'a>;
    type SerializeStruct = Compound<'a>;
    type SerializeStructVariant = Compound<'a>;

    ignore!(serialize_bool: bool, serialize_i8: i8, serialize_i16: i16, serialize_i32: i32,
        serialize_i64: i64, serialize_u8: u8, serialize_u16: u16, serialize_u32: u32,
        serialize_u64: u64, serialize_bytes: &[u8], serialize_unit_struct: &'static str);

    fn serialize_f32(self, v: f32) -> Result<(), Never> {
        self.float(f64::from(v));
        Ok(())
    }
    fn serialize_f64(self, v: f64) -> Result<(), Never> {
        self.float(v);
        Ok(())
    }
    fn serialize_char(self, v: char) -> Result<(), Never> {
        self.text(&v.to_string());
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result<(), Never> {
        self.text(v);
        Ok(())
    }
    fn serialize_none(self) -> Result<(), Never> {
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Never> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Never> {
        Ok(())
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, _: &'static str) -> Result<(), Never> {
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<(), Never> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        value: &T,
    ) -> Result<(), Never> {
        value.serialize(self)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Compound<'a>, Never> {
        Ok(Compound { walker: self, index: 0, brackets: true })
    }
    fn serialize_tuple(self, _: usize) -> Result<Compound<'a>, Never> {
        Ok(Compound { walker: self, index: 0, brackets: false })
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Compound<'a>, Never> {
        Ok(Compound { walker: self, index: 0, brackets: false })
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Compound<'a>, Never> {
        Ok(Compound { walker: self, index: 0, brackets: false })
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Compound<'a>, Never> {
        Ok(Compound { walker: self, index: 0, brackets: true })
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Compound<'a>, Never> {
        Ok(Compound { walker: self, index: 0, brackets: false })
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Compound<'a>, Never> {
        Ok(Compound { walker: self, index: 0, brackets: false })
    }
}

/// A piece of spec text outside comments: a word (number, name) or a string literal's body.
enum Token<'a> {
    Word(&'a str),
    Text(&'a str),
}

/// The tokens of `source` that matter here, with their byte offsets; comments are skipped.
fn tokens(source: &str) -> Vec<(usize, Token<'_>)> {
    let bytes = source.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        // An escape inside a string may have stepped into a multi-byte character.
        if !source.is_char_boundary(i) {
            i += 1;
            continue;
        }
        let rest = &source[i..];
        if rest.starts_with("//") {
            i += rest.find('\n').unwrap_or(rest.len());
        } else if rest.starts_with("/*") {
            let mut depth = 0;
            while i < bytes.len() {
                if !source.is_char_boundary(i) {
                    i += 1;
                } else if source[i..].starts_with("/*") {
                    depth += 1;
                    i += 2;
                } else if source[i..].starts_with("*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if bytes[i] == b'"' {
            let start = i + 1;
            i = start;
            while i < bytes.len() && bytes[i] != b'"' {
                i += if bytes[i] == b'\\' { 2 } else { 1 };
            }
            let end = i.min(bytes.len());
            out.push((start, Token::Text(source.get(start..end).unwrap_or_default())));
            i = end + 1;
        } else if bytes[i].is_ascii_alphanumeric() || matches!(bytes[i], b'-' | b'+' | b'.') {
            let start = i;
            while i < bytes.len()
                && (bytes[i].is_ascii_alphanumeric()
                    || matches!(bytes[i], b'-' | b'+' | b'.' | b'_'))
            {
                i += 1;
            }
            out.push((start, Token::Word(&source[start..i])));
        } else {
            i += rest.chars().next().map_or(1, char::len_utf8);
        }
    }
    out
}

fn is_non_finite_literal(word: &str) -> bool {
    let digits = word.trim_start_matches(['-', '+']).replace('_', "");
    digits == "inf" || digits == "NaN" || digits.parse::<f64>().is_ok_and(|v| !v.is_finite())
}

/// The (line, column) of the first word outside strings and comments for which `matches` holds.
fn literal_position(
    source: &str,
    matches: impl Fn(&str) -> bool,
) -> (Option<usize>, Option<usize>) {
    tokens(source)
        .into_iter()
        .find(|(_, t)| matches!(t, Token::Word(w) if matches(w)))
        .map_or((None, None), |(at, _)| line_and_column(source, at))
}

/// The (line, column) of the first string literal holding a control character, raw or escaped,
/// that is not the value of a multi-line field.
fn string_with_control_position(source: &str) -> (Option<usize>, Option<usize>) {
    let escaped = ["\\n", "\\r", "\\t", "\\0", "\\u{0", "\\u{1", "\\u{7f}", "\\x0", "\\x1", "\\x7"];
    let mut key = "";
    for (at, token) in tokens(source) {
        match token {
            Token::Word(w) => key = w,
            Token::Text(s) => {
                let control =
                    s.chars().any(char::is_control) || escaped.iter().any(|e| s.contains(e));
                if control && !MULTI_LINE_FIELDS.contains(&key) {
                    return line_and_column(source, at);
                }
            }
        }
    }
    (None, None)
}

fn line_and_column(source: &str, at: usize) -> (Option<usize>, Option<usize>) {
    let before = &source[..at];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or_default().chars().count() + 1;
    (Some(line), Some(column))
}
