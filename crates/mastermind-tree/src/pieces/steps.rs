//! A piece built in steps, so that a piece longer than a sitting resumes where it stopped.
//!
//! The piece's node plays its own guess (the second guess) and splits its secrets by reply to
//! it; the subtrees after those replies are as independent as the pieces are under the first
//! guess. Each is a step: built, turned into bytes in the piece format (its header names the
//! piece, the second guess and the step's reply, [`StepOf`]) and read back like a piece, its
//! secrets replayed from depth 3. A sitting stores each step as it is built and skips those
//! stored. A piece's steps are read against one [`PieceSteps`], which scores the piece's secrets
//! against its guess once; when every step is there, [`PieceSteps::assemble`] puts the piece's
//! node back together from them, and the piece is encoded (and read back) as if built in one go: its
//! guesses are the same, since every choice depends on the history alone.
//!
//! The costs add up: a step's [`BuildStats`] are its own build's, and the first step a sitting
//! stores also carries what the piece's node cost that sitting (choosing the second guess, in
//! the first sitting; splitting the secrets, in every sitting). A step's [`PieceRun`] is the
//! caller's to measure: the command line gives each the time since the sitting's start or its
//! last stored step, so the steps' times add up to the sittings' time up to their last stored
//! step (work in flight when a sitting was killed is lost, and counted nowhere).

use super::PieceError;
use super::format::{self, BodyCheck, PieceHeader, PieceRun, PieceSummary};
use super::plan::{Part, PiecePlan, summarise};
use super::replay::replay;
use crate::build::{self, BuildProgress, BuildStats, BuiltStep};
use crate::tree::{Branch, Node, colour_counts, plain_reply};
use mastermind_core::{Code, Feedback};
use serde::{Deserialize, Serialize};

/// Where a step sits in its piece: the piece's own guess and the reply to it whose secrets the
/// step holds. A piece's header has none.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepOf {
    /// The piece's own guess (the tree's second guess after the piece's reply), as letters.
    pub second_guess: String,
    /// The reply to it, as `1B2W`.
    pub reply: String,
}

/// A step as checked: its header, whose totals its replay confirmed, and where it sits.
#[derive(Debug, Clone, PartialEq)]
pub struct StepRecord {
    /// The step's header (its [`PieceHeader::step`] is set).
    pub header: PieceHeader,
    /// The piece's own guess.
    pub second_guess: Code,
    /// The reply whose secrets the step holds.
    pub reply: Feedback,
}

/// The steps of one piece under its own guess: the piece's secrets with their replies to the
/// guess, scored once, against which each of its steps is encoded, checked and assembled.
#[derive(Debug)]
pub struct PieceSteps<'p> {
    plan: &'p PiecePlan,
    index: usize,
    second_guess: Code,
    /// The piece's secrets (ranks, in code order) and each one's reply index to the guess.
    ranks: Vec<u32>,
    replies: Vec<u8>,
    /// One part per reply some secret gives, other than the win, in reply order.
    parts: Vec<Part>,
}

impl PiecePlan {
    /// The name of the folder that holds piece `index`'s steps while it is built in steps:
    /// `piece-007.steps`.
    pub fn steps_folder_name(index: usize) -> String {
        format!("piece-{index:03}.steps")
    }

    /// The name of the file of the step after `reply`: `step-1B2W.bin`.
    pub fn step_file_name(reply: Feedback) -> String {
        format!("step-{reply}.bin")
    }

    /// Builds the steps of piece `index` that `stored` does not name, handing each to `store`
    /// as soon as it is built, and returns the piece's own guess: `second_guess` when a stored
    /// step gave it, else the player's choice (made first, which takes a while at large games).
    /// Progress counts the secrets placed by this call: the piece's secrets but those of the
    /// stored steps. A piece of fewer than three secrets is played as a whole by the builder
    /// and has no steps.
    pub fn build_steps(
        &self,
        index: usize,
        second_guess: Option<Code>,
        stored: &[Feedback],
        progress: Option<&BuildProgress>,
        store: &(dyn Fn(BuiltStep) -> Result<(), PieceError> + Sync),
    ) -> Result<Code, PieceError> {
        let part = self.part(index)?;
        if part.secrets < 3 {
            return Err(PieceError::Unwritable(format!(
                "piece {index} has {} secrets: too few to build in steps",
                part.secrets
            )));
        }
        let after = (self.first_guess(), part.reply);
        let skip = |reply: Feedback| stored.contains(&reply);
        let config = self.config();
        build::build_in_steps(self.game(), config, after, second_guess, &skip, progress, store)?
    }

