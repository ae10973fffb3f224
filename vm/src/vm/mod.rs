//! The virtual machine: an explicit frame stack over one shared value
//! stack, so Python calls never recurse on the Rust stack and the whole
//! execution state (frames, heap, globals, the pending call) is plain data.
//!
//! Files: `dispatch` (the instruction loop), `call` (argument binding and
//! calls of every kind of callable), `exception` (raising, unwinding,
//! tracebacks), `ops` (operators), `iter`, `subscr`, `attr`, `repr`,
//! `journal` (host calls from inside native code: the instruction runs
//! again after the pause).

pub mod async_protocol;
mod at_exit;
pub mod attr;
pub mod budget;
pub mod build;
pub mod bytes;
pub mod call;
mod call_names;
mod callback;
pub mod cell;
pub mod class;
pub mod compare;
pub mod complex;
pub mod consumer;
pub mod consumer_data;
pub mod contains;
pub mod context;
pub mod dispatch;
pub mod dispatch_cold;
mod dispatch_slow;
pub mod edit_distance;
pub mod exc_bases;
pub mod exc_group;
pub mod exception;
pub mod frame_locals;
pub mod generator;
pub mod hashing;
mod hidden_globals;
mod inline_call;
mod instance_attrs;
mod int_ops;
pub mod iter;
pub mod journal;
pub mod key_lookup;
pub mod kind_ops;
pub mod library_data;
mod loaded_method;
pub mod matching;
pub mod meta;
pub mod method_cache;
pub mod nesting;
pub mod ops;
pub mod os_error;
pub mod pyerr;
mod quick_builtin;
pub mod quick_cmp;
mod quick_subscr;
pub mod raise;
pub mod repr;
pub mod returns;
pub mod set_ops;
pub mod snippet;
pub mod stdlib;
pub mod subscr;
pub mod suggest;
pub mod tasks;
pub mod tasks_cond;
pub mod tasks_data;
pub mod tasks_group;
mod tasks_methods;
mod tasks_spawn;
pub mod tasks_sync;
pub mod tasks_timeout;
mod temps;
pub mod traceback;
mod type_of;
pub mod user_ops;

use std::rc::Rc;

use serde::{Deserialize, Serialize};

use crate::object::{int, Exception, External, Heap, List, Obj, PyStr, Value};
use monty_compile::bytecode::{Const, Program};
pub use pyerr::PyErr;

/// Result of Python-level operations.
pub type PyResult<T> = Result<T, PyErr>;

/// Deepest nesting of native callbacks (each one uses the Rust stack).
pub(super) const MAX_NATIVE_DEPTH: u32 = 100;

/// Keyword arguments as name/value pairs, in call order.
pub type Kwargs = Vec<(String, Value)>;

/// An active `try` handler in a frame.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
pub struct Handler {
    pub target: u32,
    /// Operand stack length to restore (absolute index into `Vm::stack`).
    pub stack_len: u32,
    /// Handled-exception stack depth to restore.
    pub exc_depth: u32,
}

/// One Python call in progress.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Frame {
    pub code: u32,
    pub ip: u32,
    /// Index of local slot 0 in `Vm::stack`.
    pub base: u32,
    /// Stack length to truncate to when the frame returns.
    pub ret_to: u32,
    pub handlers: Vec<Handler>,
    pub exc_depth: u32,
    /// Whether a native caller waits for this frame's result.
    pub boundary: Boundary,
    /// What returning from this frame produces.
    pub on_return: OnReturn,
    /// Set while the instruction at `ip` is to run again after a pause
    /// inside its native code (`journal.rs`).
    pub journal: Option<Box<journal::Journal>>,
}

/// Who receives a frame's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Boundary {
    /// The frame below (a Python call).
    No,
    /// A native caller (a `key=` callback, a generator driven by a
    /// builtin): returning leaves the dispatch loop.
    Native,
    /// A native caller that unwound when the run paused inside this frame:
    /// the result joins the journal of the frame below, whose instruction
    /// then runs again.
    Orphan,
}

impl Frame {
    /// A frame of code 0 at its start, to be filled in (see `push_frame`).
    pub const BLANK: Frame = Frame {
        code: 0,
        ip: 0,
        base: 0,
        ret_to: 0,
        handlers: Vec::new(),
        exc_depth: 0,
        boundary: Boundary::No,
        on_return: OnReturn::Normal,
        journal: None,
    };
}

