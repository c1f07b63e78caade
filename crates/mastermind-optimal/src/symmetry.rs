//! Guess equivalence: one guess per class of guesses that must cost the same at a node.
//!
//! Two kinds of equivalence are used, each a [`Rules`](crate::Rules) switch:
//!
//! - **Symmetry of the history** ([`GuessClasses`]). A peg permutation with a colour permutation
//!   that maps every guess played so far onto itself maps the node's secrets onto themselves, so
//!   a guess and its image split the secrets into parts of the same costs. Colours no guess has
//!   used are part of this group: they are interchangeable.
//! - **Absent colours** ([`AbsentColours`]). A colour that no remaining secret holds never
//!   scores, so it can replace any other such colour in a guess without changing the partition.
//!   In a game without repeats a guess holds each colour once, so absent colours are permuted
//!   among themselves rather than merged: the kept guess holds the smallest absent colours, in
//!   increasing order of position.
//!
//! The relations are the core's ([`mastermind_core::equivalence`]: the stabiliser search, the
//! relabelling of colours in order of first appearance, the absent-colour test); this module
//! applies them to the colour rows of the search.
//!
//! Both keep a guess only if it is no larger (in code order) than any image under its own kind
//! of map: the group's images with unused colours relabelled in order of first appearance, and
//! the code with every absent colour written as the smallest absent colour. The smallest code of
//! a class of the combined equivalence passes both tests, so every class keeps a member; and the
//! first test depends on the history alone, so it is computed once for all the parts of a guess.

pub use mastermind_core::equivalence::AbsentColours;
use mastermind_core::equivalence::{ColourOrder, Stabiliser};

/// The group of a history, ready to test guesses.
pub struct GuessClasses {
    pegs: usize,
    /// The stabiliser of the history (trivial above 6 pegs, where the search would spend more
    /// time on the group than it saves).
    group: Stabiliser,
    /// Colours no guess of the history holds, bit `c` for colour `c`.
    unused: u32,
    /// The unused colours, relabelled in order of first appearance.
    relabelling: ColourOrder,
}

/// The widest game whose history's stabiliser is searched.
const GROUP_PEGS: usize = 6;

/// A colour row as the core's code arrays.
fn widen(row: &[u8; 8]) -> [u8; 16] {
    let mut out = [0u8; 16];
    out[..8].copy_from_slice(row);
    out
}

impl GuessClasses {
    /// The group after `history` (colour rows of the guesses played).
    pub fn new(pegs: usize, colours: usize, history: &[[u8; 8]]) -> GuessClasses {
        let mut used = 0u32;
        for row in history {
            for &c in &row[..pegs] {
                used |= 1 << c;
            }
        }
        let unused = !used & ((1u32 << colours) - 1);
        let group = if pegs > GROUP_PEGS {
            Stabiliser::trivial(pegs)
        } else {
            let rows: Vec<[u8; 16]> = history.iter().map(widen).collect();
            Stabiliser::of_history(pegs, &rows, usize::MAX)
        };
        GuessClasses { pegs, group, unused, relabelling: ColourOrder::new(unused, colours as u8) }
    }

    /// The colours no guess of the history holds, bit `c` for colour `c`.
    pub fn unused(&self) -> u32 {
        self.unused
    }

    /// Whether the group has elements beyond the relabelling of unused colours.
    pub fn permutes_pegs_or_used_colours(&self) -> bool {
        !self.group.is_trivial()
    }

    /// Whether relabelling the unused colours leaves `row` unchanged.
    pub fn is_relabelling_representative(&self, row: &[u8; 8]) -> bool {
        let row = widen(row);
        self.relabelling.relabelled(self.pegs, &row) == row
    }

    /// Whether no element of the group (followed by the relabelling) maps `row` to a smaller
    /// code.
    pub fn is_smallest_image(&self, row: &[u8; 8]) -> bool {
        let row = widen(row);
        // Rows are zero past the last peg, so byte order is code order.
        let key = u128::from_be_bytes(row);
        !self.group.any_image(&row, |image| {
            u128::from_be_bytes(self.relabelling.relabelled(self.pegs, image)) < key
        })
    }
}

