//! Which unit a free thread starts next.
//!
//! Units that share nothing run in the plan's order, as fast as threads free up: their results do
//! not depend on what ran before. Units that share the memo and the best total run in the order
//! the search alone would use that knowledge:
//!
//! - until some first guess is exact, every budget is the known tree's, so only the first first
//!   guess not yet decided has units started (all at once, largest first: it is usually the
//!   optimum's, every unit of it is solved, and the last to finish should be a small one);
//! - once one is exact, the first guesses left are usually refuted, and each runs its units one
//!   at a time, smallest first, as the search alone tries the parts of a guess: each unit starts
//!   on the exact totals of those before it, which refute most first guesses before their large
//!   units are searched. Different first guesses run side by side.
//!
//! A thread with nothing to start helps with the units in flight (their guesses are split
//! between the threads that are free).

/// What a free thread does next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Next {
    /// Start this unit.
    Start(usize),
    /// Nothing can start yet: help with the units in flight, then ask again.
    Wait,
    /// No unit is left to start.
    Done,
}

/// What the schedule needs to know of the board.
pub(super) trait Standings {
    /// Whether some first guess is exact.
    fn best_known(&self) -> bool;
    /// Whether first guess `index` can no longer be the answer.
    fn is_out(&self, index: usize) -> bool;
    /// Whether first guess `index` is exact or out.
    fn is_decided(&self, index: usize) -> bool;
}

/// A unit waiting to start.
#[derive(Debug, Clone, Copy)]
pub(super) struct Pending {
    /// The unit's index in the plan.
    pub unit: usize,
    /// Its first guess.
    pub first_guess: usize,
    /// Its number of secrets.
    pub secrets: usize,
}

/// The units not yet started and those in flight.
#[derive(Debug)]
pub(super) struct Schedule {
    /// Whether the units share the memo and the best total (see the module's rules).
    sharing: bool,
    /// Per first guess, the units left to start, the next one last.
    left: Vec<Vec<usize>>,
    /// Per first guess, the units started and not yet finished.
    in_flight: Vec<usize>,
}

impl Schedule {
    /// A schedule of `pending` (in the plan's order) for `first_guesses` first guesses.
    pub fn new(first_guesses: usize, pending: &[Pending], sharing: bool) -> Schedule {
        let mut left: Vec<Vec<Pending>> = vec![Vec::new(); first_guesses];
        for &unit in pending {
            left[unit.first_guess].push(unit);
        }
        for (first, units) in left.iter_mut().enumerate() {
            // The next one last. Sharing nothing: the plan's order. Sharing: the first first
            // guess's largest, the others' smallest (ties in the plan's order).
            if sharing && first == 0 {
                units.sort_by_key(|u| (u.secrets, std::cmp::Reverse(u.unit)));
            } else if sharing {
                units.sort_by_key(|u| std::cmp::Reverse((u.secrets, std::cmp::Reverse(u.unit))));
            } else {
                units.reverse();
            }
        }
        Schedule {
            sharing,
            left: left.into_iter().map(|units| units.iter().map(|u| u.unit).collect()).collect(),
            in_flight: vec![0; first_guesses],
        }
    }

    /// The next unit for a free thread, given the board's `standings`. A unit returned counts
    /// as in flight until [`finished`](Self::finished).
    pub fn next(&mut self, standings: &impl Standings) -> Next {
        let best_known = standings.best_known();
        let mut blocked = false;
        for first in 0..self.left.len() {
            if self.left[first].is_empty() {
                continue;
            }
            if self.sharing && standings.is_out(first) {
                // Its units cannot matter any more.
                self.left[first].clear();
                continue;
            }
            let may_start = match (self.sharing, best_known) {
                (false, _) => true,
                (true, true) => self.in_flight[first] == 0,
                (true, false) => (0..first).all(|earlier| standings.is_decided(earlier)),
            };
            if !may_start {
                blocked = true;
                if best_known {
                    continue;
                }
                break;
            }
            let unit = self.left[first].pop().expect("not empty");
            self.in_flight[first] += 1;
            return Next::Start(unit);
        }
        if blocked { Next::Wait } else { Next::Done }
    }

