//! `warnings`: `warn` with CPython's filters (`filters`, `simplefilter`,
//! `filterwarnings`, `resetwarnings`, the default actions and the
//! once-per-location registry), `showwarning`/`formatwarning` (both
//! replaceable by the program, as in CPython), and `catch_warnings`
//! (`record=True` collects `WarningMessage`s).
//!
//! The warning's location is the frame `stacklevel` levels up the VM's
//! stack; the source line comes from the program's own text. The program
//! is one module, `__main__`, so there is one registry (CPython keeps one
//! per module). State is module attributes (`filters`, `_registry`,
//! `_onceregistry`, `_filters_version`, `_record_log`), plain data.
//! Not here: `warn_explicit`, `skip_file_prefixes`, the `-W` options.

use super::native_class::{binds, call_method, make_class, module_attr, set_module_attr, stderr};
use super::native_class::{write_to, Methods};
use super::ModuleDef;
use crate::object::{Dict, ExcType, NativeId, Obj, Value};
use crate::vm::{as_str, PyErr, PyResult, Vm};

const ACTIONS: &[&str] = &[
    "error", "ignore", "always", "all", "default", "module", "once",
];

fn attr(vm: &mut Vm, name: &str) -> PyResult<Value> {
    module_attr(vm, "warnings", name)
}

fn set(vm: &mut Vm, name: &str, v: Value) -> PyResult<()> {
    set_module_attr(vm, "warnings", name, v)
}

/// `_filters_mutated()`: the registries are stale.
fn mutated(vm: &mut Vm) -> PyResult<()> {
    let v = attr(vm, "_filters_version")?;
    let n = vm.index_arg(v)?;
    set(vm, "_filters_version", Value::Int(n + 1))
}

fn is_subclass(vm: &mut Vm, a: Value, b: Value) -> PyResult<bool> {
    let f = vm.builtin_by_name("issubclass")?;
    let r = vm.call_value(f, vec![a, b], Vec::new())?;
    vm.truthy(r)
}

fn is_warning_class(vm: &mut Vm, c: Value) -> bool {
    match c {
        Value::ExcType(e) => e.is_subclass_of(ExcType::Warning),
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Class(_) => vm.class_is_exc_subclass(id, ExcType::Warning),
            _ => false,
        },
        _ => false,
    }
}

fn class_name_of(vm: &mut Vm, cls: Value) -> PyResult<String> {
    let n = vm.get_attr(cls, "__name__")?;
    vm.str_of(n)
}

/// `None` matches everything, a string exactly, a pattern by `match`.
fn matches(vm: &mut Vm, pattern: Value, text: Value) -> PyResult<bool> {
    if pattern.is_none() {
        return Ok(true);
    }
    if let (Some(p), Some(t)) = (as_str(&vm.heap, pattern), as_str(&vm.heap, text)) {
        return Ok(p == t);
    }
    let r = call_method(vm, pattern, "match", vec![text])?;
    vm.truthy(r)
}

/// The filename, line and source line of the frame `stacklevel` up.
fn location(vm: &Vm, stacklevel: i64) -> (String, i64, Option<String>) {
    let n = vm.frames.len() as i64;
    let index = n - stacklevel.max(1);
    if index < 0 {
        return ("<sys>".to_owned(), 0, None);
    }
    let f = &vm.frames[index as usize];
    let code = &vm.program.codes[f.code as usize];
    let ip = f.ip.saturating_sub(1) as usize;
    let line = code.lines.get(ip).copied().unwrap_or(code.first_line);
    let (filename, lines) = vm.program.source_of(f.code);
    let src = (line as usize)
        .checked_sub(1)
        .and_then(|i| lines.get(i))
        .cloned();
    (filename.to_owned(), i64::from(line), src)
}

