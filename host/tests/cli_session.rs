//! The CLI's sessions: `monty run --session STATE FILE` (each cell in a
//! process of its own; the `session__*` cases in `cases.rs` run that way
//! too) and `monty repl`, driven through a pseudo-terminal by
//! `tests/repl_pty.py`.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn monty(dir: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_monty"));
    cmd.env("MONTY_CACHE_DIR", common::cache_dir())
        .current_dir(dir)
        .stdin(Stdio::null());
    if let Some(wasm) = common::wasm_override() {
        cmd.env("MONTY_WASM", wasm);
    }
    cmd
}

/// A fresh directory for one test.
fn workdir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-session-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn cell(dir: &Path, file: &str, code: &str, extra: &[&str]) -> Output {
    std::fs::write(dir.join(file), code).unwrap();
    monty(dir)
        .args(["run", "--session", "state.bin", file])
        .args(extra)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_cell_that_hits_a_limit_leaves_the_state_as_it_was() {
    let dir = workdir("limit");
    let out = cell(&dir, "a.py", "n = 1", &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let before = std::fs::read(dir.join("state.bin")).unwrap();
    let out = cell(
        &dir,
        "b.py",
        "n = 2\nwhile True:\n    pass",
        &["--fuel", "50000000"],
    );
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("state.bin left as it was"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read(dir.join("state.bin")).unwrap(), before);
    let out = cell(&dir, "c.py", "n", &[]);
    assert_eq!(text(&out.stdout), "1\n");
}

#[test]
fn a_damaged_state_file_is_refused_clearly() {
    let dir = workdir("damaged");
    std::fs::write(dir.join("state.bin"), b"not a snapshot").unwrap();
    let out = cell(&dir, "a.py", "1", &[]);
    assert_eq!(out.status.code(), Some(4));
    let err = text(&out.stderr);
    assert!(
        err.contains("cannot continue the session in state.bin"),
        "{err}"
    );
    // a snapshot of a paused one-off execution is not a session either
    std::fs::write(dir.join("call.py"), "add(1, 2)").unwrap();
    let tools = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/tools.py");
    let out = monty(&dir)
        .args([
            "run",
            "call.py",
            "--save-at-call",
            "1",
            "paused.bin",
            "--tools-cmd",
        ])
        .arg(format!("python3 {}", tools.display()))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = monty(&dir)
        .args(["run", "--session", "paused.bin", "a.py"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4));
    let err = text(&out.stderr);
    assert!(err.contains("holds a cell paused at a call"), "{err}");
}

#[test]
fn session_flags_that_cannot_combine_are_usage_errors() {
    let dir = workdir("flags");
    let out = cell(&dir, "a.py", "1", &["--check"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let out = monty(&dir).args(["repl", "file.py"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_cell_saved_at_a_call_is_finished_by_another_process() {
    let dir = workdir("paused");
    let tools = format!(
        "python3 {}",
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/tools.py")
            .display()
    );
    let out = cell(&dir, "a.py", "total = 1", &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let before = std::fs::read(dir.join("state.bin")).unwrap();
    let out = cell(
        &dir,
        "b.py",
        "print('before')\ntotal += add(2, 3)\ntotal",
        &["--tools-cmd", &tools, "--save-at-call", "1", "paused.bin"],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "before\n");
    // the cell is not over: the session file is as it was
    assert_eq!(std::fs::read(dir.join("state.bin")).unwrap(), before);
    let out = monty(&dir)
        .args([
            "resume",
            "paused.bin",
            "--session",
            "state.bin",
            "--tools-cmd",
            &tools,
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "6\n");
    let out = cell(&dir, "c.py", "total * 2", &[]);
    assert_eq!(text(&out.stdout), "12\n");
    // a session between cells is not something to resume
    let out = monty(&dir)
        .args(["resume", "state.bin", "--session", "state.bin"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4));
    assert!(
        text(&out.stderr).contains("between cells"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn the_repl_works_at_a_terminal() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/repl_pty.py");
    let mut cmd = Command::new("python3");
    cmd.arg(script).arg(env!("CARGO_BIN_EXE_monty"));
    cmd.env("MONTY_CACHE_DIR", common::cache_dir());
    if let Some(wasm) = common::wasm_override() {
        cmd.env("MONTY_WASM", wasm);
    }
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
}
