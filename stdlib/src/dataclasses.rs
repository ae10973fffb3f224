//! `dataclasses`: `@dataclass` (with `frozen`, `order`, `eq`, `repr`,
//! `init`, `unsafe_hash`, `kw_only`, `match_args`), `field(...)`,
//! `fields`, `asdict`, `astuple`, `replace`, `is_dataclass`, `MISSING`.
//!
//! As CPython's decorator does, decoration writes `__dataclass_fields__`
//! (name -> `Field` object, a plain instance of the module's `Field`
//! class), `__dataclass_params__` and `__match_args__` on the class, and
//! puts the generated methods in its own dict (`dataclasses_gen.rs`). The
//! VM keeps what the decoration saw as [`DataclassInfo`] (`Class::dataclass`,
//! for `asdict`/`replace`), and each generated method its own snapshot.

use super::{ModuleDef, NativeId};
use crate::dataclasses_convert::{convert, fields_mapping, must_instance, replace_fields};
use crate::dataclasses_gen::{snapshot, SNAP_FROZEN, SNAP_POST_INIT};
use crate::native_class::module_attr;
use crate::object::{DataclassInfo, Dict, ExcType, Field, HashKey, Obj, ObjId, Value};
use crate::vm::{as_str, PyErr, PyResult, Vm};
use monty_compile::bytecode::Params;

pub(crate) use crate::dataclasses_gen::MAX_NESTED_REPR_DEPTH;

const OPTIONS: &[&str] = &[
    "init",
    "repr",
    "eq",
    "order",
    "unsafe_hash",
    "frozen",
    "match_args",
    "kw_only",
    "slots",
    "weakref_slot",
];

/// The `Field` attributes in CPython 3.13's repr order.
const FIELD_ATTRS: &[&str] = &[
    "name",
    "type",
    "default",
    "default_factory",
    "init",
    "repr",
    "hash",
    "compare",
    "metadata",
    "kw_only",
    "_field_type",
];

native! {
    /// `dataclass(cls=None, /, *, init=True, repr=True, eq=True,
    /// order=False, unsafe_hash=False, frozen=False, match_args=True,
    /// kw_only=False, slots=False, weakref_slot=False)`: the class
    /// processed, or (without `cls`) a decorator remembering the options.
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
            Some(cls) if !cls.is_none() => process(vm, cls, &options),
            _ => {
                let mut opts = Dict::new();
                for (k, v) in &options {
                    let key = vm.new_str(k.clone());
                    opts.insert(HashKey::Str(k.as_str().into()), key, *v);
                }
                let opts = vm.heap.new_value(Obj::Dict(Box::new(opts)));
                let func = NativeId {
                    module: module_index(),
                    func: WRAP,
                };
                Ok(vm.heap.new_value(Obj::BoundNative {
                    func,
                    bound: vec![opts],
                    name: WRAP_NAME.into(),
                }))
            }
        }
    }
}

fn module_index() -> u16 {
    super::module_index("dataclasses")
}

const WRAP: u16 = 1;
const WRAP_NAME: &str = "dataclass.<locals>.wrap";

