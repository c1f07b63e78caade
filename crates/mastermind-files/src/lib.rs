//! The workspace's one way to replace a file so that a reader, or the next run after a kill, sees
//! the old contents or the new, never a part.
//!
//! [`write_atomic`] writes the new contents to a temporary file beside the target, flushes and
//! syncs it, renames it over the target and syncs the directory, so the rename itself is on disk
//! when it returns. A rename within one directory replaces the name in one step (POSIX `rename`,
//! `MoveFileEx` with `MOVEFILE_REPLACE_EXISTING` on Windows), and the file it points to was whole
//! and synced before it.
//!
//! The temporary file is named `<target's file name>.<pid>-<n>.tmp`, `n` counting the calls of
//! this process: two processes, or two threads of one process, writing the same target never
//! share a temporary file. A kill between the first write and the rename leaves that temporary
//! file behind; [`leftover_temporaries`] finds the ones left beside a target so that whoever owns
//! the target (under its own lock) can remove them.
//!
//! Writers that commit several files together (the lab's store: data, then the manifest that
//! names it) stage each file with [`Staged::write`] and rename them with [`Staged::commit`] in
//! their own order.
//!
//! An append-only log whose reader drops a torn last record (the importance descent's journal)
//! grows by [`append_synced`] instead: the only write here that opens its target in place, and
//! it only ever adds to the end, so a kill leaves every record before the last whole.
//!
//! ```
//! let dir = std::env::temp_dir().join(format!("mastermind-files-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let path = dir.join("table.md");
//! mastermind_files::write_atomic(&path, b"| a | b |\n").unwrap();
//! assert_eq!(std::fs::read(&path).unwrap(), b"| a | b |\n");
//! assert!(mastermind_files::leftover_temporaries(&path).is_empty());
//! # std::fs::remove_dir_all(&dir).unwrap();
//! ```

#![deny(missing_docs)]

use std::ffi::OsString;
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Replaces the file at `path` by `bytes` atomically: a reader sees the old file or the new one,
/// whole, and so does anyone after a kill or a power loss at any moment (see the crate docs).
/// The parent directory must exist. On an error the temporary file is removed.
pub fn write_atomic(path: impl AsRef<Path>, bytes: &[u8]) -> Result<(), Error> {
    Staged::write(path.as_ref(), bytes)?.commit()
}

/// Appends `bytes` to the file at `path` (created if missing; its directory must exist) and
/// syncs them to disk before returning. For append-only logs whose reader drops a torn last
/// record: a kill mid-append leaves the records before it as they were.
pub fn append_synced(path: impl AsRef<Path>, bytes: &[u8]) -> Result<(), Error> {
    let path = path.as_ref();
    let appended = OpenOptions::new().create(true).append(true).open(path).and_then(|mut file| {
        file.write_all(bytes)?;
        file.flush()?;
        file.sync_data()
    });
    appended.map_err(|source| Error::new(Action::Append, path, source))
}

/// A new version of a file, whole and synced under a temporary name beside its target, not yet
/// in place.
///
/// Dropping it without [`commit`](Staged::commit) leaves the temporary file behind, exactly as a
/// kill at that moment would ([`leftover_temporaries`] finds it); [`discard`](Staged::discard)
/// removes it.
#[derive(Debug)]
#[must_use = "a staged file is in place only once committed"]
pub struct Staged {
    temporary: PathBuf,
    target: PathBuf,
}

impl Staged {
    /// Writes `bytes` to a new temporary file beside `target`, flushed and synced to disk.
    pub fn write(target: &Path, bytes: &[u8]) -> Result<Staged, Error> {
        let (temporary, mut file) = create_temporary(target)?;
        let staged = Staged { temporary, target: target.to_path_buf() };
        let written =
            file.write_all(bytes).and_then(|()| file.flush()).and_then(|()| file.sync_all());
        drop(file);
        match written {
            Ok(()) => Ok(staged),
            Err(source) => {
                let error = Error::new(Action::Write, &staged.temporary, source);
                staged.discard();
                Err(error)
            }
        }
    }

    /// The temporary file holding the new version.
    pub fn temporary(&self) -> &Path {
        &self.temporary
    }

    /// The file it will replace.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Renames the temporary file over the target and syncs the directory, so the new version
    /// is in place, and stays there after a power loss, when this returns. On an error the
    /// temporary file is removed and the target is untouched.
    pub fn commit(self) -> Result<(), Error> {
        if let Err(source) = std::fs::rename(&self.temporary, &self.target) {
            let error = Error::new(Action::Rename, &self.temporary, source);
            self.discard();
            return Err(error);
        }
        sync_directory_of(&self.target)
    }

    /// Removes the temporary file, leaving the target as it was.
    pub fn discard(self) {
        // Best effort: a temporary file that cannot be removed is found by
        // `leftover_temporaries` later.
        let _ = std::fs::remove_file(&self.temporary);
    }
}

/// Syncs the directory holding `path`, so that the renames and removals of its entries done so
/// far are on disk (a no-op where the platform cannot open a directory as a file).
pub fn sync_directory_of(path: &Path) -> Result<(), Error> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    sync_directory(dir)
}

#[cfg(unix)]
fn sync_directory(dir: &Path) -> Result<(), Error> {
    File::open(dir)
        .and_then(|d| d.sync_all())
        .map_err(|e| Error::new(Action::SyncDirectory, dir, e))
}

#[cfg(not(unix))]
fn sync_directory(_dir: &Path) -> Result<(), Error> {
    // Windows opens no directory as a file; its rename is durable once `MoveFileEx` returns with
    // the file's own data already flushed.
    Ok(())
}

