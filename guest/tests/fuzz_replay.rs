//! The fuzz harnesses of `fuzz/` (cargo-fuzz, nightly, not in CI) run here
//! over fixed inputs, in the ordinary test suite: every input a fuzz run
//! found a bug with (`fuzz/regressions/<target>/`), the pausing `tools__*`
//! cases, the golden snapshots, and every one-byte edit of a real
//! snapshot's payload through `restore` and, when it restores, `resume`.
//! A panic here is what would be a trap of `monty.wasm`.
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

/// The `restore` target's findings: any saved in `fuzz/regressions/restore/`
/// and the forged snapshots (their payloads, as the target takes them).
#[test]
fn restore_regressions() {
    replay("restore", harness::restore);
    for (what, forged) in forged_snapshots() {
        // (without the header and the fingerprint that ends the payload)
        let payload = &forged[28..forged.len() - 8];
        on_small_stack(Path::new(what), || harness::restore(payload));
    }
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

/// The golden snapshot of the current format version passes the
/// validator (bytecode verifier and frame checks included): it restores
/// at its pending call.
#[test]
fn current_golden_snapshot_passes_the_validator() {
    let version = monty_guest::boundary::snapshot::FORMAT_VERSION;
    let path = root().join(format!("tests/snapshots/golden_v{version}.state"));
    let data = std::fs::read(&path).unwrap();
    let mut session = monty_guest::Session::default();
    let p: serde_json::Value = serde_json::from_str(&session.restore(&data)).unwrap();
    assert_eq!(p["status"], "call", "{}: {p}", path.display());
}

/// Restores (and, when that works, resumes and runs) each edited payload
/// of `inputs` (3-byte edit records of `payload`, the `snapshot` target's
/// input format) with panics caught: (refused, resumed, the inputs that
/// panicked as hex records, with the panic message).
fn restore_and_run_edits(
    payload: &[u8],
    inputs: impl Iterator<Item = Vec<u8>>,
) -> (usize, usize, Vec<String>) {
    let (mut refused, mut resumed) = (0, 0);
    let mut panicked = Vec::new();
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    for data in inputs {
        let state = harness::with_header(&harness::snapshot_edits(payload, &data));
        match std::panic::catch_unwind(|| harness::restore_and_run(&state)) {
            Ok(true) => resumed += 1,
            Ok(false) => refused += 1,
            Err(e) => {
                let msg = e
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                panicked.push(format!("{data:02x?}: {msg}"));
            }
        }
    }
    std::panic::set_hook(hook);
    (refused, resumed, panicked)
}

/// Every single-byte change (to 0x00, 0xff and the byte + 1) of `payload`,
/// as edit records.
fn one_byte_edits(payload: &[u8]) -> impl Iterator<Item = Vec<u8>> + '_ {
    (0..payload.len()).flat_map(move |at| {
        let mut values = vec![0x00, 0xff, payload[at].wrapping_add(1)];
        values.sort_unstable();
        values.dedup();
        values.retain(|&v| v != payload[at]);
        let offset = (at as u16).to_le_bytes();
        values
            .into_iter()
            .map(move |v| vec![offset[0], offset[1], v])
    })
}

/// Every single-byte change of a real snapshot's payload, behind a valid
/// header, is refused, or restores and then resumes and runs on (answering
/// its calls, under the harness's loop budget, since an edited program may
/// loop forever): never a panic. Two snapshots: the harness's paused
/// program (a pending call in a function called from the module) and the
/// golden one of the current format version (paused in a generator run by
/// a `for` loop).
#[test]
fn every_one_byte_edit_of_a_snapshot_is_refused_or_resumes() {
    let paused = harness::paused_payload();
    let version = monty_guest::boundary::snapshot::FORMAT_VERSION;
    let golden =
        std::fs::read(root().join(format!("tests/snapshots/golden_v{version}.state"))).unwrap();
    // (the payload without the header and the fingerprint that ends it)
    let golden = golden[28..golden.len() - 8].to_vec();
    let what = Path::new("<one-byte edits of snapshot payloads>");
    on_small_stack(what, || {
        for (name, payload) in [("paused", &paused), ("golden", &golden)] {
            assert!(payload.len() < 1 << 16, "offsets are 2 bytes");
            let (refused, resumed, panicked) =
                restore_and_run_edits(payload, one_byte_edits(payload));
            println!(
                "{name}: {} one-byte edits of a {}-byte payload: {refused} refused, {resumed} restored and resumed, {} panicked",
                refused + resumed + panicked.len(),
                payload.len(),
                panicked.len()
            );
            assert!(
                panicked.is_empty(),
                "{name}: edits that panicked:\n{}",
                panicked.join("\n")
            );
            assert!(resumed > 0 && refused > 0);
        }
    });
}

/// Random combinations of one to three byte edits of the paused payload
/// (a fixed seed, so the same inputs every run), as the `snapshot` fuzz
/// target makes them: refused or resumed, never a panic. A panicking input
/// is printed as its edit records, ready for `fuzz/regressions/snapshot/`.
#[test]
fn random_multi_byte_edits_of_a_snapshot_are_refused_or_resume() {
    let payload = harness::paused_payload();
    let what = Path::new("<random edits of the paused payload>");
    on_small_stack(what, || {
        let inputs = random_edits(&payload, 0x9e37_79b9_7f4a_7c15, 10_000);
        let (refused, resumed, panicked) = restore_and_run_edits(&payload, inputs.into_iter());
        println!(
            "random edits: {refused} refused, {resumed} restored and resumed, {} panicked",
            panicked.len()
        );
        assert!(
            panicked.is_empty(),
            "inputs that panicked:\n{}",
            panicked.join("\n")
        );
    });
}

