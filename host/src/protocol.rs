//! The JSON messages exchanged with the guest (DESIGN.md, "The boundary").
//!
//! Public types here are the host-side shapes of those messages
//! ([`StartRequest`], [`PendingCall`], [`CallResult`], [`CheckReport`]);
//! the `Wire*` types are their exact JSON encodings, private so the message
//! format can evolve without breaking the Rust API. Maps are (de)serialized
//! in order, never through a sorted map.

use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::{ExternalError, PyException};
use crate::limits::Limits;
use crate::value::Value;

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
}

impl ExternalFunction {
    /// A synchronous function with the given parameter names.
    pub fn new(name: impl Into<String>, params: &[&str]) -> Self {
        ExternalFunction {
            name: name.into(),
            params: Some(params.iter().map(|p| (*p).to_owned()).collect()),
            is_async: false,
        }
    }
}

/// An external call the program is blocked on.
#[derive(Debug, Clone, PartialEq)]
pub struct PendingCall {
    /// Identifies the call in the reply.
    pub id: u64,
    /// The external function's name.
    pub name: String,
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

/// The result of a static check.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct CheckReport {
    /// Whether the code would be accepted.
    pub ok: bool,
    /// The problems found, in source order.
    #[serde(default)]
    pub diagnostics: Vec<Diagnostic>,
}

/// One problem found by a static check.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Diagnostic {
    /// 1-based source line.
    #[serde(default)]
    pub line: u32,
    /// The exception type the problem would raise, e.g. `"SyntaxError"`.
    #[serde(rename = "type")]
    pub type_name: String,
    /// What is wrong.
    #[serde(default)]
    pub message: String,
}

/// Serializes ordered `(name, value)` pairs as a JSON object.
struct OrderedMap<'a>(&'a [(String, Value)]);

impl Serialize for OrderedMap<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

#[derive(Serialize)]
struct WireRequest<'a> {
    code: &'a str,
    filename: &'a str,
    inputs: OrderedMap<'a>,
    externals: Vec<WireExternal<'a>>,
    limits: WireLimits,
}

#[derive(Serialize)]
struct WireExternal<'a> {
    name: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    params: Option<&'a [String]>,
    #[serde(rename = "async")]
    is_async: bool,
}

#[derive(Serialize)]
struct WireLimits {
    max_recursion_depth: u32,
}

/// The `start` message for `request` under `limits`.
pub(crate) fn start_message(request: &StartRequest, limits: &Limits) -> String {
    let wire = WireRequest {
        code: &request.code,
        filename: &request.filename,
        inputs: OrderedMap(&request.inputs),
        externals: request
            .externals
            .iter()
            .map(|f| WireExternal {
                name: &f.name,
                params: f.params.as_deref(),
                is_async: f.is_async,
            })
            .collect(),
        limits: WireLimits {
            max_recursion_depth: limits.max_recursion_depth,
        },
    };
    serde_json::to_string(&wire).expect("requests always serialize")
}

/// The `check` message.
pub(crate) fn check_message(code: &str, filename: &str) -> String {
    #[derive(Serialize)]
    struct WireCheck<'a> {
        code: &'a str,
        filename: &'a str,
    }
    serde_json::to_string(&WireCheck { code, filename }).expect("requests always serialize")
}

#[derive(Serialize)]
struct WireReplyError<'a> {
    #[serde(rename = "type")]
    type_name: &'a str,
    message: &'a str,
}

#[derive(Serialize)]
struct WireReply<'a> {
    id: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<&'a Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<WireReplyError<'a>>,
}

impl<'a> From<&'a CallResult> for WireReply<'a> {
    fn from(r: &'a CallResult) -> Self {
        match &r.result {
            Ok(value) => WireReply {
                id: r.id,
                value: Some(value),
                error: None,
            },
            Err(e) => WireReply {
                id: r.id,
                value: None,
                error: Some(WireReplyError {
                    type_name: &e.type_name,
                    message: &e.message,
                }),
            },
        }
    }
}

/// The `resume` message answering one call.
pub(crate) fn reply_message(result: &CallResult) -> String {
    serde_json::to_string(&WireReply::from(result)).expect("replies always serialize")
}