    /// A unit of first guess `first` is over (solved, refuted, stopped or skipped).
    pub fn finished(&mut self, first: usize) {
        self.in_flight[first] -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board where the first guesses of `exact` are exact and those of `out` are out.
    struct Fake {
        exact: Vec<usize>,
        out: Vec<usize>,
    }

    impl Standings for Fake {
        fn best_known(&self) -> bool {
            !self.exact.is_empty()
        }
        fn is_out(&self, index: usize) -> bool {
            self.out.contains(&index)
        }
        fn is_decided(&self, index: usize) -> bool {
            self.exact.contains(&index) || self.out.contains(&index)
        }
    }

    /// Units 0..3 of first guess 0 (sizes 5, 9, 1), 3..6 of first guess 1 (sizes 7, 2, 4),
    /// 6..8 of first guess 2 (sizes 3, 8).
    fn units() -> Vec<Pending> {
        [(0, 0, 5), (1, 0, 9), (2, 0, 1), (3, 1, 7), (4, 1, 2), (5, 1, 4), (6, 2, 3), (7, 2, 8)]
            .into_iter()
            .map(|(unit, first_guess, secrets)| Pending { unit, first_guess, secrets })
            .collect()
    }

    #[test]
    fn sharing_nothing_starts_every_unit_in_the_plans_order() {
        let mut schedule = Schedule::new(3, &units(), false);
        let board = Fake { exact: vec![], out: vec![] };
        let started: Vec<Next> = (0..9).map(|_| schedule.next(&board)).collect();
        let expected: Vec<Next> = (0..8).map(Next::Start).chain([Next::Done]).collect();
        assert_eq!(started, expected);
    }

    #[test]
    fn the_first_first_guess_runs_alone_largest_first_until_one_is_exact() {
        let mut schedule = Schedule::new(3, &units(), true);
        let undecided = Fake { exact: vec![], out: vec![] };
        assert_eq!(schedule.next(&undecided), Next::Start(1));
        assert_eq!(schedule.next(&undecided), Next::Start(0));
        assert_eq!(schedule.next(&undecided), Next::Start(2));
        // First guess 0 is in flight and undecided: nothing else may start.
        assert_eq!(schedule.next(&undecided), Next::Wait);
        for _ in 0..3 {
            schedule.finished(0);
        }
        // Exact now: first guesses 1 and 2 run side by side, one unit each, smallest first.
        let decided = Fake { exact: vec![0], out: vec![] };
        assert_eq!(schedule.next(&decided), Next::Start(4));
        assert_eq!(schedule.next(&decided), Next::Start(6));
        assert_eq!(schedule.next(&decided), Next::Wait);
        schedule.finished(1);
        assert_eq!(schedule.next(&decided), Next::Start(5));
        // First guess 2 turns out out: its last unit never starts.
        schedule.finished(2);
        let two_out = Fake { exact: vec![0], out: vec![2] };
        assert_eq!(schedule.next(&two_out), Next::Wait);
        schedule.finished(1);
        assert_eq!(schedule.next(&two_out), Next::Start(3));
        schedule.finished(1);
        assert_eq!(schedule.next(&two_out), Next::Done);
    }

    #[test]
    fn a_first_guess_refuted_before_any_is_exact_lets_the_next_one_start() {
        let mut schedule = Schedule::new(3, &units(), true);
        let undecided = Fake { exact: vec![], out: vec![] };
        for _ in 0..3 {
            assert!(matches!(schedule.next(&undecided), Next::Start(_)));
        }
        for _ in 0..3 {
            schedule.finished(0);
        }
        // First guess 1 is now the first undecided: all its units may start (smallest first).
        let refuted = Fake { exact: vec![], out: vec![0] };
        assert_eq!(schedule.next(&refuted), Next::Start(4));
        assert_eq!(schedule.next(&refuted), Next::Start(5));
        assert_eq!(schedule.next(&refuted), Next::Start(3));
        assert_eq!(schedule.next(&refuted), Next::Wait);
    }
}
