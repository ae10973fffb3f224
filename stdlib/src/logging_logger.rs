//! `logging.Logger` (and `RootLogger`): levels (own, effective, the
//! module's `disable`), the logging calls (`debug` ... `critical`, `log`,
//! `exception`) which make a `LogRecord` and pass it to the handlers of
//! the logger and its ancestors while `propagate` holds, the last-resort
//! handler when none was found, handlers and filters.

use super::logging::{check_level, level_name, module_attr};
use super::native_class::call_method;
use crate::object::{ExcType, Obj, Value};
use crate::vm::{Kwargs, PyErr, PyResult, Vm};

fn int_attr(vm: &mut Vm, obj: Value, name: &str) -> PyResult<i64> {
    let v = vm.get_attr(obj, name)?;
    vm.index_arg(v)
}

/// `getEffectiveLevel()`: the first level set on the way to the root.
pub fn effective_level(vm: &mut Vm, this: Value) -> PyResult<i64> {
    let mut logger = this;
    loop {
        let level = int_attr(vm, logger, "level")?;
        if level != 0 {
            return Ok(level);
        }
        let parent = vm.get_attr(logger, "parent")?;
        if parent.is_none() {
            return Ok(0);
        }
        logger = parent;
    }
}

/// `isEnabledFor(level)`.
pub fn enabled_for(vm: &mut Vm, this: Value, level: i64) -> PyResult<bool> {
    let disabled = vm.get_attr(this, "disabled")?;
    if vm.truthy(disabled)? {
        return Ok(false);
    }
    let disable = module_attr(vm, "logging", "_disable")?;
    if vm.index_arg(disable)? >= level {
        return Ok(false);
    }
    Ok(level >= effective_level(vm, this)?)
}

/// The `exc_info` a record gets from the argument: an exception's
/// `(type, value, None)`, the exception being handled's for any other
/// true value that is not a tuple, the tuple itself.
fn exc_info_tuple(vm: &mut Vm, exc_info: Value) -> PyResult<Value> {
    let is_exc = matches!(exc_info, Value::Ref(id) if matches!(vm.heap.get(id), Obj::Exception(_)));
    let is_tuple = matches!(exc_info, Value::Ref(id) if matches!(vm.heap.get(id), Obj::Tuple(_)));
    if is_tuple {
        return Ok(exc_info);
    }
    let exc = if is_exc {
        Some(exc_info)
    } else {
        super::traceback::current_exception(vm)
    };
    Ok(match exc {
        Some(e) => {
            let t = vm.type_value(e);
            vm.new_tuple(vec![t, e, Value::None])
        }
        None => vm.new_tuple(vec![Value::None, Value::None, Value::None]),
    })
}

/// `Logger._log`: makes the record (the caller's file, line and
/// function) and hands it to `handle`.
pub fn do_log(
    vm: &mut Vm,
    this: Value,
    level: i64,
    msg: Value,
    args: Vec<Value>,
    kwargs: Kwargs,
) -> PyResult<Value> {
    let (mut exc_info, mut extra, mut stack_info) = (Value::None, Value::None, Value::None);
    for (k, v) in kwargs {
        match k.as_str() {
            "exc_info" => exc_info = v,
            "extra" => extra = v,
            "stack_info" => stack_info = v,
            "stacklevel" => {}
            _ => {
                return Err(PyErr::type_error(format!(
                    "Logger._log() got an unexpected keyword argument '{k}'"
                )))
            }
        }
    }
    let exc_info = if vm.truthy(exc_info)? {
        exc_info_tuple(vm, exc_info)?
    } else {
        Value::None
    };
    let _ = stack_info;
    let (func, line, path) = match vm.frames.last() {
        Some(f) => {
            let code = &vm.program.codes[f.code as usize];
            let ip = f.ip.saturating_sub(1) as usize;
            let line = code.lines.get(ip).copied().unwrap_or(code.first_line);
            let path = vm.program.source_of(f.code).0.to_owned();
            (code.name.clone(), line, path)
        }
        None => ("<module>".to_owned(), 0, vm.program.filename.clone()),
    };
    let name = vm.get_attr(this, "name")?;
    let path = vm.new_str(path);
    let func = vm.new_str(func);
    let args = vm.new_tuple(args);
    let cls = module_attr(vm, "logging", "LogRecord")?;
    let record = vm.call_value(
        cls,
        vec![
            name,
            Value::Int(level),
            path,
            Value::Int(i64::from(line)),
            msg,
            args,
            exc_info,
            func,
            Value::None,
        ],
        Vec::new(),
    )?;
    if !extra.is_none() {
        for key in vm.collect_iterable(extra)? {
            let k = vm.str_of(key)?;
            let taken = k == "message" || k == "asctime" || vm.get_attr(record, &k).is_ok();
            if taken {
                let r = vm.repr(key)?;
                return Err(PyErr::new(
                    ExcType::KeyError,
                    format!("Attempt to overwrite {r} in LogRecord"),
                ));
            }
            let v = vm.get_item(extra, key)?;
            vm.set_attr(record, &k, v)?;
        }
    }
    call_method(vm, this, "handle", vec![record])?;
    Ok(Value::None)
}

