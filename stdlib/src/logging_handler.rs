//! `logging.Handler`, `StreamHandler`, `NullHandler`, the last-resort
//! handler (`sys.stderr` at the time of writing, level `WARNING`) and
//! `Filter`, with the filtering shared by handlers and loggers
//! (`Filterer.filter`: a filter object's `filter` method or a callable; a
//! record returned replaces the record).

use super::logging::{check_level, level_name, module_attr};
use super::native_class::{call_method, stderr, write_to};
use crate::object::Value;
use crate::vm::{PyErr, PyResult, Vm};

/// `Filterer.filter(record)`: the record (possibly replaced) if every
/// filter passes it, else `False`.
pub fn run_filters(vm: &mut Vm, this: Value, record: Value) -> PyResult<Value> {
    let filters = vm.get_attr(this, "filters")?;
    let mut record = record;
    for f in vm.collect_iterable(filters)? {
        let result = match vm.get_attr(f, "filter") {
            Ok(m) => vm.call_value(m, vec![record], Vec::new())?,
            Err(_) => vm.call_value(f, vec![record], Vec::new())?,
        };
        if !vm.truthy(result)? {
            return Ok(Value::Bool(false));
        }
        if is_record(vm, result)? {
            record = result;
        }
    }
    Ok(record)
}

fn is_record(vm: &mut Vm, v: Value) -> PyResult<bool> {
    let cls = module_attr(vm, "logging", "LogRecord")?;
    crate::builtins::objects::is_instance(vm, v, cls)
}

fn init_filterer(vm: &mut Vm, this: Value) -> PyResult<()> {
    let l = vm.new_list(Vec::new());
    vm.set_attr(this, "filters", l)
}

/// `Filterer.addFilter(filter)` / `removeFilter(filter)`.
fn edit_filters(vm: &mut Vm, this: Value, filter: Value, add: bool) -> PyResult<Value> {
    let filters = vm.get_attr(this, "filters")?;
    let present = vm.contains(filters, filter)?;
    if add && !present {
        call_method(vm, filters, "append", vec![filter])?;
    } else if !add && present {
        call_method(vm, filters, "remove", vec![filter])?;
    }
    Ok(Value::None)
}

/// The stream's `name` and a space, for a handler's repr.
fn stream_name(vm: &mut Vm, stream: Value) -> String {
    if let Some(n) = crate::structseq::stream_of(vm, stream) {
        return if n == 2 { "<stderr> " } else { "<stdout> " }.to_owned();
    }
    match vm.get_attr(stream, "name") {
        Ok(n) => match vm.str_of(n) {
            Ok(s) => format!("{s} "),
            Err(_) => String::new(),
        },
        Err(_) => String::new(),
    }
}

