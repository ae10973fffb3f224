//! One os call, parsed: [`OsCall::parse`] turns the `function`, `args` and
//! `kwargs` of an `os_call` progress (OS_CALLS.md, "Calls") into a typed
//! operation, checking the argument types, so every [`OsAccess`]
//! implementation reads the same calls the same way.
//!
//! [`OsAccess`]: crate::OsAccess

use crate::error::ExternalError;
use monty_wire::Value;

/// An operation on one path (the path itself is in [`OsCall::Path`]).
#[derive(Debug, Clone, PartialEq)]
pub enum PathOp {
    /// `Path.exists`: bool.
    Exists,
    /// `Path.is_file`: bool.
    IsFile,
    /// `Path.is_dir`: bool.
    IsDir,
    /// `Path.stat`: `{"st_size", "st_mtime", "st_mode"}`.
    Stat,
    /// `Path.read_bytes`: the whole file.
    ReadBytes,
    /// `Path.write_bytes`: create or truncate, then write; answers the
    /// number of bytes written.
    WriteBytes(Vec<u8>),
    /// `Path.append_bytes`: create if missing, then append; answers the
    /// number of bytes written.
    AppendBytes(Vec<u8>),
    /// `Path.iterdir`: the entry names.
    IterDir,
    /// `Path.mkdir(parents=, exist_ok=)`.
    Mkdir {
        /// Create missing parents too.
        parents: bool,
        /// An existing directory is not an error.
        exist_ok: bool,
    },
    /// `Path.unlink`.
    Unlink,
    /// `Path.rmdir`: an empty directory only.
    Rmdir,
}

/// An os call, by what it asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum OsCall {
    /// An operation on `path` (a sandbox path, as sent: absolute and
    /// normalized by a conforming guest, but not trusted to be).
    Path {
        /// The sandbox path.
        path: String,
        /// What to do with it.
        op: PathOp,
    },
    /// `Path.rename(src, dst)`: move, replacing an existing file.
    Rename {
        /// The sandbox path moved.
        src: String,
        /// Where it goes.
        dst: String,
    },
    /// `os.getenv(name)`: str or None.
    GetEnv(String),
    /// `os.environ`: the whole environment as a dict.
    Environ,
    /// `time.time()`: seconds since the Unix epoch.
    Time,
    /// `os.urandom(n)`: `n` random bytes.
    Urandom(u64),
}

impl OsCall {
    /// Parses an os call.
    ///
    /// # Errors
    ///
    /// `TypeError` when an argument is missing or has the wrong type
    /// (a guest bug: a conforming guest checks them first);
    /// `ValueError` for a negative `os.urandom` count; `NotImplementedError`
    /// for a function this host does not know.
    pub fn parse(
        function: &str,
        args: &[Value],
        kwargs: &[(String, Value)],
    ) -> Result<OsCall, ExternalError> {
        let a = Args {
            function,
            args,
            kwargs,
        };
        let path_op = |op: PathOp| -> Result<OsCall, ExternalError> {
            Ok(OsCall::Path {
                path: a.str(0, "path")?,
                op,
            })
        };
        match function {
            "Path.exists" => path_op(PathOp::Exists),
            "Path.is_file" => path_op(PathOp::IsFile),
            "Path.is_dir" => path_op(PathOp::IsDir),
            "Path.stat" => path_op(PathOp::Stat),
            "Path.read_bytes" => path_op(PathOp::ReadBytes),
            "Path.write_bytes" => path_op(PathOp::WriteBytes(a.bytes(1, "data")?)),
            "Path.append_bytes" => path_op(PathOp::AppendBytes(a.bytes(1, "data")?)),
            "Path.iterdir" => path_op(PathOp::IterDir),
            "Path.mkdir" => path_op(PathOp::Mkdir {
                parents: a.flag("parents")?,
                exist_ok: a.flag("exist_ok")?,
            }),
            "Path.unlink" => path_op(PathOp::Unlink),
            "Path.rmdir" => path_op(PathOp::Rmdir),
            "Path.rename" => Ok(OsCall::Rename {
                src: a.str(0, "src")?,
                dst: a.str(1, "dst")?,
            }),
            "os.getenv" => Ok(OsCall::GetEnv(a.str(0, "name")?)),
            "os.environ" => Ok(OsCall::Environ),
            "time.time" => Ok(OsCall::Time),
            "os.urandom" => {
                let n = a.get(0, "n").and_then(Value::as_i64).ok_or_else(|| {
                    ExternalError::new("TypeError", "os.urandom: n must be an int")
                })?;
                let n = u64::try_from(n).map_err(|_| {
                    ExternalError::new("ValueError", "negative argument not allowed")
                })?;
                Ok(OsCall::Urandom(n))
            }
            other => Err(ExternalError::new(
                "NotImplementedError",
                format!("the os call '{other}' is not supported by this host"),
            )),
        }
    }
}

