//! Validation of a games spec into a [`GamesPlan`]: sweeps expanded, secrets drawn, players built.

use super::recorded::{self, RecordedGames};
use super::spec::{Arm, CodemakerSpec, FigureSpec, GamesReport, GamesTask, Secrets, Sweep};
use crate::spec::SpecError;
use crate::spec::raw::{PaperNumbers, Reading};
use crate::spec::scaled::Profile;
use crate::spec::sweep::with_parameter;
use crate::spec::values::{Finite, Label};
use crate::tasks::PlanContext;
use crate::tasks::readings::{self, ArmReading};
use crate::workspace::Workspace;
use mastermind_core::seed::name_id;
use mastermind_core::{Code, CodeSet, Game, rng_for};
use mastermind_core::{FalseReplies, Script};
use mastermind_players::{PlayerSpec, Prepared};
use rand::RngExt;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Arc;

/// The most games one spec may ask for: beyond this a number is a typo, not an experiment.
pub const MAX_GAMES: u64 = 200_000_000;

/// The most arms one spec may have once its sweeps are expanded: each arm prepares its own
/// player (an enumerated code set, say), so validation alone would take minutes and gigabytes.
pub const MAX_ARMS: usize = 10_000;

/// Games of every arm against the same secrets, `runs` times.
#[derive(Clone)]
pub struct GamesPlan {
    /// The arms, sweeps expanded.
    pub arms: Vec<PlannedArm>,
    /// Independent runs.
    pub runs: u32,
    /// Guess cap per game.
    pub max_guesses: u32,
    /// What the report shows.
    pub report: GamesReport,
}

impl GamesPlan {
    /// Total number of games the plan plays (or reads, for recorded arms).
    pub fn game_count(&self) -> u64 {
        self.arms.iter().map(|a| a.secrets.len() as u64 * u64::from(self.runs_of(a))).sum()
    }

    /// The games the plan plays itself (those of recorded arms, and of arms that share another
    /// arm's games, left out).
    pub fn played(&self) -> u64 {
        let played = self.arms.iter().filter(|a| a.recorded.is_none() && a.games_of.is_none());
        played.map(|a| a.secrets.len() as u64 * u64::from(self.runs)).sum()
    }

    /// The runs of `arm`: the plan's, or one for an arm whose games are recorded.
    pub fn runs_of(&self, arm: &PlannedArm) -> u32 {
        if arm.recorded.is_some() { 1 } else { self.runs }
    }

    /// How long each arm's strategy took to prepare, for the arms that have prepared it (a tree
    /// is built when its first game is played).
    pub fn build_times(&self) -> Vec<(String, f64)> {
        self.arms
            .iter()
            .filter_map(|a| a.strategy.build_time().map(|t| (a.label.clone(), t.as_secs_f64())))
            .collect()
    }

    /// The arms whose rows are the games of arm `leader` (see [`PlannedArm::games_of`]).
    pub fn sharers_of(&self, leader: usize) -> impl Iterator<Item = &PlannedArm> {
        self.arms[leader].shared_by.iter().map(|&sharer| &self.arms[sharer])
    }

