//! Guess equivalence: one guess per class of guesses that must cost the same at a node.
//!
//! Two kinds of equivalence are used, each a [`Rules`](crate::Rules) switch:
//!
//! - **Symmetry of the history.** A peg permutation with a colour permutation that maps every
//!   guess played so far onto itself maps the node's secrets onto themselves, so a guess and its
//!   image split the secrets into parts of the same costs. Colours no guess has used are part of
//!   this group: they are interchangeable.
//! - **Absent colours.** A colour that no remaining secret holds never scores, so every such colour
//!   in a guess can be replaced by any other: the partition of the secrets does not change.
//!
//! A guess `x` is kept when `x = min over γ of F(γ x)`, where γ runs over the history's group and
//! `F` writes every absent colour as the smallest absent colour and relabels the unused, present
//! colours in order of first appearance. `F(γ x)` is equivalent to `x`, and the map is idempotent
//! (γ preserves the set of absent colours, and the relabelling is itself in the group), so every
//! class keeps at least one member.

/// The group of a history and the colour classes of a node, ready to test guesses.
pub struct GuessClasses {
    pegs: usize,
    /// Non-identity elements: peg permutation `perm` (`x[i]` goes to position `perm[i]`) and the
    /// colour map `colour_map` (identity on colours the history never used).
    elements: Vec<([u8; 8], [u8; 32])>,
    /// For each colour: what `F` writes for it directly (`NONE` if relabelled by appearance).
    fixed: [u8; 32],
    /// The unused, present colours in increasing order: the targets of the relabelling.
    relabel_targets: Vec<u8>,
}

const NONE: u8 = u8::MAX;

impl GuessClasses {
    /// The classes at a node after `history` (colour rows of the guesses played) whose remaining
    /// secrets hold the colours in `present` (bit `c` for colour `c`).
    pub fn new(
        pegs: usize,
        colours: usize,
        peg_perms: &[[u8; 8]],
        history: &[[u8; 8]],
        present: u32,
        symmetry: bool,
        absent_colours: bool,
    ) -> GuessClasses {
        let mut used = 0u32;
        for row in history {
            for &c in &row[..pegs] {
                used |= 1 << c;
            }
        }
        let absent = !present & ((1u32 << colours) - 1);
        let mut fixed = [NONE; 32];
        let mut relabel_targets = Vec::new();
        for (c, slot) in fixed.iter_mut().enumerate().take(colours) {
            let bit = 1u32 << c;
            *slot = if absent_colours && absent & bit != 0 {
                absent.trailing_zeros() as u8
            } else if symmetry && used & bit == 0 {
                relabel_targets.push(c as u8);
                NONE
            } else {
                c as u8
            };
        }
        let mut elements = Vec::new();
        if symmetry {
            for perm in peg_perms.iter().skip(1) {
                if let Some(colour_map) = fixing_colour_map(pegs, perm, history) {
                    elements.push((*perm, colour_map));
                }
            }
        }
        GuessClasses { pegs, elements, fixed, relabel_targets }
    }

    /// Whether no guess is ever skipped (trivial group, nothing to rewrite).
    pub fn is_trivial(&self) -> bool {
        self.elements.is_empty()
            && self.relabel_targets.is_empty()
            && self.fixed.iter().enumerate().all(|(c, &f)| f == NONE || usize::from(f) == c)
    }

    /// Whether `row` is the representative of its class.
    pub fn is_representative(&self, row: &[u8; 8]) -> bool {
        let own = self.normal_form(row);
        if own != *row {
            return false;
        }
        for (perm, colour_map) in &self.elements {
            let mut image = [0u8; 8];
            for i in 0..self.pegs {
                image[usize::from(perm[i])] = colour_map[usize::from(row[i])];
            }
            if self.normal_form(&image)[..self.pegs] < row[..self.pegs] {
                return false;
            }
        }
        true
    }

    /// `F`: absent colours written as the smallest absent colour, unused present colours
    /// relabelled in order of first appearance.
    fn normal_form(&self, row: &[u8; 8]) -> [u8; 8] {
        let mut out = [0u8; 8];
        let mut assigned = [NONE; 32];
        let mut next = 0;
        for i in 0..self.pegs {
            let c = usize::from(row[i]);
            out[i] = match self.fixed[c] {
                NONE => {
                    if assigned[c] == NONE {
                        assigned[c] = self.relabel_targets[next];
                        next += 1;
                    }
                    assigned[c]
                }
                f => f,
            };
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
        let classes = GuessClasses::new(pegs, colours, &perms, &history, present, true, true);
        let mut count = 0;
        let total = colours.pow(pegs as u32);
        for rank in 0..total {
            let mut r = [0u8; 8];
            let mut x = rank;
            for i in (0..pegs).rev() {
                r[i] = (x % colours) as u8;
                x /= colours;
            }
            if classes.is_representative(&r) {
                count += 1;
            }
        }
        count
    }

    #[test]
    fn the_first_guess_of_4x6_has_five_classes() {
        // AAAA, AAAB, AABB, AABC, ABCD.
        assert_eq!(representatives(4, 6, &[], 0b111111), 5);
    }

    #[test]
    fn absent_colours_collapse() {
        // Only colours A and B remain in the secrets: guesses over {A, B, one absent colour}
        // with the absent colour written as C, and peg symmetry gone after AABB? No history: all
        // peg permutations remain, so count patterns over A, B and "absent".
        let n = representatives(2, 6, &[], 0b11);
        // With no history, A and B are interchangeable: AA, AB, AC(=absent), CC.
        assert_eq!(n, 4);
    }

    #[test]
    fn a_history_guess_breaks_the_symmetry() {
        // After AABB in 4x6 the group keeps: swap pegs 0-1, swap pegs 2-3, and the swap of both
        // halves with A<->B; unused colours C..F interchangeable.
        let with = representatives(4, 6, &["AABB"], 0b111111);
        assert!(with > 5 && with < 1296, "{with}");
    }
}
