//! The six scripted games of the thesis's Table 7 (the scripts and their codemaker are the core's
//! [`Script`] and [`ScriptedCodemaker`](mastermind_core::ScriptedCodemaker)).

use mastermind_core::{Game, Script, rng_for};

/// The six games of Table 7 drawn from `seed`: games 0-2 truthful, games 3-5 with `p = 0.2`, each a
/// 6/4 script of 10 turns (the study's cap) drawn from `rng_for(seed, &[index])`.
pub fn table7_scripts(seed: u64) -> Vec<Script> {
    (0..6u64)
        .map(|i| {
            let p = if i < 3 { 0.0 } else { 0.2 };
            Script::draw(Game::CLASSIC, p, 10, &mut rng_for(seed, &[i])).expect("p is valid")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use mastermind_core::{Code, Codemaker, Feedback, ScriptedCodemaker};

    #[test]
    fn scripts_are_fixed_by_the_seed_and_followed_by_turn_index() {
        let a = table7_scripts(2007);
        assert_eq!(a, table7_scripts(2007));
        assert_ne!(a, table7_scripts(2008));
        assert!(a[..3].iter().all(|s| s.lie_turns().is_empty()));
        let win = Feedback::all_black(4);
        for s in &a {
            assert_eq!(s.lies.len(), 10);
            assert!(s.lies.iter().flatten().all(|f| *f != win && f.is_possible(4)));
        }
        // A hand-made script: turn 1 lies, whatever is guessed; the secret always wins.
        let g = Game::CLASSIC;
        let secret = Code::parse(g, "ABCD").unwrap();
        let script = Script { secret, lies: vec![None, Some(Feedback::new(0, 0)), None] };
        let guess = Code::parse(g, "ABCE").unwrap();
        let mut cm = ScriptedCodemaker::new(script.clone());
        assert_eq!(cm.reply(&guess), Feedback::new(3, 0));
        assert_eq!(cm.reply(&guess), Feedback::new(0, 0));
        assert_eq!(cm.reply(&guess), Feedback::new(3, 0));
        assert_eq!(cm.reply(&guess), Feedback::new(3, 0));
        let mut cm = ScriptedCodemaker::new(script);
        cm.reply(&guess);
        assert_eq!(cm.reply(&secret), win);
    }
}
