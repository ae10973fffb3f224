//! `monty`: run or check a Python file in the sandbox (DESIGN.md, "The
//! command line").
//!
//! `run` streams the program's output, then prints `repr()` of a non-None
//! final value as the last stdout line; exit codes are 0 ok, 1 Python
//! exception (traceback on stderr), 2 usage, 3 limit exceeded, 4 internal
//! error. The module is precompiled when the binary is built (README.md,
//! "Start-up"); without a usable artifact (`--wasm`, another CPU) it is
//! cached on disk (see `monty_host::default_cache_dir`) so only the first
//! run pays for compilation. Os calls are answered from
//! `--mount`, `--memfs`, `--env`, `--clock` and `--urandom`; without them,
//! each is a `PermissionError`.

mod args;
mod repl;
mod session_cmd;
mod tools;

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use args::{CheckArgs, Command, RunArgs, StubsArgs, USAGE};
use monty_host::{
    CallResult, Clock, Config, Engine, Entropy, Environment, Error, ExternalError, Limits, MemFs,
    Mount, OsAccess, OsRouter, OutputSink, Progress, SleepPolicy, StartRequest, StdioSink, Stream,
    Value,
};
use tools::ToolServer;

const EXIT_OK: u8 = 0;
const EXIT_PYTHON: u8 = 1;
const EXIT_USAGE: u8 = 2;
const EXIT_LIMIT: u8 = 3;
const EXIT_INTERNAL: u8 = 4;
/// `run --check` found an error diagnostic and ran nothing.
const EXIT_CHECK: u8 = 5;

fn main() -> ExitCode {
    let code = match args::parse(std::env::args().skip(1)) {
        Ok(Command::Help) => {
            print!("{USAGE}");
            EXIT_USAGE
        }
        Ok(Command::Version) => {
            println!("monty {}", env!("CARGO_PKG_VERSION"));
            EXIT_OK
        }
        Ok(Command::Run(run)) => cmd_run(run, false),
        Ok(Command::Resume(run)) => cmd_run(run, true),
        Ok(Command::Check(check)) => cmd_check(check),
        Ok(Command::Repl(run)) => repl::cmd_repl(run),
        Ok(Command::Stubs(stubs)) => cmd_stubs(stubs),
        Err(message) => {
            eprint!("monty: {message}\n\n{USAGE}");
            EXIT_USAGE
        }
    };
    ExitCode::from(code)
}

/// Reads FILE (or stdin for `-`); failure is a usage error.
fn read_source(file: &str) -> Result<String, u8> {
    let result = if file == "-" {
        std::io::read_to_string(std::io::stdin())
    } else {
        std::fs::read_to_string(file)
    };
    result.map_err(|e| {
        eprintln!("monty: cannot read {file}: {e}");
        EXIT_USAGE
    })
}

fn build_engine(wasm: Option<PathBuf>, limits: Limits) -> Result<Engine, u8> {
    let wasm = wasm.or_else(|| {
        std::env::var_os("MONTY_WASM")
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    });
    // One execution per process: a tiny pool keeps the address-space
    // reservation small.
    let key = snapshot_key().map_err(|message| {
        eprintln!("monty: {message}");
        EXIT_INTERNAL
    })?;
    let config = Config::new()
        .module_path(wasm)
        .limits(limits)
        .disk_cache(true)
        .max_concurrent_executions(2)
        .snapshot_key(key);
    Engine::new(config).map_err(|e| {
        eprintln!("monty: {e}");
        EXIT_INTERNAL
    })
}

/// The key `--save-at-call` seals snapshots with and `resume` checks:
/// `$MONTY_SNAPSHOT_KEY` (64 hex digits, to share it between machines),
/// else `snapshot.key` in the cache directory, made once with 32 random
/// bytes (readable by the owner only), so any process of this user on
/// this machine can resume.
fn snapshot_key() -> Result<[u8; 32], String> {
    if let Some(hex) = std::env::var_os("MONTY_SNAPSHOT_KEY").filter(|v| !v.is_empty()) {
        let hex = hex.to_string_lossy();
        return parse_key(hex.trim()).ok_or_else(|| {
            "MONTY_SNAPSHOT_KEY must be 64 hexadecimal digits (32 bytes)".to_string()
        });
    }
    let Some(dir) = monty_host::default_cache_dir() else {
        return Err("no snapshot key: set MONTY_SNAPSHOT_KEY (or HOME for a key file)".into());
    };
    let path = dir.join("snapshot.key");
    if let Ok(text) = std::fs::read_to_string(&path) {
        return parse_key(text.trim())
            .ok_or_else(|| format!("{} is not a 64-digit hex key", path.display()));
    }
    let mut key = [0u8; 32];
    let mut urandom = std::fs::File::open("/dev/urandom")
        .map_err(|e| format!("cannot make a snapshot key: /dev/urandom: {e}"))?;
    std::io::Read::read_exact(&mut urandom, &mut key)
        .map_err(|e| format!("cannot make a snapshot key: {e}"))?;
    let hex: String = key.iter().map(|b| format!("{b:02x}")).collect();
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    // Write to a private temporary file, then rename: two processes racing
    // here both end up reading one complete key.
    let tmp = dir.join(format!("snapshot.key.{}", std::process::id()));
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let written = options
        .open(&tmp)
        .and_then(|mut f| std::io::Write::write_all(&mut f, hex.as_bytes()))
        .and_then(|()| {
            // keep an existing key (another process won the race)
            if path.exists() {
                std::fs::remove_file(&tmp)
            } else {
                std::fs::rename(&tmp, &path)
            }
        });
    written.map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    parse_key(text.trim()).ok_or_else(|| format!("{} is not a 64-digit hex key", path.display()))
}

