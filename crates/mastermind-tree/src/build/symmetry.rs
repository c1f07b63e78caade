//! Guess equivalence (Ville 2013, section 5.4): which candidates split a node's secrets exactly
//! alike, so that only the first of each class in code order needs scoring.
//!
//! Three relations are used, each of which maps a candidate to one with the same part sizes reply
//! by reply and the same consistency:
//!
//! - *zero colours*, absent from every secret of the node, never score a peg: a candidate's zero
//!   pegs may be recoloured with any zero colour (in a game without repeats, with distinct zero
//!   colours: zero colours are then relabelled in order of first appearance, as free colours are);
//! - *free colours*, in no guess of the history, are interchangeable: permuting them maps the
//!   node's secrets onto themselves;
//! - the *stabiliser* of the history: peg permutations with a colour relabelling that fix every
//!   guess played (and so, with the replies, the node's secrets).
//!
//! The relations themselves are the core's ([`mastermind_core::equivalence`]); this module
//! combines them for the builder and enumerates the kept candidates of a node.
//!
//! A candidate is kept when no relation maps it to a smaller code. Every class's smallest code is
//! kept (it can be mapped to nothing smaller), so the first best candidate in code order, which the
//! player's tie rule asks for, is always among those scored. At the empty root every peg and colour
//! permutation applies, and the kept codes are the sorted ones with non-increasing colour runs
//! (`AAAA AAAB AABB AABC ABCD` at 4x6).

use crate::build::multisets::Multisets;
use mastermind_core::Game;
use mastermind_core::equivalence::{AbsentColours, ColourOrder, Element, Stabiliser};
use mastermind_core::words::{Packed, Word, Words};
use std::cell::Cell;
use std::sync::Arc;

/// Groups larger than this are not enumerated (the test would cost more than it saves).
const GROUP_LIMIT: usize = 2_000;

/// The relations of one node.
#[derive(Debug, Clone)]
pub(crate) struct Symmetry {
    pegs: usize,
    colours: u8,
    /// The smallest zero colour, when at least two colours are zero and codes may repeat them.
    zero_min: Option<u8>,
    /// Bit `c` set for zero colours (only used with `zero_min`, or without repeats).
    zero: u32,
    /// The zero colours other than the smallest, when they collapse onto it
    /// ([`AbsentColours::Merged`]); zero otherwise.
    collapsed_zeros: u32,
    /// Without repeats, the zero colours (relabelled in order, when there are at least two).
    zeros: ColourOrder,
    /// Whether codes may repeat a colour.
    repeats: bool,
    /// The free non-zero colours (relabelled in order, when there are at least two).
    free: ColourOrder,
    /// The stabiliser of the history (trivial when too large, and at the root).
    group: Arc<Stabiliser>,
    /// When no colour is relabelled in order of first appearance (no free colours, no zero
    /// colours without repeats), each element's colour map followed by the zero colours'
    /// collapse onto the smallest, so that an image needs no relabelling state; `None` when
    /// colours are relabelled.
    collapsed: Option<Vec<[u8; 32]>>,
    /// Pairs of positions (earlier, later) that hold one colour in every guess played, each
    /// position paired with the nearest earlier one. Swapping such pegs fixes every guess, so a
    /// kept code never holds a larger colour at the earlier position of a pair. Empty when the
    /// stabiliser is trivial.
    sorted_pairs: Vec<(u8, u8)>,
    /// The elements of the stabiliser (indices) that [`passes_group`](Self::passes_group)
    /// tests after the sorted pairs: every one, or when no colour is relabelled only those whose
    /// colour map is not the identity.
    tested: Vec<usize>,
    /// The entry of `tested` that last mapped a code to a smaller one: codes tested in order
    /// are alike, so it is tried first.
    last_smaller: Cell<usize>,
    /// The empty history: every permutation applies.
    root: bool,
}

