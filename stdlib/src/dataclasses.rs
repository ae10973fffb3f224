//! `dataclasses`: `@dataclass` (with `frozen`, `order`, `eq`, `repr`,
//! `init`), `field(...)`, `fields`, `asdict`, `astuple`, `replace`,
//! `is_dataclass`. The class records its fields ([`DataclassInfo`]) and,
//! as CPython's decorator does, gets the generated `__init__`, `__repr__`,
//! `__eq__`, ordering methods and `__hash__` in its own dict: native
//! functions bound to the class, so the VM finds them by ordinary lookup
//! and a subclass's `super().__init__()` runs its base's.

use super::{ModuleDef, NativeId};
use crate::object::{DataclassInfo, Dict, ExcType, Field, HashKey, Obj, ObjId, Value};
use crate::vm::{as_str, PyErr, PyResult, Vm};
use monty_compile::bytecode::CmpOp;

/// How many reprs built by nested repr calls (dataclasses, deques) may
/// nest: each level starts a fresh repr on the native stack.
pub(crate) const MAX_NESTED_REPR_DEPTH: usize = 200;

const OPTIONS: &[&str] = &[
    "init",
    "repr",
    "eq",
    "order",
    "frozen",
    "unsafe_hash",
    "kw_only",
    "slots",
    "match_args",
];

native! {
    /// `dataclass(cls=None, /, *, init=True, repr=True, eq=True,
    /// order=False, unsafe_hash=False, frozen=False, match_args=True,
    /// kw_only=False, slots=False)`: the class processed, or (without
    /// `cls`) a decorator remembering the options.
    def fn dataclass(vm, cls?, /, **options) {
        for (k, _) in &options {
            if !OPTIONS.contains(&k.as_str()) {
                let hint = crate::vm::edit_distance::keyword_hint(k, OPTIONS);
                return Err(PyErr::type_error(format!(
                    "dataclass() got an unexpected keyword argument '{k}'{hint}"
                )));
            }
        }
        match cls {
            Some(cls) => process(vm, cls, &options),
            None => {
                let mut opts = Dict::new();
                for (k, v) in &options {
                    let key = vm.new_str(k.clone());
                    opts.insert(HashKey::Str(k.as_str().into()), key, *v);
                }
                let opts = vm.heap.new_value(Obj::Dict(opts));
                let func = NativeId {
                    module: module_index(),
                    func: 1,
                };
                Ok(vm.heap.new_value(Obj::BoundNative {
                    func,
                    bound: vec![opts],
                    name: "dataclasses.dataclass".into(),
                }))
            }
        }
    }
}

fn module_index() -> u16 {
    super::module_index("dataclasses")
}

native! {
    /// `_dataclass_with(options, cls)`: the second half of `@dataclass(...)`.
    builtin fn dataclass_with(vm, options, cls, /) {
        let mut kw = Vec::new();
        if let Value::Ref(id) = options {
            if let Obj::Dict(d) = vm.heap.get(id) {
                for (k, v) in d.entries() {
                    kw.push((as_str(&vm.heap, k).unwrap_or("").to_string(), v));
                }
            }
        }
        process(vm, cls, &kw)
    }
}

fn flag(vm: &mut Vm, kw: &[(String, Value)], name: &str, default: bool) -> PyResult<bool> {
    match kw.iter().find(|(k, _)| k == name) {
        Some((_, v)) => vm.truthy(*v),
        None => Ok(default),
    }
}

