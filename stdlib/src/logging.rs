//! `logging`: loggers in a dotted hierarchy under the root logger,
//! handlers, formatters, filters, `basicConfig` and the module-level
//! calls, as CPython 3.13 behaves (with no configuration, warnings and
//! above go to `sys.stderr` through the last-resort handler as the bare
//! message; the module-level calls configure the root logger first, so
//! `logging.warning("x")` prints `WARNING:root:x`).
//!
//! The classes are made at import ([`super::native_class`]); their state
//! is instance attributes and the module's own (`root`, `_loggers`,
//! `_levelToName`, `_nameToLevel`, `_disable`, `lastResort`), plain data.
//! The loggers are `logging_logger.rs`, handlers and filters
//! `logging_handler.rs`, records and formatters `logging_record.rs`.
//! Not here: file handlers (no files), `config`, `LoggerAdapter`,
//! `setLoggerClass`/`setLogRecordFactory`, `captureWarnings`, threads'
//! and processes' real ids.

use super::logging_handler as h;
use super::logging_logger as lg;
use super::logging_record as rec;
use super::native_class::{binds, make_class, set_module_attr, Methods};
use super::ModuleDef;
use crate::object::{Dict, NativeId, Obj, Value};
use crate::vm::{as_str, PyErr, PyResult, Vm};

pub use super::native_class::module_attr;

const LEVELS: &[(i64, &str)] = &[
    (50, "CRITICAL"),
    (40, "ERROR"),
    (30, "WARNING"),
    (20, "INFO"),
    (10, "DEBUG"),
    (0, "NOTSET"),
];

/// `_checkLevel(level)`: an int as it is, a registered level name's
/// number.
pub fn check_level(vm: &mut Vm, level: Value) -> PyResult<Value> {
    match level {
        Value::Int(_) => Ok(level),
        Value::Bool(b) => Ok(Value::Int(i64::from(b))),
        _ if as_str(&vm.heap, level).is_some() => {
            let names = module_attr(vm, "logging", "_nameToLevel")?;
            if vm.contains(names, level)? {
                vm.get_item(names, level)
            } else {
                let r = vm.repr(level)?;
                Err(PyErr::value_error(format!("Unknown level: {r}")))
            }
        }
        _ => {
            let r = vm.repr(level)?;
            Err(PyErr::type_error(format!(
                "Level not an integer or a valid string: {r}"
            )))
        }
    }
}

/// `getLevelName(level)`: the name of a level number, the number of a
/// level name, else `Level N`.
pub fn level_name(vm: &mut Vm, level: Value) -> PyResult<Value> {
    let to_name = module_attr(vm, "logging", "_levelToName")?;
    if vm.hash_key(level).is_ok() && vm.contains(to_name, level)? {
        return vm.get_item(to_name, level);
    }
    let to_level = module_attr(vm, "logging", "_nameToLevel")?;
    if vm.hash_key(level).is_ok() && vm.contains(to_level, level)? {
        return vm.get_item(to_level, level);
    }
    let s = vm.str_of(level)?;
    Ok(vm.new_str(format!("Level {s}")))
}

/// `getLogger(name)`: the logger of that name, made on first use with
/// the nearest existing ancestor as parent (and adopting the existing
/// loggers below it, as CPython's placeholders do).
pub fn get_logger(vm: &mut Vm, name: &str) -> PyResult<Value> {
    let root = module_attr(vm, "logging", "root")?;
    if name.is_empty() || name == "root" {
        return Ok(root);
    }
    let loggers = module_attr(vm, "logging", "_loggers")?;
    let key = vm.new_str(name);
    if vm.contains(loggers, key)? {
        return vm.get_item(loggers, key);
    }
    let cls = module_attr(vm, "logging", "_loggerClass")?;
    let logger = vm.call_value(cls, vec![key], Vec::new())?;
    vm.set_item(loggers, key, logger)?;
    // the parent: the nearest existing ancestor
    let mut parent = root;
    let mut prefix = name;
    while let Some((head, _)) = prefix.rsplit_once('.') {
        let k = vm.new_str(head);
        if vm.contains(loggers, k)? {
            parent = vm.get_item(loggers, k)?;
            break;
        }
        prefix = head;
    }
    vm.set_attr(logger, "parent", parent)?;
    // the children: loggers below whose parent is above this one
    let below = format!("{name}.");
    for k in vm.collect_iterable(loggers)? {
        let kname = vm.str_of(k)?;
        if !kname.starts_with(&below) {
            continue;
        }
        let child = vm.get_item(loggers, k)?;
        let p = vm.get_attr(child, "parent")?;
        let pname = vm.get_attr(p, "name")?;
        let pname = vm.str_of(pname)?;
        if !pname.starts_with(name) {
            vm.set_attr(child, "parent", logger)?;
        }
    }
    Ok(logger)
}

