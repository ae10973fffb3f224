//! The call of a builtin function: from each [`Builtin`] variant to the
//! native that implements it (`functions.rs`, `objects.rs`, `round.rs`,
//! `pow.rs`).
//!
//! At the top of `builtins/`: it names the implementations and nothing
//! below names it (the VM's call path does), so the enum itself
//! (`builtin.rs`) stays a leaf. The `match` is exhaustive: a variant added
//! in `builtin.rs` without a line here does not compile.

use super::builtin::Builtin;
use super::Args;
use crate::object::Value;
use crate::vm::Kwargs;
use crate::vm::{PyResult, Vm};

/// Each builtin's native (declared with `native!`); the call dispatches
/// with a `match` on the variant.
macro_rules! builtin_natives {
    ($($variant:ident => $f:path),* $(,)?) => {
        /// Runs the native of builtin `b`.
        fn call(b: Builtin, vm: &mut Vm, args: Args) -> PyResult<Value> {
            match b { $(Builtin::$variant => $f(vm, args)),* }
        }
    };
}

builtin_natives! {
    Print => super::functions::print,
    Len => super::functions::len,
    Repr => super::functions::repr,
    Ascii => super::functions::ascii,
    IsInstance => super::objects::isinstance,
    IsSubclass => super::objects::issubclass,
    Sorted => super::functions::sorted,
    Sum => super::functions::sum,
    Min => super::functions::min,
    Max => super::functions::max,
    Abs => super::functions::abs,
    Round => super::round::round,
    Any => super::functions::any,
    All => super::functions::all,
    Iter => super::functions::iter,
    Next => super::functions::next,
    AIter => super::functions::aiter,
    ANext => super::functions::anext,
    Callable => super::objects::callable,
    Chr => super::functions::chr,
    Ord => super::functions::ord,
    Hex => super::functions::hex,
    Bin => super::functions::bin,
    Oct => super::functions::oct,
    DivMod => super::functions::divmod,
    Pow => super::pow::pow,
    Hash => super::functions::hash,
    Id => super::functions::id,
    GetAttr => super::objects::getattr,
    HasAttr => super::objects::hasattr,
    SetAttr => super::objects::setattr,
    Format => super::functions::format,
    Ellipsis => super::objects::ellipsis,
    NotImplemented => super::objects::not_implemented,
    Super => super::objects::super_,
    StaticMethod => super::objects::staticmethod,
    ClassMethod => super::objects::classmethod,
    Property => super::objects::property,
    DelAttr => super::objects::delattr,
    Vars => super::objects::vars,
    Dir => super::objects::dir,
    // Reachable only as methods of `super()`, never by name.
    ObjectInit => super::objects::object_init,
    ExceptionInit => super::objects::exception_init,
    ObjectSetattr => super::objects::object_setattr,
    ObjectEq => super::objects::object_eq,
    Str_ => super::objects::object_str,
    Open => open,
    Eval => eval,
    Exec => exec,
    Locals => locals,
    Globals => globals,
}

/// `eval(source, globals=None, locals=None)` called by native code (a
/// call instruction runs it as a frame instead: `Vm::call_snippet`).
fn eval(vm: &mut Vm, args: Args) -> PyResult<Value> {
    vm.run_snippet(Builtin::Eval, args)
}

/// `exec(source, globals=None, locals=None, *, closure=None)`, as `eval`.
fn exec(vm: &mut Vm, args: Args) -> PyResult<Value> {
    vm.run_snippet(Builtin::Exec, args)
}

fn locals(vm: &mut Vm, args: Args) -> PyResult<Value> {
    vm.builtin_locals(args)
}

fn globals(vm: &mut Vm, args: Args) -> PyResult<Value> {
    vm.builtin_globals(args)
}

/// `open(...)`: files are the library's (os calls, `OS_CALLS.md`).
fn open(vm: &mut Vm, args: Args) -> PyResult<Value> {
    crate::lib().open_file(vm, args)
}

/// Calls builtin function `b`.
///
/// # Errors
/// Whatever the builtin raises (`TypeError` for bad arguments, ...).
pub fn call_builtin(vm: &mut Vm, b: Builtin, args: Vec<Value>, kwargs: Kwargs) -> PyResult<Value> {
    call(b, vm, Args::new(b.name(), args, kwargs))
}