fn parse_key(hex: &str) -> Option<[u8; 32]> {
    if hex.len() != 64 || !hex.is_ascii() {
        return None;
    }
    let mut key = [0u8; 32];
    for (i, byte) in key.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(key)
}

/// Streams to the process's stdout/stderr, remembering whether stdout ends
/// mid-line (so the final repr still gets a line of its own).
struct CliSink {
    inner: StdioSink,
    stdout_mid_line: Arc<AtomicBool>,
}

impl OutputSink for CliSink {
    fn write(&mut self, stream: Stream, bytes: &[u8]) {
        if stream == Stream::Stdout {
            if let Some(&last) = bytes.last() {
                self.stdout_mid_line.store(last != b'\n', Ordering::Relaxed);
            }
        }
        self.inner.write(stream, bytes);
    }
}

/// What the program may reach, from `--mount`, `--memfs`, `--env`,
/// `--clock` and `--urandom`; a mount that cannot be opened is a usage
/// error.
fn os_access(run: &RunArgs) -> Result<OsRouter, u8> {
    let clock = if run.clock {
        Clock::System
    } else {
        Clock::Denied
    };
    let mut router = OsRouter::new()
        .env(run.env.iter().cloned().collect::<Environment>())
        .clock(clock)
        .entropy(if run.urandom {
            Entropy::System
        } else {
            Entropy::Denied
        });
    if let Some(mib) = run.memfs_mib {
        router = router.memfs(MemFs::new(mib.saturating_mul(1 << 20)).clock(clock));
    }
    for spec in &run.mounts {
        let mount = Mount::new(&spec.host_dir, spec.writable).map_err(|e| {
            eprintln!(
                "monty: --mount {}:{}: cannot mount {}: {e}",
                spec.host_dir.display(),
                spec.sandbox_dir,
                spec.host_dir.display()
            );
            EXIT_USAGE
        })?;
        router = router.mount(&spec.sandbox_dir, mount);
    }
    Ok(router)
}

/// The limits the options set, over the defaults.
fn limits_of(run: &RunArgs) -> Limits {
    let mut limits = Limits::default();
    if let Some(n) = run.max_instructions {
        limits.max_instructions = n;
    }
    if let Some(fuel) = run.fuel {
        limits.fuel = fuel;
    }
    if let Some(timeout) = run.timeout {
        limits.timeout = timeout;
    }
    if let Some(mib) = run.max_memory_mib {
        limits.max_memory_bytes = mib.saturating_mul(1 << 20);
    }
    if let Some(sleep) = run.sleep {
        limits.sleep = sleep;
    }
    limits
}

/// What `run`, `resume` and `repl` need: the engine (with the options'
/// limits as its defaults), the program's os access and the tool server.
fn prepare(run: &RunArgs) -> Result<(Engine, OsRouter, Option<ToolServer>), u8> {
    let os = os_access(run)?;
    let engine = build_engine(run.wasm.clone(), limits_of(run))?;
    let server = run
        .tools_cmd
        .as_deref()
        .map(ToolServer::spawn)
        .transpose()
        .map_err(|message| report_error(&Error::Internal(message), run.json.then_some("")))?;
    Ok((engine, os, server))
}

