//! The `monty` command line: output, exit codes, `--input`, `--json`,
//! `--tools-cmd` (with the Python tool server in `fixtures/`), `check`, and
//! the os flags (`--mount`, `--memfs`, `--env`, `--clock`, `--urandom`).

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

fn monty() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_monty"));
    cmd.env("MONTY_CACHE_DIR", common::cache_dir())
        .stdin(Stdio::null());
    if let Some(wasm) = common::wasm_override() {
        cmd.env("MONTY_WASM", wasm);
    }
    cmd
}

/// The first CLI run compiles and caches the module; do it once, before the
/// tests run in parallel, so they do not all compile at the same time.
fn warm_cache() {
    static WARM: OnceLock<()> = OnceLock::new();
    WARM.get_or_init(|| {
        let file = write_source("1");
        let out = monty().arg("run").arg(&file).output().unwrap();
        assert!(
            out.status.success(),
            "warm-up run failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    });
}

/// Writes `code` to a fresh file and returns its path.
fn write_source(code: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli-sources");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!(
        "prog_{}_{}.py",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    ));
    std::fs::write(&path, code).unwrap();
    path
}

fn run(code: &str, extra: &[&str]) -> (PathBuf, Output) {
    warm_cache();
    let file = write_source(code);
    let out = monty().arg("run").arg(&file).args(extra).output().unwrap();
    (file, out)
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn tool_server(mode: &str) -> String {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tool_server.py");
    format!("python3 '{}' {mode}", script.display())
}

#[test]
fn success_prints_output_then_the_repr() {
    let (_, out) = run(
        "print('hello')\nprint('no newline', end='')\n[1, 'two', 3.0]",
        &[],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // As CPython's displayhook: no newline is added before the repr.
    assert_eq!(stdout(&out), "hello\nno newline[1, 'two', 3.0]\n");
}

#[test]
fn none_result_prints_nothing_more() {
    let (_, out) = run("x = 1\nprint(x)", &[]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "1\n");
}

#[test]
fn exception_exits_1_with_traceback() {
    let (file, out) = run("print('partial')\n1/0\n", &[]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "partial\n");
    let err = stderr(&out);
    assert!(
        err.starts_with("Traceback (most recent call last):"),
        "{err}"
    );
    assert!(
        err.contains(&format!("File \"{}\", line 2", file.display())),
        "{err}"
    );
    assert_eq!(
        err.trim_end().lines().last(),
        Some("ZeroDivisionError: division by zero")
    );
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &[][..],
        &["frobnicate"],
        &["run"],
        &["run", "a.py", "--bogus"],
        &["--help"],
        &["run", "/nonexistent/x.py"],
    ] {
        let out = monty().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    }
    let (_, out) = run("1", &["--input", "x={bad json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--input x"), "{}", stderr(&out));
}

#[test]
fn limits_exit_3_naming_the_limit() {
    let (_, out) = run("while True: pass", &["--fuel", "10000000"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(stderr(&out).contains("fuel"), "{}", stderr(&out));

    let (_, out) = run("while True: pass", &["--fuel", "none", "--timeout", "0.2"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(stderr(&out).contains("time"), "{}", stderr(&out));

    let (_, out) = run(
        "x = []\nwhile True: x.append('a' * 1000000)",
        &["--max-memory", "32"],
    );
    assert_eq!(out.status.code(), Some(3));
    assert!(stderr(&out).contains("memory"), "{}", stderr(&out));
}

#[test]
fn inputs_are_tagged_json() {
    let (_, out) = run(
        "x + len(t)",
        &["--input", "x=40", "--input", r#"t={"$tuple":[1,2]}"#],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "42\n");
}

#[test]
fn json_outcome_is_the_last_line() {
    let (_, out) = run("print('hi')\n(1, 2)", &["--json"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    let last = text.lines().last().unwrap();
    let json: serde_json::Value = serde_json::from_str(last).unwrap();
    assert_eq!(json["status"], "complete");
    assert_eq!(json["repr"], "(1, 2)");
    assert_eq!(json["value"], serde_json::json!({"$tuple": [1, 2]}));
    assert!(text.starts_with("hi\n"));

    let (_, out) = run("raise ValueError('bad')", &["--json"]);
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value =
        serde_json::from_str(stdout(&out).lines().last().unwrap()).unwrap();
    assert_eq!(json["status"], "error");
    assert_eq!(json["error"]["type"], "ValueError");
    assert_eq!(json["error"]["message"], "bad");

    let (_, out) = run("while True: pass", &["--json", "--fuel", "1000000"]);
    assert_eq!(out.status.code(), Some(3));
    let json: serde_json::Value =
        serde_json::from_str(stdout(&out).lines().last().unwrap()).unwrap();
    assert_eq!(
        (json["status"].as_str(), json["limit"].as_str()),
        (Some("limit"), Some("fuel"))
    );
}

#[test]
fn records_pass_through_input_and_json() {
    let code = "from dataclasses import dataclass\n@dataclass\nclass Order:\n    id: int\n    total: float\nprint(isinstance(o, Order), o)\nOrder(o.id + 1, o.total)";
    let order =
        r#"o={"$dataclass":{"name":"Order","fields":[["id",1],["total",9.5]],"frozen":false}}"#;
    let (_, out) = run(code, &["--input", order, "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("True Order(id=1, total=9.5)\n"), "{text}");
    let json: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(json["repr"], "Order(id=2, total=9.5)");
    assert_eq!(
        json["value"],
        serde_json::json!({"$dataclass": {"name": "Order", "fields": [["id", 2], ["total", 9.5]], "frozen": false}})
    );
    // without --json: the repr
    let (_, out) = run(code, &["--input", order]);
    assert_eq!(
        stdout(&out),
        "True Order(id=1, total=9.5)\nOrder(id=2, total=9.5)\n"
    );
}

#[test]
fn tools_cmd_answers_calls() {
    let code = "print('start')\nr = add(40, b=2)\nprint(r)\ntry:\n    fail('boom')\nexcept ValueError as e:\n    print('caught', e)\necho((1, 'x'))";
    let (_, out) = run(code, &["--tools-cmd", &tool_server("")]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "start\n42\ncaught boom\n(1, 'x')\n");
}

#[test]
fn tools_cmd_error_uncaught_exits_1() {
    let (_, out) = run("fail('boom')", &["--tools-cmd", &tool_server("")]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out).trim_end().lines().last(),
        Some("ValueError: boom")
    );
}

#[test]
fn broken_tool_servers_exit_4() {
    for mode in ["--garbage", "--die", "--bad-decl", "--wrong-id"] {
        let (_, out) = run("add(1, 2)", &["--tools-cmd", &tool_server(mode)]);
        assert_eq!(out.status.code(), Some(4), "{mode}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("tool server"),
            "{mode}: {}",
            stderr(&out)
        );
    }
    let (_, out) = run("1", &["--tools-cmd", "exit 3"]);
    assert_eq!(out.status.code(), Some(4));
}

#[test]
fn check_exits_0_or_1() {
    warm_cache();
    let ok = write_source("x = 1\nprint(x)\n");
    let out = monty().arg("check").arg(&ok).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
    let bad = write_source("x = 1\ny = (\n");
    let out = monty().arg("check").arg(&bad).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("SyntaxError"), "{}", stdout(&out));
}

/// The repository's root (for `examples/`).
fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

#[test]
fn help_documents_the_os_flags_with_an_example() {
    let out = monty().args(["run", "--help"]).output().unwrap();
    let help = stdout(&out);
    for flag in [
        "--mount HOST_DIR:SANDBOX_DIR[:ro|:rw]",
        "--memfs [MIB]",
        "--env NAME=VALUE",
        "--cwd DIR",
        "--clock",
        "--urandom",
        "monty run examples/report.py --mount examples/sales:/data --memfs 16",
    ] {
        assert!(help.contains(flag), "help lacks {flag:?}:\n{help}");
    }
}

#[test]
fn a_mount_that_cannot_be_opened_is_a_usage_error() {
    let missing = repo_root().join("no-such-directory");
    let spec = format!("{}:/data", missing.display());
    let (_, out) = run("1", &["--mount", &spec]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("cannot mount"), "{}", stderr(&out));
    #[cfg(target_os = "linux")]
    {
        let (_, out) = run("1", &["--mount", "/proc:/proc"]);
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(
            stderr(&out).contains("pseudo-filesystem"),
            "{}",
            stderr(&out)
        );
    }
    let (_, out) = run("1", &["--mount", "examples:data"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

#[test]
fn os_flags_leave_a_program_without_os_calls_alone() {
    let dir = repo_root().join("examples/sales");
    let spec = format!("{}:/data", dir.display());
    let (_, out) = run(
        "print(6 * 7)",
        &[
            "--mount",
            &spec,
            "--memfs",
            "1",
            "--env",
            "A=1",
            "--clock",
            "--urandom",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "42\n");
}

#[test]
fn the_readme_example_reads_a_mount_and_writes_into_memory() {
    warm_cache();
    let before = std::fs::read(repo_root().join("examples/sales/q3.csv")).unwrap();
    let out = monty()
        .current_dir(repo_root())
        .args([
            "run",
            "examples/report.py",
            "--mount",
            "examples/sales:/data",
            "--memfs",
            "16",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "the input cannot be changed: Read-only file system\n\
         # Q3 revenue by region\n\n- east: 779.69\n- north: 599.85\n- south: 504.50\n"
    );
    let after = std::fs::read(repo_root().join("examples/sales/q3.csv")).unwrap();
    assert_eq!(before, after);
}

#[test]
fn cwd_sets_where_relative_paths_start() {
    let dir = repo_root().join("examples/sales");
    let spec = format!("{}:/data", dir.display());
    let code = "import os\nprint(os.getcwd(), open('q3.csv').readline().split(',')[0])\n\
                os.chdir('..')\nprint(os.getcwd(), os.listdir())";
    let (_, out) = run(code, &["--mount", &spec, "--cwd", "/data"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "/data region\n/ ['data']\n");
    let (_, out) = run("1", &["--cwd", "data"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("--cwd expects an absolute"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn without_os_flags_files_are_denied_and_the_environment_is_empty() {
    let code = "from pathlib import Path\n\
                try:\n    Path('/data/q3.csv').read_text()\n\
                except PermissionError as e:\n    print(e.errno, e.strerror)\n\
                import os\nprint(os.getenv('HOME'))\n";
    let (_, out) = run(code, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "13 Permission denied\nNone\n");
    let (_, out) = run(code, &["--env", "HOME=/sandbox"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "13 Permission denied\n/sandbox\n");
}

#[test]
fn a_run_saved_at_an_os_call_resumes_in_another_process() {
    let dir = repo_root().join("examples/sales");
    let spec = format!("{}:/data", dir.display());
    let state = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("os-call-{}.state", std::process::id()));
    let code = "from pathlib import Path\n\
                print('before')\n\
                lines = Path('/data/q3.csv').read_text().splitlines()\n\
                print(len(lines))\n";
    let (_, out) = run(
        code,
        &[
            "--mount",
            &spec,
            "--save-at-call",
            "1",
            &state.display().to_string(),
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "before\n");
    assert!(stderr(&out).contains("saved the execution at external call 1"));
    let out = monty()
        .arg("resume")
        .arg(&state)
        .args(["--mount", &spec])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "7\n");
    let _ = std::fs::remove_file(&state);
}

/// A tool server (sh script) declaring typed tools; any call creates the
/// marker file before answering `"ok"`. Returns the command and the marker.
fn marker_server() -> (String, PathBuf) {
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli-servers");
    std::fs::create_dir_all(&dir).unwrap();
    let n = format!(
        "{}_{}",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    );
    let marker = dir.join(format!("called_{n}"));
    let _ = std::fs::remove_file(&marker);
    let script = dir.join(format!("server_{n}.sh"));
    let declaration = r#"{"functions":[{"name":"get_weather","params":[{"name":"city","type":"str"},{"name":"units","type":"str","default":"metric","kind":"keyword_only"}],"returns":"dict[str, Any]"},{"name":"fetch","params":["url"],"async":true,"returns":"str"},{"name":"log","params":null}]}"#;
    std::fs::write(
        &script,
        format!(
            "echo '{declaration}'\nwhile read line; do touch '{}'; \
             id=$(echo \"$line\" | sed 's/.*\"id\": *\\([0-9]*\\).*/\\1/'); \
             echo \"{{\\\"id\\\":$id,\\\"value\\\":\\\"ok\\\"}}\"; done\n",
            marker.display()
        ),
    )
    .unwrap();
    (format!("sh '{}'", script.display()), marker)
}

#[test]
fn run_check_refuses_a_wrong_call_to_a_declared_tool_without_calling_the_server() {
    let (server, marker) = marker_server();
    let (file, out) = run(
        "w = get_weather('Paris', 'metric', 3)\nprint(w)\n",
        &["--check", "--tools-cmd", &server],
    );
    assert_eq!(out.status.code(), Some(5), "{}", stderr(&out));
    assert_eq!(stdout(&out), "");
    assert_eq!(
        stderr(&out),
        format!(
            "{}:1:26: TypeError: get_weather() takes 1 positional argument but 3 were given [call-arity]\n",
            file.display()
        )
    );
    assert!(!marker.exists(), "the tool server was called");

    // an undefined name (the tools and --input names are defined)
    let (_, out) = run(
        "print(get_weather(city))\nprint(citty)\n",
        &[
            "--check",
            "--tools-cmd",
            &server,
            "--input",
            "city=\"Oslo\"",
        ],
    );
    assert_eq!(out.status.code(), Some(5), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("NameError: name 'citty' is not defined"),
        "{}",
        stderr(&out)
    );
    assert!(!marker.exists(), "the tool server was called");

    // --json: one check_failed line on stdout
    let (_, out) = run(
        "get_weather()\n",
        &["--check", "--tools-cmd", &server, "--json"],
    );
    assert_eq!(out.status.code(), Some(5), "{}", stderr(&out));
    let line: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(line["status"], "check_failed");
    assert_eq!(line["diagnostics"][0]["code"], "call-arity");
    assert!(!marker.exists(), "the tool server was called");
}

#[test]
fn run_check_runs_a_correct_program() {
    let (server, marker) = marker_server();
    let (_, out) = run(
        "import tools\nprint(tools.get_weather(city, units='imperial'))\n",
        &[
            "--check",
            "--tools-cmd",
            &server,
            "--input",
            "city=\"Oslo\"",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "ok\n");
    assert!(marker.exists(), "the tool server was not called");
    // --stubs declares further tools for the check
    let stubs = write_source("def extra(a: int) -> int: ...\n");
    let (_, out) = run(
        "extra()\n",
        &["--check", "--stubs", stubs.to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(5), "{}", stderr(&out));
    assert!(stderr(&out).contains("[call-arity]"), "{}", stderr(&out));
}

#[test]
fn check_with_tools_cmd_checks_against_the_declarations() {
    warm_cache();
    let (server, marker) = marker_server();
    let file = write_source("get_weather('Paris', units=1, color='x')\nlog(1, 2, x=3)\n");
    let out = monty()
        .args(["check", file.to_str().unwrap(), "--tools-cmd", &server])
        .output()
        .unwrap();
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(5), "{}", stderr(&out));
    assert!(
        text.contains("get_weather() got an unexpected keyword argument 'color' [call-keyword]"),
        "{text}"
    );
    assert!(!text.contains("log"), "{text}");
    assert!(!marker.exists());
}

#[test]
fn stubs_prints_the_declared_tools() {
    let (server, marker) = marker_server();
    let out = monty()
        .args(["stubs", "--tools-cmd", &server])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "from typing import Any\n\n\
         def get_weather(city: str, *, units: str = \"metric\") -> dict[str, Any]: ...\n\
         async def fetch(url) -> str: ...\n\
         def log(*args, **kwargs): ...\n"
    );
    assert!(!marker.exists());
    // plain names only: no typing header
    let out = monty()
        .args([
            "stubs",
            "--tools-cmd",
            r#"echo '{"functions":[{"name":"f","params":["a","b"]}]}'"#,
        ])
        .output()
        .unwrap();
    assert_eq!(stdout(&out), "def f(a, b): ...\n");
}
