//! The stochastic hill-climber of Temporel & Kovacs ("A heuristic hillclimbing algorithm for
//! Mastermind", slides): induce new potential guesses from a current favourite guess and play the
//! first one consistent with every reply.
//!
//! The slides' method, step by step, and the choices this module makes where they are silent:
//!
//! 1. Play a uniformly random code; after its reply it is the current favourite guess (CFG).
//! 2. Induce a new potential guess (NPG) from the CFG ([`induce`]): keep as many CFG pegs in place
//!    as it scored black (which ones: uniformly at random), move as many others as it scored white
//!    to random free positions other than their own (their own only when no other is free), and fill
//!    the rest with random colours of the palette, a colour not used by the kept and moved pegs being
//!    `unused_weight` times as likely as a used one (the slides say only "higher probability").
//! 3. If the NPG is not consistent with every reply, go to 2; otherwise play it.
//! 4. A reply of no pegs bans the guess's colours for the rest of the game and sends the search back
//!    to 1: the CFG is dropped and potential guesses are uniform codes over the colours left, again
//!    played only when consistent (so that every guess of the game is consistent).
//! 5. The played guess becomes the CFG when its reply is at least as good as the CFG's: more correct
//!    colours (black + white), or as many and at least as many black.
//! 6. Stop when the secret is played.
//!
//! Code tracker: with it, every code checked is remembered for the game, and an NPG met again is
//! discarded without being checked (no evaluation). Without it, every NPG is checked.
//! `evaluations` counts the potential guesses checked for consistency.

use crate::error::check;
use crate::palette::Palette;
use crate::population::CodeSet;
use mastermind_core::InvalidParameter;
use mastermind_core::{Code, Feedback, Game, LabRng, Oracle, Player, PlayerError, Strategy};
use rand::RngExt;
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

/// The hill-climber as written in an experiment spec.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ShcConfig {
    /// Remember codes already checked and never check them again.
    pub code_tracker: bool,
    /// How much likelier a colour unused by the kept and moved pegs is when filling (>= 1).
    pub unused_weight: f64,
    /// Potential guesses induced in one turn before the player gives up.
    pub max_inductions: u64,
}

/// The largest `unused_weight` accepted.
pub const MAX_UNUSED_WEIGHT: f64 = 1e6;

impl Default for ShcConfig {
    fn default() -> Self {
        ShcConfig { code_tracker: true, unused_weight: 2.0, max_inductions: 100_000_000 }
    }
}

impl ShcConfig {
    /// Checks every field.
    pub fn validate(&self) -> Result<(), InvalidParameter> {
        // Beyond a million, the weights of used colours vanish beside the unused ones' in a sum
        // of doubles, and a weight near f64::MAX overflows the sum to infinity.
        check(
            (1.0..=MAX_UNUSED_WEIGHT).contains(&self.unused_weight),
            "unused_weight",
            "a number from 1 to 1e6",
            self.unused_weight,
        )?;
        check(self.max_inductions >= 1, "max_inductions", "at least 1", self.max_inductions)
    }
}

/// A validated hill-climber configuration for one game: builds a fresh [`ShcPlayer`] per game.
#[derive(Debug, Clone)]
pub struct ShcStrategy {
    game: Game,
    config: ShcConfig,
}

impl ShcStrategy {
    /// Validates `config` for `game`.
    pub fn new(game: Game, config: ShcConfig) -> Result<ShcStrategy, InvalidParameter> {
        config.validate()?;
        Ok(ShcStrategy { game, config })
    }

    /// A player with its concrete type.
    pub fn player(&self) -> ShcPlayer {
        ShcPlayer::new(self.game, self.config.clone())
    }
}

impl Strategy for ShcStrategy {
    fn new_player(&self) -> Box<dyn Player> {
        Box::new(self.player())
    }
}

/// Whether reply `new` is at least as good as `old`: more correct colours, or as many and at least
/// as many in place.
pub fn at_least_as_good(new: Feedback, old: Feedback) -> bool {
    (new.total(), new.black) >= (old.total(), old.black)
}

/// Induces a new potential guess from `cfg`, which received `reply` (steps 1-3 of the slides).
pub fn induce(
    palette: &Palette,
    cfg: &Code,
    reply: Feedback,
    unused_weight: f64,
    rng: &mut LabRng,
) -> Code {
    // Fixed arrays rather than vectors: this runs for every potential guess, and the draws (and
    // so the games) are the same either way.
    let placed = keep_and_move(cfg, reply, rng);
    fill_free(palette, &placed, unused_weight, rng)
}

/// The pegs steps 1 and 2 place: a colour per peg or none, and the colours placed as bits.
struct Placed {
    slots: [Option<u8>; 16],
    used: u32,
}