/// What a frame's return value becomes.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum OnReturn {
    /// The value itself.
    Normal,
    /// An `__init__` frame: the instance (the return value must be None).
    Init(Value),
    /// A generator's frame: yields and returns go to its resumer.
    Generator(crate::object::ObjId),
    /// A builtin consuming a generator (`vm/consumer.rs`); no code of its own.
    Consumer(Box<consumer_data::Consumer>),
    /// A class body: the class built from the namespace (boxed, to keep
    /// every frame small).
    BuildClass(Box<ClassBody>),
}

/// What a class body's frame builds its class from.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ClassBody {
    pub name: String,
    pub qualname: String,
    pub bases: Vec<Value>,
    pub ns: Value,
    /// The metaclass given as `metaclass=` (`vm/meta.rs`).
    pub meta: Option<crate::object::ObjId>,
}

/// A call to a host function that the execution is paused on.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PendingCall {
    pub id: u64,
    pub name: String,
    pub args: Vec<Value>,
    pub kwargs: Vec<(String, Value)>,
    /// An os call (`OS_CALLS.md`: `name` is the operation, such as
    /// `Path.read_bytes`), not a call of a declared host function.
    pub os: bool,
}

/// Distinct attribute names interned before a collection lets go of
/// those the program does not name itself.
const MAX_ATTR_TEXTS: usize = 4096;

/// How a run of the dispatch loop ended.
pub enum Exit {
    /// The outermost frame returned.
    Return(Value),
    /// A host function was called: the call is `Vm::pending` (not copied
    /// here: a pause happens at every host call).
    Pause,
    /// Every task is blocked on async host calls or timers: the calls were
    /// issued since the last `Wait` (earlier ones may still be outstanding);
    /// the `f64` is the sandbox time, in seconds, until the earliest timer
    /// (`asyncio.sleep`, a `wait_for` timeout), if any.
    Wait(Vec<PendingCall>, Option<f64>),
    /// A budget ran out (`budget.rs`): the execution is over.
    Limit(budget::LimitKind),
}

/// Guest-side limits (the host enforces CPU, time and memory).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct VmLimits {
    pub max_recursion_depth: usize,
    /// The host's recursion limit: `sys.setrecursionlimit` cannot go above it.
    pub max_recursion_depth_ceiling: usize,
    /// The host's linear memory cap, in bytes (the module's own 1 GiB
    /// maximum when the host gave none). An object that would not fit in
    /// what is left of it raises `MemoryError` before allocating
    /// ([`Vm::max_alloc_bytes`]).
    pub max_memory_bytes: u64,
}

impl Default for VmLimits {
    fn default() -> Self {
        VmLimits {
            max_recursion_depth: 1000,
            max_recursion_depth_ceiling: 1000,
            max_memory_bytes: 1 << 30,
        }
    }
}

