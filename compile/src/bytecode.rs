//! The bytecode: instructions, code objects, and the compiled program.
//!
//! Operands are indices resolved at compile time (local slots, global slots,
//! constant and name table entries), so the VM never looks a name up in a
//! map while running. One `Code` per function body (and one for the module);
//! comprehensions are inlined into their enclosing code, as in CPython 3.12+.

use serde::{Deserialize, Serialize};

/// Binary operators (also used in augmented form).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    MatMul,
    Div,
    FloorDiv,
    Mod,
    Pow,
    LShift,
    RShift,
    BitAnd,
    BitOr,
    BitXor,
}

impl BinOp {
    /// The operator as Python spells it in error messages.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::MatMul => "@",
            BinOp::Div => "/",
            BinOp::FloorDiv => "//",
            BinOp::Mod => "%",
            BinOp::Pow => "** or pow()",
            BinOp::LShift => "<<",
            BinOp::RShift => ">>",
            BinOp::BitAnd => "&",
            BinOp::BitOr => "|",
            BinOp::BitXor => "^",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum UnaryOp {
    Neg,
    Pos,
    Invert,
    Not,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Is,
    IsNot,
    In,
    NotIn,
}

impl CmpOp {
    pub fn symbol(self) -> &'static str {
        match self {
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
            CmpOp::Is => "is",
            CmpOp::IsNot => "is not",
            CmpOp::In => "in",
            CmpOp::NotIn => "not in",
        }
    }
}

/// `MakeFunction` flags.
pub const FN_DEFAULTS: u32 = 1;
pub const FN_KWDEFAULTS: u32 = 2;
pub const FN_CLOSURE: u32 = 4;

/// Flag on [`Op::ListExtend`]: the list being built is a call's `*args`.
pub const LIST_EXTEND_CALL_ARGS: u32 = 1 << 31;

