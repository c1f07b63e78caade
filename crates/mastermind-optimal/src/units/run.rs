//! Running the units of a plan on the rayon pool.

use super::board::Board;
use super::plan::{Plan, UnitSearch};
use super::schedule::{Next, Pending, Schedule};
use super::shard::Shard;
use super::store::{StoreError, UnitStore};
use super::watch::while_watching;
use crate::memo::SharedMemo;
use crate::{PROGRESS_INTERVAL, ProgressCallback, Solution, SolveError, SolveOptions};
use mastermind_core::Game;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// How the units of one run share what they learn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sharing {
    /// Every unit searches alone within its planned budget, so its result depends on the unit
    /// only: the same tree on any number of threads, shards and machines (and the mode whose
    /// results can be stored and merged).
    Nothing,
    /// The units share one memo, and a unit's budget shrinks to what can still beat the best
    /// first guess solved: far less work, the same optimum, but which of several optimal
    /// trees is returned can depend on timing.
    MemoAndBounds,
}

/// Solves every unit of `plan` that can still matter, on the current rayon pool, and returns
/// the board. Units start in the plan's order; a unit whose first guess is out is skipped, and
/// running units of a first guess that drops out are stopped. `stop` ends the whole search.
pub fn run(plan: &Plan, sharing: Sharing, stop: Option<Arc<AtomicBool>>) -> Board<'_> {
    let progress = plan.options.progress.clone();
    let selection = Selection { sharing, shard: None, store: None, progress };
    run_selected(plan, &selection, Board::new(plan), stop).expect("no store, nothing to fail")
}

/// Which units a run solves, how they share, and where their results go.
pub struct Selection<'a> {
    /// What the units share.
    pub sharing: Sharing,
    /// Only this shard's units (all when `None`).
    pub shard: Option<Shard>,
    /// Each result is saved here as soon as it is found.
    pub store: Option<&'a UnitStore>,
    /// Receives reports: nodes of the units done, bounds, units done, every
    /// [`PROGRESS_INTERVAL`] and whenever the best total improves.
    pub progress: Option<ProgressCallback>,
}

/// [`run`], starting from `board` (results already known, for example read from a store): only
/// the units of `selection`'s shard that have no result yet, each saved as it is found. A unit
/// whose result cannot be saved stops the run with that error.
pub fn run_selected<'p>(
    plan: &'p Plan,
    selection: &Selection<'_>,
    board: Board<'p>,
    stop: Option<Arc<AtomicBool>>,
) -> Result<Board<'p>, StoreError> {
    let run = Run::new(plan, selection, board, stop);
    // The searches read one flag each: a stop of the whole search raises them all. Progress
    // is reported from the watcher too, so no search waits for it.
    let mut last_report = Instant::now();
    let mut raised = false;
    let watch = || {
        if !raised && run.stopped() {
            run.flags.iter().for_each(|f| f.store(true, Ordering::Relaxed));
            raised = true;
        }
        if selection.progress.is_some() && last_report.elapsed() >= PROGRESS_INTERVAL {
            last_report = Instant::now();
            run.report();
        }
    };
    // One worker on each thread of the pool (a broadcast, so no thread that helps another
    // while it waits can pick up a second worker).
    while_watching(watch, || rayon::broadcast(|_| run.work()));
    match run.failure.into_inner().expect("no unit panics") {
        Some(e) => Err(e),
        None => Ok(run.board.into_inner().expect("no unit panics")),
    }
}

/// One run of a plan's units: what its workers share.
struct Run<'p, 's> {
    plan: &'p Plan,
    selection: &'s Selection<'s>,
    board: Mutex<Board<'p>>,
    schedule: Mutex<Schedule>,
    /// The first error saving a result: it ends the run.
    failure: Mutex<Option<StoreError>>,
    /// The stop flag of each first guess's searches, raised once it is out.
    flags: Vec<Arc<AtomicBool>>,
    /// The caller's stop.
    stop: Option<Arc<AtomicBool>>,
    /// The memo the units share, with [`Sharing::MemoAndBounds`].
    memo: Arc<SharedMemo>,
    /// The nodes searched so far, for progress reports.
    live_nodes: Arc<AtomicU64>,
    start: Instant,
}

impl<'p, 's> Run<'p, 's> {
    fn new(
        plan: &'p Plan,
        selection: &'s Selection<'s>,
        board: Board<'p>,
        stop: Option<Arc<AtomicBool>>,
    ) -> Run<'p, 's> {
        let pending: Vec<Pending> = (0..plan.units.len())
            .filter(|&u| selection.shard.is_none_or(|s| s.holds(u)))
            .filter(|&u| !board.is_settled(u))
            .map(|unit| Pending {
                unit,
                first_guess: plan.units[unit].first_guess,
                secrets: plan.units[unit].secrets.len(),
            })
            .collect();
        let sharing = selection.sharing == Sharing::MemoAndBounds;
        let schedule = Schedule::new(plan.first_guesses.len(), &pending, sharing);
        Run {
            plan,
            selection,
            board: Mutex::new(board),
            schedule: Mutex::new(schedule),
            failure: Mutex::new(None),
            flags: plan.first_guesses.iter().map(|_| Arc::new(AtomicBool::new(false))).collect(),
            stop,
            memo: Arc::new(SharedMemo::default()),
            live_nodes: Arc::new(AtomicU64::new(0)),
            start: Instant::now(),
        }
    }

