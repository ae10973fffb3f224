//! `collections.namedtuple`: builds a class whose instances keep their
//! fields as attributes but behave as tuples (indexing, iteration, hashing,
//! comparisons, `repr`), plus the helpers `_asdict`, `_replace`, `_make`
//! and `__getnewargs__` bound to instances or the class.

use super::ids::{
    native, F_NT_ASDICT, F_NT_DUNDER, F_NT_GETNEWARGS, F_NT_INIT, F_NT_MAKE, F_NT_REPLACE,
    F_NT_TUPLE_METHOD,
};
use crate::object::{Dict, HashKey, Obj, ObjId, Value};
use crate::vm::{as_str, PyErr, PyResult, Vm};
use monty_compile::bytecode::CmpOp;

fn is_identifier(s: &str) -> bool {
    monty_vm::unicode::is_identifier(s)
}

/// Python's hard keywords (`keyword.kwlist`).
pub(crate) fn is_keyword(s: &str) -> bool {
    matches!(
        s,
        "False"
            | "None"
            | "True"
            | "and"
            | "as"
            | "assert"
            | "async"
            | "await"
            | "break"
            | "class"
            | "continue"
            | "def"
            | "del"
            | "elif"
            | "else"
            | "except"
            | "finally"
            | "for"
            | "from"
            | "global"
            | "if"
            | "import"
            | "in"
            | "is"
            | "lambda"
            | "nonlocal"
            | "not"
            | "or"
            | "pass"
            | "raise"
            | "return"
            | "try"
            | "while"
            | "with"
            | "yield"
    )
}

native! {
    /// `namedtuple(typename, field_names, *, rename=False, defaults=None,
    /// module=None)`.
    pub(crate) def fn namedtuple(vm, typename, field_names, *, rename?, defaults?, module?) {
        make_class(vm, typename, field_names, rename, defaults, module)
    }
}

/// A namedtuple class (the `namedtuple()` function's work).
pub(crate) fn make_class(
    vm: &mut Vm,
    typename: Value,
    field_names: Value,
    rename: Option<Value>,
    defaults: Option<Value>,
    module: Option<Value>,
) -> PyResult<Value> {
    // CPython coerces the typename with str()
    let name = vm.str_of(typename)?;
    let fields: Vec<String> = match as_str(&vm.heap, field_names) {
        Some(s) => s
            .replace(',', " ")
            .split_whitespace()
            .map(str::to_string)
            .collect(),
        None => {
            let items = vm.collect_iterable(field_names)?;
            items
                .into_iter()
                .map(|i| as_str(&vm.heap, i).map(str::to_string))
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| PyErr::type_error("Type names and field names must be strings"))?
        }
    };
    let mut fields = fields;
    let rename = match rename {
        Some(r) => vm.truthy(r)?,
        None => false,
    };
    if rename {
        // As CPython: invalid, keyword, underscored or repeated names
        // become `_<index>`.
        let mut seen = std::collections::HashSet::new();
        for (i, f) in fields.iter_mut().enumerate() {
            if !is_identifier(f) || is_keyword(f) || f.starts_with('_') || !seen.insert(f.clone()) {
                *f = format!("_{i}");
            }
        }
    }
    for n in std::iter::once(&name).chain(&fields) {
        if !is_identifier(n) {
            return Err(PyErr::value_error(format!(
                "Type names and field names must be valid identifiers: {}",
                crate::vm::repr::str_repr(n)
            )));
        }
        if is_keyword(n) {
            return Err(PyErr::value_error(format!(
                "Type names and field names cannot be a keyword: {}",
                crate::vm::repr::str_repr(n)
            )));
        }
    }
    let mut seen = std::collections::HashSet::new();
    for f in &fields {
        if f.starts_with('_') && !rename {
            return Err(PyErr::value_error(format!(
                "Field names cannot start with an underscore: {}",
                crate::vm::repr::str_repr(f)
            )));
        }
        if !seen.insert(f.as_str()) {
            return Err(PyErr::value_error(format!(
                "Encountered duplicate field name: {}",
                crate::vm::repr::str_repr(f)
            )));
        }
    }
    let defaults = match defaults {
        Some(d) if !d.is_none() => vm.collect_iterable(d)?,
        _ => Vec::new(),
    };
    if defaults.len() > fields.len() {
        return Err(PyErr::type_error(
            "Got more default values than field names",
        ));
    }
    let ns = vm.heap.new_value(Obj::Dict(Box::new(Dict::new())));
    let cls = vm.build_class(name.clone(), name, Vec::new(), ns)?;
    let Value::Ref(cid) = cls else {
        unreachable!("a class")
    };
    let field_values: Vec<Value> = fields.iter().map(|f| vm.new_str(f.clone())).collect();
    let tuple = vm.new_tuple(field_values);
    let key = vm.new_str("_fields");
    let doc = if fields.len() == 1 {
        format!("{}({},)", c_name(vm, cid), fields[0])
    } else {
        format!("{}({})", c_name(vm, cid), fields.join(", "))
    };
    let doc = vm.new_str(doc);
    let doc_key = vm.new_str("__doc__");
    let module = match module {
        Some(m) if !m.is_none() => m,
        _ => vm.new_str("__main__"),
    };
    let module_key = vm.new_str("__module__");
    // `_field_defaults`: the last fields' names → their defaults
    let mut field_defaults = Dict::new();
    for (f, d) in fields[fields.len() - defaults.len()..]
        .iter()
        .zip(&defaults)
    {
        let k = vm.new_str(f.clone());
        field_defaults.insert(HashKey::Str(f.as_str().into()), k, *d);
    }
    let field_defaults = vm.heap.new_value(Obj::Dict(Box::new(field_defaults)));
    let field_defaults_key = vm.new_str("_field_defaults");
    if let Obj::Class(c) = vm.heap.get_mut(cid) {
        c.attrs.insert(
            HashKey::Str("_field_defaults".into()),
            field_defaults_key,
            field_defaults,
        );
        c.attrs.insert(HashKey::Str("_fields".into()), key, tuple);
        c.attrs.insert(HashKey::Str("__doc__".into()), doc_key, doc);
        c.attrs
            .insert(HashKey::Str("__module__".into()), module_key, module);
        c.namedtuple = Some((fields, defaults));
    }
    add_methods(vm, cid);
    // (records of this class that came from the host before it existed)
    crate::wire_records::adopt(vm, cid);
    Ok(cls)
}

