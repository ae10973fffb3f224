//! Host calls from inside native code: the journal that lets an
//! instruction run again after a pause.
//!
//! Native code (a `sorted` key, `map`, a `__str__` called by `print`, a
//! property read by `getattr`) runs Python callbacks in a nested dispatch
//! loop on the Rust stack, which a snapshot cannot hold. When code at any
//! depth calls the host, the run pauses anyway: every native caller unwinds
//! with [`PyErr::Suspend`], the callback's frames stay on the frame stack
//! (its lowest frame becomes an *orphan*: no Rust caller waits for it), and
//! the frame whose instruction started each native call keeps a
//! [`Journal`] of what the calls into Python it made so far returned, with
//! its instruction pointer set back onto that instruction. Its operands are
//! still on the stack: the instructions that can do this (`restartable`)
//! leave them there until the native code is done.
//!
//! On resume the paused code runs on as ordinary frames; when the orphan
//! returns, its result joins the journal and the instruction runs again.
//! Its native code now meets each call into Python it made before (a
//! *journal point*: [`Vm::point_open`]) and gets the recorded outcome
//! instead of running it again, in the same order, until it passes the
//! point where it paused and goes on live. Native code is deterministic
//! given those outcomes, so the second run ends where the first would
//! have.
//!
//! What a native call does to the program's state is either a call into
//! Python (journaled) or an iterator it advances, which is put back as it
//! was when the instruction pauses (`note_advance`, an undo log), so the
//! run again advances it from the same place. A recorded point names its
//! callee, so a
//! restart that takes another path runs live rather than returning an
//! answer meant for a different call.
//!
//! While the run is not paused, each native depth records its current
//! instruction's points in a [`Level`] (not part of a snapshot: it is empty
//! whenever the run is paused), identified by a [`Tag`] so the next
//! instruction starts afresh without any cost per instruction.

use serde::{Deserialize, Serialize};

use crate::object::{ExcType, Value};

use super::{PyErr, PyResult, Vm};

/// How one call into Python (or the host) made by native code ended.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Outcome {
    /// A call returned this; a generator returned (finished) with it.
    Returned(Value),
    /// A generator yielded this.
    Yielded(Value),
    /// The call raised this exception.
    Raised(Value),
}

impl Outcome {
    pub fn for_each_value(&self, f: &mut dyn FnMut(Value)) {
        match self {
            Outcome::Returned(v) | Outcome::Yielded(v) | Outcome::Raised(v) => f(*v),
        }
    }
}

/// One recorded journal point.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Entry {
    /// What was called or advanced (a function, host function,
    /// generator or iterator).
    pub callee: Value,
    pub outcome: Outcome,
}

/// On a frame whose instruction runs again when the call it paused in
/// returns: what the instruction's native code got from Python so far.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Journal {
    pub entries: Vec<Entry>,
    /// The callee of the call the run paused in, whose outcome is still to
    /// come (`Undef` once it came).
    pub awaiting: Value,
    /// The call the run paused in is the host call itself (made by native
    /// code, as in `map(tool, xs)`): the host's answer is its outcome.
    /// Otherwise it is the orphan frame just above.
    pub from_host: bool,
    /// The frame's `ip` while the instruction runs (one past it; the
    /// frame's own `ip` is set back onto it until it runs again).
    pub ip: u32,
    /// The stack height up to the instruction's operands: what native
    /// code kept above them is dropped when the outcome arrives.
    pub height: u32,
}

impl Journal {
    pub fn for_each_value(&self, f: &mut dyn FnMut(Value)) {
        for e in &self.entries {
            f(e.callee);
            e.outcome.for_each_value(f);
        }
        f(self.awaiting);
    }
}

/// Identifies the instruction a level's entries belong to: its frame (by
/// index), `ip`, and the loop and frame-push counters, one of which moves
/// between any two executions of the same instruction.
pub type Tag = (u32, u32, u64, u64);

