//! What a build needs in memory, estimated before it starts.
//!
//! A build holds the code set a few times over (secrets, their scratch copy, multiset numbers,
//! reply indices: 41 bytes a code in 64-bit words), the tree (a node per code, 64 to 100 bytes
//! with its branch vector) and the candidate lists its threads share, whose shelves hold at most
//! 96 bytes a code of the game in base lists and 32 in filtered ones, beside 32 MiB each: all
//! linear in the number of codes. A heap profile (valgrind's massif) of 6x9 Knuth on the
//! builder before these limits found the filtered lists holding most of the peak (a copy of
//! their codes, 20 bytes each, on a shelf of eight times the code set), and after them: the tree
//! 31%, the base lists 33%, the filtered lists 15%, the secrets' arrays 15%.
//!
//! Peaks of whole processes on two threads (`mastermind tree`, GNU time's maximum resident
//! size), per code of the game: 6x7 285-501 bytes (Kooi, Irving, Knuth, Entropy; the fixed part
//! weighs most in small games), 7x6 285 (Knuth) and 434 (Entropy), 8x5 272 (Kooi) and 323
//! (Knuth), 6x9 272 (Kooi) and 317 (Knuth), 7x7 286 (Kooi) and 306 (Knuth), and 7x8 Knuth with
//! the preset's first guess AAABBCC 298 (610 952 KiB, the largest peak measured). The builder
//! before the lists' limits peaked at up to 703 bytes a code (612 at 7x8, 1 252 380 KiB).

use mastermind_core::Game;

/// Bytes per code of the estimate: with a fixed 48 MiB, above every measured peak (at most
/// 306 a code in games of more than 300 000 codes, where the fixed part no longer counts).
pub const BYTES_PER_CODE: u64 = 400;

/// Bytes of the estimate that do not grow with the game (the program, its tables, and the 32
/// MiB each shelf of candidate lists may hold whatever the game).
const BASE_BYTES: u64 = 48 << 20;

/// The most memory building a one-ply player's tree for `game` is expected to need, in bytes:
/// [`BYTES_PER_CODE`] for each code, plus a fixed base; `None` for a game too large to count.
pub fn memory_estimate(game: Game) -> Option<u64> {
    let codes = game.size()?;
    codes.checked_mul(BYTES_PER_CODE)?.checked_add(BASE_BYTES)
}

/// Bytes per code of the game that building any piece of its tree holds: the candidate lists
/// its shelves keep (at most 96 bytes a code in base lists and 32 in filtered ones), the
/// multisets and the prefixes the secrets are generated from, and the plan's reply to the first
/// guess (a byte a code). A process that built 8x9 Knuth's pieces one after another peaked at
/// 8 920.1 MiB after pieces of up to 330 183 secrets: 214 bytes a code of the game, were the
/// pieces' own bytes nothing.
pub const PIECE_GAME_BYTES_PER_CODE: u64 = 240;

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
        // 7x8 Knuth peaked at 610 952 KiB; the estimate stays above it, and above 6x7
        // Entropy's 57 584 KiB, the most per code measured.
        assert!(large > 610_952 * 1024);
        assert!(memory_estimate(Game::new(6, 7).unwrap()).unwrap() > 57_584 * 1024);
    }

    #[test]
    fn a_piece_is_estimated_from_its_game_and_its_secrets() {
        let game = Game::new(8, 8).unwrap();
        let none = piece_memory_estimate(game, 0).unwrap();
        let some = piece_memory_estimate(game, 1000).unwrap();
        assert_eq!(some - none, 1000 * PIECE_BYTES_PER_SECRET);
        assert!(none > (1 << 24) * PIECE_GAME_BYTES_PER_CODE);
        // 8x8 Knuth (AABBCCDD) in pieces: the process peaked at 2024.5 MiB after pieces of up
        // to 107 768 secrets.
        assert!(piece_memory_estimate(game, 107_768).unwrap() > (20_245 << 20) / 10);
        // 8x9 Knuth (AABBCCDE): 8 920.1 MiB after pieces of up to 330 183 secrets.
        let larger = Game::new(8, 9).unwrap();
        assert!(piece_memory_estimate(larger, 330_183).unwrap() > (89_201 << 20) / 10);
    }
}