/// One instruction. Jump targets are instruction indices in the same code.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Op {
    Nop,
    /// Push constant `k` of the program's constant table.
    LoadConst(u32),
    LoadNone,
    LoadFast(u32),
    StoreFast(u32),
    DeleteFast(u32),
    /// Push the contents of the cell in slot `n`.
    LoadDeref(u32),
    StoreDeref(u32),
    DeleteDeref(u32),
    /// Push the cell object itself in slot `n` (to build a closure).
    LoadClosure(u32),
    /// Wrap slot `n`'s value in a fresh cell (at function entry).
    MakeCell(u32),
    LoadGlobal(u32),
    StoreGlobal(u32),
    DeleteGlobal(u32),
    /// A name bound nowhere in the program: a builtin, or `NameError`.
    LoadBuiltin(u32),
    LoadAttr(u32),
    StoreAttr(u32),
    DeleteAttr(u32),
    Subscr,
    StoreSubscr,
    DeleteSubscr,
    /// Build a slice from 2 or 3 stack values.
    BuildSlice(u32),
    Pop,
    Dup,
    DupTwo,
    Rot2,
    Rot3,
    Binary(BinOp),
    Inplace(BinOp),
    Unary(UnaryOp),
    Compare(CmpOp),
    Jump(u32),
    PopJumpIfFalse(u32),
    PopJumpIfTrue(u32),
    JumpIfFalseOrPop(u32),
    JumpIfTrueOrPop(u32),
    GetIter,
    /// Next item of the iterator on top, or pop it and jump when exhausted.
    ForIter(u32),
    BuildList(u32),
    BuildTuple(u32),
    BuildSet(u32),
    /// Build a dict from `n` key/value pairs.
    BuildMap(u32),
    /// Concatenate `n` strings (f-strings).
    BuildString(u32),
    /// Append TOS to the list `n` entries below it (comprehensions, displays).
    ListAppend(u32),
    /// Extend the list `n` entries down with TOS's items; with
    /// [`LIST_EXTEND_CALL_ARGS`] set, the list is a call's positional
    /// arguments and the callable lies just below it (for error messages).
    ListExtend(u32),
    SetAdd(u32),
    SetUpdate(u32),
    /// Add TOS1: TOS to the dict `n` entries below them.
    MapAdd(u32),
    DictUpdate(u32),
    /// Merge a `**mapping` into a call's keyword dict (duplicates are errors).
    DictMerge(u32),
    ListToTuple,
    UnpackSequence(u32),
    /// Star-unpacking: `before` in the high 16 bits, `after` in the low.
    UnpackEx(u32),
    /// Format TOS: low 2 bits conversion (0 none, 1 str, 2 repr, 3 ascii),
    /// bit 2 set if a format spec is on top of the value.
    FormatValue(u32),
    /// Create a function from code `code`; flags say what is on the stack.
    MakeFunction(u32, u32),
    Call(u32),
    /// Call with `argc` values whose last ones are keyword arguments named by
    /// the tuple constant `names`.
    CallKw(u32, u32),
    /// Call with a positional tuple and (if the flag is 1) a keyword dict.
    CallEx(u32),
    /// `obj.name(args)` without creating a bound method: name, argc.
    CallMethod(u32, u32),
    Return,
    /// 0: bare `raise`; 1: `raise exc`; 2: `raise exc from cause`.
    Raise(u32),
    /// Push an exception handler jumping to `target`.
    SetupExcept(u32),
    PopHandler,
    /// Leave an `except` body: stop handling the current exception.
    PopExcept,
    /// TOS is an exception class (or tuple), TOS1 the exception: replace TOS
    /// with whether it matches.
    ExcMatch,
    /// Re-raise the exception on top (end of `finally`, unmatched `except`).
    Reraise,
    /// The module's last expression statement: remember its value.
    SetResult,
    LoadAssertionError,
    /// Import module `name`; mode 0 pushes the named (leaf) module, 1 the
    /// top-level package (`import a.b` binds `a`), 2 is a relative import.
    ImportName(u32, u32),
    /// Push attribute `name` of the module on top (`from m import name`).
    ImportFrom(u32),
    /// Class bodies: names in the namespace dict in local slot 0 (loads fall
    /// back to globals, then builtins).
    LoadName(u32),
    StoreName(u32),
    DeleteName(u32),
    /// Suspend the generator, producing TOS; resuming pushes the sent value.
    Yield,
    /// `await TOS`: run a coroutine to its result, or block the task on a
    /// future, task or gather until it is done.
    Await,
    /// `with`: TOS is the context manager; keep it and push `__enter__()`.
    /// A `SetupExcept` right after it (how `with` is compiled) is done as
    /// part of it, its handler's level being that of the manager, below
    /// the `__enter__` result: the body may raise with values of its own on
    /// the stack, and the handler must find the manager right under the
    /// exception. (Reached by a jump, that `SetupExcept` is an ordinary one.)
    WithEnter,
    /// Leave a `with` normally: `mgr.__exit__(None, None, None)`, pop mgr.
    WithExit,
    /// Leave a `with` by an exception (stack: mgr, exc): `__exit__` with
    /// the exception; a true result suppresses it and jumps to `target`.
    WithExitExc(u32),
    /// `match`: is TOS a sequence with this many fixed items (and a star)?
    MatchSequence(u32, u32),
    /// `match`: is TOS a mapping?
    MatchMapping,
    /// `match`: TOS1 is a mapping, TOS a key: store `map[key]` in slot `n`
    /// and push True, or push False if absent.
    MatchMapGet(u32),
    /// `match`: a dict of TOS1 without the keys in tuple TOS (`**rest`).
    DictWithout,
    /// `match`: TOS1 is the subject, TOS a class: isinstance, checking
    /// that the class accepts `n` positional sub-patterns.
    MatchClass(u32),
    /// `match`: positional sub-pattern `i` of class TOS on subject TOS1
    /// into slot `n` (via `__match_args__`); pushes whether it exists.
    MatchClassPos(u32, u32),
    /// `match`: attribute `name` of TOS into slot `n`; pushes whether it exists.
    MatchAttr(u32, u32),
    /// Class bodies: `__annotations__[name] = TOS`.
    AnnotateName(u32),
    /// Stack: class-body function, name, `n` bases. Runs the body with a
    /// fresh namespace, then creates the class.
    BuildClass(u32),
    /// `yield from`: stack: the sub-iterator, the value to send. Sends it
    /// (a generator resumes with it; any other iterator advances), leaving
    /// what it yields in the value's place; when it is done, pops both,
    /// pushes its return value and jumps to the target.
    Send(u32),
    /// `async with`: TOS is the manager; keep it and push
    /// `mgr.__aenter__()` (to be awaited).
    AsyncWithEnter,
    /// Leave an `async with` normally: pop the manager and push
    /// `mgr.__aexit__(None, None, None)` (to be awaited).
    AsyncWithExit,
    /// Leave an `async with` by an exception (stack: mgr, exc): push
    /// `mgr.__aexit__(type, exc, tb)` (to be awaited), keeping both.
    AsyncWithExitExc,
    /// After the awaited `__aexit__` (stack: mgr, exc, result): pop all
    /// three; a true result suppresses the exception and jumps to the
    /// target, a false one re-raises it.
    AsyncWithCheck(u32),
    /// `async for`: replace TOS with `aiter(TOS)`.
    GetAIter,
    /// `async for`: TOS is an async iterator; keep it and push
    /// `anext(TOS)` (to be awaited).
    GetANext,
    /// The handler of an `async for`'s `anext` (stack: aiter, exc): a
    /// `StopAsyncIteration` ends the loop (both popped); anything else is
    /// re-raised.
    EndAsyncFor,
    /// `except* T` (stack: rest, T): replace both with `match, rest'`,
    /// the parts of `rest` that match `T` and those that do not (`None`
    /// for an empty part).
    ExceptStarMatch,
    /// Make TOS (an exception, kept on the stack) the one being handled.
    PushExcInfo,
    /// After the last `except*` clause (stack: orig, raised list, rest):
    /// pop all three and raise what propagates, if anything.
    ExceptStarReraise,
    /// `class C(..., metaclass=M)`: as `BuildClass`, with the metaclass
    /// pushed after the `n` bases.
    BuildClassMeta(u32),
    /// Code compiled by `exec`/`eval` with a globals dict (held in global
    /// slot `g`): push global `name` from it, else the builtin, else
    /// `NameError`.
    LoadGlobalNs(u32, u32),
    /// Store TOS as `name` in the globals dict held in global slot `g`.
    StoreGlobalNs(u32, u32),
    /// Delete `name` from the globals dict held in global slot `g`.
    DeleteGlobalNs(u32, u32),
    /// `LoadName` whose fallback is the globals dict in global slot `g`
    /// (then the builtins) instead of the module's globals.
    LoadNameNs(u32, u32),
    /// `LoadFast(s)` then `LoadConst(k)`, which stays the next instruction
    /// (`fuse.rs`): when both are ints and the instruction after is an
    /// int operation or comparison (a conditional jump after it
    /// included), it is done here; otherwise both are pushed.
    LoadFastConst(u32, u32),
    /// `LoadFast(s)` then `LoadFast(t)` (or an op fused from it), which
    /// stays the next instruction, as [`Op::LoadFastConst`].
    LoadFastFast(u32, u32),
    /// `LoadFast(s)` then `LoadAttr(n)`, which stays the next instruction:
    /// an attribute the local's instance holds itself is read here;
    /// otherwise the local is pushed and the `LoadAttr` runs.
    LoadFastAttr(u32, u32),
    /// `Binary(Add)` whose result is the left operand of the `Binary(Add)`
    /// or `AddTemp` that follows its right operand (`a + b + c`): a str it
    /// makes is a temporary that only the stack holds, which that
    /// consumer frees once it has copied it (the VM's `fresh_temps`).
    AddTemp,
    /// `obj.name` of a method call whose arguments may have effects
    /// (`obj.name(f(x))`), looked up before they run, as CPython does: a
    /// missing attribute raises before any argument is evaluated. Pops
    /// `obj`, pushes two values that [`Op::CallLoaded`] reads:
    /// `[function, obj]` for a plain Python function of `obj`'s class (or
    /// of a `super()` object's MRO, then `obj` is its instance), `[Undef,
    /// obj]` for a builtin method of a builtin or native object (called
    /// by name, without making a bound method), `[None, value]` for any
    /// other attribute (called as it is).
    LoadMethod(u32),
    /// `LoadBuiltin(s)` followed by `Call(0)` and `LoadMethod(n)`, which
    /// stay the next instructions (`super().name(...)`, fused): where the
    /// builtin is `super` and the function after the frame's class in its
    /// instance's MRO is a plain Python function, pushes what the
    /// `LoadMethod` would (without making the `super()` object) and skips
    /// them; otherwise it is the `LoadBuiltin`.
    LoadSuperMethod(u32, u32),
    /// The call of an [`Op::LoadMethod`]: name, argc; the two values it
    /// pushed lie under the `argc` arguments. The result replaces all.
    CallLoaded(u32, u32),
    // (snapshots hold variants by position: a new one goes last)
    /// `LoadFast(s)` then `LoadMethod(n)`, which stays the next
    /// instruction: a method the local's list, str, dict or instance has
    /// (as `LoadMethod` finds it without `getattr`) is loaded here;
    /// otherwise the local is pushed and the `LoadMethod` runs.
    LoadFastMethod(u32, u32),
}

