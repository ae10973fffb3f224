//! Conformance cases: every `tests/cases/<area>__<case>.py` is run with
//! `monty run <case>.py` (cwd `tests/cases`, no stdin) and its exit code,
//! stdout and stderr must equal `<case>.expected` exactly.
//!
//! The expected files are produced by real CPython 3.13 through
//! `tests/regen_cases.py` (see its docstring for the file format, which
//! `parse_expected` below mirrors). Never edit them by hand.
//!
//! Environment knobs:
//! - `MONTY_CASES=substr[,substr...]` runs only the cases whose name contains
//!   one of the substrings (e.g. `MONTY_CASES=fstring__,dict__keyerror`).
//! - `MONTY_CASES_TIMEOUT=SECS` per-case wall-clock timeout (default 60).
//! - `MONTY_CASES_THREADS=N` worker threads (default: available cores, 2..=4).

use std::fmt::Write as _;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

const NO_NEWLINE: &str = " (no newline at end)";

fn cases_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/cases");
    dir.canonicalize()
        .unwrap_or_else(|e| panic!("cannot open the cases directory {}: {e}", dir.display()))
}

/// Sorted file stems in `dir` with the given extension.
fn stems_with_ext(dir: &Path, ext: &str) -> Vec<String> {
    let mut stems: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == ext))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    stems.sort();
    stems
}

/// What a case is expected to produce (or produced).
#[derive(Debug, PartialEq, Eq)]
struct Outcome {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Reads an `.expected` file; the same rules as `parse_expected` in
/// `tests/regen_cases.py`.
fn parse_expected(text: &str) -> Result<Outcome, String> {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    if lines.len() < 3 || !lines[0].starts_with("# @generated") {
        return Err("missing '# @generated' header line".into());
    }
    let code = lines[1]
        .strip_prefix("--- exit ")
        .ok_or("second line must be '--- exit N'")?
        .trim()
        .parse::<i32>()
        .map_err(|e| format!("bad exit code: {e}"))?;
    if !lines[2].starts_with("--- stdout") {
        return Err("third line must be '--- stdout'".into());
    }
    let err_at = (3..lines.len())
        .rev()
        .find(|&i| lines[i].starts_with("--- stderr"))
        .ok_or("missing '--- stderr' line")?;
    let section = |header: &str, body: &[&str]| -> Result<String, String> {
        let mut text: String = body.concat();
        if header.trim_end_matches('\n').ends_with(NO_NEWLINE) {
            if !text.ends_with('\n') {
                return Err("section marked 'no newline at end' is malformed".into());
            }
            text.pop();
        }
        Ok(text)
    };
    Ok(Outcome {
        code,
        stdout: section(lines[2], &lines[3..err_at])?,
        stderr: section(lines[err_at], &lines[err_at + 1..])?,
    })
}

#[derive(Debug)]
enum RunError {
    Timeout { stdout: String, stderr: String },
    Spawn(String),
    Signal { stdout: String, stderr: String },
}

fn read_all(mut pipe: impl Read + Send + 'static) -> thread::JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = pipe.read_to_end(&mut buf);
        buf
    })
}

/// The tool server `tools__*` cases get (run from `tests/cases`).
const TOOLS_CMD: &str = "python3 ../tools.py";

/// The `monty` arguments that run case `name`.
fn case_args(name: &str) -> Vec<String> {
    let mut args = vec!["run".to_string(), format!("{name}.py")];
    if name.starts_with("tools__") {
        args.push("--tools-cmd".into());
        args.push(TOOLS_CMD.into());
    }
    // files cases run on an empty in-memory filesystem (`regen_cases.py`
    // runs them in an empty directory)
    if name.starts_with("fs__") {
        args.push("--memfs".into());
    }
    args
}

/// Runs `monty run <name>.py` in `dir`, killing it after `timeout`.
fn run_case(dir: &Path, name: &str, timeout: Duration) -> Result<Outcome, RunError> {
    if name.starts_with("session__") {
        return run_session_case(dir, name, timeout);
    }
    run_monty(dir, &case_args(name), timeout)
}

