//! The methods `@dataclass` generates: `__init__`, `__repr__`, `__eq__`,
//! the ordering methods, `__hash__` and a frozen class's `__setattr__` and
//! `__delattr__`. Each is a native bound to its class and to a snapshot of
//! the fields and options it was generated from (a tuple of
//! `Obj::FieldSpec`s after an int of flags), so, as CPython's generated
//! functions, it keeps acting on what the decoration saw whatever is later
//! rebound on the class. They bind their arguments as the `def` CPython
//! writes would (`Vm::bind_params`), with its messages, and `type()` of
//! them is `function`.

use crate::object::{DataclassInfo, ExcType, Field, Obj, ObjId, Value};
use crate::vm::{as_str, PyErr, PyResult, Vm};
use monty_compile::bytecode::{CmpOp, Params};

/// How many reprs built by nested repr calls (dataclasses, deques) may
/// nest: each level starts a fresh repr on the native stack.
pub(crate) const MAX_NESTED_REPR_DEPTH: usize = 200;

/// Snapshot flag: the generated `__init__` assigns through
/// `object.__setattr__` (a frozen class).
pub(crate) const SNAP_FROZEN: i64 = 1;
/// Snapshot flag: the class had a `__post_init__` when decorated.
pub(crate) const SNAP_POST_INIT: i64 = 2;

/// The snapshot a generated method is bound to.
pub(crate) fn snapshot(vm: &mut Vm, fields: &[Field], flags: i64) -> Value {
    let mut items = vec![Value::Int(flags)];
    for f in fields {
        items.push(vm.heap.new_value(Obj::FieldSpec(Box::new(f.clone()))));
    }
    vm.new_tuple(items)
}

fn unpack(vm: &Vm, snap: Value) -> (Vec<Field>, i64) {
    let Value::Ref(id) = snap else {
        unreachable!("a snapshot tuple")
    };
    let Obj::Tuple(items) = vm.heap.get(id) else {
        unreachable!("a snapshot tuple")
    };
    let flags = match items.first() {
        Some(Value::Int(i)) => *i,
        _ => 0,
    };
    let fields = items[1..]
        .iter()
        .filter_map(|v| match v {
            Value::Ref(f) => match vm.heap.get(*f) {
                Obj::FieldSpec(f) => Some((**f).clone()),
                _ => None,
            },
            _ => None,
        })
        .collect();
    (fields, flags)
}

fn info(fields: Vec<Field>) -> DataclassInfo {
    DataclassInfo {
        fields,
        frozen: false,
        order: false,
        eq: true,
        repr: true,
        init: true,
    }
}

fn class_id(cls: Value) -> ObjId {
    let Value::Ref(cid) = cls else {
        unreachable!("generated methods are bound to their class")
    };
    cid
}

/// Binds `args` to plain positional parameters `names` of `cls`'s method
/// `method`.
fn bind(
    vm: &mut Vm,
    cls: Value,
    method: &str,
    names: &[&str],
    args: Vec<Value>,
    kwargs: Vec<(String, Value)>,
) -> PyResult<Vec<Value>> {
    let fname = format!("{}.{method}", vm.class(class_id(cls)).qualname);
    let params = Params {
        positional: names.len() as u32,
        names: names.iter().map(|n| n.to_string()).collect(),
        ..Params::default()
    };
    vm.bind_params(&fname, &params, &[], &[], args, kwargs)
}

