//! The runtime as the static checker (`monty-check`) sees it: the builtin
//! names, the importable modules and the attributes of builtin types,
//! read from the VM's and the library's own tables so the checker cannot
//! drift from what runs.

use monty_check::Environment;
use monty_stdlib::object::ExcType;
use monty_stdlib::vm::VmLimits;

/// The names `monty_vm::builtins::lookup` may know, beyond the functions
/// and exceptions (which have their own lists).
const TYPE_NAMES: &[&str] = &[
    "object",
    "bool",
    "int",
    "float",
    "complex",
    "str",
    "bytes",
    "bytearray",
    "list",
    "tuple",
    "dict",
    "set",
    "frozenset",
    "range",
    "slice",
    "type",
    "enumerate",
    "zip",
    "map",
    "filter",
    "reversed",
    "super",
    "property",
    "staticmethod",
    "classmethod",
    "memoryview",
    "Ellipsis",
    "NotImplemented",
];

/// The checker's environment for this build of the sandbox, with the
/// attributes of `modules` (those the program imports; each is imported
/// in a scratch VM to list them).
pub fn environment(modules: &[String]) -> Environment {
    let mut env = Environment::default();
    if !modules.is_empty() {
        if let Ok(program) = monty_compile::compile_source("", "<check>", &[]) {
            let mut vm = monty_stdlib::entry::new_vm(program, VmLimits::default());
            env.module_attrs = monty_stdlib::entry::module_attr_names(&mut vm, modules)
                .into_iter()
                .collect();
        }
    }
    for b in monty_stdlib::builtins::Builtin::ALL {
        env.builtins.insert(b.name().to_string());
    }
    for e in ExcType::ALL.iter().filter(|e| e.is_builtin()) {
        env.builtins.insert(e.name().to_string());
    }
    for t in TYPE_NAMES {
        if monty_stdlib::builtins::lookup(t).is_some() {
            env.builtins.insert((*t).to_string());
        }
    }
    for m in monty_stdlib::module_names() {
        env.modules.insert(m.to_string());
    }
    env.modules.insert("os.path".into());
    // Read through the library's entry point: the method tables hold the
    // methods, and naming them here would compile the core a second time.
    for (ty, methods) in monty_stdlib::entry::builtin_method_names() {
        let mut attrs: Vec<String> = methods.iter().map(|m| m.to_string()).collect();
        let extra: &[&str] = match ty {
            "int" => &["real", "imag", "numerator", "denominator"],
            "float" => &["real", "imag"],
            _ => &[],
        };
        attrs.extend(extra.iter().map(|s| s.to_string()));
        env.type_attrs.insert(ty.into(), attrs);
    }
    env
}