impl Symmetry {
    /// The relations of a node reached by playing `guesses` (colours, one array per guess) whose
    /// secrets use the colours of `present` (bit `c` for colour `c`).
    #[cfg(test)]
    pub fn new(game: Game, guesses: &[[u8; 16]], present: u32) -> Symmetry {
        Symmetry::with_group(game, guesses, present, Arc::new(Symmetry::group(game, guesses)))
    }

    /// The stabiliser of `guesses` as this module uses it: trivial at the root and when it has
    /// more than [`GROUP_LIMIT`] elements.
    pub fn group(game: Game, guesses: &[[u8; 16]]) -> Stabiliser {
        let pegs = usize::from(game.pegs());
        if guesses.is_empty() {
            Stabiliser::trivial(pegs)
        } else {
            Stabiliser::of_history(pegs, guesses, GROUP_LIMIT)
        }
    }

    /// The relations of a node reached by playing `guesses` (colours, one array per guess) whose
    /// secrets use the colours of `present` (bit `c` for colour `c`), with the stabiliser of
    /// `guesses` already found ([`group`](Self::group); siblings share it).
    pub fn with_group(
        game: Game,
        guesses: &[[u8; 16]],
        present: u32,
        group: Arc<Stabiliser>,
    ) -> Symmetry {
        let pegs = usize::from(game.pegs());
        let colours = game.colours();
        let all = if colours >= 32 { u32::MAX } else { (1u32 << colours) - 1 };
        let mut played = 0u32;
        for g in guesses {
            for &c in &g[..pegs] {
                played |= 1 << c;
            }
        }
        let repeats = game.repeats();
        let zero = all & !present;
        let absent = AbsentColours::new(usize::from(colours), present, repeats);
        let zero_min =
            matches!(absent, AbsentColours::Merged(_)).then(|| zero.trailing_zeros() as u8);
        let collapsed_zeros = match absent {
            AbsentColours::Merged(forbidden) => forbidden,
            _ => 0,
        };
        let free = ColourOrder::new(all & !played & !zero, colours);
        let zeros = ColourOrder::new(if repeats { 0 } else { zero }, colours);
        let root = guesses.is_empty();
        let zero = if absent.is_trivial() { 0 } else { zero };
        let relabels = !free.is_empty() || !zeros.is_empty();
        let collapse = |c: u8| match zero_min {
            Some(min) if zero & (1u32 << c) != 0 => min,
            _ => c,
        };
        let collapsed: Option<Vec<[u8; 32]>> = (!relabels)
            .then(|| group.elements().iter().map(|element| element.tau.map(collapse)).collect());
        let sorted_pairs =
            if group.is_trivial() { Vec::new() } else { sorted_pairs(pegs, guesses) };
        // Without relabelling, a pure peg permutation maps a code whose pairs are sorted to a
        // code no smaller: only the elements that move colours need testing.
        let tested = (0..group.elements().len())
            .filter(|&at| collapsed.is_none() || group.elements()[at].moves_colours())
            .collect();
        Symmetry {
            pegs,
            colours,
            zero_min,
            zero,
            collapsed_zeros,
            zeros,
            repeats,
            free,
            group,
            collapsed,
            sorted_pairs,
            tested,
            last_smaller: Cell::new(0),
            root,
        }
    }

    /// A key naming this node's relations: its zero and free colours, and whether it is the
    /// root.
    pub fn key(&self) -> (u32, u32, bool) {
        (self.zero, self.free.mask(), self.root)
    }

    /// A key naming the codes [`generate`](Self::generate) lists (equal keys, equal lists):
    /// [`key`](Self::key) without the zero colours when they collapse onto the smallest, since
    /// the list does not apply that relation.
    pub fn list_key(&self) -> (u32, u32, bool) {
        (self.listed_zero(), self.free.mask(), self.root)
    }

    /// The zero colours [`generate`](Self::generate) applies its relation to: none when they
    /// collapse onto the smallest (with repeats), since whether a code holds a zero colour other
    /// than the smallest depends on its multiset alone ([`collapsed_zeros`](Self::collapsed_zeros)).
    fn listed_zero(&self) -> u32 {
        if self.zero_min.is_some() { 0 } else { self.zero }
    }

