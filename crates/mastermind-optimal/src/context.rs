//! What every node of a search shares: the game's codes by rank, their colours, a table of every
//! reply, and the lower bound on the cost of a set from its size alone.

use crate::SolveError;
use crate::symmetry::AbsentColours;
use mastermind_core::score::score_indices;
use mastermind_core::{CodeSet, Feedback, Game, PackedCodes};

/// The most codes a game the search takes can have: codes are ranked in a `u16`. Memory runs out
/// long before that on most machines (the reply table holds `codes²` bytes, 1 GiB at 32 768
/// codes): [`memory_estimate`](crate::memory_estimate) says how much a game needs.
pub const MAX_CODES: usize = u16::MAX as usize;

/// A cost too large for any game the search takes: "no strategy within the limits". Small
/// enough that the bounds of the 45 replies of an 8-peg game add up without overflow.
pub const INFEASIBLE: u32 = 1 << 26;

/// The depth budget of a search without a depth limit: never decremented, never reached.
pub(crate) const UNLIMITED: u32 = u32::MAX;

/// The depth budget of a child.
pub(crate) fn next_depth(depth_left: u32) -> u32 {
    if depth_left == UNLIMITED { UNLIMITED } else { depth_left - 1 }
}

/// The game's codes, their replies to each other and the size bounds, built once per solve.
pub struct Context {
    /// The game being solved.
    pub game: Game,
    /// Number of pegs.
    pub pegs: usize,
    /// Number of colours.
    pub colours: usize,
    /// Every code, in rank order (index = rank).
    pub codes: Vec<mastermind_core::Code>,
    /// Every rank, `0..size`.
    pub ranks: Vec<u16>,
    /// The colours of every code, padded with zeros to 8 pegs.
    pub colour_rows: Vec<[u8; 8]>,
    /// The colours every code holds, bit `c` for colour `c`.
    pub colour_masks: Vec<u32>,
    /// Without repeats: the rank of every row of colours read as a number in base `colours`
    /// (`u16::MAX` where a colour repeats), so a relabelled row finds its code. Empty with
    /// repeats, where that number is the rank.
    ranks_of_rows: Vec<u16>,
    /// `replies[g * n + s]`: the dense reply index of secret `s` to guess `g`.
    replies: Vec<u8>,
    /// The dense index of the winning reply.
    pub win: u8,
    /// Number of reply slots (the dense indices `0..feedback_count`).
    pub feedback_count: usize,
    /// The reply indices a guess can get (all but the impossible `(p - 1, 1)`).
    pub possible_replies: Vec<u8>,
    /// The size bound, see [`SizeBound`].
    pub bound: SizeBound,
    /// The bound of a part by its size, per depth left (see [`Context::prepare_part_bounds`]).
    part_bounds: Vec<(u32, PartBounds)>,
}

/// `row` read as a number in base `colours`, first peg most significant: the rank of a code in a
/// game with repeats.
fn base_colours(row: &[u8; 8], pegs: usize, colours: usize) -> usize {
    row[..pegs].iter().fold(0usize, |acc, &c| acc * colours + usize::from(c))
}

/// The lower bound of a part by its size, for every size a `u16` holds (sizes past the game's
/// are infeasible), so that a count indexes it without a bounds check.
pub type PartBounds = Box<[u32; 1 << 16]>;

impl Context {
    /// Builds the shared tables, or refuses a game of more than [`MAX_CODES`] codes or more
    /// than 8 pegs ([`crate::check_game`]).
    pub fn new(game: Game) -> Result<Context, SolveError> {
        crate::check_game(game)?;
        let too_large = || SolveError::TooLarge { game };
        let size = game.size().and_then(|size| usize::try_from(size).ok()).ok_or_else(too_large)?;
        let codes = CodeSet::enumerate(game).map_err(|_| too_large())?.codes().to_vec();
        let colour_rows: Vec<[u8; 8]> = codes
            .iter()
            .map(|code| {
                let mut row = [0u8; 8];
                for (i, c) in code.colours().enumerate() {
                    row[i] = c;
                }
                row
            })
            .collect();
        let colour_masks =
            codes.iter().map(|code| code.colours().fold(0u32, |mask, c| mask | 1 << c)).collect();
        let mut replies = vec![0u8; size * size];
        let packed = PackedCodes::new(game, &codes);
        for (guess, row) in codes.iter().zip(replies.chunks_exact_mut(size)) {
            match &packed {
                Some(packed) => packed.score_indices(guess, row),
                None => score_indices(guess, &codes, row),
            }
        }
        let ranks_of_rows = if game.repeats() {
            Vec::new()
        } else {
            let every = usize::from(game.colours()).pow(u32::from(game.pegs()));
            let mut table = vec![u16::MAX; every];
            for (rank, row) in colour_rows.iter().enumerate() {
                table[base_colours(row, usize::from(game.pegs()), usize::from(game.colours()))] =
                    rank as u16;
            }
            table
        };
        let pegs = game.pegs();
        Ok(Context {
            game,
            pegs: usize::from(pegs),
            colours: usize::from(game.colours()),
            codes,
            ranks: (0..size as u16).collect(),
            colour_rows,
            colour_masks,
            ranks_of_rows,
            replies,
            win: Feedback::all_black(pegs).index() as u8,
            feedback_count: game.feedback_count(),
            possible_replies: Feedback::all(pegs)
                .filter(|f| f.is_possible(pegs))
                .map(|f| f.index() as u8)
                .collect(),
            bound: SizeBound::new(pegs, size),
            part_bounds: Vec::new(),
        })
    }

    /// The rank of the code whose colours are `row` (a code of the game).
    pub fn rank_of_row(&self, row: &[u8; 8]) -> u16 {
        self.rank_of_number(base_colours(row, self.pegs, self.colours))
    }

