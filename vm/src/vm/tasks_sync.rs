//! asyncio's synchronization primitives on the scheduler: `Lock`,
//! `Semaphore`, `BoundedSemaphore`, `Event`, `Queue` and `LifoQueue`
//! ([`SyncPrim`]), their methods, and the waits their coroutine methods
//! return ([`Awaitable::SyncWait`]).
//!
//! A wait is polled: when first awaited, and then each time the scheduler
//! looks for blocked tasks to wake (`wake_finished`, in task order). A
//! poll that can do the operation does it (takes a permit, an item, a
//! slot) and the wait becomes a finished future, so nothing is taken
//! twice. A semaphore around tool calls therefore bounds how many of them
//! the host sees in flight: the tasks over the bound block before issuing
//! theirs. When every task waits on a primitive and no host call or timer
//! is pending, the run ends with the scheduler's deadlock `RuntimeError`
//! (CPython would hang).

use std::collections::VecDeque;

use crate::object::{ExcType, Obj, ObjId, Value};

use super::tasks_data::{Awaitable, FutState, QueueKind, SemKind, SyncOp, SyncPrim};
use super::{PyErr, PyResult, Vm};

/// What a primitive's methods read of it, copied out (a queue's items are
/// not) so that the method may then change it.
#[derive(Clone, Copy)]
enum Shape {
    Semaphore {
        kind: SemKind,
        value: i64,
        initial: i64,
    },
    Event {
        set: bool,
    },
    Queue {
        len: i64,
        maxsize: i64,
        unfinished: i64,
    },
}

/// The methods of each primitive (`dir()` and method lookup).
const LOCK_METHODS: &[&str] = &["acquire", "release", "locked", "__aenter__", "__aexit__"];
const EVENT_METHODS: &[&str] = &["set", "clear", "is_set", "wait"];
const QUEUE_METHODS: &[&str] = &[
    "put",
    "get",
    "put_nowait",
    "get_nowait",
    "qsize",
    "empty",
    "full",
    "task_done",
    "join",
];

impl Vm {
    /// A new `Lock`/`Semaphore`/`BoundedSemaphore` with `value` permits.
    ///
    /// # Errors
    /// `ValueError` for a negative value.
    pub fn new_semaphore(&mut self, kind: SemKind, value: i64) -> PyResult<Value> {
        if value < 0 {
            return Err(PyErr::value_error("Semaphore initial value must be >= 0"));
        }
        Ok(self.new_awaitable(Awaitable::Sync(SyncPrim::Semaphore {
            kind,
            value,
            initial: value,
        })))
    }

    /// A new `Event` (unset).
    pub fn new_event(&mut self) -> Value {
        self.new_awaitable(Awaitable::Sync(SyncPrim::Event { set: false }))
    }

    /// A new `Queue(maxsize)`, `LifoQueue` or `PriorityQueue`.
    pub fn new_queue(&mut self, maxsize: i64, kind: QueueKind) -> Value {
        self.new_awaitable(Awaitable::Sync(SyncPrim::Queue {
            items: VecDeque::new(),
            maxsize,
            unfinished: 0,
            kind,
        }))
    }

    pub(super) fn prim(&self, id: ObjId) -> Option<&SyncPrim> {
        match self.awaitable_at(id) {
            Some(Awaitable::Sync(p)) => Some(p),
            _ => None,
        }
    }

    pub(super) fn prim_mut(&mut self, id: ObjId) -> Option<&mut SyncPrim> {
        match self.awaitable_at_mut(id) {
            Some(Awaitable::Sync(p)) => Some(p),
            _ => None,
        }
    }

    /// Whether the primitive `id` has a method `name`.
    pub fn sync_has_method(&self, id: ObjId, name: &str) -> bool {
        let methods = match self.prim(id) {
            Some(SyncPrim::Semaphore { .. }) => LOCK_METHODS,
            Some(SyncPrim::Event { .. }) => EVENT_METHODS,
            Some(SyncPrim::Queue { .. }) => QUEUE_METHODS,
            None => return false,
        };
        methods.contains(&name)
    }

    /// `Queue.maxsize`.
    pub fn sync_getattr(&self, id: ObjId, name: &str) -> Option<Value> {
        match (self.prim(id), name) {
            (Some(SyncPrim::Queue { maxsize, .. }), "maxsize") => Some(Value::Int(*maxsize)),
            _ => None,
        }
    }

