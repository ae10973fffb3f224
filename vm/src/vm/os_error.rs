//! `OSError` and its subclasses as CPython builds them: `OSError(errno,
//! strerror[, filename[, winerror[, filename2]]])` keeps `errno`,
//! `strerror` and `filename` as attributes, `args` as `(errno, strerror)`,
//! prints as `[Errno 2] No such file or directory: 'x.csv'`, and
//! `OSError(2, ...)` itself is a `FileNotFoundError` (the errno picks the
//! subclass). The os calls of the library (`OS_CALLS.md`) raise these.

use crate::object::{ExcType, Exception, HashKey, Obj, ObjId, Value};

use super::{PyResult, Vm};

/// The subclass `OSError(errno, ...)` makes, as CPython's errno map.
fn subclass_for(errno: i64) -> Option<ExcType> {
    Some(match errno {
        2 => ExcType::FileNotFoundError,
        17 => ExcType::FileExistsError,
        20 => ExcType::NotADirectoryError,
        21 => ExcType::IsADirectoryError,
        1 | 13 => ExcType::PermissionError,
        110 => ExcType::TimeoutError,
        _ => return None,
    })
}

/// The errno an os error of type `kind` has when the host gives none.
pub fn default_errno(kind: ExcType) -> Option<i64> {
    Some(match kind {
        ExcType::FileNotFoundError => 2,
        ExcType::FileExistsError => 17,
        ExcType::NotADirectoryError => 20,
        ExcType::IsADirectoryError => 21,
        ExcType::PermissionError => 13,
        ExcType::TimeoutError => 110,
        _ => return None,
    })
}

/// The attributes an `OSError` always has (None when not given).
pub const OS_ERROR_ATTRS: &[&str] = &["errno", "strerror", "filename", "filename2"];

impl Vm {
    /// `kind(*args)` for `OSError` and its subclasses.
    pub fn new_os_error(&mut self, kind: ExcType, args: Vec<Value>) -> Value {
        let errno = match args.first() {
            Some(Value::Int(n)) if (2..=5).contains(&args.len()) => Some(*n),
            _ => None,
        };
        let Some(errno) = errno else {
            return self.new_exception(Exception::new(kind, args));
        };
        let kind = match kind {
            ExcType::OSError => subclass_for(errno).unwrap_or(kind),
            _ => kind,
        };
        let mut e = Exception::new(kind, args[..2].to_vec());
        let names = ["errno", "strerror", "filename", "", "filename2"];
        for (name, v) in names.iter().zip(&args) {
            if !name.is_empty() {
                let key = self.new_str(*name);
                e.attrs.insert(HashKey::Str((*name).into()), key, *v);
            }
        }
        self.new_exception(e)
    }

    /// `kind(errno, strerror, filename)`: what a failed os call raises.
    pub fn os_error(&mut self, kind: ExcType, errno: i64, strerror: &str, filename: &str) -> Value {
        let s = self.new_str(strerror);
        let f = self.new_str(filename);
        self.new_os_error(kind, vec![Value::Int(errno), s, f])
    }

    /// `str()` of an os error that has an errno and strerror; `None` for
    /// the others (printed as any exception).
    pub(crate) fn os_error_str(&mut self, id: ObjId) -> PyResult<Option<String>> {
        let Obj::Exception(e) = self.heap.get(id) else {
            return Ok(None);
        };
        if !e.kind.is_subclass_of(ExcType::OSError) || e.class.is_some() {
            return Ok(None);
        }
        let get = |n: &str| e.attrs.get_str(n).filter(|v| !v.is_none());
        let (Some(errno), Some(strerror)) = (get("errno"), get("strerror")) else {
            return Ok(None);
        };
        let (filename, filename2) = (get("filename"), get("filename2"));
        let errno = self.str_of(errno)?;
        let strerror = self.str_of(strerror)?;
        let mut out = format!("[Errno {errno}] {strerror}");
        if let Some(f) = filename {
            out.push_str(": ");
            out.push_str(&self.repr(f)?);
            if let Some(f2) = filename2 {
                out.push_str(" -> ");
                out.push_str(&self.repr(f2)?);
            }
        }
        Ok(Some(out))
    }
}