/// The whole state of one execution.
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Vm {
    pub program: Rc<Program>,
    pub heap: Heap,
    /// The program's constants, materialized once.
    pub consts: Vec<Value>,
    pub globals: Vec<Value>,
    pub stack: Vec<Value>,
    pub frames: Vec<Frame>,
    /// Exceptions currently being handled (innermost last).
    pub exc_stack: Vec<Value>,
    /// Value of the module's last expression statement.
    pub result: Value,
    /// A session's VM: it outlives each run (cell), and files left open
    /// are flushed, not closed, when a cell ends (`cell.rs`).
    pub session: bool,
    pub pending: Option<PendingCall>,
    pub next_call_id: u64,
    /// Depth of native callbacks (`key=` functions, ...) in progress.
    pub native_depth: u32,
    pub limits: VmLimits,
    /// Instructions, running time and memory: the guest's own budget.
    pub budget: budget::Budget,
    /// Imported modules by name (`sys.modules`).
    pub modules: Vec<(String, Value)>,
    /// The `random` module's generator, created on first use.
    #[serde(deserialize_with = "library_data::deserialize_random_state")]
    pub random_state: Option<library_data::LibData>,
    /// Set when a natively resumed generator yielded (versus returned).
    pub gen_yielded: bool,
    /// An exception to raise in the frame about to run (`gen.throw()`).
    pub pending_throw: Option<Value>,
    /// asyncio tasks and host futures.
    pub sched: tasks_data::Scheduler,
    /// Str objects made for attribute names (the keys of instance dicts),
    /// shared by every instance; not a root: emptied by each collection.
    #[serde(skip)]
    /// The map's keys are also the keys of instance dict entries (shared,
    /// so setting an attribute allocates no key).
    pub attr_names: rustc_hash::FxHashMap<std::rc::Rc<str>, Value>,
    /// The one text of each attribute name ([`Vm::attr_text`]), kept
    /// across collections, so that instance attributes are found by the
    /// address of their name (`object/attrs.rs`).
    #[serde(skip)]
    attr_texts: rustc_hash::FxHashSet<std::rc::Rc<str>>,
    /// The interned text of each of the program's `names`, by index
    /// (filled as the program grows: `Vm::sync_name_texts`), for the
    /// attribute ops' fast paths.
    #[serde(skip)]
    pub(crate) name_texts: Vec<std::rc::Rc<str>>,
    /// Class attribute lookups by program name (see `method_cache.rs`).
    #[serde(skip)]
    method_cache: method_cache::MethodCache,
    /// What each of the program's `names` resolves to as a builtin (a
    /// pure function of the name, cached: `None` = not looked up yet).
    #[serde(skip)]
    pub builtin_names: Vec<Option<Value>>,
    /// The same for the program's `globals`, for unset global names.
    #[serde(skip)]
    pub builtin_globals: Vec<Option<Value>>,
    /// Strs made for one consumer that only their stack slot holds, until
    /// that consumer frees them (`temps.rs`). Emptied by each collection,
    /// so an id in it never names a later object in a reused slot; not
    /// part of a snapshot (a temporary in progress then is left to the
    /// collector).
    #[serde(skip)]
    pub(crate) fresh_temps: Vec<crate::object::ObjId>,
    /// How many NaNs `float()` has made: each gets its own payload, so
    /// distinct NaN objects (`float('nan')` twice) are not the same
    /// object to `is`, sequence comparisons and dict keys, while one NaN
    /// passed around still is (floats are unboxed: the bits are the
    /// identity).
    pub nan_serial: u64,
    /// Nesting of comparisons that go through native objects (deques
    /// holding deques), which the per-call depth of `eq_depth` cannot see;
    /// zero whenever the VM is paused.
    #[serde(skip)]
    pub compare_nesting: u32,
    /// Nesting of generated dataclass `__eq__`/ordering field walks in
    /// progress (each can re-enter through a field), bounded so a cycle
    /// raises RecursionError instead of exhausting the native stack; zero
    /// whenever the VM is between steps, so not part of a snapshot.
    #[serde(skip)]
    pub dataclass_compare_depth: u32,
    /// Objects whose repr is being built by a nested repr call (a
    /// dataclass's generated `__repr__`, a deque's): a repr of one of them
    /// inside its own prints `...`/`[...]` (CPython's `recursive_repr`),
    /// and the nesting is bounded (each level uses the native stack).
    #[serde(skip)]
    pub nested_repr_active: Vec<u32>,
    /// `repr()` calls in progress inside other `repr()`s (a typing alias
    /// writes its arguments with a repr of its own): they count against
    /// the one native-depth bound (`repr.rs`, `MAX_REPR_DEPTH`).
    #[serde(skip)]
    pub(crate) repr_nesting: u32,
    /// Loop iterations (backward jumps) left before the execution fails
    /// with `RuntimeError`: unlimited (`u64::MAX`) unless a test or fuzz
    /// harness sets a bound (`Session::set_loop_budget`), as the guest
    /// has no fuel of its own (the wasm host meters CPU).
    #[serde(skip, default = "unlimited_loops")]
    pub loops_left: u64,
    /// Frames pushed so far (with `loops_left`, tells one execution of an
    /// instruction from the next: `journal::Tag`).
    #[serde(skip)]
    pub frame_pushes: u64,
    /// The journal points of the instruction in progress at each native
    /// depth (empty whenever the run is paused).
    #[serde(skip)]
    pub levels: Vec<journal::Level>,
    /// For each native depth in progress: the frame whose instruction
    /// called into Python, and `op_restartable` of that instruction.
    #[serde(skip)]
    pub native_callers: Vec<(u32, Option<u32>)>,
    /// Set while the instruction in progress can run again after a pause
    /// in its native code: the stack height up to its operands, which it
    /// leaves on the stack until its native code is done.
    #[serde(skip)]
    pub op_restartable: Option<u32>,
    /// The iterators the native code running for `op_restartable` last
    /// noted (`Vm::note_advance`), the latest first: the next advance of
    /// either needs no lookup (two: `map(f, it)` and `zip(a, b)` advance
    /// two by turns).
    #[serde(skip)]
    pub last_noted: [Option<crate::object::ObjId>; 2],
    /// The run is pausing inside native code: set until it has unwound.
    #[serde(skip)]
    pub suspending: bool,
    /// The entry code of each source `exec`/`eval` compiled, per mode and
    /// scope (`snippet.rs`); rebuilt after a restore.
    #[serde(skip)]
    pub snippet_cache: snippet::SnippetCache,
}