/// The root logger, configured by `basicConfig()` first if it has no
/// handlers (the module-level calls).
fn configured_root(vm: &mut Vm) -> PyResult<Value> {
    let root = module_attr(vm, "logging", "root")?;
    let handlers = vm.get_attr(root, "handlers")?;
    if vm.len_of(handlers)? == 0 {
        basic_config(vm, Vec::new())?;
    }
    Ok(root)
}

fn root_log(
    vm: &mut Vm,
    method: &str,
    pre: Vec<Value>,
    args: Vec<Value>,
    kwargs: crate::vm::Kwargs,
) -> PyResult<Value> {
    let root = configured_root(vm)?;
    let f = vm.get_attr(root, method)?;
    let mut all = pre;
    all.extend(args);
    vm.call_value(f, all, kwargs)
}

/// `basicConfig(**kwargs)`.
fn basic_config(vm: &mut Vm, kwargs: crate::vm::Kwargs) -> PyResult<Value> {
    let mut opts: Vec<(String, Value)> = kwargs;
    let mut take = |name: &str| -> Option<Value> {
        let i = opts.iter().position(|(k, _)| k == name)?;
        Some(opts.remove(i).1)
    };
    let force = take("force");
    let handlers = take("handlers");
    let stream = take("stream");
    let filename = take("filename");
    let _filemode = take("filemode");
    let _encoding = take("encoding");
    let _errors = take("errors");
    let format = take("format");
    let datefmt = take("datefmt");
    let style = take("style");
    let level = take("level");
    let root = module_attr(vm, "logging", "root")?;
    let force = match force {
        Some(f) => vm.truthy(f)?,
        None => false,
    };
    if force {
        let hs = vm.get_attr(root, "handlers")?;
        for hd in vm.collect_iterable(hs)? {
            let remove = vm.get_attr(root, "removeHandler")?;
            vm.call_value(remove, vec![hd], Vec::new())?;
            let close = vm.get_attr(hd, "close")?;
            vm.call_value(close, Vec::new(), Vec::new())?;
        }
    }
    let hs = vm.get_attr(root, "handlers")?;
    if vm.len_of(hs)? > 0 {
        return Ok(Value::None);
    }
    let handlers = handlers.filter(|v| !v.is_none());
    if handlers.is_some() && (stream.is_some() || filename.is_some()) {
        return Err(PyErr::value_error(
            "'stream' or 'filename' should not be specified together with 'handlers'",
        ));
    }
    if stream.is_some() && filename.is_some() {
        return Err(PyErr::value_error(
            "'stream' and 'filename' should not be specified together",
        ));
    }
    if filename.is_some() {
        return Err(PyErr::new(
            crate::object::ExcType::PermissionError,
            "logging.basicConfig(filename=...): the sandbox has no files",
        ));
    }
    let style = match style {
        Some(s) => s,
        None => vm.new_str("%"),
    };
    let style_s = vm.str_of(style)?;
    if !["%", "{", "$"].contains(&style_s.as_str()) {
        return Err(PyErr::value_error("Style must be one of: %,{,$"));
    }
    let handlers = match handlers {
        Some(hs) => vm.collect_iterable(hs)?,
        None => {
            let cls = module_attr(vm, "logging", "StreamHandler")?;
            let args = stream.into_iter().collect();
            vec![vm.call_value(cls, args, Vec::new())?]
        }
    };
    let fmt = match format {
        Some(f) => f,
        None => match style_s.as_str() {
            "{" => vm.new_str("{levelname}:{name}:{message}"),
            "$" => vm.new_str("${levelname}:${name}:${message}"),
            _ => vm.new_str("%(levelname)s:%(name)s:%(message)s"),
        },
    };
    let formatter_cls = module_attr(vm, "logging", "Formatter")?;
    let datefmt = datefmt.unwrap_or(Value::None);
    let formatter = vm.call_value(formatter_cls, vec![fmt, datefmt, style], Vec::new())?;
    for hd in handlers {
        let f = vm.get_attr(hd, "formatter")?;
        if f.is_none() {
            let set = vm.get_attr(hd, "setFormatter")?;
            vm.call_value(set, vec![formatter], Vec::new())?;
        }
        let add = vm.get_attr(root, "addHandler")?;
        vm.call_value(add, vec![hd], Vec::new())?;
    }
    if let Some(level) = level {
        let set = vm.get_attr(root, "setLevel")?;
        vm.call_value(set, vec![level], Vec::new())?;
    }
    if !opts.is_empty() {
        let keys: Vec<&str> = opts.iter().map(|(k, _)| k.as_str()).collect();
        return Err(PyErr::value_error(format!(
            "Unrecognised argument(s): {}",
            keys.join(", ")
        )));
    }
    Ok(Value::None)
}

