//! Command-line parsing for `monty`, by hand: two subcommands and a few
//! options do not justify a parser dependency. Both `--opt VALUE` and
//! `--opt=VALUE` are accepted.

use std::path::PathBuf;
use std::time::Duration;

use monty_host::{SleepPolicy, Value};

pub const USAGE: &str = "\
monty: run LLM-written Python in a sandbox

Usage:
  monty run FILE [options]     run FILE ('-' reads stdin)
  monty resume STATE [options] continue an execution saved with --save-at-call
  monty repl [options]         an interactive session (CPython's prompts);
                               takes the options of run, except the
                               FILE-related ones
  monty check FILE [--json] [--stubs FILE.pyi] [--tools-cmd CMD]
                               check FILE statically without running it,
                               against the tools declared in FILE.pyi and
                               by the tool server CMD
  monty stubs --tools-cmd CMD  print the tool server's declared tools as
                               Python stubs (for a prompt; what check uses)
  monty --help | --version

Options for run:
  --input NAME=JSON    define global NAME (tagged JSON value); repeatable
  --tools-cmd CMD      start CMD (via sh -c) as a JSON-lines tool server
  --check              check FILE first (as `monty check`, against the tool
                       server's declarations, --stubs and the --input
                       names); with an error diagnostic print the
                       diagnostics on stderr and exit 5 without running
                       (the tool server gets no call)
  --stubs FILE.pyi     (with --check) stubs of further host tools
  --fuel N|none        CPU budget in fuel units (default 50000000000)
  --timeout SECS|none  time budget for running Python, in seconds (default 30)
  --max-instructions N|none
                       bytecode instructions the guest may run (counted by
                       the guest, the same in every host; default none)
  --max-memory MIB     linear memory cap in MiB (default 256)
  --sleep virtual|real[:SECS]
                       asyncio.sleep / wait_for timeouts on virtual time
                       (default: a sleep costs nothing) or real time, waiting
                       at most SECS in all (default 60)
  --json               print one JSON outcome object as the last stdout line
  --session STATE      run FILE as the next cell of the session saved in
                       STATE (a new session if STATE does not exist), then
                       save the session back to STATE: globals, imports,
                       functions and classes carry over from cell to cell
                       (a cell that hits a limit leaves STATE as it was);
                       with --save-at-call, the cell paused at the call is
                       finished by `monty resume PAUSED --session STATE`
  --save-at-call K STATE
                       when the K-th host call (1-based; tool or os call) is
                       issued, write the paused execution to STATE and stop
                       (exit 0); `monty resume STATE` continues it, in any
                       process

Files, environment, clock (run and resume). Without these flags, reading or
writing a file, time.time() and os.urandom() raise PermissionError, and the
environment is empty:
  --mount HOST_DIR:SANDBOX_DIR[:ro|:rw]
                       the program reaches host directory HOST_DIR at the
                       absolute sandbox path SANDBOX_DIR, read-only (default)
                       or read-write; no path leaves it (no .., no absolute
                       path, no symlink out) and only regular files and
                       directories are opened; repeatable
  --memfs [MIB]        a writable in-memory filesystem (default 64 MiB) for
                       every path no --mount serves; full: OSError ENOSPC;
                       discarded when the process exits (a state saved with
                       --save-at-call does not keep it)
  --env NAME=VALUE     a variable for os.environ / os.getenv; repeatable
                       (the program sees no other variable)
  --cwd DIR            the sandbox's working directory at the start (an
                       absolute sandbox path, default /): where relative
                       paths such as open('data.csv') start (run only)
  --clock              time.time() and datetime.now() read the real clock
  --urandom            os.urandom() reads the OS random source

Options for resume (besides those of run):
  --trust-unsealed     accept a snapshot made by another host of monty.wasm
                       (raw guest bytes); snapshots from `--save-at-call` are
                       sealed with the key in $MONTY_SNAPSHOT_KEY or in the
                       cache directory, and altered ones are refused

Common options:
  --wasm PATH          use this monty.wasm instead of the embedded one
                       (also $MONTY_WASM)

Exit codes: 0 ok, 1 Python exception (check: FILE does not compile), 2 usage,
3 limit exceeded, 4 internal error, 5 the checker found errors (check;
run --check then runs nothing).

Example: an agent's program reads a CSV from a read-only mount and writes
its report into memory (examples/report.py in the repository):
  monty run examples/report.py --mount examples/sales:/data --memfs 16