/// The journal points of the instruction in progress at one native depth.
#[derive(Debug, Default)]
pub struct Level {
    pub tag: Option<Tag>,
    pub entries: Vec<Entry>,
    /// The iterators the instruction's native code advanced, as they were
    /// before its first advance: put back when it pauses, so that running
    /// again advances them from the same place.
    pub undo: Vec<(crate::object::ObjId, crate::object::Obj)>,
    /// Next entry to serve when the instruction runs again (equal to
    /// `entries.len()` when recording).
    pub cursor: usize,
    /// Journal points open (a call in progress).
    pub open: u32,
    /// The instruction recorded more than [`MAX_RECORDED`] points or
    /// iterators: it stopped recording and cannot pause any more.
    pub overflow: bool,
}

/// How many calls into Python (and iterators) one instruction's native
/// code records before it stops (a `sum(map(f, range(10**8)))` runs in
/// bounded memory; a host call after that many fails with
/// `RuntimeError` instead of pausing).
pub const MAX_RECORDED: usize = 1 << 16;

/// A point served from the journal, or the state to close it with.
pub enum Opened {
    Served(Outcome),
    Live(usize),
}

impl Vm {
    fn current_tag(&self) -> Tag {
        let top = self.frames.len().wrapping_sub(1);
        let ip = self.frames.last().map_or(0, |f| f.ip);
        (top as u32, ip, self.loops_left, self.frame_pushes)
    }

    /// Opens a journal point for a call into Python (or the host, or an
    /// iterator advance) made by native code at the current depth: serves
    /// it from the journal of an instruction running again, or returns the
    /// position to close it at.
    ///
    /// # Errors
    /// [`PyErr::Suspend`] while the run is pausing (native code that
    /// caught the pause must not call anything more).
    #[inline(never)]
    pub(crate) fn point_open(&mut self, callee: Value) -> PyResult<Opened> {
        if self.suspending {
            return Err(PyErr::Suspend);
        }
        let d = self.level_of_instruction();
        let level = &mut self.levels[d];
        if let Some(e) = level.entries.get(level.cursor) {
            if e.callee == callee {
                let out = e.outcome.clone();
                level.cursor += 1;
                return Ok(Opened::Served(out));
            }
        }
        level.open += 1;
        Ok(Opened::Live(level.cursor))
    }

    /// The level of the current native depth, reset if it belonged to an
    /// earlier instruction (and then filled from the journal of the
    /// instruction that runs again, if it is this one).
    #[inline(never)]
    fn level_of_instruction(&mut self) -> usize {
        let d = self.native_depth as usize;
        if self.levels.len() <= d {
            self.levels.resize_with(d + 1, Level::default);
        }
        if self.levels[d].open == 0 {
            let tag = self.current_tag();
            if self.levels[d].tag != Some(tag) {
                // (no frame: native code the session runs, such as the
                // repr of a result, which cannot pause)
                let journal = match self.frames.last_mut() {
                    Some(f)
                        if f.journal
                            .as_ref()
                            .is_some_and(|j| j.ip == f.ip && j.awaiting == Value::Undef) =>
                    {
                        f.journal.take()
                    }
                    _ => None,
                };
                let level = &mut self.levels[d];
                level.entries.clear();
                level.undo.clear();
                level.overflow = false;
                if let Some(j) = journal {
                    level.entries = j.entries;
                }
                level.cursor = 0;
                level.tag = Some(tag);
                self.last_noted = [None; 2];
            }
        }
        d
    }

    /// Native code of an instruction that can run again is about to
    /// advance the iterator `id`: remembers its state from before the
    /// instruction's first advance of it. `iter_next` calls it for the
    /// iterator it advances; an iterator whose advance changes another
    /// object (a `groupby` group, its `groupby`) calls it for that one.
    #[inline]
    pub fn note_advance(&mut self, id: crate::object::ObjId) {
        if self.op_restartable.is_some() && !self.last_noted.contains(&Some(id)) {
            self.note_advance_slow(id);
        }
    }

    /// Sets [`Vm::op_restartable`] (the instruction whose native code runs
    /// from here), returning the one it replaces.
    #[inline]
    pub(crate) fn set_restartable(&mut self, height: Option<u32>) -> Option<u32> {
        // (a new stretch of native code: `last_noted` was the last one's)
        self.last_noted = [None; 2];
        std::mem::replace(&mut self.op_restartable, height)
    }