native! {
    /// The generated `__init__(self, <fields>)`.
    pub(crate) builtin fn gen_init(vm, cls, snap, /, *args, **kwargs) {
        let (fields, flags) = unpack(vm, snap);
        init(vm, class_id(cls), &fields, flags, args, kwargs)?;
        Ok(Value::None)
    }

    /// The generated `__repr__(self)`: the instance's class name and the
    /// fields of the class it was generated for.
    pub(crate) builtin fn gen_repr(vm, cls, snap, /, *args, **kwargs) {
        let this = bind(vm, cls, "__repr__", &["self"], args, kwargs)?[0];
        let (fields, _) = unpack(vm, snap);
        let s = vm.dataclass_repr(this, &info(fields))?;
        Ok(vm.new_str(s))
    }

    /// The generated `__eq__(self, other)`.
    pub(crate) builtin fn gen_eq(vm, cls, snap, /, *args, **kwargs) {
        let b = bind(vm, cls, "__eq__", &["self", "other"], args, kwargs)?;
        let (this, other) = (b[0], b[1]);
        if this == other {
            return Ok(Value::Bool(true));
        }
        if vm.type_value(this) != vm.type_value(other) {
            return Ok(Value::Builtin(crate::builtins::Builtin::NotImplemented));
        }
        let (fields, _) = unpack(vm, snap);
        vm.enter_dataclass_compare()?;
        let r = vm.fields_equal(this, other, &info(fields));
        vm.dataclass_compare_depth -= 1;
        Ok(Value::Bool(r?))
    }

    /// The generated `__lt__`, `__le__`, `__gt__`, `__ge__`: the fields
    /// compared as tuples.
    pub(crate) builtin fn gen_order(vm, cls, snap, op, /, *args, **kwargs) {
        let (op, name) = match op {
            Value::Int(0) => (CmpOp::Lt, "__lt__"),
            Value::Int(1) => (CmpOp::Le, "__le__"),
            Value::Int(2) => (CmpOp::Gt, "__gt__"),
            _ => (CmpOp::Ge, "__ge__"),
        };
        let b = bind(vm, cls, name, &["self", "other"], args, kwargs)?;
        let (this, other) = (b[0], b[1]);
        if vm.type_value(this) != vm.type_value(other) {
            return Ok(Value::Builtin(crate::builtins::Builtin::NotImplemented));
        }
        let info = info(unpack(vm, snap).0);
        let x = vm.compare_values(this, &info)?;
        let y = vm.compare_values(other, &info)?;
        let tx = vm.new_tuple(x);
        let ty = vm.new_tuple(y);
        vm.enter_dataclass_compare()?;
        let r = vm.compare_op(op, tx, ty);
        vm.dataclass_compare_depth -= 1;
        r
    }

    /// The generated `__hash__(self)`: the hash of the compared fields as
    /// a tuple.
    pub(crate) builtin fn gen_hash(vm, cls, snap, /, *args, **kwargs) {
        let this = bind(vm, cls, "__hash__", &["self"], args, kwargs)?[0];
        let vals = vm.compare_values(this, &info(unpack(vm, snap).0))?;
        let t = vm.new_tuple(vals);
        // a field holding another such instance re-enters through here on
        // the native stack: bounded as the comparisons are
        vm.enter_dataclass_compare().map_err(|_| {
            PyErr::new(crate::object::ExcType::RecursionError, "maximum recursion depth exceeded")
        })?;
        let key = vm.hash_key(t);
        vm.dataclass_compare_depth -= 1;
        Ok(Value::Int(crate::object::python_hash(&key?)))
    }

    /// A frozen class's `__setattr__(self, name, value)`.
    pub(crate) builtin fn gen_setattr(vm, cls, snap, /, *args, **kwargs) {
        let b = bind(vm, cls, "__setattr__", &["self", "name", "value"], args, kwargs)?;
        frozen_check(vm, cls, snap, b[0], b[1], "assign to")?;
        let name = as_str(&vm.heap, b[1]).unwrap_or("").to_string();
        match next_in_mro(vm, b[0], class_id(cls), "__setattr__") {
            Some(f) => vm.call_value(f, vec![b[0], b[1], b[2]], Vec::new()),
            None => {
                vm.raw_set_attr(b[0], &name, b[2]);
                Ok(Value::None)
            }
        }
    }

    /// A frozen class's `__delattr__(self, name)`.
    pub(crate) builtin fn gen_delattr(vm, cls, snap, /, *args, **kwargs) {
        let b = bind(vm, cls, "__delattr__", &["self", "name"], args, kwargs)?;
        frozen_check(vm, cls, snap, b[0], b[1], "delete")?;
        let name = as_str(&vm.heap, b[1]).unwrap_or("").to_string();
        match next_in_mro(vm, b[0], class_id(cls), "__delattr__") {
            Some(f) => vm.call_value(f, vec![b[0], b[1]], Vec::new()),
            None => {
                let removed = match b[0] {
                    Value::Ref(id) => match vm.heap.get_mut(id) {
                        Obj::Instance(i) => i.attrs.remove_str(&name).is_some(),
                        _ => false,
                    },
                    _ => false,
                };
                if !removed {
                    return Err(PyErr::new(
                        ExcType::AttributeError,
                        format!("'{}' object has no attribute '{name}'", vm.class_name(b[0])),
                    ));
                }
                Ok(Value::None)
            }
        }
    }
}

