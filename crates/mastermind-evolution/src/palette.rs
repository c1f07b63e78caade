//! The colours a search may still use: all of them, minus those a no-peg reply ruled out.

use mastermind_core::{Code, Game};
use rand::RngExt;

/// A set of colours of one game, from which random colours and codes are drawn.
///
/// A reply of no pegs at all says that none of the guess's colours is in the secret; Evo++ and the
/// hill-climber [`ban`](Palette::ban) them, so that initialisation, mutation and filling draw only
/// from the colours left. A palette never becomes empty: a ban that would remove every colour is
/// ignored (it cannot happen with a truthful codemaker, since the secret's colours remain).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Palette {
    game: Game,
    allowed: u32,
}

impl Palette {
    /// Every colour of `game`.
    pub fn full(game: Game) -> Palette {
        Palette { game, allowed: (1u32 << game.colours()) - 1 }
    }

    /// The game the colours belong to.
    pub fn game(&self) -> Game {
        self.game
    }

    /// Removes the colours of `code`. Returns whether the palette changed.
    pub fn ban(&mut self, code: &Code) -> bool {
        let mut left = self.allowed;
        for c in code.colours() {
            left &= !(1 << c);
        }
        let changed = left != self.allowed && left != 0;
        if left != 0 {
            self.allowed = left;
        }
        changed
    }

    /// Whether `colour` may be used.
    pub fn allows(&self, colour: u8) -> bool {
        self.allowed >> colour & 1 == 1
    }

    /// Whether every peg of `code` has an allowed colour.
    pub fn allows_code(&self, code: &Code) -> bool {
        code.colours().all(|c| self.allows(c))
    }

    /// Number of allowed colours.
    pub fn len(&self) -> usize {
        self.allowed.count_ones() as usize
    }

    /// Always false: a palette keeps at least one colour.
    pub fn is_empty(&self) -> bool {
        self.allowed == 0
    }

    /// The allowed colours, smallest first.
    pub fn colours(&self) -> impl Iterator<Item = u8> + '_ {
        (0..self.game.colours()).filter(|&c| self.allows(c))
    }

    /// A uniformly random allowed colour.
    pub fn random_colour(&self, rng: &mut impl RngExt) -> u8 {
        let mut k = rng.random_range(0..self.len());
        for c in 0..self.game.colours() {
            if self.allows(c) {
                if k == 0 {
                    return c;
                }
                k -= 1;
            }
        }
        unreachable!("k is below the number of allowed colours")
    }

    /// A uniformly random code over the allowed colours; in a game without repeated colours,
    /// a uniformly random one of distinct allowed colours (the palette always holds at least as
    /// many colours as pegs: a ban never removes a colour of the secret).
    pub fn random_code(&self, rng: &mut impl RngExt) -> Code {
        // Not `Code::random`: it draws an index among the allowed colours, a different stream.
        let pegs = usize::from(self.game.pegs());
        let mut colours = [0u8; 16];
        if self.game.repeats() {
            for slot in &mut colours[..pegs] {
                *slot = self.random_colour(rng);
            }
        } else {
            let mut left: Vec<u8> = self.colours().collect();
            for slot in &mut colours[..pegs] {
                *slot = left.swap_remove(rng.random_range(0..left.len()));
            }
        }
        Code::from_valid_colours(self.game, &colours[..pegs])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mastermind_core::rng_for;

    #[test]
    fn bans_and_draws_only_allowed_colours() {
        let g = Game::CLASSIC;
        let mut p = Palette::full(g);
        assert_eq!(p.len(), 6);
        assert!(p.ban(&Code::parse(g, "AABE").unwrap()));
        assert_eq!(p.colours().collect::<Vec<_>>(), vec![2, 3, 5]);
        assert!(!p.ban(&Code::parse(g, "AAAA").unwrap()), "A is already banned");
        let mut rng = rng_for(1, &[]);
        for _ in 0..1000 {
            assert!(p.allows_code(&p.random_code(&mut rng)));
        }
        // Banning everything left is refused.
        assert!(!p.ban(&Code::parse(g, "CDFF").unwrap()));
        assert_eq!(p.len(), 3);
    }
}