/// A `session__*` case: its cells (split at `# %%` lines) are written as
/// `cell1.py`, `cell2.py`, ... to a directory of their own and each is run
/// by a process of its own, `monty run --session STATE cellN.py` with the
/// tools, so the state crosses processes between every two cells. The
/// outputs are concatenated; the exit code is the first that is not 0 or
/// 1, else 1 if any cell raised (`tests/regen_cases.py`, SESSION_DRIVER).
fn run_session_case(dir: &Path, name: &str, timeout: Duration) -> Result<Outcome, RunError> {
    let source = std::fs::read_to_string(dir.join(format!("{name}.py")))
        .map_err(|e| RunError::Spawn(e.to_string()))?;
    let mut cells = vec![String::new()];
    for line in source.split_inclusive('\n') {
        if line.starts_with("# %%") {
            cells.push(String::new());
        } else {
            cells.last_mut().expect("a cell").push_str(line);
        }
    }
    let work = std::env::temp_dir().join(format!("monty-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).map_err(|e| RunError::Spawn(e.to_string()))?;
    let tools = dir.join("../tools.py");
    let mut total = Outcome {
        code: 0,
        stdout: String::new(),
        stderr: String::new(),
    };
    for (i, cell) in cells.iter().enumerate() {
        let file = format!("cell{}.py", i + 1);
        std::fs::write(work.join(&file), cell).map_err(|e| RunError::Spawn(e.to_string()))?;
        let args = [
            "run".to_string(),
            "--session".into(),
            "state.bin".into(),
            file,
            "--tools-cmd".into(),
            format!("python3 {}", tools.display()),
        ];
        let out = run_monty(&work, &args, timeout)?;
        total.stdout.push_str(&out.stdout);
        total.stderr.push_str(&out.stderr);
        total.code = match (total.code, out.code) {
            (0 | 1, 0) => total.code,
            (0 | 1, 1) => 1,
            (0 | 1, other) => other,
            (earlier, _) => earlier,
        };
    }
    let _ = std::fs::remove_dir_all(&work);
    Ok(total)
}

/// Runs `monty ARGS` in `dir`, killing it after `timeout`.
fn run_monty(dir: &Path, args: &[String], timeout: Duration) -> Result<Outcome, RunError> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_monty"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| RunError::Spawn(e.to_string()))?;
    let out = read_all(child.stdout.take().unwrap());
    let err = read_all(child.stderr.take().unwrap());
    let deadline = Instant::now() + timeout;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if Instant::now() >= deadline => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            Ok(None) => thread::sleep(Duration::from_millis(5)),
            Err(e) => return Err(RunError::Spawn(e.to_string())),
        }
    };
    let stdout = String::from_utf8_lossy(&out.join().unwrap_or_default()).into_owned();
    let stderr = String::from_utf8_lossy(&err.join().unwrap_or_default()).into_owned();
    match status {
        None => Err(RunError::Timeout { stdout, stderr }),
        Some(status) => match status.code() {
            Some(code) => Ok(Outcome {
                code,
                stdout,
                stderr,
            }),
            None => Err(RunError::Signal { stdout, stderr }),
        },
    }
}

/// A readable account of how `actual` differs from `expected` (one stream).
fn describe_diff(stream: &str, expected: &str, actual: &str, out: &mut String) {
    let exp: Vec<&str> = expected.split_inclusive('\n').collect();
    let act: Vec<&str> = actual.split_inclusive('\n').collect();
    let first = exp
        .iter()
        .zip(act.iter())
        .position(|(e, a)| e != a)
        .unwrap_or(exp.len().min(act.len()));
    let show = |line: Option<&&str>| match line {
        None => "<end of output>".to_string(),
        Some(l) => match l.strip_suffix('\n') {
            Some(body) => format!("{body:?}"),
            None => format!("{l:?} (no newline at end)"),
        },
    };
    let _ = writeln!(
        out,
        "  {stream} differs at line {} (expected {} lines, got {}):",
        first + 1,
        exp.len(),
        act.len()
    );
    let _ = writeln!(out, "    expected: {}", show(exp.get(first)));
    let _ = writeln!(out, "    actual:   {}", show(act.get(first)));
    // A small window of context, diff-style.
    let from = first.saturating_sub(3);
    let to = first + 6;
    let _ = writeln!(out, "    --- expected {stream} (lines {}..)", from + 1);
    for (i, line) in exp.iter().enumerate().take(to).skip(from) {
        let mark = if act.get(i) == Some(line) { ' ' } else { '-' };
        let _ = writeln!(out, "    {mark} {}", line.trim_end_matches('\n'));
    }
    let _ = writeln!(out, "    +++ actual {stream} (lines {}..)", from + 1);
    for (i, line) in act.iter().enumerate().take(to).skip(from) {
        let mark = if exp.get(i) == Some(line) { ' ' } else { '+' };
        let _ = writeln!(out, "    {mark} {}", line.trim_end_matches('\n'));
    }
    if act.len() > to || exp.len() > to {
        let _ = writeln!(out, "    ...");
    }
}

