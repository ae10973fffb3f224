//! The messages of the boundary (DESIGN.md, "The boundary").
//!
//! | export | argument | result |
//! |---|---|---|
//! | `start` | [`Request`] | [`Progress`] |
//! | `resume` | [`Reply`] | [`Progress`] |
//! | `restore` | snapshot bytes | [`Progress`] |
//! | `check` | [`CheckRequest`] | [`CheckReport`] |
//!
//! Fields a sender may leave out have serde defaults here, so the JSON a
//! hand-written host sends can stay short; unknown fields are ignored.

use alloc::string::String;
use alloc::vec::Vec;

use serde::{Deserialize, Deserializer, Serialize};

use crate::ordered::Ordered;
use crate::value::Value;

fn main_py() -> String {
    "main.py".into()
}

fn runtime_error() -> String {
    "RuntimeError".into()
}

/// A field that may be absent, where `null` is a present `None` value:
/// `{"id": 1, "value": null}` answers a call with `None`, while
/// `{"id": 1}` answers nothing.
pub(crate) fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(d).map(Some)
}

/// `start`: begin an execution.
///
/// `{"code": "...", "filename"?: "main.py", "inputs"?: {"x": 1},
/// "externals"?: [{"name": "fetch", "params"?: ["url"], "async"?: true}],
/// "limits"?: {"max_recursion_depth"?: 1000, "max_memory_bytes"?: 268435456},
/// "cwd"?: "/work"}`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Request {
    /// The Python source.
    pub code: String,
    /// The file name shown in tracebacks.
    #[serde(default = "main_py")]
    pub filename: String,
    /// Global variables defined before the program runs, in order.
    #[serde(default)]
    pub inputs: Ordered<Value>,
    /// The host functions the program may call.
    #[serde(default)]
    pub externals: Vec<External>,
    /// The limits the guest enforces itself.
    #[serde(default)]
    pub limits: Limits,
    /// The sandbox's working directory at the start (an absolute path;
    /// default `/`): relative paths of the os calls start there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cwd: Option<String>,
    /// Run the code as a cell of a session: `"new"` begins one, `"next"`
    /// continues the one this instance holds (after an earlier cell or the
    /// restore of a session's snapshot). A session's state outlives the
    /// cell: the instance keeps it for the next `start`, and `snapshot`
    /// saves it between cells too. Absent: a one-off execution.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session: Option<SessionStep>,
}

/// Which cell of a session a request runs ([`Request::session`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SessionStep {
    /// The first cell of a new session (any session held is dropped).
    New,
    /// The next cell of the session this instance holds.
    Next,
}

/// A host function the program can call by name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct External {
    /// The Python name.
    pub name: String,
    /// Parameter names, so keyword arguments are matched to positions;
    /// absent: any arguments are passed through as given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub params: Option<Vec<String>>,
    /// Whether calling it returns an awaitable (`async def`).
    #[serde(rename = "async", default)]
    pub is_async: bool,
    /// A module the function is also an attribute of (`import tools`,
    /// `from tools import search`); absent: a global only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub module: Option<String>,
}

/// The limits the guest itself enforces. The host enforces CPU (fuel), wall
/// clock, output and call counts, and caps linear memory; it tells the guest
/// the same memory cap so that an object that cannot fit is a catchable
/// `MemoryError` instead of a killed execution.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Limits {
    /// Python frames deep before `RecursionError` (and the ceiling of
    /// `sys.setrecursionlimit`); absent: 1000.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_recursion_depth: Option<u32>,
    /// The linear memory cap the host enforces, in bytes; absent (or
    /// larger): the module's own maximum (1 GiB).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_memory_bytes: Option<u64>,
    /// Bytecode instructions (plus items native code takes from
    /// iterators) the whole run may execute, counted by the guest across
    /// pauses and snapshots: a CPU bound that is the same in every host,
    /// for hosts without fuel.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_instructions: Option<u64>,
    /// Seconds the guest may spend running, summed over `start` and each
    /// `resume` (time the host spends on its tools is not counted), read
    /// from the WASI monotonic clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_duration_secs: Option<f64>,
}

