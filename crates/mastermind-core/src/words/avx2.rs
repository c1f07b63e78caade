//! [`Scorer::reply_masks`](super::Scorer::reply_masks), [`Scorer::black_masks`] and
//! [`Scorer::indices`] for codes in 64-bit words, and [`Scorer::indices`] for codes in 128-bit
//! words, in AVX2.
//!
//! [`Scorer::black_masks`]: super::Scorer::black_masks
//! [`Scorer::indices`]: super::Scorer::indices
//!
//! The portable kernel leaves the compiler to vectorise across candidates, and AVX2 has no
//! 64-bit population count, so both of its counts become a nibble table lookup of every byte
//! followed by a sum. Here the black pegs are a byte comparison, and the correct colours counted
//! per byte and the black pegs are summed together by one `vpsadbw` (`8 x total + black` when
//! that fits a mask's bits). The bits are the portable kernel's, so both give the same masks.
//! The intrinsics come from `safe_arch`, whose functions exist only when the target enables them.

use safe_arch::{
    add_i8_m256i, add_i64_m256i, bitand_m256i, bitor_m256i, cast_to_m256d_from_m256i,
    cmp_eq_mask_i8_m256i, cmp_gt_mask_i64_m256i, m256i, move_mask_m256d, mul_u64_low_bits_m256i,
    set_i64_m256i, set_splat_i8_m256i, set_splat_i64_m256i, shl_each_u64_m256i, shl_imm_u16_m256i,
    shr_imm_u16_m256i, shr_imm_u64_m256i, shuffle_av_i8z_half_m256i, sum_of_u8_abs_diff_m256i,
    unpack_high_i64_m256i, unpack_low_i64_m256i, zeroed_m256i,
};

/// The reply masks of eight candidates (peg and count words `pegs` and `counts`) against the
/// secrets `secret_pegs` and `secret_counts`, for codes of `used` pegs (at most 8): a reply's
/// bit is `8 total + black` up to 7 pegs and `total (total + 1) / 2 + black` at 8.
pub(super) fn reply_masks(
    pegs: &[u64; 8],
    counts: &[u64; 8],
    secret_pegs: &[u64],
    secret_counts: &[u64],
    used: u32,
) -> [u64; 8] {
    let dense = used == 8;
    let candidate_pegs = [four(&pegs[..4]), four(&pegs[4..])];
    let candidate_counts = [four(&counts[..4]), four(&counts[4..])];
    let peg_bytes = peg_bytes(used);
    let one = set_splat_i64_m256i(1);
    let zero = zeroed_m256i();
    let mut acc = [zero; 2];
    for (&secret_peg, &secret_count) in secret_pegs.iter().zip(secret_counts) {
        let secret_peg = set_splat_i64_m256i(secret_peg as i64);
        let secret_count = set_splat_i64_m256i(secret_count as i64);
        for half in 0..2 {
            let black =
                bitand_m256i(cmp_eq_mask_i8_m256i(candidate_pegs[half], secret_peg), peg_bytes);
            let correct = correct_per_byte(bitand_m256i(candidate_counts[half], secret_count));
            let bit = if dense {
                dense_index(correct, black)
            } else {
                // A byte counts at most 8 colours, so shifting 16-bit lanes by 3 stays in the byte.
                let packed = add_i8_m256i(shl_imm_u16_m256i::<3>(correct), black);
                sum_of_u8_abs_diff_m256i(packed, zero)
            };
            acc[half] = bitor_m256i(acc[half], shl_each_u64_m256i(one, bit));
        }
    }
    lanes(acc)
}

/// The reply masks of eight candidates of one colour multiset (peg words `pegs`) against the
/// secrets `secret_pegs`, secret `j`'s bit being `bases[j]` plus its black pegs, for codes of
/// `used` pegs (at most 8).
pub(super) fn black_masks(
    pegs: &[u64; 8],
    secret_pegs: &[u64],
    bases: &[u8],
    used: u32,
) -> [u64; 8] {
    let candidate_pegs = [four(&pegs[..4]), four(&pegs[4..])];
    let peg_bytes = peg_bytes(used);
    let one = set_splat_i64_m256i(1);
    let zero = zeroed_m256i();
    let mut acc = [zero; 2];
    for (&secret_peg, &base) in secret_pegs.iter().zip(bases) {
        let secret_peg = set_splat_i64_m256i(secret_peg as i64);
        let base = set_splat_i64_m256i(i64::from(base));
        for half in 0..2 {
            let black =
                bitand_m256i(cmp_eq_mask_i8_m256i(candidate_pegs[half], secret_peg), peg_bytes);
            let bit = add_i64_m256i(sum_of_u8_abs_diff_m256i(black, zero), base);
            acc[half] = bitor_m256i(acc[half], shl_each_u64_m256i(one, bit));
        }
    }
    lanes(acc)
}