    /// The fingerprints of the recorded files the arms read, one a line.
    pub fn inputs(&self) -> String {
        self.arms
            .iter()
            .filter_map(|a| a.recorded.as_ref().map(|r| format!("{}: {}", a.label, r.fingerprint)))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// One validated arm.
#[derive(Clone)]
pub struct PlannedArm {
    /// Label in tables and legends.
    pub label: String,
    /// Series of line figures, and the figure of guesses against time the arm is drawn in.
    pub group: String,
    /// Whether the spec gives `group` (otherwise it is the label, or the swept arm's label): arms
    /// without one share a figure of guesses against time, so that they can be compared.
    pub group_given: bool,
    /// Position on the x axis of line figures.
    pub x: Option<f64>,
    /// The game size.
    pub game: Game,
    /// The player as written (sweep applied).
    pub player: PlayerSpec,
    /// The player's parameters as JSON, stored in every row.
    pub parameters: String,
    /// The player, checked; its strategy is prepared when a game first needs it.
    pub strategy: Arc<Prepared>,
    /// The secrets each run plays.
    pub secrets: Arc<Vec<Code>>,
    /// Who answers this arm's guesses.
    pub codemaker: Codemaker,
    /// The paper's numbers for this arm.
    pub paper: Option<PaperNumbers>,
    /// The reading of the paper the arm plays, where the spec names one.
    pub reading: Option<Reading>,
    /// Games another program played, read instead of played (its `secrets` are theirs).
    pub recorded: Option<Arc<RecordedGames>>,
    /// Other counters its evaluations are also judged by (see the spec's `Arm::counters`).
    pub counters: Vec<String>,
    /// The index of the arm whose games this arm's rows are (the spec's `Arm::games_of`): the
    /// arm plays nothing itself.
    pub games_of: Option<usize>,
    /// The indices of the arms whose rows are this arm's games (each names it in `games_of`),
    /// listed once when the plan is validated so that a game finds them without a search.
    pub shared_by: Vec<usize>,
}

impl readings::PairedArm for PlannedArm {
    fn label(&self) -> &str {
        &self.label
    }
    fn group(&self) -> &str {
        &self.group
    }
    fn x(&self) -> Option<f64> {
        self.x
    }
    fn reading(&self) -> Option<&Reading> {
        self.reading.as_ref()
    }
}

/// The codemaker of an arm's games, resolved: a spec's [`CodemakerSpec`], or a script that the
/// fixed-games kind hands to every game of an arm (specs cannot write one).
#[derive(Debug, Clone, PartialEq)]
pub enum Codemaker {
    /// Every reply is true.
    Truthful,
    /// Snyder's p-false game.
    FalseReplies(FalseReplies),
    /// A script of Table 7: its own secret and its lies at fixed turns.
    Scripted {
        /// The script.
        script: Arc<Script>,
        /// The probability its lies were drawn with (stored as `false_reply_p`).
        p: f64,
    },
}

impl From<CodemakerSpec> for Codemaker {
    fn from(spec: CodemakerSpec) -> Codemaker {
        match spec {
            CodemakerSpec::Truthful => Codemaker::Truthful,
            CodemakerSpec::FalseReplies(lies) => Codemaker::FalseReplies(lies),
        }
    }
}

impl Codemaker {
    /// The probability of a false reply (0 for a truthful codemaker).
    pub fn false_reply_p(&self) -> f64 {
        match self {
            Codemaker::Truthful => 0.0,
            Codemaker::FalseReplies(lies) => lies.p,
            Codemaker::Scripted { p, .. } => *p,
        }
    }
}

impl crate::tasks::Validate for GamesTask {
    type Plan = GamesPlan;

    fn validate(&self, ctx: &PlanContext<'_>, profile: Profile) -> Result<GamesPlan, SpecError> {
        plan(self, ctx, profile)
    }
}

fn plan(task: &GamesTask, ctx: &PlanContext<'_>, profile: Profile) -> Result<GamesPlan, SpecError> {
    let runs = task.runs.get(profile);
    check_settings(task, ctx, runs)?;
    let (mut arms, written_as) = plan_arms(task, ctx, profile)?;
    let seen = check_labels(ctx, &arms, &written_as)?;
    check_references(task, ctx, &arms, &written_as, &seen)?;
    share_games(task, ctx, &mut arms)?;
    let plan = GamesPlan { arms, runs, max_guesses: task.max_guesses, report: task.report.clone() };
    if plan.game_count() > MAX_GAMES {
        return Err(ctx.error(
            None,
            "runs",
            "task",
            format!(
                "{} games is absurd for one spec (the limit is {MAX_GAMES})",
                plan.game_count()
            ),
            "lower runs or the number of secrets",
        ));
    }
    Ok(plan)
}

/// The plan-wide values: runs, the guess cap, the arm list, codemakers, the test's level and the
/// number of arms the sweeps make.
fn check_settings(task: &GamesTask, ctx: &PlanContext<'_>, runs: u32) -> Result<(), SpecError> {
    ctx.check_range("runs", runs, 1..=100_000, "runs", "the papers use 1 to 10 runs")?;
    ctx.check_range("max_guesses", task.max_guesses, 1..=10_000, "is not a guess cap", "")?;
    ctx.check_listed(
        "arms",
        &task.arms,
        "nothing to compare",
        "add at least one arm with a label and a player",
    )?;
    let codemakers = std::iter::once((None, task.codemaker))
        .chain(task.arms.iter().filter_map(|a| a.codemaker.map(|c| (Some(a.label.as_str()), c))));
    for (anchor, codemaker) in codemakers {
        if let CodemakerSpec::FalseReplies(lies) = codemaker {
            if let Err(e) = lies.validate() {
                let path =
                    if anchor.is_some() { "task.arms.codemaker.p" } else { "task.codemaker.p" };
                return Err(ctx.error(
                    anchor,
                    "codemaker",
                    path,
                    e.to_string(),
                    "p is a probability",
                ));
            }
        }
    }
    let test = task.report.test;
    if !(test.alpha > 0.0 && test.alpha < 1.0) {
        return Err(ctx.error(
            None,
            "alpha",
            "task.report.test.alpha",
            format!("{} is not a significance level", test.alpha),
            "use a value between 0 and 1, such as 0.05",
        ));
    }

    let mut expanded_arms = 0;
    for (index, arm) in task.arms.iter().enumerate() {
        expanded_arms += arm.sweep.as_ref().map_or(1, |s| s.values.len());
        if expanded_arms > MAX_ARMS {
            let (field, path) = match &arm.sweep {
                Some(_) => ("values", format!("task.arms[{index}].sweep.values")),
                None => ("label", format!("task.arms[{index}]")),
            };
            return Err(ctx.error(
                Some(&arm.label),
                field,
                &path,
                format!("the sweeps make more than {MAX_ARMS} arms"),
                "sweep fewer values; each value is an arm with its own prepared player",
            ));
        }
    }

    Ok(())
}

/// Every arm planned, sweeps expanded, with the label of the spec arm each comes from (to point
/// errors at the line it is written on). Arms of one game size share their secrets; an arm of
/// recorded games has its file's.
fn plan_arms<'t>(
    task: &'t GamesTask,
    ctx: &PlanContext<'_>,
    profile: Profile,
) -> Result<(Vec<PlannedArm>, Vec<&'t str>), SpecError> {
    let mut arms = Vec::new();
    // The spec arm each planned arm comes from, to point errors at the line it is written on.
    let mut written_as = Vec::new();
    let mut secrets_by_game: BTreeMap<(u8, u8), Arc<Vec<Code>>> = BTreeMap::new();
    for (index, arm) in task.arms.iter().enumerate() {
        let recorded = read_recorded(ctx, index, arm, arm.game.unwrap_or(task.game))?;
        for expanded in expand_sweep(ctx, index, arm)? {
            let game = arm.game.unwrap_or(task.game);
            let key = (game.pegs(), game.colours());
            let secrets = match (&recorded, secrets_by_game.get(&key)) {
                (Some(r), _) => Arc::new(r.secrets()),
                (None, Some(s)) => Arc::clone(s),
                (None, None) => {
                    let s = Arc::new(draw_secrets(ctx, &task.secrets, game, profile)?);
                    secrets_by_game.insert(key, Arc::clone(&s));
                    s
                }
            };
            let codemaker = arm.codemaker.unwrap_or(task.codemaker);
            let mut expanded = expanded;
            if let PlayerSpec::Program(program) = &mut expanded.player {
                // The program starts in the checkout's root and is told the games' cap (neither
                // is part of the stored parameters).
                program.working_dir = Workspace::find(&ctx.spec.path).ok().map(|w| w.root);
                program.max_guesses = Some(task.max_guesses);
            }
            let mut planned = plan_arm(ctx, index, arm, expanded, game, secrets, codemaker)?;
            if let Some(r) = &recorded {
                planned.parameters = serde_json::json!({
                    "recorded": arm.recorded.as_ref().map(|f| f.as_str()),
                    "fingerprint": r.fingerprint,
                    "settings": serde_json::from_str::<serde_json::Value>(&planned.parameters)
                        .unwrap_or_default(),
                })
                .to_string();
                planned.recorded = Some(Arc::clone(r));
            }
            arms.push(planned);
            written_as.push(arm.label.as_str());
        }
    }
    Ok((arms, written_as))
}

/// Refuses a label used twice (pointing at the second use); the set of labels.
fn check_labels<'a>(
    ctx: &PlanContext<'_>,
    arms: &'a [PlannedArm],
    written_as: &[&str],
) -> Result<HashSet<&'a str>, SpecError> {
    let mut seen = HashSet::new();
    for (arm, written) in arms.iter().zip(written_as) {
        if !seen.insert(arm.label.as_str()) {
            let mut e = ctx.error(
                Some(written),
                "label",
                "task.arms.label",
                format!("the label {:?} is used twice", arm.label),
                "labels name table rows and must be unique",
            );
            // Written twice: point at the second arm, the one that repeats the label.
            let quoted = format!("{written:?}");
            if let Some(i) =
                ctx.spec.source.lines().enumerate().filter(|(_, l)| l.contains(&quoted)).nth(1)
            {
                e.line = Some(i.0 + 1);
            }
            return Err(e);
        }
    }
    Ok(seen)
}

