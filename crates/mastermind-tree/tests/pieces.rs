//! A tree built in pieces: every piece built, turned into bytes and read back merges into the
//! whole tree, node for node; a piece cut short, edited, or from another game, player or version
//! is refused, naming the piece and what is wrong.

mod common;

use common::config;
use mastermind_core::Game;
use mastermind_tree::pieces::{PieceError, PiecePlan, PieceRun};
use mastermind_tree::{Preset, build_tree};

fn run() -> PieceRun {
    common::run_of(0.5)
}

/// Every piece of `plan`, built and encoded.
fn all_pieces(plan: &PiecePlan) -> Vec<Vec<u8>> {
    (0..plan.parts().len())
        .map(|i| {
            let (node, stats) = plan.build(i, None).unwrap();
            plan.encode(i, &node, stats, run()).unwrap()
        })
        .collect()
}

#[test]
fn pieces_merge_into_the_whole_tree_node_for_node() {
    for (game, preset, first) in [
        (Game::CLASSIC, Preset::Knuth, Some("AABB")),
        (Game::CLASSIC, Preset::Kooi, None),
        (Game::CLASSIC, Preset::EntropyConsistent, None),
        (Game::new(3, 5).unwrap(), Preset::Irving, None),
        (Game::BULLS_AND_COWS, Preset::Knuth, None),
    ] {
        let config = config(preset, first);
        let (whole, _) = build_tree(game, &config).unwrap();
        let plan = PiecePlan::new(game, &config).unwrap();
        assert_eq!(plan.first_guess(), whole.root().guess, "{game} {preset}");
        assert_eq!(plan.parts().len(), whole.root().branches.len());
        let bytes = all_pieces(&plan);
        let mut records = Vec::new();
        let mut nodes = Vec::new();
        for (i, piece) in bytes.iter().enumerate() {
            let (record, node) = plan.decode(i, &format!("piece {i}"), piece).unwrap();
            assert_eq!(node, whole.root().branches[i].node, "{game} {preset} piece {i}");
            assert_eq!(plan.check(i, "again", piece).unwrap(), record);
            records.push(record);
            nodes.push(node);
        }
        // Merged in any order.
        records.reverse();
        let merged = plan.merge(records).unwrap();
        assert_eq!(merged.total, whole.total_guesses(), "{game} {preset}");
        assert_eq!(merged.max, whole.max_guesses());
        assert_eq!(merged.nodes, whole.node_count());
        assert_eq!(merged.distribution, whole.guess_distribution());
        assert_eq!(plan.assemble(nodes).unwrap(), whole);
    }
}

#[test]
fn knuths_pieces_total_his_5801() {
    let plan = PiecePlan::new(Game::CLASSIC, &config(Preset::Knuth, Some("AABB"))).unwrap();
    let records =
        all_pieces(&plan).iter().enumerate().map(|(i, b)| plan.check(i, "p", b).unwrap()).collect();
    let merged = plan.merge(records).unwrap();
    assert_eq!((merged.total, merged.max), (5801, 5));
    assert_eq!(merged.pieces[0].header.run, run(), "the run is kept as measured");
}

/// The header line of `bytes` as JSON, changed by `edit`, and the body unchanged.
fn with_header(bytes: &[u8], edit: impl FnOnce(&mut serde_json::Value)) -> Vec<u8> {
    let end = bytes.iter().position(|&b| b == b'\n').unwrap();
    let mut header: serde_json::Value = serde_json::from_slice(&bytes[..end]).unwrap();
    edit(&mut header);
    let mut out = serde_json::to_vec(&header).unwrap();
    out.extend_from_slice(&bytes[end..]);
    out
}

/// The error's message, which must name the piece.
fn refusal(plan: &PiecePlan, index: usize, bytes: &[u8]) -> (PieceError, String) {
    let error = plan.check(index, "pieces/piece-003.bin", bytes).unwrap_err();
    let message = error.to_string();
    assert!(message.contains("pieces/piece-003.bin"), "{message}");
    (error, message)
}