fn unlimited_loops() -> u64 {
    u64::MAX
}

#[cold]
#[inline(never)]
fn loop_budget_exhausted() -> PyErr {
    PyErr::new(
        crate::object::ExcType::RuntimeError,
        "loop budget exhausted",
    )
}

impl Vm {
    /// Creates a VM ready to run the module body of `program`.
    pub fn new(program: Program, limits: VmLimits) -> Vm {
        let mut heap = Heap::new();
        let consts = program
            .consts
            .iter()
            .map(|c| const_value(&mut heap, c))
            .collect();
        let nglobals = program.globals.len();
        let module = &program.codes[0];
        let mut stack = Vec::with_capacity(256);
        stack.resize(module.nlocals as usize, Value::Undef);
        Vm {
            heap,
            consts,
            globals: vec![Value::Undef; nglobals],
            stack,
            frames: vec![Frame {
                boundary: Boundary::Native,
                ..Frame::BLANK
            }],
            exc_stack: Vec::new(),
            result: Value::None,
            session: false,
            pending: None,
            next_call_id: 1,
            native_depth: 0,
            compare_nesting: 0,
            nan_serial: 0,
            fresh_temps: Vec::new(),
            modules: Vec::new(),
            random_state: None,
            gen_yielded: false,
            pending_throw: None,
            sched: tasks_data::Scheduler::default(),
            attr_names: Default::default(),
            attr_texts: Default::default(),
            name_texts: Vec::new(),
            method_cache: Default::default(),
            builtin_names: Vec::new(),
            builtin_globals: Vec::new(),
            dataclass_compare_depth: 0,
            nested_repr_active: Vec::new(),
            repr_nesting: 0,
            loops_left: unlimited_loops(),
            frame_pushes: 0,
            levels: Vec::new(),
            native_callers: Vec::new(),
            op_restartable: None,
            last_noted: [None; 2],
            suspending: false,
            snippet_cache: Default::default(),
            limits,
            budget: Default::default(),
            program: Rc::new(program),
        }
    }

    /// Binds a global by name (inputs and externals), if the program has it.
    pub fn set_global(&mut self, name: &str, value: Value) {
        if let Some(i) = self.program.globals.iter().position(|g| g == name) {
            self.globals[i] = value;
        }
    }

    /// Declares a host function under `name`.
    #[inline(never)]
    pub fn declare_external(&mut self, ext: External) -> Value {
        let name = ext.name.clone();
        let v = self.heap.new_value(Obj::External(ext));
        self.set_global(&name, v);
        v
    }

    /// Makes `value` attribute `name` of the host-provided module `module`
    /// (created on first use; `import module` then finds it).
    pub fn set_host_module_attr(&mut self, module: &str, name: &str, value: Value) {
        let m = match self.modules.iter().find(|(n, _)| n == module) {
            Some((_, m)) => *m,
            None => {
                let m = self
                    .heap
                    .new_value(Obj::Module(Box::new(crate::object::Module {
                        name: module.to_string(),
                        attrs: crate::object::Dict::new(),
                    })));
                let key = self.new_str("__name__");
                let n = self.new_str(module);
                if let Obj::Module(md) = self.heap.get_mut(m.as_ref().expect("a module")) {
                    md.attrs
                        .insert(crate::object::HashKey::Str("__name__".into()), key, n);
                }
                self.modules.push((module.to_string(), m));
                m
            }
        };
        let key = self.new_str(name);
        if let Obj::Module(md) = self.heap.get_mut(m.as_ref().expect("a module")) {
            md.attrs
                .insert(crate::object::HashKey::Str(name.into()), key, value);
        }
    }

    pub fn new_str(&mut self, s: impl crate::object::str::IntoText) -> Value {
        let s = s.into_text();
        if s.is_empty() {
            return self.heap.empty_str();
        }
        self.heap.new_value(Obj::Str(PyStr::new(s)))
    }

    /// A str object for the attribute name `name` (see `attr_names`).
    pub fn attr_name_value(&mut self, name: &str) -> Value {
        self.attr_key(name).0
    }

