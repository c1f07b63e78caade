//! A piece built in steps: every step built, turned into bytes and read back assembles into the
//! piece built whole, node for node and cost for cost; a sitting stopped midway resumes from
//! its stored steps and ends with the same piece; a step cut short, of another piece, under
//! another guess, or passed off as a piece (or a piece as a step) is refused by name.

mod common;

use common::config;
use mastermind_core::{Code, Feedback, Game};
use mastermind_heuristics::{Heuristic, OnePlyConfig, Pool, Ties};
use mastermind_tree::pieces::{BuiltStep, PieceError, PiecePlan, PieceRun};
use mastermind_tree::{BuildProgress, Node, Preset};
use std::sync::{Mutex, OnceLock};

fn run() -> PieceRun {
    common::run_of(0.25)
}

fn knuth() -> PiecePlan {
    PiecePlan::new(Game::CLASSIC, &config(Preset::Knuth, Some("AABB"))).unwrap()
}

/// Builds the steps of piece `index` not in `stored` on one thread, keeping each one's bytes;
/// `stop_after` steps stored, the next store fails, as a killed sitting's would.
fn sitting(
    plan: &PiecePlan,
    index: usize,
    second_guess: Option<Code>,
    stored: &[Feedback],
    stop_after: Option<usize>,
) -> (Result<Code, PieceError>, Vec<Vec<u8>>, u64) {
    let kept = Mutex::new(Vec::new());
    let under_guess = OnceLock::new();
    let store = |step: BuiltStep| {
        let mut kept = kept.lock().unwrap();
        if stop_after == Some(kept.len()) {
            return Err(PieceError::Unwritable("the sitting was stopped".into()));
        }
        let steps = under_guess.get_or_init(|| plan.piece_steps(index, step.second_guess).unwrap());
        kept.push(steps.encode(&step, run())?);
        Ok(())
    };
    let progress = BuildProgress::new();
    let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    let built =
        pool.install(|| plan.build_steps(index, second_guess, stored, Some(&progress), &store));
    (built, kept.into_inner().unwrap(), progress.placed())
}

/// The piece's node and costs from the steps `bytes`, every one decoded under `second_guess`.
fn assembled(plan: &PiecePlan, index: usize, second_guess: Code, bytes: &[Vec<u8>]) -> Node {
    let steps = plan.piece_steps(index, second_guess).unwrap();
    let decoded =
        bytes.iter().enumerate().map(|(i, b)| steps.decode(&format!("step {i}"), b).unwrap());
    let (node, stats, run) = steps.assemble(decoded.collect()).unwrap();
    let (_, whole_stats) = plan.build(index, None).unwrap();
    assert_eq!(stats, whole_stats, "one sitting's steps cost what the whole piece does");
    assert_eq!(run.steps, Some(bytes.len()));
    assert_eq!(run.wall_seconds, 0.25 * bytes.len() as f64, "the steps' times add up");
    node
}

#[test]
fn a_piece_built_in_steps_is_the_piece_built_whole() {
    let local_entropy = OnePlyConfig {
        first_guess: Some("AABC".into()),
        pool: Pool::Consistent,
        ties: Ties::First,
        ..OnePlyConfig::new(Heuristic::LocalEntropy)
    };
    for (game, config) in [
        (Game::CLASSIC, config(Preset::Knuth, Some("AABB"))),
        (Game::CLASSIC, config(Preset::Kooi, None)),
        (Game::CLASSIC, config(Preset::EntropyConsistent, None)),
        (Game::CLASSIC, local_entropy),
        (Game::new(3, 5).unwrap(), config(Preset::Irving, None)),
        (Game::BULLS_AND_COWS, config(Preset::Knuth, None)),
    ] {
        let plan = PiecePlan::new(game, &config).unwrap();
        for index in 0..plan.parts().len() {
            let part = plan.parts()[index];
            let (whole, stats) = plan.build(index, None).unwrap();
            let what = format!("{game} {:?} piece {index}", config.heuristic);
            if part.secrets < 3 {
                let refused = sitting(&plan, index, None, &[], None).0.unwrap_err();
                assert!(refused.to_string().contains("too few to build in steps"), "{what}");
                continue;
            }
            let (second_guess, steps, placed) = sitting(&plan, index, None, &[], None);
            let second_guess = second_guess.unwrap();
            assert_eq!(second_guess, whole.guess, "{what}");
            assert_eq!(steps.len(), whole.branches.len(), "{what}");
            assert_eq!(placed, part.secrets, "{what}: every secret placed once");
            let node = assembled(&plan, index, second_guess, &steps);
            assert_eq!(node, whole, "{what}");
            // Encoded as a piece, it is the piece built whole, byte for byte but its run.
            let from_steps = plan.encode(index, &node, stats, run()).unwrap();
            let in_one_go = plan.encode(index, &whole, stats, run()).unwrap();
            assert_eq!(from_steps, in_one_go, "{what}");
        }
    }
}

