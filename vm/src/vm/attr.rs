//! Attribute access on builtin values: bound builtin methods, data
//! attributes (`e.args`, `f.__name__`, `r.start`, ...), name lookup of
//! builtins, and the `**mapping` merge used by dict displays and calls.

use crate::object::{ClassFlags, ExcType, HashKey, Obj, Value};

use super::{PyErr, PyResult, Vm};

/// Attributes of a function that are not in its `__dict__` and that this
/// VM cannot set (CPython can).
const FUNCTION_SLOTS: &[&str] = &[
    "__dict__",
    "__code__",
    "__defaults__",
    "__kwdefaults__",
    "__closure__",
    "__globals__",
    "__builtins__",
    "__annotations__",
    "__type_params__",
];

/// Attributes of a function kept apart from its `__dict__` when set.
const FUNCTION_NAMES: &[&str] = &["__name__", "__qualname__", "__doc__", "__module__"];

impl Vm {
    /// The common case of `obj.name` in one step: `obj` is an instance
    /// holding `name` in its own dict, and no property of its class could
    /// take precedence (what [`Vm::instance_get_attr`] checks first).
    #[inline]
    pub(super) fn instance_dict_attr(&self, obj: Value, name: &str) -> Option<Value> {
        let Value::Ref(id) = obj else { return None };
        let Obj::Instance(i) = self.heap.get(id) else {
            return None;
        };
        if self.class_flags(i.class) & ClassFlags::PROPERTY != 0 {
            return None;
        }
        i.attrs.get_str(name)
    }

    /// The `__dict__` of function `id` (or, `names`, the dict of the
    /// names set on it), made when first asked for.
    pub fn function_dict(&mut self, id: crate::object::ObjId, names: bool) -> Value {
        if let Obj::Function(f) = self.heap.get(id) {
            if let Some(a) = &f.attrs {
                let d = if names { a.names } else { a.dict };
                if !d.is_none() {
                    return d;
                }
            }
        }
        let d = self
            .heap
            .new_value(Obj::Dict(Box::new(crate::object::Dict::new())));
        if let Obj::Function(f) = self.heap.get_mut(id) {
            let a = f.attrs.get_or_insert_with(Default::default);
            if names {
                a.names = d;
            } else {
                a.dict = d;
            }
        }
        d
    }

    pub fn get_attr(&mut self, obj: Value, name: &str) -> PyResult<Value> {
        if let Some(v) = self.user_attr(obj, name)? {
            return Ok(v);
        }
        if let Some(v) = self.data_attr(obj, name)? {
            return Ok(v);
        }
        if crate::builtins::methods::has_method(self, obj, name) {
            return Ok(self
                .heap
                .new_value(Obj::BuiltinMethod(obj, name.to_string())));
        }
        Err(self.no_attr(obj, name))
    }

