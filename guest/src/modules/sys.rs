//! `sys`: the safe subset — version information, limits, `maxsize`, and
//! `stdout`/`stderr` markers that `print(file=...)` understands. Nothing
//! about the host (no argv, path, environment or real platform).

use super::objects::NativeObj;
use super::{ModuleDef, NativeFn};
use crate::builtins::Args;
use crate::object::{Obj, Value};
use crate::vm::{PyErr, PyResult, Vm};

fn getrecursionlimit(vm: &mut Vm, a: Args) -> PyResult<Value> {
    a.check(0, 0, &[])?;
    Ok(Value::Int(vm.limits.max_recursion_depth as i64))
}

fn setrecursionlimit(vm: &mut Vm, a: Args) -> PyResult<Value> {
    a.check(1, 1, &[])?;
    let n = vm.index_arg(a.pos[0])?;
    if n < 1 {
        return Err(PyErr::value_error(
            "recursion limit must be greater or equal than 1",
        ));
    }
    // The host's limit is the ceiling: a program can lower it, not raise it.
    vm.limits.max_recursion_depth = (n as usize).min(vm.limits.max_recursion_depth_ceiling);
    Ok(Value::None)
}

fn exit(_vm: &mut Vm, a: Args) -> PyResult<Value> {
    a.check(0, 1, &[])?;
    Err(PyErr::New(crate::object::ExcType::SystemExit, a.pos))
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
    let platform = vm.new_str("monty");
    attrs.push(("platform".into(), platform));
    let byteorder = vm.new_str("little");
    attrs.push(("byteorder".into(), byteorder));
    // `print(file=sys.stdout)` / `file=sys.stderr` select the stream.
    let stdout = vm.heap.new_value(Obj::Native(NativeObj::Stream(1)));
    let stderr = vm.heap.new_value(Obj::Native(NativeObj::Stream(2)));
    attrs.push(("stdout".into(), stdout));
    attrs.push(("stderr".into(), stderr));
    let argv = vm.new_list(vec![]);
    attrs.push(("argv".into(), argv));
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "sys",
    funcs: &[
        NativeFn {
            name: "getrecursionlimit",
            call: getrecursionlimit,
        },
        NativeFn {
            name: "setrecursionlimit",
            call: setrecursionlimit,
        },
        NativeFn {
            name: "exit",
            call: exit,
        },
        // the class of `sys.stdout` (`structseq::stream_class`)
        NativeFn {
            name: "TextIOWrapper",
            call: text_io_wrapper,
        },
    ],
    init,
};