/// The source line of `filename`:`lineno`, when it is the program's (or
/// one of its session's cells').
fn source_line(vm: &Vm, filename: &str, lineno: i64) -> Option<String> {
    let program = &vm.program;
    let lines = if filename == program.filename {
        &program.source_lines
    } else {
        let cell = program.cells.iter().rev().find(|c| c.filename == filename);
        &cell?.source_lines
    };
    (lineno as usize)
        .checked_sub(1)
        .and_then(|i| lines.get(i))
        .cloned()
}

/// `formatwarning` as CPython writes it: `file:line: Category: message`
/// and the stripped source line.
fn format_text(
    vm: &mut Vm,
    message: Value,
    category: Value,
    filename: &str,
    lineno: i64,
    line: Option<String>,
) -> PyResult<String> {
    let name = class_name_of(vm, category)?;
    let msg = vm.str_of(message)?;
    let mut s = format!("{filename}:{lineno}: {name}: {msg}\n");
    let line = line.or_else(|| source_line(vm, filename, lineno));
    if let Some(l) = line {
        let t = l.trim();
        if !t.is_empty() {
            s.push_str(&format!("  {t}\n"));
        }
    }
    Ok(s)
}

fn native(name: &str) -> Value {
    Value::Native(MODULE.native_id(name))
}

/// Shows a warning: into the recording list of a `catch_warnings(record=
/// True)`, else through `showwarning` (the program's if it replaced it).
fn show(
    vm: &mut Vm,
    message: Value,
    category: Value,
    filename: &str,
    lineno: i64,
    source: Value,
) -> PyResult<()> {
    let log = attr(vm, "_record_log")?;
    let fname = vm.new_str(filename);
    if !log.is_none() {
        let cls = attr(vm, "WarningMessage")?;
        let wm = vm.call_value(
            cls,
            vec![
                message,
                category,
                fname,
                Value::Int(lineno),
                Value::None,
                Value::None,
                source,
            ],
            Vec::new(),
        )?;
        call_method(vm, log, "append", vec![wm])?;
        return Ok(());
    }
    let sw = attr(vm, "showwarning")?;
    if sw != native("showwarning") {
        vm.call_value(
            sw,
            vec![
                message,
                category,
                fname,
                Value::Int(lineno),
                Value::None,
                Value::None,
            ],
            Vec::new(),
        )?;
        return Ok(());
    }
    let text = format_any(vm, message, category, fname, lineno, Value::None)?;
    let err = stderr(vm)?;
    write_to(vm, err, &text)
}

/// `formatwarning(...)`, the program's if it replaced it.
fn format_any(
    vm: &mut Vm,
    message: Value,
    category: Value,
    filename: Value,
    lineno: i64,
    line: Value,
) -> PyResult<String> {
    let fw = attr(vm, "formatwarning")?;
    if fw != native("formatwarning") {
        let r = vm.call_value(
            fw,
            vec![message, category, filename, Value::Int(lineno), line],
            Vec::new(),
        )?;
        return vm.str_of(r);
    }
    let f = vm.str_of(filename)?;
    let line = as_str(&vm.heap, line).map(str::to_owned);
    format_text(vm, message, category, &f, lineno, line)
}

