//! `logging.LogRecord` and `logging.Formatter`: a record's attributes
//! (the caller's file, line and function from the VM's innermost frame),
//! `getMessage` (`msg % args`), and the three format styles (`%`, `{`,
//! `$`) over the record's attributes.
//!
//! The sandbox has no clock: a record's `created` is 0.0, so `%(asctime)s`
//! reads `1970-01-01 00:00:00,000` (UTC), deterministic rather than
//! refused.

use super::logging::{level_name, module_attr};
use super::native_class::call_method;
use crate::object::{Obj, Value};
use crate::vm::{PyErr, PyResult, Vm};

/// The record's attributes as a fresh dict (`record.__dict__`).
pub fn record_dict(vm: &mut Vm, record: Value) -> PyResult<Value> {
    Ok(vm.attrs_dict_value(record))
}

fn is_dict(vm: &Vm, v: Value) -> bool {
    matches!(v, Value::Ref(id) if matches!(vm.heap.get(id), Obj::Dict(_)))
}

fn set(vm: &mut Vm, obj: Value, name: &str, v: Value) -> PyResult<()> {
    vm.set_attr(obj, name, v)
}

native! {
    /// `LogRecord.__init__(self, name, level, pathname, lineno, msg, args,
    /// exc_info, func=None, sinfo=None, **kwargs)`.
    pub(crate) def fn _record_init as "LogRecord.__init__"(
        vm, this, name, level, pathname, lineno, msg, args, exc_info, func?, sinfo?, **kwargs
    ) {
        let _ = kwargs;
        set(vm, this, "name", name)?;
        set(vm, this, "msg", msg)?;
        // a single non-empty mapping is the args themselves
        let mut args = args;
        if let Value::Ref(id) = args {
            let single = match vm.heap.get(id) {
                Obj::Tuple(items) if items.len() == 1 => Some(items[0]),
                _ => None,
            };
            if let Some(first) = single {
                if is_dict(vm, first) && vm.truthy(first)? {
                    args = first;
                }
            }
        }
        set(vm, this, "args", args)?;
        let lname = level_name(vm, level)?;
        set(vm, this, "levelname", lname)?;
        set(vm, this, "levelno", level)?;
        set(vm, this, "pathname", pathname)?;
        let path = vm.str_of(pathname).unwrap_or_default();
        let file = path.rsplit('/').next().unwrap_or(&path).to_owned();
        let module = file.rsplit_once('.').map_or(file.as_str(), |(m, _)| m).to_owned();
        let file = vm.new_str(file);
        set(vm, this, "filename", file)?;
        let module = vm.new_str(module);
        set(vm, this, "module", module)?;
        set(vm, this, "exc_info", exc_info)?;
        set(vm, this, "exc_text", Value::None)?;
        set(vm, this, "stack_info", sinfo.unwrap_or(Value::None))?;
        set(vm, this, "lineno", lineno)?;
        set(vm, this, "funcName", func.unwrap_or(Value::None))?;
        set(vm, this, "created", Value::Float(0.0))?;
        set(vm, this, "msecs", Value::Float(0.0))?;
        set(vm, this, "relativeCreated", Value::Float(0.0))?;
        set(vm, this, "thread", Value::Int(1))?;
        let t = vm.new_str("MainThread");
        set(vm, this, "threadName", t)?;
        let p = vm.new_str("MainProcess");
        set(vm, this, "processName", p)?;
        set(vm, this, "process", Value::Int(1))?;
        set(vm, this, "taskName", Value::None)?;
        Ok(Value::None)
    }

    /// `LogRecord.getMessage()`: `str(msg) % args` when there are args.
    pub(crate) def fn _record_get_message as "LogRecord.getMessage"(vm, this) {
        let msg = vm.get_attr(this, "msg")?;
        let text = vm.str_of(msg)?;
        let text = vm.new_str(text);
        let args = vm.get_attr(this, "args")?;
        if vm.truthy(args)? {
            crate::builtins::percent::percent_format(vm, text, args)
        } else {
            Ok(text)
        }
    }

    /// `repr(record)`: `<LogRecord: name, levelno, pathname, lineno, "msg">`.
    pub(crate) def fn _record_repr as "LogRecord.__repr__"(vm, this) {
        let mut parts = Vec::new();
        for a in ["name", "levelno", "pathname", "lineno"] {
            let v = vm.get_attr(this, a)?;
            parts.push(vm.str_of(v)?);
        }
        let msg = vm.get_attr(this, "msg")?;
        let msg = vm.str_of(msg)?;
        Ok(vm.new_str(format!("<LogRecord: {}, \"{msg}\">", parts.join(", "))))
    }

    /// `Formatter.__init__(self, fmt=None, datefmt=None, style='%',
    /// validate=True, *, defaults=None)`.
    pub(crate) def fn _fmt_init as "Formatter.__init__"(vm, this, fmt?, datefmt?, style?, validate?, *, defaults?) {
        let _ = validate;
        let style = match style {
            Some(s) => vm.str_of(s)?,
            None => "%".to_owned(),
        };
        let default = match style.as_str() {
            "%" => "%(message)s",
            "{" => "{message}",
            "$" => "${message}",
            _ => {
                return Err(PyErr::value_error("Style must be one of: %,{,$"));
            }
        };
        let fmt = match fmt {
            Some(f) if vm.truthy(f)? => f,
            _ => vm.new_str(default),
        };
        set(vm, this, "_fmt", fmt)?;
        set(vm, this, "datefmt", datefmt.unwrap_or(Value::None))?;
        let style = vm.new_str(style);
        set(vm, this, "_style_char", style)?;
        set(vm, this, "_defaults", defaults.unwrap_or(Value::None))?;
        Ok(Value::None)
    }

    /// `Formatter.usesTime()`: whether the format names `asctime`.
    pub(crate) def fn _fmt_uses_time as "Formatter.usesTime"(vm, this) {
        let (fmt, style) = fmt_and_style(vm, this)?;
        let needle = match style.as_str() {
            "{" => "{asctime",
            "$" => "asctime",
            _ => "%(asctime)",
        };
        Ok(Value::Bool(fmt.contains(needle)))
    }

    /// `Formatter.formatMessage(record)`: the format over the record's
    /// attributes (and the formatter's `defaults`).
    pub(crate) def fn _fmt_format_message as "Formatter.formatMessage"(vm, this, record) {
        let values = record_dict(vm, record)?;
        let defaults = vm.get_attr(this, "_defaults")?;
        let values = if defaults.is_none() {
            values
        } else {
            let merged = call_method(vm, defaults, "copy", Vec::new())?;
            call_method(vm, merged, "update", vec![values])?;
            merged
        };
        let fmt = vm.get_attr(this, "_fmt")?;
        let (_, style) = fmt_and_style(vm, this)?;
        let r = match style.as_str() {
            "{" => call_method(vm, fmt, "format_map", vec![values]),
            "$" => {
                let template = module_attr(vm, "string", "Template")?;
                let t = vm.call_value(template, vec![fmt], Vec::new())?;
                call_method(vm, t, "substitute", vec![values])
            }
            _ => crate::builtins::percent::percent_format(vm, fmt, values),
        };
        match r {
            Err(e) if vm.is_exc_kind(&e, crate::object::ExcType::KeyError) => {
                let text = match &e {
                    PyErr::Raise(v) | PyErr::Reraise(v) => vm.str_of(*v).unwrap_or_default(),
                    _ => String::new(),
                };
                Err(PyErr::value_error(format!(
                    "Formatting field not found in record: {text}"
                )))
            }
            other => other,
        }
    }

    /// `Formatter.formatTime(record, datefmt=None)`: `record.created` in
    /// UTC (`time.strftime`), by default `%Y-%m-%d %H:%M:%S,mmm`.
    pub(crate) def fn _fmt_format_time as "Formatter.formatTime"(vm, this, record, datefmt?) {
        let _ = this;
        let created = vm.get_attr(record, "created")?;
        let gmtime = module_attr(vm, "time", "gmtime")?;
        let ct = vm.call_value(gmtime, vec![created], Vec::new())?;
        let strftime = module_attr(vm, "time", "strftime")?;
        match datefmt.filter(|d| !d.is_none()) {
            Some(d) => vm.call_value(strftime, vec![d, ct], Vec::new()),
            None => {
                let f = vm.new_str("%Y-%m-%d %H:%M:%S");
                let t = vm.call_value(strftime, vec![f, ct], Vec::new())?;
                let t = vm.str_of(t)?;
                let msecs = vm.get_attr(record, "msecs")?;
                let ms = match msecs {
                    Value::Float(f) => f as i64,
                    Value::Int(i) => i,
                    _ => 0,
                };
                Ok(vm.new_str(format!("{t},{ms:03}")))
            }
        }
    }

    /// `Formatter.formatException(ei)`: the report of `ei[1]`, without
    /// its final newline.
    pub(crate) def fn _fmt_format_exception as "Formatter.formatException"(vm, this, ei) {
        let _ = this;
        let exc = exc_of(vm, ei)?;
        let mut text = super::traceback::report(vm, exc, true);
        if text.ends_with('\n') {
            text.pop();
        }
        Ok(vm.new_str(text))
    }

    /// `Formatter.formatStack(stack_info)`: the text as given.
    pub(crate) def fn _fmt_format_stack as "Formatter.formatStack"(vm, this, stack_info) {
        let _ = (vm, this);
        Ok(stack_info)
    }

    /// `Formatter.format(record)`: the message, the time if the format
    /// uses it, then the exception text.
    pub(crate) def fn _fmt_format as "Formatter.format"(vm, this, record) {
        let message = call_method(vm, record, "getMessage", Vec::new())?;
        vm.set_attr(record, "message", message)?;
        let uses_time = call_method(vm, this, "usesTime", Vec::new())?;
        if vm.truthy(uses_time)? {
            let datefmt = vm.get_attr(this, "datefmt")?;
            let t = call_method(vm, this, "formatTime", vec![record, datefmt])?;
            vm.set_attr(record, "asctime", t)?;
        }
        let s = call_method(vm, this, "formatMessage", vec![record])?;
        let mut s = vm.str_of(s)?;
        let exc_info = vm.get_attr(record, "exc_info")?;
        if vm.truthy(exc_info)? {
            let text = vm.get_attr(record, "exc_text")?;
            if !vm.truthy(text)? {
                let t = call_method(vm, this, "formatException", vec![exc_info])?;
                vm.set_attr(record, "exc_text", t)?;
            }
        }
        let text = vm.get_attr(record, "exc_text")?;
        if vm.truthy(text)? {
            if !s.ends_with('\n') {
                s.push('\n');
            }
            s.push_str(&vm.str_of(text)?);
        }
        let stack = vm.get_attr(record, "stack_info")?;
        if vm.truthy(stack)? {
            if !s.ends_with('\n') {
                s.push('\n');
            }
            let t = call_method(vm, this, "formatStack", vec![stack])?;
            s.push_str(&vm.str_of(t)?);
        }
        Ok(vm.new_str(s))
    }
}

/// The exception of an `exc_info` tuple (its second item), if any.
fn exc_of(vm: &mut Vm, ei: Value) -> PyResult<Option<Value>> {
    let v = match ei {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Tuple(items) if items.len() == 3 => items[1],
            Obj::Exception(_) => ei,
            _ => Value::None,
        },
        _ => Value::None,
    };
    Ok(match v {
        Value::Ref(id) if matches!(vm.heap.get(id), Obj::Exception(_)) => Some(v),
        _ => None,
    })
}

fn fmt_and_style(vm: &mut Vm, this: Value) -> PyResult<(String, String)> {
    let fmt = vm.get_attr(this, "_fmt")?;
    let fmt = vm.str_of(fmt)?;
    let style = vm.get_attr(this, "_style_char")?;
    let style = vm.str_of(style)?;
    Ok((fmt, style))
}