(with --cwd /data as well, the program could open 'q3.csv' by that name)
";

/// The default size of `--memfs`, in MiB.
pub const DEFAULT_MEMFS_MIB: u64 = 64;

/// `--mount HOST_DIR:SANDBOX_DIR[:ro|:rw]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MountSpec {
    pub host_dir: PathBuf,
    pub sandbox_dir: String,
    pub writable: bool,
}

/// Parses `HOST_DIR:SANDBOX_DIR[:ro|:rw]` (the host directory may itself
/// contain `:`; the sandbox directory must be absolute).
fn parse_mount(spec: &str) -> Result<MountSpec, String> {
    let bad =
        |why: &str| format!("--mount expects HOST_DIR:SANDBOX_DIR[:ro|:rw] ({why}), got {spec:?}");
    let (rest, writable) = match spec.rsplit_once(':') {
        Some((rest, "ro")) => (rest, false),
        Some((rest, "rw")) => (rest, true),
        _ => (spec, false),
    };
    let (host, sandbox) = rest.rsplit_once(':').ok_or_else(|| bad("no SANDBOX_DIR"))?;
    if host.is_empty() {
        return Err(bad("empty HOST_DIR"));
    }
    if !sandbox.starts_with('/') {
        return Err(bad("SANDBOX_DIR must be an absolute path"));
    }
    if sandbox.contains('\0') || sandbox.split('/').any(|c| c == "..") {
        return Err(bad("SANDBOX_DIR must not contain '..'"));
    }
    Ok(MountSpec {
        host_dir: PathBuf::from(host),
        sandbox_dir: sandbox.to_owned(),
        writable,
    })
}

/// What to do.
#[derive(Debug)]
pub enum Command {
    Help,
    Version,
    Run(RunArgs),
    /// `resume STATE`: the same options as `run`; `file` is the state file.
    Resume(RunArgs),
    Check(CheckArgs),
    /// `repl`: the options of `run`; no file.
    Repl(RunArgs),
    /// `stubs --tools-cmd CMD`.
    Stubs(StubsArgs),
}

#[derive(Debug, Default)]
pub struct StubsArgs {
    pub tools_cmd: String,
}

#[derive(Debug, Default)]
pub struct RunArgs {
    pub file: String,
    pub inputs: Vec<(String, Value)>,
    pub tools_cmd: Option<String>,
    pub fuel: Option<Option<u64>>,
    /// `--max-instructions`: `Some(None)` for `none`.
    pub max_instructions: Option<Option<u64>>,
    pub timeout: Option<Option<Duration>>,
    pub max_memory_mib: Option<usize>,
    pub sleep: Option<SleepPolicy>,
    /// `resume --trust-unsealed`: accept raw guest snapshot bytes.
    pub trust_unsealed: bool,
    pub json: bool,
    pub wasm: Option<PathBuf>,
    /// `check --stubs FILE.pyi` / `run --check --stubs FILE.pyi` (parsed
    /// with the run options).
    pub stubs: Option<PathBuf>,
    /// `run --check`: check before running, refuse on errors.
    pub check: bool,
    /// `--save-at-call K STATE`.
    pub save_at_call: Option<(u64, PathBuf)>,
    /// `--mount`, in order.
    pub mounts: Vec<MountSpec>,
    /// `--memfs [MIB]`.
    pub memfs_mib: Option<u64>,
    /// `--env NAME=VALUE`, in order.
    pub env: Vec<(String, String)>,
    /// `--clock`.
    pub clock: bool,
    /// `--urandom`.
    pub urandom: bool,
    /// `--cwd DIR`.
    pub cwd: Option<String>,
    /// `run --session STATE`.
    pub session: Option<PathBuf>,
}

#[derive(Debug, Default)]
pub struct CheckArgs {
    pub file: String,
    pub json: bool,
    pub wasm: Option<PathBuf>,
    /// Python stubs of the host's tools (`--stubs FILE.pyi`).
    pub stubs: Option<PathBuf>,
    /// `--tools-cmd CMD`: the tool server whose declarations are stubs too.
    pub tools_cmd: Option<String>,
}