    /// The count-word bits (at least one peg of the colour) of the zero colours that collapse
    /// onto a smaller one: a code whose count word shares one of them has a smaller code in its
    /// class. Zero when the zero colours do not collapse.
    pub fn collapsed_zeros<W: Word>(&self) -> W {
        let mut bits = W::default();
        for c in 0..self.colours {
            if self.collapsed_zeros & (1 << c) != 0 {
                bits = bits | W::shifted(1, u32::from(c) * self.pegs as u32);
            }
        }
        bits
    }

    /// The stabiliser's elements, sorted, each as its peg permutation and colour map: equal for
    /// equal groups, whatever history they stabilise. With [`key`](Self::key), it decides which
    /// codes [`passes_group`](Self::passes_group) keeps: those no element (followed by the zero
    /// and free relations) maps to a smaller code.
    pub fn group_key(&self) -> Vec<u8> {
        let colours = usize::from(self.colours);
        let mut rows: Vec<Vec<u8>> = self
            .group
            .elements()
            .iter()
            .map(|element| [&element.perm[..self.pegs], &element.tau[..colours]].concat())
            .collect();
        rows.sort_unstable();
        rows.concat()
    }

    /// Whether the stabiliser test applies on top of the generated list.
    pub fn has_group(&self) -> bool {
        !self.group.is_trivial()
    }

    /// Whether every consistent candidate is its own class's smallest code (no free colours to
    /// relabel, no stabiliser, not the root): then the node's secrets need no filtering.
    pub fn keeps_every_secret(&self) -> bool {
        self.free.is_empty() && self.group.is_trivial() && !self.root
    }

    /// The colour the zero and free relations put at a position holding `c`, given the colours
    /// relabelled so far (`relabel`, and how many free and zero colours were `introduced`).
    #[inline(always)]
    fn canonical_colour(&self, c: u8, relabel: &mut [u8; 32], introduced: &mut [usize; 2]) -> u8 {
        if self.zero & (1 << c) != 0 {
            match self.zero_min {
                Some(min) => min,
                None => self.zeros.relabel(c, relabel, &mut introduced[1]),
            }
        } else if self.free.contains(c) {
            self.free.relabel(c, relabel, &mut introduced[0])
        } else {
            c
        }
    }

    /// Whether the zero and free relations map `moved` to a code smaller than `code`: zero
    /// colours become the smallest zero colour (without repeats: the zero colours in order of
    /// first appearance), free colours the free colours in order of first appearance (the
    /// smallest code those two relations reach).
    #[inline]
    fn canonical_is_smaller(&self, moved: &[u8], code: &[u8]) -> bool {
        self.canonical_is_smaller_at(|j| moved[j], code)
    }

    /// [`canonical_is_smaller`](Self::canonical_is_smaller) of the code whose colour at each
    /// position is `moved(position)`, read only as far as the first position that differs.
    #[inline(always)]
    fn canonical_is_smaller_at(&self, moved: impl Fn(usize) -> u8, code: &[u8]) -> bool {
        let mut relabel = [u8::MAX; 32];
        let mut introduced = [0usize; 2];
        for (j, &c) in code[..self.pegs].iter().enumerate() {
            let m = self.canonical_colour(moved(j), &mut relabel, &mut introduced);
            if m != c {
                return m < c;
            }
        }
        false
    }

    /// Whether `code` is kept: no relation maps it to a smaller code.
    pub fn is_representative(&self, code: &[u8]) -> bool {
        if self.canonical_is_smaller(code, code) {
            return false;
        }
        if self.root {
            return is_sorted_shape(&code[..self.pegs]);
        }
        self.passes_group(code)
    }

