//! The fuzz harnesses of `fuzz/` (cargo-fuzz, nightly, not in CI) run here
//! over fixed inputs, in the ordinary test suite: every input a fuzz run
//! found a bug with (`fuzz/regressions/<target>/`), the pausing `tools__*`
//! cases, the golden snapshots, and every one-byte edit of a real
//! snapshot's payload through `restore`. A panic here is what would be a
//! trap of `monty.wasm`.
//!
//! A finding not fixed yet sits in `fuzz/regressions/open/<target>/`,
//! replayed by the ignored `open_findings` test (`cargo test --release -p
//! monty-guest --test fuzz_replay -- --ignored`); once fixed, its file moves
//! to `fuzz/regressions/<target>/` and runs with the suite.

#[path = "../../fuzz/src/harness.rs"]
mod harness;

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The files of `dir`, sorted; none if it does not exist.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    out.retain(|p| p.is_file() && p.file_name().is_none_or(|n| n != ".gitkeep"));
    out.sort();
    out
}

/// Runs `f` on every file of `fuzz/regressions/<target>/` on a thread
/// with a small stack (as the fuzz targets do), naming the file that fails.
fn replay(target: &str, f: impl Fn(&[u8]) + Sync) {
    replay_dir(&root().join("fuzz/regressions").join(target), f);
}

fn replay_dir(dir: &Path, f: impl Fn(&[u8]) + Sync) {
    for path in files(dir) {
        let data = std::fs::read(&path).unwrap();
        on_small_stack(&path, || f(&data));
    }
}

fn on_small_stack(what: &Path, f: impl FnOnce() + Send) {
    let ok = std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(1 << 20)
            .spawn_scoped(s, f)
            .expect("spawn")
            .join()
            .is_ok()
    });
    assert!(ok, "fuzz input {} panicked", what.display());
}

#[test]
fn source_regressions() {
    replay("source", harness::source);
}

#[test]
fn restore_regressions() {
    replay("restore", harness::restore);
}

#[test]
fn snapshot_regressions() {
    let payload = harness::paused_payload();
    replay("snapshot", |data| harness::snapshot(&payload, data));
}

#[test]
#[ignore = "open fuzz findings: fuzz/regressions/open/ (see README.md, Fuzzing and stress)"]
fn open_findings() {
    let open = root().join("fuzz/regressions/open");
    replay_dir(&open.join("source"), harness::source);
    replay_dir(&open.join("restore"), harness::restore);
    let payload = harness::paused_payload();
    replay_dir(&open.join("snapshot"), |data| {
        harness::snapshot(&payload, data)
    });
}

/// The cases that pause at external calls: each pause goes through a
/// snapshot and a restore into a fresh session.
#[test]
fn tool_cases_survive_snapshot_at_every_pause() {
    let cases = files(&root().join("tests/cases"));
    let tools: Vec<_> = cases
        .iter()
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.starts_with("tools__") && name.ends_with(".py")
        })
        .collect();
    assert!(!tools.is_empty());
    for path in tools {
        let data = std::fs::read(path).unwrap();
        on_small_stack(path, || harness::source(&data));
    }
}

#[test]
fn golden_snapshots_whole_and_as_payloads() {
    for path in files(&root().join("tests/snapshots")) {
        if path.extension().is_some_and(|e| e == "state") {
            let data = std::fs::read(&path).unwrap();
            on_small_stack(&path, || harness::restore(&data));
            on_small_stack(&path, || harness::restore(&data[28..]));
        }
    }
}

/// Every single-byte change of a real snapshot's payload (to 0x00, 0xff
/// and the byte + 1), behind a valid header, restores or is refused:
/// never a panic. (Restore only: an edited program could loop forever
/// when resumed, which the fuzz target tolerates and a test cannot.)
#[test]
fn every_one_byte_edit_of_a_snapshot_restores_or_is_refused() {
    let payload = harness::paused_payload();
    let what = Path::new("<one-byte edits of the paused payload>");
    on_small_stack(what, || {
        for at in 0..payload.len() {
            for value in [0x00, 0xff, payload[at].wrapping_add(1)] {
                let mut edited = payload.clone();
                edited[at] = value;
                harness::restore_once(&harness::with_header(&edited));
            }
        }
    });
}

/// The inputs the `restore` target found (heap references to missing or
/// freed objects, a native function of no module) decode, and are then
/// refused by the snapshot validator with a message saying so.
#[test]
fn forged_payloads_are_refused_as_inconsistent() {
    let inputs = files(&root().join("fuzz/regressions/restore"));
    assert!(!inputs.is_empty());
    for path in inputs {
        let data = std::fs::read(&path).unwrap();
        let mut session = monty_guest::Session::default();
        let p: serde_json::Value =
            serde_json::from_str(&session.restore(&harness::with_header(&data))).unwrap();
        assert_eq!(p["status"], "invalid", "{}: {p}", path.display());
        let message = p["message"].as_str().unwrap();
        assert!(
            message.starts_with("inconsistent snapshot: "),
            "{}: {message}",
            path.display()
        );
    }
}