/// `run FILE`, or with `resume` continue the snapshot in FILE.
fn cmd_run(run: RunArgs, resume: bool) -> u8 {
    let source = if resume {
        match std::fs::read(&run.file) {
            Ok(bytes) => Source::Snapshot(bytes),
            Err(e) => {
                eprintln!("monty: cannot read {}: {e}", run.file);
                return EXIT_USAGE;
            }
        }
    } else {
        match read_source(&run.file) {
            Ok(code) => Source::Code(code),
            Err(exit) => return exit,
        }
    };
    let (engine, os, mut server) = match prepare(&run) {
        Ok(parts) => parts,
        Err(exit) => return exit,
    };
    if let (true, Source::Code(code)) = (run.check, &source) {
        // The server is started only to read its declarations: it gets
        // no call unless the program passes.
        let inputs: Vec<String> = run.inputs.iter().map(|(name, _)| name.clone()).collect();
        if let Err(exit) = check_before_run(&engine, code, &run, server.as_ref(), &inputs) {
            if let Some(server) = server {
                server.finish();
            }
            return exit;
        }
    }
    let mid_line = Arc::new(AtomicBool::new(false));
    let sink = CliSink {
        inner: StdioSink,
        stdout_mid_line: mid_line.clone(),
    };
    let mut session = None;
    let first = match source {
        Source::Code(code) => {
            let mut request = StartRequest::new(code).filename(run.file.clone());
            request.inputs = run.inputs;
            request.cwd = run.cwd.clone();
            if let Some(server) = &server {
                request.externals = server.functions.clone();
            }
            match &run.session {
                Some(state) => match session_cmd::open(&engine, state) {
                    Ok(mut opened) => {
                        let first = opened.feed(request, sink);
                        session = Some(opened);
                        first
                    }
                    Err(message) => {
                        if let Some(server) = server {
                            server.finish();
                        }
                        return report_error(&Error::Internal(message), run.json.then_some(""));
                    }
                },
                None => engine.start(request, sink),
            }
        }
        Source::Snapshot(bytes) if run.trust_unsealed && !bytes.starts_with(b"MONTYSIG") => {
            // raw guest bytes from another host of monty.wasm, trusted
            engine.restore(&engine.seal_guest_snapshot(&bytes), None, sink)
        }
        Source::Snapshot(bytes) => match &run.session {
            Some(state) => match session_cmd::resume(&engine, &bytes, sink) {
                Ok((opened, first)) => {
                    session = Some(opened);
                    Ok(first)
                }
                Err(message) => {
                    if let Some(server) = server {
                        server.finish();
                    }
                    let message = format!("{}: {message} (session {})", run.file, state.display());
                    return report_error(&Error::Internal(message), run.json.then_some(""));
                }
            },
            None => engine.restore(&bytes, None, sink),
        },
    };
    let outcome = drive(first, server.as_mut(), &os, run.save_at_call.as_ref());
    if let Some(server) = server {
        server.finish();
    }
    if let (Some(session), Some(state)) = (session.as_mut(), &run.session) {
        // (a cell saved at a call is not over: the session is saved when
        // `monty resume --session` finishes it)
        if !matches!(outcome, Ok(Finished::Saved(..))) {
            session_cmd::save(session, state);
        }
    }
    // The JSON outcome goes on a line of its own.
    let newline = if mid_line.load(Ordering::Relaxed) {
        "\n"
    } else {
        ""
    };
    match outcome {
        Ok(Finished::Saved(k, path)) => {
            eprintln!(
                "monty: saved the execution at external call {k} to {}",
                path.display()
            );
            EXIT_OK
        }
        Ok(Finished::Complete(value, repr)) => {
            let mut out = std::io::stdout().lock();
            if run.json {
                let repr_json = serde_json::to_string(&repr).expect("strings serialize");
                let _ = writeln!(
                    out,
                    r#"{newline}{{"status":"complete","value":{},"repr":{repr_json}}}"#,
                    value.to_json()
                );
            } else if let Some(repr) = repr {
                // As CPython's `sys.displayhook`: the repr and a newline,
                // even if the program left stdout mid-line.
                let _ = writeln!(out, "{repr}");
            }
            let _ = out.flush();
            EXIT_OK
        }
        Err(Failure::Host(message)) => {
            report_error(&Error::Internal(message), run.json.then_some(newline))
        }
        Err(Failure::Run(error)) => report_error(&error, run.json.then_some(newline)),
    }
}

/// What `run` starts from.
enum Source {
    Code(String),
    Snapshot(Vec<u8>),
}

/// How a driven execution ended without error.
enum Finished {
    Complete(Value, Option<String>),
    /// Saved at call K to this file (`--save-at-call`).
    Saved(u64, PathBuf),
}

enum Failure {
    /// The execution ended with an error.
    Run(Error),
    /// The CLI's side failed (the tool server).
    Host(String),
}

