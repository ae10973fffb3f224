//! What type a value is, as programs and messages name it: `type(v)`
//! (`type_of`, `type_value`) and the names error messages use
//! (`type_name`, `class_name`: a user class's own name, `ellipsis`, ...).

use crate::object::{Obj, Type, Value};

use super::Vm;

impl Vm {
    /// The builtin type's name of `v` (`"int"`, `"list"`; `"object"`
    /// for an instance: [`Vm::class_name`] names its class).
    pub fn type_name(&self, v: Value) -> &'static str {
        self.type_of(v).name()
    }

    /// The builtin type of `v` (`Type::Object` for instances of user
    /// classes and the other objects without a builtin type of their own).
    pub fn type_of(&self, v: Value) -> Type {
        match v {
            Value::Undef | Value::None => Type::NoneType,
            Value::Bool(_) => Type::Bool,
            Value::Int(_) => Type::Int,
            Value::Float(_) => Type::Float,
            Value::Builtin(crate::builtins::Builtin::Ellipsis) => Type::Ellipsis,
            Value::Builtin(crate::builtins::Builtin::NotImplemented) => Type::NotImplementedType,
            Value::Builtin(_) | Value::Native(_) => Type::BuiltinFunction,
            Value::Type(_) | Value::ExcType(_) => Type::Type,
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Str(_) => Type::Str,
                Obj::Bytes(_) => Type::Bytes,
                Obj::ByteArray(_) => Type::ByteArray,
                Obj::BigInt(_) => Type::Int,
                Obj::List(_) => Type::List,
                Obj::Tuple(_) => Type::Tuple,
                Obj::Dict(_) => Type::Dict,
                Obj::Set(_) => Type::Set,
                Obj::FrozenSet(_) => Type::FrozenSet,
                Obj::Function(_) => Type::Function,
                Obj::Cell(_) => Type::Cell,
                Obj::Exception(_) => Type::Object,
                Obj::Range(_) => Type::Range,
                Obj::Slice(_) => Type::Slice,
                Obj::Iter(it) => it.type_of(it.walked().map(|s| self.heap.get(s))),
                Obj::DictView(_, k) => match k {
                    crate::object::ViewKind::Keys => Type::DictKeys,
                    crate::object::ViewKind::Values => Type::DictValues,
                    crate::object::ViewKind::Items => Type::DictItems,
                },
                Obj::BuiltinMethod(..) => Type::BuiltinFunction,
                Obj::External(_) => Type::ExternalFunction,
                Obj::Module(_) => Type::Module,
                Obj::BoundNative { .. } if crate::lib().bound_native_is_function(self, id) => {
                    Type::Function
                }
                Obj::BoundNative { .. } => Type::Object,
                Obj::Class(_) => Type::Type,
                Obj::Instance(_) => Type::Object,
                Obj::BoundMethod { .. } => Type::Method,
                Obj::Generator(g) if self.program.codes[g.code as usize].is_coroutine => {
                    if self.program.codes[g.code as usize].is_generator {
                        Type::AsyncGenerator
                    } else {
                        Type::Coroutine
                    }
                }
                Obj::Generator(_) => Type::Generator,
                Obj::Native(_) => Type::Object,
                Obj::Complex(_) => Type::Complex,
                Obj::StaticMethod(_)
                | Obj::ClassMethod(_)
                | Obj::Property(_)
                | Obj::Super { .. }
                | Obj::FieldSpec(_) => Type::Object,
            },
        }
    }

    /// `type(v)` as a value.
    pub fn type_value(&self, v: Value) -> Value {
        if let Some(t) = crate::lib().native_type_of(self, v) {
            return Value::Native(t);
        }
        if let Value::Native(n) = v {
            // a native constructor that is a class (`collections.deque`)
            if crate::lib().class_repr(self, n).is_some() {
                return Value::Type(Type::Type);
            }
        }
        match v {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Native(_) => match crate::lib().class_of(self, id) {
                    Some(t) => Value::Native(t),
                    None => Value::Type(Type::Object),
                },
                Obj::Exception(e) => match e.class {
                    Some(c) => Value::Ref(c),
                    None => Value::ExcType(e.kind),
                },
                Obj::Instance(i) => Value::Ref(i.class),
                // a class with a metaclass (`meta.rs`)
                Obj::Class(c) if c.meta.is_some() => Value::Ref(c.meta.expect("checked")),
                Obj::Dict(d) => match crate::lib().dict_kind_class(d.kind) {
                    Some(t) => Value::Native(t),
                    None => Value::Type(Type::Dict),
                },
                _ => Value::Type(self.type_of(v)),
            },
            _ => Value::Type(self.type_of(v)),
        }
    }

    /// The class name as `type(v).__name__` prints it.
    pub fn class_name(&self, v: Value) -> String {
        match v {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Exception(e) => match e.class {
                    Some(c) => self.class(c).name.clone(),
                    None => e.kind.name().to_string(),
                },
                Obj::Instance(i) => self.class(i.class).name.clone(),
                Obj::Native(n) => n.type_name().to_string(),
                Obj::Dict(d) => crate::lib().dict_kind_name(d.kind).to_string(),
                Obj::StaticMethod(_) => "staticmethod".to_string(),
                Obj::ClassMethod(_) => "classmethod".to_string(),
                Obj::Property(_) => "property".to_string(),
                Obj::Super { .. } => "super".to_string(),
                Obj::FieldSpec(_) => "Field".to_string(),
                Obj::Iter(crate::object::Iter::Native(n)) => n.type_name().to_string(),
                Obj::BoundNative { .. } if crate::lib().bound_native_is_function(self, id) => {
                    "function".to_string()
                }
                Obj::BoundNative { name, .. } => {
                    name.rsplit('.').next().unwrap_or(name).to_string()
                }
                _ => self.type_name(v).to_string(),
            },
            Value::Builtin(crate::builtins::Builtin::Ellipsis) => "ellipsis".to_string(),
            Value::Builtin(crate::builtins::Builtin::NotImplemented) => {
                "NotImplementedType".to_string()
            }
            _ => self.type_name(v).to_string(),
        }
    }
}