    pub(super) fn wait_on(&mut self, id: ObjId, op: SyncOp) -> Value {
        self.new_awaitable(Awaitable::SyncWait {
            on: Value::Ref(id),
            op,
        })
    }

    /// A done future holding `v` (what `__aexit__` gives to be awaited).
    pub(super) fn done_future(&mut self, v: Value) -> Value {
        self.new_awaitable(Awaitable::Future {
            call_id: 0,
            state: FutState::Done(v),
        })
    }

    /// Calls method `name` of the primitive `id`.
    ///
    /// # Errors
    /// CPython's errors for wrong arguments and misuse (releasing an
    /// unlocked lock, `task_done()` too often, `QueueEmpty`, `QueueFull`).
    pub fn sync_method(&mut self, id: ObjId, name: &str, args: Vec<Value>) -> PyResult<Value> {
        let want = match name {
            "put" | "put_nowait" => 1,
            "__aexit__" => 3,
            _ => 0,
        };
        if args.len() != want {
            return Err(PyErr::type_error(format!(
                "{name}() takes {} positional argument{} but {} were given",
                want + 1,
                if want == 0 { "" } else { "s" },
                args.len() + 1
            )));
        }
        let shape = match self.prim(id).expect("a synchronization primitive") {
            SyncPrim::Semaphore {
                kind,
                value,
                initial,
            } => Shape::Semaphore {
                kind: *kind,
                value: *value,
                initial: *initial,
            },
            SyncPrim::Event { set } => Shape::Event { set: *set },
            SyncPrim::Queue {
                items,
                maxsize,
                unfinished,
                ..
            } => Shape::Queue {
                len: items.len() as i64,
                maxsize: *maxsize,
                unfinished: *unfinished,
            },
        };
        Ok(match (shape, name) {
            (Shape::Semaphore { .. }, "acquire" | "__aenter__") => {
                self.wait_on(id, SyncOp::Acquire)
            }
            (
                Shape::Semaphore {
                    kind,
                    value,
                    initial,
                },
                "release" | "__aexit__",
            ) => {
                match kind {
                    SemKind::Lock if value > 0 => {
                        return Err(PyErr::new(ExcType::RuntimeError, "Lock is not acquired."))
                    }
                    SemKind::Bounded if value >= initial => {
                        return Err(PyErr::value_error(
                            "BoundedSemaphore released too many times",
                        ))
                    }
                    _ => {}
                }
                if let Some(SyncPrim::Semaphore { value, .. }) = self.prim_mut(id) {
                    *value += 1;
                }
                if name == "__aexit__" {
                    self.done_future(Value::None)
                } else {
                    Value::None
                }
            }
            (Shape::Semaphore { value, .. }, "locked") => Value::Bool(value == 0),
            (Shape::Event { .. }, "set" | "clear") => {
                if let Some(SyncPrim::Event { set }) = self.prim_mut(id) {
                    *set = name == "set";
                }
                Value::None
            }
            (Shape::Event { set }, "is_set") => Value::Bool(set),
            (Shape::Event { .. }, "wait") => self.wait_on(id, SyncOp::EventWait),
            (Shape::Queue { .. }, "get") => self.wait_on(id, SyncOp::Get),
            (Shape::Queue { .. }, "put") => self.wait_on(id, SyncOp::Put(args[0])),
            (Shape::Queue { .. }, "join") => self.wait_on(id, SyncOp::Join),
            (Shape::Queue { len, .. }, "qsize") => Value::Int(len),
            (Shape::Queue { len, .. }, "empty") => Value::Bool(len == 0),
            (Shape::Queue { len, maxsize, .. }, "full") => {
                Value::Bool(maxsize > 0 && len >= maxsize)
            }
            (Shape::Queue { .. }, "get_nowait") => match self.queue_take(id)? {
                Some(v) => v,
                None => return Err(PyErr::New(ExcType::QueueEmpty, vec![])),
            },
            (Shape::Queue { .. }, "put_nowait") => {
                if !self.queue_offer(id, args[0])? {
                    return Err(PyErr::New(ExcType::QueueFull, vec![]));
                }
                Value::None
            }
            (Shape::Queue { unfinished, .. }, "task_done") => {
                if unfinished <= 0 {
                    return Err(PyErr::value_error("task_done() called too many times"));
                }
                if let Some(SyncPrim::Queue { unfinished, .. }) = self.prim_mut(id) {
                    *unfinished -= 1;
                }
                Value::None
            }
            _ => unreachable!("sync_has_method checked the name"),
        })
    }

