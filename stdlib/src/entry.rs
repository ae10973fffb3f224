//! The VM's entry points at this library: what the session in
//! `monty-guest` calls to create, run, resume and inspect a VM.
//!
//! Each installs this library in the core ([`install`]) before it builds
//! a VM; a snapshot is read after [`install`] too (the core asks the
//! library to decode its objects).

use monty_compile::bytecode::Program;

use crate::object::{External, HashKey, Value};
use crate::vm::{Exit, PendingCall, PyErr, PyResult, Vm, VmLimits};

/// Makes this library the one the VM core calls (once per process; later
/// calls do nothing). [`new_vm`] does it; a snapshot must be read after it.
pub fn install() {
    monty_vm::vm::stdlib::install(&crate::library::LIBRARY);
}

/// A VM for `program`, before anything runs.
pub fn new_vm(program: Program, limits: VmLimits) -> Vm {
    install();
    Vm::new(program, limits)
}

/// Sets the working directory the run starts in (`os.getcwd()`).
///
/// # Errors
/// A message for a path that is not absolute or holds a NUL byte.
pub fn set_working_directory(vm: &mut Vm, path: &str) -> Result<(), String> {
    if !path.starts_with('/') || path.contains('\0') {
        return Err(format!(
            "the working directory must be an absolute path without NUL bytes, not {path:?}"
        ));
    }
    let dir = crate::os_calls::sandbox_path(vm, path);
    crate::os_calls::set_cwd(vm, &dir);
    Ok(())
}

/// Declares a host function as the global `ext.name`.
pub fn declare_external(vm: &mut Vm, ext: External, module: Option<&str>) {
    let name = ext.name.clone();
    let v = vm.declare_external(ext);
    if let Some(m) = module {
        vm.set_host_module_attr(m, &name, v);
    }
}

/// The errno of an os error type when the host gives none.
pub fn default_errno(kind: crate::object::ExcType) -> Option<i64> {
    monty_vm::vm::os_error::default_errno(kind)
}

/// `kind(*args)` for an `OSError` type (its errno, strerror, ...).
pub fn new_os_error(vm: &mut Vm, kind: crate::object::ExcType, args: Vec<Value>) -> Value {
    vm.new_os_error(kind, args)
}

/// Sets a module global (an input) by name; unknown names are ignored
/// (the program never reads them).
pub fn set_global(vm: &mut Vm, name: &str, value: Value) {
    vm.set_global(name, value);
}

/// Runs until the program ends, pauses at a host call or waits.
///
/// # Errors
/// The uncaught exception.
pub fn run(vm: &mut Vm) -> Result<Exit, Value> {
    vm.run()
}

/// Continues a VM paused at a host call with the host's answer.
///
/// # Errors
/// The uncaught exception.
pub fn resume(vm: &mut Vm, answer: Result<Value, PyErr>) -> Result<Exit, Value> {
    vm.resume(answer)
}

/// Delivers the results of outstanding async host calls to their tasks.
///
/// # Errors
/// A result for a call the VM does not know is ignored; errors raised
/// while delivering come back as `PyErr`.
pub fn resolve_calls(vm: &mut Vm, results: Vec<(u64, Result<Value, PyErr>)>) -> PyResult<()> {
    vm.resolve_calls(results)
}

/// Moves the virtual clock (timers of `asyncio.sleep`) on.
pub fn advance_clock(vm: &mut Vm, elapsed: Option<f64>, had_results: bool) {
    vm.advance_clock(elapsed, had_results);
}

/// The calls and timer a waiting VM waits on, if any.
pub fn current_wait(vm: &Vm) -> Option<(Vec<PendingCall>, Option<f64>)> {
    vm.current_wait()
}

/// An error as the exception object the program would see.
pub fn raise_prep(vm: &mut Vm, err: PyErr) -> Value {
    vm.raise_prep(err)
}

/// `repr(v)`.
///
/// # Errors
/// What the object's `__repr__` raises.
pub fn repr(vm: &mut Vm, v: Value) -> PyResult<String> {
    vm.repr(v)
}

/// The builtin value an instance stands for when it mixes in a builtin
/// type (a `StrEnum` or `IntEnum` member: its value), if it does.
pub fn builtin_payload(vm: &Vm, v: Value) -> Option<Value> {
    crate::enums::builtin_payload(vm, v)
}