/// CPython's frozen check: any attribute of an instance of the class
/// itself, a field's of a subclass's.
fn frozen_check(
    vm: &mut Vm,
    cls: Value,
    snap: Value,
    this: Value,
    name: Value,
    what: &str,
) -> PyResult<()> {
    let (fields, _) = unpack(vm, snap);
    let n = as_str(&vm.heap, name).map(str::to_string);
    let is_field = n
        .as_ref()
        .is_some_and(|n| fields.iter().any(|f| &f.name == n));
    if vm.type_value(this) == cls || is_field {
        let shown = vm.repr(name)?;
        return Err(PyErr::new(
            ExcType::FrozenInstanceError,
            format!("cannot {what} field {shown}"),
        ));
    }
    Ok(())
}

/// `super(cls, obj).name`'s function: the attribute after `cls` in the
/// MRO of `obj`'s class.
fn next_in_mro(vm: &Vm, obj: Value, cls: ObjId, name: &str) -> Option<Value> {
    let oc = vm.user_class_of(obj)?;
    let mro = vm.class(oc).mro.clone();
    let at = mro.iter().position(|c| *c == cls)?;
    mro[at + 1..]
        .iter()
        .find_map(|c| vm.class(*c).attrs.get_str(name))
}

/// The generated `__init__`: binds the arguments as the `def` CPython
/// generates (`self`, the positional fields, `*`, the keyword-only ones;
/// a default factory's default is a sentinel), then assigns the fields in
/// order, calling the factories of those not given, and `__post_init__`.
fn init(
    vm: &mut Vm,
    cid: ObjId,
    fields: &[Field],
    flags: i64,
    args: Vec<Value>,
    kwargs: Vec<(String, Value)>,
) -> PyResult<()> {
    let self_name = if fields.iter().any(|f| f.name == "self") {
        "__dataclass_self__"
    } else {
        "self"
    };
    let positional: Vec<&Field> = fields.iter().filter(|f| f.init && !f.kw_only).collect();
    let kw_only: Vec<&Field> = fields.iter().filter(|f| f.init && f.kw_only).collect();
    // a fresh object: no argument can be it
    let sentinel = vm.new_list(Vec::new());
    let default_of = |f: &Field| {
        if !matches!(f.default_factory, Value::Undef) {
            Some(sentinel)
        } else if !matches!(f.default, Value::Undef) {
            Some(f.default)
        } else {
            None
        }
    };
    let defaults: Vec<Value> = match positional.iter().position(|f| default_of(f).is_some()) {
        Some(first) => positional[first..]
            .iter()
            .map(|f| default_of(f).unwrap_or(Value::Undef))
            .collect(),
        None => Vec::new(),
    };
    let kwdefaults: Vec<Value> = kw_only
        .iter()
        .map(|f| default_of(f).unwrap_or(Value::Undef))
        .collect();
    let mut names = vec![self_name.to_string()];
    names.extend(positional.iter().map(|f| f.name.clone()));
    names.extend(kw_only.iter().map(|f| f.name.clone()));
    let params = Params {
        positional: 1 + positional.len() as u32,
        kwonly: kw_only.len() as u32,
        names,
        ..Params::default()
    };
    let fname = format!("{}.__init__", vm.class(cid).qualname);
    let slots = vm.bind_params(&fname, &params, &defaults, &kwdefaults, args, kwargs)?;
    let inst = slots[0];
    let given: Vec<(&str, Value)> = positional
        .iter()
        .chain(kw_only.iter())
        .zip(&slots[1..])
        .map(|(f, v)| (f.name.as_str(), *v))
        .collect();
    for f in fields {
        let value = match given.iter().find(|(n, _)| *n == f.name) {
            Some((_, v)) if *v != sentinel => *v,
            Some(_) => vm.call_value(f.default_factory, Vec::new(), Vec::new())?,
            None if !matches!(f.default_factory, Value::Undef) => {
                vm.call_value(f.default_factory, Vec::new(), Vec::new())?
            }
            None => continue,
        };
        if flags & SNAP_FROZEN != 0 {
            vm.raw_set_attr(inst, &f.name, value);
        } else {
            vm.set_attr(inst, &f.name, value)?;
        }
    }
    if flags & SNAP_POST_INIT != 0 {
        let hook = vm.get_attr(inst, "__post_init__")?;
        vm.call_value(hook, Vec::new(), Vec::new())?;
    }
    Ok(())
}

