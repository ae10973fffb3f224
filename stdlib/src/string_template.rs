//! `string.Template`: `$`-substitution (`substitute`, `safe_substitute`,
//! `is_valid`, `get_identifiers`). `Template` is a class made at import
//! (so it can be subclassed with another `delimiter`, `idpattern`,
//! `braceidpattern`, `flags` or `pattern`), whose methods are hidden
//! natives of `string` ([`super::string`] lists them). The placeholder
//! pattern is CPython's, compiled with this crate's `re` from the class's
//! attributes as `Template.__init_subclass__` would, so the matches and
//! the errors (`KeyError`, "Invalid placeholder in string: line L, col C")
//! are CPython's.

use crate::object::{Dict, HashKey, Obj, Value};
use crate::re::{self, Spans};
use crate::vm::call::Kwargs;
use crate::vm::{PyErr, PyResult, Vm};
use crate::NativeId;

/// The default `idpattern`.
const IDPATTERN: &str = "(?a:[_a-z][_a-z0-9]*)";
/// `re.IGNORECASE`, the default `flags`.
const IGNORECASE: i64 = 2;
/// `re.VERBOSE`, added to `flags` when compiling.
const VERBOSE: i64 = 64;

/// CPython's placeholder pattern for a delimiter (escaped) and the two
/// identifier patterns.
fn pattern_text(delim: &str, id: &str, bid: &str) -> String {
    format!(
        "\n            {delim}(?:\n              (?P<escaped>{delim})  |   # Escape sequence of two delimiters\n              (?P<named>{id})       |   # delimiter and a Python identifier\n              {{(?P<braced>{bid})}} |   # delimiter and a braced identifier\n              (?P<invalid>)             # Other ill-formed delimiter exprs\n            )\n            "
    )
}

/// Compiles a pattern text with `flags | re.VERBOSE`.
fn compile(vm: &mut Vm, text: Value, flags: Value) -> PyResult<Value> {
    let flags = match flags {
        Value::Int(f) => Value::Int(f | VERBOSE),
        other => {
            let v = Value::Int(VERBOSE);
            vm.binary_op(monty_compile::bytecode::BinOp::BitOr, other, v, false)?
        }
    };
    re::compile_value(vm, text, Some(flags))
}

/// The compiled pattern of `this`'s class: its own `pattern` if it has
/// one, else built from its (inherited) `delimiter`, `idpattern`,
/// `braceidpattern` and `flags`, as `__init_subclass__` does.
fn pattern_of(vm: &mut Vm, this: Value) -> PyResult<Value> {
    let cls = vm.user_class_of(this);
    let own = cls.and_then(|c| vm.class(c).attrs.get_str("pattern"));
    let flags = vm.get_attr(this, "flags")?;
    if let Some(p) = own {
        if re::pattern_of(vm, p).is_some() {
            return Ok(p);
        }
        return compile(vm, p, flags);
    }
    let delim = vm.get_attr(this, "delimiter")?;
    let delim = vm.str_of(delim)?;
    let id = vm.get_attr(this, "idpattern")?;
    let id = vm.str_of(id)?;
    let bid = vm.get_attr(this, "braceidpattern")?;
    let bid = if vm.truthy(bid)? {
        vm.str_of(bid)?
    } else {
        id.clone()
    };
    let text = pattern_text(&monty_re::parse::escape(&delim), &id, &bid);
    let text = vm.new_str(text);
    compile(vm, text, flags)
}

/// One placeholder match: the text of each named group.
struct Found {
    span: (usize, usize),
    escaped: Option<String>,
    named: Option<String>,
    braced: Option<String>,
    invalid: Option<usize>,
}

/// Every match of `this`'s pattern in its template, and the template.
fn matches(vm: &mut Vm, this: Value) -> PyResult<(String, Vec<Found>)> {
    let pattern = pattern_of(vm, this)?;
    let template = vm.get_attr(this, "template")?;
    let text = re::subject(vm, template)?;
    let data = re::pattern_of(vm, pattern)
        .cloned()
        .ok_or_else(|| PyErr::type_error("Template.pattern must be a compiled pattern"))?;
    let engine = re::engine(vm, &data)?;
    let group = |name: &str| data.names.iter().find(|(n, _)| n == name).map(|(_, i)| *i);
    let (escaped, named, braced, invalid) = (
        group("escaped"),
        group("named"),
        group("braced"),
        group("invalid"),
    );
    let mut found = Vec::new();
    re::each_match(vm, &engine, &text, 0, 0, &mut |spans: Spans| {
        let get = |g: Option<usize>| {
            g.and_then(|g| spans.get(g).copied().flatten())
                .map(|(s, e)| text[s..e].to_string())
        };
        found.push(Found {
            span: spans[0].expect("group 0"),
            escaped: get(escaped),
            named: get(named),
            braced: get(braced),
            invalid: invalid
                .and_then(|g| spans.get(g).copied().flatten())
                .map(|(s, _)| s),
        });
        Ok(())
    })?;
    Ok((text, found))
}

