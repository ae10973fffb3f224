//! The host-side shapes of the boundary's messages ([`StartRequest`],
//! [`PendingCall`], [`CallResult`]) and their conversion to and from the
//! wire types of `monty_wire`, which the guest builds and reads too: what
//! the host sends is what the guest parses, checked by the compiler. The
//! public types here stay as they are while the message format evolves.

use monty_wire::{Ordered, Progress, Reply, Request, Results, Resume};

use crate::error::{ExternalError, PyException};
use crate::limits::Limits;
use monty_wire::Value;

pub use monty_wire::{CheckReport, Diagnostic};

/// Everything needed to begin an execution.
#[derive(Debug, Clone, PartialEq)]
pub struct StartRequest {
    /// The Python source.
    pub code: String,
    /// The file name shown in tracebacks. Default `"main.py"`.
    pub filename: String,
    /// Global variables defined before the program runs, in order.
    pub inputs: Vec<(String, Value)>,
    /// Functions the program may call; each call pauses the execution.
    pub externals: Vec<ExternalFunction>,
    /// Limits for this execution; `None` uses the engine's defaults.
    pub limits: Option<Limits>,
    /// The sandbox's working directory at the start (absolute; `None`:
    /// `/`), where relative paths of the os calls start.
    pub cwd: Option<String>,
}

impl StartRequest {
    /// A request to run `code` as `main.py` with no inputs or externals.
    pub fn new(code: impl Into<String>) -> Self {
        StartRequest {
            code: code.into(),
            filename: "main.py".to_owned(),
            inputs: Vec::new(),
            externals: Vec::new(),
            limits: None,
            cwd: None,
        }
    }

    /// Sets the file name shown in tracebacks.
    pub fn filename(mut self, filename: impl Into<String>) -> Self {
        self.filename = filename.into();
        self
    }

    /// Adds a global variable.
    pub fn input(mut self, name: impl Into<String>, value: impl Into<Value>) -> Self {
        self.inputs.push((name.into(), value.into()));
        self
    }

    /// Declares an external function.
    pub fn external(mut self, function: ExternalFunction) -> Self {
        self.externals.push(function);
        self
    }

    /// Sets this execution's limits.
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = Some(limits);
        self
    }

    /// Sets the working directory the program starts in (an absolute
    /// sandbox path, such as a mount point): `os.getcwd()`, and where
    /// `open('data.csv')` looks. A path that is not absolute is refused
    /// when the execution starts.
    pub fn cwd(mut self, dir: impl Into<String>) -> Self {
        self.cwd = Some(dir.into());
        self
    }
}

/// A host function the program can call by name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExternalFunction {
    /// The Python name.
    pub name: String,
    /// Parameter names, so keyword arguments can be matched; `None` accepts
    /// any arguments and passes them through as given.
    pub params: Option<Vec<String>>,
    /// Whether calling it returns an awaitable (the execution then pauses
    /// with `wait` when every task is blocked).
    pub is_async: bool,
    /// A module the function is also importable from (`import tools`,
    /// `from tools import search`); `None`: a global only.
    pub module: Option<String>,
}

impl ExternalFunction {
    /// A synchronous function with the given parameter names.
    pub fn new(name: impl Into<String>, params: &[&str]) -> Self {
        ExternalFunction {
            name: name.into(),
            params: Some(params.iter().map(|p| (*p).to_owned()).collect()),
            is_async: false,
            module: None,
        }
    }

    /// Makes the function also an attribute of module `module`, so the
    /// program may `import module` or `from module import name` (it stays
    /// a global too).
    pub fn in_module(mut self, module: impl Into<String>) -> Self {
        self.module = Some(module.into());
        self
    }
}

/// An external call the program is blocked on: a function the host
/// declared, or a method of an object it gave ([`HostObject`](crate::HostObject)).
#[derive(Debug, Clone, PartialEq)]
pub struct PendingCall {
    /// Identifies the call in the reply.
    pub id: u64,
    /// The external function's name (the method's, for a method call).
    pub name: String,
    /// For a method call: the id of the host object it is called on (the
    /// object is not among `args`).
    pub object: Option<u64>,
    /// For a method call: the object's class name, as the host gave it.
    pub class: Option<String>,
    /// Positional arguments.
    pub args: Vec<Value>,
    /// Keyword arguments, in call order.
    pub kwargs: Vec<(String, Value)>,
}