    /// The stabiliser part of [`is_representative`](Self::is_representative), for codes already
    /// canonical under the first two relations.
    ///
    /// A kept code is the smallest of its orbit, so no swap of two pegs that the guesses cannot
    /// tell apart makes it smaller: it is sorted on [`sorted_pairs`](Self::sorted_pairs), checked
    /// first. Without relabelling, that settles every pure peg permutation, and only the other
    /// elements are imaged.
    pub fn passes_group(&self, code: &[u8]) -> bool {
        if self.sorted_pairs.iter().any(|&(a, b)| code[usize::from(a)] > code[usize::from(b)]) {
            return false;
        }
        self.no_image_is_smaller(code)
    }

    /// [`passes_group`](Self::passes_group) of a packed code: the sorted pairs are read from its
    /// peg bytes (each colour plus one, in the same order), and its colours are written out only
    /// for a code that passes them (filtering a list of 16.8 million codes at 8x8 spent most of
    /// its time writing them).
    #[inline]
    pub fn passes_group_packed<W: Word>(&self, code: Packed<W>) -> bool {
        let peg = |i: u8| code.pegs.byte(usize::from(i));
        if self.sorted_pairs.iter().any(|&(a, b)| peg(a) > peg(b)) {
            return false;
        }
        self.no_image_is_smaller(&code.colours(self.pegs))
    }

    /// Whether no element of the stabiliser tested maps `code` to a smaller code (the elements
    /// the sorted pairs settle are not tested), the one that did last time first.
    fn no_image_is_smaller(&self, code: &[u8]) -> bool {
        let elements = self.group.elements();
        let count = self.tested.len();
        let first = self.last_smaller.get();
        for k in 0..count {
            let slot = if first + k < count { first + k } else { first + k - count };
            let at = self.tested[slot];
            if self.image_is_smaller(at, &elements[at], code) {
                self.last_smaller.set(slot);
                return false;
            }
        }
        true
    }

    /// Whether the image of `code` under `element` (number `at` of the group), then the zero
    /// and free relations, is smaller than `code`, read one position at a time.
    #[inline]
    fn image_is_smaller(&self, at: usize, element: &Element, code: &[u8]) -> bool {
        let Some(collapsed) = &self.collapsed else {
            return self.canonical_is_smaller_at(|j| element.image_colour(j, code), code);
        };
        // The colour map includes the zero colours' collapse: nothing else to apply.
        let tau = &collapsed[at];
        for (j, &c) in code[..self.pegs].iter().enumerate() {
            let m = tau[usize::from(code[usize::from(element.source[j])])];
            if m != c {
                return m < c;
            }
        }
        false
    }

    /// Every code canonical under the free relation and the zero relation when it relabels (and,
    /// at the root, of sorted shape), in code order, with the numbers of their multisets in
    /// `multisets`. Zero colours that collapse onto the smallest are listed like any other
    /// colour: the multisets of [`collapsed_zeros`](Self::collapsed_zeros) rule those codes out.
    pub fn generate<W: Word>(&self, multisets: &Multisets<W>) -> (Words<W>, Vec<u32>) {
        let mut out = Generated { words: Words::new(), numbers: Vec::new(), multisets };
        let mut prefix = Prefix {
            code: [0; 16],
            seen: [0; 32],
            packed: Packed::default(),
            multiset: Multisets::<W>::EMPTY,
        };
        let choices = Choices::new(self);
        self.extend(&choices, 0, [0, 0], 0, &mut prefix, &mut out);
        // Kept for the whole build: no room left over from growing.
        out.words.pegs.shrink_to_fit();
        out.words.counts.shrink_to_fit();
        out.numbers.shrink_to_fit();
        (out.words, out.numbers)
    }

