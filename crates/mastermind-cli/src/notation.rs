//! How people write codes and replies, and how the program writes them back.
//!
//! Input is forgiving whatever the display style: a code may be letters (`ABCD`, `a b c d`),
//! digits counted from 1 (`1123`, up to 9 colours; with 10 colours `0` is the tenth, so Bulls and
//! Cows is written in the ten digits as people play it) or colour names (`red red blue green`); a reply
//! may be `2 1`, `21`, `2B1W` or pegs `BBW`. Every rejection says what was wrong in a sentence
//! that can be shown to the person as it is.

use clap::ValueEnum;
use mastermind_core::{Code, Feedback, Game};
use std::fmt;

/// How colours are written on the board and in answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum ColourStyle {
    /// `A` for the first colour, `B` for the second, ... (the lab's notation).
    #[default]
    Letters,
    /// `1` for the first colour, `2` for the second, ..., `0` for the tenth (games of up to 10
    /// colours).
    Digits,
    /// `red`, `green`, `blue`, ... (games of up to 12 colours).
    Names,
}

/// The colour names, in colour order. None is "black" or "white", the colours of reply pegs.
pub const COLOUR_NAMES: [&str; 12] = [
    "red", "green", "blue", "yellow", "orange", "purple", "cyan", "pink", "brown", "grey", "lime",
    "navy",
];

impl ColourStyle {
    /// The style a game is written in unless asked otherwise: digits for 10 colours (Bulls and
    /// Cows is played in digits), letters otherwise.
    pub fn default_for(game: Game) -> ColourStyle {
        if game.colours() == 10 { ColourStyle::Digits } else { ColourStyle::Letters }
    }

    /// Checks that the style can write every colour of `game`.
    pub fn check(self, game: Game) -> Result<(), String> {
        let colours = usize::from(game.colours());
        match self {
            ColourStyle::Digits if colours > 10 => {
                Err(format!("--colours digits writes at most 10 colours; {game} has {colours}"))
            }
            ColourStyle::Names if colours > COLOUR_NAMES.len() => Err(format!(
                "--colours names knows {} colour names; {game} has {colours}",
                COLOUR_NAMES.len()
            )),
            _ => Ok(()),
        }
    }

    /// One colour (`0..colours`) as this style writes it.
    pub fn colour(self, colour: u8) -> String {
        match self {
            ColourStyle::Letters => char::from(b'A' + colour).to_string(),
            ColourStyle::Digits => ((colour + 1) % 10).to_string(),
            ColourStyle::Names => COLOUR_NAMES[usize::from(colour)].to_string(),
        }
    }

    /// A code as this style writes it: `AABB`, `1122` or `red red green green`.
    pub fn code(self, code: &Code) -> String {
        let colours = code.colours().map(|c| self.colour(c));
        match self {
            ColourStyle::Names => colours.collect::<Vec<_>>().join(" "),
            _ => colours.collect(),
        }
    }

    /// The colours of `game` in this style, for prompts: `A-F`, `1-6` or `red, green, ...`.
    pub fn palette(self, game: Game) -> String {
        let last = game.colours() - 1;
        match self {
            ColourStyle::Names => (0..=last).map(|c| self.colour(c)).collect::<Vec<_>>().join(" "),
            ColourStyle::Digits if last == 9 => "0-9".to_string(),
            _ => format!("{}-{}", self.colour(0), self.colour(last)),
        }
    }
}