/// The dense feedback index of each code (peg words `pegs`, count words `counts`) against
/// one guess, into `out`, for codes of `used` pegs (at most 8): four codes per register, the
/// correct colours counted per byte and summed by one `vpsadbw`, the black pegs a byte
/// comparison summed by another. Scores the codes in whole fours and returns how many.
pub(super) fn indices(
    guess_pegs: u64,
    guess_counts: u64,
    pegs: &[u64],
    counts: &[u64],
    used: u32,
    out: &mut [u8],
) -> usize {
    let guess_pegs = set_splat_i64_m256i(guess_pegs as i64);
    let guess_counts = set_splat_i64_m256i(guess_counts as i64);
    let peg_bytes = peg_bytes(used);
    let whole = pegs.len() / 4 * 4;
    for ((pegs, counts), out) in pegs[..whole]
        .chunks_exact(4)
        .zip(counts[..whole].chunks_exact(4))
        .zip(out.chunks_exact_mut(4))
    {
        let black = bitand_m256i(cmp_eq_mask_i8_m256i(four(pegs), guess_pegs), peg_bytes);
        let correct = correct_per_byte(bitand_m256i(four(counts), guess_counts));
        let index: [u64; 4] = dense_index(correct, black).into();
        for (slot, index) in out.iter_mut().zip(index) {
            *slot = index as u8;
        }
    }
    whole
}

/// [`indices`] for codes in 128-bit words (games whose count words pass 64 bits, such as 8x9,
/// or of more than 8 pegs), for codes of `used` pegs: two codes per register, each code's
/// two halves counted by `vpsadbw` like a 64-bit code's, then added pairwise. Scores the codes
/// in whole fours and returns how many.
pub(super) fn indices_wide(
    guess_pegs: u128,
    guess_counts: u128,
    pegs: &[u128],
    counts: &[u128],
    used: u32,
    out: &mut [u8],
) -> usize {
    let guess_pegs = m256i::from([guess_pegs; 2]);
    let guess_counts = m256i::from([guess_counts; 2]);
    let bytes = (0..used).fold(0u128, |acc, i| acc | 1 << (8 * i));
    let peg_bytes = m256i::from([bytes; 2]);
    let zero = zeroed_m256i();
    let whole = pegs.len() / 4 * 4;
    for ((pegs, counts), out) in pegs[..whole]
        .chunks_exact(4)
        .zip(counts[..whole].chunks_exact(4))
        .zip(out.chunks_exact_mut(4))
    {
        // Per 64-bit lane: the low and the high half of the first code, then of the second.
        let halves = |pair: &[u128], count: bool| {
            let half = |code: u128, high: bool| (if high { code >> 64 } else { code }) as u64;
            let codes = four(&[
                half(pair[0], false),
                half(pair[0], true),
                half(pair[1], false),
                half(pair[1], true),
            ]);
            let per_byte = if count {
                correct_per_byte(bitand_m256i(codes, guess_counts))
            } else {
                bitand_m256i(cmp_eq_mask_i8_m256i(codes, guess_pegs), peg_bytes)
            };
            sum_of_u8_abs_diff_m256i(per_byte, zero)
        };
        // Lanes of codes 0, 2, 1 and 3: each code's two halves added.
        let whole_codes = |first: m256i, second: m256i| {
            add_i64_m256i(unpack_low_i64_m256i(first, second), unpack_high_i64_m256i(first, second))
        };
        let black = whole_codes(halves(&pegs[..2], false), halves(&pegs[2..], false));
        let total = whole_codes(halves(&counts[..2], true), halves(&counts[2..], true));
        let one = set_splat_i64_m256i(1);
        let triangle =
            shr_imm_u64_m256i::<1>(mul_u64_low_bits_m256i(total, add_i64_m256i(total, one)));
        let index: [u64; 4] = add_i64_m256i(triangle, black).into();
        out[0] = index[0] as u8;
        out[1] = index[2] as u8;
        out[2] = index[1] as u8;
        out[3] = index[3] as u8;
    }
    whole
}

/// 1 in each byte that holds a peg of a code of `used` pegs, in every lane: padding bytes are
/// zero in both codes and would match.
#[inline(always)]
fn peg_bytes(used: u32) -> m256i {
    let bytes = (0..used).fold(0u64, |acc, i| acc | 1 << (8 * i));
    set_splat_i64_m256i(bytes as i64)
}

/// The set bits of each byte of `common` (two codes' count words anded: the correct colours,
/// a byte's worth at a time), by a nibble table lookup of each half.
#[inline(always)]
fn correct_per_byte(common: m256i) -> m256i {
    let low_nibble = set_splat_i8_m256i(0x0f);
    let nibble_ones = m256i::from([
        0u8, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3,
        3, 4,
    ]);
    let low = bitand_m256i(common, low_nibble);
    let high = bitand_m256i(shr_imm_u16_m256i::<4>(common), low_nibble);
    add_i8_m256i(
        shuffle_av_i8z_half_m256i(nibble_ones, low),
        shuffle_av_i8z_half_m256i(nibble_ones, high),
    )
}