/// What names arms or claims (readings, `compare_to`, claims, reference arms, line figures)
/// names ones that exist.
fn check_references(
    task: &GamesTask,
    ctx: &PlanContext<'_>,
    arms: &[PlannedArm],
    written_as: &[&str],
    seen: &HashSet<&str>,
) -> Result<(), SpecError> {
    let readings: Vec<ArmReading<'_>> = task
        .arms
        .iter()
        .map(|a| ArmReading {
            label: &a.label,
            reading: a.reading.as_ref(),
            has_paper: a.paper.is_some()
                || a.sweep.as_ref().is_some_and(|s| {
                    s.paper_means.iter().any(Option::is_some) || !s.paper_values.is_empty()
                }),
        })
        .collect();
    // A reading may name a swept arm by the label of one of its values.
    let expanded_labels: HashMap<&str, &str> =
        arms.iter().zip(written_as).map(|(arm, written)| (arm.label.as_str(), *written)).collect();
    readings::check(ctx, "task.arms", &readings, &expanded_labels)?;
    for label in &task.report.compare_to {
        if !seen.contains(label.as_str()) {
            return Err(ctx.error(
                None,
                "compare_to",
                "task.report.compare_to",
                format!("no arm is labelled {label:?}"),
                &format!(
                    "the labels are: {}",
                    arms.iter().map(|a| a.label.as_str()).collect::<Vec<_>>().join(", ")
                ),
            ));
        }
    }
    check_claim_references(task, ctx, arms, seen)?;
    for label in &task.report.reference_arms {
        if !seen.contains(label.as_str()) {
            return Err(ctx.error(
                None,
                "reference_arms",
                "task.report.reference_arms",
                format!("no arm is labelled {label:?}"),
                "reference arms name arms of this spec",
            ));
        }
    }
    let needs_x = task.report.figures.iter().any(|f| {
        matches!(f, FigureSpec::MeanGuessesVsX { .. } | FigureSpec::MeanEvaluationsVsX { .. })
    });
    if needs_x && arms.iter().all(|a| a.x.is_none()) {
        return Err(ctx.error(
            None,
            "figures",
            "task.report.figures",
            "a line figure needs arms with an x, and no arm has one".into(),
            "give arms `x: Some(value)`, or sweep a parameter; arms without x are left out of line figures",
        ));
    }

    Ok(())
}

