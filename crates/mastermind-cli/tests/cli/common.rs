//! Running the binary: one-shot commands, interactive sessions answered line by line, and the
//! folders, tools and summaries of the stored searches and builds.

use mastermind_core::{Code, Feedback, Game};
use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// The binary under test.
pub fn mastermind() -> Command {
    Command::new(env!("CARGO_BIN_EXE_mastermind"))
}

/// What a finished command printed.
pub struct Ran {
    pub success: bool,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `mastermind args...` with `input` on its standard input.
pub fn run(args: &[&str], input: &str) -> Ran {
    let mut child = mastermind()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    Ran {
        success: out.status.success(),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

/// Runs a command that must succeed and returns its standard output.
pub fn run_ok(args: &[&str]) -> String {
    let ran = run(args, "");
    assert!(ran.success, "mastermind {args:?} failed: {}", ran.stderr);
    ran.stdout
}

/// An interactive command in `--json` mode: events are read one line at a time and answered.
pub struct Session {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    pub transcript: Vec<String>,
}

impl Session {
    /// Starts `mastermind args...` (which should include `--json`).
    pub fn start(args: &[&str]) -> Session {
        let mut child = mastermind()
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Session { child, stdin, stdout, transcript: Vec::new() }
    }

    /// The next event printed.
    pub fn event(&mut self) -> Value {
        let mut line = String::new();
        if self.stdout.read_line(&mut line).unwrap() == 0 {
            let mut stderr = String::new();
            std::io::Read::read_to_string(self.child.stderr.as_mut().unwrap(), &mut stderr)
                .unwrap();
            panic!("the program ended early: {stderr}\n{}", self.transcript.join("\n"));
        }
        self.transcript.push(format!("< {}", line.trim_end()));
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line}"))
    }

    /// The next event, which must be of kind `kind`.
    pub fn expect(&mut self, kind: &str) -> Value {
        let event = self.event();
        assert_eq!(event["event"], kind, "{}", self.transcript.join("\n"));
        event
    }

    /// Types one line.
    pub fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {line}"));
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Closes the input and waits for the program to end successfully.
    pub fn finish(mut self) {
        drop(self.stdin);
        let status = self.child.wait().unwrap();
        assert!(status.success(), "{}", self.transcript.join("\n"));
    }
}

/// A code of `game` from letters.
pub fn code(game: Game, text: &str) -> Code {
    Code::parse(game, text).unwrap()
}

/// The code named by an event field.
pub fn code_of(game: Game, value: &Value) -> Code {
    code(game, value.as_str().unwrap_or_else(|| panic!("not a code: {value}")))
}

/// A reply as the person types it: `2 1`.
pub fn typed(reply: Feedback) -> String {
    format!("{} {}", reply.black, reply.white)
}

/// A fresh folder under the build's temporary directory, unique to this test run.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Whether GNU parallel runs here; says on stderr that the test of `what` is skipped when it
/// does not, or fails when `MASTERMIND_REQUIRE_TOOLS=1`.
pub fn gnu_parallel(what: &str) -> bool {
    let runs = Command::new("parallel")
        .arg("--version")
        .stdin(Stdio::null())
        .output()
        .is_ok_and(|o| o.status.success());
    if !runs {
        let reason = "`parallel` is not installed; install it with `apt-get install \
                      --no-install-recommends parallel`";
        if std::env::var("MASTERMIND_REQUIRE_TOOLS").is_ok_and(|v| v == "1") {
            panic!("{what} is mandatory under MASTERMIND_REQUIRE_TOOLS=1, but {reason}");
        }
        let _ = writeln!(std::io::stderr(), "skipped {what}: {reason}");
    }
    runs
}

/// The value of `key` in a summary printed one `name value` line each.
pub fn field(summary: &str, key: &str) -> String {
    summary
        .lines()
        .find_map(|l| l.strip_prefix(key).filter(|rest| rest.starts_with(' ')))
        .unwrap_or_else(|| panic!("no {key} in {summary}"))
        .trim()
        .to_owned()
}

/// The names of the files in `dir` that start with `prefix` and end with `suffix`, sorted (none
/// before the folder exists): the units or pieces a stored search or build holds.
pub fn stored_files(dir: &Path, prefix: &str, suffix: &str) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(prefix) && n.ends_with(suffix))
        .collect();
    names.sort();
    names
}
