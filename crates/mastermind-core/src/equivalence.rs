//! Guess equivalence: the maps that send a node's guesses to guesses splitting its secrets
//! exactly alike, so that a search need score only the smallest guess of each class.
//!
//! Three relations, the same mathematics wherever a player uses them:
//!
//! - the *stabiliser* of a history ([`Stabiliser`]): the peg permutations, each with a colour
//!   relabelling, that map every guess played onto itself. They map the codes consistent with the
//!   history (and its replies) onto themselves, so a guess and its image have parts of equal
//!   sizes, reply by reply;
//! - *free colours*, in no guess played, are interchangeable: a guess's free colours may be
//!   relabelled, in order of first appearance, to the smallest free colours ([`ColourOrder`]);
//! - *absent colours*, which no remaining secret holds, never score a peg: with repeats they
//!   merge into the smallest; without, they are permuted among themselves ([`AbsentColours`]).
//!
//! A guess is the smallest of its class (in code order) when no map sends it to a smaller code.
//! Colours are numbers `0..colours` (at most 32), codes arrays of colours, one per peg, with
//! zeros past the last peg.

/// No colour: an unassigned slot of a colour map.
const NONE: u8 = u8::MAX;

/// One map of the stabiliser: peg `i` moves to position `perm[i]`, colour `c` becomes `tau[c]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Element {
    /// The new position of each peg.
    pub perm: [u8; 16],
    /// The new label of each colour (identity on colours no guess holds).
    pub tau: [u8; 32],
    /// The peg that moves to each position (`perm` inverted, over the first `pegs`).
    pub source: [u8; 16],
}

impl Element {
    /// The element moving peg `i` to `perm[i]` (for `i` below `pegs`) with colour map `tau`.
    pub fn new(pegs: usize, perm: [u8; 16], tau: [u8; 32]) -> Element {
        let mut source = [0u8; 16];
        for (i, &target) in perm[..pegs].iter().enumerate() {
            source[usize::from(target)] = i as u8;
        }
        Element { perm, tau, source }
    }

    /// Whether the colour map relabels some colour (otherwise the element only moves pegs).
    pub fn moves_colours(&self) -> bool {
        self.tau.iter().enumerate().any(|(c, &t)| usize::from(t) != c)
    }

    /// The colour of the image of `code` at `position`, without writing the image out (a
    /// comparison with another code can stop at the first position that differs).
    #[inline(always)]
    pub fn image_colour(&self, position: usize, code: &[u8]) -> u8 {
        self.tau[usize::from(code[usize::from(self.source[position])])]
    }

    /// The image of the first `pegs` colours of `code` (zeros past them).
    #[inline(always)]
    pub fn apply(&self, pegs: usize, code: &[u8]) -> [u8; 16] {
        let mut image = [0u8; 16];
        for (i, &c) in code[..pegs].iter().enumerate() {
            image[usize::from(self.perm[i])] = self.tau[usize::from(c)];
        }
        image
    }
}

/// The non-identity maps that fix every guess of a history.
#[derive(Debug, Clone, Default)]
pub struct Stabiliser {
    pegs: usize,
    elements: Vec<Element>,
}

impl Stabiliser {
    /// The stabiliser of `guesses` (colours, one array per guess, codes of `pegs` pegs), found by
    /// backtracking over peg permutations while the colour map they force stays a bijection.
    /// When it has more than `limit` elements it is given as trivial (testing a guess against
    /// that many images would cost more than it saves).
    pub fn of_history(pegs: usize, guesses: &[[u8; 16]], limit: usize) -> Stabiliser {
        let mut search = Search {
            pegs,
            guesses,
            limit,
            perm: [0; 16],
            tau: [NONE; 32],
            inverse: [NONE; 32],
            found: Vec::new(),
        };
        if !search.extend(0, 0) {
            return Stabiliser { pegs, elements: Vec::new() };
        }
        let mut elements = search.found;
        for element in &mut elements {
            for (c, slot) in element.tau.iter_mut().enumerate() {
                if *slot == NONE {
                    *slot = c as u8;
                }
            }
        }
        elements.retain(|e| {
            e.perm[..pegs].iter().enumerate().any(|(i, &p)| usize::from(p) != i)
                || e.moves_colours()
        });
        Stabiliser { pegs, elements }
    }

