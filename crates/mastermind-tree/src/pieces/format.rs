//! A piece's bytes: one line of JSON (the header), then the body of guesses, with its length and
//! checksum in the header.

use super::PieceError;
use super::steps::StepOf;
use crate::build::BuildStats;
use serde::{Deserialize, Serialize};

/// The first field of every piece's header, with the format's version.
pub(crate) const FORMAT: &str = "mastermind-tree-piece/1";

/// What makes two pieces parts of one tree. Every field must agree for a piece to be merged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stamp {
    /// The format, `mastermind-tree-piece/1`.
    pub format: String,
    /// The game, as `8x9` (`4x10n` without repeated colours).
    pub game: String,
    /// The player: its one-ply configuration as JSON (the first guess it was given included).
    pub player: String,
    /// The first guess, as letters.
    pub first_guess: String,
    /// How many pieces the tree has (one per reply to the first guess other than the win).
    pub pieces: usize,
    /// The version of the crate that built the piece.
    pub version: String,
}

impl Stamp {
    /// The first field in which `self` (a piece's) differs from `expected`, with both values.
    pub(crate) fn first_difference(
        &self,
        expected: &Stamp,
    ) -> Option<(&'static str, String, String)> {
        let fields: [(&'static str, String, String); 6] = [
            ("format", self.format.clone(), expected.format.clone()),
            ("game", self.game.clone(), expected.game.clone()),
            ("player", self.player.clone(), expected.player.clone()),
            ("first_guess", self.first_guess.clone(), expected.first_guess.clone()),
            ("pieces", self.pieces.to_string(), expected.pieces.to_string()),
            ("version", self.version.clone(), expected.version.clone()),
        ];
        fields.into_iter().find(|(_, found, wanted)| found != wanted)
    }
}

/// What a piece holds, as its replay counts it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceSummary {
    /// The guesses of all its secrets, the first guess included.
    pub total: u64,
    /// The most guesses any of its secrets needs.
    pub max: u32,
    /// Its nodes (one per history at which a guess is played).
    pub nodes: u64,
    /// How many of its secrets take exactly `k` guesses, for `k = 0..=max` (the first guess
    /// counts, so entries 0 and 1 are 0).
    pub distribution: Vec<u64>,
}

/// How long building a piece took and what it used, as the process that built it measured.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceRun {
    /// Wall-clock seconds.
    pub wall_seconds: f64,
    /// CPU seconds of the process over the build (all its threads).
    pub cpu_seconds: f64,
    /// The process's peak resident memory when the piece was done, in MiB, if known (a process
    /// that built several pieces reports the largest so far).
    pub peak_mib: Option<f64>,
    /// The threads the build ran on.
    pub threads: usize,
    /// The number of steps the piece was built in, when it was built in steps (its times are
    /// then the steps' added up, its peak and threads their largest).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub steps: Option<usize>,
}

/// The header of a piece: the line of JSON before its body.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceHeader {
    /// The tree the piece belongs to.
    pub stamp: Stamp,
    /// The piece's index in its plan, `0..pieces`.
    pub piece: usize,
    /// The reply to the first guess whose secrets the piece holds, as `1B2W`.
    pub reply: String,
    /// For a step of the piece, not the piece itself: where it sits under the piece's guess.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<StepOf>,
    /// How many secrets the piece holds.
    pub secrets: u64,
    /// What the piece holds.
    pub summary: PieceSummary,
    /// What building it cost.
    pub stats: BuildStats,
    /// How long it took.
    pub run: PieceRun,
    /// The body: its length in bytes and its FNV-1a checksum (hexadecimal).
    pub body: BodyCheck,
}

/// A body's length and checksum.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BodyCheck {
    /// Its length in bytes.
    pub bytes: u64,
    /// Its 64-bit FNV-1a hash, in hexadecimal.
    pub fnv1a: String,
}