fn process(vm: &mut Vm, cls: Value, kw: &[(String, Value)]) -> PyResult<Value> {
    let Value::Ref(cid) = cls else {
        return Err(PyErr::type_error("dataclass() should be called on a class"));
    };
    if !matches!(vm.heap.get(cid), Obj::Class(_)) {
        return Err(PyErr::type_error("dataclass() should be called on a class"));
    }
    let info_flags = (
        flag(vm, kw, "init", true)?,
        flag(vm, kw, "repr", true)?,
        flag(vm, kw, "eq", true)?,
        flag(vm, kw, "order", false)?,
        flag(vm, kw, "frozen", false)?,
        flag(vm, kw, "kw_only", false)?,
    );
    let (init, repr, eq, order, frozen, all_kw_only) = info_flags;
    let unsafe_hash = flag(vm, kw, "unsafe_hash", false)?;
    if order && !eq {
        return Err(PyErr::value_error("eq must be true if order is true"));
    }
    // Fields of dataclass bases first (in reverse MRO order), then ours.
    let mut fields: Vec<Field> = Vec::new();
    let mro = vm.class(cid).mro.clone();
    for &base in mro.iter().skip(1).rev() {
        if let Some(dc) = &vm.class(base).dataclass {
            for f in dc.fields.clone() {
                match fields.iter_mut().find(|x| x.name == f.name) {
                    Some(x) => *x = f,
                    None => fields.push(f),
                }
            }
        }
    }
    let annotations: Vec<(String, String)> = match vm.class(cid).attrs.get_str("__annotations__") {
        Some(Value::Ref(aid)) => match vm.heap.get(aid) {
            Obj::Dict(d) => d
                .entries()
                .map(|(k, v)| {
                    (
                        as_str(&vm.heap, k).unwrap_or("").to_string(),
                        as_str(&vm.heap, v).unwrap_or("").to_string(),
                    )
                })
                .collect(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    };
    let mut kw_only_marker = false;
    for (name, ann) in annotations {
        let ann_t = ann.trim();
        if ann_t.starts_with("ClassVar") || ann_t.starts_with("typing.ClassVar") {
            continue;
        }
        if ann_t == "KW_ONLY" || ann_t == "dataclasses.KW_ONLY" {
            kw_only_marker = true;
            continue;
        }
        let class_value = vm.class(cid).attrs.get_str(&name);
        let mut field = Field {
            name: name.clone(),
            default: Value::Undef,
            default_factory: Value::Undef,
            init: true,
            repr: true,
            compare: true,
            kw_only: all_kw_only || kw_only_marker,
        };
        match class_value {
            Some(Value::Ref(fid)) if matches!(vm.heap.get(fid), Obj::FieldSpec(_)) => {
                let Obj::FieldSpec(spec) = vm.heap.get(fid) else {
                    unreachable!()
                };
                let mut spec = spec.clone();
                spec.name = name.clone();
                if all_kw_only || kw_only_marker {
                    spec.kw_only = true;
                }
                field = spec;
                set_class_attr(vm, cid, &name, field.default);
            }
            Some(v) => {
                if let Value::Ref(vid) = v {
                    if matches!(vm.heap.get(vid), Obj::List(_) | Obj::Dict(_) | Obj::Set(_)) {
                        let t = vm.class_name(v);
                        return Err(PyErr::value_error(format!(
                            "mutable default <class '{t}'> for field {name} is not allowed: use default_factory"
                        )));
                    }
                }
                field.default = v;
            }
            None => {}
        }
        match fields.iter_mut().find(|x| x.name == name) {
            Some(x) => *x = field,
            None => fields.push(field),
        }
    }
    if init {
        let mut seen_default: Option<&str> = None;
        for f in fields.iter().filter(|f| f.init && !f.kw_only) {
            let has_default =
                !matches!(f.default, Value::Undef) || !matches!(f.default_factory, Value::Undef);
            if has_default {
                seen_default = Some(&f.name);
            } else if let Some(d) = seen_default {
                return Err(PyErr::type_error(format!(
                    "non-default argument '{}' follows default argument '{d}'",
                    f.name
                )));
            }
        }
    }
    let info = DataclassInfo {
        fields,
        frozen,
        order,
        eq,
        repr,
        init,
    };
    if let Obj::Class(c) = vm.heap.get_mut(cid) {
        c.dataclass = Some(info);
    }
    add_methods(vm, cid, unsafe_hash)?;
    Ok(cls)
}

/// Where the generated methods sit in the module's table.
const GEN_INIT: u16 = 8;
const GEN_REPR: u16 = 9;
const GEN_EQ: u16 = 10;
const GEN_ORDER: u16 = 11;
const GEN_HASH: u16 = 12;

/// Puts the generated methods in the class's own dict, leaving alone the
/// ones the class body defines (CPython's `_set_new_attribute`), and sets
/// `__hash__` by CPython's table of `unsafe_hash`, `eq` and `frozen`.
fn add_methods(vm: &mut Vm, cid: ObjId, unsafe_hash: bool) -> PyResult<()> {
    let info = vm.class(cid).dataclass.clone().expect("just set");
    let cname = vm.class(cid).name.clone();
    let qualname = vm.class(cid).qualname.clone();
    let own = |vm: &Vm, name: &str| vm.class(cid).attrs.get_str(name).is_some();
    let method = |vm: &mut Vm, func: u16, extra: Option<Value>, name: &str| {
        let mut bound = vec![Value::Ref(cid)];
        bound.extend(extra);
        let v = vm.heap.new_value(Obj::BoundNative {
            func: NativeId {
                module: module_index(),
                func,
            },
            bound,
            name: format!("{qualname}.{name}"),
        });
        set_class_attr(vm, cid, name, v);
    };
    if info.init && !own(vm, "__init__") {
        method(vm, GEN_INIT, None, "__init__");
    }
    if info.repr && !own(vm, "__repr__") {
        method(vm, GEN_REPR, None, "__repr__");
    }
    if info.eq && !own(vm, "__eq__") {
        method(vm, GEN_EQ, None, "__eq__");
    }
    if info.order {
        for (name, op) in [("__lt__", 0), ("__le__", 1), ("__gt__", 2), ("__ge__", 3)] {
            if own(vm, name) {
                return Err(PyErr::type_error(format!(
                    "Cannot overwrite attribute {name} in class {cname} \
                     Consider using functools.total_ordering"
                )));
            }
            method(vm, GEN_ORDER, Some(Value::Int(op)), name);
        }
    }
    let explicit_hash = own(vm, "__hash__");
    match (unsafe_hash, info.eq, info.frozen) {
        (false, false, _) => {}
        (false, true, false) => {
            if !explicit_hash {
                set_class_attr(vm, cid, "__hash__", Value::None);
            }
        }
        (false, true, true) => {
            if !explicit_hash {
                method(vm, GEN_HASH, None, "__hash__");
            }
        }
        (true, _, _) => {
            if explicit_hash {
                return Err(PyErr::type_error(format!(
                    "Cannot overwrite attribute __hash__ in class {cname}"
                )));
            }
            method(vm, GEN_HASH, None, "__hash__");
        }
    }
    Ok(())
}

/// Whether `f` is a generated method, which binds its instance when looked
/// up through one (as the functions CPython generates do).
pub(super) fn binds_as_method(f: NativeId) -> bool {
    (GEN_INIT..=GEN_HASH).contains(&f.func)
}

/// The dataclass a generated method was made for, and its fields.
fn generated_for(vm: &Vm, cls: Value) -> (ObjId, DataclassInfo) {
    let Value::Ref(cid) = cls else {
        unreachable!("generated methods are bound to their class")
    };
    (cid, vm.class(cid).dataclass.clone().expect("a dataclass"))
}

native! {
    /// The generated `__init__(self, <fields>)`.
    builtin fn gen_init(vm, cls, this, /, *args, **kwargs) {
        let Value::Ref(cid) = cls else { unreachable!("bound to its class") };
        vm.dataclass_init(cid, this, args, kwargs)?;
        Ok(Value::None)
    }

    /// The generated `__repr__(self)`: the instance's class name and the
    /// fields of the class it was generated for.
    builtin fn gen_repr(vm, cls, this, /) {
        let (_, info) = generated_for(vm, cls);
        let s = vm.dataclass_repr(this, &info)?;
        Ok(vm.new_str(s))
    }

    /// The generated `__eq__(self, other)`.
    builtin fn gen_eq(vm, cls, this, other, /) {
        let (_, info) = generated_for(vm, cls);
        if this == other {
            return Ok(Value::Bool(true));
        }
        if vm.user_class_of(this) != vm.user_class_of(other) {
            return Ok(Value::Builtin(crate::builtins::Builtin::NotImplemented));
        }
        vm.enter_dataclass_compare()?;
        let r = vm.fields_equal(this, other, &info);
        vm.dataclass_compare_depth -= 1;
        Ok(Value::Bool(r?))
    }

    /// The generated `__lt__`, `__le__`, `__gt__`, `__ge__`: the fields
    /// compared as tuples.
    builtin fn gen_order(vm, cls, op, this, other, /) {
        let (_, info) = generated_for(vm, cls);
        if vm.user_class_of(this) != vm.user_class_of(other) {
            return Ok(Value::Builtin(crate::builtins::Builtin::NotImplemented));
        }
        let op = match op {
            Value::Int(0) => CmpOp::Lt,
            Value::Int(1) => CmpOp::Le,
            Value::Int(2) => CmpOp::Gt,
            _ => CmpOp::Ge,
        };
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
    builtin fn gen_hash(vm, cls, this, /) {
        let (_, info) = generated_for(vm, cls);
        let vals = vm.compare_values(this, &info)?;
        let t = vm.new_tuple(vals);
        // a field holding another such instance re-enters through here on
        // the native stack: bounded as the comparisons are
        vm.enter_dataclass_compare()
            .map_err(|_| PyErr::new(ExcType::RecursionError, "maximum recursion depth exceeded"))?;
        let key = vm.hash_key(t);
        vm.dataclass_compare_depth -= 1;
        Ok(Value::Int(crate::object::python_hash(&key?)))
    }
}

fn set_class_attr(vm: &mut Vm, cid: ObjId, name: &str, v: Value) {
    let key = vm.new_str(name);
    if let Obj::Class(c) = vm.heap.get_mut(cid) {
        if matches!(v, Value::Undef) {
            c.attrs.remove(&HashKey::Str(name.into()));
        } else {
            c.attrs.insert(HashKey::Str(name.into()), key, v);
        }
    }
}

native! {
    /// `field(*, default=MISSING, default_factory=MISSING, init=True,
    /// repr=True, hash=None, compare=True, metadata=None, kw_only=MISSING)`.
    def fn field(vm, *, default?, default_factory?, init?, repr?, hash?, compare?, metadata?, kw_only?) {
        let default = default.unwrap_or(Value::Undef);
        let default_factory = default_factory.unwrap_or(Value::Undef);
        if !matches!(default, Value::Undef) && !matches!(default_factory, Value::Undef) {
            return Err(PyErr::value_error(
                "cannot specify both default and default_factory",
            ));
        }
        let flag = |vm: &mut Vm, v: Option<Value>, default: bool| match v {
            Some(v) => vm.truthy(v),
            None => Ok(default),
        };
        let spec = Field {
            name: String::new(),
            default,
            default_factory,
            init: flag(vm, init, true)?,
            repr: flag(vm, repr, true)?,
            compare: flag(vm, compare, true)?,
            kw_only: flag(vm, kw_only, false)?,
        };
        Ok(vm.heap.new_value(Obj::FieldSpec(spec)))
    }
}

fn info_of(vm: &Vm, v: Value) -> Option<(ObjId, DataclassInfo)> {
    let cls = match v {
        Value::Ref(id) if matches!(vm.heap.get(id), Obj::Class(_)) => id,
        _ => vm.user_class_of(v)?,
    };
    vm.class(cls).dataclass.clone().map(|i| (cls, i))
}

fn must_instance(vm: &Vm, v: Value, what: &str) -> PyResult<(ObjId, DataclassInfo)> {
    match info_of(vm, v) {
        Some(x) if vm.user_class_of(v).is_some() => Ok(x),
        _ => Err(PyErr::type_error(format!(
            "{what}() should be called on dataclass instances"
        ))),
    }
}

native! {
    /// `fields(class_or_instance)`.
    def fn fields(vm, class_or_instance) {
        let Some((_, info)) = info_of(vm, class_or_instance) else {
            return Err(PyErr::type_error(
                "must be called with a dataclass type or instance",
            ));
        };
        let items: Vec<Value> = info
            .fields
            .into_iter()
            .map(|f| vm.heap.new_value(Obj::FieldSpec(f)))
            .collect();
        Ok(vm.new_tuple(items))
    }

    /// `is_dataclass(obj)`.
    def fn is_dataclass(vm, obj) {
        Ok(Value::Bool(info_of(vm, obj).is_some()))
    }
}

/// Deep conversion for `asdict`/`astuple`.
fn convert(vm: &mut Vm, v: Value, as_dict: bool, depth: u32) -> PyResult<Value> {
    if depth > 200 {
        return Err(PyErr::new(
            ExcType::RecursionError,
            "maximum recursion depth exceeded",
        ));
    }
    if let Some((_, info)) = info_of(vm, v).filter(|_| vm.user_class_of(v).is_some()) {
        let mut vals = Vec::new();
        for f in &info.fields {
            let x = vm.get_attr(v, &f.name)?;
            vals.push((f.name.clone(), convert(vm, x, as_dict, depth + 1)?));
        }
        if as_dict {
            let mut d = Dict::new();
            for (k, x) in vals {
                let key = vm.new_str(k.clone());
                d.insert(HashKey::Str(k.into()), key, x);
            }
            return Ok(vm.heap.new_value(Obj::Dict(d)));
        }
        let items = vals.into_iter().map(|p| p.1).collect();
        return Ok(vm.new_tuple(items));
    }
    let Value::Ref(id) = v else { return Ok(v) };
    match vm.heap.get(id).clone() {
        Obj::List(items) => {
            let mut out = Vec::with_capacity(items.len());
            for i in items {
                out.push(convert(vm, i, as_dict, depth + 1)?);
            }
            Ok(vm.new_list(out))
        }
        Obj::Tuple(items) => {
            let mut out = Vec::with_capacity(items.len());
            for i in items {
                out.push(convert(vm, i, as_dict, depth + 1)?);
            }
            Ok(vm.new_tuple(out))
        }
        Obj::Dict(d) => {
            let mut out = Dict::with_capacity(d.len());
            for (k, x) in d.entries() {
                let k2 = convert(vm, k, as_dict, depth + 1)?;
                let x2 = convert(vm, x, as_dict, depth + 1)?;
                let hk = vm.hash_key(k2)?;
                out.insert(hk, k2, x2);
            }
            Ok(vm.heap.new_value(Obj::Dict(out)))
        }
        _ => Ok(v),
    }
}

native! {
    /// `asdict(obj)` (without `dict_factory`).
    def fn asdict(vm, obj) {
        must_instance(vm, obj, "asdict")?;
        convert(vm, obj, true, 0)
    }

    /// `astuple(obj)` (without `tuple_factory`).
    def fn astuple(vm, obj) {
        must_instance(vm, obj, "astuple")?;
        convert(vm, obj, false, 0)
    }

    /// `replace(obj, /, **changes)`.
    def fn replace(vm, obj, /, **changes) {
        replace_fields(vm, obj, &changes)
    }
}

fn replace_fields(vm: &mut Vm, obj: Value, changes: &[(String, Value)]) -> PyResult<Value> {
    let (cls, info) = must_instance(vm, obj, "replace")?;
    let mut kwargs = Vec::new();
    for f in info.fields.iter().filter(|f| f.init) {
        let v = match changes.iter().find(|(k, _)| *k == f.name) {
            Some((_, v)) => *v,
            None => vm.get_attr(obj, &f.name)?,
        };
        kwargs.push((f.name.clone(), v));
    }
    for (k, _) in changes {
        if !info.fields.iter().any(|f| &f.name == k && f.init) {
            let n = vm.class(cls).name.clone();
            return Err(PyErr::type_error(format!(
                "{n}.__init__() got an unexpected keyword argument '{k}'"
            )));
        }
    }
    vm.call_value(Value::Ref(cls), Vec::new(), kwargs)
}

fn init(_vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    attrs.push((
        "FrozenInstanceError".into(),
        Value::ExcType(ExcType::FrozenInstanceError),
    ));
    attrs.push(("MISSING".into(), Value::Undef));
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "dataclasses",
    funcs: natives_table![
        dataclass,
        _dataclass_with = dataclass_with,
        field,
        fields,
        asdict,
        astuple,
        replace,
        is_dataclass,
        _init = gen_init,
        _repr = gen_repr,
        _eq = gen_eq,
        _order = gen_order,
        _hash = gen_hash,
    ],
    init,
};

/// Dataclasses on the VM: `__init__`, `__repr__`, `__eq__`, ordering and
/// hashing generated from a class's fields.
///
/// An extension trait: the VM type lives in `monty-vm`, so the library
/// adds its methods through traits (brought into scope where used).
pub trait DataclassVm {
    /// The generated `__init__`: binds arguments to fields.
    fn dataclass_init(
        &mut self,
        cls: ObjId,
        inst: Value,
        args: Vec<Value>,
        kwargs: Vec<(String, Value)>,
    ) -> PyResult<()>;

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
    fn dataclass_init(
        &mut self,
        cls: ObjId,
        inst: Value,
        args: Vec<Value>,
        kwargs: Vec<(String, Value)>,
    ) -> PyResult<()> {
        let info = self.class(cls).dataclass.clone().expect("a dataclass");
        let cname = self.class(cls).name.clone();
        let fname = format!("{cname}.__init__");
        let positional: Vec<&Field> = info
            .fields
            .iter()
            .filter(|f| f.init && !f.kw_only)
            .collect();
        let kw_only: Vec<&Field> = info.fields.iter().filter(|f| f.init && f.kw_only).collect();
        if args.len() > positional.len() {
            let n = positional.len() + 1;
            let given = args.len() + 1;
            return Err(PyErr::type_error(format!(
                "{fname}() takes {n} positional argument{} but {given} were given",
                if n == 1 { "" } else { "s" }
            )));
        }
        let mut values: Vec<(String, Value)> = Vec::new();
        for (f, v) in positional.iter().zip(&args) {
            values.push((f.name.clone(), *v));
        }
        for (k, v) in &kwargs {
            let Some(f) = info.fields.iter().find(|f| &f.name == k && f.init) else {
                return Err(PyErr::type_error(format!(
                    "{fname}() got an unexpected keyword argument '{k}'"
                )));
            };
            if values.iter().any(|(n, _)| n == k) {
                return Err(PyErr::type_error(format!(
                    "{fname}() got multiple values for argument '{k}'"
                )));
            }
            values.push((f.name.clone(), *v));
        }
        let mut missing = Vec::new();
        let mut missing_kw = Vec::new();
        for f in info.fields.iter() {
            if values.iter().any(|(n, _)| *n == f.name) {
                continue;
            }
            if !matches!(f.default_factory, Value::Undef) {
                let v = self.call_value(f.default_factory, Vec::new(), Vec::new())?;
                values.push((f.name.clone(), v));
            } else if !matches!(f.default, Value::Undef) {
                values.push((f.name.clone(), f.default));
            } else if f.init {
                if f.kw_only {
                    missing_kw.push(f.name.clone());
                } else {
                    missing.push(f.name.clone());
                }
            }
        }
        let _ = kw_only;
        for (names, kind) in [(missing, "positional"), (missing_kw, "keyword-only")] {
            if !names.is_empty() {
                let quoted: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
                let list = match quoted.len() {
                    1 => quoted[0].clone(),
                    2 => format!("{} and {}", quoted[0], quoted[1]),
                    n => format!("{}, and {}", quoted[..n - 1].join(", "), quoted[n - 1]),
                };
                let s = if names.len() == 1 { "" } else { "s" };
                return Err(PyErr::type_error(format!(
                    "{fname}() missing {} required {kind} argument{s}: {list}",
                    names.len()
                )));
            }
        }
        // Fields keep declaration order in the instance dict.
        for f in &info.fields {
            if let Some((_, v)) = values.iter().find(|(n, _)| *n == f.name) {
                self.raw_set_attr(inst, &f.name, *v);
            }
        }
        if self.class_lookup(cls, "__post_init__").is_some() {
            self.call_dunder(inst, "__post_init__", Vec::new())?;
        }
        Ok(())
    }

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
        let cls = self.user_class_of(v).expect("an instance");
        let mut out = format!(
            "{}(",
            self.class(cls)
                .qualname
                .rsplit("<locals>.")
                .next()
                .unwrap_or("")
        );
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
