//! Development aid: runs a Python file through the interpreter core
//! natively (no wasm, no limits) and prints the final progress message.
//! Usage: `cargo run -p monty-guest --example run_native -- FILE`

fn main() {
    let path = std::env::args().nth(1).expect("usage: run_native FILE");
    let code = std::fs::read_to_string(&path).expect("readable file");
    let name = std::path::Path::new(&path).file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
    let req = serde_json::json!({"code": code, "filename": name}).to_string();
    let mut s = monty_guest::Session::default();
    let progress = s.start(&req);
    eprintln!("{progress}");
}
