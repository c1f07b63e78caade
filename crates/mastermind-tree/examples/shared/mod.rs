//! What the tree crate's examples share: reading a game and a preset from the command line.

use mastermind_core::Game;
use mastermind_tree::Preset;

/// The game (`PEGSxCOLOURS`) and the preset (one of `Preset::ALL`'s names) of the first two
/// arguments; an error names `usage`, and the presets when the second is not one.
pub fn game_and_preset(args: &[String], usage: &str) -> Result<(Game, Preset), String> {
    let size = args.first().ok_or(usage)?;
    let (pegs, colours) = size.split_once('x').ok_or(usage)?;
    let number = |text: &str| text.parse().map_err(|_| format!("{usage}\nnot a number: {text}"));
    let game = Game::new(number(pegs)?, number(colours)?).map_err(|e| e.to_string())?;
    let preset = args.get(1).and_then(|n| Preset::from_name(n)).ok_or_else(|| {
        let names: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
        format!("{usage}\npresets: {}", names.join(" "))
    })?;
    Ok((game, preset))
}