    /// Extends `prefix` at peg `at` (free and zero colours `introduced` so far, colours `used`).
    fn extend<W: Word>(
        &self,
        choices: &Choices,
        at: usize,
        introduced: [usize; 2],
        used: u32,
        prefix: &mut Prefix<W>,
        out: &mut Generated<'_, W>,
    ) {
        let mut allowed = choices.allowed(introduced, used);
        if at + 1 == self.pegs {
            // The last peg: every allowed colour completes a code (of sorted shape, at the root).
            while allowed != 0 {
                let c = allowed.trailing_zeros() as u8;
                allowed &= allowed - 1;
                if self.root {
                    prefix.code[at] = c;
                    if !is_sorted_shape(&prefix.code[..self.pegs]) {
                        continue;
                    }
                }
                let number = out.multisets.full_number(out.multisets.step(prefix.multiset, c));
                out.push(prefix.with_last(at, c, self.pegs), number);
            }
            return;
        }
        while allowed != 0 {
            let c = allowed.trailing_zeros() as u8;
            allowed &= allowed - 1;
            let (packed, multiset) = (prefix.packed, prefix.multiset);
            prefix.push(at, c, self.pegs);
            prefix.multiset = out.multisets.step(multiset, c);
            let next = choices.introduce(c, introduced);
            self.extend(choices, at + 1, next, used | 1 << c, prefix, out);
            prefix.seen[usize::from(c)] -= 1;
            (prefix.packed, prefix.multiset) = (packed, multiset);
        }
    }
}

/// The codes generated so far and their multiset numbers.
struct Generated<'m, W> {
    words: Words<W>,
    numbers: Vec<u32>,
    multisets: &'m Multisets<W>,
}

impl<W: Word> Generated<'_, W> {
    #[inline(always)]
    fn push(&mut self, code: Packed<W>, number: u32) {
        self.words.push(code);
        self.numbers.push(number);
    }
}

/// The colours a canonical code may take at its next peg, as bit masks: colours outside both
/// relabelled sets always; a relabelled set's colours already introduced, and its next one in
/// order; with repeats, of the zero colours only the smallest.
struct Choices {
    /// Colours neither zero nor free (relabelled), or in a set too small to relabel.
    plain: u32,
    /// The free colours of rank below `k`, for each `k`.
    free_below: [u32; 33],
    /// The same for the zero colours relabelled in order (games without repeats).
    zero_below: [u32; 33],
    /// How many free and zero colours are relabelled.
    counts: [usize; 2],
    /// Each colour's rank in the free and zero sets (`u8::MAX`: not in the set).
    ranks: [[u8; 32]; 2],
    repeats: bool,
}

impl Choices {
    fn new(symmetry: &Symmetry) -> Choices {
        let mut choices = Choices {
            plain: 0,
            free_below: [0; 33],
            zero_below: [0; 33],
            counts: [0; 2],
            ranks: [[u8::MAX; 32]; 2],
            repeats: symmetry.repeats,
        };
        let mut free = Vec::new();
        let mut zeros = Vec::new();
        let zero = symmetry.listed_zero();
        for c in 0..symmetry.colours {
            let bit = 1u32 << c;
            if zero & bit != 0 {
                // Listed zero colours are relabelled in order (games without repeats).
                if let Some(rank) = symmetry.zeros.rank(c) {
                    choices.ranks[1][usize::from(c)] = rank as u8;
                    zeros.push((rank, c));
                } else {
                    choices.plain |= bit;
                }
            } else if let Some(rank) = symmetry.free.rank(c) {
                choices.ranks[0][usize::from(c)] = rank as u8;
                free.push((rank, c));
            } else {
                choices.plain |= bit;
            }
        }
        for (set, below) in [(free, &mut choices.free_below), (zeros, &mut choices.zero_below)] {
            for &(rank, c) in &set {
                for slot in &mut below[rank + 1..] {
                    *slot |= 1 << c;
                }
            }
        }
        choices.counts = [
            choices.ranks[0].iter().filter(|&&r| r != u8::MAX).count(),
            choices.ranks[1].iter().filter(|&&r| r != u8::MAX).count(),
        ];
        choices
    }

    /// The colours allowed after `introduced` free and zero colours, with `used` taken.
    #[inline(always)]
    fn allowed(&self, introduced: [usize; 2], used: u32) -> u32 {
        let free = self.free_below[(introduced[0] + 1).min(self.counts[0])];
        let zero = self.zero_below[(introduced[1] + 1).min(self.counts[1])];
        let all = self.plain | free | zero;
        if self.repeats { all } else { all & !used }
    }

