//! The golden snapshots: `tests/snapshots/golden_v<N>.state`, one per
//! snapshot format version, each written once by `monty run golden.py
//! --save-at-call 2` (the guest's bytes, without the host's seal) and never
//! regenerated. The current build must continue the one of its version to
//! exactly the recorded output and refuse the older ones with the version
//! error. v2 was written in session 1; v3 when dict iterators gained a
//! field (format 3); v4 when snapshots gained the native table fingerprint
//! and the guest's limits the host's memory cap (format 4); v5 when frames
//! gained journals for pauses inside native code (format 5: `golden.py`
//! then moved its 2nd call into a `sorted` key, so v5 holds a journal and
//! an orphan frame); v6 when classes gained their metaclass (`Class::meta`,
//! a class body's `metaclass=`, the op `BuildClassMeta`), together with
//! exception groups (`Exception::exceptions`, the `except*` ops), boxed
//! function attributes, task groups, timeouts and conditions in the
//! scheduler (format 6); v7 when pending calls gained their kind (os
//! calls, `PendingCall::os`), objects gained files, `os.environ`, type
//! variables and aliases, and programs code compiled at run time by
//! `eval`/`exec` (format 7); v8 when the guest gained its own budget
//! (instructions and running time, carried across pauses: format 8); v9
//! when files gained the absolute path they were opened at (`os.chdir`)
//! and the buffer a `TextIOWrapper` writes to (format 9); v10 when programs
//! gained a session's cells (`Program::cells`) and the VM its session flag
//! (format 10); v11 when an instance's attributes became (name, value)
//! pairs instead of a dict (`object/attrs.rs`, format 11); v12 when programs
//! gained fused loads (`Op::LoadFastConst`, `Op::LoadFastFast`:
//! `compile/src/fuse.rs`, format 12); v13 when programs gained `Op::AddTemp`
//! (the `+` whose str result the next `+` frees: `vm/src/vm/temps.rs`;
//! `golden.py`'s loop then printed such a chain, format 13); v14 when the
//! library's data (its objects, iterators and `random` state) became byte
//! strings the library encodes, so the core is not generic over it
//! (`vm/src/vm/library_data.rs`; `golden.py` then gained a deque, an
//! `itertools.count` and a seeded `random`, format 14); v15 when programs
//! gained the method lookup before its arguments (`Op::LoadMethod`,
//! `Op::CallLoaded`) and `super().name` fused (`Op::LoadSuperMethod`;
//! `golden.py` then paused inside a `list.extend(...)`'s argument and
//! gained a `super().add(...)`, format 15).
//!
//! The one exception to "never regenerated": a snapshot records the
//! fingerprint of the native tables, and a build whose tables differ
//! refuses it by design, so the golden of the *current* version is
//! rewritten (same command, the 41-byte host seal stripped) when the tables
//! change: v4 was rewritten when the natives became declared tables.
//! Goldens of older versions never are.

use std::path::PathBuf;
use std::process::{Command, Stdio};

fn snapshots_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/snapshots")
}

/// The format version this build writes (from the guest's source).
fn current_format_version() -> u32 {
    let src = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../snapshot/src/lib.rs"),
    )
    .expect("snapshot/src/lib.rs");
    let line = src
        .lines()
        .find(|l| l.starts_with("pub const FORMAT_VERSION: u32 ="))
        .expect("FORMAT_VERSION constant");
    line.trim_end_matches(';')
        .rsplit(' ')
        .next()
        .unwrap()
        .parse()
        .expect("a number")
}