    /// The rank of the row whose colours, read as a number in base `colours` (first peg most
    /// significant), are `number`.
    #[inline]
    pub fn rank_of_number(&self, number: usize) -> u16 {
        if self.ranks_of_rows.is_empty() { number as u16 } else { self.ranks_of_rows[number] }
    }

    /// The absent-colour test at a node whose secrets hold the colours `present` (trivial when
    /// the rule is off).
    pub fn absent_colours(&self, rule: bool, present: u32) -> AbsentColours {
        if rule {
            AbsentColours::new(self.colours, present, self.game.repeats())
        } else {
            AbsentColours::Trivial
        }
    }

    /// Fills the part-bound tables for every depth a search with `max_depth` reaches (and for
    /// no limit), with the size bound or, when `size_bound` is false, one guess per secret.
    pub fn prepare_part_bounds(&mut self, size_bound: bool, max_depth: u32) {
        let depths =
            std::iter::once(u32::MAX).chain((0..=max_depth).take_while(|_| max_depth != u32::MAX));
        self.part_bounds = depths
            .map(|depth| {
                let mut table = Box::new([INFEASIBLE; 1 << 16]);
                for (n, slot) in table.iter_mut().enumerate().take(self.size() + 1) {
                    *slot = if size_bound {
                        self.bound.total(n, depth)
                    } else {
                        SizeBound::trivial(n, depth)
                    };
                }
                (depth, table)
            })
            .collect();
    }

    /// The part-bound table for `depth_left` guesses (prepared by
    /// [`prepare_part_bounds`](Self::prepare_part_bounds)).
    pub fn part_bounds(&self, depth_left: u32) -> &[u32; 1 << 16] {
        let (_, table) = self
            .part_bounds
            .iter()
            .find(|(depth, _)| *depth == depth_left)
            .expect("part bounds prepared for every depth searched");
        table
    }

    /// Number of codes in the game.
    pub fn size(&self) -> usize {
        self.codes.len()
    }

    /// The replies of every code to guess `g`, indexed by the secret's rank. Scoring is
    /// symmetric, so this is also the reply of secret `g` to every guess.
    #[inline]
    pub fn replies_to(&self, g: u16) -> &[u8] {
        let n = self.codes.len();
        &self.replies[usize::from(g) * n..usize::from(g) * n + n]
    }
}

/// The lower bound on a set's cost from its size alone.
///
/// A guess wins at most one secret and sends the others down at most `b` non-winning replies,
/// `b = p (p + 3) / 2 - 1` (every reply but the win and the impossible `(p - 1, 1)`). So at most
/// one secret is found with 1 guess, at most `b` with 2, `b²` with 3, and so on; filling the
/// levels greedily gives the least possible total, and the number of levels filled is the
/// least possible depth.
pub struct SizeBound {
    branching: usize,
    total: Vec<u32>,
    depth: Vec<u32>,
}

impl SizeBound {
    /// The bounds of every set of up to `size` secrets in a game of `pegs` pegs.
    pub fn new(pegs: u8, size: usize) -> SizeBound {
        let p = u64::from(pegs);
        let branching = p * (p + 3) / 2 - 1;
        let mut total = Vec::with_capacity(size + 1);
        let mut depth = Vec::with_capacity(size + 1);
        for n in 0..=size as u64 {
            let (mut remaining, mut level_width, mut levels, mut sum) = (n, 1u64, 0u32, 0u64);
            while remaining > 0 {
                levels += 1;
                let here = remaining.min(level_width);
                sum += u64::from(levels) * here;
                remaining -= here;
                level_width = level_width.saturating_mul(branching.max(1));
            }
            total.push(sum as u32);
            depth.push(levels);
        }
        SizeBound { branching: branching as usize, total, depth }
    }

    /// `b`: the most non-winning parts one guess can leave.
    pub fn branching(&self) -> usize {
        self.branching
    }

    /// The least total of guesses for `n` secrets with at most `depth_left` guesses each, or
    /// [`INFEASIBLE`] when `n` secrets cannot fit in that depth.
    #[inline]
    pub fn total(&self, n: usize, depth_left: u32) -> u32 {
        if self.depth[n] > depth_left { INFEASIBLE } else { self.total[n] }
    }

    /// The least depth at which `n` secrets fit: the number of levels filled.
    pub fn least_depth(&self, n: usize) -> u32 {
        self.depth[n]
    }

    /// The weakest bound that is still true: every secret needs at least one guess (used when
    /// the size-bound rule is switched off).
    #[inline]
    pub fn trivial(n: usize, depth_left: u32) -> u32 {
        if n > 0 && depth_left == 0 { INFEASIBLE } else { n as u32 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_bound_fills_levels_greedily() {
        // 4 pegs: 13 non-winning replies. 1 at depth 1, 13 at depth 2, then depth 3.
        let bound = SizeBound::new(4, 300);
        assert_eq!(bound.total(1, 9), 1);
        assert_eq!(bound.total(2, 9), 3);
        assert_eq!(bound.total(14, 9), 1 + 2 * 13);
        assert_eq!(bound.total(15, 9), 1 + 2 * 13 + 3);
        assert_eq!(bound.total(15, 2), INFEASIBLE);
        assert_eq!(bound.total(14, 2), 27);
        assert_eq!(bound.total(0, 0), 0);
    }

    #[test]
    fn the_reply_table_matches_the_scorer() {
        let ctx = Context::new(Game::new(3, 4).unwrap()).unwrap();
        for g in 0..ctx.size() {
            for s in 0..ctx.size() {
                let reply = mastermind_core::score(&ctx.codes[s], &ctx.codes[g]);
                assert_eq!(usize::from(ctx.replies_to(g as u16)[s]), reply.index());
            }
        }
    }
}