    /// `introduced` after colour `c`: one more in its set when `c` is that set's next colour.
    #[inline(always)]
    fn introduce(&self, c: u8, mut introduced: [usize; 2]) -> [usize; 2] {
        for (set, count) in introduced.iter_mut().enumerate() {
            if usize::from(self.ranks[set][usize::from(c)]) == *count {
                *count += 1;
            }
        }
        introduced
    }
}

/// A code being generated peg by peg, with its words kept up to date (the layout of
/// [`Packed::from_colours`], one peg at a time).
struct Prefix<W> {
    code: [u8; 16],
    /// Occurrences of each colour so far.
    seen: [u8; 32],
    packed: Packed<W>,
    /// The prefix's multiset ([`Multisets::step`]).
    multiset: u32,
}

impl<W: Word> Prefix<W> {
    /// The code with colour `c` at its last peg `at` (the prefix itself unchanged).
    #[inline(always)]
    fn with_last(&self, at: usize, c: u8, pegs: usize) -> Packed<W> {
        let bit = u32::from(c) * pegs as u32 + u32::from(self.seen[usize::from(c)]);
        Packed {
            pegs: self.packed.pegs | W::shifted(c + 1, 8 * at as u32),
            counts: self.packed.counts | W::shifted(1, bit),
        }
    }

    /// Puts colour `c` at peg `at` of a code of `pegs` pegs.
    #[inline(always)]
    fn push(&mut self, at: usize, c: u8, pegs: usize) {
        self.code[at] = c;
        let occurrence = &mut self.seen[usize::from(c)];
        let bit = u32::from(c) * pegs as u32 + u32::from(*occurrence);
        *occurrence += 1;
        self.packed = Packed {
            pegs: self.packed.pegs | W::shifted(c + 1, 8 * at as u32),
            counts: self.packed.counts | W::shifted(1, bit),
        };
    }
}

/// The pairs of positions (earlier, later) of codes of `pegs` pegs that hold one colour in every
/// one of `guesses`, each position paired with the nearest earlier such position.
fn sorted_pairs(pegs: usize, guesses: &[[u8; 16]]) -> Vec<(u8, u8)> {
    let column = |j: usize| guesses.iter().map(move |g| g[j]);
    let mut pairs = Vec::new();
    for later in 1..pegs {
        if let Some(earlier) = (0..later).rev().find(|&i| column(i).eq(column(later))) {
            pairs.push((earlier as u8, later as u8));
        }
    }
    pairs
}

/// Whether `code` is sorted with colours `0, 1, 2, ...` in runs of non-increasing length: the
/// smallest code of its class under every peg and colour permutation.
fn is_sorted_shape(code: &[u8]) -> bool {
    let mut runs = [0usize; 32];
    for (i, &c) in code.iter().enumerate() {
        let expected_prev = if i == 0 { 0 } else { code[i - 1] };
        if !(c == expected_prev || (i > 0 && c == expected_prev + 1)) {
            return false;
        }
        runs[usize::from(c)] += 1;
    }
    runs.windows(2).all(|w| w[0] >= w[1])
}

#[cfg(test)]
mod tests {
    use super::*;
    use mastermind_core::Code;

    fn colours(game: Game, text: &str) -> [u8; 16] {
        let (c, _) = Code::parse(game, text).unwrap().to_array();
        c
    }

    #[test]
    fn histories_with_one_stabiliser_share_its_key_and_its_filter() {
        // AABB and BBAA are swapped by an element of their common stabiliser; AABC is not.
        let game = Game::CLASSIC;
        let all = 0b111111;
        let aabb = Symmetry::new(game, &[colours(game, "AABB")], all);
        let bbaa = Symmetry::new(game, &[colours(game, "BBAA")], all);
        let aabc = Symmetry::new(game, &[colours(game, "AABC")], all);
        assert!(aabb.has_group() && aabc.has_group());
        assert_eq!((aabb.key(), aabb.group_key()), (bbaa.key(), bbaa.group_key()));
        assert_ne!(aabb.group_key(), aabc.group_key());
        let mut kept = 0;
        for code in mastermind_core::CodeSet::enumerate(game).unwrap().iter() {
            let (code, _) = code.to_array();
            assert_eq!(aabb.passes_group(&code), bbaa.passes_group(&code), "{code:?}");
            kept += usize::from(aabb.passes_group(&code));
        }
        assert!(kept > 0 && kept < 1296);
    }