fn log_at(
    vm: &mut Vm,
    this: Value,
    level: i64,
    msg: Value,
    args: Vec<Value>,
    kwargs: Kwargs,
) -> PyResult<Value> {
    if enabled_for(vm, this, level)? {
        do_log(vm, this, level, msg, args, kwargs)?;
    }
    Ok(Value::None)
}

/// `callHandlers(record)`: the handlers of the logger and its ancestors
/// while `propagate` holds; the last-resort handler if there were none.
fn call_handlers(vm: &mut Vm, this: Value, record: Value) -> PyResult<()> {
    let levelno = int_attr(vm, record, "levelno")?;
    let mut found = 0;
    let mut c = this;
    while !c.is_none() {
        let handlers = vm.get_attr(c, "handlers")?;
        for h in vm.collect_iterable(handlers)? {
            found += 1;
            if levelno >= int_attr(vm, h, "level")? {
                call_method(vm, h, "handle", vec![record])?;
            }
        }
        let propagate = vm.get_attr(c, "propagate")?;
        c = if vm.truthy(propagate)? {
            vm.get_attr(c, "parent")?
        } else {
            Value::None
        };
    }
    if found == 0 {
        let last = module_attr(vm, "logging", "lastResort")?;
        if !last.is_none() && levelno >= int_attr(vm, last, "level")? {
            call_method(vm, last, "handle", vec![record])?;
        }
    }
    Ok(())
}

macro_rules! level_methods {
    ($($f:ident $py:literal $level:literal;)*) => {
        native! {
            $(
                /// `Logger.LEVEL(msg, *args, **kwargs)`.
                pub(crate) builtin fn $f as $py(vm, this, msg, /, *args, **kwargs) {
                    log_at(vm, this, $level, msg, args, kwargs)
                }
            )*
        }
    };
}

level_methods! {
    _lg_debug "debug" 10;
    _lg_info "info" 20;
    _lg_warning "warning" 30;
    _lg_error "error" 40;
    _lg_critical "critical" 50;
}