/// A compile-time constant.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Const {
    None,
    Bool(bool),
    Int(i64),
    BigInt(num_bigint::BigInt),
    Float(f64),
    Str(String),
    Bytes(Vec<u8>),
    Tuple(Vec<Const>),
    Ellipsis,
    /// An imaginary literal (`2j`): its real and imaginary parts.
    Complex(f64, f64),
}

/// A constant as the compiler's constant table tells them apart: equal
/// keys share one slot. Floats compare by their bits (so `0.0` and `-0.0`
/// stay two constants), every NaN is one key, and an `int` never equals a
/// `float` or a `bool` of the same value (the variants differ).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum ConstKey {
    None,
    Bool(bool),
    Int(i64),
    BigInt(num_bigint::BigInt),
    Float(u64),
    Str(String),
    Bytes(Vec<u8>),
    Tuple(Vec<ConstKey>),
    Ellipsis,
    Complex(u64, u64),
}

fn float_key(f: f64) -> u64 {
    if f.is_nan() {
        f64::NAN.to_bits()
    } else {
        f.to_bits()
    }
}

impl From<&Const> for ConstKey {
    fn from(c: &Const) -> ConstKey {
        match c {
            Const::None => ConstKey::None,
            Const::Bool(b) => ConstKey::Bool(*b),
            Const::Int(i) => ConstKey::Int(*i),
            Const::BigInt(i) => ConstKey::BigInt(i.clone()),
            Const::Float(f) => ConstKey::Float(float_key(*f)),
            Const::Str(s) => ConstKey::Str(s.clone()),
            Const::Bytes(b) => ConstKey::Bytes(b.clone()),
            Const::Tuple(items) => ConstKey::Tuple(items.iter().map(ConstKey::from).collect()),
            Const::Ellipsis => ConstKey::Ellipsis,
            Const::Complex(re, im) => ConstKey::Complex(float_key(*re), float_key(*im)),
        }
    }
}

