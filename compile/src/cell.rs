//! Cells of a session: each cell's source is compiled onto the session's
//! program like an `exec` snippet ([`crate::snippet`]: an [`Extension`]
//! continuing the program's tables), but as a module body of its own: the
//! value of a last expression statement is the cell's result, top-level
//! `await` is allowed, and its code keeps the cell's file name and source
//! for tracebacks.
//!
//! A later cell may define any name, so every name a cell reads that is
//! not local is compiled as a global slot, not a builtin: an unset global
//! slot falls back to the builtins when read, so `print` still works, and a
//! function defined in one cell finds a global the next cell defines.

use rustpython_parser::ast::Stmt;

use crate::bytecode::Program;
use crate::error::{CResult, LineIndex};
use crate::snippet::{Extension, SnippetScope};
use crate::symtable::SymbolTable;
use crate::Compiler;

/// Compiles the cell `source` (shown as `filename`) to run after
/// everything `base` holds. `predeclared` are the names the host binds
/// before the cell runs (its new inputs and externals).
///
/// # Errors
/// A [`crate::CompileError`] for invalid or unsupported code.
pub fn compile_cell(
    base: &Program,
    source: &str,
    filename: &str,
    predeclared: &[String],
) -> CResult<Extension> {
    crate::with_parsed(source, filename, |ast| {
        compile_parsed(base, ast, source, filename, predeclared)
    })
}

fn compile_parsed(
    base: &Program,
    body: &[Stmt],
    source: &str,
    filename: &str,
    predeclared: &[String],
) -> CResult<Extension> {
    let lines = LineIndex::new(source);
    let st = SymbolTable::build(body, predeclared, &|o| lines.line(o))?;
    let scope = SnippetScope {
        ns_top: false,
        globals_dict: None,
    };
    let mut c = Compiler::extending(base, st, lines, source, crate::file_path(filename), scope);
    c.open_globals = true;
    for name in predeclared {
        c.global_slot(name);
    }
    let entry = c.compile_module(body)?;
    Ok(c.extension(base, entry, |_| {}))
}
