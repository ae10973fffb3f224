//! How long checking takes: a 200-line code-mode program, in process.
//! The target is under 1 ms for the checker's own work on the parsed
//! module (the guest parses once, for the compiler and the checker);
//! asserted in release builds only (`cargo test --release -p monty-check
//! --test timing -- --nocapture` prints it, and the time with parsing).

mod common;

use std::time::Instant;

use monty_check::{check, check_module, Options};

/// A correct program of about 200 lines in the style of the corpus.
fn program() -> String {
    let block = r#"
async def collect_{i}(customer: str) -> dict:
    orders = list_orders(customer, status="open", limit=50)
    totals = [o["total"] for o in orders if o["status"] != "cancelled"]
    biggest = max(totals) if totals else 0.0
    pages = await asyncio.gather(*[fetch_page(f"{API_BASE}/orders/{o['id']}") for o in orders[:3]])
    words = sum(count_words(p) for p in pages)
    weather = get_weather("Paris", units="metric")
    label = f"{customer}: {len(orders)} orders, max {biggest:.2f}, {words} words"
    if weather.get("temp", 0) > 25:
        label += " (hot)"
    summary = await summarize(label, max_words=20)
    return {"customer": customer, "label": label, "summary": summary.strip()}

for name_{i} in ["acme", "globex"]:
    result_{i} = await collect_{i}(name_{i})
    print(result_{i}["label"])
    send_email([f"{name_{i}}@example.com"], "Open orders", result_{i}["summary"])
"#;
    let mut src = String::from("import asyncio\nimport json\n");
    for i in 0..11 {
        src.push_str(&block.replace("{i}", &i.to_string()));
    }
    src
}

#[test]
fn a_200_line_program_checks_fast() {
    let dir = common::tests_dir().join("check");
    let stubs = common::stubs_from(&dir.join("stubs.pyi"));
    let t = Instant::now();
    let env = common::environment();
    let env_time = t.elapsed();
    let src = program();
    let lines = src.lines().count();
    assert!(lines >= 200, "{lines} lines");
    let found = check(&src, &stubs, &env, Options::default()).unwrap();
    assert!(found.is_empty(), "a correct program: {found:?}");
    let median = |f: &mut dyn FnMut()| {
        let mut times = Vec::new();
        for _ in 0..200 {
            let t = Instant::now();
            f();
            times.push(t.elapsed());
        }
        times.sort();
        times[times.len() / 2]
    };
    let whole = median(&mut || {
        let _ = check(&src, &stubs, &env, Options::default()).unwrap();
    });
    let body = monty_compile::parse::parse_module(&src, "main.py").unwrap();
    // the guest parses once, for the compiler and the checker
    let checker = median(&mut || {
        let _ = check_module(&src, &body, &stubs, &env, Options::default());
    });
    let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
    println!(
        "checking a {lines}-line program: {:.3} ms with parsing, {:.3} ms the checker alone on the parsed module (medians of 200); building the environment: {:.3} ms",
        ms(whole),
        ms(checker),
        ms(env_time)
    );
    let median = checker;
    if !cfg!(debug_assertions) {
        assert!(median.as_secs_f64() < 1e-3, "median {median:?}");
    }
}