    /// Takes the next item of queue `id`, if any.
    ///
    /// # Errors
    /// What comparing a priority queue's items raised.
    fn queue_take(&mut self, id: ObjId) -> PyResult<Option<Value>> {
        let (kind, mut items) = match self.prim_mut(id) {
            Some(SyncPrim::Queue { items, kind, .. }) => match kind {
                QueueKind::Lifo => return Ok(items.pop_back()),
                QueueKind::Fifo => return Ok(items.pop_front()),
                QueueKind::Priority => (*kind, std::mem::take(items)),
            },
            _ => return Ok(None),
        };
        debug_assert_eq!(kind, QueueKind::Priority);
        let r = self.heap_pop(&mut items);
        if let Some(SyncPrim::Queue { items: it, .. }) = self.prim_mut(id) {
            *it = items;
        }
        r
    }

    /// Puts `v` in queue `id` if it has room.
    ///
    /// # Errors
    /// What comparing a priority queue's items raised (the item is then
    /// not added).
    fn queue_offer(&mut self, id: ObjId, v: Value) -> PyResult<bool> {
        let kind = match self.prim_mut(id) {
            Some(SyncPrim::Queue {
                items,
                maxsize,
                unfinished,
                kind,
            }) if *maxsize <= 0 || (items.len() as i64) < *maxsize => {
                if *kind != QueueKind::Priority {
                    items.push_back(v);
                    *unfinished += 1;
                    return Ok(true);
                }
                *kind
            }
            _ => return Ok(false),
        };
        debug_assert_eq!(kind, QueueKind::Priority);
        let mut items = match self.prim_mut(id) {
            Some(SyncPrim::Queue { items, .. }) => std::mem::take(items),
            _ => return Ok(false),
        };
        let r = self.heap_push(&mut items, v);
        if let Some(SyncPrim::Queue {
            items: it,
            unfinished,
            ..
        }) = self.prim_mut(id)
        {
            *it = items;
            if r.is_ok() {
                *unfinished += 1;
            }
        }
        r.map(|()| true)
    }

    /// `heapq.heappush(items, v)`.
    fn heap_push(&mut self, items: &mut VecDeque<Value>, v: Value) -> PyResult<()> {
        items.push_back(v);
        let mut pos = items.len() - 1;
        while pos > 0 {
            let parent = (pos - 1) / 2;
            if !self.item_lt(v, items[parent])? {
                break;
            }
            items[pos] = items[parent];
            pos = parent;
        }
        items[pos] = v;
        Ok(())
    }

    /// `heapq.heappop(items)`.
    fn heap_pop(&mut self, items: &mut VecDeque<Value>) -> PyResult<Option<Value>> {
        let Some(last) = items.pop_back() else {
            return Ok(None);
        };
        if items.is_empty() {
            return Ok(Some(last));
        }
        let top = items[0];
        // heapq's _siftup: the smaller child rises to the leaf, then the
        // last item sifts down from there
        let end = items.len();
        let mut pos = 0;
        let mut child = 1;
        while child < end {
            let right = child + 1;
            if right < end && !self.item_lt(items[child], items[right])? {
                child = right;
            }
            items[pos] = items[child];
            pos = child;
            child = 2 * pos + 1;
        }
        while pos > 0 {
            let parent = (pos - 1) / 2;
            if !self.item_lt(last, items[parent])? {
                break;
            }
            items[pos] = items[parent];
            pos = parent;
        }
        items[pos] = last;
        Ok(Some(top))
    }

    fn item_lt(&mut self, a: Value, b: Value) -> PyResult<bool> {
        let r = self.compare_op(monty_compile::bytecode::CmpOp::Lt, a, b)?;
        self.truthy(r)
    }