/// A request for an OS operation (file access, ...) the program is blocked on.
#[derive(Debug, Clone, PartialEq)]
pub struct PendingOsCall {
    /// Identifies the call in the reply.
    pub id: u64,
    /// The operation, e.g. `"Path.read_text"`.
    pub function: String,
    /// Positional arguments.
    pub args: Vec<Value>,
    /// Keyword arguments, in call order.
    pub kwargs: Vec<(String, Value)>,
}

/// The host's answer to one pending call.
#[derive(Debug, Clone, PartialEq)]
pub struct CallResult {
    /// The id of the call being answered.
    pub id: u64,
    /// The value returned, or the exception to raise in the program.
    pub result: Result<Value, ExternalError>,
}

/// The `start` message for `request` under `limits` (a session's cell
/// when `session` says which).
pub(crate) fn start_message(
    request: StartRequest,
    limits: &Limits,
    session: Option<monty_wire::SessionStep>,
) -> String {
    let wire = Request {
        code: request.code,
        filename: request.filename,
        inputs: Ordered(request.inputs),
        externals: request
            .externals
            .into_iter()
            .map(|f| monty_wire::External {
                name: f.name,
                params: f.params,
                is_async: f.is_async,
                module: f.module,
            })
            .collect(),
        limits: monty_wire::Limits {
            max_recursion_depth: Some(limits.max_recursion_depth),
            // (the guest counts a cap above the module's own maximum,
            // such as `Limits::unlimited`'s, as that maximum)
            max_memory_bytes: Some(u64::try_from(limits.max_memory_bytes).unwrap_or(u64::MAX)),
            max_instructions: limits.max_instructions,
            // (the host bounds time itself, by epoch interruption)
            max_duration_secs: None,
        },
        cwd: request.cwd,
        session,
    };
    serde_json::to_string(&wire).expect("requests always serialize")
}

/// The `check` message.
pub(crate) fn check_message(
    code: &str,
    filename: &str,
    stubs: &str,
    externals: &[ExternalFunction],
    inputs: &[String],
) -> String {
    let wire = monty_wire::CheckRequest {
        code: code.to_owned(),
        filename: filename.to_owned(),
        externals: externals
            .iter()
            .map(|f| monty_wire::External {
                name: f.name.clone(),
                params: f.params.clone(),
                is_async: f.is_async,
                module: f.module.clone(),
            })
            .collect(),
        stubs: stubs.to_owned(),
        inputs: inputs.to_vec(),
    };
    serde_json::to_string(&wire).expect("requests always serialize")
}

fn reply(result: CallResult) -> Reply {
    match result.result {
        Ok(value) => Reply::value(result.id, value),
        Err(e) => Reply::os_error(result.id, e.type_name, e.message, e.errno),
    }
}

/// The `resume` message answering one call.
pub(crate) fn reply_message(result: CallResult) -> String {
    serde_json::to_string(&Resume::One(reply(result))).expect("replies always serialize")
}

/// The `resume` message answering a `wait`: the results that arrived and,
/// for real time, the seconds of sandbox time that passed.
pub(crate) fn results_message(results: Vec<CallResult>, elapsed: Option<f64>) -> String {
    let wire = Resume::Many(Results {
        results: results.into_iter().map(reply).collect(),
        elapsed,
    });
    serde_json::to_string(&wire).expect("replies always serialize")
}

impl PendingCall {
    /// A call of the function `name`.
    pub fn new(id: u64, name: impl Into<String>, args: Vec<Value>) -> Self {
        PendingCall {
            id,
            name: name.into(),
            object: None,
            class: None,
            args,
            kwargs: Vec::new(),
        }
    }

    /// Whether this calls a method of a host object.
    pub fn is_method_call(&self) -> bool {
        self.object.is_some()
    }
}