/// A call of a host function: `{"id": 1, "name": "fetch", "args": [..],
/// "kwargs": {..}}`; a call of a host object's method (`host_object.rs`)
/// names the object too: `{"id": 2, "name": "query", "object": 7,
/// "class": "Database", "method_call": true, "args": [..], "kwargs": {..}}`
/// (the object itself is not among the arguments).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Call {
    /// Identifies the call in the reply.
    pub id: u64,
    /// The function's name (the method's, for a method call).
    pub name: String,
    /// For a method call: the id of the host object it is called on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub object: Option<u64>,
    /// For a method call: the object's class name, as the host declared it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub class: Option<String>,
    /// Whether this is a method call (`object` is then given).
    #[serde(default, skip_serializing_if = "is_false")]
    pub method_call: bool,
    /// Positional arguments.
    #[serde(default)]
    pub args: Vec<Value>,
    /// Keyword arguments, in call order.
    #[serde(default)]
    pub kwargs: Ordered<Value>,
}

/// An exception the program ended with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exception {
    /// The exception type's name, e.g. `"ZeroDivisionError"`.
    #[serde(rename = "type")]
    pub type_name: String,
    /// `str()` of the exception.
    #[serde(default)]
    pub message: String,
    /// The CPython-style traceback, ending with `Type: message`.
    #[serde(default)]
    pub traceback: String,
}

/// What an execution did: the result of `start`, `resume` and `restore`.
///
/// Read in one pass over the object, `status` anywhere in it
/// (`progress.rs`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Progress {
    /// `{"status": "complete", "value": V, "repr": "..."|null}`: the program
    /// ended; `value` is its last expression statement's value (else None),
    /// `repr` that value's `repr()` unless it is None.
    Complete {
        /// The value of the last expression statement.
        #[serde(default)]
        value: Value,
        /// `repr()` of `value`, when it is not None.
        #[serde(default)]
        repr: Option<String>,
    },
    /// `{"status": "call", ...Call}`: blocked on a synchronous host call.
    Call(Call),
    /// `{"status": "os_call", "id", "function": "Path.read_text", "args", "kwargs"}`:
    /// blocked on an operation of the outside world.
    OsCall {
        /// Identifies the call in the reply.
        id: u64,
        /// The operation's name.
        function: String,
        /// Positional arguments.
        #[serde(default)]
        args: Vec<Value>,
        /// Keyword arguments, in call order.
        #[serde(default)]
        kwargs: Ordered<Value>,
    },
    /// `{"status": "wait", "calls": [..], "sleep"?: secs}`: every task is
    /// blocked on async host calls or timers. `calls` are the calls
    /// announced since the last `wait` (all may run concurrently); `sleep`
    /// is the sandbox time to the earliest timer, if any.
    Wait {
        /// Calls not announced before.
        calls: Vec<Call>,
        /// Seconds until the earliest timer.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        sleep: Option<f64>,
    },
    /// `{"status": "error", "error": {"type", "message", "traceback"}}`: the
    /// program raised (a `SyntaxError` before running included).
    Error {
        /// The exception.
        error: Exception,
    },
    /// `{"status": "ready"}`: `restore` of a session's snapshot taken
    /// between cells; the instance holds the session, waiting for the next
    /// cell (`start` with `"session": "next"`).
    Ready,
    /// `{"status": "invalid", "message": "..."}`: the message could not be
    /// acted on (malformed, nothing paused, a refused snapshot).
    Invalid {
        /// What is wrong.
        message: String,
    },
    /// `{"status": "limit", "kind": "instructions"|"time"|"memory",
    /// "message": "..."}`: a budget the guest counts itself
    /// ([`Limits::max_instructions`], [`Limits::max_duration_secs`], the
    /// memory cap) ran out; the execution is over.
    Limit {
        /// Which budget.
        kind: String,
        /// A sentence for people.
        message: String,
    },
}