    /// Attributes of user classes, their instances and the method wrappers;
    /// `None` to fall through to the builtin lookup.
    fn user_attr(&mut self, obj: Value, name: &str) -> PyResult<Option<Value>> {
        if let Value::Native(t) = obj {
            return crate::lib().native_type_getattr(self, t, name);
        }
        let Value::Ref(id) = obj else { return Ok(None) };
        match self.heap.get(id) {
            Obj::Native(_) => {
                if let Some(v) = crate::lib().native_obj_getattr(self, id, name)? {
                    return Ok(Some(v));
                }
                if crate::lib().native_obj_has_method(self, id, name) {
                    return Ok(Some(
                        self.heap
                            .new_value(Obj::BuiltinMethod(obj, name.to_string())),
                    ));
                }
                Ok(None)
            }
            Obj::Instance(i) => {
                let cls = i.class;
                if let Some(v) = self.instance_get_attr(obj, cls, name)? {
                    return Ok(Some(v));
                }
                if self.class_lookup(cls, "__getattr__").is_some() {
                    let key = self.new_str(name);
                    return self.call_dunder(obj, "__getattr__", vec![key]);
                }
                let cname = self.class(cls).name.clone();
                Err(PyErr::new(
                    ExcType::AttributeError,
                    format!("'{cname}' object has no attribute '{name}'"),
                ))
            }
            Obj::Exception(e) if e.class.is_some() => {
                let cls = e.class.expect("checked");
                if let Some(v) = self.instance_get_attr(obj, cls, name)? {
                    return Ok(Some(v));
                }
                Ok(None)
            }
            Obj::Class(_) => {
                if let Some(v) = self.class_get_attr(id, name)? {
                    return Ok(Some(v));
                }
                if let Some(v) = self.meta_get_attr(id, name)? {
                    return Ok(Some(v));
                }
                let cname = self.class(id).name.clone();
                Err(PyErr::new(
                    ExcType::AttributeError,
                    format!("type object '{cname}' has no attribute '{name}'"),
                ))
            }
            Obj::Super { class, obj: inner } => {
                let (class, inner) = (*class, *inner);
                self.super_get_attr(class, inner, name).map(Some)
            }
            Obj::BoundMethod { func, recv } => {
                let (func, recv) = (*func, *recv);
                match name {
                    "__self__" => Ok(Some(recv)),
                    "__func__" => Ok(Some(func)),
                    _ => self.get_attr(func, name).map(Some),
                }
            }
            Obj::Property(p) => {
                let p = **p;
                match name {
                    "fget" => Ok(Some(p.fget)),
                    "fset" => Ok(Some(p.fset)),
                    "fdel" => Ok(Some(p.fdel)),
                    "getter" | "setter" | "deleter" => Ok(Some(
                        self.heap
                            .new_value(Obj::BuiltinMethod(obj, name.to_string())),
                    )),
                    _ => Ok(None),
                }
            }
            Obj::StaticMethod(f) | Obj::ClassMethod(f) if name == "__func__" => Ok(Some(*f)),
            Obj::Function(f) => {
                if name == "__dict__" {
                    return Ok(Some(self.function_dict(id, false)));
                }
                let d = match &f.attrs {
                    Some(a) if FUNCTION_NAMES.contains(&name) => a.names,
                    Some(a) => a.dict,
                    None => Value::None,
                };
                Ok(match d {
                    Value::Ref(d) => match self.heap.get(d) {
                        Obj::Dict(d) => d.get_str(name),
                        _ => None,
                    },
                    _ => None,
                })
            }
            Obj::BoundNative { .. } => crate::lib().bound_native_getattr(self, id, name),
            Obj::FieldSpec(f) => {
                let f = f.clone();
                Ok(Some(match name {
                    "name" => self.new_str(f.name),
                    "default" => f.default,
                    "default_factory" => f.default_factory,
                    "init" => Value::Bool(f.init),
                    "repr" => Value::Bool(f.repr),
                    "compare" => Value::Bool(f.compare),
                    "kw_only" => Value::Bool(f.kw_only),
                    _ => return Ok(None),
                }))
            }
            _ => Ok(None),
        }
    }

    fn no_attr(&self, obj: Value, name: &str) -> PyErr {
        match obj {
            Value::Type(t) => PyErr::new(
                ExcType::AttributeError,
                format!("type object '{}' has no attribute '{name}'", t.name()),
            ),
            Value::ExcType(t) => PyErr::new(
                ExcType::AttributeError,
                format!("type object '{}' has no attribute '{name}'", t.name()),
            ),
            Value::Native(t) if crate::lib().class_repr(self, t).is_some() => {
                let shown = crate::lib().class_repr(self, t).unwrap_or_default();
                let type_name = shown.trim_start_matches("<class '").trim_end_matches("'>");
                PyErr::new(
                    ExcType::AttributeError,
                    format!("type object '{type_name}' has no attribute '{name}'"),
                )
            }
            Value::Ref(id) if matches!(self.heap.get(id), Obj::BoundNative { .. }) => {
                // a native class's object is named by its dotted `tp_name`
                // (`'functools.partial' object`), as CPython does
                let shown = match crate::lib()
                    .native_type_of(self, obj)
                    .and_then(|t| crate::lib().native_class_name(self, t))
                {
                    Some(n) => n,
                    None => self.class_name(obj),
                };
                PyErr::new(
                    ExcType::AttributeError,
                    format!("'{shown}' object has no attribute '{name}'"),
                )
            }
            _ => PyErr::new(
                ExcType::AttributeError,
                format!(
                    "'{}' object has no attribute '{name}'",
                    self.class_name(obj)
                ),
            ),
        }
    }