/// Why a typed code was not accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CodeError {
    /// Nothing was typed.
    Empty {
        /// Pegs a code needs.
        pegs: u8,
    },
    /// A character that is neither a letter nor a digit from 1 (nor `0` in a game of 10 colours).
    BadSymbol {
        /// The character.
        symbol: char,
    },
    /// A word that is not a colour name.
    UnknownName {
        /// The word.
        word: String,
    },
    /// A colour beyond the game's colours.
    ColourOutOfRange {
        /// The colour as typed.
        typed: String,
        /// The game.
        game: Game,
    },
    /// A colour used twice in a game whose codes use each colour once.
    Repeated {
        /// The code as typed.
        typed: String,
    },
    /// Too few or too many pegs.
    Length {
        /// Pegs typed.
        typed: usize,
        /// Pegs a code needs.
        pegs: u8,
    },
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodeError::Empty { pegs } => write!(f, "type a code of {pegs} colours"),
            CodeError::BadSymbol { symbol: '0' } => write!(
                f,
                "'0' is not a colour: digits count colours from 1 ('0' is the tenth colour of a \
                 10-colour game)"
            ),
            CodeError::BadSymbol { symbol } => write!(
                f,
                "'{symbol}' is not a colour: write colours as letters (A), digits from 1 or names"
            ),
            CodeError::UnknownName { word } => {
                write!(
                    f,
                    "'{word}' is not a colour name (the names are {})",
                    COLOUR_NAMES.join(" ")
                )
            }
            CodeError::ColourOutOfRange { typed, game } => {
                write!(
                    f,
                    "'{typed}' is not one of the {} colours of this game ({}",
                    game.colours(),
                    ColourStyle::Letters.palette(*game)
                )?;
                if ColourStyle::Digits.check(*game).is_ok() {
                    write!(f, " or {}", ColourStyle::Digits.palette(*game))?;
                }
                write!(f, ")")
            }
            CodeError::Repeated { typed } => write!(
                f,
                "'{typed}' repeats a colour: in this game a code uses each colour at most once"
            ),
            CodeError::Length { typed, pegs } => write!(
                f,
                "that is {typed} colour{}; a code of this game has {pegs}",
                if *typed == 1 { "" } else { "s" }
            ),
        }
    }
}

impl std::error::Error for CodeError {}

/// Parses a code typed in any of the accepted forms.
pub fn parse_code(game: Game, text: &str) -> Result<Code, CodeError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(CodeError::Empty { pegs: game.pegs() });
    }
    let typed = match colour_names(text) {
        Some(names) => names,
        None => symbol_colours(text, game.colours() == 10)?,
    };
    if let Some((_, symbol)) = typed.iter().find(|(c, _)| *c >= game.colours()) {
        return Err(CodeError::ColourOutOfRange { typed: symbol.clone(), game });
    }
    if typed.len() != usize::from(game.pegs()) {
        return Err(CodeError::Length { typed: typed.len(), pegs: game.pegs() });
    }
    let colours: Vec<u8> = typed.iter().map(|(c, _)| *c).collect();
    Code::from_colours(game, &colours).map_err(|_| CodeError::Repeated { typed: text.to_owned() })
}

/// Splits typed text into words at spaces and commas.
fn words(text: &str) -> Vec<&str> {
    text.split([' ', ',']).filter(|w| !w.is_empty()).collect()
}

/// The colours of `text`, each with the word it was read from, when every word is a colour name
/// (case-insensitive).
fn colour_names(text: &str) -> Option<Vec<(u8, String)>> {
    words(text)
        .into_iter()
        .map(|w| {
            let colour = COLOUR_NAMES.iter().position(|n| n.eq_ignore_ascii_case(w))?;
            Some((colour as u8, w.to_string()))
        })
        .collect()
}

/// The colours of `text` written as letters or digits from 1 (`0` the tenth colour when
/// `zero_is_tenth`; spaces and commas ignored), each
/// with the symbol it was read from. Several words of which one is longer than a symbol read as
/// colour names, and the first unknown one is reported.
fn symbol_colours(text: &str, zero_is_tenth: bool) -> Result<Vec<(u8, String)>, CodeError> {
    let words = words(text);
    if words.len() > 1 && words.iter().any(|w| w.len() > 1 && w.chars().all(char::is_alphabetic)) {
        if let Some(word) =
            words.iter().find(|w| !COLOUR_NAMES.iter().any(|n| n.eq_ignore_ascii_case(w)))
        {
            return Err(CodeError::UnknownName { word: (*word).to_string() });
        }
    }
    words
        .iter()
        .flat_map(|w| w.chars())
        .map(|ch| match ch {
            'a'..='z' | 'A'..='Z' => Ok((ch.to_ascii_uppercase() as u8 - b'A', ch.to_string())),
            '1'..='9' => Ok((ch as u8 - b'1', ch.to_string())),
            '0' if zero_is_tenth => Ok((9, ch.to_string())),
            _ => Err(CodeError::BadSymbol { symbol: ch }),
        })
        .collect()
}