/// The exception a host function raised: `{"type": "KeyError", "message": "x"}`,
/// or for an os call that failed, with the OS error number:
/// `{"type": "OSError", "message": "Directory not empty", "errno": 39}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplyError {
    /// A builtin exception name; others become `RuntimeError`.
    #[serde(rename = "type", default = "runtime_error")]
    pub type_name: String,
    /// The exception's message.
    #[serde(default)]
    pub message: String,
    /// The OS error number (`OSError.errno`), for os calls; absent: the
    /// number that goes with `type` (OS_CALLS.md, "Errors").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub errno: Option<i64>,
}

/// `resume`: the answer to one pending call, `{"id": 1, "value": V}` or
/// `{"id": 1, "error": {..}}` (`error` wins when both are given).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Reply {
    /// The call answered; absent: the pending one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<u64>,
    /// The value returned (`null` is None; absent is no value).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "present"
    )]
    pub value: Option<Value>,
    /// The exception raised.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<ReplyError>,
}

impl Reply {
    /// Call `id` returned `value`.
    pub fn value(id: u64, value: Value) -> Reply {
        Reply {
            id: Some(id),
            value: Some(value),
            error: None,
        }
    }

    /// Call `id` raised `type_name(message)`.
    pub fn error(id: u64, type_name: String, message: String) -> Reply {
        Reply {
            id: Some(id),
            value: None,
            error: Some(ReplyError {
                type_name,
                message,
                errno: None,
            }),
        }
    }

    /// Os call `id` failed with `type_name(errno, message)`.
    pub fn os_error(id: u64, type_name: String, message: String, errno: Option<i64>) -> Reply {
        Reply {
            id: Some(id),
            value: None,
            error: Some(ReplyError {
                type_name,
                message,
                errno,
            }),
        }
    }
}

/// `resume` after a `wait`: `{"results": [Reply, ..], "elapsed"?: secs}`,
/// the answers that arrived (possibly none) and, under real time, the
/// sandbox seconds that passed.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Results {
    /// The answers, each with its `id`.
    pub results: Vec<Reply>,
    /// Seconds of sandbox time that passed while waiting.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub elapsed: Option<f64>,
}

/// What `resume` takes: a [`Reply`] to a `call`, or [`Results`] after a
/// `wait` (told apart by the `results` field).
#[derive(Debug, Clone, PartialEq)]
pub enum Resume {
    /// The answer to the pending call.
    One(Reply),
    /// The answers that arrived while waiting.
    Many(Results),
}

impl Serialize for Resume {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Resume::One(reply) => reply.serialize(s),
            Resume::Many(results) => results.serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for Resume {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Resume, D::Error> {
        // One pass over the object, whichever form it has (an untagged
        // enum would buffer the whole message, values included).
        #[derive(Deserialize)]
        struct Either {
            #[serde(default)]
            id: Option<u64>,
            #[serde(default, deserialize_with = "present")]
            value: Option<Value>,
            #[serde(default)]
            error: Option<ReplyError>,
            #[serde(default)]
            results: Option<Vec<Reply>>,
            #[serde(default)]
            elapsed: Option<f64>,
        }
        let e = Either::deserialize(d)?;
        Ok(match e.results {
            Some(results) => Resume::Many(Results {
                results,
                elapsed: e.elapsed,
            }),
            None => Resume::One(Reply {
                id: e.id,
                value: e.value,
                error: e.error,
            }),
        })
    }
}

/// `check`: `{"code", "filename"?, "externals"?, "stubs"?, "inputs"?}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckRequest {
    /// The Python source.
    pub code: String,
    /// The file name shown in messages.
    #[serde(default = "main_py")]
    pub filename: String,
    /// Host functions, whose names are defined for the check.
    #[serde(default)]
    pub externals: Vec<External>,
    /// Python stub text declaring the host's tools, classes and constants
    /// (`def get_weather(city: str) -> dict[str, Any]: ...`), checked
    /// against by the static checker; empty: none.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub stubs: String,
    /// The names of the inputs the program will be given (globals bound
    /// before it runs).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub inputs: Vec<String>,
}

