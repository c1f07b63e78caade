//! Table 1 of the thesis: the exact expected share of the code set left after each first guess.

// Histories are built and counts checked with the raw scorers that the crate's clippy.toml
// refuses to its players.
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

use mastermind_core::analysis::expected_share_left;
use mastermind_core::{CodeSet, Game};
use mastermind_importance::{ColourPattern, first_guess_table};

/// The thesis prints seven decimals; a deterministic computation must reproduce every one.
#[test]
fn classic_game_matches_the_seven_printed_digits() {
    let table = first_guess_table(Game::CLASSIC).unwrap();
    let rows: Vec<(String, String, u64, String)> = table
        .iter()
        .map(|r| {
            (
                r.pattern.to_string(),
                r.representative.to_string(),
                r.codes,
                format!("{:.7}", r.expected_share),
            )
        })
        .collect();
    let expected = [
        ("2,1,1", "AABC", 720, "0.1429541"),
        ("1,1,1,1", "ABCD", 360, "0.1452082"),
        ("2,2", "AABB", 90, "0.1578206"),
        ("3,1", "AAAB", 120, "0.1820595"),
        ("4", "AAAA", 6, "0.3950462"),
    ];
    let expected: Vec<(String, String, u64, String)> = expected
        .iter()
        .map(|(p, c, n, s)| (p.to_string(), c.to_string(), *n, s.to_string()))
        .collect();
    assert_eq!(rows, expected);
}

/// The share depends only on the pattern: every one of the 1296 codes gives its pattern's value
/// exactly (the sums of squares are integers).
#[test]
fn every_code_has_its_patterns_share() {
    let set = CodeSet::enumerate(Game::CLASSIC).unwrap();
    let table = first_guess_table(Game::CLASSIC).unwrap();
    for code in set.iter() {
        let pattern = ColourPattern::of(code);
        let row = table.iter().find(|r| r.pattern == pattern).unwrap();
        assert_eq!(expected_share_left(&set, code), row.expected_share, "{code}");
    }
    assert_eq!(table.iter().map(|r| r.codes).sum::<u64>(), 1296);
}

/// Small games checked by hand. 2 pegs x 2 colours: AA splits {AA, AB, BA, BB} into
/// {AA}, {AB, BA}, {BB} (shares (1 + 4 + 1) / 16 = 0.375); AB into {AB}, {BA}, {AA, BB}
/// ((1 + 1 + 4) / 16 = 0.375). 1 peg x 3 colours: A leaves {A} or {B, C}: (1 + 4) / 9.
#[test]
fn small_games_by_hand() {
    let t = first_guess_table(Game::new(2, 2).unwrap()).unwrap();
    assert_eq!(t.len(), 2);
    assert!(t.iter().all(|r| r.expected_share == 0.375));
    let t = first_guess_table(Game::new(1, 3).unwrap()).unwrap();
    assert_eq!(t.len(), 1);
    assert_eq!(t[0].expected_share, 5.0 / 9.0);
    assert!(first_guess_table(Game::new(10, 10).unwrap()).is_err());
}