/// Answers calls until the program completes (or, with `save`, until the
/// K-th call — tool or os call — is issued: then the paused execution is
/// written to the file).
fn drive(
    mut progress: Result<Progress, Error>,
    mut server: Option<&mut ToolServer>,
    os: &dyn OsAccess,
    save: Option<&(u64, PathBuf)>,
) -> Result<Finished, Failure> {
    let mut issued: u64 = 0;
    let mut save_now = |execution: &mut monty_host::Execution,
                        new_calls: u64|
     -> Result<Option<Finished>, Failure> {
        let Some((k, path)) = save else {
            return Ok(None);
        };
        let before = issued;
        issued += new_calls;
        if before < *k && issued >= *k {
            let bytes = execution.snapshot().map_err(Failure::Run)?;
            std::fs::write(path, bytes)
                .map_err(|e| Failure::Host(format!("cannot write {}: {e}", path.display())))?;
            return Ok(Some(Finished::Saved(*k, path.clone())));
        }
        Ok(None)
    };
    fn answer(
        server: &mut Option<&mut ToolServer>,
        call: &monty_host::PendingCall,
    ) -> Result<Result<Value, ExternalError>, Failure> {
        match server.as_deref_mut() {
            Some(server) => server.call(call).map_err(Failure::Host),
            None => Ok(Err(ExternalError::new(
                "NameError",
                format!("name '{}' is not defined", call.name),
            ))),
        }
    }
    loop {
        progress = match progress.map_err(Failure::Run)? {
            Progress::Complete { value, repr } => return Ok(Finished::Complete(value, repr)),
            Progress::Call(call, mut execution) => {
                if let Some(done) = save_now(&mut execution, 1)? {
                    return Ok(done);
                }
                execution.resume(answer(&mut server, &call)?)
            }
            Progress::OsCall(call, mut execution) => {
                if let Some(done) = save_now(&mut execution, 1)? {
                    return Ok(done);
                }
                execution.resume(os.answer(&call))
            }
            Progress::Wait(calls, mut execution) => {
                if let Some(done) = save_now(&mut execution, calls.len() as u64)? {
                    return Ok(done);
                }
                if calls.is_empty() {
                    // Only timers are pending: let the next one fire.
                    progress = execution.wait_timer();
                    continue;
                }
                let started = std::time::Instant::now();
                let results: Vec<CallResult> = match server.as_deref_mut() {
                    Some(server) => server
                        .call_many(&calls)
                        .map_err(Failure::Host)?
                        .into_iter()
                        .map(|(id, result)| CallResult { id, result })
                        .collect(),
                    None => {
                        let mut out = Vec::with_capacity(calls.len());
                        for call in &calls {
                            out.push(CallResult {
                                id: call.id,
                                result: answer(&mut server, call)?,
                            });
                        }
                        out
                    }
                };
                let elapsed = match execution.limits().sleep {
                    SleepPolicy::Real { .. } => Some(started.elapsed()),
                    SleepPolicy::Virtual => None,
                };
                execution.resume_waited(results, elapsed)
            }
        };
    }
}

/// Reports a failed run on stderr, or with `json: Some(prefix)` as one JSON
/// line on stdout (after `prefix`, a newline when stdout is mid-line).
fn report_error(error: &Error, json: Option<&str>) -> u8 {
    let _ = std::io::stdout().flush();
    let exit = match error {
        Error::Python(_) => EXIT_PYTHON,
        Error::Limit(_) => EXIT_LIMIT,
        Error::Internal(_) => EXIT_INTERNAL,
    };
    if let Some(prefix) = json {
        let object = match error {
            Error::Python(e) => serde_json::json!({
                "status": "error",
                "error": {"type": e.type_name, "message": e.message, "traceback": e.traceback},
            }),
            Error::Limit(kind) => serde_json::json!({
                "status": "limit", "limit": kind.name(), "message": error.to_string(),
            }),
            Error::Internal(message) => {
                serde_json::json!({"status": "internal_error", "message": message})
            }
        };
        println!("{prefix}{object}");
        return exit;
    }
    match error {
        Error::Python(e) => {
            let text = if e.traceback.trim().is_empty() {
                e.summary()
            } else {
                e.traceback.clone()
            };
            eprintln!("{}", text.trim_end_matches('\n'));
        }
        Error::Limit(kind) => eprintln!("monty: {kind} limit exceeded: {}", kind.describe()),
        Error::Internal(message) => eprintln!("monty: internal error: {message}"),
    }
    exit
}

