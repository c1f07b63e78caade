//! The folder of an exact search's units on disk: the optimal crate's [`UnitFiles`], each file
//! written whole or not at all by the workspace's atomic writer, so that a killed search leaves
//! every unit file old or new (a temporary file it leaves is no unit file, and is ignored).

use mastermind_players::families::optimal::units::UnitFiles;
use std::io::ErrorKind;
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
        mastermind_files::write_atomic(self.dir.join(name), bytes).map_err(std::io::Error::from)
    }

    fn rename(&self, from: &str, to: &str) -> std::io::Result<()> {
        std::fs::rename(self.dir.join(from), self.dir.join(to))
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }
}