macro_rules! module_levels {
    ($($f:ident $py:literal $method:literal;)*) => {
        native! {
            $(
                /// `logging.LEVEL(msg, *args, **kwargs)`: on the root
                /// logger, configured first if it has no handlers.
                builtin fn $f as $py(vm, msg, /, *args, **kwargs) {
                    root_log(vm, $method, vec![msg], args, kwargs)
                }
            )*
        }
    };
}

module_levels! {
    debug "debug" "debug";
    info "info" "info";
    warning "warning" "warning";
    warn "warn" "warning";
    error "error" "error";
    exception "exception" "exception";
    critical "critical" "critical";
    fatal "fatal" "critical";
}

native! {
    /// `logging.log(level, msg, *args, **kwargs)`.
    builtin fn log(vm, level, msg, /, *args, **kwargs) {
        root_log(vm, "log", vec![level, msg], args, kwargs)
    }

    /// `getLogger(name=None)`.
    def fn py_get_logger as "getLogger"(vm, name?) {
        let name = match name {
            None | Some(Value::None) => String::new(),
            Some(n) => match as_str(&vm.heap, n) {
                Some(s) => s.to_owned(),
                None => return Err(PyErr::type_error("A logger name must be a string")),
            },
        };
        get_logger(vm, &name)
    }

    /// `basicConfig(**kwargs)`.
    def fn py_basic_config as "basicConfig"(vm, **kwargs) {
        basic_config(vm, kwargs)
    }

    /// `getLevelName(level)`.
    def fn py_get_level_name as "getLevelName"(vm, level) {
        level_name(vm, level)
    }

    /// `getLevelNamesMapping()`: a copy of the names' levels.
    def fn py_get_level_names_mapping as "getLevelNamesMapping"(vm) {
        let names = module_attr(vm, "logging", "_nameToLevel")?;
        super::native_class::call_method(vm, names, "copy", Vec::new())
    }

    /// `addLevelName(level, levelName)`.
    def fn py_add_level_name as "addLevelName"(vm, level, level_name) {
        let to_name = module_attr(vm, "logging", "_levelToName")?;
        vm.set_item(to_name, level, level_name)?;
        let to_level = module_attr(vm, "logging", "_nameToLevel")?;
        vm.set_item(to_level, level_name, level)?;
        Ok(Value::None)
    }

    /// `disable(level=CRITICAL)`: no logger handles records at or below it.
    def fn disable(vm, level?) {
        let level = check_level(vm, level.unwrap_or(Value::Int(50)))?;
        set_module_attr(vm, "logging", "_disable", level)?;
        Ok(Value::None)
    }

    /// `getLoggerClass()`.
    def fn py_get_logger_class as "getLoggerClass"(vm) {
        module_attr(vm, "logging", "_loggerClass")
    }

    /// `makeLogRecord(dict)`: a record with the dict's attributes.
    def fn py_make_log_record as "makeLogRecord"(vm, dict) {
        let cls = module_attr(vm, "logging", "LogRecord")?;
        let empty = vm.new_str("");
        let none_args = vm.new_tuple(Vec::new());
        let record = vm.call_value(
            cls,
            vec![Value::None, Value::Int(0), empty, Value::Int(0), empty, none_args, Value::None],
            Vec::new(),
        )?;
        for k in vm.collect_iterable(dict)? {
            let name = vm.str_of(k)?;
            let v = vm.get_item(dict, k)?;
            vm.set_attr(record, &name, v)?;
        }
        Ok(record)
    }

    /// `shutdown()`: nothing to flush in the sandbox.
    def fn shutdown(vm) {
        let _ = vm;
        Ok(Value::None)
    }
}