/// The special methods a namedtuple class holds, run on its values as a
/// tuple ([`NamedtupleVm::namedtuple_dunder`]). `__radd__` is not
/// CPython's (a real tuple subclass needs none) but `(1,) + nt` needs it
/// here, where an instance keeps its values as attributes.
const DUNDERS: &[&str] = &[
    "__repr__",
    "__getitem__",
    "__len__",
    "__iter__",
    "__contains__",
    "__hash__",
    "__eq__",
    "__ne__",
    "__lt__",
    "__le__",
    "__gt__",
    "__ge__",
    "__add__",
    "__radd__",
    "__mul__",
    "__rmul__",
];

/// The tuple methods of a namedtuple.
const TUPLE_METHODS: &[&str] = &["index", "count"];

/// Puts the namedtuple's methods in the class's own dict, as CPython's
/// `namedtuple` does: `__init__` (CPython's `__new__`) bound to the class,
/// the tuple protocol, `_asdict`, `_replace`, `__getnewargs__` and the
/// class method `_make`.
fn add_methods(vm: &mut Vm, cid: ObjId) {
    let qualname = vm.class(cid).qualname.clone();
    let put = |vm: &mut Vm, name: &str, func: u16, bound: Vec<Value>, classmethod: bool| {
        let mut v = vm.heap.new_value(Obj::BoundNative {
            func: native(func),
            bound,
            name: format!("{qualname}.{name}"),
        });
        if classmethod {
            v = vm.heap.new_value(Obj::ClassMethod(v));
        }
        let key = vm.new_str(name);
        if let Obj::Class(c) = vm.heap.get_mut(cid) {
            c.attrs.insert(HashKey::Str(name.into()), key, v);
        }
    };
    put(vm, "__init__", F_NT_INIT, vec![Value::Ref(cid)], false);
    for (i, name) in DUNDERS.iter().enumerate() {
        put(vm, name, F_NT_DUNDER, vec![Value::Int(i as i64)], false);
    }
    for (i, name) in TUPLE_METHODS.iter().enumerate() {
        put(
            vm,
            name,
            F_NT_TUPLE_METHOD,
            vec![Value::Int(i as i64)],
            false,
        );
    }
    put(vm, "_asdict", F_NT_ASDICT, Vec::new(), false);
    put(vm, "_replace", F_NT_REPLACE, Vec::new(), false);
    put(vm, "__getnewargs__", F_NT_GETNEWARGS, Vec::new(), false);
    put(vm, "_make", F_NT_MAKE, Vec::new(), true);
}