native! {
    /// `Logger.__init__(self, name, level=NOTSET)`.
    pub(crate) def fn _lg_init as "Logger.__init__"(vm, this, name, level?) {
        vm.set_attr(this, "name", name)?;
        let level = check_level(vm, level.unwrap_or(Value::Int(0)))?;
        vm.set_attr(this, "level", level)?;
        vm.set_attr(this, "parent", Value::None)?;
        vm.set_attr(this, "propagate", Value::Bool(true))?;
        let handlers = vm.new_list(Vec::new());
        vm.set_attr(this, "handlers", handlers)?;
        vm.set_attr(this, "disabled", Value::Bool(false))?;
        let filters = vm.new_list(Vec::new());
        vm.set_attr(this, "filters", filters)?;
        Ok(Value::None)
    }

    /// `RootLogger.__init__(self, level)`.
    pub(crate) def fn _root_init as "RootLogger.__init__"(vm, this, level) {
        let name = vm.new_str("root");
        let logger = module_attr(vm, "logging", "Logger")?;
        let init = vm.get_attr(logger, "__init__")?;
        vm.call_value(init, vec![this, name, level], Vec::new())?;
        Ok(Value::None)
    }

    /// `Logger.setLevel(level)`.
    pub(crate) def fn _lg_set_level as "Logger.setLevel"(vm, this, level) {
        let level = check_level(vm, level)?;
        vm.set_attr(this, "level", level)?;
        Ok(Value::None)
    }

    /// `Logger.getEffectiveLevel()`.
    pub(crate) def fn _lg_effective as "Logger.getEffectiveLevel"(vm, this) {
        Ok(Value::Int(effective_level(vm, this)?))
    }

    /// `Logger.isEnabledFor(level)`.
    pub(crate) def fn _lg_enabled as "Logger.isEnabledFor"(vm, this, level) {
        let level = vm.index_arg(level)?;
        Ok(Value::Bool(enabled_for(vm, this, level)?))
    }

    /// `Logger.warn(...)`: `warning` (deprecated).
    pub(crate) builtin fn _lg_warn as "warn"(vm, this, msg, /, *args, **kwargs) {
        log_at(vm, this, 30, msg, args, kwargs)
    }

    /// `Logger.fatal(...)`: `critical`.
    pub(crate) builtin fn _lg_fatal as "fatal"(vm, this, msg, /, *args, **kwargs) {
        log_at(vm, this, 50, msg, args, kwargs)
    }

    /// `Logger.exception(msg, *args, exc_info=True, **kwargs)`: `error`
    /// with the exception being handled.
    pub(crate) builtin fn _lg_exception as "exception"(vm, this, msg, /, *args, **kwargs) {
        let mut kwargs = kwargs;
        if !kwargs.iter().any(|(k, _)| k == "exc_info") {
            kwargs.push(("exc_info".to_owned(), Value::Bool(true)));
        }
        log_at(vm, this, 40, msg, args, kwargs)
    }

    /// `Logger.log(level, msg, *args, **kwargs)`.
    pub(crate) builtin fn _lg_log as "log"(vm, this, level, msg, /, *args, **kwargs) {
        let Value::Int(level) = (match level {
            Value::Bool(b) => Value::Int(i64::from(b)),
            other => other,
        }) else {
            let raise = module_attr(vm, "logging", "raiseExceptions")?;
            if vm.truthy(raise)? {
                return Err(PyErr::type_error("level must be an integer"));
            }
            return Ok(Value::None);
        };
        log_at(vm, this, level, msg, args, kwargs)
    }

    /// `Logger.handle(record)`: unless disabled or filtered out, to the
    /// handlers.
    pub(crate) def fn _lg_handle as "Logger.handle"(vm, this, record) {
        let disabled = vm.get_attr(this, "disabled")?;
        if vm.truthy(disabled)? {
            return Ok(Value::None);
        }
        let rv = call_method(vm, this, "filter", vec![record])?;
        if !vm.truthy(rv)? {
            return Ok(Value::None);
        }
        let cls = module_attr(vm, "logging", "LogRecord")?;
        let record = if crate::builtins::objects::is_instance(vm, rv, cls)? { rv } else { record };
        call_handlers(vm, this, record)?;
        Ok(Value::None)
    }

    /// `Logger.callHandlers(record)`.
    pub(crate) def fn _lg_call_handlers as "Logger.callHandlers"(vm, this, record) {
        call_handlers(vm, this, record)?;
        Ok(Value::None)
    }

    /// `Logger.addHandler(hdlr)`.
    pub(crate) def fn _lg_add_handler as "Logger.addHandler"(vm, this, hdlr) {
        let handlers = vm.get_attr(this, "handlers")?;
        if !vm.contains(handlers, hdlr)? {
            call_method(vm, handlers, "append", vec![hdlr])?;
        }
        Ok(Value::None)
    }

    /// `Logger.removeHandler(hdlr)`.
    pub(crate) def fn _lg_remove_handler as "Logger.removeHandler"(vm, this, hdlr) {
        let handlers = vm.get_attr(this, "handlers")?;
        if vm.contains(handlers, hdlr)? {
            call_method(vm, handlers, "remove", vec![hdlr])?;
        }
        Ok(Value::None)
    }

    /// `Logger.hasHandlers()`: on this logger or an ancestor it
    /// propagates to.
    pub(crate) def fn _lg_has_handlers as "Logger.hasHandlers"(vm, this) {
        let mut c = this;
        while !c.is_none() {
            let handlers = vm.get_attr(c, "handlers")?;
            if vm.truthy(handlers)? {
                return Ok(Value::Bool(true));
            }
            let propagate = vm.get_attr(c, "propagate")?;
            if !vm.truthy(propagate)? {
                break;
            }
            c = vm.get_attr(c, "parent")?;
        }
        Ok(Value::Bool(false))
    }

    /// `Logger.getChild(suffix)`.
    pub(crate) def fn _lg_get_child as "Logger.getChild"(vm, this, suffix) {
        let root = module_attr(vm, "logging", "root")?;
        let suffix = vm.str_of(suffix)?;
        let name = if vm.is(this, root) {
            suffix
        } else {
            let n = vm.get_attr(this, "name")?;
            format!("{}.{suffix}", vm.str_of(n)?)
        };
        super::logging::get_logger(vm, &name)
    }

    /// `repr(logger)`: `<Logger name (LEVEL)>`.
    pub(crate) def fn _lg_repr as "Logger.__repr__"(vm, this) {
        let level = effective_level(vm, this)?;
        let level = level_name(vm, Value::Int(level))?;
        let level = vm.str_of(level)?;
        let name = vm.get_attr(this, "name")?;
        let name = vm.str_of(name)?;
        let cls = vm.class_name(this);
        Ok(vm.new_str(format!("<{cls} {name} ({level})>")))
    }
}
