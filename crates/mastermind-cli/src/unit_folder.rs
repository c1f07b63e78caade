//! The folder of an exact search's units on disk: the optimal crate's [`UnitFiles`], each file
//! written whole or not at all, so that a killed search leaves every unit file old or new.

use mastermind_players::families::optimal::units::UnitFiles;
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};

/// A folder of unit files.
#[derive(Debug, Clone)]
pub struct UnitFolder {
    dir: PathBuf,
}

impl UnitFolder {
    /// The folder `dir`, created if missing.
    pub fn open(dir: &Path) -> std::io::Result<UnitFolder> {
        std::fs::create_dir_all(dir)?;
        Ok(UnitFolder { dir: dir.to_owned() })
    }
}

impl UnitFiles for UnitFolder {
    fn names(&self) -> std::io::Result<Vec<String>> {
        let mut names = Vec::new();
        for entry in std::fs::read_dir(&self.dir)? {
            // A name that is not UTF-8 is no unit's.
            if let Ok(name) = entry?.file_name().into_string() {
                names.push(name);
            }
        }
        Ok(names)
    }

    fn read(&self, name: &str) -> std::io::Result<Option<Vec<u8>>> {
        match std::fs::read(self.dir.join(name)) {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    }

    fn write(&self, name: &str, bytes: &[u8]) -> std::io::Result<()> {
        write_atomic(&self.dir.join(name), bytes)
    }

    fn rename(&self, from: &str, to: &str) -> std::io::Result<()> {
        std::fs::rename(self.dir.join(from), self.dir.join(to))
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }
}

/// Writes `bytes` to `path` whole or not at all: a temporary file beside it named with the
/// process id, flushed to disk, renamed into place, and the folder flushed so that the rename
/// lasts.
fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("file");
    let temporary = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    let mut file = std::fs::File::create(&temporary)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    drop(file);
    std::fs::rename(&temporary, path)?;
    if let Some(dir) = path.parent() {
        std::fs::File::open(if dir.as_os_str().is_empty() { Path::new(".") } else { dir })?
            .sync_all()?;
    }
    Ok(())
}