/// `ValueError('Unrecognized named group in pattern', pattern)`.
fn unrecognized(vm: &mut Vm, this: Value) -> PyErr {
    let msg = vm.new_str("Unrecognized named group in pattern");
    let pattern = pattern_of(vm, this).unwrap_or(Value::None);
    PyErr::New(crate::object::ExcType::ValueError, vec![msg, pattern])
}

/// `_invalid`: the line and column of an ill-formed placeholder whose
/// invalid group starts at byte `at` (lines as `str.splitlines` cuts
/// them, the column counted from the start of the last one).
fn invalid_error(text: &str, at: usize) -> PyErr {
    let before: Vec<char> = text[..at].chars().collect();
    let mut lines = Vec::new();
    let (mut cur, mut i) = (0, 0);
    while i < before.len() {
        let c = before[i];
        cur += 1;
        i += 1;
        if c == '\r' && before.get(i) == Some(&'\n') {
            cur += 1;
            i += 1;
        }
        if is_break(c) {
            lines.push(cur);
            cur = 0;
        }
    }
    if cur > 0 {
        lines.push(cur);
    }
    let (lineno, colno) = match lines.last() {
        Some(&last) => (lines.len(), last),
        None => (1, 1),
    };
    PyErr::value_error(format!(
        "Invalid placeholder in string: line {lineno}, col {colno}"
    ))
}

/// `str.splitlines`' line boundaries.
fn is_break(c: char) -> bool {
    matches!(
        c,
        '\n' | '\r'
            | '\x0b'
            | '\x0c'
            | '\x1c'
            | '\x1d'
            | '\x1e'
            | '\u{85}'
            | '\u{2028}'
            | '\u{2029}'
    )
}

/// `mapping[key]`, with the keywords first when both are given (CPython's
/// `ChainMap(kws, mapping)`).
fn lookup(vm: &mut Vm, mapping: Option<Value>, kws: &Kwargs, key: &str) -> PyResult<Value> {
    if let Some((_, v)) = kws.iter().find(|(k, _)| k == key) {
        return Ok(*v);
    }
    let k = vm.new_str(key);
    match mapping {
        None => Err(PyErr::New(crate::object::ExcType::KeyError, vec![k])),
        Some(m) if kws.is_empty() => vm.get_item(m, k),
        Some(m) => vm.get_item(m, k).map_err(|e| {
            if vm.is_exc_kind(&e, crate::object::ExcType::KeyError) {
                PyErr::New(crate::object::ExcType::KeyError, vec![k])
            } else {
                e
            }
        }),
    }
}

/// `substitute` (`safe` false) and `safe_substitute`.
fn substitute(
    vm: &mut Vm,
    this: Value,
    mapping: Option<Value>,
    kws: Kwargs,
    safe: bool,
) -> PyResult<Value> {
    let (text, found) = matches(vm, this)?;
    let delimiter = vm.get_attr(this, "delimiter")?;
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for m in found {
        out.push_str(&text[last..m.span.0]);
        last = m.span.1;
        let whole = &text[m.span.0..m.span.1];
        let named = match m.named {
            Some(n) if !n.is_empty() => Some(n),
            _ => m.braced,
        };
        if let Some(name) = named {
            match lookup(vm, mapping, &kws, &name) {
                Ok(v) => out.push_str(&vm.str_of(v)?),
                Err(e) if safe && vm.is_exc_kind(&e, crate::object::ExcType::KeyError) => {
                    out.push_str(whole)
                }
                Err(e) => return Err(e),
            }
        } else if m.escaped.is_some() {
            out.push_str(&vm.str_of(delimiter)?);
        } else if let Some(at) = m.invalid {
            if !safe {
                return Err(invalid_error(&text, at));
            }
            out.push_str(whole);
        } else {
            return Err(unrecognized(vm, this));
        }
    }
    out.push_str(&text[last..]);
    Ok(vm.new_str(out))
}