/// An os call's arguments, looked up by position or keyword.
struct Args<'a> {
    function: &'a str,
    args: &'a [Value],
    kwargs: &'a [(String, Value)],
}

impl<'a> Args<'a> {
    fn get(&self, index: usize, name: &str) -> Option<&'a Value> {
        self.args
            .get(index)
            .or_else(|| self.kwargs.iter().find(|(k, _)| k == name).map(|(_, v)| v))
    }

    fn wrong(&self, name: &str, expected: &str) -> ExternalError {
        ExternalError::new(
            "TypeError",
            format!("{}: argument '{name}' must be {expected}", self.function),
        )
    }

    fn str(&self, index: usize, name: &str) -> Result<String, ExternalError> {
        match self.get(index, name) {
            Some(Value::Str(s)) => Ok(s.clone()),
            _ => Err(self.wrong(name, "str")),
        }
    }

    fn bytes(&self, index: usize, name: &str) -> Result<Vec<u8>, ExternalError> {
        match self.get(index, name) {
            Some(Value::Bytes(b)) => Ok(b.clone()),
            _ => Err(self.wrong(name, "bytes")),
        }
    }

    /// A keyword flag; absent or None is false.
    fn flag(&self, name: &str) -> Result<bool, ExternalError> {
        match self.kwargs.iter().find(|(k, _)| k == name).map(|(_, v)| v) {
            None | Some(Value::None) => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(Value::Int(n)) => Ok(*n != 0),
            Some(_) => Err(self.wrong(name, "bool")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(text: &str) -> Value {
        Value::Str(text.into())
    }

    #[test]
    fn calls_parse() {
        assert_eq!(
            OsCall::parse("Path.read_bytes", &[s("/d/a.csv")], &[]),
            Ok(OsCall::Path {
                path: "/d/a.csv".into(),
                op: PathOp::ReadBytes
            })
        );
        assert_eq!(
            OsCall::parse(
                "Path.mkdir",
                &[s("/d/x")],
                &[("parents".into(), Value::Bool(true))]
            ),
            Ok(OsCall::Path {
                path: "/d/x".into(),
                op: PathOp::Mkdir {
                    parents: true,
                    exist_ok: false
                }
            })
        );
        assert_eq!(
            OsCall::parse(
                "Path.write_bytes",
                &[s("/a"), Value::Bytes(b"hi".to_vec())],
                &[]
            ),
            Ok(OsCall::Path {
                path: "/a".into(),
                op: PathOp::WriteBytes(b"hi".to_vec())
            })
        );
        assert_eq!(
            OsCall::parse("Path.rename", &[s("/a"), s("/b")], &[]),
            Ok(OsCall::Rename {
                src: "/a".into(),
                dst: "/b".into()
            })
        );
        assert_eq!(OsCall::parse("os.environ", &[], &[]), Ok(OsCall::Environ));
        assert_eq!(
            OsCall::parse("os.urandom", &[Value::Int(4)], &[]),
            Ok(OsCall::Urandom(4))
        );
    }

    #[test]
    fn bad_calls_are_type_errors() {
        let e = OsCall::parse("Path.read_bytes", &[Value::Int(1)], &[]).unwrap_err();
        assert_eq!(e.type_name, "TypeError");
        let e = OsCall::parse("Path.write_bytes", &[s("/a"), s("text")], &[]).unwrap_err();
        assert_eq!(e.type_name, "TypeError");
        let e = OsCall::parse("os.urandom", &[Value::Int(-1)], &[]).unwrap_err();
        assert_eq!(e.type_name, "ValueError");
        let e = OsCall::parse("os.system", &[s("rm -rf /")], &[]).unwrap_err();
        assert_eq!(e.type_name, "NotImplementedError");
    }
}