/// `warn_explicit` over the one registry.
fn warn_at(
    vm: &mut Vm,
    message: Value,
    category: Value,
    filename: &str,
    lineno: i64,
    source: Value,
) -> PyResult<()> {
    let registry = attr(vm, "_registry")?;
    let version = attr(vm, "_filters_version")?;
    let vkey = vm.new_str("version");
    let current = if vm.contains(registry, vkey)? {
        vm.get_item(registry, vkey)?
    } else {
        Value::None
    };
    if current != version {
        call_method(vm, registry, "clear", Vec::new())?;
        vm.set_item(registry, vkey, version)?;
    }
    let is_instance = {
        let w = Value::ExcType(ExcType::Warning);
        crate::builtins::objects::is_instance(vm, message, w)?
    };
    let (text, message, category) = if is_instance {
        let t = vm.str_of(message)?;
        let t = vm.new_str(t);
        let c = vm.type_value(message);
        (t, message, c)
    } else {
        let m = vm.call_value(category, vec![message], Vec::new())?;
        (message, m, category)
    };
    let key = vm.new_tuple(vec![text, category, Value::Int(lineno)]);
    if vm.contains(registry, key)? {
        let v = vm.get_item(registry, key)?;
        if vm.truthy(v)? {
            return Ok(());
        }
    }
    let module = vm.new_str("__main__");
    let filters = attr(vm, "filters")?;
    let mut action = None;
    for item in vm.collect_iterable(filters)? {
        let parts = vm.collect_iterable(item)?;
        if parts.len() != 5 {
            return Err(PyErr::value_error(format!(
                "_warnings.filters item has {} elements, expected 5",
                parts.len()
            )));
        }
        let ln = vm.index_arg(parts[4])?;
        if matches(vm, parts[1], text)?
            && is_subclass(vm, category, parts[2])?
            && matches(vm, parts[3], module)?
            && (ln == 0 || ln == lineno)
        {
            action = Some(vm.str_of(parts[0])?);
            break;
        }
    }
    let action = match action {
        Some(a) => a,
        None => {
            let d = attr(vm, "defaultaction")?;
            vm.str_of(d)?
        }
    };
    match action.as_str() {
        "ignore" => return Ok(()),
        "error" => return Err(PyErr::Raise(message)),
        "once" => {
            vm.set_item(registry, key, Value::Bool(true))?;
            let once = attr(vm, "_onceregistry")?;
            let okey = vm.new_tuple(vec![text, category]);
            if vm.contains(once, okey)? {
                return Ok(());
            }
            vm.set_item(once, okey, Value::Bool(true))?;
        }
        "always" | "all" => {}
        "module" => {
            vm.set_item(registry, key, Value::Bool(true))?;
            let alt = vm.new_tuple(vec![text, category, Value::Int(0)]);
            if vm.contains(registry, alt)? {
                return Ok(());
            }
            vm.set_item(registry, alt, Value::Bool(true))?;
        }
        "default" => {
            vm.set_item(registry, key, Value::Bool(true))?;
        }
        other => {
            return Err(PyErr::new(
                ExcType::RuntimeError,
                format!("Unrecognized action ('{other}') in warnings.filters"),
            ));
        }
    }
    show(vm, message, category, filename, lineno, source)
}

/// Adds a filter: first (or last with `append`), replacing an equal one.
fn add_filter(vm: &mut Vm, item: Value, append: bool) -> PyResult<()> {
    let filters = attr(vm, "filters")?;
    if !append {
        while vm.contains(filters, item)? {
            call_method(vm, filters, "remove", vec![item])?;
        }
        call_method(vm, filters, "insert", vec![Value::Int(0), item])?;
    } else if !vm.contains(filters, item)? {
        call_method(vm, filters, "append", vec![item])?;
    }
    mutated(vm)
}

fn check_action(vm: &mut Vm, action: Value) -> PyResult<()> {
    let a = vm.str_of(action)?;
    if !ACTIONS.contains(&a.as_str()) {
        let r = vm.repr(action)?;
        return Err(PyErr::value_error(format!("invalid action: {r}")));
    }
    Ok(())
}

fn simple_filter(
    vm: &mut Vm,
    action: Value,
    category: Option<Value>,
    lineno: Option<Value>,
    append: Option<Value>,
) -> PyResult<()> {
    check_action(vm, action)?;
    let lineno = match lineno {
        Some(l) => vm.index_arg(l)?,
        None => 0,
    };
    if lineno < 0 {
        return Err(PyErr::value_error("lineno must be an int >= 0"));
    }
    let category = category.unwrap_or(Value::ExcType(ExcType::Warning));
    let append = match append {
        Some(a) => vm.truthy(a)?,
        None => false,
    };
    let item = vm.new_tuple(vec![
        action,
        Value::None,
        category,
        Value::None,
        Value::Int(lineno),
    ]);
    add_filter(vm, item, append)
}

