//! The board: the guesses and replies of a game, drawn in colour on a terminal and as plain text
//! everywhere else.

use crate::notation::{COLOUR_NAMES, ColourStyle, reply_short, reply_words};
use mastermind_core::{Code, Feedback, History};

/// 256-colour terminal backgrounds for the first twelve colours, in the order of
/// [`COLOUR_NAMES`]. Further colours are drawn without colour.
const ANSI_BACKGROUNDS: [u8; 12] = [196, 34, 27, 226, 208, 129, 51, 213, 130, 245, 118, 18];

/// Colours whose background is light enough to need black letters.
const LIGHT_BACKGROUNDS: [u8; 5] = [226, 51, 213, 245, 118];

/// How codes and replies are drawn.
#[derive(Debug, Clone, Copy)]
pub struct Board {
    /// How colours are written.
    pub style: ColourStyle,
    /// Whether to draw with terminal colours (only when the output is a terminal).
    pub ansi: bool,
}

impl Board {
    /// A code: `AABB` (or digits, or names), each peg on its own colour on a terminal.
    pub fn code(&self, code: &Code) -> String {
        if self.ansi {
            return code.colours().map(|c| self.peg(c)).collect();
        }
        match self.style {
            // Names differ in length: pad them so that the board's columns line up.
            ColourStyle::Names => {
                let width = COLOUR_NAMES.iter().map(|n| n.len()).max().unwrap_or(0);
                let names: Vec<String> =
                    code.colours().map(|c| format!("{:<width$}", self.style.colour(c))).collect();
                names.join(" ")
            }
            _ => self.style.code(code),
        }
    }

    /// One peg on its colour.
    fn peg(&self, colour: u8) -> String {
        let mut text = self.style.colour(colour);
        if self.style == ColourStyle::Names {
            let width = COLOUR_NAMES.iter().map(|n| n.len()).max().unwrap_or(0);
            text = format!("{text:<width$}");
        }
        match ANSI_BACKGROUNDS.get(usize::from(colour)) {
            Some(&bg) => {
                let fg = if LIGHT_BACKGROUNDS.contains(&bg) { 16 } else { 231 };
                format!("\x1b[1;38;5;{fg};48;5;{bg}m {text} \x1b[0m")
            }
            None => format!(" {text} "),
        }
    }

    /// A reply: `2B 1W` on plain text; pegs then words on a terminal (`●●○· 2 black, 1 white`).
    pub fn reply(&self, reply: Feedback, pegs: u8) -> String {
        if !self.ansi {
            return reply_short(reply);
        }
        let empty = pegs - reply.black - reply.white;
        format!(
            "{}{}{}  {}",
            "●".repeat(usize::from(reply.black)),
            "○".repeat(usize::from(reply.white)),
            "·".repeat(usize::from(empty)),
            reply_words(reply)
        )
    }

    /// One row of the board: the turn number, the guess and its reply.
    pub fn row(&self, turn: usize, guess: &Code, reply: Feedback) -> String {
        let pegs = guess.len() as u8;
        format!("{turn:>3}  {}   {}", self.code(guess), self.reply(reply, pegs))
    }

    /// Every turn of `history`, one row each.
    pub fn rows(&self, history: &History) -> Vec<String> {
        history
            .turns()
            .iter()
            .enumerate()
            .map(|(i, turn)| self.row(i + 1, &turn.guess, turn.feedback))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mastermind_core::Game;

    #[test]
    fn plain_boards_carry_no_escape_codes() {
        let g = Game::CLASSIC;
        let mut history = History::new(g);
        history.push(Code::parse(g, "AABB").unwrap(), Feedback::new(1, 1));
        history.push(Code::parse(g, "ABCD").unwrap(), Feedback::new(0, 0));
        let plain = Board { style: ColourStyle::Letters, ansi: false };
        assert_eq!(plain.rows(&history), vec!["  1  AABB   1B 1W", "  2  ABCD   0B 0W"]);
        let digits = Board { style: ColourStyle::Digits, ansi: false };
        assert_eq!(digits.rows(&history)[0], "  1  1122   1B 1W");
        let names = Board { style: ColourStyle::Names, ansi: false };
        assert_eq!(names.rows(&history)[1], "  2  red    green  blue   yellow   0B 0W");
        let coloured = Board { style: ColourStyle::Letters, ansi: true };
        let row = &coloured.rows(&history)[0];
        assert!(row.contains("\x1b[") && row.contains("●○··  1 black, 1 white"), "{row}");
    }
}