#[test]
fn golden_snapshots_still_load_or_are_refused_by_version() {
    let dir = snapshots_dir();
    let mut goldens: Vec<String> = std::fs::read_dir(&dir)
        .expect("snapshots dir")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.starts_with("golden_v") && n.ends_with(".state"))
        .collect();
    goldens.sort();
    assert!(goldens.len() >= 2, "golden_v2 and golden_v3 are committed");
    let mut current_loaded = false;
    for name in &goldens {
        let state = std::fs::read(dir.join(name)).expect("golden snapshot");
        assert_eq!(
            &state[..8],
            b"MONTYSNP",
            "{name} starts with the magic header"
        );
        let file_version = u32::from_le_bytes(state[8..12].try_into().unwrap());
        let out = Command::new(env!("CARGO_BIN_EXE_monty"))
            .args([
                "resume",
                name,
                // raw guest bytes, as written before snapshots were sealed
                "--trust-unsealed",
                "--tools-cmd",
                "python3 ../tools.py",
            ])
            .current_dir(&dir)
            .stdin(Stdio::null())
            .output()
            .expect("monty runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        if file_version == current_format_version() {
            let expected_name = name.replace(".state", ".resumed.out");
            let expected =
                std::fs::read_to_string(dir.join(&expected_name)).expect("expected output");
            assert_eq!(
                out.status.code(),
                Some(0),
                "{name}: resume failed: {stderr}"
            );
            assert_eq!(stdout, expected, "{name} continues to its recorded output");
            current_loaded = true;
        } else {
            assert_eq!(out.status.code(), Some(4), "{name}: {stderr}");
            assert!(
                stderr.contains("format version"),
                "{name}: refused with the version error: {stderr}"
            );
        }
    }
    assert!(
        current_loaded,
        "a golden file of the current format version must exist (add one beside the others)"
    );
}

#[test]
fn damaged_snapshots_are_refused_clearly() {
    let dir = snapshots_dir();
    let state = std::fs::read(dir.join("golden_v2.state")).expect("golden snapshot");
    let tmp = std::env::temp_dir().join(format!("monty-damaged-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let mut corrupted = state.clone();
    let last = corrupted.len() - 1;
    corrupted[last] ^= 0xff;
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "foreign",
            b"hello, world, not a snapshot".to_vec(),
            "bad magic",
        ),
        ("truncated", state[..state.len() / 2].to_vec(), "truncated"),
        ("corrupted", corrupted, "checksum"),
        ("empty", Vec::new(), "bad magic"),
    ];
    for (name, bytes, needle) in cases {
        let path = tmp.join(name);
        std::fs::write(&path, bytes).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_monty"))
            .args(["resume", path.to_str().unwrap(), "--trust-unsealed"])
            .stdin(Stdio::null())
            .output()
            .expect("monty runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(4), "{name}: {stderr}");
        assert!(
            stderr.contains(needle),
            "{name}: expected {needle:?} in {stderr:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&tmp);
}

/// A sealed snapshot (from `--save-at-call`) with any byte changed is
/// refused before the guest decodes it; an unsealed one needs
/// `--trust-unsealed`.
#[test]
fn altered_sealed_snapshots_are_refused() {
    let dir = snapshots_dir();
    let tmp = std::env::temp_dir().join(format!("monty-sealed-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let state = tmp.join("state");
    let out = Command::new(env!("CARGO_BIN_EXE_monty"))
        .args([
            "run",
            "golden.py",
            "--tools-cmd",
            "python3 ../tools.py",
            "--save-at-call",
            "2",
        ])
        .arg(&state)
        .current_dir(&dir)
        .stdin(Stdio::null())
        .output()
        .expect("monty runs");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let sealed = std::fs::read(&state).expect("state written");
    assert_eq!(&sealed[..8], b"MONTYSIG");
    let resume = |bytes: &[u8], extra: &[&str]| {
        let path = tmp.join("altered");
        std::fs::write(&path, bytes).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_monty"))
            .arg("resume")
            .arg(&path)
            .args(extra)
            .args(["--tools-cmd", "python3 ../tools.py"])
            .current_dir(&dir)
            .stdin(Stdio::null())
            .output()
            .expect("monty runs");
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    assert_eq!(
        resume(&sealed, &[]).0,
        Some(0),
        "the sealed snapshot resumes"
    );
    for i in [0, 8, 9, 40, 41, sealed.len() / 2, sealed.len() - 1] {
        let mut altered = sealed.clone();
        altered[i] ^= 0x10;
        let (code, stderr) = resume(&altered, &[]);
        assert_eq!(code, Some(4), "byte {i}: {stderr}");
        assert!(
            stderr.contains("seal") || stderr.contains("MONTYSIG"),
            "byte {i}: {stderr}"
        );
    }
    let (code, stderr) = resume(&sealed[41..], &[]);
    assert_eq!(
        code,
        Some(4),
        "unsealed bytes need --trust-unsealed: {stderr}"
    );
    let _ = std::fs::remove_dir_all(&tmp);
}
