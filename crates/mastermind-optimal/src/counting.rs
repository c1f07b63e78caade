//! Counting, for many guesses at once, how many secrets of a node give each reply.
//!
//! The reply table is symmetric, so the replies of one secret to every guess are one contiguous
//! row. For a block of guesses, every secret adds one to the counter of (guess, reply) for its
//! reply; written as "for each reply r, add (row == r) to the lane of r", that is a compare and
//! a subtract on 32 bytes at a time, which the compiler vectorises. Byte counters are widened
//! every 255 secrets.
//!
//! When most codes are wanted, every code is counted (contiguous rows, no gather) and the caller
//! skips the ones it does not want; when few are, their replies are gathered first.

use crate::context::Context;

/// Guesses counted together: their byte counters fit the first-level cache.
pub const BLOCK: usize = 512;

/// Secrets counted in bytes before the counters are widened.
const BYTE_RUN: usize = u8::MAX as usize;

/// Counts replies for the guesses in `wanted` (sorted code ranks) block by block, calling
/// `visit(guesses, counts, stride)`: `guesses` are the guesses of the block (a superset of the
/// wanted ones there, in rank order) and `counts[r * stride + i]` is the number of `secrets`
/// that give reply index `r` to `guesses[i]`. The stride is the largest block's width, so a
/// node with few wanted guesses clears and widens only their counters.
pub fn for_each_block(
    ctx: &Context,
    secrets: &[u16],
    wanted: &[u16],
    mut visit: impl FnMut(&[u16], &[u16], usize),
) {
    let slots = ctx.feedback_count;
    let dense = wanted.len() * 4 >= ctx.size();
    let guesses: &[u16] = if dense { &ctx.ranks } else { wanted };
    let stride = guesses.len().min(BLOCK);
    let mut bytes = vec![0u8; slots * stride];
    let mut wide = vec![0u16; slots * stride];
    let mut gathered = [0u8; BLOCK];
    for (block_index, block) in guesses.chunks(BLOCK).enumerate() {
        let width = block.len();
        let first = block_index * BLOCK;
        if block_index > 0 {
            wide.fill(0);
        }
        for (run_index, run) in secrets.chunks(BYTE_RUN).enumerate() {
            if run_index > 0 || block_index > 0 {
                bytes.fill(0);
            }
            for &s in run {
                let replies = ctx.replies_to(s);
                let row: &[u8] = if dense {
                    &replies[first..first + width]
                } else {
                    for (slot, &g) in gathered.iter_mut().zip(block) {
                        *slot = replies[usize::from(g)];
                    }
                    &gathered[..width]
                };
                for &reply in &ctx.possible_replies {
                    let lane = &mut bytes[usize::from(reply) * stride..][..width];
                    for (count, &r) in lane.iter_mut().zip(row) {
                        *count += u8::from(r == reply);
                    }
                }
            }
            for (w, &b) in wide.iter_mut().zip(&bytes) {
                *w += u16::from(b);
            }
        }
        visit(block, &wide, stride);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mastermind_core::Game;

    #[test]
    fn counts_match_a_plain_tally() {
        let ctx = Context::new(Game::new(5, 4).unwrap()).unwrap();
        // 300 secrets (more than one byte run), every code (dense) and a few (gathered).
        let secrets: Vec<u16> = (0..256u16).chain(600..644).collect();
        let every: Vec<u16> = (0..1024).collect();
        let few: Vec<u16> = (0..1024).filter(|g| g % 7 == 1).collect();
        for wanted in [&every, &few] {
            let mut visited = Vec::new();
            for_each_block(&ctx, &secrets, wanted, |guesses, counts, stride| {
                for (i, &g) in guesses.iter().enumerate() {
                    let mut expected = vec![0u16; ctx.feedback_count];
                    for &s in &secrets {
                        expected[usize::from(ctx.replies_to(g)[usize::from(s)])] += 1;
                    }
                    let got: Vec<u16> =
                        (0..ctx.feedback_count).map(|r| counts[r * stride + i]).collect();
                    assert_eq!(got, expected, "guess {g}");
                    visited.push(g);
                }
            });
            let visited_wanted: Vec<u16> =
                visited.into_iter().filter(|g| wanted.contains(g)).collect();
            assert_eq!(&visited_wanted, wanted);
        }
    }
}