/// Steps 1 and 2: `reply.black` pegs of `cfg`, drawn at random, keep their colour in place, and
/// the next `reply.white` move their colour to another free peg.
fn keep_and_move(cfg: &Code, reply: Feedback, rng: &mut LabRng) -> Placed {
    let pegs = cfg.len();
    let mut order = [0usize; 16];
    for (i, p) in order.iter_mut().enumerate() {
        *p = i;
    }
    order[..pegs].shuffle(rng);
    let (black, white) = (usize::from(reply.black), usize::from(reply.white));
    let mut placed = Placed { slots: [None; 16], used: 0 };
    for &p in &order[..black] {
        placed.slots[p] = Some(cfg.colour(p));
        placed.used |= 1 << cfg.colour(p);
    }
    for &p in &order[black..black + white] {
        // A free peg other than `p` if there is one, else `p` itself: some peg is free (the
        // black and white pegs number at most the pegs), and only `p` can be when no other is.
        let (mut choices, mut n) = ([0usize; 16], 0);
        for q in (0..pegs).filter(|&q| placed.slots[q].is_none() && q != p) {
            choices[n] = q;
            n += 1;
        }
        if n == 0 {
            (choices[0], n) = (p, 1);
        }
        let q = choices[rng.random_range(0..n)];
        placed.slots[q] = Some(cfg.colour(p));
        placed.used |= 1 << cfg.colour(p);
    }
    placed
}

/// Step 3: every peg `placed` left free takes a colour of the palette drawn with weight 1 if it
/// was placed and `unused_weight` if not (without repeats, only colours not held yet, each once).
fn fill_free(palette: &Palette, placed: &Placed, unused_weight: f64, rng: &mut LabRng) -> Code {
    let game = palette.game();
    let pegs = usize::from(game.pegs());
    let mut colours = [0u8; 32];
    let mut count = 0;
    for c in palette.colours() {
        // Without repeats a free peg takes a colour the code does not hold yet: the palette's
        // colours minus those kept or moved (still at least as many as the free pegs, since the
        // palette holds the secret's colours).
        if game.repeats() || placed.used >> c & 1 == 0 {
            colours[count] = c;
            count += 1;
        }
    }
    let colours = &colours[..count];
    let mut weights = [0f64; 32];
    for (w, &c) in weights.iter_mut().zip(colours) {
        *w = if placed.used >> c & 1 == 1 { 1.0 } else { unused_weight };
    }
    let weights = &mut weights[..count];
    let mut out = [0u8; 16];
    for (slot, value) in out[..pegs].iter_mut().zip(&placed.slots[..pegs]) {
        *slot = match value {
            Some(c) => *c,
            None => {
                let pick = weighted_pick(weights, rng.random::<f64>());
                if !game.repeats() {
                    // Drawn once: its weight goes (the draw stays proportional among the rest).
                    weights[pick] = 0.0;
                }
                colours[pick]
            }
        };
    }
    Code::from_valid_colours(game, &out[..pegs])
}

/// The index drawn from `weights` (not all zero) by `unit`, uniform in `[0, 1)`: the first whose
/// running sum passes `unit` times the total.
fn weighted_pick(weights: &[f64], unit: f64) -> usize {
    let total: f64 = weights.iter().sum();
    let mut u = unit * total;
    // Rounding can leave `u` past every weight: then the last index still drawable.
    let mut pick = weights.iter().rposition(|&w| w > 0.0).unwrap_or(weights.len() - 1);
    for (i, &w) in weights.iter().enumerate() {
        if u < w {
            pick = i;
            break;
        }
        u -= w;
    }
    pick
}

/// The hill-climber playing one game.
#[derive(Debug, Clone)]
pub struct ShcPlayer {
    config: ShcConfig,
    palette: Palette,
    cfg: Option<(Code, Feedback)>,
    tracker: CodeSet,
    inductions: u64,
    skipped: u64,
}

impl ShcPlayer {
    /// A player for `game`; `config` must be valid.
    pub fn new(game: Game, config: ShcConfig) -> ShcPlayer {
        ShcPlayer {
            config,
            palette: Palette::full(game),
            cfg: None,
            tracker: CodeSet::default(),
            inductions: 0,
            skipped: 0,
        }
    }

    /// The current favourite guess and its reply, if any.
    pub fn favourite(&self) -> Option<(Code, Feedback)> {
        self.cfg
    }

    /// Per-game metrics beyond the driver's counters: potential guesses induced or drawn, and
    /// those the code tracker discarded unchecked.
    pub fn extra_metrics(&self) -> Vec<(&'static str, f64)> {
        vec![("inductions", self.inductions as f64), ("tracker_skips", self.skipped as f64)]
    }

