//! The names a program reads but never binds: what `check` reports as
//! `undefined_names`, so that a host given no list of its functions can
//! declare these as external functions (the peer packages' idiom:
//! `Monty('a() + b()').start()` pauses at `a`).
//!
//! A name counts when the module reads it as a global or builtin, no code
//! of the program stores or deletes it as a global, and it is not a
//! builtin. Names bound only at run time (`globals()[...] = ...`, `exec`)
//! are reported too: there is no telling them apart before running.

use monty_compile::bytecode::{Op, Program};

/// The undefined names of `program`, in the order of first use.
pub fn undefined_names(program: &Program) -> Vec<String> {
    let mut bound = vec![false; program.globals.len()];
    for code in &program.codes {
        for op in code.ops.iter() {
            if let Op::StoreGlobal(g) | Op::DeleteGlobal(g) = op {
                if let Some(b) = bound.get_mut(*g as usize) {
                    *b = true;
                }
            }
        }
    }
    let mut out: Vec<String> = Vec::new();
    let mut note = |name: &str| {
        let dunder = name.starts_with("__") && name.ends_with("__");
        if !dunder && monty_vm::builtins::lookup(name).is_none() && !out.iter().any(|n| n == name) {
            out.push(name.to_string());
        }
    };
    for code in &program.codes {
        for op in code.ops.iter() {
            match *op {
                Op::LoadBuiltin(n) => {
                    if let Some(name) = program.names.get(n as usize) {
                        note(name);
                    }
                }
                Op::LoadGlobal(g) if !bound.get(g as usize).copied().unwrap_or(true) => {
                    if let Some(name) = program.globals.get(g as usize) {
                        note(name);
                    }
                }
                _ => {}
            }
        }
    }
    out
}