/// The `resume` message answering a `wait`.
/// The reply to a `wait`: the results that arrived and, for real time, the
/// seconds of sandbox time that passed.
pub(crate) fn results_message(results: &[CallResult], elapsed: Option<f64>) -> String {
    #[derive(Serialize)]
    struct WireResults<'a> {
        results: Vec<WireReply<'a>>,
        #[serde(skip_serializing_if = "Option::is_none")]
        elapsed: Option<f64>,
    }
    let wire = WireResults {
        results: results.iter().map(WireReply::from).collect(),
        elapsed,
    };
    serde_json::to_string(&wire).expect("replies always serialize")
}

/// Keyword arguments: a JSON object read in order, without tag
/// interpretation of its keys (keyword names never start with `$`).
#[derive(Debug, Default)]
pub(crate) struct Kwargs(pub(crate) Vec<(String, Value)>);

impl<'de> Deserialize<'de> for Kwargs {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Kwargs, D::Error> {
        struct KwargsVisitor;
        impl<'de> Visitor<'de> for KwargsVisitor {
            type Value = Kwargs;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an object of keyword arguments")
            }
            fn visit_unit<E>(self) -> Result<Kwargs, E> {
                Ok(Kwargs::default())
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Kwargs, A::Error> {
                let mut pairs = Vec::new();
                while let Some(pair) = map.next_entry::<String, Value>()? {
                    pairs.push(pair);
                }
                Ok(Kwargs(pairs))
            }
        }
        d.deserialize_any(KwargsVisitor)
    }
}

#[derive(Debug, Deserialize)]
pub(crate) struct WireCall {
    pub(crate) id: u64,
    pub(crate) name: String,
    #[serde(default)]
    pub(crate) args: Vec<Value>,
    #[serde(default)]
    pub(crate) kwargs: Kwargs,
}

impl From<WireCall> for PendingCall {
    fn from(c: WireCall) -> Self {
        PendingCall {
            id: c.id,
            name: c.name,
            args: c.args,
            kwargs: c.kwargs.0,
        }
    }
}

#[derive(Debug, Deserialize)]
pub(crate) struct WireException {
    #[serde(rename = "type")]
    type_name: String,
    #[serde(default)]
    message: String,
    #[serde(default)]
    traceback: String,
}

impl From<WireException> for PyException {
    fn from(e: WireException) -> Self {
        PyException {
            type_name: e.type_name,
            message: e.message,
            traceback: e.traceback,
        }
    }
}

/// A progress message, as the guest writes it.
#[derive(Debug, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub(crate) enum WireProgress {
    Complete {
        #[serde(default)]
        value: Value,
        #[serde(default)]
        repr: Option<String>,
    },
    Call(WireCall),
    OsCall {
        id: u64,
        function: String,
        #[serde(default)]
        args: Vec<Value>,
        #[serde(default)]
        kwargs: Kwargs,
    },
    Wait {
        calls: Vec<WireCall>,
        /// Seconds of sandbox time until the earliest timer, if any.
        #[serde(default)]
        sleep: Option<f64>,
    },
    Error {
        error: WireException,
    },
    Invalid {
        message: String,
    },
}

/// Parses a progress message.
pub(crate) fn parse_progress(bytes: &[u8]) -> Result<WireProgress, String> {
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
        let json = start_message(&request, &Limits::default());
        assert_eq!(
            json,
            r#"{"code":"x","filename":"main.py","inputs":{"b":1,"a":{"$tuple":[]}},"externals":[{"name":"f","params":["x"],"async":false}],"limits":{"max_recursion_depth":1000}}"#
        );
    }

    #[test]
    fn replies_are_encoded() {
        let ok = CallResult {
            id: 3,
            result: Ok(Value::Float(1.0)),
        };
        assert_eq!(reply_message(&ok), r#"{"id":3,"value":1.0}"#);
        let none = CallResult {
            id: 3,
            result: Ok(Value::None),
        };
        assert_eq!(reply_message(&none), r#"{"id":3,"value":null}"#);
        let err = CallResult {
            id: 4,
            result: Err(ExternalError::new("ValueError", "bad")),
        };
        assert_eq!(
            reply_message(&err),
            r#"{"id":4,"error":{"type":"ValueError","message":"bad"}}"#
        );
        assert_eq!(
            results_message(&[ok], None),
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
            WireProgress::Complete { value, repr } => {
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
            WireProgress::Call(call) => {
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
            WireProgress::Complete {
                value: Value::None,
                repr: None
            }
        ));
        assert!(parse_progress(b"garbage").is_err());
    }
}