/// Why a typed reply was not accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplyError {
    /// Not one of the accepted forms.
    Form {
        /// What was typed.
        typed: String,
    },
    /// More pegs than the code has.
    TooManyPegs {
        /// Black pegs.
        black: u8,
        /// White pegs.
        white: u8,
        /// Pegs of the game.
        pegs: u8,
    },
    /// All but one peg right and the last one a right colour in the wrong place: no code gives it.
    NeverHappens {
        /// Pegs of the game.
        pegs: u8,
    },
}

impl fmt::Display for ReplyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplyError::Form { typed } => write!(
                f,
                "'{typed}' is not a reply: type the black then the white pegs as '2 1' or '21', \
                 or the pegs themselves as 'BBW' ('0' for none)"
            ),
            ReplyError::TooManyPegs { black, white, pegs } => write!(
                f,
                "{black} black and {white} white make {} pegs, but a code has only {pegs}",
                black + white
            ),
            ReplyError::NeverHappens { pegs } => write!(
                f,
                "{} black and 1 white never happens: when {} pegs are right, the last one cannot \
                 be a right colour in the wrong place",
                pegs - 1,
                pegs - 1
            ),
        }
    }
}

impl std::error::Error for ReplyError {}

/// Parses a reply: `2 1`, `2,1`, `21` (up to 9 pegs), `2B1W`, `2b 1w`, `BBW`, `0` or `-` for none.
pub fn parse_reply(pegs: u8, text: &str) -> Result<Feedback, ReplyError> {
    let typed = text.trim();
    let form = || ReplyError::Form { typed: typed.to_string() };
    let compact: String = typed
        .chars()
        .filter(|c| !matches!(c, ' ' | ',' | '/' | '-'))
        .map(|c| c.to_ascii_uppercase())
        .collect();
    let (black, white) = if typed == "-" || compact == "0" {
        (0, 0)
    } else if !compact.is_empty() && compact.chars().all(|c| c == 'B' || c == 'W') {
        let black = compact.chars().filter(|&c| c == 'B').count();
        (black, compact.len() - black)
    } else if compact.chars().any(|c| c == 'B' || c == 'W') {
        counted_pegs(&compact).ok_or_else(form)?
    } else {
        let numbers: Vec<&str> =
            typed.split([' ', ',', '/', '-']).filter(|w| !w.is_empty()).collect();
        match numbers.as_slice() {
            [b, w] => (b.parse().map_err(|_| form())?, w.parse().map_err(|_| form())?),
            [both] if both.len() == 2 && pegs <= 9 && both.chars().all(|c| c.is_ascii_digit()) => {
                let digit = |i: usize| usize::from(both.as_bytes()[i] - b'0');
                (digit(0), digit(1))
            }
            _ => return Err(form()),
        }
    };
    reply_for(pegs, black, white)
}

/// `2B1W`, `2B`, `1W`: counts each followed by its peg colour, each colour at most once.
fn counted_pegs(compact: &str) -> Option<(usize, usize)> {
    let (mut black, mut white) = (None, None);
    let mut number = String::new();
    for c in compact.chars() {
        match c {
            '0'..='9' => number.push(c),
            'B' | 'W' => {
                let n: usize = number.parse().ok()?;
                number.clear();
                let slot = if c == 'B' { &mut black } else { &mut white };
                if slot.replace(n).is_some() {
                    return None;
                }
            }
            _ => return None,
        }
    }
    number.is_empty().then_some((black.unwrap_or(0), white.unwrap_or(0)))
}

/// The feedback `black`, `white` after checking that a truthful codemaker can give it.
fn reply_for(pegs: u8, black: usize, white: usize) -> Result<Feedback, ReplyError> {
    if black + white > usize::from(pegs) {
        return Err(ReplyError::TooManyPegs {
            black: black.min(255) as u8,
            white: white.min(255) as u8,
            pegs,
        });
    }
    let reply = Feedback::new(black as u8, white as u8);
    if !reply.is_possible(pegs) {
        return Err(ReplyError::NeverHappens { pegs });
    }
    Ok(reply)
}

