//! What the piece tests share: a player's configuration at 4x6 and a made-up run.

use mastermind_core::Game;
use mastermind_heuristics::OnePlyConfig;
use mastermind_tree::Preset;
use mastermind_tree::pieces::PieceRun;

/// `preset`'s configuration at 4x6, with `first_guess` in place of its own.
pub fn config(preset: Preset, first_guess: Option<&str>) -> OnePlyConfig {
    let mut config = preset.config(Game::CLASSIC);
    config.first_guess = first_guess.map(str::to_owned);
    config
}

/// A run of `wall_seconds` (twice that of CPU), as a build's caller would measure it.
pub fn run_of(wall_seconds: f64) -> PieceRun {
    PieceRun {
        wall_seconds,
        cpu_seconds: 2.0 * wall_seconds,
        peak_mib: Some(12.5),
        threads: 1,
        steps: None,
    }
}
