//! The errors of running and reporting an experiment ([`Error`]); a spec's mistakes are
//! [`SpecError`](crate::spec::SpecError)s, which name file, line and field.
//!
//! An error keeps what it came from as its `source()` and adds, with [`Context`], what was being
//! done when it happened (`unit 3: preparing the player of arm "Knuth" on 4x6: ...`), so a
//! binary that prints the chain prints the same sentences as before, each clause once.

use std::fmt::Display;

/// Why an experiment could not be run or reported.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A file could not be read or listed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// A file could not be written (by the workspace's one atomic writer).
    #[error(transparent)]
    Write(#[from] mastermind_files::Error),
    /// A result table could not be built, or a stored one read.
    #[error(transparent)]
    Table(#[from] polars::prelude::PolarsError),
    /// A journal line could not be written or read as JSON.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// A player refused its configuration.
    #[error(transparent)]
    Parameter(#[from] mastermind_core::InvalidParameter),
    /// A game size or a code does not hold (a stored one, read back).
    #[error(transparent)]
    Game(#[from] mastermind_core::GameError),
    /// The lying codemaker refused its configuration.
    #[error(transparent)]
    Liar(#[from] mastermind_core::LiarError),
    /// The importance-sampling policy or its descent failed.
    #[error(transparent)]
    Importance(#[from] mastermind_players::families::importance::ImportanceError),
    /// A strategy tree does not hold (its shape, or its replay over every secret).
    #[error(transparent)]
    Tree(#[from] mastermind_players::families::tree::TreeError),
    /// What went wrong, in a sentence of this crate's own (a stored table that does not fit its
    /// kind, parts that do not add up to a spec, a spec that cannot be found).
    #[error("{0}")]
    Message(String),
    /// `source`, with what was being done when it happened.
    #[error("{context}")]
    Context {
        /// What was being done.
        context: String,
        /// What went wrong.
        #[source]
        source: Box<Error>,
    },
}

impl Error {
    /// An error saying `text`.
    pub fn message(text: impl Into<String>) -> Error {
        Error::Message(text.into())
    }
}

/// The result of running or reporting an experiment.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Adds what was being done to an error, or turns a missing value into an error saying so.
pub trait Context<T> {
    /// The error, or the missing value, with `context`.
    fn context(self, context: impl Display) -> Result<T>;

    /// [`context`](Context::context), made only on failure.
    fn with_context<C: Display>(self, context: impl FnOnce() -> C) -> Result<T>;
}

impl<T, E: Into<Error>> Context<T> for std::result::Result<T, E> {
    fn context(self, context: impl Display) -> Result<T> {
        self.map_err(|e| Error::Context {
            context: context.to_string(),
            source: Box::new(e.into()),
        })
    }

    fn with_context<C: Display>(self, context: impl FnOnce() -> C) -> Result<T> {
        self.map_err(|e| Error::Context {
            context: context().to_string(),
            source: Box::new(e.into()),
        })
    }
}

impl<T> Context<T> for Option<T> {
    fn context(self, context: impl Display) -> Result<T> {
        self.ok_or_else(|| Error::Message(context.to_string()))
    }

    fn with_context<C: Display>(self, context: impl FnOnce() -> C) -> Result<T> {
        self.ok_or_else(|| Error::Message(context().to_string()))
    }
}

/// Returns an [`Error::Message`] made by `format!` from the arguments.
macro_rules! bail {
    ($($arg:tt)*) => {
        return Err($crate::error::Error::Message(format!($($arg)*)))
    };
}
pub(crate) use bail;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chain_says_the_context_then_its_source_each_once() {
        let io = std::io::Error::other("disk full");
        let error = Err::<(), _>(io).context("writing j.jsonl").context("unit 3").unwrap_err();
        let mut chain = vec![error.to_string()];
        let mut source = std::error::Error::source(&error);
        while let Some(e) = source {
            chain.push(e.to_string());
            source = e.source();
        }
        assert_eq!(chain, ["unit 3", "writing j.jsonl", "disk full"]);
        let missing = None::<u8>.context("a pattern without a code").unwrap_err();
        assert_eq!(missing.to_string(), "a pattern without a code");
        assert!(std::error::Error::source(&missing).is_none());
    }
}