native! {
    /// `wrap(cls)`, what `dataclass(...)` returns: the second half of
    /// `@dataclass(...)`.
    builtin fn dataclass_with(vm, options, /, *args, **kwargs) {
        let params = Params {
            positional: 1,
            names: vec!["cls".into()],
            ..Params::default()
        };
        let cls = vm.bind_params(WRAP_NAME, &params, &[], &[], args, kwargs)?[0];
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

/// The decorator's options, read for truth as CPython's are.
struct Options {
    init: bool,
    repr: bool,
    eq: bool,
    order: bool,
    unsafe_hash: bool,
    frozen: bool,
    match_args: bool,
    kw_only: bool,
    slots: bool,
    weakref_slot: bool,
}

impl Options {
    fn read(vm: &mut Vm, kw: &[(String, Value)]) -> PyResult<Options> {
        Ok(Options {
            init: flag(vm, kw, "init", true)?,
            repr: flag(vm, kw, "repr", true)?,
            eq: flag(vm, kw, "eq", true)?,
            order: flag(vm, kw, "order", false)?,
            unsafe_hash: flag(vm, kw, "unsafe_hash", false)?,
            frozen: flag(vm, kw, "frozen", false)?,
            match_args: flag(vm, kw, "match_args", true)?,
            kw_only: flag(vm, kw, "kw_only", false)?,
            slots: flag(vm, kw, "slots", false)?,
            weakref_slot: flag(vm, kw, "weakref_slot", false)?,
        })
    }

    fn values(&self) -> [(&'static str, bool); 10] {
        [
            ("init", self.init),
            ("repr", self.repr),
            ("eq", self.eq),
            ("order", self.order),
            ("unsafe_hash", self.unsafe_hash),
            ("frozen", self.frozen),
            ("match_args", self.match_args),
            ("kw_only", self.kw_only),
            ("slots", self.slots),
            ("weakref_slot", self.weakref_slot),
        ]
    }
}

/// A module attribute (`MISSING`, the `Field` class, ...).
fn attr(vm: &mut Vm, name: &str) -> PyResult<Value> {
    module_attr(vm, "dataclasses", name)
}

fn is_instance_of(vm: &Vm, v: Value, cls: Value) -> bool {
    matches!(cls, Value::Ref(c) if vm.user_class_of(v) == Some(c))
}

/// A new `Field` object (what `field()` returns) with these attributes.
fn new_field(vm: &mut Vm, values: &[(&str, Value)]) -> PyResult<Value> {
    let cls = attr(vm, "Field")?;
    let f = vm.call_value(cls, Vec::new(), Vec::new())?;
    for (k, v) in values {
        vm.raw_set_attr(f, k, *v);
    }
    Ok(f)
}

/// `MISSING` read as "not given".
fn given(v: Value, missing: Value) -> Value {
    if v == missing {
        Value::Undef
    } else {
        v
    }
}

fn class_own(vm: &Vm, cid: ObjId, name: &str) -> Option<Value> {
    vm.class(cid).attrs.get_str(name)
}

fn process(vm: &mut Vm, cls: Value, kw: &[(String, Value)]) -> PyResult<Value> {
    let Value::Ref(cid) = cls else {
        return Err(PyErr::type_error("dataclass() should be called on a class"));
    };
    if !matches!(vm.heap.get(cid), Obj::Class(_)) {
        return Err(PyErr::type_error("dataclass() should be called on a class"));
    }
    let opts = Options::read(vm, kw)?;
    if opts.order && !opts.eq {
        return Err(PyErr::value_error("eq must be true if order is true"));
    }
    let missing = attr(vm, "MISSING")?;
    let field_cls = attr(vm, "Field")?;
    let kind_field = attr(vm, "_FIELD")?;
    let kind_classvar = attr(vm, "_FIELD_CLASSVAR")?;
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
    let annotations: Vec<(String, Value)> = match class_own(vm, cid, "__annotations__") {
        Some(Value::Ref(aid)) => match vm.heap.get(aid) {
            Obj::Dict(d) => d
                .entries()
                .map(|(k, v)| (as_str(&vm.heap, k).unwrap_or("").to_string(), v))
                .collect(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    };
    // Adopt (or make) each annotated name's Field, as CPython's
    // `_get_field`: the name is written into the object itself.
    let mut own: Vec<Value> = Vec::new();
    let mut kw_only_marker = false;
    for (name, ann) in annotations {
        let ann_s = as_str(&vm.heap, ann).unwrap_or("").trim().to_string();
        if ann_s == "KW_ONLY" || ann_s == "dataclasses.KW_ONLY" {
            kw_only_marker = true;
            continue;
        }
        if ann_s.starts_with("InitVar") || ann_s.starts_with("dataclasses.InitVar") {
            continue;
        }
        let classvar = ann_s.starts_with("ClassVar") || ann_s.starts_with("typing.ClassVar");
        let default = class_own(vm, cid, &name).unwrap_or(missing);
        let f = if is_instance_of(vm, default, field_cls) {
            default
        } else {
            if !classvar {
                if let Value::Ref(vid) = default {
                    if matches!(vm.heap.get(vid), Obj::List(_) | Obj::Dict(_) | Obj::Set(_)) {
                        let t = vm.class_name(default);
                        return Err(PyErr::value_error(format!(
                            "mutable default <class '{t}'> for field {name} is not allowed: use default_factory"
                        )));
                    }
                }
            }
            field_object(vm, default, missing)?
        };
        let name_v = vm.new_str(name.clone());
        vm.raw_set_attr(f, "name", name_v);
        vm.raw_set_attr(f, "type", ann);
        let kind = if classvar { kind_classvar } else { kind_field };
        vm.raw_set_attr(f, "_field_type", kind);
        if !classvar {
            let k = vm.get_attr(f, "kw_only")?;
            if k == missing {
                vm.raw_set_attr(f, "kw_only", Value::Bool(opts.kw_only || kw_only_marker));
            }
        }
        own.push(f);
    }
    // The class attributes the specs stood in, and the mapping, by the
    // names the objects now carry.
    let mut own_fields: Vec<(String, Value)> = Vec::new();
    for &f in &own {
        let name_v = vm.get_attr(f, "name")?;
        let name = as_str(&vm.heap, name_v).unwrap_or("").to_string();
        match own_fields.iter_mut().find(|(n, _)| *n == name) {
            Some(x) => x.1 = f,
            None => own_fields.push((name.clone(), f)),
        }
        if let Some(cur) = class_own(vm, cid, &name) {
            if is_instance_of(vm, cur, field_cls) {
                let d = vm.get_attr(f, "default")?;
                set_class_attr(vm, cid, &name, given(d, missing));
            }
        }
    }
    for (name, f) in &own_fields {
        if vm.get_attr(*f, "_field_type")? != kind_field {
            continue;
        }
        let snap = snapshot_field(vm, name, *f, missing)?;
        match fields.iter_mut().find(|x| x.name == *name) {
            Some(x) => *x = snap,
            None => fields.push(snap),
        }
    }
    if opts.init {
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
    // `__dataclass_fields__`: the bases' Field objects, then ours.
    let mut mapping = Dict::new();
    for &base in mro.iter().skip(1).rev() {
        if vm.class(base).dataclass.is_none() {
            continue;
        }
        if let Some(Value::Ref(d)) = class_own(vm, base, "__dataclass_fields__") {
            if let Obj::Dict(d) = vm.heap.get(d) {
                for (k, v) in d.entries().collect::<Vec<_>>() {
                    let hk = vm.hash_key(k)?;
                    mapping.insert(hk, k, v);
                }
            }
        }
    }
    for (name, f) in &own_fields {
        let key = vm.new_str(name.clone());
        mapping.insert(HashKey::Str(name.as_str().into()), key, *f);
    }
    let mapping = vm.heap.new_value(Obj::Dict(Box::new(mapping)));
    set_class_attr(vm, cid, "__dataclass_fields__", mapping);
    let params_cls = attr(vm, "_DataclassParams")?;
    let params = vm.call_value(params_cls, Vec::new(), Vec::new())?;
    for (k, v) in opts.values() {
        vm.raw_set_attr(params, k, Value::Bool(v));
    }
    set_class_attr(vm, cid, "__dataclass_params__", params);
    let info = DataclassInfo {
        fields,
        frozen: opts.frozen,
        order: opts.order,
        eq: opts.eq,
        repr: opts.repr,
        init: opts.init,
    };
    if let Obj::Class(c) = vm.heap.get_mut(cid) {
        c.dataclass = Some(info);
    }
    add_methods(vm, cid, &opts)?;
    // (records of this class that came from the host before it existed)
    crate::wire_records::adopt(vm, cid);
    Ok(cls)
}

/// The Field for a class attribute that is not one: `default` as its
/// default (`MISSING` when there is none).
fn field_object(vm: &mut Vm, default: Value, missing: Value) -> PyResult<Value> {
    let metadata = empty_metadata(vm)?;
    new_field(
        vm,
        &[
            ("name", Value::None),
            ("type", Value::None),
            ("default", default),
            ("default_factory", missing),
            ("init", Value::Bool(true)),
            ("repr", Value::Bool(true)),
            ("hash", Value::None),
            ("compare", Value::Bool(true)),
            ("metadata", metadata),
            ("kw_only", missing),
            ("_field_type", Value::None),
        ],
    )
}

fn empty_metadata(vm: &mut Vm) -> PyResult<Value> {
    let proxy = module_attr(vm, "types", "MappingProxyType")?;
    let d = vm.heap.new_value(Obj::Dict(Box::new(Dict::new())));
    vm.call_value(proxy, vec![d], Vec::new())
}

/// What the generated methods keep of Field object `f` adopted as `name`.
fn snapshot_field(vm: &mut Vm, name: &str, f: Value, missing: Value) -> PyResult<Field> {
    let get = |vm: &mut Vm, a: &str| vm.get_attr(f, a);
    let default = get(vm, "default")?;
    let default_factory = get(vm, "default_factory")?;
    let init = get(vm, "init")?;
    let repr = get(vm, "repr")?;
    let compare = get(vm, "compare")?;
    let kw_only = get(vm, "kw_only")?;
    Ok(Field {
        name: name.to_string(),
        default: given(default, missing),
        default_factory: given(default_factory, missing),
        init: vm.truthy(init)?,
        repr: vm.truthy(repr)?,
        compare: vm.truthy(compare)?,
        kw_only: kw_only != missing && vm.truthy(kw_only)?,
    })
}

/// Where the generated methods sit in the module's table.
const GEN_INIT: u16 = 8;
const GEN_REPR: u16 = 9;
const GEN_EQ: u16 = 10;
const GEN_ORDER: u16 = 11;
const GEN_HASH: u16 = 12;
const GEN_SETATTR: u16 = 13;
const GEN_DELATTR: u16 = 14;
/// The `__repr__`s of the module's classes.
const CLASS_METHODS: std::ops::RangeInclusive<u16> = 15..=17;

/// CPython's `_set_new_attribute` (a method the class body defines is
/// kept) and its `__hash__` table of `unsafe_hash`, `eq`, `frozen` and
/// whether the body defines `__hash__` (a `None` beside an `__eq__` is
/// the one `type` wrote, not the author's).
fn add_methods(vm: &mut Vm, cid: ObjId, opts: &Options) -> PyResult<()> {
    let info = vm.class(cid).dataclass.clone().expect("just set");
    let cname = vm.class(cid).name.clone();
    let qualname = vm.class(cid).qualname.clone();
    let own = |vm: &Vm, name: &str| class_own(vm, cid, name).is_some();
    let explicit_hash = match class_own(vm, cid, "__hash__") {
        None => false,
        Some(Value::None) => !own(vm, "__eq__"),
        Some(_) => true,
    };
    let mut flags = 0;
    if opts.frozen {
        flags |= SNAP_FROZEN;
    }
    if vm.class_lookup(cid, "__post_init__").is_some() {
        flags |= SNAP_POST_INIT;
    }
    let snap = snapshot(vm, &info.fields, flags);
    let method = |vm: &mut Vm, func: u16, extra: Option<Value>, name: &str| {
        let mut bound = vec![Value::Ref(cid), snap];
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
    if opts.init && !own(vm, "__init__") {
        method(vm, GEN_INIT, None, "__init__");
    }
    if opts.repr && !own(vm, "__repr__") {
        method(vm, GEN_REPR, None, "__repr__");
    }
    if opts.eq && !own(vm, "__eq__") {
        method(vm, GEN_EQ, None, "__eq__");
    }
    if opts.order {
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
    if opts.frozen {
        for (name, func) in [("__setattr__", GEN_SETATTR), ("__delattr__", GEN_DELATTR)] {
            if own(vm, name) {
                return Err(PyErr::type_error(format!(
                    "Cannot overwrite attribute {name} in class {cname}"
                )));
            }
            method(vm, func, None, name);
        }
    }
    match (opts.unsafe_hash, opts.eq, opts.frozen, explicit_hash) {
        (false, false, _, _) | (false, true, _, true) => {}
        (false, true, false, false) => set_class_attr(vm, cid, "__hash__", Value::None),
        (false, true, true, false) | (true, _, _, false) => {
            method(vm, GEN_HASH, None, "__hash__");
        }
        (true, _, _, true) => {
            return Err(PyErr::type_error(format!(
                "Cannot overwrite attribute __hash__ in class {cname}"
            )));
        }
    }
    if opts.match_args && !own(vm, "__match_args__") {
        let names: Vec<Value> = info
            .fields
            .iter()
            .filter(|f| f.init && !f.kw_only)
            .map(|f| f.name.clone())
            .collect::<Vec<_>>()
            .into_iter()
            .map(|n| vm.new_str(n))
            .collect();
        let t = vm.new_tuple(names);
        set_class_attr(vm, cid, "__match_args__", t);
    }
    Ok(())
}

/// Whether `f` binds its instance when looked up through one (as the
/// functions CPython generates and the classes' methods do).
pub(super) fn binds_as_method(f: NativeId) -> bool {
    (GEN_INIT..=GEN_DELATTR).contains(&f.func) || CLASS_METHODS.contains(&f.func)
}

/// Whether `f` stands for a Python function (`type()` says `function`).
pub(crate) fn is_function(f: NativeId) -> bool {
    f.module == module_index() && (f.func == WRAP || binds_as_method(f))
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
        let missing = attr(vm, "MISSING")?;
        let default = default.unwrap_or(missing);
        let default_factory = default_factory.unwrap_or(missing);
        if default != missing && default_factory != missing {
            return Err(PyErr::value_error(
                "cannot specify both default and default_factory",
            ));
        }
        let metadata = match metadata {
            Some(m) if !m.is_none() => {
                let proxy = module_attr(vm, "types", "MappingProxyType")?;
                vm.call_value(proxy, vec![m], Vec::new())?
            }
            _ => empty_metadata(vm)?,
        };
        new_field(
            vm,
            &[
                ("name", Value::None),
                ("type", Value::None),
                ("default", default),
                ("default_factory", default_factory),
                ("init", init.unwrap_or(Value::Bool(true))),
                ("repr", repr.unwrap_or(Value::Bool(true))),
                ("hash", hash.unwrap_or(Value::None)),
                ("compare", compare.unwrap_or(Value::Bool(true))),
                ("metadata", metadata),
                ("kw_only", kw_only.unwrap_or(missing)),
                ("_field_type", Value::None),
            ],
        )
    }
}

native! {
    /// `fields(class_or_instance)`: the `Field`s of `__dataclass_fields__`
    /// that are fields (not `ClassVar`s).
    def fn fields(vm, class_or_instance) {
        let Some(mapping) = fields_mapping(vm, class_or_instance) else {
            return Err(PyErr::type_error(
                "must be called with a dataclass type or instance",
            ));
        };
        let kind = attr(vm, "_FIELD")?;
        let values = crate::native_class::call_method(vm, mapping, "values", Vec::new())?;
        let mut out = Vec::new();
        for f in vm.collect_iterable(values)? {
            if vm.get_attr(f, "_field_type")? == kind {
                out.push(f);
            }
        }
        Ok(vm.new_tuple(out))
    }

    /// `is_dataclass(obj)`: whether its class has `__dataclass_fields__`.
    def fn is_dataclass(vm, obj) {
        Ok(Value::Bool(fields_mapping(vm, obj).is_some()))
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

native! {
    /// `Field.__repr__(self)`, CPython 3.13's.
    builtin fn field_repr(vm, this, /) {
        let mut parts = Vec::new();
        for a in FIELD_ATTRS {
            let v = vm.get_attr(this, a)?;
            parts.push(format!("{a}={}", vm.repr(v)?));
        }
        let s = format!("Field({})", parts.join(","));
        Ok(vm.new_str(s))
    }

    /// `_DataclassParams.__repr__(self)`.
    builtin fn params_repr(vm, this, /) {
        let mut parts = Vec::new();
        for a in OPTIONS {
            let v = vm.get_attr(this, a)?;
            parts.push(format!("{a}={}", vm.repr(v)?));
        }
        let s = format!("_DataclassParams({})", parts.join(","));
        Ok(vm.new_str(s))
    }

    /// `_FIELD_BASE.__repr__(self)`: its name (`_FIELD`).
    builtin fn marker_repr(vm, this, /) {
        vm.get_attr(this, "name")
    }
}

fn init(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    attrs.push((
        "FrozenInstanceError".into(),
        Value::ExcType(ExcType::FrozenInstanceError),
    ));
    let _ = build_classes(vm, attrs);
}

/// `_MISSING_TYPE` and `MISSING`, `Field`, `_DataclassParams`,
/// `_FIELD_BASE` and its `_FIELD`/`_FIELD_CLASSVAR`/`_FIELD_INITVAR`.
fn build_classes(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) -> PyResult<()> {
    use crate::native_class::make_class;
    let missing_cls = make_class(vm, &MODULE, "_MISSING_TYPE", vec![], &[], vec![])?;
    let missing = vm.call_value(missing_cls, Vec::new(), Vec::new())?;
    attrs.push(("_MISSING_TYPE".into(), missing_cls));
    attrs.push(("MISSING".into(), missing));
    let field_cls = make_class(
        vm,
        &MODULE,
        "Field",
        vec![],
        &[("__repr__", "_field_repr")],
        vec![],
    )?;
    attrs.push(("Field".into(), field_cls));
    let params_cls = make_class(
        vm,
        &MODULE,
        "_DataclassParams",
        vec![],
        &[("__repr__", "_params_repr")],
        vec![],
    )?;
    attrs.push(("_DataclassParams".into(), params_cls));
    let marker_cls = make_class(
        vm,
        &MODULE,
        "_FIELD_BASE",
        vec![],
        &[("__repr__", "_marker_repr")],
        vec![],
    )?;
    attrs.push(("_FIELD_BASE".into(), marker_cls));
    for name in ["_FIELD", "_FIELD_CLASSVAR", "_FIELD_INITVAR"] {
        let m = vm.call_value(marker_cls, Vec::new(), Vec::new())?;
        let n = vm.new_str(name);
        vm.raw_set_attr(m, "name", n);
        attrs.push((name.into(), m));
    }
    Ok(())
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
        _init = crate::dataclasses_gen::gen_init,
        _repr = crate::dataclasses_gen::gen_repr,
        _eq = crate::dataclasses_gen::gen_eq,
        _order = crate::dataclasses_gen::gen_order,
        _hash = crate::dataclasses_gen::gen_hash,
        _setattr = crate::dataclasses_gen::gen_setattr,
        _delattr = crate::dataclasses_gen::gen_delattr,
        _field_repr = field_repr,
        _params_repr = params_repr,
        _marker_repr = marker_repr,
    ],
    init,
};