/// Which entry of `table` a bound index names.
fn entry(table: &'static [&'static str], which: Value) -> &'static str {
    match which {
        Value::Int(i) => table.get(i as usize).copied().unwrap_or(table[0]),
        _ => table[0],
    }
}

native! {
    /// A namedtuple's `__init__(self, <fields>)`: binds the arguments to
    /// the fields of the class it was made for.
    pub(super) builtin fn nt_init(vm, cls, this, /, *args, **kwargs) {
        let Value::Ref(cid) = cls else { unreachable!("bound to its class") };
        vm.namedtuple_init(cid, this, args, kwargs)?;
        Ok(Value::None)
    }

    /// A namedtuple's special methods: its values' as a tuple.
    pub(super) builtin fn nt_dunder(vm, which, this, /, *args) {
        let name = entry(DUNDERS, which);
        let want = usize::from(!matches!(name, "__repr__" | "__len__" | "__iter__" | "__hash__"));
        if args.len() != want {
            return Err(crate::builtins::arg_count_error(name, want, want, args.len()));
        }
        Ok(vm.namedtuple_dunder(this, name, &args)?.unwrap_or(Value::Builtin(crate::builtins::Builtin::NotImplemented)))
    }

    /// `nt.index(...)`, `nt.count(...)`: the tuple methods on its values.
    pub(super) builtin fn nt_tuple_method(vm, which, this, /, *args, **kwargs) {
        let name = entry(TUPLE_METHODS, which);
        let Some((_, values)) = vm.namedtuple_parts(this) else {
            return Err(PyErr::type_error(format!("{name}() needs a namedtuple")));
        };
        let t = vm.new_tuple(values);
        crate::builtins::methods::call_method(vm, t, name, args, kwargs)
    }
}

fn c_name(vm: &Vm, cid: ObjId) -> String {
    vm.class(cid).name.clone()
}

native! {
    /// `nt._asdict()`.
    pub(super) def fn nt_asdict as "_asdict"(vm, this) {
        let (fields, values) = vm
            .namedtuple_parts(this)
            .ok_or_else(|| PyErr::type_error("_asdict() needs a namedtuple"))?;
        let mut d = Dict::new();
        for (f, v) in fields.into_iter().zip(values) {
            let k = vm.new_str(f.clone());
            d.insert(HashKey::Str(f.into()), k, v);
        }
        Ok(vm.heap.new_value(Obj::Dict(Box::new(d))))
    }

    /// `nt._replace(**kwds)`.
    pub(super) def fn nt_replace as "_replace"(vm, this, /, **kwds) {
        let (fields, mut values) = vm
            .namedtuple_parts(this)
            .ok_or_else(|| PyErr::type_error("_replace() needs a namedtuple"))?;
        let mut unexpected = Vec::new();
        for (k, v) in &kwds {
            match fields.iter().position(|f| f == k) {
                Some(i) => values[i] = *v,
                None => unexpected.push(crate::vm::repr::str_repr(k)),
            }
        }
        if !unexpected.is_empty() {
            // a TypeError since Python 3.14 (a ValueError before)
            return Err(PyErr::type_error(format!(
                "Got unexpected field names: [{}]",
                unexpected.join(", ")
            )));
        }
        let cls = vm.user_class_of(this).expect("an instance");
        vm.call_value(Value::Ref(cls), values, Vec::new())
    }

    /// `Cls._make(iterable)` (a class method).
    pub(super) def fn nt_make as "_make"(vm, cls, iterable) {
        let values = vm.collect_iterable(iterable)?;
        // `tuple.__new__(cls, iterable)`, then the length check of CPython's `_make`
        let fields = match cls {
            Value::Ref(id) => match vm.heap.get(id) {
                Obj::Class(c) => c.namedtuple.as_ref().map(|(f, _)| f.len()),
                _ => None,
            },
            _ => None,
        };
        if let Some(n) = fields.filter(|&n| n != values.len()) {
            return Err(PyErr::type_error(format!(
                "Expected {n} arguments, got {}",
                values.len()
            )));
        }
        vm.call_value(cls, values, Vec::new())
    }

    /// `nt.__getnewargs__()`: the values as a plain tuple.
    pub(super) def fn nt_getnewargs as "__getnewargs__"(vm, this) {
        let (_, values) = vm
            .namedtuple_parts(this)
            .ok_or_else(|| PyErr::type_error("__getnewargs__() needs a namedtuple"))?;
        Ok(vm.new_tuple(values))
    }
}