/// Each lane's dense feedback index, `total (total + 1) / 2 + black`, from its correct colours
/// and its black pegs counted per byte.
#[inline(always)]
fn dense_index(correct: m256i, black: m256i) -> m256i {
    let zero = zeroed_m256i();
    let one = set_splat_i64_m256i(1);
    let total = sum_of_u8_abs_diff_m256i(correct, zero);
    let blacks = sum_of_u8_abs_diff_m256i(black, zero);
    let triangle = shr_imm_u64_m256i::<1>(mul_u64_low_bits_m256i(total, add_i64_m256i(total, one)));
    add_i64_m256i(triangle, blacks)
}

/// [`PegTable::mark_outside`](super::PegTable::mark_outside): sets bit `i % 64` of
/// `marks[i / 64]` when code `i` of `codes` sums outside the range of some of `ranges`.
///
/// Each row (of one or two pegs) is looked up by every byte at once, with the bytes of the other
/// pegs pushed to `0x80`, which the shuffle turns into zero; the lookups add up to each peg's
/// value in its own byte, and `vpsadbw` sums a code's eight bytes. Range by range, eight codes at
/// a time, with the range's rows and bounds held in registers; eight codes already marked are
/// passed over, so the busiest range first rules out most codes for the others.
pub(super) fn mark_outside(codes: &[u64], ranges: &[super::PegRange], marks: &mut [u64]) {
    match ranges.first().map(|range| range.table.pegs_per_row) {
        None => {}
        Some(2) => mark_by_rows::<4>(codes, ranges, marks),
        Some(_) => mark_by_rows::<8>(codes, ranges, marks),
    }
}

/// [`mark_outside`] for tables of `ROWS` rows (`8 / ROWS` pegs a row).
#[inline(always)]
fn mark_by_rows<const ROWS: usize>(codes: &[u64], ranges: &[super::PegRange], marks: &mut [u64]) {
    let per_row = 8 / ROWS;
    // With two pegs a row, `8` in each odd peg's byte; for each row the bytes of the other pegs.
    let odd_pegs = set_splat_i64_m256i(if per_row == 2 { 0x0800_0800_0800_0800 } else { 0 });
    let row_bytes = (1u64 << (8 * per_row)) - 1;
    let others: [m256i; ROWS] = std::array::from_fn(|row| {
        set_splat_i64_m256i((!(row_bytes << (8 * per_row * row)) & 0x8080_8080_8080_8080) as i64)
    });
    let zero = zeroed_m256i();
    for range in ranges {
        let rows: [m256i; ROWS] = std::array::from_fn(|row| m256i::from(range.table.rows[row]));
        let below = set_splat_i64_m256i(i64::from(range.low));
        let above = set_splat_i64_m256i(i64::from(range.high));
        // Bit `i` set for each of four codes outside the range.
        let outside = |four_codes: &[u64]| {
            let index = add_i8_m256i(four(four_codes), odd_pegs);
            let mut values = zero;
            for (row, others) in rows.iter().zip(&others) {
                let index = bitor_m256i(index, *others);
                values = add_i8_m256i(values, shuffle_av_i8z_half_m256i(*row, index));
            }
            let sums = sum_of_u8_abs_diff_m256i(values, zero);
            let beyond =
                bitor_m256i(cmp_gt_mask_i64_m256i(below, sums), cmp_gt_mask_i64_m256i(sums, above));
            move_mask_m256d(cast_to_m256d_from_m256i(beyond)) as u64
        };
        let eights = codes.chunks_exact(8);
        let rest = eights.remainder();
        let whole = eights.len();
        for (k, eight) in eights.enumerate() {
            let shift = 8 * (k % 8);
            if (marks[k / 8] >> shift) & 0xff == 0xff {
                continue;
            }
            marks[k / 8] |= (outside(&eight[..4]) | outside(&eight[4..]) << 4) << shift;
        }
        if let Some(&first) = rest.first() {
            let k = whole;
            let mut eight = [first; 8];
            eight[..rest.len()].copy_from_slice(rest);
            let all = u64::MAX >> (64 - rest.len());
            let bits = outside(&eight[..4]) | outside(&eight[4..]) << 4;
            marks[k / 8] |= (bits & all) << (8 * (k % 8));
        }
    }
}

/// The eight 64-bit lanes of two registers, the first register's lowest lane first.
#[inline(always)]
fn lanes(acc: [m256i; 2]) -> [u64; 8] {
    let (low, high): ([u64; 4], [u64; 4]) = (acc[0].into(), acc[1].into());
    std::array::from_fn(|lane| if lane < 4 { low[lane] } else { high[lane - 4] })
}

/// Four words in one register, the first in the lowest lane.
#[inline(always)]
fn four(words: &[u64]) -> m256i {
    set_i64_m256i(words[3] as i64, words[2] as i64, words[1] as i64, words[0] as i64)
}