impl BodyCheck {
    /// The check of `body`.
    pub(crate) fn of(body: &[u8]) -> BodyCheck {
        BodyCheck { bytes: body.len() as u64, fnv1a: format!("{:016x}", fnv1a(body)) }
    }
}

/// The 64-bit FNV-1a hash of `bytes`: enough to tell a body edited or damaged by accident from
/// the one written (not a defence against a forger, whom the replay stops anyway).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// A fingerprint of the piece `bytes`: the FNV-1a hash of its header line (which holds its
/// body's checksum), in hexadecimal, or `None` when they hold no header line. Two pieces with
/// one fingerprint hold the same guesses, totals and measured run.
pub fn fingerprint(bytes: &[u8]) -> Option<String> {
    let end = bytes.iter().position(|&b| b == b'\n')?;
    Some(format!("{:016x}", fnv1a(&bytes[..end])))
}

/// The bytes of a piece: `header` as one line of JSON, then `body`.
pub(crate) fn write(header: &PieceHeader, body: &[u8]) -> Vec<u8> {
    let mut bytes = serde_json::to_vec(header).expect("a header serialises");
    bytes.push(b'\n');
    bytes.extend_from_slice(body);
    bytes
}

/// The header and body of the piece `bytes` named `name`, after checking that the body is
/// whole and unchanged (its length and checksum are the header's).
pub(crate) fn read<'b>(name: &str, bytes: &'b [u8]) -> Result<(PieceHeader, &'b [u8]), PieceError> {
    let damaged = |what: String| PieceError::Damaged { name: name.to_owned(), what };
    let Some(end) = bytes.iter().position(|&b| b == b'\n') else {
        return Err(damaged(
            "not a tree piece: no header line (an empty or truncated file?)".into(),
        ));
    };
    let value: serde_json::Value = serde_json::from_slice(&bytes[..end])
        .map_err(|e| damaged(format!("not a tree piece: its header is not JSON ({e})")))?;
    let format = value.get("stamp").and_then(|s| s.get("format")).and_then(|f| f.as_str());
    if format != Some(FORMAT) {
        let found = format.map_or("none".to_owned(), |f| format!("{f:?}"));
        return Err(damaged(format!("not a tree piece of format {FORMAT:?} (format: {found})")));
    }
    let header: PieceHeader = serde_json::from_value(value)
        .map_err(|e| damaged(format!("its header is not a piece's header: {e}")))?;
    let body = &bytes[end + 1..];
    if body.len() as u64 != header.body.bytes {
        return Err(damaged(format!(
            "its body holds {} bytes, its header says {}: the file was cut short or added to",
            body.len(),
            header.body.bytes
        )));
    }
    let check = BodyCheck::of(body);
    if check.fnv1a != header.body.fnv1a {
        return Err(damaged(format!(
            "its body's checksum is {}, its header says {}: the body was edited or damaged",
            check.fnv1a, header.body.fnv1a
        )));
    }
    Ok((header, body))
}

/// Bytes of a rank in a game of `codes` codes: as few as hold `codes - 1`.
pub(crate) fn rank_bytes(codes: u64) -> usize {
    let bits = 64 - codes.saturating_sub(1).leading_zeros() as usize;
    bits.div_ceil(8).max(1)
}

/// Appends `rank` in `width` bytes, little-endian.
pub(crate) fn push_rank(body: &mut Vec<u8>, rank: u64, width: usize) {
    body.extend_from_slice(&rank.to_le_bytes()[..width]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_take_as_few_bytes_as_the_largest_needs() {
        assert_eq!(rank_bytes(4), 1);
        assert_eq!(rank_bytes(256), 1);
        assert_eq!(rank_bytes(257), 2);
        assert_eq!(rank_bytes(1 << 24), 3);
        assert_eq!(rank_bytes(43_046_721), 4);
        let mut body = Vec::new();
        push_rank(&mut body, 0x01_02_03, 3);
        assert_eq!(body, [3, 2, 1]);
    }

    #[test]
    fn the_checksum_is_fnv1a() {
        // The published FNV-1a 64 values of "" and "a".
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