/// `collections.namedtuple` classes on the VM: construction, fields and
/// the tuple protocol.
///
/// An extension trait: the VM type lives in `monty-vm`, so the library
/// adds its methods through traits (brought into scope where used).
pub trait NamedtupleVm {
    /// The namedtuple fields and values of an instance, if it is one.
    fn namedtuple_parts(&self, v: Value) -> Option<(Vec<String>, Vec<Value>)>;

    /// The namedtuple info of a class (or of an ancestor).
    fn namedtuple_info(&self, cls: ObjId) -> Option<(Vec<String>, Vec<Value>)>;

    /// Creating a namedtuple instance: binds arguments to fields.
    fn namedtuple_init(
        &mut self,
        cls: ObjId,
        inst: Value,
        args: Vec<Value>,
        kwargs: Vec<(String, Value)>,
    ) -> PyResult<()>;

    /// Tuple behaviour of namedtuple instances for special methods the
    /// class does not define; `None` if not applicable.
    fn namedtuple_dunder(
        &mut self,
        obj: Value,
        name: &str,
        args: &[Value],
    ) -> PyResult<Option<Value>>;
}

impl NamedtupleVm for Vm {
    fn namedtuple_parts(&self, v: Value) -> Option<(Vec<String>, Vec<Value>)> {
        let cls = self.user_class_of(v)?;
        let fields = self
            .class(cls)
            .mro
            .iter()
            .find_map(|c| self.class(*c).namedtuple.clone())?
            .0;
        let Value::Ref(id) = v else { return None };
        let Obj::Instance(i) = self.heap.get(id) else {
            return None;
        };
        let values = fields
            .iter()
            .map(|f| i.attrs.get_str(f).unwrap_or(Value::None))
            .collect();
        Some((fields, values))
    }

    fn namedtuple_info(&self, cls: ObjId) -> Option<(Vec<String>, Vec<Value>)> {
        self.class(cls)
            .mro
            .iter()
            .find_map(|c| self.class(*c).namedtuple.clone())
    }

    fn namedtuple_init(
        &mut self,
        cls: ObjId,
        inst: Value,
        args: Vec<Value>,
        kwargs: Vec<(String, Value)>,
    ) -> PyResult<()> {
        let (fields, defaults) = self.namedtuple_info(cls).expect("a namedtuple class");
        let name = self.class(cls).name.clone();
        if args.len() > fields.len() {
            return Err(PyErr::type_error(format!(
                "{name}.__new__() takes {} positional arguments but {} were given",
                fields.len() + 1,
                args.len() + 1
            )));
        }
        let mut values: Vec<Option<Value>> = vec![None; fields.len()];
        for (i, v) in args.into_iter().enumerate() {
            values[i] = Some(v);
        }
        for (k, v) in kwargs {
            match fields.iter().position(|f| *f == k) {
                Some(i) if values[i].is_none() => values[i] = Some(v),
                Some(_) => {
                    return Err(PyErr::type_error(format!(
                        "{name}.__new__() got multiple values for argument '{k}'"
                    )))
                }
                None => {
                    return Err(PyErr::type_error(format!(
                        "{name}.__new__() got an unexpected keyword argument '{k}'"
                    )))
                }
            }
        }
        let first_default = fields.len() - defaults.len();
        let mut missing = Vec::new();
        for (i, v) in values.iter_mut().enumerate() {
            if v.is_none() {
                if i >= first_default {
                    *v = Some(defaults[i - first_default]);
                } else {
                    missing.push(format!("'{}'", fields[i]));
                }
            }
        }
        if !missing.is_empty() {
            let list = match missing.len() {
                1 => missing[0].clone(),
                2 => format!("{} and {}", missing[0], missing[1]),
                n => format!("{}, and {}", missing[..n - 1].join(", "), missing[n - 1]),
            };
            let s = if missing.len() == 1 { "" } else { "s" };
            return Err(PyErr::type_error(format!(
                "{name}.__new__() missing {} required positional argument{s}: {list}",
                missing.len()
            )));
        }
        for (f, v) in fields.iter().zip(values) {
            self.raw_set_attr(inst, f, v.expect("filled"));
        }
        Ok(())
    }

