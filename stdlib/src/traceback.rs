//! `traceback`: `format_exc`, `print_exc`, `format_exception` (also the
//! legacy `(type, value, tb)` form), `print_exception`,
//! `format_exception_only` and `print_last`-less printing helpers. The
//! text is the VM's own traceback report (`vm/src/vm/exception.rs`), cut
//! into the pieces CPython's lists hold: the header, one string per frame,
//! the chain separators, the exception's line and each note.
//!
//! There are no traceback objects: an exception's `__traceback__` reads
//! `None`, and the `tb` argument of the legacy form is ignored (the
//! exception's own traceback is used). `limit` is accepted and ignored.

use super::native_class::{stderr, write_to};
use super::ModuleDef;
use crate::object::{Obj, Value};
use crate::vm::{PyErr, PyResult, Vm};

/// The exception being handled, if any (`sys.exception()`).
pub fn current_exception(vm: &Vm) -> Option<Value> {
    vm.exc_stack.last().copied()
}

fn is_exception(vm: &Vm, v: Value) -> bool {
    matches!(v, Value::Ref(id) if matches!(vm.heap.get(id), Obj::Exception(_)))
}

/// The exception `format_exception(exc, value, tb)` reports: `value` in
/// the legacy form, else `exc` (`None` for `None`).
fn pick(vm: &Vm, exc: Value, value: Option<Value>) -> PyResult<Option<Value>> {
    let v = match value {
        Some(v) => v,
        None => exc,
    };
    if v.is_none() {
        return Ok(None);
    }
    if !is_exception(vm, v) {
        return Err(PyErr::type_error(format!(
            "Exception expected for value, {} found",
            vm.class_name(v)
        )));
    }
    Ok(Some(v))
}

/// The pieces of the report of `exc` (CPython's `NoneType: None` when
/// there is none).
pub fn pieces(vm: &mut Vm, exc: Option<Value>, chain: bool) -> Vec<String> {
    match exc {
        Some(e) => vm.format_exception_pieces(e, chain),
        None => vec!["NoneType: None\n".to_owned()],
    }
}

/// The full report of `exc` as one string (`format_exc()`).
pub fn report(vm: &mut Vm, exc: Option<Value>, chain: bool) -> String {
    pieces(vm, exc, chain).concat()
}

fn chain_arg(vm: &mut Vm, chain: Option<Value>) -> PyResult<bool> {
    match chain {
        Some(c) => vm.truthy(c),
        None => Ok(true),
    }
}

fn to_list(vm: &mut Vm, pieces: Vec<String>) -> Value {
    let items = pieces.into_iter().map(|p| vm.new_str(p)).collect();
    vm.new_list(items)
}

fn print(vm: &mut Vm, file: Option<Value>, text: &str) -> PyResult<Value> {
    let file = match file {
        Some(f) if !f.is_none() => f,
        _ => stderr(vm)?,
    };
    write_to(vm, file, text)?;
    Ok(Value::None)
}

native! {
    /// `format_exc(limit=None, chain=True)`: the report of the exception
    /// being handled.
    def fn format_exc(vm, limit?, chain?) {
        let _ = limit;
        let chain = chain_arg(vm, chain)?;
        let exc = current_exception(vm);
        let text = report(vm, exc, chain);
        Ok(vm.new_str(text))
    }

    /// `print_exc(limit=None, file=None, chain=True)`.
    def fn print_exc(vm, limit?, file?, chain?) {
        let _ = limit;
        let chain = chain_arg(vm, chain)?;
        let exc = current_exception(vm);
        let text = report(vm, exc, chain);
        print(vm, file, &text)
    }

    /// `format_exception(exc, /, value=<not given>, tb=<not given>,
    /// limit=None, chain=True)`: a list of strings.
    def fn format_exception(vm, exc, /, value?, tb?, limit?, chain?) {
        let _ = (tb, limit);
        let chain = chain_arg(vm, chain)?;
        let exc = pick(vm, exc, value)?;
        let p = pieces(vm, exc, chain);
        Ok(to_list(vm, p))
    }

    /// `print_exception(exc, /, value=<not given>, tb=<not given>,
    /// limit=None, file=None, chain=True)`.
    def fn print_exception(vm, exc, /, value?, tb?, limit?, file?, chain?) {
        let _ = (tb, limit);
        let chain = chain_arg(vm, chain)?;
        let exc = pick(vm, exc, value)?;
        let text = report(vm, exc, chain);
        print(vm, file, &text)
    }

    /// `format_exception_only(exc, /, value=<not given>, *,
    /// show_group=False)`: the exception's line and its notes.
    def fn format_exception_only(vm, exc, /, value?, *, show_group?) {
        let _ = show_group;
        let p = match pick(vm, exc, value)? {
            Some(e) => vm.format_exception_only_pieces(e),
            None => vec!["NoneType: None\n".to_owned()],
        };
        Ok(to_list(vm, p))
    }

    /// `format_tb(tb, limit=None)`: the frames of an exception's
    /// traceback. With no traceback objects, `tb` is the exception itself
    /// (`None`, what `__traceback__` reads, gives an empty list).
    def fn format_tb(vm, tb, limit?) {
        let _ = limit;
        let p = if is_exception(vm, tb) {
            vm.format_tb_pieces(tb)
        } else {
            Vec::new()
        };
        Ok(to_list(vm, p))
    }
}

fn init(_vm: &mut Vm, _attrs: &mut Vec<(String, Value)>) {}

pub static MODULE: ModuleDef = ModuleDef {
    name: "traceback",
    funcs: natives_table![
        format_exc,
        print_exc,
        format_exception,
        print_exception,
        format_exception_only,
        format_tb,
    ],
    init,
};