native! {
    /// `Template.__init__(self, template)`.
    pub(crate) def fn template_init as "Template.__init__"(vm, this, template) {
        vm.set_attr(this, "template", template)?;
        Ok(Value::None)
    }

    /// `Template.substitute(self, mapping={}, /, **kws)`.
    pub(crate) def fn template_substitute as "Template.substitute"(vm, this, mapping?, /, **kws) {
        substitute(vm, this, mapping, kws, false)
    }

    /// `Template.safe_substitute(self, mapping={}, /, **kws)`.
    pub(crate) def fn template_safe_substitute as "Template.safe_substitute"(vm, this, mapping?, /, **kws) {
        substitute(vm, this, mapping, kws, true)
    }

    /// `Template.is_valid(self)`.
    pub(crate) def fn template_is_valid as "Template.is_valid"(vm, this) {
        let (_, found) = matches(vm, this)?;
        for m in found {
            if m.invalid.is_some() {
                return Ok(Value::Bool(false));
            }
            if m.named.is_none() && m.braced.is_none() && m.escaped.is_none() {
                return Err(unrecognized(vm, this));
            }
        }
        Ok(Value::Bool(true))
    }

    /// `Template.get_identifiers(self)`: the placeholder names, once each,
    /// in order.
    pub(crate) def fn template_get_identifiers as "Template.get_identifiers"(vm, this) {
        let (_, found) = matches(vm, this)?;
        let mut ids: Vec<String> = Vec::new();
        for m in found {
            let named = match m.named {
                Some(n) if !n.is_empty() => Some(n),
                _ => m.braced,
            };
            match named {
                Some(n) if !ids.contains(&n) => ids.push(n),
                Some(_) => {}
                None if m.invalid.is_none() && m.escaped.is_none() => {
                    return Err(unrecognized(vm, this))
                }
                None => {}
            }
        }
        let items = ids.into_iter().map(|s| vm.new_str(s)).collect();
        Ok(vm.new_list(items))
    }
}

/// The natives that become `Template`'s methods: (attribute, function
/// name in `string`'s table).
pub(crate) const METHODS: &[(&str, &str)] = &[
    ("__init__", "_template_init"),
    ("substitute", "_template_substitute"),
    ("safe_substitute", "_template_safe_substitute"),
    ("is_valid", "_template_is_valid"),
    ("get_identifiers", "_template_get_identifiers"),
];

/// Makes the `Template` class; `func_index` finds a function of
/// `string`'s table by name.
pub(crate) fn make_class(vm: &mut Vm, func_index: impl Fn(&str) -> u16) -> PyResult<Value> {
    let mut ns = Dict::new();
    let put = |vm: &mut Vm, ns: &mut Dict, k: &str, v: Value| {
        let key = vm.new_str(k);
        ns.insert(HashKey::Str(k.into()), key, v);
    };
    let module = vm.new_str("string");
    put(vm, &mut ns, "__module__", module);
    let doc = vm.new_str("A string class for supporting $-substitutions.");
    put(vm, &mut ns, "__doc__", doc);
    let delim = vm.new_str("$");
    put(vm, &mut ns, "delimiter", delim);
    let id = vm.new_str(IDPATTERN);
    put(vm, &mut ns, "idpattern", id);
    put(vm, &mut ns, "braceidpattern", Value::None);
    put(vm, &mut ns, "flags", Value::Int(IGNORECASE));
    let text = pattern_text("\\$", IDPATTERN, IDPATTERN);
    let text = vm.new_str(text);
    let pattern = compile(vm, text, Value::Int(IGNORECASE))?;
    put(vm, &mut ns, "pattern", pattern);
    let string = crate::module_index("string");
    for (attr, func) in METHODS {
        let v = vm.heap.new_value(Obj::BoundNative {
            func: NativeId {
                module: string,
                func: func_index(func),
            },
            bound: Vec::new(),
            name: format!("Template.{attr}"),
        });
        put(vm, &mut ns, attr, v);
    }
    let ns = vm.heap.new_value(Obj::Dict(Box::new(ns)));
    vm.build_class("Template".into(), "Template".into(), Vec::new(), ns)
}
