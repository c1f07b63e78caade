//! Counting, for many guesses at once, how many secrets of a node give each reply.
//!
//! The reply table is symmetric, so the replies of one secret to every guess are one contiguous
//! row. Guesses are counted [`LANES`] at a time: each secret's replies to them are one 64-byte
//! row (one cache line of the table, copied once per run of secrets), and every reply `r` of a
//! group of [`GROUP`] replies keeps a 64-byte counter that adds `row == r`, a compare and a
//! subtract per vector. The counters of a group stay in registers for a whole run of secrets (the
//! compiler vectorises and unrolls the fixed-size loops). Byte counters are widened every 255
//! secrets.
//!
//! When most codes are wanted, every code is counted (contiguous rows, no gather) and the caller
//! skips the ones it does not want; when few are, their replies are gathered first.

use crate::context::Context;

/// Guesses handed to the caller together.
pub const BLOCK: usize = 512;

/// Guesses counted side by side: a cache line of a row, two 32-byte vectors. (32 read each line
/// of the table twice: 4x9, whose table outgrows the cache, took 5-8% longer in paired runs.)
const LANES: usize = 64;

/// Replies whose counters are kept in registers together.
const GROUP: usize = 4;

/// A reply index no guess gets (pads the last group of replies and the last row of guesses).
const NO_REPLY: u8 = u8::MAX;

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
    let mut wide = vec![0u16; slots * stride];
    // The replies in groups of `GROUP`, the last one padded.
    let groups: Vec<[u8; GROUP]> = ctx
        .possible_replies
        .chunks(GROUP)
        .map(|chunk| {
            let mut group = [NO_REPLY; GROUP];
            group[..chunk.len()].copy_from_slice(chunk);
            group
        })
        .collect();
    let mut rows = vec![[NO_REPLY; LANES]; BYTE_RUN.min(secrets.len())];
    for (block_index, block) in guesses.chunks(BLOCK).enumerate() {
        let first = block_index * BLOCK;
        if block_index > 0 {
            wide.fill(0);
        }
        for (lane_index, lane_guesses) in block.chunks(LANES).enumerate() {
            let offset = lane_index * LANES;
            let width = lane_guesses.len();
            for run in secrets.chunks(BYTE_RUN) {
                // Each secret's replies to these guesses, padded past the last guess.
                let rows = &mut rows[..run.len()];
                for (row, &s) in rows.iter_mut().zip(run) {
                    let replies = ctx.replies_to(s);
                    if dense {
                        row[..width].copy_from_slice(&replies[first + offset..][..width]);
                    } else {
                        for (slot, &g) in row.iter_mut().zip(lane_guesses) {
                            *slot = replies[usize::from(g)];
                        }
                    }
                    if width < LANES {
                        row[width..].fill(NO_REPLY);
                    }
                }
                for group in &groups {
                    let counters = count_group(rows, group);
                    for (&reply, counter) in group.iter().zip(&counters) {
                        if reply == NO_REPLY {
                            break;
                        }
                        let lane = &mut wide[usize::from(reply) * stride + offset..][..width];
                        for (total, &count) in lane.iter_mut().zip(counter) {
                            *total += u16::from(count);
                        }
                    }
                }
            }
        }
        visit(block, &wide, stride);
    }
}

/// For each reply of `group`, how many of `rows` (at most 255) hold it, lane by lane.
#[inline(always)]
fn count_group(rows: &[[u8; LANES]], group: &[u8; GROUP]) -> [[u8; LANES]; GROUP] {
    let mut counters = [[0u8; LANES]; GROUP];
    for row in rows {
        for (counter, &reply) in counters.iter_mut().zip(group) {
            for (count, &r) in counter.iter_mut().zip(row) {
                *count += u8::from(r == reply);
            }
        }
    }
    counters
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
