//! Where a unit store's files live: the [`UnitFiles`] trait the caller implements (the
//! `mastermind` binary, for a folder), and files kept in memory.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Mutex;

/// Where a [`UnitStore`](super::UnitStore) keeps its files: named byte strings. The names are plain file names
/// (`unit-00042.json`); the crate never touches a file itself.
pub trait UnitFiles: Send + Sync {
    /// The names of the files held, in any order (files of other names may be among them).
    fn names(&self) -> std::io::Result<Vec<String>>;
    /// The bytes of file `name`, or `None` when there is no such file.
    fn read(&self, name: &str) -> std::io::Result<Option<Vec<u8>>>;
    /// Writes `bytes` as file `name`, replacing any file of that name whole or not at all.
    fn write(&self, name: &str, bytes: &[u8]) -> std::io::Result<()>;
    /// Renames file `from` to `to`, replacing any file `to`.
    fn rename(&self, from: &str, to: &str) -> std::io::Result<()>;
    /// Where file `name` is, for messages (a path).
    fn path(&self, name: &str) -> PathBuf;
}

impl<T: UnitFiles + ?Sized> UnitFiles for std::sync::Arc<T> {
    fn names(&self) -> std::io::Result<Vec<String>> {
        T::names(self)
    }

    fn read(&self, name: &str) -> std::io::Result<Option<Vec<u8>>> {
        T::read(self, name)
    }

    fn write(&self, name: &str, bytes: &[u8]) -> std::io::Result<()> {
        T::write(self, name, bytes)
    }

    fn rename(&self, from: &str, to: &str) -> std::io::Result<()> {
        T::rename(self, from, to)
    }

    fn path(&self, name: &str) -> PathBuf {
        T::path(self, name)
    }
}

/// Files kept in memory: a store within one process (tests, or a search that is not to be
/// resumed). Writes replace a file whole.
#[derive(Debug, Default)]
pub struct InMemoryFiles {
    files: Mutex<BTreeMap<String, Vec<u8>>>,
}

impl InMemoryFiles {
    fn files(&self) -> std::sync::MutexGuard<'_, BTreeMap<String, Vec<u8>>> {
        self.files.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl UnitFiles for InMemoryFiles {
    fn names(&self) -> std::io::Result<Vec<String>> {
        Ok(self.files().keys().cloned().collect())
    }

    fn read(&self, name: &str) -> std::io::Result<Option<Vec<u8>>> {
        Ok(self.files().get(name).cloned())
    }

    fn write(&self, name: &str, bytes: &[u8]) -> std::io::Result<()> {
        self.files().insert(name.to_owned(), bytes.to_vec());
        Ok(())
    }

    fn rename(&self, from: &str, to: &str) -> std::io::Result<()> {
        let mut files = self.files();
        let bytes = files.remove(from).ok_or(std::io::ErrorKind::NotFound)?;
        files.insert(to.to_owned(), bytes);
        Ok(())
    }

    fn path(&self, name: &str) -> PathBuf {
        PathBuf::from(name)
    }
}
