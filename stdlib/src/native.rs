//! The library's `native!`: the core's (`monty_vm::native!`, whose docs
//! give the syntax) with the functions instantiated at the library's `Vm`,
//! so their bodies can use its extension traits; and `natives_table!`, a
//! module's function table.
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