    /// Polls the wait `wait`: does its operation if it can now be done and
    /// gives the result (the wait is then a finished future), else None.
    pub(super) fn sync_poll(&mut self, wait: ObjId) -> Option<Result<Value, Value>> {
        let Some(Awaitable::SyncWait { on, op }) = self.awaitable_at(wait).cloned() else {
            return None;
        };
        let Value::Ref(p) = on else { return None };
        let result = match op {
            SyncOp::CondWait(ticket) => {
                if !self.condition_reacquire(p, ticket) {
                    return None;
                }
                Value::Bool(true)
            }
            SyncOp::Acquire => match self.prim_mut(p) {
                Some(SyncPrim::Semaphore { value, .. }) if *value > 0 => {
                    *value -= 1;
                    Value::Bool(true)
                }
                _ => return None,
            },
            SyncOp::EventWait => match self.prim(p) {
                Some(SyncPrim::Event { set: true }) => Value::Bool(true),
                _ => return None,
            },
            SyncOp::Get => match self.queue_take(p) {
                Ok(v) => v?,
                Err(e) => return Some(Err(self.raise_prep_detached(e))),
            },
            SyncOp::Put(v) => match self.queue_offer(p, v) {
                Ok(true) => Value::None,
                Ok(false) => return None,
                Err(e) => return Some(Err(self.raise_prep_detached(e))),
            },
            SyncOp::Join => match self.prim(p) {
                Some(SyncPrim::Queue { unfinished: 0, .. }) => Value::None,
                _ => return None,
            },
        };
        *self.heap.get_mut(wait) = Obj::Native(crate::lib().wrap_awaitable(Awaitable::Future {
            call_id: 0,
            state: FutState::Done(result),
        }));
        Some(Ok(result))
    }

    /// How many tasks are blocked on a wait of the primitive `id`.
    fn waiters_on(&self, id: ObjId) -> usize {
        let target = Value::Ref(id);
        self.sched
            .tasks
            .iter()
            .filter(|t| t.state == super::tasks_data::TaskState::Blocked)
            .filter(|t| {
                matches!(t.waiting_on, Value::Ref(w) if matches!(self.awaitable_at(w),
                    Some(Awaitable::SyncWait { on, .. }) if *on == target))
            })
            .count()
    }

    /// The repr of a primitive, as CPython writes it.
    ///
    /// # Errors
    /// What the repr of a queued item raised.
    /// `addr` is None for `str()`, which a queue writes without it.
    pub(super) fn sync_repr(&mut self, id: ObjId, addr: Option<&str>) -> PyResult<Option<String>> {
        let Some(prim) = self.prim(id).cloned() else {
            return Ok(None);
        };
        let waiters = self.waiters_on(id);
        let waiting = if waiters > 0 {
            format!(", waiters:{waiters}")
        } else {
            String::new()
        };
        let at = addr.map(|a| format!(" at {a}")).unwrap_or_default();
        Ok(Some(match prim {
            SyncPrim::Semaphore { kind, value, .. } => {
                let state = if value == 0 { "locked" } else { "unlocked" };
                let value = match kind {
                    SemKind::Lock => String::new(),
                    _ => format!(", value:{value}"),
                };
                let name = match kind {
                    SemKind::Lock => "Lock",
                    SemKind::Semaphore => "Semaphore",
                    SemKind::Bounded => "BoundedSemaphore",
                };
                format!("<asyncio.locks.{name} object{at} [{state}{value}{waiting}]>")
            }
            SyncPrim::Event { set } => format!(
                "<asyncio.locks.Event object{at} [{}{waiting}]>",
                if set { "set" } else { "unset" }
            ),
            SyncPrim::Queue {
                items,
                maxsize,
                unfinished,
                kind,
            } => {
                let name = kind.name();
                let mut s = format!("<{name}{at} maxsize={maxsize}");
                if !items.is_empty() {
                    let mut shown = Vec::with_capacity(items.len());
                    for v in items {
                        shown.push(self.repr(v)?);
                    }
                    s.push_str(&format!(" _queue=[{}]", shown.join(", ")));
                }
                if waiters > 0 {
                    s.push_str(&format!(" _getters[{waiters}]"));
                }
                if unfinished > 0 {
                    s.push_str(&format!(" tasks={unfinished}"));
                }
                s.push('>');
                s
            }
        }))
    }
}