    /// The stabiliser with no element but the identity.
    pub fn trivial(pegs: usize) -> Stabiliser {
        Stabiliser { pegs, elements: Vec::new() }
    }

    /// Whether the identity is the only element (or the group was too large to list).
    pub fn is_trivial(&self) -> bool {
        self.elements.is_empty()
    }

    /// The non-identity elements.
    pub fn elements(&self) -> &[Element] {
        &self.elements
    }

    /// Whether some image of `code` under a non-identity element satisfies `smaller` (which
    /// usually applies the colour relations to the image and compares it with `code`).
    #[inline]
    pub fn any_image(&self, code: &[u8], mut smaller: impl FnMut(&[u8; 16]) -> bool) -> bool {
        self.elements.iter().any(|e| smaller(&e.apply(self.pegs, code)))
    }
}

/// The backtracking of [`Stabiliser::of_history`]: `perm[..at]` is chosen, `tau` and `inverse`
/// hold the colour bijection it forces so far.
struct Search<'a> {
    pegs: usize,
    guesses: &'a [[u8; 16]],
    limit: usize,
    perm: [u8; 16],
    tau: [u8; 32],
    inverse: [u8; 32],
    found: Vec<Element>,
}

impl Search<'_> {
    /// Extends `perm[..at]` (targets `used` taken); false once more than `limit` were found.
    fn extend(&mut self, at: usize, used: u32) -> bool {
        if at == self.pegs {
            self.found.push(Element::new(self.pegs, self.perm, self.tau));
            return self.found.len() <= self.limit;
        }
        for target in 0..self.pegs {
            if used & (1 << target) != 0 {
                continue;
            }
            // Peg `at` goes to `target`: every guess's colour there must map to its colour at
            // `target`.
            let mut assigned = [0u8; 32];
            let mut count = 0;
            let mut ok = true;
            for g in self.guesses {
                let (a, b) = (usize::from(g[at]), g[target]);
                if self.tau[a] == NONE && self.inverse[usize::from(b)] == NONE {
                    self.tau[a] = b;
                    self.inverse[usize::from(b)] = a as u8;
                    assigned[count] = a as u8;
                    count += 1;
                } else if self.tau[a] != b {
                    ok = false;
                    break;
                }
            }
            if ok {
                self.perm[at] = target as u8;
                if !self.extend(at + 1, used | 1 << target) {
                    return false;
                }
            }
            for &a in &assigned[..count] {
                self.inverse[usize::from(self.tau[usize::from(a)])] = NONE;
                self.tau[usize::from(a)] = NONE;
            }
        }
        true
    }
}

/// A set of interchangeable colours, relabelled in order of first appearance: the first of them
/// met in a code becomes the smallest, the next new one the second smallest, and so on. Empty
/// (nothing to relabel) unless the set holds at least two colours.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColourOrder {
    /// Rank of each colour among the set, or `NONE`.
    rank: [u8; 32],
    /// The colours of the set in increasing order.
    list: Vec<u8>,
}

impl ColourOrder {
    /// The colours of `mask` (bit `c` for colour `c`, below `colours`).
    pub fn new(mask: u32, colours: u8) -> ColourOrder {
        let mut rank = [NONE; 32];
        let mut list = Vec::new();
        if mask.count_ones() >= 2 {
            for c in 0..colours {
                if mask & (1 << c) != 0 {
                    rank[usize::from(c)] = list.len() as u8;
                    list.push(c);
                }
            }
        }
        ColourOrder { rank, list }
    }

    /// Whether there is nothing to relabel (fewer than two colours).
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The colours, bit `c` for colour `c` (zero when empty).
    pub fn mask(&self) -> u32 {
        self.list.iter().fold(0, |m, &c| m | 1 << c)
    }

    /// Whether colour `c` is relabelled.
    #[inline(always)]
    pub fn contains(&self, c: u8) -> bool {
        self.rank[usize::from(c)] != NONE
    }

    /// The rank of `c` among the colours, if it is one of them.
    #[inline(always)]
    pub fn rank(&self, c: u8) -> Option<usize> {
        let rank = self.rank[usize::from(c)];
        (rank != NONE).then_some(usize::from(rank))
    }