impl CheckRequest {
    /// Reads a request from its JSON text.
    ///
    /// # Errors
    /// serde_json's message for malformed JSON or a wrong shape.
    // Not inlined: the reader is compiled here, for size (the guest, which
    // calls it once per check, is built for speed).
    #[inline(never)]
    pub fn from_json(text: &str) -> Result<CheckRequest, serde_json::Error> {
        serde_json::from_str(text)
    }
}

/// The result of `check`: `{"ok": bool, "diagnostics": [..]}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckReport {
    /// Whether the code would be accepted.
    pub ok: bool,
    /// The problems found, in source order.
    #[serde(default)]
    pub diagnostics: Vec<Diagnostic>,
    /// Global names the program reads but never binds and that are not
    /// builtins, in order of first use: with no list of host functions, a
    /// host may declare these as external functions.
    #[serde(default)]
    pub undefined_names: Vec<String>,
}

impl CheckReport {
    /// The report as JSON text.
    // Not inlined, as [`CheckRequest::from_json`].
    #[inline(never)]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("check reports always encode")
    }
}

/// One problem found by `check`: a compile error, or a finding of the
/// static checker (`monty-check`), with its position, a stable `code`
/// (`undefined-name`, `call-arity`, `arg-type`, ...; `syntax` and
/// `unsupported` for compile errors) and a severity. The fields after
/// `message` were added later and default when absent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diagnostic {
    /// 1-based source line.
    #[serde(default)]
    pub line: u32,
    /// The exception the problem would raise, e.g. `"SyntaxError"`.
    #[serde(rename = "type")]
    pub type_name: String,
    /// What is wrong.
    #[serde(default)]
    pub message: String,
    /// 1-based column (in characters) of the start; 0: unknown.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub col: u32,
    /// 1-based line of the end; 0: unknown.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub end_line: u32,
    /// 1-based column just past the end; 0: unknown.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub end_col: u32,
    /// A stable code naming the rule.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub code: String,
    /// `"error"` (the program fails when it gets there) or `"warning"`.
    #[serde(default = "error_severity")]
    pub severity: String,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn error_severity() -> String {
    "error".into()
}

