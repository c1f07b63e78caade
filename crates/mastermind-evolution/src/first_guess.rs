//! First guesses: the fixed openings the papers use, generalised to any game size.

use mastermind_core::InvalidParameter;
use mastermind_core::{Code, Game};

/// Knuth-style opening as Evo++ uses it (`ABCA` at 4 pegs x 6 colours): peg `i` gets colour
/// `i mod floor(colours / 2)`. This is the rule of Algorithm::MasterMind's default first move
/// (cycling over the first half of the alphabet), the implementation the paper ran; it gives `ABCD`
/// for 4x8 and 4x9, `ABCDA` for 5x8 and 5x9, `ABCDAB` for 6x9. Without repeated colours, `ABCD..`.
pub fn knuth_style(game: Game) -> Code {
    let half = if game.repeats() { (game.colours() / 2).max(1) } else { game.colours() };
    let colours: Vec<u8> = (0..game.pegs()).map(|i| i % half).collect();
    Code::from_valid_colours(game, &colours)
}

/// Pairs opening as the EDA uses it (`AABB` at 4 pegs): peg `i` gets colour `(i / 2) mod colours`,
/// so `AABBC` at 5 pegs and `AABBCC` at 6. Without repeated colours, `ABCD..`.
pub fn pairs(game: Game) -> Code {
    let run = if game.repeats() { 2 } else { 1 };
    let colours: Vec<u8> = (0..game.pegs()).map(|i| (i / run) % game.colours()).collect();
    Code::from_valid_colours(game, &colours)
}

/// The configured first guess parsed for `game`, or `default` when none is configured.
pub(crate) fn resolve(
    game: Game,
    text: Option<&str>,
    default: fn(Game) -> Code,
) -> Result<Code, InvalidParameter> {
    match text {
        Some(text) => Code::parse(game, text)
            .map_err(|e| InvalidParameter::refused("first_guess", text, e.to_string())),
        None => Ok(default(game)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_of_the_papers_games() {
        let g = |p, k| Game::new(p, k).unwrap();
        assert_eq!(knuth_style(g(4, 6)).to_string(), "ABCA");
        assert_eq!(knuth_style(g(4, 8)).to_string(), "ABCD");
        assert_eq!(knuth_style(g(5, 9)).to_string(), "ABCDA");
        assert_eq!(knuth_style(g(6, 9)).to_string(), "ABCDAB");
        assert_eq!(knuth_style(g(3, 2)).to_string(), "AAA");
        assert_eq!(pairs(g(4, 6)).to_string(), "AABB");
        assert_eq!(pairs(g(5, 8)).to_string(), "AABBC");
        assert_eq!(pairs(g(4, 2)).to_string(), "AABB");
        assert_eq!(pairs(g(6, 2)).to_string(), "AABBAA");
        assert!(resolve(g(4, 6), Some("AAG1"), pairs).is_err());
        assert_eq!(resolve(g(4, 6), Some("abca"), pairs).unwrap().to_string(), "ABCA");
    }
}