/// The type name, message and traceback text of an exception.
pub fn describe_exception(vm: &mut Vm, exc: Value) -> (String, String, String) {
    vm.describe_exception(exc)
}

/// The dict key of `v` (its hash and identity as the VM compares keys).
///
/// # Errors
/// `TypeError` for an unhashable value.
pub fn hash_key(vm: &mut Vm, v: Value) -> PyResult<HashKey> {
    vm.hash_key(v)
}

/// Calls `f` on every value the VM reaches directly (globals, frames,
/// tasks): the roots of the snapshot validator's walk.
pub fn for_each_root(vm: &Vm, f: &mut dyn FnMut(Value)) {
    vm.for_each_root(f);
}

/// A new `str` object.
pub fn new_str(vm: &mut Vm, s: String) -> Value {
    vm.new_str(s)
}

/// A new `bytes` object.
pub fn new_bytes(vm: &mut Vm, b: Vec<u8>) -> Value {
    vm.new_bytes(b)
}

/// A new `list` object.
pub fn new_list(vm: &mut Vm, items: Vec<Value>) -> Value {
    vm.new_list(items)
}

/// A new `tuple` object.
pub fn new_tuple(vm: &mut Vm, items: Vec<Value>) -> Value {
    vm.new_tuple(items)
}

/// The attribute names of the modules `names` (`"json"`, `"urllib.parse"`),
/// imported in that order first (so a package has its submodules as
/// attributes): what the static checker checks `module.attr` against. A
/// module that cannot be imported is left out.
pub fn module_attr_names(vm: &mut Vm, names: &[String]) -> Vec<(String, Vec<String>)> {
    use crate::ImportVm;
    let mut modules = Vec::new();
    for name in names {
        if let Ok(m) = vm.import_module(name) {
            modules.push((name.clone(), m));
        }
    }
    modules
        .into_iter()
        .filter_map(|(name, m)| {
            let crate::object::Value::Ref(id) = m else {
                return None;
            };
            let crate::object::Obj::Module(module) = vm.heap.get(id) else {
                return None;
            };
            let attrs = module
                .attrs
                .keyed_entries()
                .filter_map(|(k, _)| match k {
                    HashKey::Str(s) => Some(s.to_string()),
                    _ => None,
                })
                .collect();
            Some((name, attrs))
        })
        .collect()
}

/// The method names of the builtin types the static checker knows
/// (`str`, `list`, ..., `int` and `float` without their data attributes),
/// read from the VM's method tables. The tables hold the methods
/// themselves: instantiating them in the guest (`str_methods()`)
/// compiled a second copy of the core there (+0.5 MB of code), so they
/// are read here.
pub fn builtin_method_names() -> Vec<(&'static str, Vec<&'static str>)> {
    use crate::builtins::methods::{bytes, dict, list, numbers, set, str as strm};
    use crate::builtins::Method;

    fn names(table: &[Method]) -> Vec<&'static str> {
        table.iter().map(|m| m.name).collect()
    }
    vec![
        ("str", names(strm::str_methods())),
        ("list", names(list::list_methods())),
        ("tuple", names(list::tuple_methods())),
        ("dict", names(dict::dict_methods())),
        ("set", names(set::set_methods())),
        ("bytes", names(bytes::bytes_methods())),
        ("int", names(numbers::int_methods())),
        ("float", names(numbers::float_methods())),
    ]
}

/// The sandbox object for a host object the boundary read
/// (`host_object.rs`): the one the run already has for its id, else a new
/// one.
///
/// # Errors
/// A sentence for the host saying why the declaration is refused.
pub fn host_object(vm: &mut Vm, spec: crate::host_object::HostObjectSpec) -> Result<Value, String> {
    crate::host_object::host_object(vm, spec)
}

/// The id and class name of `v`, if it is a host object of this run.
pub fn host_object_of(vm: &Vm, v: Value) -> Option<(u64, String)> {
    crate::host_object::host_object_of(vm, v)
}

/// Dataclass and namedtuple instances as boundary records
/// (`wire_records.rs`).
pub use crate::wire_records::{
    record_class, record_instance, record_parts, RecordKind, RecordParts,
};
