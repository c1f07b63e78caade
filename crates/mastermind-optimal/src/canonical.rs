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

/// Sets of at least this many codes are sorted through a bitmap rather than by comparisons.
const BITMAP_MIN_CODES: usize = 32;

/// A relabelling of colours and pegs that maps a set to its key.
#[derive(Debug, Clone, Copy)]
pub struct Relabelling {
    /// `colour[c]`: the new label of colour `c`.
    colour: [u8; 32],
    /// `peg[i]`: the new position of peg `i`.
    peg: [u8; 8],
    /// `weight[i]`: the place value of peg `i`'s new position in a row read as a number in base
    /// `colours`, so that an image is found without writing its row.
    weight: [u32; 8],
}

impl Relabelling {
    /// The relabelling that puts `secrets` in canonical form.
    ///
    /// Colours: most frequent first, then by their counts per peg, sorted; pegs by their counts
    /// of the colours in that order; then colours once more, ties broken by their counts on the
    /// pegs in that order, and the pegs again. Every sort is stable, so ties keep the original
    /// order. Each sort key is computed once per colour or peg, not per comparison.
    pub fn of(ctx: &Context, secrets: &[u16]) -> Relabelling {
        let (pegs, colours) = (ctx.pegs, ctx.colours);
        let mut counts = [[0u16; 8]; 32];
        for &s in secrets {
            let row = &ctx.colour_rows[usize::from(s)];
            for i in 0..pegs {
                counts[usize::from(row[i])][i] += 1;
            }
        }
        // Per colour: its total and its counts per peg, largest first.
        let mut by_count = [(0u16, [0u16; 8]); 32];
        for (key, per_peg) in by_count.iter_mut().zip(&counts).take(colours) {
            let mut sorted = *per_peg;
            sorted[..pegs].sort_unstable_by(|a, b| b.cmp(a));
            *key = (sorted.iter().sum(), sorted);
        }
        // Largest key first (comparing `b` with `a`), ties in colour order (the sort is stable).
        let mut colour_order = [0usize; 32];
        let colour_order = &mut colour_order[..colours];
        for (c, slot) in colour_order.iter_mut().enumerate() {
            *slot = c;
        }
        colour_order.sort_by(|&a, &b| by_count[b].cmp(&by_count[a]));
        let mut peg_order = [0usize; 8];
        let peg_order = &mut peg_order[..pegs];
        sort_pegs(&counts, colour_order, peg_order);
        let mut in_peg_order = [[0u16; 8]; 32];
        for (c, row) in in_peg_order.iter_mut().enumerate().take(colours) {
            for (new, &old) in peg_order.iter().enumerate() {
                row[new] = counts[c][old];
            }
        }
        colour_order
            .sort_by(|&a, &b| (by_count[b], in_peg_order[b]).cmp(&(by_count[a], in_peg_order[a])));
        sort_pegs(&counts, colour_order, peg_order);

        let mut colour = [0u8; 32];
        for (new, &old) in colour_order.iter().enumerate() {
            colour[old] = new as u8;
        }
        let mut peg = [0u8; 8];
        let mut weight = [0u32; 8];
        for (new, &old) in peg_order.iter().enumerate() {
            peg[old] = new as u8;
            weight[old] = (colours as u32).pow((pegs - 1 - new) as u32);
        }
        Relabelling { colour, peg, weight }
    }

    /// The image of code `g` (a rank).
    #[inline]
    pub fn apply(&self, ctx: &Context, g: u16) -> u16 {
        let row = &ctx.colour_rows[usize::from(g)];
        let mut number = 0u32;
        for (&c, &weight) in row.iter().zip(&self.weight).take(ctx.pegs) {
            number += u32::from(self.colour[usize::from(c)]) * weight;
        }
        ctx.rank_of_number(number as usize)
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
    ///
    /// Images of distinct codes are distinct, so a set of at least [`BITMAP_MIN_CODES`] codes is
    /// sorted by marking its images in `marks`, a bitmap of every code, and reading the marks in
    /// order (which clears them again).
    pub fn extend_key(
        &self,
        ctx: &Context,
        secrets: &[u16],
        key: &mut Vec<u16>,
        marks: &mut Marks,
    ) {
        if secrets.len() < BITMAP_MIN_CODES {
            let start = key.len();
            key.extend(secrets.iter().map(|&s| self.apply(ctx, s)));
            key[start..].sort_unstable();
            return;
        }
        let words = &mut marks.words;
        for &s in secrets {
            let image = self.apply(ctx, s);
            words[usize::from(image / 64)] |= 1 << (image % 64);
        }
        key.reserve(secrets.len());
        for (word_index, slot) in words.iter_mut().enumerate() {
            let mut word = std::mem::take(slot);
            while word != 0 {
                key.push((word_index * 64) as u16 + word.trailing_zeros() as u16);
                word &= word - 1;
            }
        }
    }
}

/// A bitmap of every code of a game, clear between uses: the scratch space of
/// [`Relabelling::extend_key`], kept by each search so that a key costs no allocation.
pub struct Marks {
    words: Vec<u64>,
}

impl Marks {
    /// A clear bitmap of the codes of `ctx`.
    pub fn new(ctx: &Context) -> Marks {
        Marks { words: vec![0; ctx.size().div_ceil(64)] }
    }
}

/// Orders `peg_order` (every peg) by each peg's counts of the colours in `colour_order`, largest
/// first, stable.
fn sort_pegs(counts: &[[u16; 8]; 32], colour_order: &[usize], peg_order: &mut [usize]) {
    let mut columns = [[0u16; 32]; 8];
    for (i, column) in columns.iter_mut().enumerate().take(peg_order.len()) {
        for (new, &old) in colour_order.iter().enumerate() {
            column[new] = counts[old][i];
        }
    }
    for (i, slot) in peg_order.iter_mut().enumerate() {
        *slot = i;
    }
    peg_order.sort_by(|&a, &b| columns[b].cmp(&columns[a]));
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
        let mut marks = Marks::new(&ctx);
        a.extend_key(&ctx, &sorted, &mut key_a, &mut marks);
        b.extend_key(&ctx, &image, &mut key_b, &mut marks);
        assert_eq!(key_a, key_b);
        for g in 0..1296u16 {
            assert_eq!(a.invert(&ctx, a.apply(&ctx, g)), g);
        }
    }

    #[test]
    fn keys_of_large_sets_are_their_images_sorted() {
        // Sets on both sides of the bitmap threshold, against a plain sort of the images.
        let ctx = Context::new(Game::new(4, 6).unwrap()).unwrap();
        let mut marks = Marks::new(&ctx);
        for (start, step, len) in [(3u16, 7u16, 20usize), (0, 5, 31), (1, 3, 32), (2, 2, 400)] {
            let set: Vec<u16> = (0..len as u16).map(|i| start + i * step).collect();
            let relabelling = Relabelling::of(&ctx, &set);
            let mut expected: Vec<u16> = set.iter().map(|&s| relabelling.apply(&ctx, s)).collect();
            expected.sort_unstable();
            let mut key = vec![9];
            relabelling.extend_key(&ctx, &set, &mut key, &mut marks);
            assert_eq!(key[0], 9);
            assert_eq!(&key[1..], expected.as_slice(), "{len} codes");
        }
    }
}