native! {
    /// `warn(message, category=None, stacklevel=1, source=None, *,
    /// skip_file_prefixes=())`.
    def fn warn(vm, message, category?, stacklevel?, source?, *, skip_file_prefixes?) {
        let _ = skip_file_prefixes;
        let w = Value::ExcType(ExcType::Warning);
        let category = if crate::builtins::objects::is_instance(vm, message, w)? {
            vm.type_value(message)
        } else {
            match category {
                None | Some(Value::None) => Value::ExcType(ExcType::UserWarning),
                Some(c) => c,
            }
        };
        if !is_warning_class(vm, category) {
            let name = vm.class_name(category);
            return Err(PyErr::type_error(format!(
                "category must be a Warning subclass, not '{name}'"
            )));
        }
        let stacklevel = match stacklevel {
            Some(s) => vm.index_arg(s)?,
            None => 1,
        };
        let (filename, lineno, _) = location(vm, stacklevel);
        warn_at(vm, message, category, &filename, lineno, source.unwrap_or(Value::None))?;
        Ok(Value::None)
    }

    /// `showwarning(message, category, filename, lineno, file=None,
    /// line=None)`: `formatwarning`'s text, to `file` or `sys.stderr`.
    def fn showwarning(vm, message, category, filename, lineno, file?, line?) {
        let lineno = vm.index_arg(lineno)?;
        let text = format_any(vm, message, category, filename, lineno, line.unwrap_or(Value::None))?;
        let file = match file {
            Some(f) if !f.is_none() => f,
            _ => stderr(vm)?,
        };
        write_to(vm, file, &text)?;
        Ok(Value::None)
    }

    /// `formatwarning(message, category, filename, lineno, line=None)`.
    def fn formatwarning(vm, message, category, filename, lineno, line?) {
        let lineno = vm.index_arg(lineno)?;
        let f = vm.str_of(filename)?;
        let line = line.and_then(|l| as_str(&vm.heap, l).map(str::to_owned));
        let text = format_text(vm, message, category, &f, lineno, line)?;
        Ok(vm.new_str(text))
    }

    /// `simplefilter(action, category=Warning, lineno=0, append=False)`.
    def fn simplefilter(vm, action, category?, lineno?, append?) {
        simple_filter(vm, action, category, lineno, append)?;
        Ok(Value::None)
    }

    /// `filterwarnings(action, message='', category=Warning, module='',
    /// lineno=0, append=False)`: message and module are regular
    /// expressions (the message's case-insensitive).
    def fn filterwarnings(vm, action, message?, category?, module?, lineno?, append?) {
        check_action(vm, action)?;
        let compile = module_attr(vm, "re", "compile")?;
        let msg = match message {
            Some(m) if vm.truthy(m)? => {
                let flags = module_attr(vm, "re", "I")?;
                vm.call_value(compile, vec![m, flags], Vec::new())?
            }
            _ => Value::None,
        };
        let module = match module {
            Some(m) if vm.truthy(m)? => {
                let m = vm.str_of(m)?;
                let m = vm.new_str(format!("{m}\\Z"));
                vm.call_value(compile, vec![m], Vec::new())?
            }
            _ => Value::None,
        };
        let lineno = match lineno {
            Some(l) => vm.index_arg(l)?,
            None => 0,
        };
        if lineno < 0 {
            return Err(PyErr::value_error("lineno must be an int >= 0"));
        }
        let category = category.unwrap_or(Value::ExcType(ExcType::Warning));
        let append = match append {
            Some(a) => vm.truthy(a)?,
            None => false,
        };
        let item = vm.new_tuple(vec![action, msg, category, module, Value::Int(lineno)]);
        add_filter(vm, item, append)?;
        Ok(Value::None)
    }

    /// `resetwarnings()`: no filters.
    def fn resetwarnings(vm) {
        let filters = attr(vm, "filters")?;
        call_method(vm, filters, "clear", Vec::new())?;
        mutated(vm)?;
        Ok(Value::None)
    }

    /// `WarningMessage.__init__(self, message, category, filename, lineno,
    /// file=None, line=None, source=None)`.
    def fn _wm_init as "WarningMessage.__init__"(vm, this, message, category, filename, lineno, file?, line?, source?) {
        vm.set_attr(this, "message", message)?;
        vm.set_attr(this, "category", category)?;
        vm.set_attr(this, "filename", filename)?;
        vm.set_attr(this, "lineno", lineno)?;
        vm.set_attr(this, "file", file.unwrap_or(Value::None))?;
        vm.set_attr(this, "line", line.unwrap_or(Value::None))?;
        vm.set_attr(this, "source", source.unwrap_or(Value::None))?;
        let name = if category.is_none() {
            Value::None
        } else {
            let n = class_name_of(vm, category)?;
            vm.new_str(n)
        };
        vm.set_attr(this, "_category_name", name)?;
        Ok(Value::None)
    }

    /// `str(WarningMessage)`.
    def fn _wm_str as "WarningMessage.__str__"(vm, this) {
        let mut parts = Vec::new();
        for (k, repr) in [("message", true), ("_category_name", true), ("filename", true), ("lineno", false), ("line", true)] {
            let v = vm.get_attr(this, k)?;
            parts.push(if repr { vm.repr(v)? } else { vm.str_of(v)? });
        }
        Ok(vm.new_str(format!(
            "{{message : {}, category : {}, filename : {}, lineno : {}, line : {}}}",
            parts[0], parts[1], parts[2], parts[3], parts[4]
        )))
    }

    /// `catch_warnings.__init__(self, *, record=False, module=None,
    /// action=None, category=Warning, lineno=0, append=False)`.
    def fn _cw_init as "catch_warnings.__init__"(vm, this, *, record?, module?, action?, category?, lineno?, append?) {
        let _ = module;
        let record = match record {
            Some(r) => vm.truthy(r)?,
            None => false,
        };
        vm.set_attr(this, "_record", Value::Bool(record))?;
        vm.set_attr(this, "_entered", Value::Bool(false))?;
        let action = action.unwrap_or(Value::None);
        vm.set_attr(this, "_action", action)?;
        vm.set_attr(this, "_category", category.unwrap_or(Value::ExcType(ExcType::Warning)))?;
        vm.set_attr(this, "_lineno", lineno.unwrap_or(Value::Int(0)))?;
        vm.set_attr(this, "_append", append.unwrap_or(Value::Bool(false)))?;
        Ok(Value::None)
    }

    /// `catch_warnings.__enter__()`: saves the filters and the way
    /// warnings are shown; the recording list with `record=True`.
    def fn _cw_enter as "catch_warnings.__enter__"(vm, this) {
        let entered = vm.get_attr(this, "_entered")?;
        if vm.truthy(entered)? {
            let r = vm.repr(this)?;
            return Err(PyErr::new(ExcType::RuntimeError, format!("Cannot enter {r} twice")));
        }
        vm.set_attr(this, "_entered", Value::Bool(true))?;
        let filters = attr(vm, "filters")?;
        vm.set_attr(this, "_saved_filters", filters)?;
        let copy = call_method(vm, filters, "copy", Vec::new())?;
        set(vm, "filters", copy)?;
        mutated(vm)?;
        let sw = attr(vm, "showwarning")?;
        vm.set_attr(this, "_saved_showwarning", sw)?;
        let log = attr(vm, "_record_log")?;
        vm.set_attr(this, "_saved_log", log)?;
        let action = vm.get_attr(this, "_action")?;
        if !action.is_none() {
            let c = vm.get_attr(this, "_category")?;
            let l = vm.get_attr(this, "_lineno")?;
            let a = vm.get_attr(this, "_append")?;
            simple_filter(vm, action, Some(c), Some(l), Some(a))?;
        }
        let record = vm.get_attr(this, "_record")?;
        if vm.truthy(record)? {
            let log = vm.new_list(Vec::new());
            set(vm, "_record_log", log)?;
            set(vm, "showwarning", native("showwarning"))?;
            return Ok(log);
        }
        Ok(Value::None)
    }

    /// `catch_warnings.__exit__(*exc_info)`: restores what `__enter__`
    /// saved.
    builtin fn _cw_exit as "__exit__"(vm, this, /, *exc_info) {
        let _ = exc_info;
        let entered = vm.get_attr(this, "_entered")?;
        if !vm.truthy(entered)? {
            let r = vm.repr(this)?;
            return Err(PyErr::new(ExcType::RuntimeError, format!("Cannot exit {r} without entering first")));
        }
        let filters = vm.get_attr(this, "_saved_filters")?;
        set(vm, "filters", filters)?;
        mutated(vm)?;
        let sw = vm.get_attr(this, "_saved_showwarning")?;
        set(vm, "showwarning", sw)?;
        let log = vm.get_attr(this, "_saved_log")?;
        set(vm, "_record_log", log)?;
        Ok(Value::None)
    }

    /// `repr(catch_warnings(...))`.
    def fn _cw_repr as "catch_warnings.__repr__"(vm, this) {
        let record = vm.get_attr(this, "_record")?;
        let args = if vm.truthy(record)? { "record=True" } else { "" };
        Ok(vm.new_str(format!("catch_warnings({args})")))
    }
}

