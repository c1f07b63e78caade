//! The conversation with the person: lines read from any [`BufRead`], answers written to any
//! [`Write`], either as text for people or as JSON lines for scripts.

use crate::board::Board;
use serde_json::Value;
use std::io::{self, BufRead, Write};

/// Where an interactive command reads and writes.
pub struct Console<R, W> {
    input: R,
    output: W,
    /// How codes and replies are drawn.
    pub board: Board,
    /// Whether answers are JSON lines rather than text.
    pub json: bool,
}

impl<R: BufRead, W: Write> Console<R, W> {
    /// A console over `input` and `output`.
    pub fn new(input: R, output: W, board: Board, json: bool) -> Console<R, W> {
        Console { input, output, board, json }
    }

    /// Writes one line of text for people (nothing in JSON mode).
    pub fn say(&mut self, text: &str) -> io::Result<()> {
        if !self.json {
            writeln!(self.output, "{text}")?;
        }
        Ok(())
    }

    /// Writes one JSON object on its own line (nothing in text mode).
    pub fn event(&mut self, value: Value) -> io::Result<()> {
        if self.json {
            writeln!(self.output, "{value}")?;
        }
        Ok(())
    }

    /// Writes the same news as text or as a JSON object.
    pub fn tell(&mut self, text: &str, value: Value) -> io::Result<()> {
        self.say(text)?;
        self.event(value)
    }

    /// Shows `prompt` (text mode only) and reads one line, trimmed; `None` when the input has
    /// ended. Blank lines are skipped.
    pub fn ask(&mut self, prompt: &str) -> io::Result<Option<String>> {
        loop {
            if !self.json {
                write!(self.output, "{prompt}")?;
            }
            self.output.flush()?;
            let mut line = String::new();
            if self.input.read_line(&mut line)? == 0 {
                if !self.json {
                    writeln!(self.output)?;
                }
                return Ok(None);
            }
            let line = line.trim();
            if !line.is_empty() {
                return Ok(Some(line.to_string()));
            }
        }
    }
}

/// Words that stop an interactive game.
pub fn is_quit(line: &str) -> bool {
    matches!(line.to_ascii_lowercase().as_str(), "quit" | "q" | "exit")
}

/// Words that ask for help in an interactive game.
pub fn is_help(line: &str) -> bool {
    matches!(line.to_ascii_lowercase().as_str(), "help" | "h" | "?")
}