    /// The steps of piece `index` under its own guess `second_guess`: the piece's secrets
    /// scored against the guess (one pass over them), ready to check and assemble its steps.
    pub fn piece_steps(
        &self,
        index: usize,
        second_guess: Code,
    ) -> Result<PieceSteps<'_>, PieceError> {
        let part = self.part(index)?;
        let pegs = usize::from(self.game().pegs());
        let (guess, _) = second_guess.to_array();
        let (guess, guess_counts) = (&guess[..pegs], colour_counts(&guess[..pegs]));
        let ranks = self.secrets_of(part.reply);
        let replies: Vec<u8> = ranks
            .iter()
            .map(|&rank| {
                let (code, _) = Code::from_rank(self.game(), u64::from(rank)).to_array();
                let code = &code[..pegs];
                plain_reply(code, &colour_counts(code), guess, &guess_counts).index() as u8
            })
            .collect();
        let mut counts = vec![0u64; self.game().feedback_count()];
        for &reply in &replies {
            counts[usize::from(reply)] += 1;
        }
        let win = Feedback::all_black(self.game().pegs()).index();
        let parts = counts
            .iter()
            .enumerate()
            .filter(|&(reply, &secrets)| reply != win && secrets > 0)
            .map(|(reply, &secrets)| Part { reply: Feedback::from_index(reply), secrets })
            .collect();
        Ok(PieceSteps { plan: self, index, second_guess, ranks, replies, parts })
    }

    /// The second guess a stored step of piece `index` (`bytes`, named `name`) states, after
    /// checking that its stamp is this plan's and that it is a step of that piece; its body is
    /// not replayed ([`PieceSteps::decode`] does that).
    pub fn step_guess(&self, index: usize, name: &str, bytes: &[u8]) -> Result<Code, PieceError> {
        let header = self.step_header(index, name, bytes)?.0;
        self.parse_second_guess(name, &header)
    }

    /// The header of a step of piece `index` in `bytes`, with its body, after checking the
    /// body's length and checksum, the stamp, the piece and that it is a step at all.
    fn step_header<'b>(
        &self,
        index: usize,
        name: &str,
        bytes: &'b [u8],
    ) -> Result<(PieceHeader, &'b [u8]), PieceError> {
        let part = self.part(index)?;
        let damaged = |what: String| PieceError::Damaged { name: name.to_owned(), what };
        let (header, body) = format::read(name, bytes)?;
        if let Some((field, found, expected)) = header.stamp.first_difference(self.stamp()) {
            return Err(PieceError::OtherTree { name: name.to_owned(), field, found, expected });
        }
        if header.step.is_none() {
            return Err(damaged("it is a whole piece, not a step of one".into()));
        }
        if header.piece != index || header.reply != part.reply.to_string() {
            return Err(damaged(format!(
                "it is a step of piece {} (after {}), not of piece {index} (after {})",
                header.piece, header.reply, part.reply
            )));
        }
        Ok((header, body))
    }

    fn parse_second_guess(&self, name: &str, header: &PieceHeader) -> Result<Code, PieceError> {
        let step = header.step.as_ref().expect("a step's header");
        Code::parse(self.game(), &step.second_guess).map_err(|e| PieceError::Damaged {
            name: name.to_owned(),
            what: format!("its second guess {:?} is no code of the game: {e}", step.second_guess),
        })
    }
}