const WARNING_MESSAGE: Methods = &[("__init__", "_wm_init"), ("__str__", "_wm_str")];

const CATCH_WARNINGS: Methods = &[
    ("__init__", "_cw_init"),
    ("__enter__", "_cw_enter"),
    ("__exit__", "_cw_exit"),
    ("__repr__", "_cw_repr"),
];

/// Whether `f` is one of the classes' methods, which bind the instance.
pub(crate) fn binds_as_method(f: NativeId) -> bool {
    binds(&MODULE, &[WARNING_MESSAGE, CATCH_WARNINGS], f)
}

fn build(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) -> PyResult<()> {
    let main = vm.new_str("__main__");
    let mut filters = Vec::new();
    for (action, cat, module) in [
        ("default", ExcType::DeprecationWarning, main),
        ("ignore", ExcType::DeprecationWarning, Value::None),
        ("ignore", ExcType::PendingDeprecationWarning, Value::None),
        ("ignore", ExcType::ImportWarning, Value::None),
        ("ignore", ExcType::ResourceWarning, Value::None),
    ] {
        let a = vm.new_str(action);
        filters.push(vm.new_tuple(vec![
            a,
            Value::None,
            Value::ExcType(cat),
            module,
            Value::Int(0),
        ]));
    }
    let filters = vm.new_list(filters);
    attrs.push(("filters".into(), filters));
    let d = vm.new_str("default");
    attrs.push(("defaultaction".into(), d));
    let registry = vm.heap.new_value(Obj::Dict(Box::new(Dict::new())));
    attrs.push(("_registry".into(), registry));
    let once = vm.heap.new_value(Obj::Dict(Box::new(Dict::new())));
    attrs.push(("_onceregistry".into(), once));
    attrs.push(("_filters_version".into(), Value::Int(1)));
    attrs.push(("_record_log".into(), Value::None));
    let wm = make_class(
        vm,
        &MODULE,
        "WarningMessage",
        Vec::new(),
        WARNING_MESSAGE,
        Vec::new(),
    )?;
    attrs.push(("WarningMessage".into(), wm));
    let cw = make_class(
        vm,
        &MODULE,
        "catch_warnings",
        Vec::new(),
        CATCH_WARNINGS,
        Vec::new(),
    )?;
    attrs.push(("catch_warnings".into(), cw));
    Ok(())
}

fn init(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    let _ = build(vm, attrs);
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "warnings",
    funcs: natives_table![
        warn,
        showwarning,
        formatwarning,
        simplefilter,
        filterwarnings,
        resetwarnings,
        _wm_init,
        _wm_str,
        _cw_init,
        _cw_enter,
        _cw_exit,
        _cw_repr,
    ],
    init,
};
