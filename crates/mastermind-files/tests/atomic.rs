//! An atomic write is seen whole or not at all: by readers while it runs, after a kill mid-write,
//! and with many writers of one file at once.

use mastermind_files::{Action, Staged, leftover_temporaries, write_atomic};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A fresh directory under the system's temporary directory, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("mastermind-files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Version `v` of a file: its number and length in a 16-byte header, then `len` bytes that
/// depend on both, so a file holding parts of two versions, or a part of one, fails
/// [`version_of`].
fn contents(v: u64, len: usize) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(16 + len);
    bytes.extend_from_slice(&v.to_le_bytes());
    bytes.extend_from_slice(&(len as u64).to_le_bytes());
    bytes.extend((0..len).map(|i| (v as u8).wrapping_mul(31).wrapping_add(i as u8)));
    bytes
}

/// The version a file holds, if it holds one whole.
fn version_of(bytes: &[u8]) -> Option<u64> {
    let v = u64::from_le_bytes(bytes.get(..8)?.try_into().ok()?);
    let len = u64::from_le_bytes(bytes.get(8..16)?.try_into().ok()?) as usize;
    (bytes.len() == 16 + len && bytes == contents(v, len)).then_some(v)
}

/// The path a parent process hands to [`writer_process`] through the environment.
const CHILD_TARGET: &str = "MASTERMIND_FILES_TEST_WRITER_TARGET";

/// Not a test on its own: the body of the child process that
/// [`a_reader_never_sees_a_partial_file_even_when_the_writer_is_killed`] starts (this test
/// binary again, running only this function with [`CHILD_TARGET`] set). It writes ever newer
/// large versions of the target until it is killed.
#[test]
fn writer_process() {
    let Some(target) = std::env::var_os(CHILD_TARGET) else { return };
    for v in 1.. {
        write_atomic(Path::new(&target), &contents(v, 2 << 20)).unwrap();
    }
}

/// A running [`writer_process`], killed when dropped (so a failing test leaves none behind).
struct Writer(std::process::Child);

impl Writer {
    fn spawn(target: &Path) -> Writer {
        let child = Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "writer_process", "--nocapture", "--test-threads=1"])
            .env(CHILD_TARGET, target)
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        Writer(child)
    }

    /// Kills the writer (SIGKILL on Unix: it gets no chance to clean up) and waits for it.
    fn kill(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        self.kill();
    }
}

#[test]
fn a_reader_never_sees_a_partial_file_even_when_the_writer_is_killed() {
    let scratch = Scratch::new("kill");
    let target = scratch.0.join("table.bin");
    write_atomic(&target, &contents(0, 1000)).unwrap();
    let mut killed_mid_write = 0;
    for _attempt in 0..20 {
        let mut writer = Writer::spawn(&target);
        let marker = format!(".{}-", writer.0.id());
        let child_temporary = |t: &Path| t.to_string_lossy().contains(&marker);
        let started = Instant::now();
        let mut seen = BTreeSet::new();
        // Read while the child writes, until it has replaced the file a few times and is in the
        // middle of the next write.
        loop {
            assert!(started.elapsed() < Duration::from_secs(60), "the writer made no progress");
            let bytes = std::fs::read(&target).unwrap();
            let v = version_of(&bytes);
            assert!(v.is_some(), "a reader saw a partial file of {} bytes", bytes.len());
            seen.extend(v);
            if seen.len() >= 3 && leftover_temporaries(&target).iter().any(|t| child_temporary(t)) {
                break;
            }
        }
        writer.kill();
        let after = std::fs::read(&target).unwrap();
        assert!(version_of(&after).is_some(), "a kill left a partial file");
        let left = leftover_temporaries(&target);
        if left.iter().any(|t| child_temporary(t)) {
            killed_mid_write += 1;
        }
        for t in left {
            std::fs::remove_file(t).unwrap();
        }
        if killed_mid_write >= 2 {
            break;
        }
    }
    // The kill must have landed inside a write (its temporary file left behind), or the test
    // proved nothing.
    assert!(killed_mid_write >= 2, "the writer was never killed in the middle of a write");
}