/// The temporary files that calls writing `target` left behind when they were killed (or whose
/// [`Staged`] was dropped uncommitted), in name order. Only the owner of `target`, holding
/// whatever lock keeps other writers away, should remove them: a live writer's temporary file
/// looks the same.
pub fn leftover_temporaries(target: &Path) -> Vec<PathBuf> {
    let Some(name) = target.file_name() else { return Vec::new() };
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut found: Vec<PathBuf> = entries
        .filter_map(|e| e.ok())
        .filter(|e| is_temporary_name(&e.file_name(), name))
        .map(|e| e.path())
        .collect();
    found.sort();
    found
}

/// Whether `candidate` is the name of a temporary file of a target named `target`:
/// `<target>.<pid>-<n>.tmp`, or `<target>.<pid>.tmp` as earlier versions of the workspace named
/// them.
pub fn is_temporary_name(candidate: &std::ffi::OsStr, target: &std::ffi::OsStr) -> bool {
    let (Some(candidate), Some(target)) = (candidate.to_str(), target.to_str()) else {
        return false;
    };
    let Some(middle) = candidate
        .strip_prefix(target)
        .and_then(|rest| rest.strip_prefix('.'))
        .and_then(|rest| rest.strip_suffix(".tmp"))
    else {
        return false;
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    match middle.split_once('-') {
        Some((pid, n)) => digits(pid) && digits(n),
        None => digits(middle),
    }
}

/// Calls of this process so far: the `n` of `<pid>-<n>`.
static CALLS: AtomicU64 = AtomicU64::new(0);

/// Creates a temporary file beside `target` that no other call, of this process or another, uses.
fn create_temporary(target: &Path) -> Result<(PathBuf, File), Error> {
    let Some(name) = target.file_name() else {
        let source = io::Error::new(io::ErrorKind::InvalidInput, "the path names no file");
        return Err(Error::new(Action::Create, target, source));
    };
    loop {
        let n = CALLS.fetch_add(1, Ordering::Relaxed);
        let mut temporary_name = OsString::from(name);
        temporary_name.push(format!(".{}-{n}.tmp", std::process::id()));
        let temporary = target.with_file_name(temporary_name);
        // `create_new`: a file of that name left by an earlier process with the same pid is
        // never written into; the next number is tried instead.
        match OpenOptions::new().write(true).create_new(true).open(&temporary) {
            Ok(file) => return Ok((temporary, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(source) => return Err(Error::new(Action::Create, &temporary, source)),
        }
    }
}

/// A file operation of an atomic write that failed: what was being done, to which file, and the
/// system's error (its [`source`](std::error::Error::source)).
#[derive(Debug)]
pub struct Error {
    action: Action,
    path: PathBuf,
    source: io::Error,
}

/// The step of an atomic write that failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Action {
    /// Creating the temporary file.
    Create,
    /// Writing, flushing or syncing the temporary file.
    Write,
    /// Renaming the temporary file over the target.
    Rename,
    /// Syncing the directory after the rename.
    SyncDirectory,
    /// Appending to a log and syncing it ([`append_synced`]).
    Append,
}

impl Error {
    fn new(action: Action, path: &Path, source: io::Error) -> Error {
        Error { action, path: path.to_path_buf(), source }
    }

    /// The step that failed.
    pub fn action(&self) -> Action {
        self.action
    }

    /// The file (or, for [`Action::SyncDirectory`], the directory) it failed on.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The system's error.
    pub fn io_error(&self) -> &io::Error {
        &self.source
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let doing = match self.action {
            Action::Create => "creating",
            Action::Write => "writing",
            Action::Rename => "moving into place",
            Action::SyncDirectory => "syncing the directory",
            Action::Append => "appending to",
        };
        write!(f, "{doing} {}", self.path.display())
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.source)
    }
}

impl From<Error> for io::Error {
    fn from(e: Error) -> io::Error {
        io::Error::new(e.source.kind(), format!("{e}: {}", e.source))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsStr;

    #[test]
    fn appends_go_to_the_end_and_a_missing_log_is_created() {
        let dir =
            std::env::temp_dir().join(format!("mastermind-files-append-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let log = dir.join("steps.jsonl");
        let _ = std::fs::remove_file(&log);
        append_synced(&log, b"one\n").unwrap();
        append_synced(&log, b"two\n").unwrap();
        assert_eq!(std::fs::read(&log).unwrap(), b"one\ntwo\n");
        let missing = dir.join("no-such-folder").join("log");
        let error = append_synced(&missing, b"x").unwrap_err();
        assert_eq!(error.action(), Action::Append);
        assert!(error.to_string().starts_with("appending to "), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn temporary_names_are_recognised_by_their_target() {
        let t = OsStr::new("table.parquet");
        for yes in ["table.parquet.12-0.tmp", "table.parquet.4242.tmp", "table.parquet.1-99.tmp"] {
            assert!(is_temporary_name(OsStr::new(yes), t), "{yes}");
        }
        for no in [
            "table.parquet",
            "table.parquet.tmp",
            "table.parquet.-1.tmp",
            "table.parquet.1-.tmp",
            "table.parquet.1-2-3.tmp",
            "table.parquet.x1.tmp",
            "other.parquet.12-0.tmp",
            "table.parquet.previous",
            "table.parquet.json.12-0.tmp",
        ] {
            assert!(!is_temporary_name(OsStr::new(no), t), "{no}");
        }
    }
}