const FILTERER: Methods = &[
    ("addFilter", "_add_filter"),
    ("removeFilter", "_remove_filter"),
    ("filter", "_filter"),
];

const RECORD: Methods = &[
    ("__init__", "_record_init"),
    ("getMessage", "_record_get_message"),
    ("__repr__", "_record_repr"),
];

const FORMATTER: Methods = &[
    ("__init__", "_fmt_init"),
    ("usesTime", "_fmt_uses_time"),
    ("formatMessage", "_fmt_format_message"),
    ("formatTime", "_fmt_format_time"),
    ("formatException", "_fmt_format_exception"),
    ("formatStack", "_fmt_format_stack"),
    ("format", "_fmt_format"),
];

const FILTER: Methods = &[("__init__", "_flt_init"), ("filter", "_flt_filter")];

const HANDLER: Methods = &[
    ("__init__", "_h_init"),
    ("setLevel", "_h_set_level"),
    ("setFormatter", "_h_set_formatter"),
    ("get_name", "_h_get_name"),
    ("set_name", "_h_set_name"),
    ("format", "_h_format"),
    ("handle", "_h_handle"),
    ("emit", "_h_emit"),
    ("flush", "_h_nothing"),
    ("close", "_h_nothing"),
    ("acquire", "_h_nothing"),
    ("release", "_h_nothing"),
    ("createLock", "_h_nothing"),
    ("handleError", "_h_handle_error"),
    ("__repr__", "_h_repr"),
];

const STREAM_HANDLER: Methods = &[
    ("__init__", "_sh_init"),
    ("emit", "_sh_emit"),
    ("flush", "_sh_flush"),
    ("setStream", "_sh_set_stream"),
];

const STDERR_HANDLER: Methods = &[("emit", "_last_emit")];

const NULL_HANDLER: Methods = &[("handle", "_null_handle"), ("emit", "_null_handle")];

const LOGGER: Methods = &[
    ("__init__", "_lg_init"),
    ("setLevel", "_lg_set_level"),
    ("getEffectiveLevel", "_lg_effective"),
    ("isEnabledFor", "_lg_enabled"),
    ("debug", "_lg_debug"),
    ("info", "_lg_info"),
    ("warning", "_lg_warning"),
    ("warn", "_lg_warn"),
    ("error", "_lg_error"),
    ("exception", "_lg_exception"),
    ("critical", "_lg_critical"),
    ("fatal", "_lg_fatal"),
    ("log", "_lg_log"),
    ("handle", "_lg_handle"),
    ("callHandlers", "_lg_call_handlers"),
    ("addHandler", "_lg_add_handler"),
    ("removeHandler", "_lg_remove_handler"),
    ("hasHandlers", "_lg_has_handlers"),
    ("getChild", "_lg_get_child"),
    ("__repr__", "_lg_repr"),
];

const ROOT_LOGGER: Methods = &[("__init__", "_root_init")];

const CLASSES: &[Methods] = &[
    FILTERER,
    RECORD,
    FORMATTER,
    FILTER,
    HANDLER,
    STREAM_HANDLER,
    STDERR_HANDLER,
    NULL_HANDLER,
    LOGGER,
    ROOT_LOGGER,
];

/// Whether `f` is one of the classes' methods, which bind the instance.
pub(crate) fn binds_as_method(f: NativeId) -> bool {
    binds(&MODULE, CLASSES, f)
}