/// How the game's codes use colours, for the opening lines of `play` and `solve`.
pub fn repeat_rule(game: Game) -> &'static str {
    if game.repeats() { "a colour may repeat" } else { "no colour twice" }
}

/// A reply in words: `2 black, 1 white`, `none` for no pegs.
pub fn reply_words(reply: Feedback) -> String {
    match (reply.black, reply.white) {
        (0, 0) => "none".to_string(),
        (b, 0) => format!("{b} black"),
        (0, w) => format!("{w} white"),
        (b, w) => format!("{b} black, {w} white"),
    }
}

/// A reply in the compact form `2B 1W` used on a plain board.
pub fn reply_short(reply: Feedback) -> String {
    format!("{}B {}W", reply.black, reply.white)
}

/// Parses one turn of a game in progress: a code then its reply, e.g. `AABB 1 0`, `AABB 10`,
/// `red red blue blue BW`. The split between code and reply is the one that makes both valid.
pub fn parse_turn(game: Game, text: &str) -> Result<(Code, Feedback), String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.len() < 2 {
        return Err(format!(
            "'{text}' is not a turn: write the guess then its reply, as \"AABB 1 0\""
        ));
    }
    let mut first_error = None;
    for split in 1..words.len() {
        let code = parse_code(game, &words[..split].join(" "));
        let reply = parse_reply(game.pegs(), &words[split..].join(" "));
        match (code, reply) {
            (Ok(code), Ok(reply)) => return Ok((code, reply)),
            (code, reply) => {
                if first_error.is_none() {
                    first_error = Some(match (code, reply) {
                        (Err(e), _) => format!("in '{text}': {e}"),
                        (_, Err(e)) => format!("in '{text}': {e}"),
                        _ => unreachable!("one of them failed"),
                    });
                }
            }
        }
    }
    Err(first_error.expect("at least one split was tried"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(pegs: u32, colours: u32) -> Game {
        Game::new(pegs, colours).unwrap()
    }

    fn check_code(text: &str, expect: Result<&str, &str>) {
        let got = parse_code(Game::CLASSIC, text).map(|c| c.to_string()).map_err(|e| e.to_string());
        match (got, expect) {
            (Ok(code), Ok(want)) => assert_eq!(code, want, "{text}"),
            (Err(e), Err(want)) => assert!(e.contains(want), "{text}: {e}"),
            (got, want) => panic!("{text}: got {got:?}, expected {want:?}"),
        }
    }

    #[test]
    fn codes_in_every_accepted_form() {
        check_code("ABCD", Ok("ABCD"));
        check_code(" a b c d ", Ok("ABCD"));
        check_code("1123", Ok("AABC"));
        check_code("6,5,4,3", Ok("FEDC"));
        check_code("red Red blue green", Ok("AACB"));
        check_code("", Err("type a code of 4 colours"));
        check_code("ABC", Err("that is 3 colours; a code of this game has 4"));
        check_code("ABCDE", Err("5 colours"));
        check_code("ABCG", Err("'G' is not one of the 6 colours of this game (A-F or 1-6)"));
        check_code("1237", Err("'7' is not one of the 6 colours"));
        check_code("1207", Err("digits count colours from 1"));
        check_code("AB?D", Err("'?' is not a colour"));
        check_code("red rde blue green", Err("'rde' is not a colour name"));
        check_code("red red navy red", Err("'navy' is not one of the 6 colours"));
    }

    #[test]
    fn bulls_and_cows_is_written_in_the_ten_digits() {
        let g = Game::BULLS_AND_COWS;
        let code = parse_code(g, "1230").unwrap();
        assert_eq!(code.to_string(), "ABCJ");
        assert_eq!(ColourStyle::Digits.code(&code), "1230");
        assert_eq!(ColourStyle::default_for(g), ColourStyle::Digits);
        assert_eq!(ColourStyle::default_for(Game::CLASSIC), ColourStyle::Letters);
        assert_eq!(ColourStyle::Digits.palette(g), "0-9");
        let repeated = parse_code(g, "1231").unwrap_err().to_string();
        assert!(repeated.contains("'1231' repeats a colour"), "{repeated}");
        assert!(parse_code(game(4, 10), "1231").is_ok(), "4x10 with repeats");
        assert!(parse_code(g, "ABCJ").is_ok());
    }

    fn check_reply(pegs: u8, text: &str, expect: Result<(u8, u8), &str>) {
        let got = parse_reply(pegs, text).map(|r| (r.black, r.white)).map_err(|e| e.to_string());
        match (got, expect) {
            (Ok(r), Ok(want)) => assert_eq!(r, want, "{text}"),
            (Err(e), Err(want)) => assert!(e.contains(want), "{text}: {e}"),
            (got, want) => panic!("{text}: got {got:?}, expected {want:?}"),
        }
    }

    #[test]
    fn replies_in_every_accepted_form() {
        check_reply(4, "2 1", Ok((2, 1)));
        check_reply(4, "21", Ok((2, 1)));
        check_reply(4, "2,1", Ok((2, 1)));
        check_reply(4, "BBW", Ok((2, 1)));
        check_reply(4, "b w w", Ok((1, 2)));
        check_reply(4, "2B1W", Ok((2, 1)));
        check_reply(4, "2b 1w", Ok((2, 1)));
        check_reply(4, "3W", Ok((0, 3)));
        check_reply(4, "0", Ok((0, 0)));
        check_reply(4, "-", Ok((0, 0)));
        check_reply(4, "0 0", Ok((0, 0)));
        check_reply(4, "4 0", Ok((4, 0)));
        check_reply(4, "BBBB", Ok((4, 0)));
        check_reply(4, "3 1", Err("3 black and 1 white never happens"));
        check_reply(4, "3 2", Err("make 5 pegs, but a code has only 4"));
        check_reply(4, "BBBWW", Err("make 5 pegs"));
        check_reply(4, "two", Err("'two' is not a reply"));
        check_reply(4, "2B2B", Err("is not a reply"));
        check_reply(4, "212", Err("is not a reply"));
        check_reply(10, "10 0", Ok((10, 0)));
        check_reply(10, "12", Err("is not a reply"));
    }

    #[test]
    fn turns_split_where_both_halves_are_valid() {
        let g = Game::CLASSIC;
        let turn = |t: &str| parse_turn(g, t).map(|(c, r)| format!("{c} {r}"));
        assert_eq!(turn("AABB 1 0"), Ok("AABB 1B0W".into()));
        assert_eq!(turn("AABB 10"), Ok("AABB 1B0W".into()));
        assert_eq!(turn("A A B B B W"), Ok("AABB 1B1W".into()));
        assert_eq!(turn("red red blue blue 0 2"), Ok("AACC 0B2W".into()));
        assert!(turn("AABB").unwrap_err().contains("write the guess then its reply"));
        assert!(turn("AABG 1 0").unwrap_err().contains("'G' is not one of the 6 colours"));
        assert!(turn("AABB 3 1").unwrap_err().contains("never happens"));
        let five = game(5, 8);
        assert_eq!(parse_turn(five, "AABBC 2 1").unwrap().0.to_string(), "AABBC");
    }

    #[test]
    fn styles_write_what_they_read() {
        let g = Game::CLASSIC;
        let code = parse_code(g, "ABCF").unwrap();
        for style in [ColourStyle::Letters, ColourStyle::Digits, ColourStyle::Names] {
            assert_eq!(parse_code(g, &style.code(&code)), Ok(code));
        }
        assert_eq!(ColourStyle::Digits.code(&code), "1236");
        assert_eq!(ColourStyle::Names.code(&code), "red green blue purple");
        assert!(ColourStyle::Digits.check(game(4, 10)).is_ok());
        assert!(ColourStyle::Digits.check(game(4, 11)).is_err());
        assert!(ColourStyle::Names.check(game(4, 12)).is_ok());
        assert!(ColourStyle::Names.check(game(4, 13)).is_err());
        assert_eq!(reply_words(Feedback::new(2, 1)), "2 black, 1 white");
        assert_eq!(reply_words(Feedback::new(0, 0)), "none");
    }
}
