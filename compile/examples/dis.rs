//! Prints the bytecode listing of one program (what the golden tests
//! compare), to see what the compiler makes of a benchmark's hot loop.
//!
//! ```sh
//! cargo run --release -p monty-compile --example dis -- FILE.py
//! ```

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: dis FILE.py");
        std::process::exit(2);
    };
    let source = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    });
    match monty_compile::compile_source(&source, "main.py", &[]) {
        Ok(program) => print!("{}", monty_compile::disassemble(&program)),
        Err(e) => {
            eprintln!("{path}: {e:?}");
            std::process::exit(1);
        }
    }
}