    /// The str object for the attribute name `name` and the shared text
    /// for its [`crate::object::HashKey::Str`].
    pub fn attr_key(&mut self, name: &str) -> (Value, std::rc::Rc<str>) {
        if let Some((k, v)) = self.attr_names.get_key_value(name) {
            return (*v, k.clone());
        }
        let v = self.new_str(name);
        let k = self.attr_text(name);
        self.attr_names.insert(k.clone(), v);
        (v, k)
    }

    /// The interned text of the attribute name `name`: one `Rc<str>` per
    /// distinct name (see `attr_texts`).
    pub fn attr_text(&mut self, name: &str) -> std::rc::Rc<str> {
        if let Some(k) = self.attr_texts.get(name) {
            return k.clone();
        }
        let k: std::rc::Rc<str> = name.into();
        self.attr_texts.insert(k.clone());
        k
    }

    /// Interns the names the program gained since the last call (it
    /// grows with `exec`, `eval` and a session's cells), so that
    /// `name_texts` covers every name index.
    #[cold]
    pub(crate) fn sync_name_texts(&mut self) {
        let prog = self.program.clone();
        for name in &prog.names[self.name_texts.len()..] {
            let text = self.attr_text(name);
            self.name_texts.push(text);
        }
    }

    pub fn new_list(&mut self, items: Vec<Value>) -> Value {
        self.heap.new_value(Obj::List(List::from_vec(items)))
    }

    pub fn new_tuple(&mut self, items: Vec<Value>) -> Value {
        if items.is_empty() {
            return self.heap.empty_tuple();
        }
        self.heap.new_value(Obj::Tuple(items))
    }

    pub fn new_exception(&mut self, e: Exception) -> Value {
        self.heap.new_value(Obj::Exception(Box::new(e)))
    }

    /// Runs until the program finishes, pauses, or fails.
    ///
    /// # Errors
    /// The uncaught exception (a heap value) when the program fails.
    pub fn run(&mut self) -> Result<Exit, Value> {
        let r = self.execute();
        self.at_exit(r)
    }

    /// Continues a paused execution with the host's answer.
    ///
    /// # Errors
    /// The uncaught exception when the program fails.
    pub fn resume(&mut self, answer: Result<Value, PyErr>) -> Result<Exit, Value> {
        self.pending = None;
        self.suspending = false;
        if self.host_answer_journaled() {
            // the host call was made by native code: its instruction runs
            // again with the answer
            let outcome = match answer {
                Ok(v) => journal::Outcome::Returned(v),
                Err(e) => journal::Outcome::Raised(self.raise_prep_detached(e)),
            };
            self.deliver(outcome);
            return self.run();
        }
        match answer {
            Ok(v) => self.stack.push(v),
            Err(e) => {
                let exc = self.raise_prep(e);
                if let Err(exc) = self.unwind(exc) {
                    return self.at_exit(Err(exc));
                }
            }
        }
        self.run()
    }

    /// Collects garbage if enough was allocated. Only call between
    /// instructions, when every live value is reachable from the VM.
    #[inline]
    pub fn maybe_gc(&mut self) {
        // Not inside a native callback: the native caller may hold values
        // in Rust locals that no root reaches.
        if self.native_depth == 0 && self.heap.wants_gc() {
            self.gc();
        }
    }

    /// Counts one loop iteration (a backward jump) against `loops_left`.
    /// Every cycle of verified bytecode contains a backward `Jump` or
    /// `PopJumpIf*` (`compile/verify.rs`), so a bound here bounds the run.
    #[inline]
    pub fn count_loop(&mut self) -> PyResult<()> {
        if self.loops_left == 0 {
            return Err(loop_budget_exhausted());
        }
        self.loops_left -= 1;
        Ok(())
    }

    #[inline(never)]
    pub fn gc(&mut self) {
        let mut roots = Vec::new();
        self.for_each_root(&mut |v| roots.push(v));
        // (files the run must still close are live until it does: looked
        // for only once the run has opened a file for writing)
        if self.may_close_at_exit() {
            roots.extend(self.heap.pending_close().into_iter().map(Value::Ref));
        }
        self.attr_names.clear();
        self.fresh_temps.clear();
        if self.attr_texts.len() > MAX_ATTR_TEXTS {
            // (names made at run time, `setattr(o, f"k{i}", v)`: the
            // program's own stay interned)
            self.attr_texts.clear();
            self.attr_texts.extend(self.name_texts.iter().cloned());
        }
        self.heap.collect(roots);
    }