    fn namedtuple_dunder(
        &mut self,
        obj: Value,
        name: &str,
        args: &[Value],
    ) -> PyResult<Option<Value>> {
        let Some((fields, values)) = self.namedtuple_parts(obj) else {
            return Ok(None);
        };
        let t = self.new_tuple(values.clone());
        Ok(Some(match name {
            "__getitem__" => self.get_item(t, args[0])?,
            "__len__" => Value::Int(values.len() as i64),
            "__iter__" => self.get_iter(t)?,
            "__contains__" => Value::Bool(self.contains(t, args[0])?),
            "__hash__" => {
                // hash(tuple(nt)), as CPython
                let k = self.hash_key(t)?;
                Value::Int(crate::object::python_hash(&k))
            }
            "__eq__" | "__lt__" | "__le__" | "__gt__" | "__ge__" | "__ne__" => {
                let other = match self.namedtuple_parts(args[0]) {
                    Some((_, ov)) => self.new_tuple(ov),
                    None => args[0],
                };
                // tuple's comparisons take tuples only: anything else is
                // NotImplemented, so the error names the original operands
                let other_is_tuple =
                    matches!(other, Value::Ref(id) if matches!(self.heap.get(id), Obj::Tuple(_)));
                if !other_is_tuple {
                    return Ok(Some(Value::Builtin(
                        crate::builtins::Builtin::NotImplemented,
                    )));
                }
                let op = match name {
                    "__eq__" => CmpOp::Eq,
                    "__ne__" => CmpOp::Ne,
                    "__lt__" => CmpOp::Lt,
                    "__le__" => CmpOp::Le,
                    "__gt__" => CmpOp::Gt,
                    _ => CmpOp::Ge,
                };
                self.compare_op(op, t, other)?
            }
            "__add__" | "__mul__" | "__rmul__" | "__radd__" => {
                let other = match self.namedtuple_parts(args[0]) {
                    Some((_, ov)) => self.new_tuple(ov),
                    None => args[0],
                };
                let is_tuple =
                    matches!(other, Value::Ref(id) if matches!(self.heap.get(id), Obj::Tuple(_)));
                if name == "__radd__" && !is_tuple {
                    return Ok(None);
                }
                // repetition takes an int (or an `__index__` object) only;
                // else NotImplemented, so the error names the operands
                let count = match args[0] {
                    Value::Int(_) | Value::Bool(_) => true,
                    Value::Ref(id) if matches!(self.heap.get(id), Obj::BigInt(_)) => true,
                    v => self
                        .user_class_of(v)
                        .is_some_and(|c| self.class_lookup(c, "__index__").is_some()),
                };
                if name.ends_with("mul__") && !count {
                    return Ok(Some(Value::Builtin(
                        crate::builtins::Builtin::NotImplemented,
                    )));
                }
                let op = if name.ends_with("add__") {
                    monty_compile::bytecode::BinOp::Add
                } else {
                    monty_compile::bytecode::BinOp::Mul
                };
                let (x, y) = if name.starts_with("__r") {
                    (other, t)
                } else {
                    (t, other)
                };
                let mark = self.stack.len();
                self.stack.extend([x, y]);
                let r = self.binary_op(op, x, y, false);
                self.release_to(mark);
                r?
            }
            "__repr__" => {
                let cname = self.class_name(obj);
                let mut out = format!("{cname}(");
                for (i, (f, v)) in fields.iter().zip(values).enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    out.push_str(f);
                    out.push('=');
                    out.push_str(&self.repr(v)?);
                }
                out.push(')');
                self.new_str(out)
            }
            _ => return Ok(None),
        }))
    }
}