/// The report's claims name arms, lines and claims that exist: the arms a comparison names,
/// the line (`group`) a best point is sought within, the claim another reading re-reads.
fn check_claim_references(
    task: &GamesTask,
    ctx: &PlanContext<'_>,
    arms: &[PlannedArm],
    seen: &HashSet<&str>,
) -> Result<(), SpecError> {
    for (k, claim) in task.report.claims.iter().enumerate() {
        if let super::spec::Comparison::BestWithin(group, _, _) = &claim.holds {
            if !arms.iter().any(|a| a.group == *group && a.x.is_some()) {
                return Err(ctx.error(
                    None,
                    "claims",
                    &format!("task.report.claims[{k}]"),
                    format!("no line (arms with an x) is called {group:?}"),
                    "BestWithin names the `group` of swept arms (default: the spec arm's label)",
                ));
            }
        }
        let Some((a, b)) = claim.holds.arms() else { continue };
        if let Some(label) = [a, b].into_iter().find(|l| !seen.contains(*l)) {
            return Err(ctx.error(
                None,
                "claims",
                &format!("task.report.claims[{k}]"),
                format!("no arm is labelled {label:?}"),
                &format!(
                    "the labels are: {}",
                    arms.iter().map(|a| a.label.as_str()).collect::<Vec<_>>().join(", ")
                ),
            ));
        }
    }
    for (k, claim) in task.report.claims.iter().enumerate() {
        let Some(of) = claim.reading.as_ref().and_then(|r| r.of.as_ref()) else { continue };
        if !task.report.claims.iter().any(|c| c.reading.is_none() && c.text == *of) {
            return Err(ctx.error(
                None,
                "reading",
                &format!("task.report.claims[{k}].reading.of"),
                format!("no claim without a reading has the text {of:?}"),
                "another reading of a claim names the claim's text",
            ));
        }
    }
    Ok(())
}