/// `virtual`, `real` or `real:SECS` (the cap on time waited, default 60 s).
fn parse_sleep(text: &str) -> Result<SleepPolicy, String> {
    let bad = || format!("--sleep expects virtual, real or real:SECS, got {text:?}");
    match text.split_once(':') {
        None if text == "virtual" => Ok(SleepPolicy::Virtual),
        None if text == "real" => Ok(SleepPolicy::Real {
            max_total: Duration::from_secs(60),
        }),
        Some(("real", secs)) => {
            let secs: f64 = secs
                .parse()
                .ok()
                .filter(|s: &f64| s.is_finite() && *s >= 0.0)
                .ok_or_else(bad)?;
            Ok(SleepPolicy::Real {
                max_total: Duration::from_secs_f64(secs),
            })
        }
        _ => Err(bad()),
    }
}

/// Splits `--name=value` / `--name value`.
struct Options<I: Iterator<Item = String>> {
    args: std::iter::Peekable<I>,
}

impl<I: Iterator<Item = String>> Options<I> {
    fn value(&mut self, name: &str, inline: Option<String>) -> Result<String, String> {
        inline
            .or_else(|| self.args.next())
            .ok_or_else(|| format!("{name} needs a value"))
    }
}

fn parse_limit<T>(
    name: &str,
    text: &str,
    parse: impl Fn(&str) -> Option<T>,
) -> Result<Option<T>, String> {
    if matches!(text, "none" | "unlimited") {
        return Ok(None);
    }
    parse(text)
        .map(Some)
        .ok_or_else(|| format!("{name} expects a number or 'none', got {text:?}"))
}