    fn data_attr(&mut self, obj: Value, name: &str) -> PyResult<Option<Value>> {
        if name == "__class__" {
            return Ok(Some(self.type_value(obj)));
        }
        Ok(Some(match (obj, name) {
            (Value::Type(t), "__name__" | "__qualname__") => self.new_str(t.name()),
            (Value::Type(crate::object::Type::Object), "__setattr__") => {
                Value::Builtin(crate::builtins::Builtin::ObjectSetattr)
            }
            (Value::ExcType(t), "__name__" | "__qualname__") => self.new_str(t.name()),
            (Value::ExcType(t), "__module__") => {
                // (the qualified name's module: `json.decoder`, `io`)
                let q = t.qualified_name();
                self.new_str(q.rsplit_once('.').map_or("builtins", |(m, _)| m))
            }
            (Value::ExcType(t), "__mro__") => {
                let mut items: Vec<Value> = super::exc_bases::ancestry(t)
                    .into_iter()
                    .map(Value::ExcType)
                    .collect();
                items.push(Value::Type(crate::object::Type::Object));
                self.new_tuple(items)
            }
            (Value::Builtin(b), "__name__" | "__qualname__") => self.new_str(b.name()),
            (Value::Native(n), "__name__" | "__qualname__") => {
                self.new_str(crate::lib().native_name(n))
            }
            (Value::Native(n), "__module__") => self.new_str(crate::lib().native_module(n)),
            (Value::Int(i), "real" | "numerator") => Value::Int(i),
            (Value::Int(_), "imag") => Value::Int(0),
            (Value::Int(_), "denominator") => Value::Int(1),
            (Value::Bool(b), "real" | "numerator") => Value::Int(b as i64),
            (Value::Float(f), "real") => Value::Float(f),
            (Value::Float(_), "imag") => Value::Float(0.0),
            (Value::Ref(id), _) => match (self.heap.get(id), name) {
                (Obj::Complex(z), "real") => Value::Float(z.re),
                (Obj::Complex(z), "imag") => Value::Float(z.im),
                (Obj::Module(m), _) => match m.attrs.get_str(name) {
                    Some(v) => v,
                    None => {
                        return Err(PyErr::new(
                            ExcType::AttributeError,
                            format!("module '{}' has no attribute '{name}'", m.name),
                        ))
                    }
                },
                (Obj::Exception(e), "args") => {
                    let a = e.args.clone();
                    self.new_tuple(a)
                }
                (Obj::Exception(e), "exceptions") if e.kind.is_group() => {
                    let items = e.exceptions.clone();
                    self.new_tuple(items)
                }
                (Obj::Exception(e), "message") if e.kind.is_group() => {
                    e.args.first().copied().unwrap_or(Value::None)
                }
                (Obj::Exception(e), "value") if e.kind.is_subclass_of(ExcType::StopIteration) => {
                    e.args.first().copied().unwrap_or(Value::None)
                }
                (Obj::Exception(e), "__notes__") if e.attrs.get_str(name).is_some() => {
                    e.attrs.get_str(name).unwrap_or(Value::None)
                }
                (Obj::Exception(e), "__cause__") => e.cause,
                // no traceback objects: `traceback`'s functions take the
                // exception's own
                (Obj::Exception(_), "__traceback__") => Value::None,
                (Obj::Exception(e), "__context__") => e.context,
                (Obj::Exception(e), "__suppress_context__") => Value::Bool(e.suppress_context),
                (Obj::Exception(e), "__class__") => Value::ExcType(e.kind),
                (Obj::Exception(e), "name" | "obj")
                    if e.class.is_none()
                        && matches!(e.kind, ExcType::AttributeError | ExcType::NameError) =>
                {
                    e.attrs.get_str(name).unwrap_or(Value::None)
                }
                (Obj::Exception(e), _)
                    if e.kind.is_subclass_of(ExcType::OSError)
                        && super::os_error::OS_ERROR_ATTRS.contains(&name) =>
                {
                    e.attrs.get_str(name).unwrap_or(Value::None)
                }
                // attributes a module sets on a builtin exception it raises
                // (`json.JSONDecodeError.pos`)
                (Obj::Exception(e), _) if e.class.is_none() && e.attrs.get_str(name).is_some() => {
                    e.attrs.get_str(name).unwrap_or(Value::None)
                }
                (Obj::Function(f), "__name__") => {
                    let n = self.program.codes[f.code as usize].name.clone();
                    self.new_str(n)
                }
                (Obj::Function(f), "__doc__") => {
                    match self.program.codes[f.code as usize].doc.clone() {
                        Some(d) => self.new_str(d),
                        None => Value::None,
                    }
                }
                (Obj::Dict(d), "default_factory")
                    if matches!(d.kind, crate::object::DictKind::DefaultDict(_)) =>
                {
                    match d.kind {
                        crate::object::DictKind::DefaultDict(f) => f,
                        _ => unreachable!(),
                    }
                }
                (Obj::Function(_), "__module__") => self.new_str("__main__"),
                (Obj::Function(f), "__qualname__") => {
                    let n = self.program.codes[f.code as usize].qualname.clone();
                    self.new_str(n)
                }
                (Obj::External(e), "__name__" | "__qualname__") => {
                    let n = e.name.clone();
                    self.new_str(n)
                }
                (Obj::Range(r), "start") => Value::Int(r.start),
                (Obj::Range(r), "stop") => Value::Int(r.stop),
                (Obj::Range(r), "step") => Value::Int(r.step),
                (Obj::Slice(p), "start") => p[0],
                (Obj::Slice(p), "stop") => p[1],
                (Obj::Slice(p), "step") => p[2],
                (Obj::BigInt(_), "real" | "numerator") => obj,
                (Obj::BigInt(_), "imag") => Value::Int(0),
                (Obj::BigInt(_), "denominator") => Value::Int(1),
                _ => return Ok(None),
            },
            _ => return Ok(None),
        }))
    }

