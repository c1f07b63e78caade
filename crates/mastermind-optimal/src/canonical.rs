//! A canonical form of a set of secrets for the memo: the set relabelled so that sets equal up
//! to a permutation of colours and pegs usually get the same key.
//!
//! The optimum of a set does not depend on how it was reached (guesses range over every code), so
//! any relabelling of colours and pegs maps a set to one of equal cost, and a solved set answers
//! for all its images. Colours are ordered by how often they occur (then by their counts per peg,
//! sorted), pegs by their colour counts in that order; ties keep the original order. Ties make
//! the form not quite canonical (some images miss each other in the memo) but never wrong: the
//! key is always an image of the set, and the guess stored with it is mapped back.

use crate::context::Context;

/// A relabelling of colours and pegs that maps a set to its key.
#[derive(Debug, Clone, Copy)]
pub struct Relabelling {
    /// `colour[c]`: the new label of colour `c`.
    colour: [u8; 32],
    /// `peg[i]`: the new position of peg `i`.
    peg: [u8; 8],
}

impl Relabelling {
    /// The relabelling that puts `secrets` in canonical form.
    pub fn of(ctx: &Context, secrets: &[u16]) -> Relabelling {
        let (pegs, colours) = (ctx.pegs, ctx.colours);
        let mut counts = [[0u16; 8]; 32];
        for &s in secrets {
            let row = &ctx.colour_rows[usize::from(s)];
            for i in 0..pegs {
                counts[usize::from(row[i])][i] += 1;
            }
        }
        // Colours: most frequent first, then by their sorted counts per peg; pegs by their
        // counts of the colours in that order; then colours once more, ties broken by their
        // counts on the pegs in that order, and the pegs again.
        let by_colour = |c: usize, peg_order: Option<&[usize]>| {
            let mut per_peg = counts[c];
            per_peg[..pegs].sort_unstable_by(|a, b| b.cmp(a));
            let total: u16 = per_peg.iter().sum();
            let mut in_peg_order = [0u16; 8];
            if let Some(order) = peg_order {
                for (new, &old) in order.iter().enumerate() {
                    in_peg_order[new] = counts[c][old];
                }
            }
            std::cmp::Reverse((total, per_peg, in_peg_order))
        };
        let by_peg = |i: usize, colour_order: &[usize]| {
            let mut column = [0u16; 32];
            for (new, &old) in colour_order.iter().enumerate() {
                column[new] = counts[old][i];
            }
            std::cmp::Reverse(column)
        };
        let mut colour_order: Vec<usize> = (0..colours).collect();
        colour_order.sort_by_key(|&c| by_colour(c, None));
        let mut peg_order: Vec<usize> = (0..pegs).collect();
        peg_order.sort_by_key(|&i| by_peg(i, &colour_order));
        colour_order.sort_by_key(|&c| by_colour(c, Some(&peg_order)));
        peg_order.sort_by_key(|&i| by_peg(i, &colour_order));
        let mut colour = [0u8; 32];
        for (new, &old) in colour_order.iter().enumerate() {
            colour[old] = new as u8;
        }
        let mut peg = [0u8; 8];
        for (new, &old) in peg_order.iter().enumerate() {
            peg[old] = new as u8;
        }
        Relabelling { colour, peg }
    }

    /// The image of code `g` (a rank).
    pub fn apply(&self, ctx: &Context, g: u16) -> u16 {
        let row = &ctx.colour_rows[usize::from(g)];
        let mut image = [0u8; 8];
        for i in 0..ctx.pegs {
            image[usize::from(self.peg[i])] = self.colour[usize::from(row[i])];
        }
        rank(ctx, &image)
    }

    /// The code whose image is `g` (the inverse of [`apply`](Self::apply)).
    pub fn invert(&self, ctx: &Context, g: u16) -> u16 {
        let image = &ctx.colour_rows[usize::from(g)];
        let mut colour_back = [0u8; 32];
        for c in 0..ctx.colours {
            colour_back[usize::from(self.colour[c])] = c as u8;
        }
        let mut row = [0u8; 8];
        for i in 0..ctx.pegs {
            row[i] = colour_back[usize::from(image[usize::from(self.peg[i])])];
        }
        rank(ctx, &row)
    }

    /// The key of `secrets`: their images, sorted, written into `key` after what it holds.
    pub fn extend_key(&self, ctx: &Context, secrets: &[u16], key: &mut Vec<u16>) {
        let start = key.len();
        key.extend(secrets.iter().map(|&s| self.apply(ctx, s)));
        key[start..].sort_unstable();
    }
}

fn rank(ctx: &Context, row: &[u8; 8]) -> u16 {
    ctx.rank_of_row(row)
}

#[cfg(test)]
mod tests {
    use super::*;
    use mastermind_core::Game;

    #[test]
    fn images_of_a_set_share_a_key_and_guesses_map_back() {
        let ctx = Context::new(Game::new(4, 6).unwrap()).unwrap();
        let code = |s: &str| {
            let c = mastermind_core::Code::parse(ctx.game, s).unwrap();
            c.rank(ctx.game) as u16
        };
        let set: Vec<u16> =
            ["AABC", "ABDE", "FFAB", "CCCD", "ABAB"].iter().map(|s| code(s)).collect();
        // The same set with colours A<->F, B<->C swapped and pegs reversed.
        let mut image: Vec<u16> =
            ["BCFF", "EDCF", "CFAA", "DBBB", "CFCF"].iter().map(|s| code(s)).collect();
        image.sort_unstable();
        let mut sorted = set.clone();
        sorted.sort_unstable();
        let (a, b) = (Relabelling::of(&ctx, &sorted), Relabelling::of(&ctx, &image));
        let (mut key_a, mut key_b) = (Vec::new(), Vec::new());
        a.extend_key(&ctx, &sorted, &mut key_a);
        b.extend_key(&ctx, &image, &mut key_b);
        assert_eq!(key_a, key_b);
        for g in 0..1296u16 {
            assert_eq!(a.invert(&ctx, a.apply(&ctx, g)), g);
        }
    }
}