/// A function's (or the module's) signature.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Params {
    /// Positional parameters (including positional-only), in order.
    pub positional: u32,
    pub posonly: u32,
    pub kwonly: u32,
    pub varargs: bool,
    pub varkw: bool,
    /// Parameter names in slot order: positional, kwonly, *args, **kwargs.
    pub names: Vec<String>,
}

impl Params {
    /// Whether `n` positional arguments and nothing else bind one to one
    /// to these parameters (no defaults used, no `*args`, `**kwargs` or
    /// keyword-only ones): the calls that need no binding.
    #[inline]
    pub fn binds_exactly(&self, n: usize) -> bool {
        n == self.positional as usize && !self.varargs && !self.varkw && self.kwonly == 0
    }
}

/// One compiled body.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Code {
    pub name: String,
    pub qualname: String,
    pub params: Params,
    /// Slots for locals (params first); free variables follow them.
    pub nlocals: u32,
    /// Names of the local slots (for errors like `UnboundLocalError`).
    pub local_names: Vec<String>,
    /// Names of free variables, in closure order.
    pub freevars: Vec<String>,
    pub ops: Vec<Op>,
    /// Source line of each op.
    pub lines: Vec<u32>,
    pub first_line: u32,
    pub is_lambda: bool,
    /// Calling the function creates a generator instead of running it.
    pub is_generator: bool,
    /// Calling the function creates a coroutine.
    pub is_coroutine: bool,
    /// The docstring (`__doc__`) of a function.
    pub doc: Option<String>,
    /// For a class body: the slot of the `__class__` cell (set to the new
    /// class when it is created, for zero-argument `super()`).
    pub class_cell: Option<u32>,
    /// The file the code comes from when it is not the program's own:
    /// `"<string>"` for code compiled by `exec`/`eval` (its lines count
    /// from that source's first line; tracebacks show no source text).
    pub filename: Option<String>,
    /// Code compiled by `exec`/`eval` with a globals dict: the global slot
    /// holding it (its global names are looked up there).
    pub globals_dict: Option<u32>,
    /// The slots of inlined comprehensions' own names, each with the
    /// instructions (`start..end`) where it is in scope: `locals()` and
    /// `eval` see it only there.
    pub scoped_slots: Vec<(u32, u32, u32)>,
}

impl Code {
    /// `async def` with `yield`: calling it makes an async generator.
    pub fn is_async_generator(&self) -> bool {
        self.is_coroutine && self.is_generator
    }
}

/// The whole compiled program.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Program {
    /// `codes[0]` is the module body.
    pub codes: Vec<Code>,
    pub consts: Vec<Const>,
    /// Attribute, method, global and builtin names used by the ops.
    pub names: Vec<String>,
    /// Global slot names; `globals[i]` is the name of slot `i`.
    pub globals: Vec<String>,
    pub filename: String,
    /// The source, split in lines, for tracebacks.
    pub source_lines: Vec<String>,
    /// A session's cells, in the order they were compiled: the codes from
    /// a cell's `first_code` up to the next cell's are its own (`exec`
    /// code among them names its own file).
    pub cells: Vec<CellSource>,
}

/// Where a session's cell came from, for tracebacks.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CellSource {
    /// The index of the cell's module code in [`Program::codes`].
    pub first_code: u32,
    pub filename: String,
    pub source_lines: Vec<String>,
}

impl Program {
    /// The file name and source lines of code `code`: its cell's, or the
    /// program's.
    pub fn source_of(&self, code: u32) -> (&str, &[String]) {
        let cell = self.cells.iter().rev().find(|c| c.first_code <= code);
        match cell {
            Some(c) => (&c.filename, &c.source_lines),
            None => (&self.filename, &self.source_lines),
        }
    }
}
