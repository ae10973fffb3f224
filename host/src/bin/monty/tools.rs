//! The `--tools-cmd` client: a child process that answers the program's
//! external calls over JSON lines.
//!
//! Protocol (DESIGN.md, "The command line"): the server's first stdout line
//! declares `{"functions":[{"name","params":[..],"async":bool},..]}`; then for
//! each call the host writes `{"id","name","args","kwargs"}` (a host object's
//! method also with `"object"`, `"class"` and `"method_call": true`) as one line and
//! reads one answer line, `{"id","value"}` or
//! `{"id","error":{"type","message"}}`. The server's stderr is inherited.
//! A server that exits, or answers with anything else, is an error for the
//! host (exit 4), never something the program sees. The host waits for each
//! answer without a timeout: the server is trusted to bound its own tools.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

/// A call id and the tool's answer to it.
pub type Answered = (u64, Result<Value, ExternalError>);

use monty_host::{ExternalError, ExternalFunction, PendingCall, Value};
use serde::{Deserialize, Deserializer, Serialize};

pub struct ToolServer {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
    pub functions: Vec<ExternalFunction>,
    /// The declaration as sent (with annotations), for the stubs.
    pub declared: Vec<DeclaredFunction>,
}

#[derive(Deserialize)]
struct Declaration {
    functions: Vec<DeclaredFunction>,
}

/// One declared tool: `{"name", "params"?, "async"?, "returns"?}`.
#[derive(Debug, Clone, Deserialize)]
pub struct DeclaredFunction {
    pub name: String,
    /// Plain names, or objects with a type, a default and a kind.
    #[serde(default)]
    pub params: Option<Vec<DeclaredParam>>,
    #[serde(default, rename = "async")]
    pub is_async: bool,
    /// The return annotation (Python type text), if any.
    #[serde(default)]
    pub returns: Option<String>,
}

/// A parameter: `"city"` or `{"name": "city", "type": "str", "default":
/// JSON, "kind": "positional_only" | "positional_or_keyword" |
/// "keyword_only" | "var_positional" | "var_keyword"}`.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum DeclaredParam {
    Name(String),
    Full {
        name: String,
        #[serde(default, rename = "type")]
        annotation: Option<String>,
        #[serde(default, deserialize_with = "present_json")]
        default: Option<serde_json::Value>,
        #[serde(default)]
        kind: ParamKind,
    },
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ParamKind {
    PositionalOnly,
    #[default]
    PositionalOrKeyword,
    KeywordOnly,
    VarPositional,
    VarKeyword,
}

/// `Some(value)` whenever the key is present, even for `null` (a default
/// of `None`).
fn present_json<'de, D: Deserializer<'de>>(d: D) -> Result<Option<serde_json::Value>, D::Error> {
    serde_json::Value::deserialize(d).map(Some)
}

impl DeclaredParam {
    fn name(&self) -> &str {
        match self {
            DeclaredParam::Name(name) | DeclaredParam::Full { name, .. } => name,
        }
    }

    fn kind(&self) -> ParamKind {
        match self {
            DeclaredParam::Name(_) => ParamKind::PositionalOrKeyword,
            DeclaredParam::Full { kind, .. } => *kind,
        }
    }
}

impl DeclaredFunction {
    /// The function as the program sees it at run time: parameter names
    /// (none with `*args` / `**kwargs`: arguments then pass through as
    /// given), also an attribute of module `tools`.
    pub fn external(&self) -> ExternalFunction {
        let params = self.params.as_ref().and_then(|params| {
            params
                .iter()
                .all(|p| !matches!(p.kind(), ParamKind::VarPositional | ParamKind::VarKeyword))
                .then(|| params.iter().map(|p| p.name().to_owned()).collect())
        });
        ExternalFunction {
            name: self.name.clone(),
            params,
            is_async: self.is_async,
            module: Some("tools".to_owned()),
        }
    }

    /// `def name(params) -> returns: ...` (`async def` for async tools);
    /// without declared params, `(*args, **kwargs)`.
    fn stub(&self) -> String {
        let params = match &self.params {
            None => "*args, **kwargs".to_owned(),
            Some(params) => render_params(params),
        };
        let returns = self
            .returns
            .as_deref()
            .map(|r| format!(" -> {r}"))
            .unwrap_or_default();
        let prefix = if self.is_async { "async " } else { "" };
        format!("{prefix}def {}({params}){returns}: ...", self.name)
    }
}