    #[test]
    fn five_classes_at_the_classic_root() {
        let game = Game::CLASSIC;
        let symmetry = Symmetry::new(game, &[], 0b111111);
        let (kept, _) = symmetry.generate(&Multisets::<u64>::of_game(game));
        let names: Vec<String> = kept
            .pegs
            .iter()
            .zip(&kept.counts)
            .map(|(&p, &c)| Packed { pegs: p, counts: c }.code(game).to_string())
            .collect();
        assert_eq!(names, ["AAAA", "AAAB", "AABB", "AABC", "ABCD"]);
    }

    #[test]
    fn after_aabb_the_stabiliser_has_eight_elements() {
        let game = Game::CLASSIC;
        let symmetry = Symmetry::new(game, &[colours(game, "AABB")], 0b111111);
        assert_eq!(symmetry.group.elements().len(), 7);
        assert!(symmetry.is_representative(&colours(game, "AACD")));
        assert!(symmetry.is_representative(&colours(game, "BBCD")), "its own class");
        assert!(!symmetry.is_representative(&colours(game, "CDAA")), "BBCD is smaller");
        assert!(!symmetry.is_representative(&colours(game, "AADC")), "free colours in order");
        assert!(!symmetry.is_representative(&colours(game, "ABCE")));
    }

    #[test]
    fn without_repeats_the_root_keeps_one_code_and_zero_colours_keep_their_order() {
        let game = Game::BULLS_AND_COWS;
        let root = Symmetry::new(game, &[], (1 << 10) - 1);
        let (kept, _) = root.generate(&Multisets::<u64>::of_game(game));
        assert_eq!(kept.len(), 1);
        assert_eq!(kept.slice().get(0).code(game).to_string(), "ABCD");
        // After ABCD, secrets hold no A or B: A and B are zero, E..J free.
        let after = Symmetry::new(game, &[colours(game, "ABCD")], 0b1111111100);
        assert!(after.is_representative(&colours(game, "ABCE")));
        assert!(!after.is_representative(&colours(game, "BACE")), "zero colours in order");
        assert!(!after.is_representative(&colours(game, "ABCF")), "free colours in order");
        let (generated, _) = after.generate(&Multisets::<u64>::of_game(game));
        for i in 0..generated.len() {
            let code = generated.slice().get(i).code(game);
            assert_eq!(code.distinct_colours(), 4, "{code} repeats a colour");
        }
        assert!(generated.len() > 1);
    }

    #[test]
    fn generated_codes_are_exactly_the_canonical_ones_in_code_order() {
        // Against the definition: every code of the game that the zero and free relations map
        // to nothing smaller (of sorted shape at the root), over games with and without repeats
        // and nodes with zero, free and played colours. Zero colours that collapse onto the
        // smallest are listed, and ruled out by their multisets (`collapsed_zeros`).
        for (game, guesses, present) in [
            (Game::CLASSIC, vec![], 0b111111),
            (Game::CLASSIC, vec!["AABB"], 0b111111),
            (Game::CLASSIC, vec!["AABB"], 0b111100),
            (Game::CLASSIC, vec!["AABC", "CDDE"], 0b011110),
            (Game::new(3, 7).unwrap(), vec!["ABC"], 0b1111010),
            (Game::BULLS_AND_COWS, vec!["ABCD"], 0b1111111100),
            (Game::BULLS_AND_COWS, vec!["ABCD", "AEFG"], 0b1111001010),
        ] {
            let played: Vec<[u8; 16]> = guesses.iter().map(|g| colours(game, g)).collect();
            let symmetry = Symmetry::new(game, &played, present);
            let multisets = Multisets::<u64>::of_game(game);
            let (generated, numbers) = symmetry.generate(&multisets);
            assert_eq!(numbers, multisets.numbers(generated.slice()));
            let mut expected = Vec::new();
            for code in mastermind_core::CodeSet::enumerate(game).unwrap().iter() {
                let (c, _) = code.to_array();
                let pegs = usize::from(game.pegs());
                let canonical = !symmetry.canonical_is_smaller(&c, &c)
                    && (!symmetry.root || is_sorted_shape(&c[..pegs]));
                if canonical {
                    expected.push(Packed::<u64>::from_code(code));
                }
            }
            let collapsed = symmetry.collapsed_zeros::<u64>();
            if !game.repeats() {
                assert_eq!(collapsed, 0);
            }
            let got: Vec<Packed<u64>> = (0..generated.len())
                .map(|i| generated.slice().get(i))
                .filter(|code| code.counts & collapsed == 0)
                .collect();
            assert_eq!(got, expected, "{game} after {guesses:?}, present {present:b}");
        }
    }

