//! Classes at run time: creating a class from its executed body, creating
//! instances (running `__init__`), attribute lookup through the MRO with
//! methods, `staticmethod`/`classmethod`/`property` and `super()`, and
//! calling special methods (`__repr__`, `__eq__`, `__add__`, ...) on
//! instances. An instance's own attributes: `instance_attrs.rs`.

use crate::object::{
    Class, ClassFlags, Dict, ExcType, Exception, HashKey, Instance, Obj, ObjId, Value,
};

use super::exc_bases::merge_exc;
use super::{OnReturn, PyErr, PyResult, Vm};

/// How a call of a class proceeded.
pub enum Instantiated {
    /// The instance is ready (no Python `__init__` to run).
    Done(Value),
    /// A frame running `__init__` was pushed; it returns the instance.
    Pushed,
}

impl Vm {
    /// The class object of a user instance or exception, if any.
    pub fn user_class_of(&self, v: Value) -> Option<ObjId> {
        match v {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Instance(i) => Some(i.class),
                Obj::Exception(e) => e.class,
                _ => None,
            },
            _ => None,
        }
    }

    #[inline]
    pub fn class(&self, id: ObjId) -> &Class {
        match self.heap.get(id) {
            Obj::Class(c) => c,
            _ => unreachable!("not a class"),
        }
    }

    /// The `__module__` (a str, else `__main__`) and qualified name of a
    /// class, for its repr and for tracebacks.
    pub fn class_module_and_qualname(&self, cls: ObjId) -> (String, String) {
        let c = self.class(cls);
        let module = c
            .attrs
            .get_str("__module__")
            .and_then(|m| super::as_str(&self.heap, m).map(str::to_string))
            .unwrap_or_else(|| "__main__".to_string());
        (module, c.qualname.clone())
    }

    /// `__init__` looked up in the class and its ancestors (cached until
    /// any class is mutated or the heap collected: `Class::init`).
    #[inline]
    pub fn class_init(&self, cls: ObjId) -> Option<Value> {
        let epoch = self.heap.class_epoch();
        let (at, init) = self.class(cls).init.get();
        if at == epoch {
            return init;
        }
        let init = self.class_lookup(cls, "__init__");
        self.class(cls).init.set((epoch, init));
        init
    }

    /// Looks `name` up in the class and its ancestors.
    pub fn class_lookup(&self, cls: ObjId, name: &str) -> Option<Value> {
        for &c in &self.class(cls).mro {
            if let Some(v) = self.class(c).attrs.get_str(name) {
                return Some(v);
            }
        }
        None
    }

    /// The [`ClassFlags`] of `cls` (cached until any class is mutated).
    #[inline]
    pub fn class_flags(&self, cls: ObjId) -> u8 {
        let (at, flags) = self.class(cls).flags.get();
        if at == self.heap.class_epoch() {
            return flags;
        }
        self.compute_class_flags(cls)
    }

    #[cold]
    fn compute_class_flags(&self, cls: ObjId) -> u8 {
        let epoch = self.heap.class_epoch();
        let mut flags = 0;
        for &c in &self.class(cls).mro {
            let class = self.class(c);
            if class.dataclass.as_ref().is_some_and(|d| d.frozen) {
                flags |= ClassFlags::FROZEN;
            }
            if class
                .bases
                .iter()
                .any(|b| matches!(b, Value::Type(t) if *t != crate::object::Type::Object))
            {
                flags |= ClassFlags::BUILTIN_BASE;
            }
            for (k, (_, v)) in class.attrs.keyed_entries() {
                if matches!(k, HashKey::Str(s) if &**s == "__setattr__") {
                    flags |= ClassFlags::SETATTR;
                }
                if let Value::Ref(id) = v {
                    if let Obj::Property(_) = self.heap.get(*id) {
                        flags |= ClassFlags::PROPERTY;
                    }
                }
            }
        }
        self.class(cls).flags.set((epoch, flags));
        flags
    }

    /// Looks `name` up in the MRO of `cls` after `after` (for `super()`).
    pub(super) fn class_lookup_after(&self, cls: ObjId, after: ObjId, name: &str) -> Option<Value> {
        let mro = &self.class(cls).mro;
        let start = mro
            .iter()
            .position(|c| *c == after)
            .map(|i| i + 1)
            .unwrap_or(mro.len());
        for &c in &mro[start..] {
            if let Some(v) = self.class(c).attrs.get_str(name) {
                return Some(v);
            }
        }
        None
    }

    /// Is class `cls` (or a subclass of it) `base`?
    pub fn class_is_subclass(&self, cls: ObjId, base: ObjId) -> bool {
        self.class(cls).mro.contains(&base)
    }

    /// Creates a class from its name, bases and executed namespace.
    pub fn build_class(
        &mut self,
        name: String,
        qualname: String,
        bases: Vec<Value>,
        ns: Value,
    ) -> PyResult<Value> {
        self.build_class_with_meta(name, qualname, bases, ns, None)
    }

    /// [`Vm::build_class`] with the metaclass given as `metaclass=`, if
    /// any; else the metaclass of the first base that has one (`meta.rs`).
    pub fn build_class_with_meta(
        &mut self,
        name: String,
        qualname: String,
        bases: Vec<Value>,
        ns: Value,
        meta: Option<ObjId>,
    ) -> PyResult<Value> {
        let plain = |vm: &Self, b: &Value| match b {
            Value::Type(_) | Value::ExcType(_) => true,
            Value::Ref(id) => matches!(vm.heap.get(*id), Obj::Class(_)),
            _ => false,
        };
        let bases = if bases.iter().all(|b| plain(self, b)) {
            bases
        } else {
            if let Some(built) = crate::lib().build_special_class(self, &name, &bases, ns) {
                return built;
            }
            let mut entries = Vec::with_capacity(bases.len());
            for b in bases {
                entries.push(crate::lib().mro_entry(self, b).unwrap_or(b));
            }
            entries
        };
        let mut user_bases = Vec::new();
        let mut exc_base: Option<ExcType> = None;
        let meta = meta.or_else(|| bases.iter().find_map(|b| self.meta_of(*b)));
        for &b in &bases {
            match b {
                Value::Ref(id) if matches!(self.heap.get(id), Obj::Class(_)) => {
                    user_bases.push(id);
                    if let Some(e) = self.class(id).exc_base {
                        exc_base = Some(merge_exc(exc_base, e)?);
                    }
                }
                Value::ExcType(e) => exc_base = Some(merge_exc(exc_base, e)?),
                Value::Type(crate::object::Type::Object) => {}
                // a builtin mixed into a class with a metaclass (`meta.rs`)
                Value::Type(_) if meta.is_some() => {}
                Value::Type(t) => {
                    return Err(PyErr::new(
                        ExcType::NotImplementedError,
                        format!(
                            "subclassing the builtin type '{}' is not supported yet",
                            t.name()
                        ),
                    ))
                }
                // a native constructor acting as a class (`defaultdict`,
                // `datetime.date`, `Decimal`): refused as the builtin
                // types are, by name
                Value::Native(id) if crate::lib().class_repr(self, id).is_some() => {
                    let shown = crate::lib().class_repr(self, id).unwrap_or_default();
                    let name = shown
                        .strip_prefix("<class '")
                        .and_then(|s| s.strip_suffix("'>"))
                        .unwrap_or(&shown);
                    return Err(PyErr::new(
                        ExcType::NotImplementedError,
                        format!("subclassing the class '{name}' is not supported yet"),
                    ));
                }
                other => {
                    return Err(PyErr::type_error(format!(
                        "bases must be types, not {}",
                        self.class_name(other)
                    )))
                }
            }
        }
        let mut seen = Vec::new();
        for b in &user_bases {
            if seen.contains(b) {
                let n = self.class(*b).name.clone();
                return Err(PyErr::type_error(format!("duplicate base class {n}")));
            }
            seen.push(*b);
        }
        let attrs = match ns {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Dict(d) => (**d).clone(),
                _ => Dict::new(),
            },
            _ => Dict::new(),
        };
        let mut class = Class::new(name, qualname, bases, attrs);
        class.exc_base = exc_base;
        class.meta = meta;
        let id = self.heap.alloc(Obj::Class(Box::new(class)));
        let base_mros: Vec<Vec<ObjId>> = user_bases
            .iter()
            .map(|b| self.class(*b).mro.clone())
            .collect();
        let mro = Class::c3(id, base_mros, &user_bases).map_err(PyErr::type_error)?;
        if let Obj::Class(c) = self.heap.get_mut(id) {
            c.mro = mro;
        }
        if meta.is_some() {
            self.meta_init(id, ns)?;
        }
        Ok(Value::Ref(id))
    }

    /// Calls class `cls`: creates the instance and starts `__init__`. The
    /// class value is on the stack at `fpos`, followed by the arguments.
    pub fn instantiate(
        &mut self,
        cls: ObjId,
        args: Vec<Value>,
        kwargs: Vec<(String, Value)>,
        boundary: bool,
    ) -> PyResult<Instantiated> {
        if self.class(cls).meta.is_some() {
            let v = Value::Ref(cls);
            if let Some(call) = self.meta_method(v, "__call__") {
                let mut all = Vec::with_capacity(args.len() + 1);
                all.push(v);
                all.extend(args);
                return Ok(Instantiated::Done(self.call_value(call, all, kwargs)?));
            }
            self.check_abstract(cls)?;
        }
        let inst = match self.class(cls).exc_base {
            Some(kind) if kind.is_group() => {
                self.new_exception_group(kind, Some(cls), args.clone())?
            }
            Some(kind) => {
                let mut e = Exception::new(kind, args.clone());
                e.class = Some(cls);
                self.heap.new_value(Obj::Exception(Box::new(e)))
            }
            None => self.heap.new_value(Obj::Instance(Instance {
                class: cls,
                attrs: Default::default(),
            })),
        };
        let init = self.class_init(cls);
        match init {
            Some(init @ Value::Ref(fid)) if matches!(self.heap.get(fid), Obj::Function(_)) => {
                let mut all = Vec::with_capacity(args.len() + 1);
                all.push(inst);
                all.extend(args);
                self.stack.push(init);
                if !self.enter_function(fid, all, kwargs, boundary)? {
                    // a generator or coroutine function: its object came back
                    let made = self.stack.last().copied().unwrap_or(Value::None);
                    return Err(PyErr::type_error(format!(
                        "__init__() should return None, not '{}'",
                        self.class_name(made)
                    )));
                }
                let frame = self.frames.last_mut().expect("just pushed");
                frame.on_return = OnReturn::Init(inst);
                Ok(Instantiated::Pushed)
            }
            Some(other) => {
                // a class or builtin as __init__ re-enters here without a
                // frame: count it as native nesting so a cycle
                // (`A.__init__ = A`) ends in RecursionError
                if self.native_depth >= super::MAX_NATIVE_DEPTH {
                    return Err(PyErr::new(
                        ExcType::RecursionError,
                        "maximum recursion depth exceeded",
                    ));
                }
                self.native_depth += 1;
                let r = if self.binds_instance(other) {
                    let mut all = vec![inst];
                    all.extend(args);
                    self.call_value(other, all, kwargs)
                } else {
                    self.call_value(other, args, kwargs)
                };
                self.native_depth -= 1;
                let r = r?;
                if !r.is_none() {
                    return Err(PyErr::type_error(format!(
                        "__init__() should return None, not '{}'",
                        self.class_name(r)
                    )));
                }
                Ok(Instantiated::Done(inst))
            }
            None => {
                if self.class(cls).exc_base.is_none() && (!args.is_empty() || !kwargs.is_empty()) {
                    let n = self.class(cls).name.clone();
                    return Err(PyErr::type_error(format!("{n}() takes no arguments")));
                }
                Ok(Instantiated::Done(inst))
            }
        }
    }

    /// Attribute lookup on an instance (or user exception).
    pub fn instance_get_attr(
        &mut self,
        obj: Value,
        cls: ObjId,
        name: &str,
    ) -> PyResult<Option<Value>> {
        if self.class_flags(cls) & ClassFlags::PROPERTY == 0 {
            // no property can shadow the instance dict: look there first
            if let Value::Ref(id) = obj {
                let own = match self.heap.get(id) {
                    Obj::Instance(i) => i.attrs.get_str(name),
                    Obj::Exception(e) => e.attrs.get_str(name),
                    _ => None,
                };
                if own.is_some() {
                    return Ok(own);
                }
            }
        }
        let class_attr = self.class_lookup(cls, name);
        if let Some(Value::Ref(pid)) = class_attr {
            if let Obj::Property(p) = self.heap.get(pid) {
                let fget = p.fget;
                if fget.is_none() {
                    return Err(PyErr::new(
                        ExcType::AttributeError,
                        format!(
                            "property '{name}' of '{}' object has no getter",
                            self.class(cls).name
                        ),
                    ));
                }
                return self.call_value(fget, vec![obj], Vec::new()).map(Some);
            }
        }
        let own = match obj {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Instance(i) => i.attrs.get_str(name),
                Obj::Exception(e) => e.attrs.get_str(name),
                _ => None,
            },
            _ => None,
        };
        if let Some(v) = own {
            return Ok(Some(v));
        }
        if name == "__class__" {
            return Ok(Some(Value::Ref(cls)));
        }
        if name == "__dict__" {
            if let Value::Ref(id) = obj {
                if let Obj::Instance(_) = self.heap.get(id) {
                    return Ok(Some(self.attrs_dict_value(obj)));
                }
            }
        }
        Ok(class_attr.map(|v| self.bind_attr(v, obj, cls)))
    }

    /// What a class attribute becomes when looked up through an instance.
    fn bind_attr(&mut self, v: Value, obj: Value, cls: ObjId) -> Value {
        if let Value::Ref(id) = v {
            if crate::lib().bound_native_binds(self, id) {
                return self.heap.new_value(Obj::BoundMethod { func: v, recv: obj });
            }
            match self.heap.get(id) {
                Obj::Function(_) => {
                    return self.heap.new_value(Obj::BoundMethod { func: v, recv: obj })
                }
                Obj::StaticMethod(f) => return *f,
                Obj::ClassMethod(f) => {
                    let f = *f;
                    return self.heap.new_value(Obj::BoundMethod {
                        func: f,
                        recv: Value::Ref(cls),
                    });
                }
                _ => {}
            }
        }
        v
    }

    /// Attribute lookup on a class object (`Cls.attr`).
    #[inline(never)]
    pub fn class_get_attr(&mut self, cls: ObjId, name: &str) -> PyResult<Option<Value>> {
        match name {
            "__name__" => {
                let n = self.class(cls).name.clone();
                return Ok(Some(self.new_str(n)));
            }
            "__qualname__" => {
                let n = self.class(cls).qualname.clone();
                return Ok(Some(self.new_str(n)));
            }
            "__mro__" => {
                let mut items: Vec<Value> = if self.class(cls).exc_base.is_some() {
                    self.exc_class_full_mro(cls)
                } else {
                    self.class(cls).mro.iter().map(|c| Value::Ref(*c)).collect()
                };
                items.push(Value::Type(crate::object::Type::Object));
                return Ok(Some(self.new_tuple(items)));
            }
            "__bases__" => {
                let mut b = self.class(cls).bases.clone();
                if b.is_empty() {
                    b.push(Value::Type(crate::object::Type::Object));
                }
                return Ok(Some(self.new_tuple(b)));
            }
            "__dict__" => {
                let d = self.class(cls).attrs.clone();
                return Ok(Some(self.heap.new_value(Obj::Dict(Box::new(d)))));
            }
            "__class__" => return Ok(Some(self.type_value(Value::Ref(cls)))),
            _ => {}
        }
        let Some(v) = self.class_lookup(cls, name) else {
            return Ok(None);
        };
        if let Value::Ref(id) = v {
            match self.heap.get(id) {
                Obj::StaticMethod(f) => return Ok(Some(*f)),
                Obj::ClassMethod(f) => {
                    let f = *f;
                    return Ok(Some(self.heap.new_value(Obj::BoundMethod {
                        func: f,
                        recv: Value::Ref(cls),
                    })));
                }
                _ => {}
            }
        }
        Ok(Some(v))
    }

    /// The builtin class at the end of a user class's MRO.
    pub fn class_root(&self, cls: ObjId) -> Value {
        match self.class(cls).exc_base {
            Some(e) => Value::ExcType(e),
            None => Value::Type(crate::object::Type::Object),
        }
    }

    /// Looks a special method up on the class of `obj` and calls it.
    /// `None` if the class does not define it.
    pub fn call_dunder(
        &mut self,
        obj: Value,
        name: &str,
        args: Vec<Value>,
    ) -> PyResult<Option<Value>> {
        let Some(cls) = self.user_class_of(obj) else {
            return Ok(None);
        };
        let Some(f) = self.class_lookup(cls, name) else {
            return Ok(None);
        };
        let f = match f {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::StaticMethod(g) => {
                    let g = *g;
                    return self.call_value(g, args, Vec::new()).map(Some);
                }
                Obj::ClassMethod(g) => {
                    let g = *g;
                    let mut all = vec![Value::Ref(cls)];
                    all.extend(args);
                    return self.call_value(g, all, Vec::new()).map(Some);
                }
                _ => f,
            },
            _ => f,
        };
        if !self.binds_instance(f) {
            return self.call_value(f, args, Vec::new()).map(Some);
        }
        let mut all = Vec::with_capacity(args.len() + 1);
        all.push(obj);
        all.extend(args);
        self.call_value(f, all, Vec::new()).map(Some)
    }

    /// Whether class attribute `f` receives the instance when called as a
    /// special method: a bound method, a builtin type or function, a class
    /// or a callable instance stored on the class is called with the
    /// arguments as they are; functions (and this crate's native methods)
    /// bind the instance.
    pub fn binds_instance(&self, f: Value) -> bool {
        match f {
            Value::Type(_) | Value::ExcType(_) | Value::Builtin(_) => false,
            Value::Ref(id) => !matches!(
                self.heap.get(id),
                Obj::BoundMethod { .. } | Obj::Class(_) | Obj::Instance(_)
            ),
            _ => true,
        }
    }

    /// `super()` with no arguments, in the frame that called it.
    pub fn zero_arg_super(&mut self) -> PyResult<Value> {
        let (class, obj) = self.zero_arg_super_parts()?;
        Ok(self.heap.new_value(Obj::Super { class, obj }))
    }

    /// The class and object of `super()` in the current frame: its
    /// `__class__` cell's class and its first argument.
    ///
    /// # Errors
    /// `RuntimeError` where the frame has neither.
    pub(super) fn zero_arg_super_parts(&self) -> PyResult<(ObjId, Value)> {
        let frame = self.frames.last().expect("a frame");
        let code = &self.program.codes[frame.code as usize];
        let no_class = || PyErr::new(ExcType::RuntimeError, "super(): __class__ cell not found");
        // (in CPython's order)
        if code.params.names.is_empty() {
            return Err(PyErr::new(ExcType::RuntimeError, "super(): no arguments"));
        }
        let Some(slot) = code.freevars.iter().position(|f| f == "__class__") else {
            return Err(no_class());
        };
        let slot = code.params.names.len() + slot;
        let cell = self.stack[frame.base as usize + slot];
        let obj = self.stack[frame.base as usize];
        let cls = match cell {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Cell(Value::Ref(c)) => *c,
                // (CPython 3.13 reads the cell as a free variable)
                Obj::Cell(Value::Undef) => {
                    return Err(PyErr::new(
                        ExcType::NameError,
                        "cannot access free variable '__class__' where it is not associated with a value in enclosing scope",
                    ))
                }
                _ => return Err(no_class()),
            },
            _ => return Err(no_class()),
        };
        // the first argument may itself be a cell if it is captured
        let obj = match obj {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Cell(v) => *v,
                _ => obj,
            },
            _ => obj,
        };
        Ok((cls, obj))
    }

    /// Attribute lookup through a `super()` object.
    #[inline(never)]
    pub fn super_get_attr(&mut self, class: ObjId, obj: Value, name: &str) -> PyResult<Value> {
        let start = match obj {
            Value::Ref(id) if matches!(self.heap.get(id), Obj::Class(_)) => id,
            _ => self.user_class_of(obj).unwrap_or(class),
        };
        if let Some(v) = self.class_lookup_after(start, class, name) {
            if let Value::Ref(id) = v {
                if let Obj::Property(p) = self.heap.get(id) {
                    let fget = p.fget;
                    return self.call_value(fget, vec![obj], Vec::new());
                }
            }
            let is_class =
                matches!(obj, Value::Ref(id) if matches!(self.heap.get(id), Obj::Class(_)));
            if is_class {
                if let Value::Ref(id) = v {
                    if let Obj::ClassMethod(f) = self.heap.get(id) {
                        let f = *f;
                        return Ok(self.heap.new_value(Obj::BoundMethod { func: f, recv: obj }));
                    }
                }
                return Ok(v);
            }
            return Ok(self.bind_attr(v, obj, start));
        }
        // Past the user classes: the builtin root (object or an exception).
        if name == "__init__" {
            let root = self.class_root(start);
            return Ok(self.heap.new_value(Obj::BoundMethod {
                func: root_init(root),
                recv: obj,
            }));
        }
        if let Some(v) = self.builtin_root_method(obj, name) {
            return Ok(v);
        }
        Err(PyErr::new(
            ExcType::AttributeError,
            format!("'super' object has no attribute '{name}'"),
        ))
    }

    fn builtin_root_method(&mut self, obj: Value, name: &str) -> Option<Value> {
        let b = match name {
            "__str__" => crate::builtins::Builtin::Str_,
            "__repr__" => crate::builtins::Builtin::Repr,
            "__setattr__" => crate::builtins::Builtin::ObjectSetattr,
            "__eq__" => crate::builtins::Builtin::ObjectEq,
            "__hash__" => crate::builtins::Builtin::Hash,
            _ => return None,
        };
        Some(self.heap.new_value(Obj::BoundMethod {
            func: Value::Builtin(b),
            recv: obj,
        }))
    }
}

/// `object.__init__` / `BaseException.__init__` as a callable.
fn root_init(root: Value) -> Value {
    match root {
        Value::ExcType(_) => Value::Builtin(crate::builtins::Builtin::ExceptionInit),
        _ => Value::Builtin(crate::builtins::Builtin::ObjectInit),
    }
}