impl From<monty_wire::Call> for PendingCall {
    fn from(c: monty_wire::Call) -> Self {
        PendingCall {
            id: c.id,
            name: c.name,
            object: c.object,
            class: c.class,
            args: c.args,
            kwargs: c.kwargs.0,
        }
    }
}

impl From<monty_wire::Exception> for PyException {
    fn from(e: monty_wire::Exception) -> Self {
        PyException {
            type_name: e.type_name,
            message: e.message,
            traceback: e.traceback,
        }
    }
}

/// Parses a progress message.
pub(crate) fn parse_progress(bytes: &[u8]) -> Result<Progress, String> {
    if let Some(call) = crate::call_message::read_call(bytes) {
        return Ok(Progress::Call(call));
    }
    serde_json::from_slice(bytes).map_err(|e| {
        if e.to_string().starts_with("recursion limit exceeded") {
            // serde_json's guard against native stack overflow.
            return "a value is nested more than 128 levels deep, which the JSON boundary does not carry"
                .to_owned();
        }
        let text = String::from_utf8_lossy(bytes);
        let shown: String = text.chars().take(300).collect();
        format!("the guest sent an unreadable progress message ({e}): {shown}")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_message_keeps_input_order() {
        let request = StartRequest::new("x")
            .input("b", 1)
            .input("a", Value::Tuple(vec![]))
            .external(ExternalFunction::new("f", &["x"]));
        let json = start_message(request, &Limits::default(), None);
        assert_eq!(
            json,
            r#"{"code":"x","filename":"main.py","inputs":{"b":1,"a":{"$tuple":[]}},"externals":[{"name":"f","params":["x"],"async":false}],"limits":{"max_recursion_depth":1000,"max_memory_bytes":268435456}}"#
        );
    }

    #[test]
    fn replies_are_encoded() {
        let ok = CallResult {
            id: 3,
            result: Ok(Value::Float(1.0)),
        };
        assert_eq!(reply_message(ok.clone()), r#"{"id":3,"value":1.0}"#);
        let none = CallResult {
            id: 3,
            result: Ok(Value::None),
        };
        assert_eq!(reply_message(none), r#"{"id":3,"value":null}"#);
        let err = CallResult {
            id: 4,
            result: Err(ExternalError::new("ValueError", "bad")),
        };
        assert_eq!(
            reply_message(err),
            r#"{"id":4,"error":{"type":"ValueError","message":"bad"}}"#
        );
        let os = CallResult {
            id: 5,
            result: Err(ExternalError::new("OSError", "Directory not empty").with_errno(39)),
        };
        assert_eq!(
            reply_message(os),
            r#"{"id":5,"error":{"type":"OSError","message":"Directory not empty","errno":39}}"#
        );
        assert_eq!(
            results_message(vec![ok], None),
            r#"{"results":[{"id":3,"value":1.0}]}"#
        );
    }

    #[test]
    fn progress_messages_parse() {
        let p = parse_progress(
            br#"{"status":"complete","value":{"b":1.0,"a":2},"repr":"{'b': 1.0, 'a': 2}"}"#,
        )
        .unwrap();
        match p {
            Progress::Complete { value, repr } => {
                assert_eq!(
                    value,
                    Value::dict([("b", Value::Float(1.0)), ("a", Value::Int(2))])
                );
                assert_eq!(repr.as_deref(), Some("{'b': 1.0, 'a': 2}"));
            }
            other => panic!("{other:?}"),
        }
        let p = parse_progress(br#"{"status":"call","id":1,"name":"f","args":[{"$int":"99999999999999999999"}],"kwargs":{"z":1,"a":2}}"#).unwrap();
        match p {
            Progress::Call(call) => {
                assert_eq!(
                    call.kwargs
                        .0
                        .iter()
                        .map(|(k, _)| k.as_str())
                        .collect::<Vec<_>>(),
                    ["z", "a"]
                );
                assert!(matches!(call.args[0], Value::BigInt(_)));
            }
            other => panic!("{other:?}"),
        }
        let p = parse_progress(br#"{"status":"complete","value":null,"repr":null}"#).unwrap();
        assert!(matches!(
            p,
            Progress::Complete {
                value: Value::None,
                repr: None
            }
        ));
        assert!(parse_progress(b"garbage").is_err());
    }
}