native! {
    /// `Filterer.addFilter(filter)`.
    pub(crate) def fn _add_filter as "addFilter"(vm, this, filter) {
        edit_filters(vm, this, filter, true)
    }

    /// `Filterer.removeFilter(filter)`.
    pub(crate) def fn _remove_filter as "removeFilter"(vm, this, filter) {
        edit_filters(vm, this, filter, false)
    }

    /// `Filterer.filter(record)`.
    pub(crate) def fn _filter as "filter"(vm, this, record) {
        run_filters(vm, this, record)
    }

    /// `Filter.__init__(self, name='')`.
    pub(crate) def fn _flt_init as "Filter.__init__"(vm, this, name?) {
        let name = match name {
            Some(n) => n,
            None => vm.new_str(""),
        };
        vm.set_attr(this, "name", name)?;
        let n = vm.str_of(name)?.chars().count();
        vm.set_attr(this, "nlen", Value::Int(n as i64))?;
        Ok(Value::None)
    }

    /// `Filter.filter(record)`: the record if its logger is the filter's
    /// or below it.
    pub(crate) def fn _flt_filter as "Filter.filter"(vm, this, record) {
        let name = vm.get_attr(this, "name")?;
        let name = vm.str_of(name)?;
        if name.is_empty() {
            return Ok(Value::Bool(true));
        }
        let rname = vm.get_attr(record, "name")?;
        let rname = vm.str_of(rname)?;
        let ok = rname == name
            || rname.strip_prefix(name.as_str()).is_some_and(|rest| rest.starts_with('.'));
        Ok(Value::Bool(ok))
    }

    /// `Handler.__init__(self, level=NOTSET)`.
    pub(crate) def fn _h_init as "Handler.__init__"(vm, this, level?) {
        init_filterer(vm, this)?;
        vm.set_attr(this, "_name", Value::None)?;
        let level = check_level(vm, level.unwrap_or(Value::Int(0)))?;
        vm.set_attr(this, "level", level)?;
        vm.set_attr(this, "formatter", Value::None)?;
        vm.set_attr(this, "lock", Value::None)?;
        Ok(Value::None)
    }

    /// `Handler.setLevel(level)`.
    pub(crate) def fn _h_set_level as "Handler.setLevel"(vm, this, level) {
        let level = check_level(vm, level)?;
        vm.set_attr(this, "level", level)?;
        Ok(Value::None)
    }

    /// `Handler.setFormatter(fmt)`.
    pub(crate) def fn _h_set_formatter as "Handler.setFormatter"(vm, this, fmt) {
        vm.set_attr(this, "formatter", fmt)?;
        Ok(Value::None)
    }

    /// `Handler.get_name()`.
    pub(crate) def fn _h_get_name as "Handler.get_name"(vm, this) {
        vm.get_attr(this, "_name")
    }

    /// `Handler.set_name(name)`.
    pub(crate) def fn _h_set_name as "Handler.set_name"(vm, this, name) {
        vm.set_attr(this, "_name", name)?;
        Ok(Value::None)
    }

    /// `Handler.format(record)`: with the handler's formatter, else the
    /// module's default one (`%(message)s`).
    pub(crate) def fn _h_format as "Handler.format"(vm, this, record) {
        let mut fmt = vm.get_attr(this, "formatter")?;
        if fmt.is_none() {
            fmt = module_attr(vm, "logging", "_defaultFormatter")?;
        }
        call_method(vm, fmt, "format", vec![record])
    }

    /// `Handler.handle(record)`: filters, then `emit`; returns the record
    /// (or `False` when filtered out).
    pub(crate) def fn _h_handle as "Handler.handle"(vm, this, record) {
        let rv = call_method(vm, this, "filter", vec![record])?;
        if vm.truthy(rv)? {
            let rec = if is_record(vm, rv)? { rv } else { record };
            call_method(vm, this, "emit", vec![rec])?;
        }
        Ok(rv)
    }

    /// `Handler.emit(record)`: for subclasses.
    pub(crate) def fn _h_emit as "Handler.emit"(vm, this, record) {
        let _ = (vm, this, record);
        Err(PyErr::new(
            crate::object::ExcType::NotImplementedError,
            "emit must be implemented by Handler subclasses",
        ))
    }

    /// `Handler.flush()`, `close()`, `acquire()`, `release()`,
    /// `createLock()`: nothing to do in the sandbox.
    pub(crate) def fn _h_nothing as "Handler.flush"(vm, this) {
        let _ = (vm, this);
        Ok(Value::None)
    }

    /// `Handler.handleError(record)`: reports the exception being handled
    /// on `sys.stderr` and goes on, as CPython's (without its call stack).
    pub(crate) def fn _h_handle_error as "Handler.handleError"(vm, this, record) {
        let _ = this;
        let raise = module_attr(vm, "logging", "raiseExceptions")?;
        if !vm.truthy(raise)? {
            return Ok(Value::None);
        }
        let exc = super::traceback::current_exception(vm);
        let mut text = String::from("--- Logging error ---\n");
        text.push_str(&super::traceback::report(vm, exc, true));
        let msg = vm.get_attr(record, "msg")?;
        let args = vm.get_attr(record, "args")?;
        text.push_str(&format!(
            "Message: {}\nArguments: {}\n",
            vm.repr(msg)?,
            vm.str_of(args)?
        ));
        let err = stderr(vm)?;
        write_to(vm, err, &text)?;
        Ok(Value::None)
    }

    /// `repr(handler)`: `<StreamHandler <stderr> (NOTSET)>`.
    pub(crate) def fn _h_repr as "Handler.__repr__"(vm, this) {
        let level = vm.get_attr(this, "level")?;
        let level = level_name(vm, level)?;
        let level = vm.str_of(level)?;
        let name = match vm.get_attr(this, "stream") {
            Ok(s) => stream_name(vm, s),
            Err(_) => String::new(),
        };
        let cls = vm.class_name(this);
        Ok(vm.new_str(format!("<{cls} {name}({level})>")))
    }

    /// `StreamHandler.__init__(self, stream=None)`: `sys.stderr` by default.
    pub(crate) def fn _sh_init as "StreamHandler.__init__"(vm, this, stream?) {
        let handler = module_attr(vm, "logging", "Handler")?;
        let init = vm.get_attr(handler, "__init__")?;
        vm.call_value(init, vec![this], Vec::new())?;
        let stream = match stream {
            Some(s) if !s.is_none() => s,
            _ => stderr(vm)?,
        };
        vm.set_attr(this, "stream", stream)?;
        Ok(Value::None)
    }

    /// `StreamHandler.emit(record)`: the formatted record and the
    /// terminator, written to the stream.
    pub(crate) def fn _sh_emit as "StreamHandler.emit"(vm, this, record) {
        let stream = vm.get_attr(this, "stream")?;
        emit_to(vm, this, record, stream)
    }

    /// `StreamHandler.flush()`: the stream's `flush`, if it has one.
    pub(crate) def fn _sh_flush as "StreamHandler.flush"(vm, this) {
        let stream = vm.get_attr(this, "stream")?;
        if crate::structseq::stream_of(vm, stream).is_none() {
            if let Ok(f) = vm.get_attr(stream, "flush") {
                vm.call_value(f, Vec::new(), Vec::new())?;
            }
        }
        Ok(Value::None)
    }

    /// `StreamHandler.setStream(stream)`: the old stream, or `None` if it
    /// is the same.
    pub(crate) def fn _sh_set_stream as "StreamHandler.setStream"(vm, this, stream) {
        let old = vm.get_attr(this, "stream")?;
        if vm.is(old, stream) {
            return Ok(Value::None);
        }
        vm.set_attr(this, "stream", stream)?;
        Ok(old)
    }

    /// The last-resort handler's `emit`: to `sys.stderr` as it is now.
    pub(crate) def fn _last_emit as "_StderrHandler.emit"(vm, this, record) {
        let stream = stderr(vm)?;
        emit_to(vm, this, record, stream)
    }

    /// `NullHandler.handle(record)` / `emit(record)`: nothing.
    pub(crate) def fn _null_handle as "NullHandler.handle"(vm, this, record) {
        let _ = (vm, this, record);
        Ok(Value::None)
    }
}

fn emit_to(vm: &mut Vm, this: Value, record: Value, stream: Value) -> PyResult<Value> {
    let result = (|| -> PyResult<()> {
        let msg = call_method(vm, this, "format", vec![record])?;
        let mut msg = vm.str_of(msg)?;
        let term = vm.get_attr(this, "terminator")?;
        msg.push_str(&vm.str_of(term)?);
        write_to(vm, stream, &msg)?;
        call_method(vm, this, "flush", Vec::new())?;
        Ok(())
    })();
    match result {
        Ok(()) => Ok(Value::None),
        Err(PyErr::Suspend) => Err(PyErr::Suspend),
        Err(e) => {
            // handleError reports the exception being handled
            let exc = super::native_class::err_value(vm, e)?;
            vm.exc_stack.push(exc);
            let r = call_method(vm, this, "handleError", vec![record]);
            vm.exc_stack.pop();
            r.map(|_| Value::None)
        }
    }
}