/// `None` when the case passes, else a description of the failure.
fn check_case(dir: &Path, name: &str, timeout: Duration) -> Option<String> {
    let path = dir.join(format!("{name}.expected"));
    let expected = match std::fs::read_to_string(&path) {
        Ok(text) => match parse_expected(&text) {
            Ok(e) => e,
            Err(e) => return Some(format!("  cannot parse {}: {e}\n", path.display())),
        },
        Err(e) => return Some(format!("  cannot read {}: {e}\n", path.display())),
    };
    let actual = match run_case(dir, name, timeout) {
        Ok(actual) => actual,
        Err(RunError::Spawn(e)) => return Some(format!("  cannot run monty: {e}\n")),
        Err(RunError::Timeout { stdout, stderr }) => {
            return Some(format!(
                "  timed out after {}s\n  stdout so far: {stdout:?}\n  stderr so far: {stderr:?}\n",
                timeout.as_secs_f64()
            ))
        }
        Err(RunError::Signal { stdout, stderr }) => {
            return Some(format!(
                "  killed by a signal\n  stdout: {stdout:?}\n  stderr: {stderr:?}\n"
            ))
        }
    };
    if actual == expected {
        return None;
    }
    let mut report = String::new();
    if actual.code != expected.code {
        let _ = writeln!(
            report,
            "  exit code: expected {}, got {}",
            expected.code, actual.code
        );
    }
    if actual.stdout != expected.stdout {
        describe_diff("stdout", &expected.stdout, &actual.stdout, &mut report);
    }
    if actual.stderr != expected.stderr {
        describe_diff("stderr", &expected.stderr, &actual.stderr, &mut report);
    }
    Some(report)
}

fn env_number(name: &str) -> Option<u64> {
    let value = std::env::var(name).ok()?;
    Some(
        value
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{name}={value:?} is not a number")),
    )
}

#[test]
fn conformance_cases() {
    let dir = cases_dir();
    let mut names = stems_with_ext(&dir, "py");
    assert!(!names.is_empty(), "no cases in {}", dir.display());
    if let Ok(filter) = std::env::var("MONTY_CASES") {
        let wanted: Vec<&str> = filter
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect();
        names.retain(|n| wanted.is_empty() || wanted.iter().any(|w| n.contains(w)));
        assert!(!names.is_empty(), "MONTY_CASES={filter:?} matches no case");
    }
    let timeout = Duration::from_secs(env_number("MONTY_CASES_TIMEOUT").unwrap_or(60));
    let threads = env_number("MONTY_CASES_THREADS")
        .map(|n| n.max(1) as usize)
        .unwrap_or_else(|| {
            thread::available_parallelism()
                .map_or(2, |n| n.get())
                .clamp(2, 4)
        });

    let failures: Mutex<Vec<(String, String)>> = Mutex::new(Vec::new());
    // The first case runs alone: it may pay for compiling and caching the
    // module, which the parallel runs should then share instead of repeating.
    if let Some(report) = check_case(&dir, &names[0], timeout) {
        failures.lock().unwrap().push((names[0].clone(), report));
    }
    let next = AtomicUsize::new(1);
    thread::scope(|scope| {
        for _ in 0..threads.min(names.len()) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(name) = names.get(i) else { break };
                if let Some(report) = check_case(&dir, name, timeout) {
                    failures.lock().unwrap().push((name.clone(), report));
                }
            });
        }
    });

    let mut failures = failures.into_inner().unwrap();
    failures.sort();
    for (name, report) in &failures {
        println!("FAIL {name}\n{report}");
    }
    let summary = format!(
        "cases: {} passed, {} failed",
        names.len() - failures.len(),
        failures.len()
    );
    println!("{summary}");
    if !failures.is_empty() {
        let list: Vec<&str> = failures.iter().map(|(n, _)| n.as_str()).collect();
        panic!("{summary}: {}", list.join(" "));
    }
}