    /// Calls `f` with every value the VM holds outside the heap: the roots
    /// of the collector (and of the snapshot validator).
    pub fn for_each_root(&self, f: &mut dyn FnMut(Value)) {
        let frame_values = |frame: &Frame, f: &mut dyn FnMut(Value)| match &frame.on_return {
            OnReturn::Normal => {}
            OnReturn::Generator(g) => f(Value::Ref(*g)),
            OnReturn::Init(v) => f(*v),
            OnReturn::BuildClass(body) => {
                body.bases.iter().for_each(|v| f(*v));
                f(body.ns);
                if let Some(m) = body.meta {
                    f(Value::Ref(m));
                }
            }
            OnReturn::Consumer(c) => c.for_each_child(f),
        };
        let frame_journal = |frame: &Frame, f: &mut dyn FnMut(Value)| {
            if let Some(j) = &frame.journal {
                j.for_each_value(f);
            }
        };
        for frame in &self.frames {
            frame_values(frame, f);
            frame_journal(frame, f);
        }
        self.sched.for_each_root(f);
        for t in &self.sched.tasks {
            for frame in &t.frames {
                frame_values(frame, f);
                frame_journal(frame, f);
            }
        }
        for v in self
            .consts
            .iter()
            .chain(&self.globals)
            .chain(&self.stack)
            .chain(&self.exc_stack)
        {
            f(*v);
        }
        f(self.result);
        self.modules.iter().for_each(|m| f(m.1));
        if let Some(v) = self.pending_throw {
            f(v);
        }
        if let Some(p) = &self.pending {
            p.args.iter().for_each(|v| f(*v));
            p.kwargs.iter().for_each(|kv| f(kv.1));
        }
    }

    /// The largest single str/list/int (in bytes, roughly) that may be built
    /// in one step: half the memory cap, or, while most of it is free, three
    /// quarters of what the cap leaves beside the linear memory grown so far
    /// (the rest is room for building it: a copy, a growing buffer). Bigger
    /// requests raise `MemoryError` before allocating rather than reach the
    /// cap, where the host kills the run. Many small objects filling the
    /// memory are not counted here: they reach the cap (`Limit(memory)`).
    pub fn max_alloc_bytes(&self) -> usize {
        let cap = self.limits.max_memory_bytes;
        let free = cap.saturating_sub(linear_memory_bytes());
        (cap / 2).max(free / 4 * 3).min(usize::MAX as u64) as usize
    }

    /// Raises `MemoryError` if an object of about `bytes` would be too big.
    pub fn check_alloc(&self, bytes: u128) -> PyResult<()> {
        if bytes > self.max_alloc_bytes() as u128 {
            Err(PyErr::new(crate::object::ExcType::MemoryError, ""))
        } else {
            Ok(())
        }
    }
}

/// The size of the linear memory grown so far (wasm), or 0 natively, where
/// nothing but the limit bounds the heap.
pub(super) fn linear_memory_bytes() -> u64 {
    #[cfg(target_arch = "wasm32")]
    {
        core::arch::wasm32::memory_size(0) as u64 * 65536
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        0
    }
}

pub(crate) fn const_value(heap: &mut Heap, c: &Const) -> Value {
    match c {
        Const::None => Value::None,
        Const::Bool(b) => Value::Bool(*b),
        Const::Int(i) => Value::Int(*i),
        Const::BigInt(b) => int::from_bigint(heap, b.clone()),
        Const::Float(f) => Value::Float(*f),
        Const::Str(s) if s.is_empty() => heap.empty_str(),
        Const::Str(s) => heap.new_value(Obj::Str(PyStr::new(s.clone()))),
        Const::Bytes(b) => heap.new_value(Obj::Bytes(b.clone())),
        Const::Tuple(items) if items.is_empty() => heap.empty_tuple(),
        Const::Tuple(items) => {
            let vals = items.iter().map(|i| const_value(heap, i)).collect();
            heap.new_value(Obj::Tuple(vals))
        }
        Const::Ellipsis => Value::Builtin(crate::builtins::builtin::Builtin::Ellipsis),
        Const::Complex(re, im) => {
            heap.new_value(Obj::Complex(crate::object::complex::Complex::new(*re, *im)))
        }
    }
}

/// Reads the str contents of a heap value, if it is a str.
#[inline]
pub fn as_str(heap: &Heap, v: Value) -> Option<&str> {
    match v {
        Value::Ref(id) => match heap.get(id) {
            Obj::Str(s) => Some(&s.s),
            _ => None,
        },
        _ => None,
    }
}
