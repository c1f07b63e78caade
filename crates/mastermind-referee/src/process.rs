//! [`Process`]: a running program, written to and read from without ever blocking the referee.
//!
//! Three threads per process do the blocking: one writes the referee's lines to the program's
//! standard input (a program that stops reading cannot stall the referee), one reads its
//! standard output line by line (a line longer than the output limit is cut off there, so a
//! flood never fills memory), and one keeps the last few kilobytes of its standard error for
//! error messages. The referee waits for a line with a deadline. Dropping a process closes its
//! input, gives it a moment to exit, then kills it; every process is known to the
//! [`reaper`](crate::reaper::kill_all) until it has been waited for, so Ctrl-C kills it too.

use crate::error::RefereeError;
use crate::reaper;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender, TrySendError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

/// Lines the reader thread may hold before the program's writes block (the pipe holds more).
const READ_AHEAD: usize = 8;

/// Lines waiting to be written before the program counts as no longer reading its input.
const WRITE_BEHIND: usize = 64;

/// Bytes of standard error kept for messages (the last ones).
const STDERR_TAIL: usize = 2048;

/// How long a program whose input was closed has to exit before it is killed.
const EXIT_GRACE: Duration = Duration::from_millis(500);

/// How long to wait for a program whose output ended to report its exit status.
const STATUS_WAIT: Duration = Duration::from_secs(2);

/// What the reader thread hands over.
enum Read_ {
    /// A line, without its line end, and the bytes it took (line end included).
    Line(String, u64),
    /// A line longer than the limit: reading stopped.
    TooLong,
    /// End of output, or a read error.
    Closed,
}

/// The deadlines of one answer: the move's and the game's.
#[derive(Debug, Clone, Copy)]
pub struct Deadline {
    /// When the answer is late for its move.
    pub by: Instant,
    /// The error if it is: a move's, a game's or (waiting for `ready`) the start's limit.
    pub error: fn(Duration) -> RefereeError,
    /// The limit in force, for the error.
    pub limit: Duration,
}

impl Deadline {
    /// The earlier of `move_limit` from now and the game's deadline.
    pub fn answer(move_limit: Duration, game_by: Instant, game_limit: Duration) -> Deadline {
        let move_by = Instant::now() + move_limit;
        if move_by <= game_by {
            Deadline {
                by: move_by,
                error: |limit| RefereeError::MoveTimeout { limit },
                limit: move_limit,
            }
        } else {
            Deadline {
                by: game_by,
                error: |limit| RefereeError::GameTimeout { limit },
                limit: game_limit,
            }
        }
    }
}

/// A running program.
pub struct Process {
    child: Arc<Mutex<Child>>,
    pid: u32,
    input: Option<SyncSender<String>>,
    lines: Receiver<Read_>,
    stderr: Arc<Mutex<Vec<u8>>>,
    /// Closed when the copy of the program's standard error has reached its end.
    stderr_done: Receiver<()>,
    output_limit: u64,
    /// Bytes read since [`Process::reset_output`].
    output: u64,
}

