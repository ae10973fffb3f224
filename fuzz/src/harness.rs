//! The fuzz harnesses, as plain functions over bytes.
//!
//! Shared by the cargo-fuzz targets (`fuzz/fuzz_targets/*.rs`, under
//! libFuzzer) and by `guest/tests/fuzz_replay.rs`, which replays the
//! committed seeds and regression inputs through the same code in the
//! ordinary test suite (no libFuzzer, no nightly). Each function panics
//! exactly when the guest misbehaves: a panic of the native guest is what
//! would be a trap of `monty.wasm`.
//!
//! The guest VM has no instruction budget (fuel is the wasm host's), so a
//! fuzzed program may loop forever or grow a list without end: under
//! libFuzzer these are bounded by `-timeout` and `-rss_limit_mb` and are not
//! bugs (see README.md, "Fuzzing and stress"). Edited snapshots run under a
//! loop budget ([`LOOP_BUDGET`], `Session::set_loop_budget`), so a test can
//! resume every one of them.

use monty_guest::Session;
use serde_json::{json, Value as J};

/// Longest source accepted: enough for any interesting program, small
/// enough that the parser's work per input stays low.
pub const MAX_SOURCE: usize = 4096;

/// Most external calls answered per execution before giving up on it.
const MAX_CALLS: usize = 64;

/// The external functions every fuzzed program may call (those of
/// `tests/tools.py`, so the `tools__*` seeds reach them).
fn externals() -> J {
    json!([
        {"name": "echo", "params": ["value"]},
        {"name": "add", "params": ["a", "b"]},
        {"name": "fail", "params": ["message", "kind"]},
        {"name": "get_weather", "params": ["city"]},
        {"name": "search", "params": ["query", "limit"]},
        {"name": "fetch_user", "params": ["user_id"]},
        {"name": "big_number", "params": ["digits"]},
        {"name": "special_floats"},
        {"name": "async_fetch", "params": ["key"], "async": true},
        {"name": "async_fail", "params": ["message"], "async": true},
    ])
}

/// Tight guest-side limits: shallow recursion, 1 MiB per allocation.
fn limits() -> J {
    json!({"max_recursion_depth": 50, "max_memory_bytes": 1 << 20})
}

/// A progress message, or `None` when it nests values deeper than
/// `serde_json`'s 128 levels: the host refuses those messages with a clear
/// internal error (a documented limit of the JSON boundary, not a trap), so
/// the execution ends there.
fn progress(text: &str) -> Option<J> {
    match serde_json::from_str(text) {
        Ok(j) => Some(j),
        Err(e) if e.to_string().starts_with("recursion limit exceeded") => None,
        Err(e) => panic!("progress is not JSON ({e}): {text}"),
    }
}

/// The host's answer to one call: an error for `fail`/`async_fail`, the
/// first argument back (or a small dict) otherwise.
fn answer(call: &J) -> J {
    let name = call["name"].as_str().unwrap_or("");
    if name.contains("fail") {
        return json!({"error": {"type": "ValueError", "message": "tool failed"}});
    }
    match call["args"].get(0) {
        Some(v) => json!({"value": v}),
        None => json!({"value": {"key": "k", "size": 3, "wind": [1, 2]}}),
    }
}

/// The reply to a pause: `call` answered by [`answer`], `wait` with every
/// pending call answered; `None` for any other progress.
fn reply_to(p: &J) -> Option<J> {
    let with_id = |call: &J| {
        let mut reply = answer(call);
        reply["id"] = call["id"].clone();
        reply
    };
    match p["status"].as_str() {
        Some("call") => Some(with_id(p)),
        Some("wait") => {
            let calls = p["calls"].as_array().expect("wait has calls");
            Some(json!({ "results": calls.iter().map(with_id).collect::<Vec<J>>() }))
        }
        _ => None,
    }
}

/// Arbitrary source: `check`, then `start` under tight limits, answering
/// every external call. Each pause is also snapshotted and restored into a
/// fresh session, which must announce the same call again.
pub fn source(data: &[u8]) {
    let Ok(code) = std::str::from_utf8(data) else {
        return;
    };
    if code.len() > MAX_SOURCE {
        return;
    }
    let request = json!({"code": code, "externals": externals(), "limits": limits()}).to_string();

    let report = progress(&monty_guest::check(&request)).expect("a flat report");
    assert!(report["ok"].is_boolean(), "check report: {report}");

    let mut session = Session::default();
    let mut text = session.start(&request);
    for _ in 0..MAX_CALLS {
        let Some(p) = progress(&text) else { return };
        if matches!(p["status"].as_str(), Some("complete" | "error")) {
            return;
        }
        let reply = reply_to(&p)
            .unwrap_or_else(|| panic!("unexpected progress for a well-formed request: {p}"));
        // The pause survives a snapshot round trip.
        let state = session.snapshot();
        assert!(!state.is_empty(), "a paused session has a snapshot");
        let mut fresh = Session::default();
        let again = progress(&fresh.restore(&state)).expect("as deep as before");
        assert_eq!(again, p, "restore announces the pause it was taken at");
        session = fresh;
        text = session.resume(&reply.to_string());
    }
}