#[test]
fn a_piece_cut_short_edited_or_of_another_tree_is_refused_by_name() {
    let game = Game::CLASSIC;
    let plan = PiecePlan::new(game, &config(Preset::Knuth, Some("AABB"))).unwrap();
    let index = 3;
    let (node, stats) = plan.build(index, None).unwrap();
    let piece = plan.encode(index, &node, stats, run()).unwrap();
    assert!(plan.check(index, "whole", &piece).is_ok());

    // Cut short, in the body and in the header; empty.
    let (_, message) = refusal(&plan, index, &piece[..piece.len() - 1]);
    assert!(message.contains("cut short"), "{message}");
    let header_end = piece.iter().position(|&b| b == b'\n').unwrap();
    let (_, message) = refusal(&plan, index, &piece[..header_end / 2]);
    assert!(message.contains("no header line"), "{message}");
    let (_, message) = refusal(&plan, index, b"");
    assert!(message.contains("not a tree piece"), "{message}");

    // A guess edited: the checksum tells.
    let mut edited = piece.clone();
    let last = edited.len() - 1;
    edited[last] ^= 1;
    let (_, message) = refusal(&plan, index, &edited);
    assert!(message.contains("checksum"), "{message}");

    // Edited with the checksum made to fit: the replay tells.
    let body = &edited[header_end + 1..];
    let fitted = with_header(&edited, |h| {
        h["body"]["fnv1a"] = checksum_of(body).into();
    });
    let (error, message) = refusal(&plan, index, &fitted);
    assert!(matches!(error, PieceError::Damaged { .. }), "{message}");
    assert!(message.contains("replay"), "{message}");

    // The header's totals edited: the replay gives the true ones.
    let lying = with_header(&piece, |h| {
        let total = h["summary"]["total"].as_u64().unwrap();
        h["summary"]["total"] = (total - 1).into();
    });
    let (_, message) = refusal(&plan, index, &lying);
    assert!(message.contains("replay to"), "{message}");

    // Another piece under this one's name.
    let (other, other_stats) = plan.build(index + 1, None).unwrap();
    let neighbour = plan.encode(index + 1, &other, other_stats, run()).unwrap();
    let (_, message) = refusal(&plan, index, &neighbour);
    assert!(message.contains("holds piece 4, not piece 3"), "{message}");

    // Another game, player, version: each named as the field that differs.
    for (field, value) in [
        ("game", "4x7"),
        ("player", "{\"heuristic\":\"MostParts\"}"),
        ("first_guess", "ABCD"),
        ("version", "0.0.1"),
    ] {
        let foreign = with_header(&piece, |h| h["stamp"][field] = value.into());
        let (error, message) = refusal(&plan, index, &foreign);
        match error {
            PieceError::OtherTree { field: named, .. } => assert_eq!(named, field, "{message}"),
            other => panic!("{field}: {other}"),
        }
    }
    // A piece really built for another player is refused too.
    let kooi = PiecePlan::new(game, &config(Preset::Kooi, Some("AABB"))).unwrap();
    let (kooi_node, kooi_stats) = kooi.build(index, None).unwrap();
    let kooi_piece = kooi.encode(index, &kooi_node, kooi_stats, run()).unwrap();
    let (error, _) = refusal(&plan, index, &kooi_piece);
    assert!(matches!(error, PieceError::OtherTree { field: "player", .. }));
}

#[test]
fn a_merge_names_the_missing_pieces() {
    let plan = PiecePlan::new(Game::new(3, 4).unwrap(), &config(Preset::Knuth, None)).unwrap();
    let pieces = all_pieces(&plan);
    let records: Vec<_> = pieces
        .iter()
        .enumerate()
        .filter(|(i, _)| i % 2 == 0)
        .map(|(i, b)| plan.check(i, "p", b).unwrap())
        .collect();
    let message = plan.merge(records).unwrap_err().to_string();
    assert!(message.contains("pieces are missing (first: 1, 3"), "{message}");
    assert!(matches!(plan.check(99, "p", &pieces[0]), Err(PieceError::NoSuchPiece { .. })));
}

/// The FNV-1a checksum a piece's header gives its body.
fn checksum_of(body: &[u8]) -> String {
    let hash = body.iter().fold(0xcbf2_9ce4_8422_2325u64, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    format!("{hash:016x}")
}

#[test]
fn shards_share_the_pieces_each_once_the_largest_spread() {
    let plan =
        PiecePlan::new(Game::new(5, 8).unwrap(), &config(Preset::Knuth, Some("AABBC"))).unwrap();
    let shards: Vec<Vec<usize>> = (0..3).map(|s| plan.shard(s, 3)).collect();
    let mut all: Vec<usize> = shards.concat();
    all.sort_unstable();
    assert_eq!(all, (0..plan.parts().len()).collect::<Vec<_>>());
    // The three largest pieces lie in three shards.
    let mut by_size: Vec<usize> = (0..plan.parts().len()).collect();
    by_size.sort_by_key(|&i| std::cmp::Reverse(plan.parts()[i].secrets));
    for (s, shard) in shards.iter().enumerate() {
        assert_eq!(by_size[..3].iter().filter(|i| shard.contains(i)).count(), 1, "shard {s}");
    }
    assert_eq!(plan.shard(0, 1), all);
    assert_eq!(PiecePlan::file_name(7), "piece-007.bin");
}

#[test]
fn games_past_the_core_enumeration_limit_are_taken_up_to_the_builders() {
    use mastermind_tree::{BuildError, MAX_BUILD_CODES, check_config};
    // 8x9 and 7x13 hold more codes than the core enumerates as a code set, not than the builder
    // takes; 9x12 (5.2 billion) more than either.
    for (pegs, colours) in [(8, 9), (7, 13)] {
        let game = Game::new(pegs, colours).unwrap();
        assert!(game.size().unwrap() > mastermind_core::codeset::DEFAULT_ENUMERATION_LIMIT);
        assert!(check_config(game, &config(Preset::Knuth, None)).is_ok(), "{game}");
    }
    let too_many = Game::new(9, 12).unwrap();
    assert!(too_many.size().unwrap() > MAX_BUILD_CODES);
    let refused = check_config(too_many, &config(Preset::Knuth, None)).unwrap_err();
    assert!(matches!(refused, BuildError::Game(_)), "{refused}");
}