impl Process {
    /// Starts `command` (no shell) in `dir` (or the current directory), its three streams piped.
    /// `output_limit` bounds the bytes of one line.
    pub fn spawn(
        command: &[String],
        dir: Option<&Path>,
        output_limit: u64,
    ) -> Result<Process, std::io::Error> {
        let (program, args) = command.split_first().ok_or_else(|| {
            std::io::Error::new(std::io::ErrorKind::InvalidInput, "an empty command")
        })?;
        let mut builder = Command::new(program);
        builder.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        if let Some(dir) = dir {
            builder.current_dir(dir);
        }
        reaper::install();
        let mut child = builder.spawn()?;
        let pid = child.id();
        let (stdin, stdout, stderr) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take());
        let child = Arc::new(Mutex::new(child));
        reaper::register(pid, Arc::clone(&child));
        let input = stdin.map(writer);
        let (to_referee, lines) = mpsc::sync_channel(READ_AHEAD);
        if let Some(stdout) = stdout {
            thread::spawn(move || read_lines(stdout, output_limit, to_referee));
        }
        let tail = Arc::new(Mutex::new(Vec::new()));
        let (done, stderr_done) = mpsc::channel();
        if let Some(stderr) = stderr {
            let tail = Arc::clone(&tail);
            thread::spawn(move || {
                keep_tail(stderr, &tail);
                drop(done);
            });
        }
        Ok(Process { child, pid, input, lines, stderr: tail, stderr_done, output_limit, output: 0 })
    }

    /// Queues `line` (a line end is added). A program that has left many lines unread, or whose
    /// input is closed, has stopped reading.
    pub fn send(&mut self, line: &str) -> Result<(), RefereeError> {
        let unwritable = |process: &Process, reason: &str| RefereeError::Unwritable {
            reason: reason.to_owned(),
            stderr: process.stderr_tail(),
        };
        let Some(input) = &self.input else { return Err(unwritable(self, "its input is closed")) };
        match input.try_send(format!("{line}\n")) {
            Ok(()) => Ok(()),
            Err(TrySendError::Full(_)) => {
                Err(unwritable(self, &format!("{WRITE_BEHIND} lines were left unread")))
            }
            Err(TrySendError::Disconnected(_)) => {
                let status = self.exit_status(Duration::from_millis(200));
                Err(unwritable(self, &format!("its input is closed; {status}")))
            }
        }
    }

    /// The next line the program writes, by `deadline`. A line past the output limit, the end
    /// of its output and a late answer are errors.
    pub fn receive(&mut self, deadline: Deadline) -> Result<String, RefereeError> {
        let wait = deadline.by.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(Read_::Line(line, bytes)) => {
                self.output += bytes;
                if self.output > self.output_limit {
                    return Err(RefereeError::OutputFlood {
                        limit: self.output_limit,
                        in_one_line: false,
                    });
                }
                Ok(line)
            }
            Ok(Read_::TooLong) => {
                Err(RefereeError::OutputFlood { limit: self.output_limit, in_one_line: true })
            }
            Ok(Read_::Closed) | Err(RecvTimeoutError::Disconnected) => {
                let status = self.exit_status(STATUS_WAIT);
                // The standard error thread may still be copying the last words: wait for it to
                // reach the end (bounded, for a child that left its error stream to another).
                let _ = self.stderr_done.recv_timeout(STATUS_WAIT);
                Err(RefereeError::Exited { status, stderr: self.stderr_tail() })
            }
            Err(RecvTimeoutError::Timeout) => Err((deadline.error)(deadline.limit)),
        }
    }

    /// Starts counting the output of a new game.
    pub fn reset_output(&mut self) {
        self.output = 0;
    }

    /// The last bytes of the program's standard error, as text.
    pub fn stderr_tail(&self) -> String {
        let tail = self.stderr.lock().unwrap_or_else(PoisonError::into_inner);
        String::from_utf8_lossy(&tail).into_owned()
    }

    /// The exit status once the program has exited, waiting up to `patience`; if it is still
    /// running then, it is killed and that is said.
    fn exit_status(&mut self, patience: Duration) -> String {
        let start = Instant::now();
        loop {
            let status = self.child.lock().unwrap_or_else(PoisonError::into_inner).try_wait();
            match status {
                Ok(Some(status)) => {
                    reaper::forget(self.pid);
                    return status.to_string();
                }
                Ok(None) if start.elapsed() < patience => thread::sleep(Duration::from_millis(5)),
                Ok(None) => return "its output closed while it kept running".to_owned(),
                Err(e) => return format!("its status is unknown: {e}"),
            }
        }
    }

    /// Kills the program now and waits for it.
    pub fn kill(mut self) {
        self.input = None;
        self.stop(Duration::ZERO);
    }

    /// Closes the input, waits up to `grace` for the program to exit, then kills it.
    fn stop(&mut self, grace: Duration) {
        self.input = None;
        let start = Instant::now();
        let mut child = self.child.lock().unwrap_or_else(PoisonError::into_inner);
        while !grace.is_zero() && start.elapsed() < grace {
            match child.try_wait() {
                Ok(None) => thread::sleep(Duration::from_millis(5)),
                _ => break,
            }
        }
        if !matches!(child.try_wait(), Ok(Some(_))) {
            let _ = child.kill();
            let _ = child.wait();
        }
        drop(child);
        reaper::forget(self.pid);
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.stop(EXIT_GRACE);
    }
}

