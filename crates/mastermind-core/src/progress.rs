//! How far a long computation has come, told to whoever runs it: the work counts its own units
//! (games, runs, descent steps) through [`Progress`], and the caller decides how to show them (the
//! lab's and the command line's bars on a terminal, nothing in a pipe or a test). No I/O, no
//! clock: a `Progress` only receives counts.

/// Receives the progress of a long computation, in units of its own. Called from any thread of
/// the computation (hence `Sync`); an implementation must be cheap, never block for long and
/// never fail.
pub trait Progress: Sync {
    /// The work has `units` units in all.
    fn set_length(&self, units: u64);

    /// `units` units are done in all (a resumed run starts past zero).
    fn set_position(&self, units: u64);

    /// `units` more units are done.
    fn advance(&self, units: u64);
}

/// Progress shown nowhere: for tests and for callers with nothing to show.
#[derive(Debug, Clone, Copy, Default)]
pub struct Silent;

impl Progress for Silent {
    fn set_length(&self, _: u64) {}

    fn set_position(&self, _: u64) {}

    fn advance(&self, _: u64) {}
}