fn render_params(params: &[DeclaredParam]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut positional_only = false;
    let mut star = false;
    for p in params {
        let kind = p.kind();
        if positional_only && kind != ParamKind::PositionalOnly {
            out.push("/".to_owned());
            positional_only = false;
        }
        match kind {
            ParamKind::PositionalOnly => positional_only = true,
            ParamKind::KeywordOnly if !star => {
                out.push("*".to_owned());
                star = true;
            }
            ParamKind::VarPositional => star = true,
            _ => {}
        }
        let stars = match kind {
            ParamKind::VarPositional => "*",
            ParamKind::VarKeyword => "**",
            _ => "",
        };
        let mut text = format!("{stars}{}", p.name());
        if let DeclaredParam::Full {
            annotation,
            default,
            ..
        } = p
        {
            if let Some(annotation) = annotation {
                text.push_str(": ");
                text.push_str(annotation);
            }
            if let Some(default) = default {
                let sep = if annotation.is_some() { " = " } else { "=" };
                text.push_str(sep);
                text.push_str(&python_literal(default));
            }
        }
        out.push(text);
    }
    if positional_only {
        out.push("/".to_owned());
    }
    out.join(", ")
}

/// A JSON default as Python source: scalars, and lists and dicts of them.
fn python_literal(value: &serde_json::Value) -> String {
    use serde_json::Value as J;
    match value {
        J::Null => "None".to_owned(),
        J::Bool(true) => "True".to_owned(),
        J::Bool(false) => "False".to_owned(),
        J::Number(n) => n.to_string(),
        // a JSON string literal is a valid Python one
        J::String(_) => value.to_string(),
        J::Array(items) => format!(
            "[{}]",
            items
                .iter()
                .map(python_literal)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        J::Object(map) => format!(
            "{{{}}}",
            map.iter()
                .map(|(k, v)| format!("{}: {}", J::String(k.clone()), python_literal(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// The names `typing` exports that declared annotations may use.
const TYPING_NAMES: &[&str] = &[
    "Any",
    "Callable",
    "Literal",
    "Mapping",
    "NotRequired",
    "Optional",
    "Sequence",
    "TypedDict",
    "Union",
];

/// The declared tools as Python stub text: what `monty stubs` prints for
/// a prompt and what `check` / `run --check` check the program against.
pub fn render_stubs(functions: &[DeclaredFunction]) -> String {
    let defs: Vec<String> = functions.iter().map(DeclaredFunction::stub).collect();
    let used: Vec<&str> = TYPING_NAMES
        .iter()
        .copied()
        .filter(|name| {
            defs.iter().any(|d| {
                d.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .any(|word| word == *name)
            })
        })
        .collect();
    let mut text = String::new();
    if !used.is_empty() {
        text.push_str(&format!("from typing import {}\n\n", used.join(", ")));
    }
    for d in defs {
        text.push_str(&d);
        text.push('\n');
    }
    text
}

/// One call as the server gets it; a method call of a host object also
/// names the object: `"object": 7, "class": "Database", "method_call": true`.
#[derive(Serialize)]
struct Request<'a> {
    id: u64,
    name: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    object: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    class: Option<&'a str>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    method_call: bool,
    args: &'a [Value],
    kwargs: Kwargs<'a>,
}

struct Kwargs<'a>(&'a [(String, Value)]);

impl Serialize for Kwargs<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

/// `Some(value)` whenever the key is present, even for `null`.
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(d).map(Some)
}

#[derive(Deserialize)]
struct Answer {
    id: u64,
    #[serde(default, deserialize_with = "present")]
    value: Option<Value>,
    #[serde(default)]
    error: Option<AnswerError>,
}

#[derive(Deserialize)]
struct AnswerError {
    #[serde(rename = "type", default = "runtime_error")]
    type_name: String,
    #[serde(default)]
    message: String,
}

fn runtime_error() -> String {
    "RuntimeError".to_owned()
}

fn shorten(line: &str) -> String {
    let line = line.trim_end();
    if line.chars().count() > 200 {
        format!("{}...", line.chars().take(200).collect::<String>())
    } else {
        line.to_owned()
    }
}

impl ToolServer {
    /// Starts `sh -c cmd` and reads its declaration line.
    pub fn spawn(cmd: &str) -> Result<ToolServer, String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(cmd)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start the tool server {cmd:?}: {e}"))?;
        let stdin = child.stdin.take();
        let stdout = BufReader::new(child.stdout.take().expect("piped"));
        let mut server = ToolServer {
            child,
            stdin,
            stdout,
            functions: Vec::new(),
            declared: Vec::new(),
        };
        let line = server.read_line("its function declaration")?;
        let declaration: Declaration = serde_json::from_str(&line).map_err(|e| {
            format!("the tool server's first line is not a {{\"functions\": [...]}} declaration ({e}): {}", shorten(&line))
        })?;
        // the tool server's functions are also `import tools`
        server.functions = declaration
            .functions
            .iter()
            .map(DeclaredFunction::external)
            .collect();
        server.declared = declaration.functions;
        Ok(server)
    }

    fn exit_status(&mut self) -> String {
        // Give a dying server a moment to be reaped so the status is known.
        let deadline = Instant::now() + Duration::from_millis(200);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return format!(" ({status})"),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(10))
                }
                _ => return String::new(),
            }
        }
    }

    fn read_line(&mut self, what: &str) -> Result<String, String> {
        let mut line = String::new();
        match self.stdout.read_line(&mut line) {
            Ok(0) => Err(format!(
                "the tool server closed its output before sending {what}{}",
                self.exit_status()
            )),
            Ok(_) => Ok(line),
            Err(e) => Err(format!("cannot read from the tool server: {e}")),
        }
    }

    /// Sends one call and waits for its answer.
    ///
    /// (See [`Answered`] for what `call_many` returns.)
    pub fn call(&mut self, call: &PendingCall) -> Result<Result<Value, ExternalError>, String> {
        self.send(call)?;
        let (id, result) =
            self.receive(&format!("an answer to call {} ({})", call.id, call.name))?;
        if id != call.id {
            return Err(format!(
                "the tool server answered call {id} but call {} was asked",
                call.id
            ));
        }
        Ok(result)
    }

    /// Sends every call at once, then collects their answers, which may
    /// come in any order (the server may run them concurrently).
    pub fn call_many(&mut self, calls: &[PendingCall]) -> Result<Vec<Answered>, String> {
        for call in calls {
            self.send(call)?;
        }
        let mut answers = Vec::with_capacity(calls.len());
        while answers.len() < calls.len() {
            let (id, result) = self.receive("an answer to an async call")?;
            if !calls.iter().any(|c| c.id == id) || answers.iter().any(|(a, _)| *a == id) {
                return Err(format!(
                    "the tool server answered call {id}, which was not asked (or twice)"
                ));
            }
            answers.push((id, result));
        }
        Ok(answers)
    }

    fn send(&mut self, call: &PendingCall) -> Result<(), String> {
        let request = Request {
            id: call.id,
            name: &call.name,
            object: call.object,
            class: call.class.as_deref(),
            method_call: call.object.is_some(),
            args: &call.args,
            kwargs: Kwargs(&call.kwargs),
        };
        let mut line = serde_json::to_string(&request).map_err(|e| e.to_string())?;
        line.push('\n');
        let stdin = self
            .stdin
            .as_mut()
            .ok_or("the tool server's input is closed")?;
        if let Err(e) = stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.flush())
        {
            return Err(format!(
                "cannot send call {} ({}) to the tool server: {e}{}",
                call.id,
                call.name,
                self.exit_status()
            ));
        }
        Ok(())
    }

    fn receive(&mut self, what: &str) -> Result<Answered, String> {
        let answer = self.read_line(what)?;
        let parsed: Answer = serde_json::from_str(&answer).map_err(|e| {
            format!(
                "the tool server sent an invalid answer ({e}): {}",
                shorten(&answer)
            )
        })?;
        let result = match (parsed.value, parsed.error) {
            (_, Some(error)) => Err(ExternalError::new(error.type_name, error.message)),
            (Some(value), None) => Ok(value),
            (None, None) => {
                return Err(format!(
                    "the tool server's answer has neither \"value\" nor \"error\": {}",
                    shorten(&answer)
                ))
            }
        };
        Ok((parsed.id, result))
    }

    /// Closes the server's input, gives it a moment to exit, then kills it.
    pub fn finish(mut self) {
        drop(self.stdin.take());
        let deadline = Instant::now() + Duration::from_secs(1);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stubs(json: &str) -> String {
        let d: Declaration = serde_json::from_str(json).unwrap();
        render_stubs(&d.functions)
    }

    #[test]
    fn renders_every_parameter_kind() {
        assert_eq!(
            stubs(
                r#"{"functions":[{"name":"f","params":[
                {"name":"a","kind":"positional_only","type":"int"},
                "b",
                {"name":"args","kind":"var_positional"},
                {"name":"c","kind":"keyword_only","default":null},
                {"name":"d","type":"Optional[list[str]]","default":["x",1,true]},
                {"name":"kw","kind":"var_keyword","type":"Any"}],
                "returns":"None"}]}"#
            ),
            "from typing import Any, Optional\n\n\
             def f(a: int, /, b, *args, c=None, d: Optional[list[str]] = [\"x\", 1, True], **kw: Any) -> None: ...\n"
        );
        assert_eq!(
            stubs(
                r#"{"functions":[{"name":"g","params":[{"name":"x","kind":"keyword_only"}],"async":true}]}"#
            ),
            "async def g(*, x): ...\n"
        );
    }

    #[test]
    fn run_time_params_are_the_names() {
        let d: Declaration = serde_json::from_str(
            r#"{"functions":[{"name":"f","params":["a",{"name":"b","type":"int"}]},
                {"name":"g","params":[{"name":"k","kind":"var_keyword"}]}]}"#,
        )
        .unwrap();
        assert_eq!(
            d.functions[0].external().params,
            Some(vec!["a".to_owned(), "b".to_owned()])
        );
        assert_eq!(d.functions[1].external().params, None);
    }
}