/// Parses the arguments after the program name.
pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Command, String> {
    let mut args = args.into_iter();
    let sub = args.next().ok_or("no command given")?;
    let run = match sub.as_str() {
        "-h" | "--help" | "help" => return Ok(Command::Help),
        "-V" | "--version" => return Ok(Command::Version),
        "run" | "resume" | "repl" => true,
        "check" => false,
        "stubs" => return parse_stubs(args),
        other => return Err(format!("unknown command {other:?}")),
    };
    let mut opts = Options {
        args: args.peekable(),
    };
    let mut r = RunArgs::default();
    let mut file = None;
    while let Some(arg) = opts.args.next() {
        if !arg.starts_with("--") || arg == "-" {
            if sub == "repl" {
                return Err(format!(
                    "unexpected argument {arg:?} ('repl' takes no FILE)"
                ));
            }
            if file.replace(arg.clone()).is_some() {
                return Err(format!("unexpected argument {arg:?} (only one FILE)"));
            }
            continue;
        }
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) => (n.to_owned(), Some(v.to_owned())),
            None => (arg.clone(), None),
        };
        match (name.as_str(), run) {
            ("--help", _) => return Ok(Command::Help),
            ("--json", _) if inline.is_none() => r.json = true,
            ("--stubs", _) if sub != "resume" => {
                r.stubs = Some(PathBuf::from(opts.value(&name, inline)?))
            }
            ("--wasm", _) => r.wasm = Some(PathBuf::from(opts.value(&name, inline)?)),
            ("--input", true) => {
                let spec = opts.value(&name, inline)?;
                let (var, json) = spec
                    .split_once('=')
                    .ok_or_else(|| format!("--input expects NAME=JSON, got {spec:?}"))?;
                if var.is_empty() {
                    return Err(format!("--input expects NAME=JSON, got {spec:?}"));
                }
                let value = Value::from_json(json)
                    .map_err(|e| format!("--input {var}: invalid JSON value: {e}"))?;
                r.inputs.push((var.to_owned(), value));
            }
            ("--check", true) if sub == "run" && inline.is_none() => r.check = true,
            ("--tools-cmd", _) => r.tools_cmd = Some(opts.value(&name, inline)?),
            ("--session", true) if sub == "run" || sub == "resume" => {
                r.session = Some(PathBuf::from(opts.value(&name, inline)?))
            }
            ("--save-at-call", true) if sub == "run" => {
                let k = opts.value(&name, inline)?;
                let k: u64 = k.parse().ok().filter(|k| *k >= 1).ok_or_else(|| {
                    format!("--save-at-call expects a call number >= 1, got {k:?}")
                })?;
                let state = opts
                    .args
                    .next()
                    .ok_or("--save-at-call needs K and a STATE file")?;
                r.save_at_call = Some((k, PathBuf::from(state)));
            }
            ("--fuel", true) => {
                let text = opts.value(&name, inline)?;
                r.fuel = Some(parse_limit("--fuel", &text, |t| {
                    t.replace('_', "").parse().ok()
                })?);
            }
            ("--max-instructions", true) => {
                let text = opts.value(&name, inline)?;
                r.max_instructions = Some(parse_limit("--max-instructions", &text, |t| {
                    t.replace('_', "").parse().ok()
                })?);
            }
            ("--timeout", true) => {
                let text = opts.value(&name, inline)?;
                let secs = parse_limit("--timeout", &text, |t| {
                    t.parse::<f64>().ok().filter(|s| *s >= 0.0 && s.is_finite())
                })?;
                r.timeout = Some(secs.map(Duration::from_secs_f64));
            }
            ("--trust-unsealed", true) if sub == "resume" => r.trust_unsealed = true,
            ("--mount", true) => r.mounts.push(parse_mount(&opts.value(&name, inline)?)?),
            ("--memfs", true) => {
                // The size is optional: `--memfs`, `--memfs 16`, `--memfs=16`.
                let text = inline.or_else(|| {
                    opts.args
                        .next_if(|a| !a.is_empty() && a.bytes().all(|b| b.is_ascii_digit()))
                });
                let mib = match text {
                    None => DEFAULT_MEMFS_MIB,
                    Some(text) => text.parse().map_err(|_| {
                        format!("--memfs expects a size in MiB as an integer, got {text:?}")
                    })?,
                };
                r.memfs_mib = Some(mib);
            }
            ("--env", true) => {
                let spec = opts.value(&name, inline)?;
                let (var, value) = spec
                    .split_once('=')
                    .filter(|(var, _)| !var.is_empty() && !var.contains('\0'))
                    .ok_or_else(|| format!("--env expects NAME=VALUE, got {spec:?}"))?;
                r.env.push((var.to_owned(), value.to_owned()));
            }
            ("--cwd", true) if sub == "run" => {
                let dir = opts.value(&name, inline)?;
                if !dir.starts_with('/') || dir.contains('\0') {
                    return Err(format!(
                        "--cwd expects an absolute sandbox path, got {dir:?}"
                    ));
                }
                r.cwd = Some(dir);
            }
            ("--clock", true) if inline.is_none() => r.clock = true,
            ("--urandom", true) if inline.is_none() => r.urandom = true,
            ("--sleep", true) => {
                let text = opts.value(&name, inline)?;
                r.sleep = Some(parse_sleep(&text)?);
            }
            ("--max-memory", true) => {
                let text = opts.value(&name, inline)?;
                let mib: usize = text
                    .parse()
                    .map_err(|_| format!("--max-memory expects MiB as an integer, got {text:?}"))?;
                r.max_memory_mib = Some(mib);
            }
            _ => return Err(format!("unknown option {name:?} for '{sub}'")),
        }
    }
    if run && r.stubs.is_some() && !r.check {
        return Err("--stubs needs --check for 'run'".to_owned());
    }
    if r.session.is_some() && r.check {
        return Err(
            "--check cannot be combined with --session (the checker does not see the names earlier cells defined)"
                .to_owned(),
        );
    }
    if sub == "repl" {
        if r.json {
            return Err("unknown option \"--json\" for 'repl'".to_owned());
        }
        return Ok(Command::Repl(r));
    }
    r.file = file.ok_or(if sub == "resume" {
        "missing STATE"
    } else {
        "missing FILE"
    })?;
    Ok(if sub == "resume" {
        Command::Resume(r)
    } else if run {
        Command::Run(r)
    } else {
        Command::Check(CheckArgs {
            file: r.file,
            json: r.json,
            wasm: r.wasm,
            stubs: r.stubs,
            tools_cmd: r.tools_cmd,
        })
    })
}

