//! What the guest's test files share: the session API's JSON messages
//! built and read with the wire crate's types (`mod support;` in each).

#![allow(dead_code)] // each test file uses some of them

use monty_guest::Session;
use monty_wire::{Call, External, Limits, Ordered, Progress, Request, Resume, Value};

/// A one-off run of `code` as `main.py`: no inputs, no externals.
pub fn request(code: &str) -> Request {
    Request {
        code: code.into(),
        filename: "main.py".into(),
        inputs: Ordered::default(),
        externals: Vec::new(),
        limits: Limits::default(),
        cwd: None,
        session: None,
    }
}

/// A declared host function with named parameters.
pub fn external(name: &str, params: &[&str], is_async: bool) -> External {
    External {
        name: name.into(),
        params: Some(params.iter().map(|p| (*p).into()).collect()),
        is_async,
        module: None,
    }
}

/// Sends `request` to `start`.
pub fn start(session: &mut Session, request: &Request) -> Progress {
    parse(&session.start(&serde_json::to_string(request).unwrap()))
}

/// Sends `resume` to `resume`.
pub fn resume(session: &mut Session, resume: &Resume) -> Progress {
    parse(&session.resume(&serde_json::to_string(resume).unwrap()))
}

/// A progress message read back.
pub fn parse(text: &str) -> Progress {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// The value and repr of a completed run.
pub fn complete(p: Progress) -> (Value, Option<String>) {
    match p {
        Progress::Complete { value, repr } => (value, repr),
        other => panic!("expected complete, got {other:?}"),
    }
}

/// The value of a completed run.
pub fn value(p: Progress) -> Value {
    complete(p).0
}

/// The host call a run paused at.
pub fn call(p: Progress) -> Call {
    match p {
        Progress::Call(call) => call,
        other => panic!("expected a call, got {other:?}"),
    }
}