    #[inline(never)]
    fn note_advance_slow(&mut self, id: crate::object::ObjId) {
        let d = self.level_of_instruction();
        let level = &self.levels[d];
        if level.overflow || level.undo.iter().any(|(i, _)| *i == id) {
            self.last_noted = [Some(id), self.last_noted[0]];
            return;
        }
        if level.undo.len() >= MAX_RECORDED {
            self.levels[d].overflow = true;
            return;
        }
        let state = self.heap.get(id).clone();
        self.levels[d].undo.push((id, state));
        self.last_noted = [Some(id), self.last_noted[0]];
    }

    /// Closes a live journal point with its outcome (recorded; what the
    /// points inside it recorded is no longer needed).
    #[inline(never)]
    pub(crate) fn point_close(&mut self, start: usize, callee: Value, outcome: Outcome) {
        let d = self.native_depth as usize;
        let level = &mut self.levels[d];
        level.open -= 1;
        level.entries.truncate(start);
        if level.entries.len() >= MAX_RECORDED {
            level.overflow = true;
        }
        if !level.overflow {
            level.entries.push(Entry { callee, outcome });
        }
        level.cursor = level.entries.len();
        if level.open == 0 {
            let tag = self.current_tag();
            self.levels[d].tag = Some(tag);
        }
    }

    /// Leaves a live journal point without an outcome: the run is pausing
    /// inside it, and what its inner points recorded is kept.
    pub(crate) fn point_abandon(&mut self) {
        let d = self.native_depth as usize;
        self.levels[d].open -= 1;
    }

    /// Closes or abandons a live point with a call's result.
    #[inline(never)]
    pub(crate) fn point_finish(&mut self, start: usize, callee: Value, r: &PyResult<Value>) {
        match r {
            Ok(v) => self.point_close(start, callee, Outcome::Returned(*v)),
            Err(PyErr::Suspend) => self.point_abandon(),
            Err(e) => {
                let exc = self.raise_prep_detached(e.clone());
                self.point_close(start, callee, Outcome::Raised(exc));
            }
        }
    }

    /// Runs the boundary frame just pushed (the call of `callee` by the
    /// native code of the frame below) in a nested dispatch loop.
    ///
    /// # Errors
    /// What the frame raised, or [`PyErr::Suspend`] when a host call
    /// inside it pauses the run: the frame is then an orphan, and the
    /// frame below runs its instruction again when it returns.
    pub(crate) fn run_boundary_frame(&mut self, callee: Value) -> PyResult<super::Exit> {
        // (no frame below: native code the session runs, which cannot pause)
        let caller = self.frames.len().wrapping_sub(2);
        let restartable = self.op_restartable.filter(|_| caller < self.frames.len());
        self.native_callers.push((caller as u32, restartable));
        // (what this depth's native code noted stays noted across the
        // call: `map(f, it)` advances `it` again after each call of `f`)
        let noted = self.last_noted;
        let outer = self.set_restartable(None);
        self.native_depth += 1;
        let r = self.execute();
        self.native_depth -= 1;
        self.native_callers.pop();
        self.set_restartable(outer);
        self.last_noted = noted;
        match r {
            Ok(super::Exit::Pause) => {
                let height = outer.expect("can_pause_here checked the caller");
                self.suspend_level(caller, callee, false, height);
                Err(PyErr::Suspend)
            }
            Ok(super::Exit::Limit(_)) => Err(PyErr::Limit),
            Ok(exit) => Ok(exit),
            Err(exc) => Err(PyErr::Raise(exc)),
        }
    }

