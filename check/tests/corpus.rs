//! The checker's corpus: `tests/check/*.py`, each a code-mode program with
//! one planted mistake, written as an LLM writes them. Its header names the
//! expected diagnostics, one per line:
//!
//! ```text
//! # expect: 3:5 undefined-name name 'pritn' is not defined. Did you mean: 'print'?
//! # stubs: other.pyi        (optional; default tests/check/stubs.pyi)
//! ```
//!
//! A program is detected when every expected diagnostic is reported; any
//! other diagnostic is a false positive. Both are printed (`--nocapture`).
//! The test fails on any false positive, and when the detection rate falls
//! under 90% (the `miss_*` programs are mistakes out of the checker's reach
//! today, kept to make the rate honest).

mod common;

use std::collections::BTreeSet;

#[test]
fn corpus() {
    let env = common::environment();
    let dir = common::tests_dir().join("check");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/check")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "py"))
        .collect();
    files.sort();
    let default_stubs = common::stubs_from(&dir.join("stubs.pyi"));
    let (mut detected, mut total_expected, mut found_expected, mut false_pos) = (0, 0, 0, 0);
    let mut failures = Vec::new();
    let mut misses = Vec::new();
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let source = std::fs::read_to_string(path).unwrap();
        let mut expected = BTreeSet::new();
        let mut stubs_file = None;
        for line in source.lines().take_while(|l| l.starts_with('#')) {
            if let Some(e) = line.strip_prefix("# expect: ") {
                expected.insert(e.trim().to_string());
            } else if let Some(s) = line.strip_prefix("# stubs: ") {
                stubs_file = Some(s.trim().to_string());
            }
        }
        let stubs = match &stubs_file {
            Some(f) => common::stubs_from(&dir.join(f)),
            None => default_stubs.clone(),
        };
        let got: BTreeSet<String> = match common::diagnose(&source, &stubs, &env) {
            Ok(ds) => ds.into_iter().collect(),
            Err(e) => [format!("syntax {e}")].into_iter().collect(),
        };
        total_expected += expected.len();
        let hit = expected.intersection(&got).count();
        found_expected += hit;
        if hit == expected.len() && !expected.is_empty() {
            detected += 1;
        }
        let extra: Vec<&String> = got.difference(&expected).collect();
        false_pos += extra.len();
        let report = format!("{name}:\n  expected: {expected:?}\n  got:      {got:?}");
        if !extra.is_empty() {
            failures.push(report);
        } else if hit != expected.len() {
            misses.push(report);
        }
    }
    for m in &misses {
        println!("missed {m}");
    }
    for f in &failures {
        println!("FALSE POSITIVE {f}");
    }
    println!(
        "check corpus: {} programs, {detected} detected ({:.1}%), {found_expected}/{total_expected} expected diagnostics, {false_pos} unexpected",
        files.len(),
        100.0 * detected as f64 / files.len().max(1) as f64
    );
    assert!(
        files.len() >= 100,
        "the corpus should hold at least 100 programs"
    );
    assert!(
        failures.is_empty(),
        "{} corpus programs differ",
        failures.len()
    );
}