/// Dataclasses on the VM: what the generated methods share with
/// `asdict`/`replace`.
///
/// An extension trait: the VM type lives in `monty-vm`, so the library
/// adds its methods through traits (brought into scope where used).
pub trait DataclassVm {
    fn compare_values(&mut self, v: Value, info: &DataclassInfo) -> PyResult<Vec<Value>>;

    /// Field by field, reading each pair only when the ones before were
    /// equal (an uninitialized later field is then never touched).
    fn fields_equal(&mut self, a: Value, b: Value, info: &DataclassInfo) -> PyResult<bool>;

    /// One more nested dataclass comparison, or RecursionError past the
    /// bound (cyclic dataclasses compare forever otherwise).
    fn enter_dataclass_compare(&mut self) -> PyResult<()>;

    /// The generated `__repr__`, `...` for an instance already being
    /// shown (`reprlib.recursive_repr`).
    fn dataclass_repr(&mut self, v: Value, info: &DataclassInfo) -> PyResult<String>;

    fn dataclass_fields_repr(&mut self, v: Value, info: &DataclassInfo) -> PyResult<String>;
}

impl DataclassVm for Vm {
    fn compare_values(&mut self, v: Value, info: &DataclassInfo) -> PyResult<Vec<Value>> {
        let mut out = Vec::new();
        for f in info.fields.iter().filter(|f| f.compare) {
            out.push(self.get_attr(v, &f.name)?);
        }
        Ok(out)
    }

    fn fields_equal(&mut self, a: Value, b: Value, info: &DataclassInfo) -> PyResult<bool> {
        for f in info.fields.iter().filter(|f| f.compare) {
            let p = self.get_attr(a, &f.name)?;
            let q = self.get_attr(b, &f.name)?;
            let r = self.compare_op(CmpOp::Eq, p, q)?;
            if !self.truthy(r)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    fn enter_dataclass_compare(&mut self) -> PyResult<()> {
        const MAX_DATACLASS_COMPARE_DEPTH: u32 = 200;
        if self.dataclass_compare_depth >= MAX_DATACLASS_COMPARE_DEPTH {
            return Err(PyErr::new(
                ExcType::RecursionError,
                "maximum recursion depth exceeded in comparison",
            ));
        }
        self.dataclass_compare_depth += 1;
        Ok(())
    }

    fn dataclass_repr(&mut self, v: Value, info: &DataclassInfo) -> PyResult<String> {
        let Value::Ref(id) = v else {
            return self.default_repr(v);
        };
        if self.nested_repr_active.contains(&id.0) {
            return Ok("...".into());
        }
        if self.nested_repr_active.len() >= MAX_NESTED_REPR_DEPTH {
            return Err(PyErr::new(
                ExcType::RecursionError,
                "maximum recursion depth exceeded while getting the repr of an object",
            ));
        }
        self.nested_repr_active.push(id.0);
        let r = self.dataclass_fields_repr(v, info);
        self.nested_repr_active.pop();
        r
    }

    fn dataclass_fields_repr(&mut self, v: Value, info: &DataclassInfo) -> PyResult<String> {
        let name = match self.user_class_of(v) {
            Some(cls) => self
                .class(cls)
                .qualname
                .rsplit("<locals>.")
                .next()
                .unwrap_or("")
                .to_string(),
            None => self.class_name(v),
        };
        let mut out = format!("{name}(");
        let mut first = true;
        for f in info.fields.iter().filter(|f| f.repr) {
            if !first {
                out.push_str(", ");
            }
            first = false;
            let x = self.get_attr(v, &f.name)?;
            out.push_str(&f.name);
            out.push('=');
            out.push_str(&self.repr(x)?);
        }
        out.push(')');
        Ok(out)
    }
}