/// Links each arm that names `games_of` to the arm whose games it shares, refusing a link
/// between arms that would not play the same games, and a comparison of two arms that share
/// their games (the same sample twice tests nothing).
fn share_games(
    task: &GamesTask,
    ctx: &PlanContext<'_>,
    arms: &mut [PlannedArm],
) -> Result<(), SpecError> {
    for (index, spec_arm) in task.arms.iter().enumerate() {
        let Some(of) = &spec_arm.games_of else { continue };
        let path = format!("task.arms[{index}].games_of");
        let refuse = |message: String, hint: &str| {
            ctx.error(Some(&spec_arm.label), "games_of", &path, message, hint)
        };
        if spec_arm.reading.is_none() {
            return Err(refuse(
                "an arm that shares another arm's games is a reading of the paper's table, and \
                 names none"
                    .into(),
                "give it `reading: Some((of: ..., name: ..., because: ...))`",
            ));
        }
        if spec_arm.sweep.is_some() || spec_arm.recorded.is_some() {
            return Err(refuse(
                "an arm that shares another arm's games neither sweeps nor reads recorded games"
                    .into(),
                "",
            ));
        }
        let Some(leader) = arms.iter().position(|a| a.label == of.as_str()) else {
            return Err(refuse(
                format!("no arm is labelled {of:?}"),
                &format!(
                    "the labels are: {}",
                    arms.iter().map(|a| a.label.as_str()).collect::<Vec<_>>().join(", ")
                ),
            ));
        };
        let sharer = arms.iter().position(|a| a.label == spec_arm.label.as_str());
        let sharer = sharer.expect("an unswept arm keeps its label");
        let (a, b) = (&arms[sharer], &arms[leader]);
        if sharer == leader {
            return Err(refuse("an arm cannot share its own games".into(), ""));
        }
        if b.recorded.is_some()
            || task.arms.iter().any(|t| t.label == b.label && t.games_of.is_some())
        {
            return Err(refuse(
                format!("{of:?} does not play its own games (it reads or shares them)"),
                "name the arm that plays them",
            ));
        }
        if let Some(what) = what_differs(a, b) {
            return Err(refuse(
                format!("{of:?} plays another {what} than this arm"),
                "games_of shares the games of an arm that plays exactly this arm's player",
            ));
        }
        refuse_comparisons(task, ctx, &a.label, &b.label)?;
        arms[sharer].games_of = Some(leader);
        arms[leader].shared_by.push(sharer);
    }
    Ok(())
}

/// What arm `b` plays otherwise than arm `a` (game, player or codemaker), if anything.
fn what_differs(a: &PlannedArm, b: &PlannedArm) -> Option<String> {
    if a.game != b.game {
        Some(format!("game ({} against {})", a.game, b.game))
    } else if a.parameters != b.parameters {
        Some(format!("player ({} against {})", a.parameters, b.parameters))
    } else if a.codemaker != b.codemaker {
        Some("codemaker".to_owned())
    } else {
        None
    }
}