/// Arbitrary bytes through `restore`, twice: as they are (almost always
/// refused by the header checks), and as the payload of a snapshot with a
/// valid header and checksum, so the decoder itself sees them. Must return
/// a progress message (normally `invalid`), never panic.
pub fn restore(data: &[u8]) {
    restore_once(data);
    restore_once(&with_header(data));
}

/// `restore` of `state` into a fresh session: a progress message (or one
/// too deep for the JSON boundary), never a panic.
pub fn restore_once(state: &[u8]) {
    let mut session = Session::default();
    let _ = progress(&session.restore(state));
}

/// The snapshot header and trailer (see `snapshot/src/lib.rs`)
/// around `payload` (an encoded `Vm`): the current format version, this
/// build's native table fingerprint and a matching checksum.
pub fn with_header(payload: &[u8]) -> Vec<u8> {
    let mut payload = payload.to_vec();
    payload.extend_from_slice(
        &monty_guest::modules::registry::native_table_fingerprint().to_le_bytes(),
    );
    let payload = &payload[..];
    let h = monty_guest::boundary::snapshot::checksum(payload);
    let mut out = Vec::with_capacity(28 + payload.len());
    out.extend_from_slice(b"MONTYSNP");
    out.extend_from_slice(&monty_guest::boundary::snapshot::FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    out.extend_from_slice(&h.to_le_bytes());
    out.extend_from_slice(payload);
    out
}

/// A real paused execution: a program with functions, a class, containers
/// and a pending external call with arguments.
pub const PAUSED_PROGRAM: &str = "\
class P:
    def __init__(self, n):
        self.n = n
def f(x, *rest):
    d = {'a': [x, 2.5, None], 'b': (b'xy', 'z' * 3)}
    return echo([d, P(x).n, set([1, 2])])
r = f(7, 8)
print(r)
r[0]['a'][0] + 1
";

/// The payload (no header) of a snapshot of [`PAUSED_PROGRAM`].
pub fn paused_payload() -> Vec<u8> {
    let request = json!({"code": PAUSED_PROGRAM, "externals": externals(), "limits": limits()});
    let mut session = Session::default();
    let p = progress(&session.start(&request.to_string())).expect("flat");
    assert_eq!(p["status"], "call", "{p}");
    let state = session.snapshot();
    // (without the header, and without the fingerprint that ends it)
    state[28..state.len() - 8].to_vec()
}

/// A real snapshot's payload with bytes changed: `data` is a list of
/// (2-byte little-endian offset, new byte) edits. The edited payload gets
/// a valid header; if it restores, the execution is resumed and run on.
pub fn snapshot_edits(payload: &[u8], data: &[u8]) -> Vec<u8> {
    let mut bytes = payload.to_vec();
    for edit in data.chunks_exact(3) {
        let at = u16::from_le_bytes([edit[0], edit[1]]) as usize;
        if !bytes.is_empty() {
            let n = bytes.len();
            bytes[at % n] = edit[2];
        }
    }
    bytes
}

/// Loop iterations an edited snapshot may run once restored: an edit can
/// turn the program into an endless loop, which this bound (rather than a
/// libFuzzer timeout) ends with a `RuntimeError`.
pub const LOOP_BUDGET: u64 = 10_000;

/// Restores an edited snapshot of [`PAUSED_PROGRAM`] and, if it restores,
/// answers its call and runs it (answering at most a few more calls).
pub fn snapshot(payload: &[u8], data: &[u8]) {
    restore_and_run(&with_header(&snapshot_edits(payload, data)));
}

/// Restores `state` into a fresh session bounded by [`LOOP_BUDGET`] and,
/// if it restores, answers its calls and runs it on (at most a few more
/// calls). Returns whether it restored (and so was resumed).
pub fn restore_and_run(state: &[u8]) -> bool {
    let mut session = Session::default();
    session.set_loop_budget(LOOP_BUDGET);
    let Some(mut p) = progress(&session.restore(state)) else {
        return false;
    };
    if p["status"] == "invalid" {
        return false;
    }
    for _ in 0..4 {
        let Some(reply) = reply_to(&p) else { break };
        let Some(next) = progress(&session.resume(&reply.to_string())) else {
            break;
        };
        p = next;
    }
    true
}

/// The payloads (no header) of the snapshots at each pause of `code` run
/// as [`source`] runs it (answering every call), for edits of other
/// paused states than [`PAUSED_PROGRAM`]'s: generators, tasks, waits.
pub fn pause_payloads(code: &str) -> Vec<Vec<u8>> {
    let request = json!({"code": code, "externals": externals(), "limits": limits()}).to_string();
    let mut session = Session::default();
    let mut text = session.start(&request);
    let mut payloads = Vec::new();
    for _ in 0..MAX_CALLS {
        let Some(p) = progress(&text) else { break };
        let Some(reply) = reply_to(&p) else { break };
        let state = session.snapshot();
        payloads.push(state[28..state.len() - 8].to_vec());
        text = session.resume(&reply.to_string());
    }
    payloads
}