/// Snapshots forged from a real one with what the `restore` target found
/// (heap references to missing or freed objects, a native function of no
/// module, a module entry that is not a module): decoded, edited and
/// encoded again, so they follow every format version (the first ones,
/// byte files for format 6, stopped decoding when the format changed).
fn forged_snapshots() -> Vec<(&'static str, Vec<u8>)> {
    use monty_guest::boundary::snapshot;
    use monty_guest::object::{NativeId, ObjId, Value};
    let real = harness::with_header(&harness::paused_payload());
    type Forge = fn(&mut monty_guest::vm::Vm);
    let forgeries: [(&str, Forge); 4] = [
        ("a reference past the heap", |vm| {
            vm.result = Value::Ref(ObjId(u32::MAX - 7))
        }),
        ("a reference to a freed object", |vm| {
            let garbage = vm.new_list(vec![Value::Int(1)]);
            vm.gc();
            vm.result = garbage;
        }),
        ("a native function of no module", |vm| {
            vm.result = Value::Native(NativeId {
                module: u16::MAX,
                func: 0,
            })
        }),
        ("a module that is not a module", |vm| {
            let not_a_module = vm.new_list(Vec::new());
            vm.modules.push(("json".into(), not_a_module));
        }),
    ];
    forgeries
        .into_iter()
        .map(|(what, forge)| {
            let mut vm = snapshot::load(&real).expect("the real snapshot loads");
            forge(&mut vm);
            (what, snapshot::save(&vm).expect("encodes"))
        })
        .collect()
}

/// The forged snapshots are refused by the snapshot validator with a
/// message saying so.
#[test]
fn forged_payloads_are_refused_as_inconsistent() {
    for (what, forged) in forged_snapshots() {
        let mut session = monty_guest::Session::default();
        let p: serde_json::Value = serde_json::from_str(&session.restore(&forged)).unwrap();
        assert_eq!(p["status"], "invalid", "{what}: {p}");
        let message = p["message"].as_str().unwrap();
        assert!(
            message.starts_with("inconsistent snapshot: "),
            "{what}: {message}"
        );
    }
}

/// The edits that used to restore and then underflow the operand stack
/// when resumed (an edited op or frame position) are refused by the
/// bytecode verifier and the frame checks of the snapshot validator.
#[test]
fn stack_underflow_edits_are_refused_as_inconsistent() {
    let payload = harness::paused_payload();
    let inputs: Vec<_> = files(&root().join("fuzz/regressions/snapshot"))
        .into_iter()
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.starts_with("stack-underflow-")
        })
        .collect();
    assert!(!inputs.is_empty());
    for path in inputs {
        let data = std::fs::read(&path).unwrap();
        let state = harness::with_header(&harness::snapshot_edits(&payload, &data));
        let mut session = monty_guest::Session::default();
        let p: serde_json::Value = serde_json::from_str(&session.restore(&state)).unwrap();
        let message = p["message"].as_str().unwrap_or_default();
        println!("{}: {message}", path.display());
        assert!(
            message.starts_with("inconsistent snapshot: "),
            "{}: {p}",
            path.display()
        );
    }
}

/// Random byte edits of `payload`, as the `snapshot` fuzz target makes them: `count` inputs of one
/// to three edit records, from `seed`.
fn random_edits(payload: &[u8], seed: u64, count: usize) -> Vec<Vec<u8>> {
    let mut state = seed | 1;
    let mut next = move || {
        // xorshift64
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..count)
        .map(|_| {
            let edits = 1 + next() % 3;
            let mut data = Vec::new();
            for _ in 0..edits {
                let at = (next() % payload.len() as u64) as usize;
                let value = match next() % 4 {
                    0 => 0,
                    1 => 0xff,
                    2 => payload[at].wrapping_add(1),
                    _ => next() as u8,
                };
                data.extend_from_slice(&(at as u16).to_le_bytes());
                data.push(value);
            }
            data
        })
        .collect()
}

/// Random edits of the snapshots of the first pauses of every `tools__*`
/// case (generators, `finally` blocks, tasks blocked at a `wait`, ...):
/// refused or resumed, never a panic.
/// Slow (over 15 minutes on the 2-core machine: some edited programs run
/// long native loops, which the loop budget does not count), so not in the
/// suite: `cargo test --release -p monty-guest --test fuzz_replay --
/// --ignored random_edits_of_tool_case_pauses`.
#[test]
#[ignore = "slow: minutes (see its doc comment)"]
fn random_edits_of_tool_case_pauses_are_refused_or_resume() {
    let what = Path::new("<random edits of tools__* pauses>");
    on_small_stack(what, || {
        let (mut refused, mut resumed, mut panicked) = (0, 0, Vec::new());
        for path in files(&root().join("tests/cases")) {
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            if !(name.starts_with("tools__") && name.ends_with(".py")) {
                continue;
            }
            let code = std::fs::read_to_string(&path).unwrap();
            for (i, payload) in harness::pause_payloads(&code).iter().enumerate().take(3) {
                if payload.len() >= 1 << 16 {
                    continue;
                }
                let inputs = random_edits(payload, 0x9e37_79b9 + i as u64, 500);
                let (r, s, p) = restore_and_run_edits(payload, inputs.into_iter());
                refused += r;
                resumed += s;
                panicked.extend(p.into_iter().map(|p| format!("{name} pause {i}: {p}")));
            }
        }
        println!(
            "tools__* pauses: {refused} refused, {resumed} restored and resumed, {} panicked",
            panicked.len()
        );
        assert!(panicked.is_empty(), "panicked:\n{}", panicked.join("\n"));
        assert!(resumed > 0 && refused > 0);
    });
}