#[test]
fn concurrent_writers_of_one_file_leave_one_whole_version_and_no_temporaries() {
    let scratch = Scratch::new("threads");
    let target = scratch.0.join("journal.jsonl");
    write_atomic(&target, &contents(0, 10)).unwrap();
    let (writers, writes) = (4u64, 40u64);
    let done = AtomicBool::new(false);
    let reads = std::thread::scope(|s| {
        let reader = s.spawn(|| {
            let mut reads = 0;
            while !done.load(Ordering::Relaxed) {
                let bytes = std::fs::read(&target).unwrap();
                assert!(version_of(&bytes).is_some(), "a reader saw {} bytes", bytes.len());
                reads += 1;
            }
            reads
        });
        let handles: Vec<_> = (0..writers)
            .map(|w| {
                let target = &target;
                s.spawn(move || {
                    for i in 0..writes {
                        let v = 1 + w * writes + i;
                        write_atomic(target, &contents(v, 64 << 10 | (v as usize % 7))).unwrap();
                    }
                })
            })
            .collect();
        for h in handles {
            h.join().unwrap();
        }
        done.store(true, Ordering::Relaxed);
        reader.join().unwrap()
    });
    assert!(reads > 0);
    let last = version_of(&std::fs::read(&target).unwrap()).expect("a whole version");
    assert!((1..=writers * writes).contains(&last));
    assert!(leftover_temporaries(&target).is_empty());
}

#[test]
fn threads_of_one_process_never_share_a_temporary_file() {
    let scratch = Scratch::new("names");
    let target = scratch.0.join("figure.svg");
    let staged: Vec<Staged> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..4)
            .map(|_| {
                s.spawn(|| {
                    (0..25).map(|_| Staged::write(&target, b"x").unwrap()).collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap()).collect::<Vec<_>>()
    });
    let names: BTreeSet<_> = staged.iter().map(|s| s.temporary().to_path_buf()).collect();
    assert_eq!(names.len(), 100);
    assert_eq!(leftover_temporaries(&target).len(), 100);
    for s in staged {
        s.discard();
    }
    assert!(leftover_temporaries(&target).is_empty());
    assert!(!target.exists(), "nothing was committed");
}

#[test]
fn staged_files_are_committed_in_the_callers_order() {
    let scratch = Scratch::new("staged");
    let data = scratch.0.join("t.parquet");
    let manifest = scratch.0.join("t.json");
    let staged_data = Staged::write(&data, b"data").unwrap();
    let staged_manifest = Staged::write(&manifest, b"manifest").unwrap();
    assert!(!data.exists() && !manifest.exists());
    assert_eq!(std::fs::read(staged_data.temporary()).unwrap(), b"data");
    assert_eq!(staged_data.target(), data);
    staged_data.commit().unwrap();
    assert!(data.exists() && !manifest.exists());
    staged_manifest.commit().unwrap();
    assert_eq!(std::fs::read(&manifest).unwrap(), b"manifest");
    assert!(leftover_temporaries(&data).is_empty() && leftover_temporaries(&manifest).is_empty());
}

#[test]
fn a_failed_write_names_its_step_and_file_and_leaves_nothing() {
    let scratch = Scratch::new("fail");
    let target = scratch.0.join("missing-dir").join("t.md");
    let e = write_atomic(&target, b"x").unwrap_err();
    assert_eq!(e.action(), Action::Create);
    assert!(e.path().starts_with(scratch.0.join("missing-dir")));
    assert!(e.to_string().starts_with("creating "), "{e}");
    assert_eq!(e.io_error().kind(), std::io::ErrorKind::NotFound);
    // A directory in the target's place: the temporary file is written, the rename fails, and
    // the temporary file is removed.
    let dir_target = scratch.0.join("a-dir");
    std::fs::create_dir_all(dir_target.join("inside")).unwrap();
    let e = write_atomic(&dir_target, b"x").unwrap_err();
    assert_eq!(e.action(), Action::Rename);
    assert!(leftover_temporaries(&dir_target).is_empty());
}
