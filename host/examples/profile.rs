//! Runs Python programs in-process through monty.wasm, with a perf map so
//! that `perf` can name the guest's functions: the way to see where a
//! benchmark spends its time inside the wasm module (the native
//! `run_native` build of the guest has another allocator and other
//! codegen, so its profile can mislead).
//!
//! Run (see README.md, "Profiling"):
//! `perf record -g -k mono target/release/examples/profile [--wasm PATH]
//! [--repeat N] PROGRAM.py ...`, then `perf report`. Build PATH without
//! `strip` to get Rust function names instead of wasm function numbers.
//! With `--check STUBS.pyi` the programs are checked against the stubs
//! (the `check` export) instead of run. With `--fuel` each run also
//! reports the wasm instructions it executed (wasmtime fuel, read at a
//! host call appended to the program): a figure the machine's noise does
//! not move, for comparing two builds of the module whose difference is
//! in how much code runs (not in how fast the same code runs).

use std::time::Instant;

use monty_host::{CaptureSink, Config, Engine, ExternalFunction, Limits, Progress, StartRequest};

fn main() -> Result<(), monty_host::Error> {
    let mut wasm = None;
    let mut repeat = 1usize;
    let mut programs = Vec::new();
    let mut check_stubs: Option<String> = None;
    let mut fuel = false;
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--wasm" => wasm = it.next().map(Into::into),
            "--fuel" => fuel = true,
            "--repeat" => repeat = it.next().and_then(|n| n.parse().ok()).unwrap_or(1),
            "--check" => {
                let path = it.next().unwrap_or_default();
                check_stubs = Some(std::fs::read_to_string(&path).map_err(|e| {
                    monty_host::Error::Internal(format!("cannot read {path}: {e}"))
                })?);
            }
            flag if flag.starts_with("--") => {
                eprintln!(
                    "usage: profile [--wasm PATH] [--repeat N] [--check STUBS.pyi] [--fuel] PROGRAM.py ..."
                );
                std::process::exit(2);
            }
            _ => programs.push(arg),
        }
    }
    let engine = Engine::new(Config::new().module_path(wasm).perf_map(true))?;
    for path in &programs {
        let code = std::fs::read_to_string(path)
            .map_err(|e| monty_host::Error::Internal(format!("cannot read {path}: {e}")))?;
        if let Some(stubs) = &check_stubs {
            for _ in 0..repeat {
                let t = Instant::now();
                let report = engine.check_with_stubs(&code, path, stubs)?;
                eprintln!(
                    "{path}: checked in {:.3} ms, {} diagnostics",
                    t.elapsed().as_secs_f64() * 1e3,
                    report.diagnostics.len()
                );
            }
            continue;
        }
        // (the probe's name is one no program uses)
        let probe = "__profile_fuel_probe__";
        let code = if fuel {
            format!("{code}\n{probe}()\n")
        } else {
            code
        };
        for _ in 0..repeat {
            let sink = CaptureSink::default();
            let mut request = StartRequest::new(code.as_str())
                .filename(path.as_str())
                .limits(Limits::default().with_max_memory_bytes(1 << 30));
            if fuel {
                request = request.external(ExternalFunction::new(probe, &[]));
            }
            let t = Instant::now();
            let progress = engine.start(request, sink.clone());
            let elapsed = t.elapsed().as_secs_f64() * 1e3;
            match progress {
                Err(e) => eprintln!("{path}: {elapsed:.1} ms, failed: {e}"),
                Ok(Progress::Call(call, execution)) if fuel && call.name == probe => eprintln!(
                    "{path}: {elapsed:.1} ms, {} fuel",
                    execution.fuel_consumed()
                ),
                Ok(Progress::Complete { .. }) => eprintln!("{path}: {elapsed:.1} ms"),
                _ => eprintln!("{path}: {elapsed:.1} ms (paused at a host call)"),
            }
        }
    }
    Ok(())
}