/// A thread that writes queued lines to `stdin` until the queue closes or a write fails; the
/// queue's sender.
fn writer(mut stdin: ChildStdin) -> SyncSender<String> {
    let (sender, lines) = mpsc::sync_channel::<String>(WRITE_BEHIND);
    thread::spawn(move || {
        for line in lines {
            if stdin.write_all(line.as_bytes()).and_then(|()| stdin.flush()).is_err() {
                break;
            }
        }
    });
    sender
}

/// Reads `out` line by line into `to`, cutting a line off at `limit` bytes.
fn read_lines(out: impl Read, limit: u64, to: SyncSender<Read_>) {
    let mut reader = BufReader::new(out);
    let mut line = Vec::new();
    loop {
        let chunk = match reader.fill_buf() {
            Ok([]) | Err(_) => {
                let _ = to.send(Read_::Closed);
                return;
            }
            Ok(chunk) => chunk,
        };
        let (taken, complete) = match chunk.iter().position(|&b| b == b'\n') {
            Some(end) => (end + 1, true),
            None => (chunk.len(), false),
        };
        line.extend_from_slice(&chunk[..taken]);
        reader.consume(taken);
        if line.len() as u64 > limit {
            let _ = to.send(Read_::TooLong);
            return;
        }
        if complete {
            let bytes = line.len() as u64;
            let text = String::from_utf8_lossy(&line);
            let text = text.trim_end_matches(['\n', '\r']).to_owned();
            if to.send(Read_::Line(text, bytes)).is_err() {
                return;
            }
            line.clear();
        }
    }
}

/// Copies `err` into `tail`, keeping its last [`STDERR_TAIL`] bytes.
fn keep_tail(mut err: impl Read, tail: &Mutex<Vec<u8>>) {
    let mut buffer = [0u8; 4096];
    while let Ok(n) = err.read(&mut buffer) {
        if n == 0 {
            return;
        }
        let mut tail = tail.lock().unwrap_or_else(PoisonError::into_inner);
        tail.extend_from_slice(&buffer[..n]);
        if tail.len() > 2 * STDERR_TAIL {
            let cut = tail.len() - STDERR_TAIL;
            tail.drain(..cut);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> Process {
        let command = ["sh".to_owned(), "-c".to_owned(), script.to_owned()];
        Process::spawn(&command, None, 1000).unwrap()
    }

    fn soon() -> Deadline {
        Deadline::answer(
            Duration::from_secs(5),
            Instant::now() + Duration::from_secs(5),
            Duration::from_secs(5),
        )
    }

    #[test]
    fn lines_go_both_ways() {
        let mut p = sh("while read line; do echo \"got $line\"; done");
        p.send("one").unwrap();
        p.send("two").unwrap();
        assert_eq!(p.receive(soon()).unwrap(), "got one");
        assert_eq!(p.receive(soon()).unwrap(), "got two");
    }

    #[test]
    fn a_silent_program_times_out_and_a_flood_is_cut() {
        let mut silent = sh("sleep 30");
        let deadline = Deadline::answer(
            Duration::from_millis(50),
            Instant::now() + Duration::from_secs(5),
            Duration::from_secs(5),
        );
        let start = Instant::now();
        assert_eq!(silent.receive(deadline).unwrap_err().kind(), "move-timeout");
        assert!(start.elapsed() < Duration::from_secs(2));
        let killed = Instant::now();
        silent.kill();
        assert!(killed.elapsed() < Duration::from_secs(2));
        let mut flood = sh("yes x | tr -d '\\n'");
        let error = flood.receive(soon()).unwrap_err();
        assert_eq!(error, RefereeError::OutputFlood { limit: 1000, in_one_line: true });
        let mut lines = sh("yes");
        let mut received = 0;
        let error = loop {
            match lines.receive(soon()) {
                Ok(_) => received += 1,
                Err(e) => break e,
            }
        };
        assert_eq!(error, RefereeError::OutputFlood { limit: 1000, in_one_line: false });
        assert_eq!(received, 500, "two bytes a line");
    }

    #[test]
    fn an_exit_says_its_status_and_last_words() {
        let mut p = sh("echo 'something broke' >&2; exit 3");
        let error = p.receive(soon()).unwrap_err();
        let message = error.to_string();
        assert!(message.contains("exit status: 3"), "{message}");
        assert!(message.contains("something broke"), "{message}");
    }
}
