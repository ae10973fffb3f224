//! The short fuzz run of CI: for a fixed time (`FUZZ_SECONDS`, default 20),
//! mutated programs run through `monty.wasm` in the real host under tight
//! limits, and mutated snapshots are restored. Every outcome must be a
//! Python exception, a limit, or a result; a guest trap (a panic of the
//! interpreter) or any other internal error fails the test, and the input
//! is written to `target/fuzz-short-failures/` to replay.
//!
//! The long runs use cargo-fuzz on the native guest (`fuzz/`, nightly, see
//! README.md "Fuzzing and stress"); this one needs only stable Rust and
//! exercises the same code the way production does (fuel, epoch and memory
//! limits included). The generator is a seeded PRNG: the seed is printed,
//! and `FUZZ_SEED=N` replays a run (its inputs, not its timing).
//!
//! Mutations of the own test programs (`tests/cases/*.py`): byte
//! replacements, deletions, duplicated lines, Python tokens inserted, and
//! lines spliced from another program. Snapshots: a program paused at a
//! host call is snapshotted; its guest bytes get one to four byte edits
//! (with the guest checksum fixed up so the decoder sees them), are sealed
//! with the engine key and restored. Only the restore is checked: resuming
//! a forged state is outside what the guest validates (README.md).

mod common;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use common::engine;
use monty_host::{
    CaptureSink, Error, ExternalError, Functions, Limits, Progress, StartRequest, Value,
};

/// SplitMix64: small, seedable, good enough to pick mutations.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const TOKENS: &[&str] = &[
    "def ",
    "class ",
    "lambda x: ",
    "yield ",
    "await ",
    "async ",
    "for x in ",
    "while ",
    "if ",
    "else:",
    "try:",
    "except Exception:",
    "finally:",
    "with ",
    "return ",
    "raise ",
    "import ",
    "from ",
    "*",
    "**",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "\n    ",
    "not ",
    " is ",
    "None",
    "True",
    "1e308",
    "-1",
    "2**64",
    "'x' * ",
    "[0] * ",
    "nonlocal ",
    "global ",
    "del ",
    "match x:\n",
    "case ",
    "f'{",
    "}'",
    "\\",
    "...",
    ":=",
    "@",
    "%",
    "//",
    "<<",
    "0x",
    "b'",
    "1j",
    "'''",
    "\n",
    "#",
    ",",
    ".",
    "=",
];

const BYTES: &[u8] = b"()[]{}:,.=+-*/%<>!'\"\n \t#\\0123456789abcxyz_";

fn mutate(rng: &mut Rng, seed: &[u8], other: &[u8]) -> Vec<u8> {
    let mut s = seed.to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(s.len() + 1);
        match rng.below(5) {
            0 if !s.is_empty() => {
                let at = at.min(s.len() - 1);
                s[at] = BYTES[rng.below(BYTES.len())];
            }
            1 if !s.is_empty() => {
                let end = (at + 1 + rng.below(16)).min(s.len());
                s.drain(at.min(end)..end);
            }
            2 => {
                let line = line_at(&s, at).to_vec();
                s.splice(at..at, line);
            }
            3 => {
                let t = TOKENS[rng.below(TOKENS.len())].as_bytes();
                s.splice(at..at, t.iter().copied());
            }
            _ => {
                let line = line_at(other, rng.below(other.len() + 1)).to_vec();
                let at = s[..at]
                    .iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(0, |i| i + 1);
                s.splice(at..at, line);
            }
        }
    }
    s
}

/// The line (with its newline) around byte `at` of `s`.
fn line_at(s: &[u8], at: usize) -> &[u8] {
    let at = at.min(s.len());
    let start = s[..at]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let end = s[at..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(s.len(), |i| at + i + 1);
    &s[start..end]
}

/// The host functions of `tests/tools.py`, answered simply (sync only).
fn functions() -> Functions {
    let mut f = Functions::new();
    for (name, params) in [
        ("echo", &["value"][..]),
        ("add", &["a", "b"]),
        ("get_weather", &["city"]),
        ("search", &["query", "limit"]),
        ("fetch_user", &["user_id"]),
        ("big_number", &["digits"]),
    ] {
        f.register(name, params, |call| {
            Ok(call.args.first().cloned().unwrap_or(Value::None))
        });
    }
    f.register("fail", &["message", "kind"], |_| {
        Err(ExternalError::new("ValueError", "tool failed"))
    });
    f
}

fn limits() -> Limits {
    Limits::default()
        .with_fuel(Some(50_000_000))
        .with_timeout(Some(Duration::from_secs(2)))
        .with_max_memory_bytes(64 << 20)
        .with_max_output_bytes(1 << 16)
}

/// Is this outcome a sandbox failure (not a Python error, limit or result)?
fn failure<T>(r: &Result<T, Error>) -> Option<String> {
    match r {
        Err(Error::Internal(m)) => Some(m.clone()),
        _ => None,
    }
}

fn seeds() -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/cases");
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .expect("tests/cases")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "py"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&p).unwrap())
        })
        .collect();
    out.sort();
    out
}

