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
//! Both keep a guess only if it is no larger (in code order) than any image under its own kind
//! of map: the group's images with unused colours relabelled in order of first appearance, and
//! the code with every absent colour written as the smallest absent colour. The smallest code of
//! a class of the combined equivalence passes both tests, so every class keeps a member; and the
//! first test depends on the history alone, so it is computed once for all the parts of a guess.

/// The colours a kept guess may not hold at a node whose secrets hold the colours `present`:
/// every absent colour but the smallest (bit `c` for colour `c`).
pub fn absent_colour_mask(colours: usize, present: u32) -> u32 {
    let absent = !present & ((1u32 << colours) - 1);
    absent & absent.wrapping_sub(1)
}

/// The absent-colour test of one node: which guesses are the smallest of their class when the
/// colours no secret holds are interchangeable.
#[derive(Debug, Clone, Copy)]
pub enum AbsentColours {
    /// No two colours are absent (or the rule is off): every guess is kept.
    Trivial,
    /// Codes may repeat colours: every absent colour is written as the smallest, so a kept guess
    /// holds none of these colours (every absent colour but the smallest).
    Merged(u32),
    /// Codes may not repeat colours: a kept guess holds the smallest absent colours, each once,
    /// in increasing order from the first peg (bit `c` for absent colour `c`).
    InOrder(u32),
}

impl AbsentColours {
    /// The test at a node whose secrets hold the colours `present`, in a game of `colours`
    /// colours whose codes may repeat colours when `repeats` holds.
    pub fn new(colours: usize, present: u32, repeats: bool) -> AbsentColours {
        let absent = !present & ((1u32 << colours) - 1);
        match absent.count_ones() {
            0 | 1 => AbsentColours::Trivial,
            _ if repeats => AbsentColours::Merged(absent_colour_mask(colours, present)),
            _ => AbsentColours::InOrder(absent),
        }
    }

    /// Whether the test keeps every guess.
    pub fn is_trivial(self) -> bool {
        matches!(self, AbsentColours::Trivial)
    }

    /// Whether the guess of colour row `row` (with colour set `mask`) is kept.
    pub fn keeps(self, pegs: usize, row: &[u8; 8], mask: u32) -> bool {
        match self {
            AbsentColours::Trivial => true,
            AbsentColours::Merged(forbidden) => mask & forbidden == 0,
            AbsentColours::InOrder(absent) => {
                let mut next = absent;
                for &c in &row[..pegs] {
                    if absent & (1 << c) != 0 {
                        if c != next.trailing_zeros() as u8 {
                            return false;
                        }
                        next &= next - 1;
                    }
                }
                true
            }
        }
    }
}

/// The group of a history, ready to test guesses.
pub struct GuessClasses {
    pegs: usize,
    /// Non-identity elements: peg permutation `perm` (`x[i]` goes to position `perm[i]`) and the
    /// colour map `colour_map` (identity on colours the history never used).
    elements: Vec<([u8; 8], [u8; 32])>,
    /// Colours no guess of the history holds, bit `c` for colour `c`.
    unused: u32,
    /// The unused colours in increasing order: the targets of the relabelling.
    relabel_targets: Vec<u8>,
}

const NONE: u8 = u8::MAX;

impl GuessClasses {
    /// The group after `history` (colour rows of the guesses played).
    pub fn new(
        pegs: usize,
        colours: usize,
        peg_perms: &[[u8; 8]],
        history: &[[u8; 8]],
    ) -> GuessClasses {
        let mut used = 0u32;
        for row in history {
            for &c in &row[..pegs] {
                used |= 1 << c;
            }
        }
        let unused = !used & ((1u32 << colours) - 1);
        let relabel_targets = (0..colours as u8).filter(|&c| unused & (1 << c) != 0).collect();
        let elements = peg_perms
            .iter()
            .skip(1)
            .filter_map(|perm| fixing_colour_map(pegs, perm, history).map(|map| (*perm, map)))
            .collect();
        GuessClasses { pegs, elements, unused, relabel_targets }
    }

    /// Whether no guess is ever skipped (trivial group, at most one unused colour).
    pub fn is_trivial(&self) -> bool {
        self.elements.is_empty() && self.relabel_targets.len() <= 1
    }

    /// The colours no guess of the history holds, bit `c` for colour `c`.
    pub fn unused(&self) -> u32 {
        self.unused
    }

