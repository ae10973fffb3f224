//! `sys`: the safe subset — version information, limits, `maxsize`,
//! `float_info`, `flags` (describing the sandbox, not a host), and
//! `stdout`/`stderr` markers that `print(file=...)` understands. Nothing
//! about the host (no argv, path, environment or real platform).

use super::objects::NativeObj;
use super::ModuleDef;
use crate::builtins::Args;
use crate::object::{Obj, Value};
use crate::vm::{PyErr, PyResult, Vm};

native! {
    /// `sys.getrecursionlimit()`.
    builtin fn getrecursionlimit in "sys" (vm) {
        Ok(Value::Int(vm.limits.max_recursion_depth as i64))
    }

    /// `sys.setrecursionlimit(limit, /)`.
    builtin fn setrecursionlimit in "sys" (vm, limit, /) {
        set_recursion_limit(vm, limit)
    }

    /// `sys.exception()`: the exception being handled, or `None`.
    builtin fn exception in "sys" (vm) {
        Ok(vm.exc_stack.last().copied().unwrap_or(Value::None))
    }

    /// `sys.exc_info()`: `(type, value, traceback)` of the exception being
    /// handled; there are no traceback objects, so the third is `None`
    /// (`traceback`'s functions take the exception's own traceback).
    builtin fn exc_info in "sys" (vm) {
        let items = match vm.exc_stack.last().copied() {
            Some(e) => vec![vm.type_value(e), e, Value::None],
            None => vec![Value::None, Value::None, Value::None],
        };
        Ok(vm.new_tuple(items))
    }

    /// `sys.exit(status=None, /)`.
    builtin fn exit in "sys" (vm, status?, /) {
        Err(PyErr::New(
            crate::object::ExcType::SystemExit,
            status.into_iter().collect(),
        ))
    }
}

fn set_recursion_limit(vm: &mut Vm, limit: Value) -> PyResult<Value> {
    let n = vm.index_arg(limit)?;
    if n < 1 {
        return Err(PyErr::value_error(
            "recursion limit must be greater or equal than 1",
        ));
    }
    // The host's limit is the ceiling: a program can lower it, not raise it.
    vm.limits.max_recursion_depth = (n as usize).min(vm.limits.max_recursion_depth_ceiling);
    Ok(Value::None)
}

fn text_io_wrapper(_vm: &mut Vm, _a: Args) -> PyResult<Value> {
    Err(PyErr::type_error(
        "cannot create '_io.TextIOWrapper' instances in the sandbox",
    ))
}

fn init(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    let version = vm.new_str("3.14.0 (monty sandbox)");
    attrs.push(("version".into(), version));
    let level = vm.new_str("final");
    let vi = super::structseq::new(
        vm,
        super::structseq::SeqKind::VersionInfo,
        vec![
            Value::Int(3),
            Value::Int(14),
            Value::Int(0),
            level,
            Value::Int(0),
        ],
    );
    attrs.push(("version_info".into(), vi));
    attrs.push(("maxsize".into(), Value::Int(i64::MAX)));
    attrs.push(("maxunicode".into(), Value::Int(0x10FFFF)));
    let platform = vm.new_str("monty");
    attrs.push(("platform".into(), platform));
    let byteorder = vm.new_str("little");
    attrs.push(("byteorder".into(), byteorder));
    // `print(file=sys.stdout)` / `file=sys.stderr` select the stream.
    let stdout = vm.heap.new_value(Obj::from(NativeObj::Stream(1)));
    let stderr = vm.heap.new_value(Obj::from(NativeObj::Stream(2)));
    attrs.push(("stdout".into(), stdout));
    attrs.push(("stderr".into(), stderr));
    // the program has no file name in the sandbox
    let script = vm.new_str("");
    let argv = vm.new_list(vec![script]);
    attrs.push(("argv".into(), argv));
    // 3.14.0 final
    attrs.push(("hexversion".into(), Value::Int(0x030E_00F0)));
    attrs.push(("api_version".into(), Value::Int(1013)));
    let repr_style = vm.new_str("short");
    attrs.push(("float_repr_style".into(), repr_style));
    let copyright = vm.new_str(
        "Copyright (c) 2001 Python Software Foundation.\nAll Rights Reserved.\n\nThis is monty, a Python sandbox.",
    );
    attrs.push(("copyright".into(), copyright));
    attrs.push(("pycache_prefix".into(), Value::None));
    // (`<host>` holds natives only, and is no name `import` can reach)
    let mut names: Vec<&str> = super::module_names()
        .filter(|n| !n.starts_with('<'))
        .collect();
    names.push("builtins");
    names.sort_unstable();
    names.dedup();
    let names: Vec<Value> = names.into_iter().map(|n| vm.new_str(n)).collect();
    let names = vm.new_tuple(names);
    attrs.push(("builtin_module_names".into(), names));
    let float_info = super::structseq::new(
        vm,
        super::structseq::SeqKind::FloatInfo,
        vec![
            Value::Float(f64::MAX),
            Value::Int(f64::MAX_EXP as i64),
            Value::Int(f64::MAX_10_EXP as i64),
            Value::Float(f64::MIN_POSITIVE),
            Value::Int(f64::MIN_EXP as i64),
            Value::Int(f64::MIN_10_EXP as i64),
            Value::Int(f64::DIGITS as i64),
            Value::Int(f64::MANTISSA_DIGITS as i64),
            Value::Float(f64::EPSILON),
            Value::Int(f64::RADIX as i64),
            Value::Int(1),
        ],
    );
    attrs.push(("float_info".into(), float_info));
    // the interpreter's settings: CPython's defaults
    let mut flags = vec![Value::Int(0); 18];
    flags[4] = Value::Int(1); // dont_write_bytecode: nothing is ever written
    flags[13] = Value::Bool(false); // dev_mode
    flags[16] = Value::Bool(false); // safe_path
    flags[17] = Value::Int(4300); // int_max_str_digits
    let flags = super::structseq::new(vm, super::structseq::SeqKind::Flags, flags);
    attrs.push(("flags".into(), flags));
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "sys",
    funcs: natives_table![
        getrecursionlimit,
        setrecursionlimit,
        exit,
        // the class of `sys.stdout` (`structseq::stream_class`)
        TextIOWrapper = text_io_wrapper,
        exception,
        exc_info,
    ],
    init,
};