    pub fn set_attr(&mut self, obj: Value, name: &str, v: Value) -> PyResult<()> {
        if let Value::Ref(id) = obj {
            match self.heap.get(id) {
                Obj::Instance(i) => {
                    let cls = i.class;
                    return self.instance_set_attr(obj, cls, name, v);
                }
                Obj::Exception(e) if e.class.is_some() && !name.starts_with("__") => {
                    let cls = e.class.expect("checked");
                    return self.instance_set_attr(obj, cls, name, v);
                }
                Obj::Class(c) if c.meta.is_some() && self.meta_method(obj, "__setattr__").is_some() => {
                    let key = self.new_str(name);
                    self.call_meta(obj, "__setattr__", vec![key, v])?;
                    return Ok(());
                }
                Obj::Class(_) => {
                    let key = self.new_str(name);
                    if let Obj::Class(c) = self.heap.get_mut(id) {
                        c.attrs.insert(HashKey::Str(name.into()), key, v);
                    }
                    return Ok(());
                }
                // `warnings.showwarning = f`, `logging.raiseExceptions =
                // False`, `sys.stderr = buf`: a module's namespace is the
                // program's to change, as in CPython (the module object is
                // this run's own)
                Obj::Module(_) => {
                    let key = self.new_str(name);
                    if let Obj::Module(m) = self.heap.get_mut(id) {
                        m.attrs.insert(HashKey::Str(name.into()), key, v);
                    }
                    return Ok(());
                }
                Obj::Complex(_) if matches!(name, "real" | "imag") => {
                    return Err(PyErr::new(ExcType::AttributeError, "readonly attribute"))
                }
                Obj::Function(_) if !FUNCTION_SLOTS.contains(&name) => {
                    let d = self.function_dict(id, FUNCTION_NAMES.contains(&name));
                    let key = self.new_str(name);
                    if let (Value::Ref(d), Value::Ref(_)) = (d, key) {
                        if let Obj::Dict(d) = self.heap.get_mut(d) {
                            d.insert(HashKey::Str(name.into()), key, v);
                        }
                    }
                    return Ok(());
                }
                Obj::Function(_) => {
                    return Err(PyErr::new(
                        ExcType::AttributeError,
                        format!("'function' object has no attribute '{name}' (function attributes are not supported)"),
                    ))
                }
                Obj::Native(_) => {
                    if let Some(r) = crate::lib().native_obj_setattr(self, id, name, v) {
                        return r;
                    }
                }
                Obj::Dict(d)
                    if name == "default_factory"
                        && matches!(d.kind, crate::object::DictKind::DefaultDict(_)) =>
                {
                    if let Obj::Dict(d) = self.heap.get_mut(id) {
                        d.kind = crate::object::DictKind::DefaultDict(v);
                    }
                    return Ok(());
                }
                _ => {}
            }
        }
        if let Value::Ref(id) = obj {
            if let Obj::Exception(e) = self.heap.get_mut(id) {
                match name {
                    "__cause__" => {
                        e.cause = v;
                        e.suppress_context = true;
                        return Ok(());
                    }
                    "__context__" => {
                        e.context = v;
                        return Ok(());
                    }
                    "__suppress_context__" => {
                        e.suppress_context = matches!(v, Value::Bool(true));
                        return Ok(());
                    }
                    _ => {}
                }
            }
        }
        // Builtin classes (int, str, ValueError, len's type, ...) are
        // immutable types in CPython.
        let builtin_type = match obj {
            Value::Type(t) => Some(t.name().to_string()),
            Value::ExcType(e) => Some(e.name().to_string()),
            Value::Native(id) => crate::lib().native_class_name(self, id),
            _ => None,
        };
        if let Some(type_name) = builtin_type {
            return Err(PyErr::type_error(format!(
                "cannot set '{name}' attribute of immutable type '{type_name}'"
            )));
        }
        let has = crate::builtins::methods::has_method(self, obj, name)
            || self.data_attr(obj, name)?.is_some();
        if has {
            return Err(PyErr::new(
                ExcType::AttributeError,
                format!(
                    "'{}' object attribute '{name}' is read-only",
                    self.class_name(obj)
                ),
            ));
        }
        Err(PyErr::new(
            ExcType::AttributeError,
            format!(
                "'{}' object has no attribute '{name}' and no __dict__ for setting new attributes",
                self.class_name(obj)
            ),
        ))
    }