    /// Whether the group has elements beyond the relabelling of unused colours.
    pub fn permutes_pegs_or_used_colours(&self) -> bool {
        !self.elements.is_empty()
    }

    /// Whether `row` is the smallest of its images under the group (unused colours relabelled
    /// in order of first appearance).
    pub fn is_representative(&self, row: &[u8; 8]) -> bool {
        self.is_relabelling_representative(row) && self.is_smallest_image(row)
    }

    /// Whether relabelling the unused colours leaves `row` unchanged.
    pub fn is_relabelling_representative(&self, row: &[u8; 8]) -> bool {
        self.relabelled(row) == *row
    }

    /// Whether no element of the group (followed by the relabelling) maps `row` to a smaller
    /// code.
    pub fn is_smallest_image(&self, row: &[u8; 8]) -> bool {
        for (perm, colour_map) in &self.elements {
            let mut image = [0u8; 8];
            for i in 0..self.pegs {
                image[usize::from(perm[i])] = colour_map[usize::from(row[i])];
            }
            // Rows are zero past the last peg, so byte order is code order.
            if u64::from_be_bytes(self.relabelled(&image)) < u64::from_be_bytes(*row) {
                return false;
            }
        }
        true
    }

    /// Unused colours relabelled in order of first appearance to the smallest unused colours.
    fn relabelled(&self, row: &[u8; 8]) -> [u8; 8] {
        let mut out = *row;
        let mut assigned = [NONE; 32];
        let mut next = 0;
        for slot in out[..self.pegs].iter_mut() {
            let c = usize::from(*slot);
            if self.unused & (1 << c) != 0 {
                if assigned[c] == NONE {
                    assigned[c] = self.relabel_targets[next];
                    next += 1;
                }
                *slot = assigned[c];
            }
        }
        out
    }
}

/// The colour map that, with peg permutation `perm`, fixes every guess of `history`, if one
/// exists. Colours the history never uses map to themselves.
fn fixing_colour_map(pegs: usize, perm: &[u8; 8], history: &[[u8; 8]]) -> Option<[u8; 32]> {
    let mut map = [NONE; 32];
    let mut inverse = [NONE; 32];
    for row in history {
        for i in 0..pegs {
            // The image of `row` has colour map[row[i]] at position perm[i]; it must be row.
            let (from, to) = (usize::from(row[i]), row[usize::from(perm[i])]);
            match map[from] {
                NONE if inverse[usize::from(to)] == NONE => {
                    map[from] = to;
                    inverse[usize::from(to)] = from as u8;
                }
                mapped if mapped == to => {}
                _ => return None,
            }
        }
    }
    for (c, slot) in map.iter_mut().enumerate() {
        if *slot == NONE {
            *slot = c as u8;
        }
    }
    Some(map)
}

/// Every permutation of `0..pegs` (the identity first), for games of at most 6 pegs; only the
/// identity above that (the search would spend more time on the group than it saves).
pub fn peg_permutations(pegs: usize) -> Vec<[u8; 8]> {
    let mut identity = [0u8; 8];
    for (i, slot) in identity.iter_mut().enumerate() {
        *slot = i as u8;
    }
    if pegs > 6 {
        return vec![identity];
    }
    let mut out = Vec::new();
    let mut current = identity;
    permute(&mut current, 0, pegs, &mut out);
    out.sort_by_key(|p| *p != identity);
    out
}

fn permute(current: &mut [u8; 8], k: usize, pegs: usize, out: &mut Vec<[u8; 8]>) {
    if k == pegs {
        out.push(*current);
        return;
    }
    for i in k..pegs {
        current.swap(k, i);
        permute(current, k + 1, pegs, out);
        current.swap(k, i);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(s: &str) -> [u8; 8] {
        let mut r = [0u8; 8];
        for (i, b) in s.bytes().enumerate() {
            r[i] = b - b'A';
        }
        r
    }

    fn representatives(pegs: usize, colours: usize, history: &[&str], present: u32) -> usize {
        let perms = peg_permutations(pegs);
        let history: Vec<[u8; 8]> = history.iter().map(|s| row(s)).collect();
        let classes = GuessClasses::new(pegs, colours, &perms, &history);
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
            if classes.is_representative(&r) && mask & absent == 0 {
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