/// `stubs --tools-cmd CMD`.
fn parse_stubs(args: impl Iterator<Item = String>) -> Result<Command, String> {
    let mut opts = Options {
        args: args.peekable(),
    };
    let mut tools_cmd = None;
    while let Some(arg) = opts.args.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) => (n.to_owned(), Some(v.to_owned())),
            None => (arg.clone(), None),
        };
        match name.as_str() {
            "--help" => return Ok(Command::Help),
            "--tools-cmd" => tools_cmd = Some(opts.value(&name, inline)?),
            _ => return Err(format!("unexpected argument {arg:?} for 'stubs'")),
        }
    }
    let tools_cmd = tools_cmd.ok_or("'stubs' needs --tools-cmd CMD")?;
    Ok(Command::Stubs(StubsArgs { tools_cmd }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn check_takes_stubs_and_run_does_not() {
        let Command::Check(c) = parse(args("check x.py --stubs tools.pyi --json")).unwrap() else {
            panic!()
        };
        assert_eq!(c.stubs, Some(PathBuf::from("tools.pyi")));
        assert!(c.json);
        assert!(parse(args("run x.py --stubs tools.pyi")).is_err());
        let Command::Run(r) = parse(args("run x.py --check --stubs t.pyi --tools-cmd s")).unwrap()
        else {
            panic!()
        };
        assert!(r.check && r.stubs.is_some() && r.tools_cmd.is_some());
        let Command::Check(c) = parse(args("check x.py --tools-cmd s")).unwrap() else {
            panic!()
        };
        assert_eq!(c.tools_cmd.as_deref(), Some("s"));
        let Command::Stubs(s) = parse(args("stubs --tools-cmd=s")).unwrap() else {
            panic!()
        };
        assert_eq!(s.tools_cmd, "s");
        assert!(parse(args("stubs")).is_err());
        assert!(parse(args("resume x --check")).is_err());
    }

    #[test]
    fn parses_run_options() {
        let Command::Run(r) = parse(args(
            "run x.py --input a=1 --input=b=[1,2.0] --fuel 10 --timeout=0.5 --max-memory 64 --json",
        ))
        .unwrap() else {
            panic!()
        };
        assert_eq!(r.file, "x.py");
        assert_eq!(
            r.inputs,
            vec![
                ("a".into(), Value::Int(1)),
                (
                    "b".into(),
                    Value::List(vec![Value::Int(1), Value::Float(2.0)])
                )
            ]
        );
        assert_eq!(r.fuel, Some(Some(10)));
        assert_eq!(r.timeout, Some(Some(Duration::from_millis(500))));
        assert_eq!(r.max_memory_mib, Some(64));
        assert!(r.json);
        let Command::Run(r) = parse(args("run x.py --fuel none --timeout none")).unwrap() else {
            panic!()
        };
        assert_eq!((r.fuel, r.timeout), (Some(None), Some(None)));
    }

    #[test]
    fn parses_os_options() {
        let Command::Run(r) = parse(args(
            "run --mount ./in:/data --mount=/tmp/a:b:/out:rw --memfs --env A=1 --env=B=x=y x.py --clock",
        ))
        .unwrap() else {
            panic!()
        };
        assert_eq!(r.file, "x.py");
        assert_eq!(
            r.mounts,
            vec![
                MountSpec {
                    host_dir: "./in".into(),
                    sandbox_dir: "/data".into(),
                    writable: false
                },
                MountSpec {
                    host_dir: "/tmp/a:b".into(),
                    sandbox_dir: "/out".into(),
                    writable: true
                },
            ]
        );
        assert_eq!(r.memfs_mib, Some(DEFAULT_MEMFS_MIB));
        assert_eq!(
            r.env,
            vec![("A".into(), "1".into()), ("B".into(), "x=y".into())]
        );
        assert!(r.clock && !r.urandom);
        let Command::Run(r) = parse(args("run x.py --memfs 16 --urandom")).unwrap() else {
            panic!()
        };
        assert_eq!(r.memfs_mib, Some(16));
        assert!(r.urandom);
        let Command::Run(r) = parse(args("run --memfs=2 x.py --mount d:/m:ro")).unwrap() else {
            panic!()
        };
        assert_eq!(r.memfs_mib, Some(2));
        assert!(!r.mounts[0].writable);
        let Command::Resume(r) = parse(args("resume s.state --mount d:/m:rw")).unwrap() else {
            panic!()
        };
        assert!(r.mounts[0].writable);
    }

    #[test]
    fn rejects_bad_usage() {
        for bad in [
            "",
            "frobnicate",
            "run",
            "run a.py b.py",
            "run a.py --fuel",
            "run a.py --fuel x",
            "run a.py --input a",
            "run a.py --input a={",
            "check a.py --fuel 1",
            "run a.py --bogus",
            "run a.py --mount d",
            "run a.py --mount d:rel",
            "run a.py --mount :/m",
            "run a.py --mount d:/m/../x",
            "run a.py --memfs=x",
            "run a.py --env =1",
            "run a.py --env A",
            "check a.py --mount d:/m",
        ] {
            assert!(parse(args(bad)).is_err(), "{bad:?} should be rejected");
        }
    }
}