    pub fn del_attr(&mut self, obj: Value, name: &str) -> PyResult<()> {
        if let Value::Ref(id) = obj {
            match self.heap.get(id) {
                Obj::Instance(i) => {
                    let cls = i.class;
                    return self.instance_del_attr(obj, cls, name);
                }
                Obj::Exception(e) if e.class.is_some() => {
                    let cls = e.class.expect("checked");
                    return self.instance_del_attr(obj, cls, name);
                }
                Obj::Class(c)
                    if c.meta.is_some() && self.meta_method(obj, "__delattr__").is_some() =>
                {
                    let key = self.new_str(name);
                    self.call_meta(obj, "__delattr__", vec![key])?;
                    return Ok(());
                }
                Obj::Class(_) => {
                    let removed = match self.heap.get_mut(id) {
                        Obj::Class(c) => c.attrs.remove(&HashKey::Str(name.into())).is_some(),
                        _ => false,
                    };
                    if removed {
                        return Ok(());
                    }
                }
                _ => {}
            }
        }
        Err(PyErr::new(
            ExcType::AttributeError,
            format!(
                "'{}' object has no attribute '{name}'",
                self.class_name(obj)
            ),
        ))
    }

    /// Looks up a builtin by name, or raises `NameError`.
    pub fn builtin_by_name(&mut self, name: &str) -> PyResult<Value> {
        crate::builtins::lookup(name).ok_or_else(|| self.name_error(name))
    }