/// Refuses a claim or a `compare_to` that would test `sharer` and `leader`, two arms of one
/// sample, against each other.
fn refuse_comparisons(
    task: &GamesTask,
    ctx: &PlanContext<'_>,
    sharer: &str,
    leader: &str,
) -> Result<(), SpecError> {
    let pair = |x: &str, y: &str| (x == sharer && y == leader) || (x == leader && y == sharer);
    if let Some((k, claim)) = task
        .report
        .claims
        .iter()
        .enumerate()
        .find(|(_, c)| c.holds.arms().is_some_and(|(x, y)| pair(x, y)))
    {
        return Err(ctx.error(
            None,
            "claims",
            &format!("task.report.claims[{k}]"),
            format!("the claim {:?} compares two arms that share their games", claim.text),
            "compare arms that play their own games",
        ));
    }
    let shared = |r: &&Label| r.as_str() == sharer || r.as_str() == leader;
    if let Some(reference) = task.report.compare_to.iter().find(shared) {
        return Err(ctx.error(
            None,
            "compare_to",
            "task.report.compare_to",
            format!("{reference:?} shares its games with another arm"),
            "compare against an arm whose games no other arm shares",
        ));
    }
    Ok(())
}

/// The (label, group, x, player, paper mean) of each arm a spec arm stands for.
fn expand_sweep(
    ctx: &PlanContext<'_>,
    index: usize,
    arm: &Arm,
) -> Result<Vec<Expanded>, SpecError> {
    let Some(sweep) = &arm.sweep else {
        return Ok(vec![Expanded {
            label: arm.label.to_string(),
            group: arm.group.as_ref().unwrap_or(&arm.label).to_string(),
            group_given: arm.group.is_some(),
            x: arm.x.map(Finite::get),
            player: arm.player.clone(),
            paper: arm.paper.clone(),
        }]);
    };
    let path = format!("task.arms[{index}].sweep");
    if sweep.values.is_empty() {
        return Err(ctx.error(
            Some(&arm.label),
            "values",
            &format!("{path}.values"),
            "a sweep needs at least one value".into(),
            "",
        ));
    }
    if arm.paper.is_some() {
        return Err(ctx.error(
            Some(&arm.label),
            "paper",
            &format!("task.arms[{index}].paper"),
            "a swept arm stands for several arms, and the paper's numbers belong to one of them"
                .into(),
            "give them for their value in sweep.paper_values, e.g. [(2.0, (mean: Some(4.805)))]",
        ));
    }
    if let Some((value, _)) = sweep.paper_values.iter().find(|(v, _)| !sweep.values.contains(v)) {
        return Err(ctx.error(
            Some(&arm.label),
            "paper_values",
            &format!("{path}.paper_values"),
            format!("{value} is not one of the sweep's values"),
            "",
        ));
    }
    if !sweep.paper_means.is_empty() && sweep.paper_means.len() != sweep.values.len() {
        return Err(ctx.error(
            Some(&arm.label),
            "paper_means",
            &format!("{path}.paper_means"),
            format!("{} paper means for {} values", sweep.paper_means.len(), sweep.values.len()),
            "give one per value (None where the paper has none), or none at all",
        ));
    }
    sweep
        .values
        .iter()
        .enumerate()
        .map(|(i, &value)| {
            let player =
                with_parameter(&arm.player, &sweep.parameter, value.get()).map_err(|message| {
                    ctx.error(
                        Some(&arm.label),
                        "parameter",
                        &format!("{path}.parameter"),
                        message,
                        "",
                    )
                })?;
            Ok(Expanded {
                label: format!("{} {}={}", arm.label, sweep.parameter, value),
                group: arm.group.as_ref().unwrap_or(&arm.label).to_string(),
                group_given: arm.group.is_some(),
                x: Some(value.get()),
                player,
                paper: paper_at(sweep, i),
            })
        })
        .collect()
}

/// The paper's numbers for the `i`-th value of a sweep: its `paper_values` entry, with the mean
/// from `paper_means` where that gives one.
fn paper_at(sweep: &Sweep, i: usize) -> Option<PaperNumbers> {
    let value = sweep.values[i];
    let mut paper = sweep.paper_values.iter().find(|(v, _)| *v == value).map(|(_, p)| p.clone());
    if let Some(mean) = sweep.paper_means.get(i).copied().flatten() {
        paper.get_or_insert_with(Default::default).mean = Some(mean);
    }
    paper
}

