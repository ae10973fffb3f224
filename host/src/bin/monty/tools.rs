//! The `--tools-cmd` client: a child process that answers the program's
//! external calls over JSON lines.
//!
//! Protocol (DESIGN.md, "The command line"): the server's first stdout line
//! declares `{"functions":[{"name","params":[..],"async":bool},..]}`; then for
//! each call the host writes `{"id","name","args","kwargs"}` as one line and
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
}

#[derive(Deserialize)]
struct Declaration {
    functions: Vec<DeclaredFunction>,
}

#[derive(Deserialize)]
struct DeclaredFunction {
    name: String,
    #[serde(default)]
    params: Option<Vec<String>>,
    #[serde(default, rename = "async")]
    is_async: bool,
}

#[derive(Serialize)]
struct Request<'a> {
    id: u64,
    name: &'a str,
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
        };
        let line = server.read_line("its function declaration")?;
        let declaration: Declaration = serde_json::from_str(&line).map_err(|e| {
            format!("the tool server's first line is not a {{\"functions\": [...]}} declaration ({e}): {}", shorten(&line))
        })?;
        server.functions = declaration
            .functions
            .into_iter()
            .map(|f| ExternalFunction {
                name: f.name,
                params: f.params,
                is_async: f.is_async,
                // the tool server's functions are also `import tools`
                module: Some("tools".to_owned()),
            })
            .collect();
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