#[test]
fn a_stopped_sitting_resumes_from_its_stored_steps() {
    let plan = knuth();
    let index = 6;
    let part = plan.parts()[index];
    let (whole, _) = plan.build(index, None).unwrap();
    assert!(whole.branches.len() > 4, "a piece of several steps");
    let (stopped, first, _) = sitting(&plan, index, None, &[], Some(3));
    assert!(stopped.unwrap_err().to_string().contains("the sitting was stopped"));
    assert_eq!(first.len(), 3);

    // The next sitting learns the guess from a stored step and builds the others only.
    let second_guess = plan.step_guess(index, "step 0", &first[0]).unwrap();
    assert_eq!(second_guess, whole.guess);
    let under_guess = plan.piece_steps(index, second_guess).unwrap();
    let records: Vec<_> = first.iter().map(|b| under_guess.check("stored", b).unwrap()).collect();
    let stored: Vec<Feedback> = records.iter().map(|r| r.reply).collect();
    let (resumed, rest, placed) = sitting(&plan, index, Some(second_guess), &stored, None);
    assert_eq!(resumed.unwrap(), second_guess);
    assert_eq!(rest.len(), whole.branches.len() - 3);
    let stored_secrets: u64 = records.iter().map(|r| r.header.secrets).sum();
    assert_eq!(placed, part.secrets - stored_secrets, "only what was left is placed");

    let all: Vec<Vec<u8>> = first.into_iter().chain(rest).collect();
    let steps = all.iter().map(|b| under_guess.decode("step", b).unwrap()).collect();
    let (node, _, run) = under_guess.assemble(steps).unwrap();
    assert_eq!(node, whole);
    assert_eq!(run.steps, Some(whole.branches.len()));
}

/// The error decoding gives for `bytes` as a step of piece `index` under `guess`, which must
/// name it.
fn step_refusal(plan: &PiecePlan, index: usize, guess: Code, bytes: &[u8]) -> String {
    let name = "pieces/piece-006.steps/step-0B1W.bin";
    let steps = plan.piece_steps(index, guess).unwrap();
    let message = steps.decode(name, bytes).unwrap_err().to_string();
    assert!(message.contains(name), "{message}");
    message
}

#[test]
fn a_step_cut_short_misplaced_or_missing_is_refused() {
    let plan = knuth();
    let index = 6;
    let (built, steps, _) = sitting(&plan, index, None, &[], None);
    let guess = built.unwrap();
    let step = &steps[1];

    let message = step_refusal(&plan, index, guess, &step[..step.len() - 1]);
    assert!(message.contains("cut short"), "{message}");
    let message = step_refusal(&plan, index + 1, guess, step);
    assert!(message.contains("not of piece 7"), "{message}");
    let other_guess = Code::parse(Game::CLASSIC, "ABCD").unwrap();
    let message = step_refusal(&plan, index, other_guess, step);
    assert!(message.contains("follows the second guess"), "{message}");

    // A step is no piece, and a piece is no step.
    let message = plan.check(index, "pieces/piece-006.bin", step).unwrap_err().to_string();
    assert!(message.contains("not the whole piece"), "{message}");
    let (node, stats) = plan.build(index, None).unwrap();
    let piece = plan.encode(index, &node, stats, run()).unwrap();
    let message = step_refusal(&plan, index, guess, &piece);
    assert!(message.contains("a whole piece, not a step"), "{message}");

    // A step missing, given twice or read under another guess is named at the assembly.
    let under_guess = plan.piece_steps(index, guess).unwrap();
    let decoded = |bytes: &[Vec<u8>]| -> Vec<_> {
        bytes.iter().map(|b| under_guess.decode("s", b).unwrap()).collect()
    };
    let message = under_guess.assemble(decoded(&steps[1..])).unwrap_err().to_string();
    assert!(message.contains(&format!("misses 1 of its {} steps", steps.len())), "{message}");
    let mut twice = steps.clone();
    twice.push(steps[0].clone());
    let message = under_guess.assemble(decoded(&twice)).unwrap_err().to_string();
    assert!(message.contains("is given twice"), "{message}");
    let mut elsewhere = decoded(&steps);
    elsewhere[0].0.second_guess = other_guess;
    let message = under_guess.assemble(elsewhere).unwrap_err().to_string();
    assert!(message.contains("follow two guesses"), "{message}");
}
