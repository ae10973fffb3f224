//! Checks one program natively, without building `monty.wasm`: what to run
//! while working on the checker (`monty check` runs the same checker inside
//! the guest).
//!
//! ```sh
//! cargo run --release -p monty-check --example check -- FILE.py [STUBS.pyi]
//! ```
//!
//! Prints one `FILE:line:col: code: message` line per diagnostic. With
//! `MONTY_CHECK_TIME=1` it also prints, on stderr, the median time of each
//! step the guest's `check` export takes (parse, compile, environment,
//! checker) over 100 runs.

use monty_check::{check, ExternalDecl, Options, Stubs};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(file) = args.first() else {
        eprintln!("usage: check FILE.py [STUBS.pyi]");
        std::process::exit(2);
    };
    let source = std::fs::read_to_string(file).unwrap_or_else(|e| {
        eprintln!("{file}: {e}");
        std::process::exit(2);
    });
    let stub_text = match args.get(1) {
        Some(p) => std::fs::read_to_string(p).unwrap_or_else(|e| {
            eprintln!("{p}: {e}");
            std::process::exit(2);
        }),
        None => String::new(),
    };
    let mut stubs = Stubs::parse(&stub_text).unwrap_or_else(|e| {
        eprintln!("the stubs do not parse: {}", e.message);
        std::process::exit(2);
    });
    let externals: Vec<ExternalDecl> = stubs
        .functions
        .keys()
        .map(|n| ExternalDecl {
            name: n.clone(),
            params: None,
            is_async: stubs.is_async(n),
            module: None,
        })
        .collect();
    stubs.add_externals(&externals);
    let env = monty_guest::boundary::check_env::environment(&monty_check::imported_modules(
        &monty_compile::parse::parse_module(&source, "main.py").unwrap_or_default(),
    ));
    if std::env::var_os("MONTY_CHECK_TIME").is_some() {
        time_steps(&source, &stubs);
    }
    match check(&source, &stubs, &env, Options::default()) {
        Ok(ds) => {
            for d in ds {
                println!("{file}:{}:{}: {}: {}", d.line, d.col, d.code, d.message);
            }
        }
        Err(e) => {
            println!("{file}:{}: {}: {}", e.line, e.kind, e.message);
            std::process::exit(1);
        }
    }
}

/// Prints the median time of each step of a check (native, release).
fn time_steps(source: &str, stubs: &Stubs) {
    use std::time::Instant;
    let median = |f: &mut dyn FnMut()| {
        let mut times: Vec<f64> = (0..100)
            .map(|_| {
                let t = Instant::now();
                f();
                t.elapsed().as_secs_f64() * 1e3
            })
            .collect();
        times.sort_by(f64::total_cmp);
        times[times.len() / 2]
    };
    let Ok(body) = monty_compile::parse::parse_module(source, "main.py") else {
        return;
    };
    let modules = monty_check::imported_modules(&body);
    let env = monty_guest::boundary::check_env::environment(&modules);
    let parse = median(&mut || {
        let _ = monty_compile::parse::parse_module(source, "main.py");
    });
    let compile = median(&mut || {
        let _ = monty_compile::compile(&body, source, "main.py", &[]);
    });
    let environment = median(&mut || {
        let _ = monty_guest::boundary::check_env::environment(&modules);
    });
    let checker = median(&mut || {
        let _ = monty_check::check_module(source, &body, stubs, &env, Options::default());
    });
    eprintln!(
        "median ms: parse {parse:.3}, compile {compile:.3}, environment {environment:.3} (modules {modules:?}), checker {checker:.3}"
    );
}