impl Diagnostic {
    /// A diagnostic with a line only (a compile error).
    pub fn at_line(line: u32, type_name: String, message: String, code: &str) -> Diagnostic {
        Diagnostic {
            line,
            type_name,
            message,
            col: 0,
            end_line: 0,
            end_col: 0,
            code: code.into(),
            severity: error_severity(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    #[test]
    fn requests_default_what_is_absent() {
        let r: Request = serde_json::from_str(r#"{"code":"1"}"#).unwrap();
        assert_eq!(r.filename, "main.py");
        assert_eq!(r.limits, Limits::default());
        let r: Request = serde_json::from_str(
            r#"{"code":"x","inputs":{"b":1,"a":{"$tuple":[]}},"externals":[{"name":"f","async":true}],"limits":{"max_memory_bytes":1024}}"#,
        )
        .unwrap();
        assert_eq!(r.inputs.0[0].0, "b");
        assert_eq!(r.inputs.0[1].1, Value::Tuple(vec![]));
        assert!(r.externals[0].is_async && r.externals[0].params.is_none());
        assert_eq!(r.limits.max_memory_bytes, Some(1024));
    }

    #[test]
    fn check_messages_default_what_is_absent() {
        let r: CheckRequest = serde_json::from_str(r#"{"code":"x"}"#).unwrap();
        assert!(r.stubs.is_empty() && r.inputs.is_empty());
        let d: Diagnostic =
            serde_json::from_str(r#"{"line":2,"type":"SyntaxError","message":"m"}"#).unwrap();
        assert_eq!(
            (d.col, d.code.as_str(), d.severity.as_str()),
            (0, "", "error")
        );
        assert_eq!(
            serde_json::to_string(&Diagnostic::at_line(
                2,
                "SyntaxError".into(),
                "m".into(),
                "syntax"
            ))
            .unwrap(),
            r#"{"line":2,"type":"SyntaxError","message":"m","code":"syntax","severity":"error"}"#
        );
    }

    #[test]
    fn a_null_value_is_a_value() {
        let r: Reply = serde_json::from_str(r#"{"id":1,"value":null}"#).unwrap();
        assert_eq!(r.value, Some(Value::None));
        let r: Reply = serde_json::from_str(r#"{"id":1}"#).unwrap();
        assert_eq!(r.value, None);
        let r: Reply = serde_json::from_str(r#"{"error":{}}"#).unwrap();
        assert_eq!(r.error.unwrap().type_name, "RuntimeError");
    }

    #[test]
    fn an_os_error_may_carry_its_errno() {
        let r: Reply = serde_json::from_str(
            r#"{"id":1,"error":{"type":"OSError","message":"Directory not empty","errno":39}}"#,
        )
        .unwrap();
        assert_eq!(r.error.as_ref().unwrap().errno, Some(39));
        assert_eq!(
            serde_json::to_string(&r).unwrap(),
            r#"{"id":1,"error":{"type":"OSError","message":"Directory not empty","errno":39}}"#
        );
        let r: Reply =
            serde_json::from_str(r#"{"id":1,"error":{"type":"KeyError","message":"x"}}"#).unwrap();
        assert_eq!(r.error.as_ref().unwrap().errno, None);
        assert_eq!(
            serde_json::to_string(&r).unwrap(),
            r#"{"id":1,"error":{"type":"KeyError","message":"x"}}"#
        );
    }

    #[test]
    fn resume_tells_its_forms_apart() {
        let one: Resume = serde_json::from_str(r#"{"id":1,"value":null}"#).unwrap();
        assert_eq!(one, Resume::One(Reply::value(1, Value::None)));
        let many: Resume =
            serde_json::from_str(r#"{"results":[{"id":2,"value":1}],"elapsed":0.5}"#).unwrap();
        assert_eq!(
            many,
            Resume::Many(Results {
                results: vec![Reply::value(2, Value::Int(1))],
                elapsed: Some(0.5)
            })
        );
        assert_eq!(
            serde_json::to_string(&many).unwrap(),
            r#"{"results":[{"id":2,"value":1}],"elapsed":0.5}"#
        );
    }

    #[test]
    fn progress_is_tagged_by_status() {
        let p = Progress::Call(Call {
            id: 2,
            name: "f".into(),
            object: None,
            class: None,
            method_call: false,
            args: vec![Value::Int(1)],
            kwargs: Ordered(vec![("z".into(), Value::None)]),
        });
        let text = serde_json::to_string(&p).unwrap();
        assert_eq!(
            text,
            r#"{"status":"call","id":2,"name":"f","args":[1],"kwargs":{"z":null}}"#
        );
        assert_eq!(serde_json::from_str::<Progress>(&text).unwrap(), p);
        let m = Progress::Call(Call {
            id: 3,
            name: "query".into(),
            object: Some(7),
            class: Some("Database".into()),
            method_call: true,
            args: vec![Value::Str("q".into())],
            kwargs: Ordered(vec![]),
        });
        let text = serde_json::to_string(&m).unwrap();
        assert_eq!(
            text,
            r#"{"status":"call","id":3,"name":"query","object":7,"class":"Database","method_call":true,"args":["q"],"kwargs":{}}"#
        );
        assert_eq!(serde_json::from_str::<Progress>(&text).unwrap(), m);
        let done = Progress::Complete {
            value: Value::None,
            repr: None,
        };
        assert_eq!(
            serde_json::to_string(&done).unwrap(),
            r#"{"status":"complete","value":null,"repr":null}"#
        );
    }
}