    /// Runs `f`, the native part of the instruction in progress, with the
    /// instruction's `n` operands (the top of the stack) left there, so
    /// that a pause inside can make it run again (see the module doc);
    /// then drops them.
    ///
    /// Out of line: it is the slow path of its instructions, and inlined
    /// into the dispatch loop it made the whole loop slower.
    ///
    /// # Errors
    /// What `f` raised, or [`PyErr::Suspend`].
    #[inline(never)]
    pub(crate) fn in_place<T>(
        &mut self,
        n: usize,
        f: impl FnOnce(&mut Self) -> PyResult<T>,
    ) -> PyResult<T> {
        let len = self.stack.len();
        let outer = self.set_restartable(Some(len as u32));
        let r = f(self);
        self.set_restartable(outer);
        let r = r?;
        if self.suspending {
            // native code caught the pause: the instruction runs again
            return Err(PyErr::Suspend);
        }
        self.stack.truncate(len - n);
        Ok(r)
    }

    /// Whether every native caller below, and the instruction in progress
    /// if `current` is set, can run again after a pause.
    pub(crate) fn can_pause_here(&self, current: bool) -> bool {
        let depth = self.native_depth as usize;
        let recorded = |d: usize| self.levels.get(d).is_some_and(|l| !l.overflow);
        (!current || (self.op_restartable.is_some() && !self.frames.is_empty() && recorded(depth)))
            && self.native_callers.len() == depth
            && self.native_callers.iter().all(|c| c.1.is_some())
            && (0..depth).all(recorded)
    }

    /// The run pauses inside the call into Python (or the host) at the
    /// current depth: the frame `caller` runs its instruction again once
    /// `callee`'s outcome arrives, starting from what this depth recorded.
    #[inline(never)]
    pub(crate) fn suspend_level(
        &mut self,
        caller: usize,
        callee: Value,
        from_host: bool,
        height: u32,
    ) {
        let d = self.native_depth as usize;
        let level = &mut self.levels[d];
        let entries = std::mem::take(&mut level.entries);
        let undo = std::mem::take(&mut level.undo);
        level.cursor = 0;
        level.tag = None;
        for (id, state) in undo {
            *self.heap.get_mut(id) = state;
        }
        let frame = &mut self.frames[caller];
        let ip = frame.ip;
        frame.ip -= 1;
        frame.journal = Some(Box::new(Journal {
            entries,
            awaiting: callee,
            from_host,
            ip,
            height,
        }));
        if !from_host {
            self.frames[caller + 1].boundary = super::Boundary::Orphan;
        }
        self.suspending = true;
    }

    /// An orphan frame (or the host, for a host call made by native code)
    /// delivers the outcome its caller's instruction was waiting for; the
    /// instruction runs again next.
    #[inline(never)]
    pub(crate) fn deliver(&mut self, outcome: Outcome) {
        let frame = self.frames.last_mut().expect("the caller of an orphan");
        let j = frame
            .journal
            .as_mut()
            .expect("an orphan's caller has a journal");
        let callee = std::mem::replace(&mut j.awaiting, Value::Undef);
        j.entries.push(Entry { callee, outcome });
        let height = j.height as usize;
        self.stack.truncate(height);
    }

    /// Drops what native code kept on the stack (to root it) from `mark`
    /// up, unless the run is pausing: the paused frames may be above it
    /// (the instruction's journal drops it when it runs again).
    pub fn release_to(&mut self, mark: usize) {
        if !self.suspending {
            self.stack.truncate(mark);
        }
    }

    /// The host's answer goes to a journal (the host call was made by
    /// native code) rather than onto the stack.
    pub(crate) fn host_answer_journaled(&self) -> bool {
        matches!(
            self.frames.last().and_then(|f| f.journal.as_deref()),
            Some(j) if j.from_host && j.awaiting != Value::Undef
        )
    }

    /// A call of host function `callee` made by native code (`map(tool,
    /// xs)`, a `functools.partial` of a tool): an async one returns its
    /// future; a sync one pauses the run, and the instruction runs again
    /// with the answer.
    ///
    /// # Errors
    /// [`PyErr::Suspend`] (the run pauses), or `RuntimeError` if an
    /// instruction below cannot run again.
    pub fn host_call_from_native(
        &mut self,
        callee: Value,
        name: String,
        is_async: bool,
        args: Vec<Value>,
        kwargs: super::Kwargs,
    ) -> PyResult<Value> {
        let start = match self.point_open(callee)? {
            Opened::Served(out) => return served(out),
            Opened::Live(start) => start,
        };
        if is_async {
            // issuing it is an effect: journaled, so a run again does not
            // issue it twice
            let call = self.new_call(name, args, kwargs);
            let fut = self.issue_async_call(call);
            self.point_close(start, callee, Outcome::Returned(fut));
            return Ok(fut);
        }
        self.point_abandon();
        if !self.can_pause_here(true) {
            return Err(cannot_pause(&name));
        }
        self.pending = Some(self.new_call(name, args, kwargs));
        let top = self.frames.len() - 1;
        let height = self.op_restartable.expect("checked above");
        self.suspend_level(top, callee, true, height);
        Err(PyErr::Suspend)
    }
}

