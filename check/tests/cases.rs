//! Precision: the checker on every program of `tests/cases/` (the
//! sandbox's own tests, correct programs or programs whose errors happen at
//! run time). The `tools__*` and `session__*` cases get the stubs of
//! `tests/tools.py` (`tests/check/tools.pyi`). Any diagnostic here is a
//! false positive,
//! except on the listed cases whose first run-time error the checker
//! foresees (none so far).
//!
//! The peer suite's programs (`monty-1.4.0/test_cases` in the cargo
//! registry, when present) contain deliberate errors: their counts are
//! printed, not asserted.

mod common;

use std::path::Path;

fn run_dir(
    dir: &Path,
    stubs: &monty_check::Stubs,
    tools_stubs: Option<&monty_check::Stubs>,
) -> (usize, Vec<(bool, String)>) {
    let env = common::environment();
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("cases dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "py"))
        .collect();
    files.sort();
    let mut hits = Vec::new();
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let source = std::fs::read_to_string(path).unwrap_or_default();
        let stubs = match tools_stubs {
            Some(t) if name.starts_with("tools__") || name.starts_with("session__") => t,
            _ => stubs,
        };
        let expected = std::fs::read_to_string(path.with_extension("expected")).unwrap_or_default();
        if let Ok(ds) = monty_check::check(&source, stubs, &env, monty_check::Options::default()) {
            for d in ds {
                // an error CPython raises running the case (its output shows
                // the message) is foreseen, not a false positive
                let plain = d.message.split(". Did you").next().unwrap_or(&d.message);
                // (or, weaker, the exception's type: a case that prints only
                // `type(e).__name__` of what it caught)
                let confirmed = !expected.is_empty()
                    && (expected.contains(plain) || expected.contains(d.type_name));
                hits.push((confirmed, format!("{name}:{}", common::format(&d))));
            }
        }
    }
    (files.len(), hits)
}

#[test]
fn no_false_positives_on_the_cases() {
    let dir = common::tests_dir();
    let tools = common::stubs_from(&dir.join("check/tools.pyi"));
    let none = monty_check::Stubs::default();
    let (n, hits) = run_dir(&dir.join("cases"), &none, Some(&tools));
    let confirmed = hits.iter().filter(|(c, _)| *c).count();
    for (c, h) in &hits {
        println!(
            "{} {h}",
            if *c {
                "raised by CPython:"
            } else {
                "FALSE POSITIVE:"
            }
        );
    }
    let fp = hits.len() - confirmed;
    println!(
        "tests/cases: {n} programs, {} diagnostics: {confirmed} errors CPython raises running the case (deliberate), {fp} false positives",
        hits.len()
    );
    assert!(n > 800);
    assert_eq!(fp, 0, "false positives on tests/cases");
}

#[test]
fn peer_suite_counts() {
    let Some(home) = std::env::var_os("CARGO_HOME").or_else(|| {
        std::env::var_os("HOME").map(|h| {
            let mut p = std::path::PathBuf::from(h);
            p.push(".cargo");
            p.into_os_string()
        })
    }) else {
        return;
    };
    let dir = Path::new(&home)
        .join("registry/src/index.crates.io-1949cf8c6b5b557f/monty-1.4.0/test_cases");
    if !dir.is_dir() {
        println!("peer suite absent ({}): skipped", dir.display());
        return;
    }
    let none = monty_check::Stubs::default();
    let (n, hits) = run_dir(&dir, &none, None);
    let mut by_code = std::collections::BTreeMap::new();
    for (_, h) in &hits {
        let code = h.split_whitespace().nth(1).unwrap_or("").to_string();
        *by_code.entry(code).or_insert(0) += 1;
    }
    for (c, h) in &hits {
        println!("peer {} {h}", if *c { "(in expected output)" } else { "" });
    }
    let confirmed = hits.iter().filter(|(c, _)| *c).count();
    println!(
        "peer suite: {n} programs, {} diagnostics ({confirmed} with the message in the expected output) {by_code:?}",
        hits.len()
    );
}