fn save_failure(kind: &str, n: usize, data: &[u8]) -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/fuzz-short-failures");
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join(format!("{kind}-{n}"));
    let _ = std::fs::write(&path, data);
    path
}

/// Sealed snapshot layout: `MONTYSIG`, version, 32-byte tag, guest bytes;
/// the guest's own header is 28 bytes (checksum at 20..28).
const SEAL_HEADER: usize = 8 + 1 + 32;
const GUEST_HEADER: usize = 28;

/// Snapshots of the seeds that pause at a host call (guest bytes).
fn paused_snapshots(seeds: &[(String, Vec<u8>)]) -> Vec<Vec<u8>> {
    let functions = functions();
    let mut out = Vec::new();
    for (name, code) in seeds.iter().filter(|(n, _)| n.starts_with("tools__")) {
        let code = String::from_utf8_lossy(code);
        let mut request = StartRequest::new(code.as_ref()).limits(limits());
        for f in functions.externals() {
            request = request.external(f);
        }
        if let Ok(Progress::Call(_, mut execution)) = engine().start(request, CaptureSink::new()) {
            let sealed = execution
                .snapshot()
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            out.push(sealed[SEAL_HEADER..].to_vec());
        }
    }
    out
}

#[test]
fn short_fuzz_run() {
    let seconds: u64 = std::env::var("FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    let seed: u64 = std::env::var("FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        });
    eprintln!("short fuzz run: FUZZ_SEED={seed} FUZZ_SECONDS={seconds}");
    let mut rng = Rng(seed);
    let seeds = seeds();
    let snapshots = paused_snapshots(&seeds);
    assert!(!seeds.is_empty() && !snapshots.is_empty());
    let functions = functions();
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let (mut programs, mut restores, mut failures) = (0usize, 0usize, Vec::new());
    while Instant::now() < deadline {
        if rng.below(4) > 0 {
            let (_, a) = &seeds[rng.below(seeds.len())];
            let (_, b) = &seeds[rng.below(seeds.len())];
            let data = mutate(&mut rng, a, b);
            let code = String::from_utf8_lossy(&data);
            let request = StartRequest::new(code.as_ref()).limits(limits());
            let r = engine().run_request(request, &functions);
            if let Some(m) = failure(&r) {
                failures.push(format!(
                    "{}: {m}",
                    save_failure("program", programs, &data).display()
                ));
            }
            programs += 1;
        } else {
            let mut guest = snapshots[rng.below(snapshots.len())].clone();
            for _ in 0..1 + rng.below(4) {
                let at = GUEST_HEADER + rng.below(guest.len() - GUEST_HEADER);
                guest[at] = match rng.below(3) {
                    0 => 0,
                    1 => 0xff,
                    _ => rng.next() as u8,
                };
            }
            let sum = monty_wire::payload_checksum(&guest[GUEST_HEADER..]);
            guest[20..28].copy_from_slice(&sum.to_le_bytes());
            let sealed = engine().seal_guest_snapshot(&guest);
            let r = engine().restore(&sealed, Some(limits()), CaptureSink::new());
            // refusing the bytes is right; trapping on them is not
            let refused = |m: &String| m.contains("snapshot") && !m.contains("trapped");
            if let Some(m) = failure(&r).filter(|m| !refused(m)) {
                failures.push(format!(
                    "{}: {m}",
                    save_failure("snapshot", restores, &guest).display()
                ));
            }
            restores += 1;
        }
    }
    eprintln!(
        "short fuzz run: {programs} programs, {restores} snapshot restores, {} failures",
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "sandbox failures (FUZZ_SEED={seed}):\n{}",
        failures.join("\n")
    );
}