    /// The label of colour `c` (one of the set) in a code read from its first peg, given the
    /// labels given so far (`labels`, `NONE` where none yet) and how many were `introduced`.
    #[inline(always)]
    pub fn relabel(&self, c: u8, labels: &mut [u8; 32], introduced: &mut usize) -> u8 {
        let slot = &mut labels[usize::from(c)];
        if *slot == NONE {
            *slot = self.list[*introduced];
            *introduced += 1;
        }
        *slot
    }

    /// The first `pegs` colours of `code` with the set's colours relabelled.
    #[inline]
    pub fn relabelled(&self, pegs: usize, code: &[u8; 16]) -> [u8; 16] {
        let mut out = *code;
        let mut labels = [NONE; 32];
        let mut introduced = 0;
        for slot in &mut out[..pegs] {
            if self.contains(*slot) {
                *slot = self.relabel(*slot, &mut labels, &mut introduced);
            }
        }
        out
    }
}

/// The colours a kept guess may not hold at a node whose secrets hold the colours `present`,
/// in a game of `colours` colours with repeats: every absent colour but the smallest.
pub fn absent_colour_mask(colours: usize, present: u32) -> u32 {
    let absent = !present & ((1u32 << colours) - 1);
    absent & absent.wrapping_sub(1)
}

/// The absent-colour relation of one node: which guesses are the smallest of their class when
/// the colours no secret holds are interchangeable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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
    /// The relation at a node whose secrets hold the colours `present`, in a game of `colours`
    /// colours whose codes may repeat colours when `repeats` holds.
    pub fn new(colours: usize, present: u32, repeats: bool) -> AbsentColours {
        let absent = !present & ((1u32 << colours) - 1);
        match absent.count_ones() {
            0 | 1 => AbsentColours::Trivial,
            _ if repeats => AbsentColours::Merged(absent_colour_mask(colours, present)),
            _ => AbsentColours::InOrder(absent),
        }
    }

    /// Whether the relation keeps every guess.
    pub fn is_trivial(self) -> bool {
        matches!(self, AbsentColours::Trivial)
    }

    /// Whether the guess `code` (its first `pegs` colours, whose colour set is `mask`) is kept.
    #[inline]
    pub fn keeps(self, pegs: usize, code: &[u8], mask: u32) -> bool {
        match self {
            AbsentColours::Trivial => true,
            AbsentColours::Merged(forbidden) => mask & forbidden == 0,
            AbsentColours::InOrder(absent) => {
                let mut next = absent;
                for &c in &code[..pegs] {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn code(text: &str) -> [u8; 16] {
        let mut out = [0u8; 16];
        for (slot, b) in out.iter_mut().zip(text.bytes()) {
            *slot = b - b'A';
        }
        out
    }

    #[test]
    fn after_aabb_the_stabiliser_has_seven_non_identity_elements() {
        let group = Stabiliser::of_history(4, &[code("AABB")], 2000);
        assert_eq!(group.elements().len(), 7);
        // Swapping the halves exchanges A and B.
        assert!(group.elements().iter().any(|e| e.apply(4, &code("AABC")) == code("ACBB")));
        // Any peg permutation fixes ABCD once its colours follow.
        assert_eq!(Stabiliser::of_history(4, &[code("ABCD")], 2000).elements().len(), 23);
        assert!(Stabiliser::of_history(4, &[code("AABB")], 3).is_trivial(), "over the limit");
    }

    #[test]
    fn an_images_colours_one_position_at_a_time_are_the_written_out_image() {
        let group = Stabiliser::of_history(5, &[code("AABBC"), code("ABABD")], 2000);
        assert!(!group.is_trivial());
        for element in group.elements() {
            for text in ["AABBC", "EDCBA", "CCAEB", "BBBBB"] {
                let image = element.apply(5, &code(text));
                let colours: Vec<u8> =
                    (0..5).map(|j| element.image_colour(j, &code(text))).collect();
                assert_eq!(colours, image[..5], "{text}");
            }
        }
    }

    #[test]
    fn free_colours_are_relabelled_in_order_of_first_appearance() {
        let free = ColourOrder::new(0b111100, 6);
        assert_eq!(free.relabelled(4, &code("AFDF")), code("ACDC"));
        assert_eq!(free.mask(), 0b111100);
        assert!(ColourOrder::new(0b100000, 6).is_empty());
    }
}