    /// Updates the CFG and the palette with the latest reply (steps 4 and 5).
    fn learn(&mut self, guess: Code, reply: Feedback) {
        if reply.total() == 0 {
            self.palette.ban(&guess);
            self.cfg = None;
            return;
        }
        match self.cfg {
            Some((_, old)) if !at_least_as_good(reply, old) => {}
            _ => self.cfg = Some((guess, reply)),
        }
    }
}

impl Player for ShcPlayer {
    fn metrics(&self) -> Vec<(&'static str, f64)> {
        self.extra_metrics()
    }

    fn next_guess(
        &mut self,
        oracle: &mut Oracle<'_>,
        rng: &mut LabRng,
    ) -> Result<Code, PlayerError> {
        if let Some(last) = oracle.history().last().copied() {
            self.learn(last.guess, last.feedback);
        } else {
            let first = self.palette.random_code(rng);
            if self.config.code_tracker {
                self.tracker.insert(first);
            }
            return Ok(first);
        }
        for _ in 0..self.config.max_inductions {
            self.inductions += 1;
            let npg = match self.cfg {
                Some((cfg, reply)) => {
                    induce(&self.palette, &cfg, reply, self.config.unused_weight, rng)
                }
                None => self.palette.random_code(rng),
            };
            if self.config.code_tracker && !self.tracker.insert(npg) {
                self.skipped += 1;
                continue;
            }
            if oracle.is_consistent(&npg) {
                return Ok(npg);
            }
        }
        Err(PlayerError(format!(
            "no consistent guess in {} induced guesses",
            self.config.max_inductions
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mastermind_core::{rng_for, score};

    #[test]
    fn induction_keeps_blacks_moves_whites_and_fills_from_the_palette() {
        let g = Game::new(6, 8).unwrap();
        let cfg = Code::parse(g, "ABCDEF").unwrap();
        let mut palette = Palette::full(g);
        palette.ban(&Code::parse(g, "HHHHHH").unwrap());
        let mut rng = rng_for(8, &[]);
        for _ in 0..2000 {
            let reply = Feedback::new(2, 3);
            let npg = induce(&palette, &cfg, reply, 2.0, &mut rng);
            assert!(palette.allows_code(&npg));
            // Exactly the kept pegs are in place or more by chance; at least 2 in place, and the
            // five CFG colours kept or moved are all present.
            let in_place = (0..6).filter(|&i| npg.colour(i) == cfg.colour(i)).count();
            assert!(in_place >= 2, "{npg}");
            assert!(score(&cfg, &npg).total() >= 5, "{npg}");
        }
        // A 0B4W reply at 4 pegs is a derangement of the CFG's colours.
        let g = Game::CLASSIC;
        let cfg = Code::parse(g, "ABCD").unwrap();
        for _ in 0..500 {
            let npg = induce(&Palette::full(g), &cfg, Feedback::new(0, 4), 2.0, &mut rng);
            let f = score(&cfg, &npg);
            assert_eq!(f.total(), 4);
            assert!(f.black <= 1, "the last moved peg may only be left its own place: {npg}");
        }
    }

    #[test]
    fn without_repeats_induction_and_random_codes_keep_colours_distinct() {
        let g = Game::BULLS_AND_COWS;
        let cfg = Code::parse(g, "ABCD").unwrap();
        let mut palette = Palette::full(g);
        palette.ban(&Code::parse(g, "EFGH").unwrap());
        let mut rng = rng_for(9, &[]);
        let distinct = |code: &Code| {
            let mut seen = 0u32;
            (0..code.len()).all(|i| {
                let bit = 1u32 << code.colour(i);
                let fresh = seen & bit == 0;
                seen |= bit;
                fresh
            })
        };
        for reply in [Feedback::new(0, 0), Feedback::new(1, 1), Feedback::new(0, 4)] {
            for _ in 0..500 {
                let npg = induce(&palette, &cfg, reply, 2.0, &mut rng);
                assert!(distinct(&npg) && palette.allows_code(&npg), "{npg}");
                assert!(score(&cfg, &npg).total() >= reply.total(), "{npg}");
                let random = palette.random_code(&mut rng);
                assert!(distinct(&random) && palette.allows_code(&random), "{random}");
            }
        }
    }

    #[test]
    fn adoption_order() {
        assert!(at_least_as_good(Feedback::new(0, 3), Feedback::new(2, 0)));
        assert!(at_least_as_good(Feedback::new(1, 1), Feedback::new(1, 1)));
        assert!(!at_least_as_good(Feedback::new(0, 2), Feedback::new(1, 1)));
    }
}
