//! Development aid: runs a Python file through the interpreter core
//! natively (no wasm, no limits), printing what `monty run` would print.
//! Usage: `cargo run -p monty-guest --example run_native -- FILE`
//!
//! Two host functions are declared for quick checks of pauses: `echo(v)`
//! returns `v`, `add(a, b)` returns `a + b` (numbers). Os calls are denied
//! (`PermissionError`), as by the default host.

fn main() {
    let path = std::env::args().nth(1).expect("usage: run_native FILE");
    let code = std::fs::read_to_string(&path).expect("readable file");
    let externals = serde_json::json!([{"name": "echo"}, {"name": "add"}]);
    let req =
        serde_json::json!({"code": code, "filename": path, "externals": externals}).to_string();
    let mut s = monty_guest::Session::default();
    let mut progress: serde_json::Value = serde_json::from_str(&s.start(&req)).expect("json");
    while progress["status"] == "call" || progress["status"] == "os_call" {
        if progress["status"] == "os_call" {
            let reply = serde_json::json!({"error": {"type": "PermissionError",
                "message": "no OS access is granted to this sandbox"}});
            progress = serde_json::from_str(&s.resume(&reply.to_string())).expect("json");
            continue;
        }
        let args = progress["args"].as_array().cloned().unwrap_or_default();
        let value = match progress["name"].as_str() {
            Some("add") => serde_json::json!(
                args[0].as_f64().unwrap_or(0.0) as i64 + args[1].as_f64().unwrap_or(0.0) as i64
            ),
            _ => args.first().cloned().unwrap_or_default(),
        };
        let reply = serde_json::json!({"value": value}).to_string();
        progress = serde_json::from_str(&s.resume(&reply)).expect("json");
    }
    // A wait with no calls is the program sleeping: answer with virtual time.
    while progress["status"] == "wait" && progress["calls"].as_array().is_some_and(Vec::is_empty) {
        progress = serde_json::from_str(&s.resume(r#"{"results":[]}"#)).expect("json");
    }
    match progress["status"].as_str() {
        Some("complete") => {
            if let Some(r) = progress["repr"].as_str() {
                println!("{r}");
            }
        }
        Some("error") => {
            eprint!("{}", progress["error"]["traceback"].as_str().unwrap_or(""));
            std::process::exit(1);
        }
        _ => {
            eprintln!("{progress}");
            std::process::exit(4);
        }
    }
}