fn build(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) -> PyResult<()> {
    for (level, name) in LEVELS {
        attrs.push(((*name).into(), Value::Int(*level)));
    }
    attrs.push(("FATAL".into(), Value::Int(50)));
    attrs.push(("WARN".into(), Value::Int(30)));
    let to_name = vm.heap.new_value(Obj::Dict(Box::new(Dict::new())));
    let to_level = vm.heap.new_value(Obj::Dict(Box::new(Dict::new())));
    for (level, name) in LEVELS {
        let n = vm.new_str(*name);
        vm.set_item(to_name, Value::Int(*level), n)?;
        vm.set_item(to_level, n, Value::Int(*level))?;
    }
    for (name, level) in [("WARN", 30), ("FATAL", 50)] {
        let k = vm.new_str(name);
        vm.set_item(to_level, k, Value::Int(level))?;
    }
    attrs.push(("_levelToName".into(), to_name));
    attrs.push(("_nameToLevel".into(), to_level));
    let fmt = vm.new_str("%(levelname)s:%(name)s:%(message)s");
    attrs.push(("BASIC_FORMAT".into(), fmt));
    attrs.push(("raiseExceptions".into(), Value::Bool(true)));
    attrs.push(("_disable".into(), Value::Int(0)));
    let loggers = vm.heap.new_value(Obj::Dict(Box::new(Dict::new())));
    attrs.push(("_loggers".into(), loggers));

    let filterer = make_class(vm, &MODULE, "Filterer", Vec::new(), FILTERER, Vec::new())?;
    let record = make_class(vm, &MODULE, "LogRecord", Vec::new(), RECORD, Vec::new())?;
    let formatter = make_class(vm, &MODULE, "Formatter", Vec::new(), FORMATTER, Vec::new())?;
    let filter = make_class(vm, &MODULE, "Filter", Vec::new(), FILTER, Vec::new())?;
    let handler = make_class(vm, &MODULE, "Handler", vec![filterer], HANDLER, Vec::new())?;
    let term = vm.new_str("\n");
    let stream_handler = make_class(
        vm,
        &MODULE,
        "StreamHandler",
        vec![handler],
        STREAM_HANDLER,
        vec![("terminator", term)],
    )?;
    let stderr_handler = make_class(
        vm,
        &MODULE,
        "_StderrHandler",
        vec![stream_handler],
        STDERR_HANDLER,
        Vec::new(),
    )?;
    let null_handler = make_class(
        vm,
        &MODULE,
        "NullHandler",
        vec![handler],
        NULL_HANDLER,
        Vec::new(),
    )?;
    let logger = make_class(vm, &MODULE, "Logger", vec![filterer], LOGGER, Vec::new())?;
    let root_logger = make_class(
        vm,
        &MODULE,
        "RootLogger",
        vec![logger],
        ROOT_LOGGER,
        Vec::new(),
    )?;
    for (name, cls) in [
        ("Filterer", filterer),
        ("LogRecord", record),
        ("Formatter", formatter),
        ("Filter", filter),
        ("Handler", handler),
        ("StreamHandler", stream_handler),
        ("_StderrHandler", stderr_handler),
        ("NullHandler", null_handler),
        ("Logger", logger),
        ("_loggerClass", logger),
        ("RootLogger", root_logger),
    ] {
        attrs.push((name.into(), cls));
    }
    instances(vm, attrs, root_logger, stderr_handler, formatter)
}

/// An instance of `cls` with `attrs`, made without calling `__init__`
/// (at import, when the methods cannot look the module up yet).
fn raw_instance(vm: &mut Vm, cls: Value, attrs: Vec<(&str, Value)>) -> Value {
    let Value::Ref(class) = cls else {
        return Value::None;
    };
    vm.raw_instance(class, attrs)
}

