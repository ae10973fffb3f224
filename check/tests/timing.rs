//! How long checking takes: a 200-line code-mode program, in process.
//! The target is under 1 ms; asserted in release builds only (`cargo test
//! --release -p monty-check --test timing -- --nocapture` prints it).

mod common;

use std::time::Instant;

use monty_check::{check, Options};

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
    let mut times = Vec::new();
    for _ in 0..200 {
        let t = Instant::now();
        let _ = check(&src, &stubs, &env, Options::default()).unwrap();
        times.push(t.elapsed());
    }
    times.sort();
    let median = times[times.len() / 2];
    let t = Instant::now();
    for _ in 0..20 {
        let _ = monty_compile::parse::parse_module(&src, "main.py").unwrap();
    }
    println!(
        "of which parsing: {:.3} ms",
        t.elapsed().as_secs_f64() * 1e3 / 20.0
    );
    println!(
        "checking a {lines}-line program: median {:.3} ms (min {:.3} ms); building the environment: {:.3} ms",
        median.as_secs_f64() * 1e3,
        times[0].as_secs_f64() * 1e3,
        env_time.as_secs_f64() * 1e3
    );
    if !cfg!(debug_assertions) {
        assert!(median.as_secs_f64() < 1e-3, "median {median:?}");
    }
}