/// The stubs a check uses: FILE.pyi's text, then the tool server's
/// declarations rendered as stubs (the text `monty stubs` prints).
fn check_stubs(
    stubs: Option<&PathBuf>,
    declared: &[tools::DeclaredFunction],
) -> Result<String, u8> {
    let mut text = match stubs {
        Some(path) => std::fs::read_to_string(path).map_err(|e| {
            eprintln!("monty: cannot read {}: {e}", path.display());
            EXIT_USAGE
        })?,
        None => String::new(),
    };
    if !declared.is_empty() {
        if !text.is_empty() && !text.ends_with('\n') {
            text.push('\n');
        }
        text.push_str(&tools::render_stubs(declared));
    }
    Ok(text)
}

/// A diagnostic as `monty check` prints it.
fn diagnostic_line(file: &str, d: &monty_host::Diagnostic) -> String {
    if d.col > 0 {
        format!(
            "{}:{}:{}: {}: {} [{}]",
            file, d.line, d.col, d.type_name, d.message, d.code
        )
    } else {
        format!("{}:{}: {}: {}", file, d.line, d.type_name, d.message)
    }
}

fn diagnostics_json(report: &monty_host::CheckReport) -> Vec<serde_json::Value> {
    report
        .diagnostics
        .iter()
        .map(|d| serde_json::to_value(d).expect("diagnostics encode"))
        .collect()
}

/// `run --check`: `Err(exit)` when the program must not run (an error
/// diagnostic: printed as `monty check` prints them, on stderr, or with
/// `--json` as one `{"status":"check_failed"}` line on stdout).
fn check_before_run(
    engine: &Engine,
    code: &str,
    run: &RunArgs,
    server: Option<&ToolServer>,
    inputs: &[String],
) -> Result<(), u8> {
    let (declared, externals) = match server {
        Some(server) => (&server.declared[..], &server.functions[..]),
        None => (&[][..], &[][..]),
    };
    let stubs = check_stubs(run.stubs.as_ref(), declared)?;
    let report = engine
        .check_with_externals(code, &run.file, &stubs, externals, inputs)
        .map_err(|error| report_error(&error, run.json.then_some("")))?;
    if report.ok && report.diagnostics.iter().all(|d| d.severity != "error") {
        return Ok(());
    }
    if run.json {
        println!(
            "{}",
            serde_json::json!({"status": "check_failed", "diagnostics": diagnostics_json(&report)})
        );
    } else {
        for d in &report.diagnostics {
            eprintln!("{}", diagnostic_line(&run.file, d));
        }
    }
    Err(EXIT_CHECK)
}

/// Starts the tool server `cmd` only to read its declarations, then stops
/// it (no call is sent).
fn declarations(cmd: &str) -> Result<ToolServer, u8> {
    ToolServer::spawn(cmd).map_err(|message| {
        eprintln!("monty: {message}");
        EXIT_INTERNAL
    })
}

fn cmd_check(check: CheckArgs) -> u8 {
    let code = match read_source(&check.file) {
        Ok(code) => code,
        Err(exit) => return exit,
    };
    let engine = match build_engine(check.wasm, Limits::default()) {
        Ok(engine) => engine,
        Err(exit) => return exit,
    };
    let server = match check.tools_cmd.as_deref().map(declarations).transpose() {
        Ok(server) => server,
        Err(exit) => return exit,
    };
    let (declared, externals) = match server {
        Some(server) => {
            let declared = server.declared.clone();
            let externals = server.functions.clone();
            server.finish();
            (declared, externals)
        }
        None => (Vec::new(), Vec::new()),
    };
    let stubs = match check_stubs(check.stubs.as_ref(), &declared) {
        Ok(stubs) => stubs,
        Err(exit) => return exit,
    };
    let report = match engine.check_with_externals(&code, &check.file, &stubs, &externals, &[]) {
        Ok(report) => report,
        Err(error) => return report_error(&error, check.json.then_some("")),
    };
    if check.json {
        println!(
            "{}",
            serde_json::json!({"ok": report.ok, "diagnostics": diagnostics_json(&report)})
        );
    } else {
        for d in &report.diagnostics {
            println!("{}", diagnostic_line(&check.file, d));
        }
    }
    if !report.ok {
        EXIT_PYTHON
    } else if report.diagnostics.iter().any(|d| d.severity == "error") {
        // (it compiles, but the checker found mistakes: `run --check`
        // would refuse it)
        EXIT_CHECK
    } else {
        EXIT_OK
    }
}

/// `stubs --tools-cmd CMD`: the declared tools as Python stub text.
fn cmd_stubs(stubs: StubsArgs) -> u8 {
    let server = match declarations(&stubs.tools_cmd) {
        Ok(server) => server,
        Err(exit) => return exit,
    };
    let text = tools::render_stubs(&server.declared);
    server.finish();
    print!("{text}");
    EXIT_OK
}