impl Vm {
    /// An os call (`OS_CALLS.md`) from native code: pauses the run with
    /// the operation `function` for the host to answer, and returns the
    /// answer once the instruction runs again (journaled like any host
    /// call from native code, so the operation is issued once).
    ///
    /// # Errors
    /// The host's error as the exception it names; `RuntimeError` where
    /// the run cannot pause.
    pub fn os_call(
        &mut self,
        function: &str,
        args: Vec<Value>,
        kwargs: super::Kwargs,
    ) -> PyResult<Value> {
        // the journal point of an os call is named by its operation
        let callee = Value::Int(os_call_tag(function));
        if let Opened::Served(out) = self.point_open(callee)? {
            return served(out);
        }
        self.point_abandon();
        if !self.can_pause_here(true) {
            return Err(cannot_pause(function));
        }
        let mut call = self.new_call(function.to_string(), args, kwargs);
        call.os = true;
        self.pending = Some(call);
        let top = self.frames.len() - 1;
        let height = self.op_restartable.expect("checked above");
        self.suspend_level(top, callee, true, height);
        Err(PyErr::Suspend)
    }
}

/// A stable number naming an os call's operation in the journal (FNV-1a,
/// kept negative: no callable is an int).
fn os_call_tag(function: &str) -> i64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in function.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    -((h >> 2) as i64) - 1
}

/// Whether `op` leaves its operands on the stack while its native code
/// runs, so that it can run again after a pause inside it (the only
/// instructions a snapshot may hold a [`Journal`] for).
pub fn restartable(op: &monty_compile::bytecode::Op) -> bool {
    use monty_compile::bytecode::Op;
    matches!(
        op,
        Op::Call(_)
            | Op::CallKw(..)
            | Op::CallEx(_)
            | Op::CallMethod(..)
            | Op::LoadMethod(_)
            | Op::CallLoaded(..)
            | Op::LoadAttr(_)
            | Op::StoreAttr(_)
            | Op::DeleteAttr(_)
            | Op::Subscr
            | Op::StoreSubscr
            | Op::DeleteSubscr
            | Op::Binary(_)
            | Op::Inplace(_)
            | Op::AddTemp
            | Op::Unary(_)
            | Op::Compare(_)
            | Op::PopJumpIfFalse(_)
            | Op::PopJumpIfTrue(_)
            | Op::GetIter
            | Op::ForIter(_)
            | Op::Send(_)
            | Op::BuildSet(_)
            | Op::BuildMap(_)
            | Op::SetAdd(_)
            | Op::SetUpdate(_)
            | Op::MapAdd(_)
            | Op::DictUpdate(_)
            | Op::ListExtend(_)
            | Op::UnpackSequence(_)
            | Op::UnpackEx(_)
            | Op::FormatValue(_)
            | Op::WithEnter
            | Op::WithExit
            | Op::WithExitExc(_)
    )
}

/// What a served call outcome returns to native code.
pub(crate) fn served(out: Outcome) -> PyResult<Value> {
    match out {
        Outcome::Returned(v) | Outcome::Yielded(v) => Ok(v),
        Outcome::Raised(e) => Err(PyErr::Raise(e)),
    }
}

/// The error for a host call where the run cannot pause.
pub(crate) fn cannot_pause(name: &str) -> PyErr {
    PyErr::new(
        ExcType::RuntimeError,
        format!(
            "host function '{name}' cannot be called here: the builtin operation it is inside cannot be paused"
        ),
    )
}