/// The representatives of a history's group (code ranks, in order), with a bit per code for
/// testing membership in constant time.
#[derive(Debug)]
pub struct Representatives {
    /// The representatives, in rank order.
    pub codes: std::rc::Rc<Vec<u16>>,
    /// Bit `g % 64` of word `g / 64` is set when code `g` is a representative.
    members: Vec<u64>,
}

impl Representatives {
    /// The set of `codes` (sorted ranks below `size`).
    pub fn new(size: usize, codes: Vec<u16>) -> Representatives {
        let mut members = vec![0u64; size.div_ceil(64)];
        for &g in &codes {
            members[usize::from(g) / 64] |= 1 << (g % 64);
        }
        Representatives { codes: std::rc::Rc::new(codes), members }
    }

    /// Whether code `g` is a representative.
    #[inline]
    pub fn contains(&self, g: u16) -> bool {
        self.members[usize::from(g) / 64] & (1 << (g % 64)) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mastermind_core::equivalence::absent_colour_mask;

    fn row(s: &str) -> [u8; 8] {
        let mut r = [0u8; 8];
        for (i, b) in s.bytes().enumerate() {
            r[i] = b - b'A';
        }
        r
    }

    fn representatives(pegs: usize, colours: usize, history: &[&str], present: u32) -> usize {
        let history: Vec<[u8; 8]> = history.iter().map(|s| row(s)).collect();
        let classes = GuessClasses::new(pegs, colours, &history);
        let absent = absent_colour_mask(colours, present);
        let mut count = 0;
        let total = colours.pow(pegs as u32);
        for rank in 0..total {
            let mut r = [0u8; 8];
            let mut x = rank;
            for i in (0..pegs).rev() {
                r[i] = (x % colours) as u8;
                x /= colours;
            }
            let mask = r[..pegs].iter().fold(0u32, |m, &c| m | 1 << c);
            let kept = classes.is_relabelling_representative(&r) && classes.is_smallest_image(&r);
            if kept && mask & absent == 0 {
                count += 1;
            }
        }
        count
    }

    #[test]
    fn without_repeats_absent_colours_are_kept_smallest_first() {
        // Secrets hold A, B and C only: D, E and F are absent.
        let test = AbsentColours::new(6, 0b000111, false);
        let keeps = |s: &str| {
            let r = row(s);
            test.keeps(3, &r, r[..3].iter().fold(0, |m, &c| m | 1 << c))
        };
        assert!(keeps("ABC") && keeps("ADB") && keeps("DEA") && keeps("DAE"));
        assert!(!keeps("AEB") && !keeps("EDA") && !keeps("AFD"));
        assert!(AbsentColours::new(6, 0b011111, false).is_trivial());
        assert!(matches!(AbsentColours::new(6, 0b000111, true), AbsentColours::Merged(0b110000)));
    }

    #[test]
    fn the_first_guess_of_4x6_has_five_classes() {
        // AAAA, AAAB, AABB, AABC, ABCD.
        assert_eq!(representatives(4, 6, &[], 0b111111), 5);
    }

    #[test]
    fn absent_colours_collapse() {
        // 2x4 after CD scored no peg: the secrets hold only A and B, which are interchangeable,
        // and C stands for both absent colours: AA, AB, AC, CC.
        assert_eq!(representatives(2, 4, &["CD"], 0b11), 4);
    }

    #[test]
    fn a_history_guess_breaks_the_symmetry() {
        // After AABB in 4x6 the group keeps: swap pegs 0-1, swap pegs 2-3, and the swap of both
        // halves with A<->B; unused colours C..F interchangeable.
        let with = representatives(4, 6, &["AABB"], 0b111111);
        assert!(with > 5 && with < 1296, "{with}");
    }
}