fn plan_arm(
    ctx: &PlanContext<'_>,
    index: usize,
    arm: &Arm,
    expanded: Expanded,
    game: Game,
    secrets: Arc<Vec<Code>>,
    codemaker: CodemakerSpec,
) -> Result<PlannedArm, SpecError> {
    let strategy = Prepared::new(expanded.player.clone(), game).map_err(|e| {
        let at = format!("task.arms[{index}].player");
        ctx.player_error(
            Some(&arm.label),
            &at,
            &e,
            &format!(" (arm {:?}, game {game})", expanded.label),
        )
    })?;
    let paper = expanded.paper;
    Ok(PlannedArm {
        label: expanded.label,
        group: expanded.group,
        group_given: expanded.group_given,
        x: expanded.x,
        game,
        parameters: serde_json::to_string(&expanded.player).unwrap_or_default(),
        player: expanded.player,
        strategy: Arc::new(strategy),
        secrets,
        codemaker: codemaker.into(),
        paper,
        reading: arm.reading.clone(),
        recorded: None,
        counters: arm.counters.iter().map(ToString::to_string).collect(),
        games_of: None,
        shared_by: Vec::new(),
    })
}

/// The recorded games an arm reads (`recorded`), relative to the spec file; none for an arm
/// that plays. A recorded arm plays no sweep and no codemaker of its own.
fn read_recorded(
    ctx: &PlanContext<'_>,
    index: usize,
    arm: &Arm,
    game: Game,
) -> Result<Option<Arc<RecordedGames>>, SpecError> {
    let Some(file) = &arm.recorded else { return Ok(None) };
    let path = format!("task.arms[{index}].recorded");
    let refuse = |field: &str, message: &str| {
        ctx.error(Some(&arm.label), field, &path, message.to_owned(), "")
    };
    if arm.sweep.is_some() {
        return Err(refuse("sweep", "an arm with recorded games cannot sweep a parameter"));
    }
    if arm.codemaker.is_some() {
        return Err(refuse("codemaker", "recorded games were answered by their own codemaker"));
    }
    let dir = ctx.spec.path.parent().unwrap_or_else(|| std::path::Path::new("."));
    recorded::read(&dir.join(file.as_str()), game).map(|r| Some(Arc::new(r))).map_err(|e| {
        ctx.error(
            Some(&arm.label),
            "recorded",
            &path,
            e,
            "a recorded file is written by a script under peers/ (see its README)",
        )
    })
}

fn draw_secrets(
    ctx: &PlanContext<'_>,
    secrets: &Secrets,
    game: Game,
    profile: Profile,
) -> Result<Vec<Code>, SpecError> {
    match secrets {
        Secrets::All => CodeSet::enumerate(game).map(|s| s.to_vec()).map_err(|e| {
            ctx.error(
                None,
                "secrets",
                "task.secrets",
                e.to_string(),
                "use `Sample(n)` for games this large",
            )
        }),
        Secrets::Sample(n) => {
            let n = n.get(profile);
            ctx.check_range("secrets", n, 1..=10_000_000, "secrets to sample", "")?;
            let size = game.size().unwrap_or(u64::MAX);
            let mut rng = rng_for(
                ctx.seed(),
                &[name_id("secrets"), u64::from(game.pegs()), u64::from(game.colours())],
            );
            Ok((0..n).map(|_| Code::from_rank(game, rng.random_range(0..size))).collect())
        }
        Secrets::List(list) => {
            if list.is_empty() {
                return Err(ctx.error(
                    None,
                    "secrets",
                    "task.secrets",
                    "an empty list of secrets".into(),
                    "",
                ));
            }
            list.iter()
                .map(|text| {
                    Code::parse(game, text)
                        .map_err(|e| ctx.error(Some(text), "", "task.secrets", e.to_string(), ""))
                })
                .collect()
        }
    }
}

struct Expanded {
    label: String,
    group: String,
    group_given: bool,
    x: Option<f64>,
    player: PlayerSpec,
    paper: Option<PaperNumbers>,
}