    #[test]
    fn the_stabiliser_test_agrees_with_every_image_written_out() {
        // `passes_group` compares images position by position, tries the last successful
        // element first, and folds the zero colours into the colour maps when nothing is
        // relabelled; the definition writes each image out and relabels it.
        for (game, guesses, present) in [
            (Game::CLASSIC, vec!["AABB"], 0b111111),
            (Game::CLASSIC, vec!["AABB", "CCDD"], 0b111111),
            (Game::CLASSIC, vec!["AABB", "CCDD", "EEFF"], 0b110011),
            (Game::CLASSIC, vec!["ABCD", "BADC", "EFEF"], 0b111111),
            (Game::new(5, 3).unwrap(), vec!["AABBC"], 0b111),
            (Game::new(5, 3).unwrap(), vec!["AABBC", "ABABC"], 0b011),
            (Game::BULLS_AND_COWS, vec!["ABCD", "BADC"], 0b1111111111),
        ] {
            let played: Vec<[u8; 16]> = guesses.iter().map(|g| colours(game, g)).collect();
            let symmetry = Symmetry::new(game, &played, present);
            assert!(symmetry.has_group(), "{guesses:?}");
            let mut kept = 0;
            for code in mastermind_core::CodeSet::enumerate(game).unwrap().iter() {
                let (c, _) = code.to_array();
                if symmetry.canonical_is_smaller(&c, &c) {
                    continue;
                }
                let written_out =
                    !symmetry.group.any_image(&c, |moved| symmetry.canonical_is_smaller(moved, &c));
                assert_eq!(symmetry.passes_group(&c), written_out, "{code} after {guesses:?}");
                let packed = Packed::<u128>::from_code(code);
                assert_eq!(symmetry.passes_group_packed(packed), written_out, "{code}");
                kept += usize::from(written_out);
            }
            assert!(kept > 0);
        }
    }

    #[test]
    fn zero_colours_collapse_onto_the_smallest() {
        let game = Game::CLASSIC;
        // Secrets use only C, D, E, F: A and B are zero.
        let symmetry = Symmetry::new(game, &[colours(game, "AABB")], 0b111100);
        assert!(symmetry.is_representative(&colours(game, "ACAC")));
        assert!(!symmetry.is_representative(&colours(game, "ACBC")));
        // B's multisets are ruled out whole; A's are kept, and the list is the one of a node
        // without zero colours.
        let collapsed = symmetry.collapsed_zeros::<u64>();
        let counts =
            |text: &str| Packed::<u64>::from_code(&Code::parse(game, text).unwrap()).counts;
        assert_ne!(counts("ACBC") & collapsed, 0);
        assert_eq!(counts("ACAC") & collapsed, 0);
        let without_zero = Symmetry::new(game, &[colours(game, "AABB")], 0b111111);
        assert_eq!(symmetry.list_key(), without_zero.list_key());
        assert_ne!(symmetry.key(), without_zero.key());
    }
}