/// The instances the module holds: the root logger, the last-resort
/// handler (level `WARNING`) and the default formatter.
fn instances(
    vm: &mut Vm,
    attrs: &mut Vec<(String, Value)>,
    root_cls: Value,
    last_cls: Value,
    fmt_cls: Value,
) -> PyResult<()> {
    let name = vm.new_str("root");
    let handlers = vm.new_list(Vec::new());
    let filters = vm.new_list(Vec::new());
    let root = raw_instance(
        vm,
        root_cls,
        vec![
            ("name", name),
            ("level", Value::Int(30)),
            ("parent", Value::None),
            ("propagate", Value::Bool(true)),
            ("handlers", handlers),
            ("disabled", Value::Bool(false)),
            ("filters", filters),
        ],
    );
    attrs.push(("root".into(), root));
    let filters = vm.new_list(Vec::new());
    let stream = module_attr(vm, "sys", "stderr")?;
    let last = raw_instance(
        vm,
        last_cls,
        vec![
            ("filters", filters),
            ("_name", Value::None),
            ("level", Value::Int(30)),
            ("formatter", Value::None),
            ("lock", Value::None),
            ("stream", stream),
        ],
    );
    attrs.push(("lastResort".into(), last));
    let fmt = vm.new_str("%(message)s");
    let style = vm.new_str("%");
    let formatter = raw_instance(
        vm,
        fmt_cls,
        vec![
            ("_fmt", fmt),
            ("datefmt", Value::None),
            ("_style_char", style),
            ("_defaults", Value::None),
        ],
    );
    attrs.push(("_defaultFormatter".into(), formatter));
    Ok(())
}

fn init(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    let _ = build(vm, attrs);
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "logging",
    funcs: natives_table![
        debug,
        info,
        warning,
        warn,
        error,
        exception,
        critical,
        fatal,
        log,
        getLogger = py_get_logger,
        basicConfig = py_basic_config,
        getLevelName = py_get_level_name,
        getLevelNamesMapping = py_get_level_names_mapping,
        addLevelName = py_add_level_name,
        disable,
        getLoggerClass = py_get_logger_class,
        makeLogRecord = py_make_log_record,
        shutdown,
        _add_filter = h::_add_filter,
        _remove_filter = h::_remove_filter,
        _filter = h::_filter,
        _flt_init = h::_flt_init,
        _flt_filter = h::_flt_filter,
        _h_init = h::_h_init,
        _h_set_level = h::_h_set_level,
        _h_set_formatter = h::_h_set_formatter,
        _h_get_name = h::_h_get_name,
        _h_set_name = h::_h_set_name,
        _h_format = h::_h_format,
        _h_handle = h::_h_handle,
        _h_emit = h::_h_emit,
        _h_nothing = h::_h_nothing,
        _h_handle_error = h::_h_handle_error,
        _h_repr = h::_h_repr,
        _sh_init = h::_sh_init,
        _sh_emit = h::_sh_emit,
        _sh_flush = h::_sh_flush,
        _sh_set_stream = h::_sh_set_stream,
        _last_emit = h::_last_emit,
        _null_handle = h::_null_handle,
        _record_init = rec::_record_init,
        _record_get_message = rec::_record_get_message,
        _record_repr = rec::_record_repr,
        _fmt_init = rec::_fmt_init,
        _fmt_uses_time = rec::_fmt_uses_time,
        _fmt_format_message = rec::_fmt_format_message,
        _fmt_format_time = rec::_fmt_format_time,
        _fmt_format_exception = rec::_fmt_format_exception,
        _fmt_format_stack = rec::_fmt_format_stack,
        _fmt_format = rec::_fmt_format,
        _lg_debug = lg::_lg_debug,
        _lg_info = lg::_lg_info,
        _lg_warning = lg::_lg_warning,
        _lg_error = lg::_lg_error,
        _lg_critical = lg::_lg_critical,
        _lg_init = lg::_lg_init,
        _root_init = lg::_root_init,
        _lg_set_level = lg::_lg_set_level,
        _lg_effective = lg::_lg_effective,
        _lg_enabled = lg::_lg_enabled,
        _lg_warn = lg::_lg_warn,
        _lg_fatal = lg::_lg_fatal,
        _lg_exception = lg::_lg_exception,
        _lg_log = lg::_lg_log,
        _lg_handle = lg::_lg_handle,
        _lg_call_handlers = lg::_lg_call_handlers,
        _lg_add_handler = lg::_lg_add_handler,
        _lg_remove_handler = lg::_lg_remove_handler,
        _lg_has_handlers = lg::_lg_has_handlers,
        _lg_get_child = lg::_lg_get_child,
        _lg_repr = lg::_lg_repr,
    ],
    init,
};