impl PieceSteps<'_> {
    /// The piece's own guess.
    pub fn second_guess(&self) -> Code {
        self.second_guess
    }

    /// The piece's steps: one per reply to its guess that some secret of the piece gives,
    /// other than the win, in reply order, with its secrets.
    pub fn parts(&self) -> &[Part] {
        &self.parts
    }

    /// The bytes of `step`, built in the time `run`, read back before they are returned (as
    /// [`decode`](Self::decode) reads them).
    pub fn encode(&self, step: &BuiltStep, run: PieceRun) -> Result<Vec<u8>, PieceError> {
        let (plan, index) = (self.plan, self.index);
        let part = plan.part(index)?;
        let mut body = Vec::new();
        plan.preorder(&step.node, &mut body)?;
        let mut summary = PieceSummary { total: 0, max: 0, nodes: 0, distribution: Vec::new() };
        summarise(&step.node, 3, &mut summary);
        let header = PieceHeader {
            stamp: plan.stamp().clone(),
            piece: index,
            reply: part.reply.to_string(),
            step: Some(StepOf {
                second_guess: step.second_guess.to_string(),
                reply: step.reply.to_string(),
            }),
            secrets: u64::from(step.node.secrets),
            summary,
            stats: step.stats,
            run,
            body: BodyCheck::of(&body),
        };
        let bytes = format::write(&header, &body);
        let name = format!("step {} of piece {index} as built", step.reply);
        self.read(&name, &bytes, false)?;
        Ok(bytes)
    }

    /// Checks the bytes `bytes` of a step of this piece (named `name` in errors): a step of the
    /// piece under its guess, whole and unchanged, whose guesses, replayed over its secrets from
    /// depth 3, make a subtree with the totals its header states. Returns the subtree too.
    pub fn decode(&self, name: &str, bytes: &[u8]) -> Result<(StepRecord, Node), PieceError> {
        let (record, node) = self.read(name, bytes, true)?;
        Ok((record, node.expect("kept")))
    }

    /// [`decode`](Self::decode) without keeping the subtree.
    pub fn check(&self, name: &str, bytes: &[u8]) -> Result<StepRecord, PieceError> {
        Ok(self.read(name, bytes, false)?.0)
    }

    /// The piece's node, from every one of its steps (as [`decode`](Self::decode) returns them,
    /// in any order), with their costs and times added up (the peak and threads are the
    /// largest, `steps` their number). Refuses a step under another guess, a step given twice
    /// and a step missing.
    pub fn assemble(
        &self,
        steps: Vec<(StepRecord, Node)>,
    ) -> Result<(Node, BuildStats, PieceRun), PieceError> {
        let (index, second_guess) = (self.index, self.second_guess);
        let part = self.plan.part(index)?;
        if let Some((other, _)) = steps.iter().find(|(r, _)| r.second_guess != second_guess) {
            return Err(PieceError::Merge(format!(
                "the steps of piece {index} follow two guesses, {second_guess} and {}",
                other.second_guess
            )));
        }
        let mut steps = steps;
        steps.sort_by_key(|(record, _)| record.reply.index());
        if let Some(pair) = steps.windows(2).find(|w| w[0].0.reply == w[1].0.reply) {
            return Err(PieceError::Merge(format!(
                "step {} of piece {index} is given twice",
                pair[0].0.reply
            )));
        }
        let given: Vec<Feedback> = steps.iter().map(|(record, _)| record.reply).collect();
        let missing: Vec<String> = (self.parts.iter())
            .filter(|p| !given.contains(&p.reply))
            .map(|p| p.reply.to_string())
            .collect();
        if !missing.is_empty() {
            return Err(PieceError::Merge(format!(
                "piece {index} misses {} of its {} steps (after {}); build them, then assemble",
                missing.len(),
                self.parts.len(),
                missing.join(", ")
            )));
        }
        let mut stats = BuildStats::default();
        let mut run = PieceRun {
            wall_seconds: 0.0,
            cpu_seconds: 0.0,
            peak_mib: None,
            threads: 0,
            steps: None,
        };
        let mut branches = Vec::with_capacity(steps.len());
        for (record, node) in steps {
            stats.add(&record.header.stats);
            let step_run = &record.header.run;
            run.wall_seconds += step_run.wall_seconds;
            run.cpu_seconds += step_run.cpu_seconds;
            run.peak_mib = match (run.peak_mib, step_run.peak_mib) {
                (Some(a), Some(b)) => Some(a.max(b)),
                (a, b) => a.or(b),
            };
            run.threads = run.threads.max(step_run.threads);
            branches.push(Branch { reply: record.reply, node });
        }
        run.steps = Some(branches.len());
        run.wall_seconds = (run.wall_seconds * 100.0).round() / 100.0;
        run.cpu_seconds = (run.cpu_seconds * 100.0).round() / 100.0;
        let in_steps: u64 = branches.iter().map(|b| u64::from(b.node.secrets)).sum();
        let in_parts: u64 = self.parts.iter().map(|p| p.secrets).sum();
        if in_steps != in_parts {
            return Err(PieceError::Merge(format!(
                "the steps of piece {index} hold {in_steps} secrets, its replies to \
                 {second_guess} {in_parts}"
            )));
        }
        let secrets = part.secrets as u32;
        Ok((Node { guess: second_guess, secrets, branches }, stats, run))
    }

    /// The ranks of the piece's secrets that give `reply` to its guess, in code order.
    fn secrets_of(&self, reply: Feedback) -> Vec<u32> {
        let index = reply.index() as u8;
        let pairs = self.ranks.iter().zip(&self.replies);
        pairs.filter(|&(_, &r)| r == index).map(|(&rank, _)| rank).collect()
    }

    fn read(
        &self,
        name: &str,
        bytes: &[u8],
        keep_nodes: bool,
    ) -> Result<(StepRecord, Option<Node>), PieceError> {
        let (plan, index, expected) = (self.plan, self.index, self.second_guess);
        let damaged = |what: String| PieceError::Damaged { name: name.to_owned(), what };
        let (header, body) = plan.step_header(index, name, bytes)?;
        let second_guess = plan.parse_second_guess(name, &header)?;
        if second_guess != expected {
            return Err(damaged(format!(
                "it follows the second guess {second_guess}, where the piece's other steps \
                 follow {expected}"
            )));
        }
        let step_reply = &header.step.as_ref().expect("a step's header").reply;
        let Some(step) = self.parts.iter().find(|p| p.reply.to_string() == *step_reply) else {
            return Err(damaged(format!(
                "no secret of piece {index} gives {step_reply} to {second_guess}"
            )));
        };
        if header.secrets != step.secrets {
            return Err(damaged(format!(
                "it holds {} secrets, where {} secrets of piece {index} give {step_reply} to \
                 {second_guess}",
                header.secrets, step.secrets
            )));
        }
        let secrets = self.secrets_of(step.reply);
        let (summary, node) = replay(plan.reading(), &secrets, 3, body, keep_nodes)
            .map_err(|why| damaged(format!("its guesses do not replay: {why}")))?;
        if summary != header.summary {
            return Err(damaged(format!(
                "its header states {:?}, its guesses replay to {:?}",
                header.summary, summary
            )));
        }
        let record = StepRecord { header, second_guess, reply: step.reply };
        Ok((record, node))
    }
}
