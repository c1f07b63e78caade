//! What a build needs in memory, estimated before it starts.
//!
//! A build holds the code set a few times over (secrets, their scratch copy, multiset numbers,
//! reply indices), the tree (one node per code) and the candidate lists its threads share, all
//! linear in the number of codes. Peaks of whole processes on two threads (`mastermind tree`;
//! the `build` example for the largest games), per code of the game: 6x7 483-703 bytes (Knuth,
//! Most parts, Expected size, Entropy), 7x6 534-603, Knuth 614 at 6x9, 630 at 8x5, 625 at 7x7
//! and 547 at 7x8 (1.15 GB for 2.1 million codes). A later builder, measured with GNU time:
//! Knuth 658 at 6x9, 623 at 8x5, 638 at 7x7, and at 7x8 500 with the first guess AABBCDE and
//! 612 with the preset's AAABBCC (1.28 GB, the largest peak measured).

use mastermind_core::Game;

/// Bytes per code of the estimate: above every measured peak (at most 703, the program
/// included).
pub const BYTES_PER_CODE: u64 = 750;

/// Bytes of the estimate that do not grow with the game (the program and its tables).
const BASE_BYTES: u64 = 16 << 20;

/// The most memory building a one-ply player's tree for `game` is expected to need, in bytes:
/// [`BYTES_PER_CODE`] for each code, plus a fixed base; `None` for a game too large to count.
pub fn memory_estimate(game: Game) -> Option<u64> {
    let codes = game.size()?;
    codes.checked_mul(BYTES_PER_CODE)?.checked_add(BASE_BYTES)
}

/// Bytes per code of the game that building any piece of its tree holds: the candidate lists
/// its shelves keep (at most 96 bytes a code in base lists and 32 in filtered ones), the
/// multisets and the prefixes the secrets are generated from.
pub const PIECE_GAME_BYTES_PER_CODE: u64 = 200;

/// Bytes per secret of a piece: its secrets and their scratch copies while it is built, its
/// subtree, and the replay that reads its bytes back before they are written.
pub const PIECE_BYTES_PER_SECRET: u64 = 250;

/// The most memory building one piece of a one-ply player's tree for `game` is expected to
/// need, in bytes, for a piece of `secrets` secrets: [`PIECE_GAME_BYTES_PER_CODE`] for each code
/// of the game, [`PIECE_BYTES_PER_SECRET`] for each secret of the piece, plus a fixed base;
/// `None` for a game too large to count.
pub fn piece_memory_estimate(game: Game, secrets: u64) -> Option<u64> {
    let codes = game.size()?;
    let game_part = codes.checked_mul(PIECE_GAME_BYTES_PER_CODE)?;
    let piece_part = secrets.checked_mul(PIECE_BYTES_PER_SECRET)?;
    game_part.checked_add(piece_part)?.checked_add(BASE_BYTES)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_estimate_grows_with_the_codes() {
        let small = memory_estimate(Game::new(4, 6).unwrap()).unwrap();
        let large = memory_estimate(Game::new(7, 8).unwrap()).unwrap();
        assert_eq!(large - small, (2_097_152 - 1_296) * BYTES_PER_CODE);
        // 7x8 Knuth peaked at 1.28 GB (1 252 380 KiB); the estimate stays above it.
        assert!(large > 1_252_380 * 1024);
    }
}