#[test]
fn every_case_has_expected_output() {
    let dir = cases_dir();
    let programs = stems_with_ext(&dir, "py");
    let expected = stems_with_ext(&dir, "expected");
    let mut problems = Vec::new();
    for name in &programs {
        if !expected.contains(name) {
            problems.push(format!(
                "{name}.py has no {name}.expected (run tests/regen_cases.py)"
            ));
        }
        if !name.contains("__") {
            problems.push(format!("{name}.py is not named <area>__<case>.py"));
        }
    }
    for name in &expected {
        if !programs.contains(name) {
            problems.push(format!("{name}.expected has no {name}.py"));
            continue;
        }
        let text = std::fs::read_to_string(dir.join(format!("{name}.expected"))).unwrap();
        match parse_expected(&text) {
            Ok(outcome) if outcome.code == 0 || outcome.code == 1 => {}
            Ok(outcome) => problems.push(format!("{name}.expected: exit code {}", outcome.code)),
            Err(e) => problems.push(format!("{name}.expected: {e}")),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn expected_format_round_trips() {
    let text = concat!(
        "# @generated by tests/regen_cases.py from CPython 3.13.0; do not edit\n",
        "--- exit 1\n",
        "--- stdout (no newline at end)\n",
        "a\n",
        "b\n",
        "--- stderr\n",
        "Traceback (most recent call last):\n",
        "KeyError: 'x'\n",
    );
    let parsed = parse_expected(text).unwrap();
    assert_eq!(
        parsed,
        Outcome {
            code: 1,
            stdout: "a\nb".into(),
            stderr: "Traceback (most recent call last):\nKeyError: 'x'\n".into(),
        }
    );
    let empty = "# @generated x\n--- exit 0\n--- stdout\n--- stderr\n";
    assert_eq!(
        parse_expected(empty).unwrap(),
        Outcome {
            code: 0,
            stdout: String::new(),
            stderr: String::new()
        }
    );
}

/// Every `tools__*` case, stopped and saved at each of its external calls
/// in turn (`--save-at-call K`) and continued by a second process
/// (`monty resume`), must produce exactly the uninterrupted output.
#[test]
fn tool_cases_resume_at_every_call() {
    let dir = cases_dir();
    let state_dir = std::env::temp_dir().join(format!("monty-save-resume-{}", std::process::id()));
    std::fs::create_dir_all(&state_dir).expect("temp dir");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("cases dir")
        .filter_map(|e| e.ok())
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| n.starts_with("tools__") && n.ends_with(".py"))
        .map(|n| n.trim_end_matches(".py").to_string())
        .collect();
    names.sort();
    assert!(!names.is_empty(), "no tools__ cases found");
    let timeout = Duration::from_secs(60);
    // Each position costs two CLI processes and two tool servers: spread
    // the cases over the cores.
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results: Vec<(usize, Vec<String>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| {
                    let mut checked = 0;
                    let mut failures = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(name) = names.get(i) else { break };
                        let (c, f) = save_resume_case(&dir, &state_dir, name, timeout);
                        checked += c;
                        failures.extend(f);
                    }
                    (checked, failures)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("worker"))
            .collect()
    });
    let checked: usize = results.iter().map(|r| r.0).sum();
    let failures: Vec<String> = results.into_iter().flat_map(|r| r.1).collect();
    let _ = std::fs::remove_dir_all(&state_dir);
    println!(
        "save/resume: {checked} call positions in {} cases checked",
        names.len()
    );
    assert!(checked > 0, "no call position was checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Runs case `name` saved at every external call K and resumed; returns
/// the number of positions checked and the failures.
fn save_resume_case(
    dir: &std::path::Path,
    state_dir: &std::path::Path,
    name: &str,
    timeout: Duration,
) -> (usize, Vec<String>) {
    let mut failures = Vec::new();
    let mut checked = 0;
    let expected_text =
        std::fs::read_to_string(dir.join(format!("{name}.expected"))).expect("expected file");
    let expected = parse_expected(&expected_text).expect("well-formed expected file");
    for k in 1..=50u32 {
        let state = state_dir.join(format!("{name}.{k}.state"));
        let mut args = case_args(name);
        args.push("--save-at-call".into());
        args.push(k.to_string());
        args.push(state.display().to_string());
        let first =
            run_monty(dir, &args, timeout).unwrap_or_else(|e| panic!("{name} K={k}: {e:?}"));
        if !first
            .stderr
            .contains(&format!("saved the execution at external call {k}"))
        {
            // The program made fewer than K calls: it ran to the end.
            if (first.code, first.stdout.as_str(), first.stderr.as_str())
                != (
                    expected.code,
                    expected.stdout.as_str(),
                    expected.stderr.as_str(),
                )
            {
                failures.push(format!(
                    "{name}: run without a save at K={k} differs from the expected output"
                ));
            }
            break;
        }
        let resume = vec![
            "resume".to_string(),
            state.display().to_string(),
            "--tools-cmd".to_string(),
            TOOLS_CMD.to_string(),
        ];
        let second = run_monty(dir, &resume, timeout)
            .unwrap_or_else(|e| panic!("{name} K={k} resume: {e:?}"));
        let stdout = format!("{}{}", first.stdout, second.stdout);
        if (second.code, stdout.as_str(), second.stderr.as_str())
            != (
                expected.code,
                expected.stdout.as_str(),
                expected.stderr.as_str(),
            )
        {
            failures.push(format!(
                    "{name}: saved at call {k} and resumed:\n  exit {} (expected {})\n  stdout {stdout:?}\n  expected {:?}\n  stderr {:?}",
                    second.code, expected.code, expected.stdout, second.stderr
                ));
        }
        checked += 1;
    }
    (checked, failures)
}
