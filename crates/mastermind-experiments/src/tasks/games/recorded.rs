//! Games another program played, stored as data: an arm whose rows are read, not played.
//!
//! A paper's numbers sometimes come from its authors' own program, and the surest test of a
//! reading is to run that program. Its games are recorded once by a script under `peers/`
//! (which names the program, its version, its settings and the seed in the file) and stored
//! under `data/peers/`; an arm with `recorded: Some(file)` takes its rows from that file, so its
//! games are judged, tabled and drawn beside the lab's own, with nothing but Rust installed.
//!
//! The file is CSV: any number of `#` lines first (the provenance, kept with the result), then
//! the header `secret,guesses,evaluations,seconds` and one line per game: the secret as letters,
//! the guesses played (the winning one included), the program's own count of evaluations and the
//! game's wall time in seconds.

use mastermind_core::seed::name_id;
use mastermind_core::{Code, Game};
use std::path::Path;

/// The header every recorded file has after its `#` lines.
pub const HEADER: &str = "secret,guesses,evaluations,seconds";

/// One recorded game.
#[derive(Debug, Clone, PartialEq)]
pub struct RecordedGame {
    /// The secret.
    pub secret: Code,
    /// Guesses played, the winning one included.
    pub guesses: u32,
    /// The program's own count of evaluations in the game.
    pub evaluations: u64,
    /// The game's wall time in nanoseconds.
    pub nanos: u64,
}

/// A recorded file, read.
#[derive(Debug, Clone, PartialEq)]
pub struct RecordedGames {
    /// Its games, in file order.
    pub games: Vec<RecordedGame>,
    /// Its `#` lines, without the `#`: what program played, with which settings.
    pub provenance: Vec<String>,
    /// A fingerprint of the whole file (FNV-1a): a changed file makes stored results stale.
    pub fingerprint: String,
}

impl RecordedGames {
    /// The secrets, in file order.
    pub fn secrets(&self) -> Vec<Code> {
        self.games.iter().map(|g| g.secret).collect()
    }
}

/// Reads the recorded games of `game` from `path`. An error names the file and line.
pub fn read(path: &Path, game: Game) -> Result<RecordedGames, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read the recorded games {}: {e}", path.display()))?;
    parse(&text, game).map_err(|(line, message)| format!("{}:{line}: {message}", path.display()))
}

/// Parses a recorded file's text; an error is `(line number, message)`.
pub fn parse(text: &str, game: Game) -> Result<RecordedGames, (usize, String)> {
    let mut provenance = Vec::new();
    let mut games = Vec::new();
    let mut header_seen = false;
    for (k, line) in text.lines().enumerate() {
        let number = k + 1;
        let line = line.trim();
        if let Some(comment) = line.strip_prefix('#') {
            if header_seen {
                return Err((number, "a `#` line after the header".into()));
            }
            provenance.push(comment.trim().to_owned());
            continue;
        }
        if line.is_empty() {
            continue;
        }
        if !header_seen {
            if line != HEADER {
                return Err((number, format!("expected the header {HEADER:?}, found {line:?}")));
            }
            header_seen = true;
            continue;
        }
        games.push(parse_game(line, game).map_err(|m| (number, m))?);
    }
    if !header_seen {
        return Err((text.lines().count().max(1), format!("no header {HEADER:?}")));
    }
    if games.is_empty() {
        return Err((text.lines().count().max(1), "no recorded games".into()));
    }
    if provenance.is_empty() {
        return Err((1, "no `#` lines saying which program played, with which settings".into()));
    }
    Ok(RecordedGames { games, provenance, fingerprint: format!("fnv1a64:{:016x}", name_id(text)) })
}

fn parse_game(line: &str, game: Game) -> Result<RecordedGame, String> {
    let fields: Vec<&str> = line.split(',').map(str::trim).collect();
    let [secret, guesses, evaluations, seconds] = fields[..] else {
        return Err(format!("{} fields where {HEADER:?} has 4", fields.len()));
    };
    let secret = Code::parse(game, secret).map_err(|e| format!("secret: {e}"))?;
    let guesses: u32 = guesses
        .parse()
        .ok()
        .filter(|&g| g >= 1)
        .ok_or_else(|| format!("guesses: {guesses:?} is not a count of at least 1"))?;
    let evaluations: u64 =
        evaluations.parse().map_err(|_| format!("evaluations: {evaluations:?} is not a count"))?;
    let seconds: f64 = seconds
        .parse()
        .ok()
        .filter(|s: &f64| s.is_finite() && *s >= 0.0)
        .ok_or_else(|| format!("seconds: {seconds:?} is not a duration"))?;
    Ok(RecordedGame { secret, guesses, evaluations, nanos: (seconds * 1e9).round() as u64 })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> Game {
        Game::new(4, 8).unwrap()
    }

    #[test]
    fn a_recorded_file_keeps_its_provenance_and_games() {
        let text = "# program: X 1.0\n# seed: 42\nsecret,guesses,evaluations,seconds\n\
                    ABCD,5,6100,0.25\nHHHH,6,7000,0.5\n";
        let read = parse(text, game()).unwrap();
        assert_eq!(read.provenance, ["program: X 1.0", "seed: 42"]);
        assert_eq!(read.games.len(), 2);
        assert_eq!(read.games[1].secret.to_string(), "HHHH");
        assert_eq!((read.games[1].guesses, read.games[1].evaluations), (6, 7000));
        assert_eq!(read.games[0].nanos, 250_000_000);
        // Any change to the file changes its fingerprint.
        let other = parse(&text.replace("7000", "7001"), game()).unwrap();
        assert_ne!(read.fingerprint, other.fingerprint);
    }

    #[test]
    fn a_bad_line_is_named_with_its_number() {
        let head = "# program: X\nsecret,guesses,evaluations,seconds\n";
        let error = |body: &str| parse(&format!("{head}{body}"), game()).unwrap_err();
        assert_eq!(error("ABCZ,5,1,0.1\n").0, 3);
        assert!(error("ABCD,0,1,0.1\n").1.contains("guesses"));
        assert!(error("ABCD,5,x,0.1\n").1.contains("evaluations"));
        assert!(error("ABCD,5,1\n").1.contains("3 fields"));
        assert!(error("ABCD,5,1,-1\n").1.contains("seconds"));
        assert!(
            parse("secret,guesses,evaluations,seconds\nABCD,5,1,0.1\n", game())
                .unwrap_err()
                .1
                .contains("which program")
        );
        assert!(parse("# p\nsecret,guesses\n", game()).unwrap_err().1.contains("header"));
    }
}
