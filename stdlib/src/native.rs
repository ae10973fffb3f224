//! The library's `native!`: the core's (`monty_vm::native!`, whose docs
//! give the syntax) with the functions taking the VM as the library names it (`crate::vm::Vm`),
//! so their bodies can use its extension traits; and `natives_table!`, a
//! module's function table; `methods_table!`, a native object type's
//! method table, with the dispatch helpers its `NativeType` impl uses.
//!
//! ```ignore
//! native! {
//!     /// `binascii.b2a_base64(data, *, newline=True)`.
//!     clinic fn b2a_base64(vm, data, *, newline?) {
//!         let newline = match newline { Some(v) => vm.truthy(v)?, None => true };
//!         ...
//!     }
//! }
//! ```

/// Declares native functions from their Python signatures (module docs).
macro_rules! native {
    ($($t:tt)*) => { monty_vm::native_in! { [$crate::vm::Vm] $($t)* } };
}

/// The `funcs` table of a [`ModuleDef`](crate::ModuleDef). Entries are
/// `name` (a function under its own name), `name = path` (under another
/// name) or `"name" => path` (a name that is not a Rust identifier).
macro_rules! natives_table {
    (@acc [$($out:tt)*]) => { &[$($out)*] };
    (@acc [$($out:tt)*] $name:ident = $f:path $(, $($rest:tt)*)?) => {
        natives_table!(@acc [$($out)* $crate::NativeFn { name: stringify!($name), call: $f },]
            $($($rest)*)?)
    };
    (@acc [$($out:tt)*] $name:literal => $f:path $(, $($rest:tt)*)?) => {
        natives_table!(@acc [$($out)* $crate::NativeFn { name: $name, call: $f },] $($($rest)*)?)
    };
    (@acc [$($out:tt)*] $name:ident $(, $($rest:tt)*)?) => {
        natives_table!(@acc [$($out)* $crate::NativeFn { name: stringify!($name), call: $name },]
            $($($rest)*)?)
    };
    ($($entries:tt)*) => { natives_table!(@acc [] $($entries)*) };
}

/// The method table of a native object type (`&'static [Method]`), for
/// [`call_method`]. Entries as in `natives_table!`.
macro_rules! methods_table {
    (@acc [$($out:tt)*]) => { &[$($out)*] };
    (@acc [$($out:tt)*] $name:ident = $f:path $(, $($rest:tt)*)?) => {
        methods_table!(@acc [$($out)* $crate::native::Method { name: stringify!($name), call: $f },]
            $($($rest)*)?)
    };
    (@acc [$($out:tt)*] $name:literal => $f:path $(, $($rest:tt)*)?) => {
        methods_table!(@acc [$($out)* $crate::native::Method { name: $name, call: $f },] $($($rest)*)?)
    };
    (@acc [$($out:tt)*] $name:ident $(, $($rest:tt)*)?) => {
        methods_table!(@acc [$($out)* $crate::native::Method { name: stringify!($name), call: $name },]
            $($($rest)*)?)
    };
    ($($entries:tt)*) => { methods_table!(@acc [] $($entries)*) };
}

/// A method of a native object type, declared with `native!`'s `method`.
pub type Method = monty_vm::builtins::native::Method;

/// Calls method `name` of `this` (a native object, or what stands for a
/// class in its class methods) from its type's `table` (`None` when the
/// table has no such method), the way a type's `NativeType::call_method`
/// does; `owner`, the type's name, qualifies the messages CPython
/// qualifies (`date.weekday() takes no arguments (1 given)`).
pub fn call_method(
    table: &'static [Method],
    owner: &'static str,
    vm: &mut crate::vm::Vm,
    this: crate::object::Value,
    name: &str,
    pos: Vec<crate::object::Value>,
    kw: crate::vm::call::Kwargs,
) -> crate::vm::PyResult<Option<crate::object::Value>> {
    match monty_vm::builtins::native::find_method(table, name) {
        Some(m) => {
            let mut args = crate::builtins::Args::new(m.name, pos, kw);
            args.owner = owner;
            (m.call)(vm, this, args).map(Some)
        }
        None => Ok(None),
    }
}

/// Whether the type's `table` has method `name` (`NativeType::has_method`).
pub fn has_method(table: &'static [Method], name: &str) -> bool {
    monty_vm::builtins::native::find_method(table, name).is_some()
}

/// The object a native object's method was called on.
pub fn receiver(this: crate::object::Value) -> crate::object::ObjId {
    match this {
        crate::object::Value::Ref(id) => id,
        _ => unreachable!("a native object's method is called on the object"),
    }
}
