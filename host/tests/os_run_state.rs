//! The run state of the os surface, which a snapshot carries:
//! - files a program never closes: their writes reach the host when the
//!   run ends (the module returned or raised), as CPython's finalizers
//!   close them, including a temporary (`open(p, 'w').write(text)`) that
//!   no variable holds through collections; the closing os calls pause and
//!   snapshot like any other; a failure to close is reported on stderr
//!   without changing the outcome;
//! - the working directory `os.chdir` sets: relative paths follow it, in
//!   a run restored from a snapshot too, and a file opened before keeps
//!   the path it was opened at.

mod common;

use monty_host::{
    CaptureSink, FileSystem, Functions, MemFs, OsAccess, OsRouter, Progress, StartRequest, Value,
};

fn run_on(memory: &MemFs, code: &str) -> Result<monty_host::RunOutcome, monty_host::Error> {
    let mut functions = Functions::new();
    functions.os_access(OsRouter::new().memfs(memory.clone()));
    common::engine().run_request(StartRequest::new(code), &functions)
}

#[test]
fn unclosed_files_are_written_when_the_module_returns() {
    let memory = MemFs::new(1 << 20);
    let code = r#"
import gc
open('/report.md', 'w').write('# Report\n')
log = open('/log.txt', 'a')
log.write('one\n')
data = open('/data.bin', 'wb')
data.write(bytes(range(4)))
# garbage, collected while the temporary file above is unreachable
for i in range(200000):
    junk = [i] * 3
gc.collect()
closed = open('/closed.txt', 'w')
closed.write('x')
closed.close()
'done'
"#;
    let out = run_on(&memory, code).unwrap();
    assert_eq!(out.value, Value::Str("done".into()));
    assert_eq!(memory.read("report.md").unwrap(), b"# Report\n");
    assert_eq!(memory.read("log.txt").unwrap(), b"one\n");
    assert_eq!(memory.read("data.bin").unwrap(), [0, 1, 2, 3]);
    assert_eq!(memory.read("closed.txt").unwrap(), b"x");
}

#[test]
fn unclosed_files_are_written_when_the_module_raises() {
    let memory = MemFs::new(1 << 20);
    let code = "f = open('/partial.csv', 'w')\nf.write('a,b\\n')\n1 / 0\n";
    let err = run_on(&memory, code).unwrap_err();
    assert_eq!(
        err.python().unwrap().summary(),
        "ZeroDivisionError: division by zero"
    );
    assert_eq!(memory.read("partial.csv").unwrap(), b"a,b\n");
}

#[test]
fn a_failure_to_close_is_reported_and_the_outcome_stands() {
    // room for the empty files open() creates, not for what is written
    let memory = MemFs::new(8 << 10);
    let code = "f = open('/big.txt', 'w')\nf.write('x' * 100000)\nprint('end')\n42\n";
    let out = run_on(&memory, code).unwrap();
    assert_eq!(out.value, Value::Int(42));
    assert_eq!(out.stdout, "end\n");
    assert!(
        out.stderr.starts_with("Exception ignored in: "),
        "stderr: {}",
        out.stderr
    );
    assert!(
        out.stderr
            .ends_with("OSError: [Errno 28] No space left on device\n"),
        "stderr: {}",
        out.stderr
    );
}

/// Runs `code` with `os` answering its os calls, snapshotting the run at
/// every os call and finishing it from the snapshot in a new instance;
/// returns each call (function and first argument) and the final value.
fn run_through_snapshots(code: &str, os: &OsRouter) -> (Vec<String>, Value) {
    let engine = common::engine();
    let mut progress = engine
        .start(StartRequest::new(code), CaptureSink::new())
        .unwrap();
    let mut calls = Vec::new();
    loop {
        match progress {
            Progress::OsCall(call, mut execution) => {
                calls.push(format!("{} {:?}", call.function, call.args[0]));
                let saved = execution.snapshot().unwrap();
                drop(execution);
                let Progress::OsCall(call, execution) =
                    engine.restore(&saved, None, CaptureSink::new()).unwrap()
                else {
                    panic!("the restored run is not at its os call");
                };
                progress = execution.resume(os.answer(&call)).unwrap();
            }
            Progress::Complete { value, .. } => return (calls, value),
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn a_run_paused_while_closing_at_exit_resumes_from_a_snapshot() {
    let memory = MemFs::new(1 << 20);
    let os = OsRouter::new().memfs(memory.clone());
    let code = "f = open('/out.txt', 'w')\nf.write('kept')\n7\n";
    let (calls, value) = run_through_snapshots(code, &os);
    assert_eq!(value, Value::Int(7));
    // open() truncates, then the exit closes the file with its content
    assert_eq!(
        calls,
        [
            r#"Path.write_bytes Str("/out.txt")"#,
            r#"Path.write_bytes Str("/out.txt")"#
        ]
    );
    assert_eq!(memory.read("out.txt").unwrap(), b"kept");
}

#[test]
fn the_working_directory_survives_a_snapshot() {
    let memory = MemFs::new(1 << 20);
    let os = OsRouter::new().memfs(memory.clone());
    memory.mkdir("data", false, false).unwrap();
    memory.write("data/a.txt", b"A", false).unwrap();
    memory.write("data/b.txt", b"B", false).unwrap();
    let code = "import os\nfrom pathlib import Path\nos.chdir('/data')\n\
                out = open('out.txt', 'w')\n\
                a = Path('a.txt').read_text()\nos.chdir('/')\n\
                out.write(a + Path('data/b.txt').read_text())\nout.close()\nos.getcwd()";
    let (paths, value) = run_through_snapshots(code, &os);
    assert_eq!(value, Value::Str("/".into()));
    assert_eq!(
        paths,
        [
            r#"Path.stat Str("/data")"#,
            r#"Path.write_bytes Str("/data/out.txt")"#,
            r#"Path.read_bytes Str("/data/a.txt")"#,
            r#"Path.stat Str("/")"#,
            r#"Path.read_bytes Str("/data/b.txt")"#,
            r#"Path.write_bytes Str("/data/out.txt")"#,
        ]
    );
    assert_eq!(memory.read("data/out.txt").unwrap(), b"AB");
}