    /// Whether the run must end: the caller's stop, or a result that could not be saved.
    fn stopped(&self) -> bool {
        self.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed))
            || self.failure.lock().expect("no unit panics").is_some()
    }

    /// Sends a progress report of the board.
    fn report(&self) {
        if let Some(progress) = &self.selection.progress {
            let searched = self.live_nodes.load(Ordering::Relaxed);
            let report = self.board.lock().expect("no unit panics").progress(self.start, searched);
            progress(&report);
        }
    }

    /// One worker: starts units until none is left, or the run must end.
    fn work(&self) {
        while let Some(index) = self.next_unit() {
            let go_on = self.run_unit(index);
            let first = self.plan.units[index].first_guess;
            self.schedule.lock().expect("no unit panics").finished(first);
            if !go_on {
                return;
            }
        }
    }

    /// The next unit to start, waiting while the schedule says so (helping with the units in
    /// flight); `None` when none is left or the run must end.
    fn next_unit(&self) -> Option<usize> {
        loop {
            if self.stopped() {
                return None;
            }
            let next = {
                let mut schedule = self.schedule.lock().expect("no unit panics");
                let board = self.board.lock().expect("no unit panics");
                schedule.next(&*board)
            };
            match next {
                Next::Start(unit) => return Some(unit),
                Next::Done => return None,
                // Run other work of the pool (the guesses of a unit in flight), or pause.
                Next::Wait => {
                    if rayon::yield_now() != Some(rayon::Yield::Executed) {
                        std::thread::sleep(std::time::Duration::from_millis(1));
                    }
                }
            }
        }
    }

    /// The budget unit `index` is searched within now, or `None` when its first guess is out.
    fn budget_of(&self, index: usize) -> Option<u32> {
        let unit = &self.plan.units[index];
        let board = self.board.lock().expect("no unit panics");
        if board.is_out(unit.first_guess) {
            return None;
        }
        match (self.selection.sharing, board.best()) {
            (Sharing::MemoAndBounds, Some((_, best))) => {
                // The other units of the first guess at what they are known to cost (solved
                // ones exactly, the rest at their bounds), as the search alone counts the parts
                // it has done. Ties with the best stay solvable: the order decides between them.
                let others = board.standing(unit.first_guess).lower - u64::from(unit.bound);
                let beat = (best + 1).saturating_sub(others);
                Some(unit.budget.min(u32::try_from(beat).unwrap_or(u32::MAX)))
            }
            _ => Some(unit.budget),
        }
    }

    /// Solves unit `index`, saves and records its result; false when the run must end (the
    /// result could not be saved).
    fn run_unit(&self, index: usize) -> bool {
        let Some(budget) = self.budget_of(index) else {
            return true;
        };
        let first = self.plan.units[index].first_guess;
        let how = UnitSearch {
            memo: (self.selection.sharing == Sharing::MemoAndBounds).then_some(&self.memo),
            stop: Some(Arc::clone(&self.flags[first])),
            live_nodes: Some(&self.live_nodes),
            ..UnitSearch::within(budget)
        };
        let Some(result) = self.plan.solve_unit(index, &how) else {
            return true;
        };
        if let Some(store) = self.selection.store
            && let Err(e) = store.save(self.plan, &result)
        {
            self.failure.lock().expect("no unit panics").get_or_insert(e);
            return false;
        }
        let mut board = self.board.lock().expect("no unit panics");
        let best_before = board.best();
        board.record(result);
        if board.best() != best_before
            && let Some(progress) = &self.selection.progress
        {
            progress(&board.progress(self.start, self.live_nodes.load(Ordering::Relaxed)));
        }
        for (i, flag) in self.flags.iter().enumerate() {
            if board.is_out(i) {
                flag.store(true, Ordering::Relaxed);
            }
        }
        true
    }
}

/// [`solve`](crate::solve) on every thread of the current rayon pool: the plan's units, sharing
/// one memo and the best total. The search alone (one thread) when no known tree keeps the
/// depth limit, since the units' budgets need one.
pub(crate) fn solve_shared(game: Game, options: &SolveOptions) -> Result<Solution, SolveError> {
    let start = Instant::now();
    let plan = match Plan::new(game, options) {
        Err(SolveError::NoKnownTree { .. }) => return crate::search::solve_alone(game, options),
        other => other?,
    };
    let board = run(&plan, Sharing::MemoAndBounds, options.stop.clone());
    board.solution(start)
}