    /// The builtin named by the program's name `n` (`LoadBuiltin`), or by
    /// its global `n` (`global` set: an unset global), cached per index.
    pub fn builtin_by_index(&mut self, n: u32, global: bool) -> PyResult<Value> {
        let i = n as usize;
        let cache = if global {
            &self.builtin_globals
        } else {
            &self.builtin_names
        };
        if let Some(Some(v)) = cache.get(i) {
            return Ok(*v);
        }
        let prog = self.program.clone();
        let name = if global {
            &prog.globals[i]
        } else {
            &prog.names[i]
        };
        if !global {
            // a global that `exec` defined after this name was compiled (a
            // name the program compiles as a builtin has no global slot
            // of its own otherwise)
            if let Some(g) = prog.globals.iter().position(|g| g == name) {
                if !matches!(self.globals[g], Value::Undef) {
                    return Ok(self.globals[g]);
                }
            }
        }
        let v = self.builtin_by_name(name)?;
        let (cache, len) = if global {
            (&mut self.builtin_globals, prog.globals.len())
        } else {
            (&mut self.builtin_names, prog.names.len())
        };
        if cache.len() < len {
            cache.resize(len, None);
        }
        cache[i] = Some(v);
        Ok(v)
    }

    /// `{**src}` / `f(**src)`: copies a mapping's items into dict `target`;
    /// with `merge`, a repeated key is an error (keyword arguments).
    ///
    /// # Errors
    ///
    /// `TypeError` if `src` is not a mapping or (with `merge`) repeats a
    /// key; the message names no callable, [`Vm::name_call_error`] adds it.
    pub fn dict_update_from(&mut self, target: Value, src: Value, merge: bool) -> PyResult<()> {
        let entries: Vec<(HashKey, Value, Value)> = match src {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Dict(d) => d
                    .keyed_entries()
                    .map(|(k, (kv, vv))| (k.clone(), *kv, *vv))
                    .collect(),
                _ => return Err(self.not_mapping(src, merge)),
            },
            _ => return Err(self.not_mapping(src, merge)),
        };
        let Value::Ref(tid) = target else {
            unreachable!("dict")
        };
        for (k, kv, vv) in entries {
            // a user-hashed key may equal (by `__eq__`) one already there
            let k = self.resolve_key(tid, kv, k)?;
            if merge {
                if super::as_str(&self.heap, kv).is_none() {
                    return Err(PyErr::type_error("keywords must be strings"));
                }
                let Obj::Dict(t) = self.heap.get(tid) else {
                    unreachable!()
                };
                if t.contains(&k) {
                    let name = super::as_str(&self.heap, kv).unwrap_or("").to_string();
                    return Err(PyErr::type_error(format!(
                        "got multiple values for keyword argument '{name}'"
                    )));
                }
            }
            if let Obj::Dict(t) = self.heap.get_mut(tid) {
                t.insert(k, kv, vv);
            }
        }
        Ok(())
    }

    fn not_mapping(&self, v: Value, merge: bool) -> PyErr {
        if merge {
            PyErr::type_error(format!(
                "argument after ** must be a mapping, not {}",
                self.class_name(v)
            ))
        } else {
            PyErr::type_error(format!("'{}' object is not a mapping", self.class_name(v)))
        }
    }
}

impl Vm {
    /// `dir(obj)`: sorted attribute names (instance, class and builtin methods).
    pub fn dir_of(&mut self, obj: Value) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        if let Value::Ref(id) = obj {
            match self.heap.get(id) {
                Obj::Instance(i) => {
                    let cls = i.class;
                    names.extend(i.attrs.names().map(|k| k.to_string()));
                    for &c in &self.class(cls).mro {
                        names.extend(
                            self.class(c)
                                .attrs
                                .keys()
                                .filter_map(|k| super::as_str(&self.heap, k).map(str::to_string)),
                        );
                    }
                }
                Obj::Class(c) => {
                    for &m in &c.mro {
                        names.extend(
                            self.class(m)
                                .attrs
                                .keys()
                                .filter_map(|k| super::as_str(&self.heap, k).map(str::to_string)),
                        );
                    }
                }
                Obj::Module(m) => {
                    names.extend(
                        m.attrs
                            .keys()
                            .filter_map(|k| super::as_str(&self.heap, k).map(str::to_string)),
                    );
                }
                _ => {}
            }
        }
        names.extend(
            crate::builtins::methods::method_names(self, obj)
                .into_iter()
                .map(str::to_string),
        );
        names.sort();
        names.dedup();
        names
    }
}
