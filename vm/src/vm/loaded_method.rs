//! `obj.name(args)` looked up before its arguments run: `LoadMethod` and
//! `CallLoaded` (the compiler's choice when an argument may have effects,
//! `compile/src/expr.rs`).
//!
//! CPython evaluates `obj.name` first, then the arguments, then calls:
//! `obj.typo(await fetch())` raises `AttributeError` without fetching.
//! `CallMethod` looks the method up after the arguments (which spares it
//! a bound method and a stack slot); that order is only visible through
//! what the arguments do, so calls whose arguments are constants and names
//! keep it. Here the lookup leaves two stack values, and as for
//! `CallMethod` no bound method is made for the common receivers:
//!
//! | pushed            | when                                                          | the call                          |
//! |-------------------|---------------------------------------------------------------|-----------------------------------|
//! | `[function, obj]` | a plain Python function of an instance's class (or after a `super()` object's class in its instance's MRO: `obj` is then the instance) | the function with `obj` as `self` |
//! | `[Undef, obj]`    | a builtin method of a builtin or native object (`has_method`)  | the method by name, as `CallMethod` does |
//! | `[None, value]`   | anything else (`getattr`, which may run a property)            | `value(args)`                     |
//!
//! The lookup of the first two kinds cannot fail or run code, so doing
//! it again at the call (the builtin one) changes nothing; the third runs
//! `getattr` once, here. The markers never reach Python code: the
//! verifier gives `LoadMethod` two values and `CallLoaded` their
//! consumption, and only `CallLoaded` reads them.

use monty_compile::bytecode::Program;

use crate::builtins::methods;
use crate::object::{Obj, Value};

use super::method_cache::BuiltinTable;
use super::quick_builtin::QuickMethod;
use super::{PyResult, Vm};

impl Vm {
    /// `LoadMethod(name)`: pops the receiver and pushes the two values of
    /// the module documentation.
    ///
    /// # Errors
    /// `AttributeError` and whatever a property or `__getattr__` raises.
    #[inline(never)]
    pub(super) fn load_method(&mut self, name: u32, prog: &Program) -> PyResult<()> {
        let obj = self.pop();
        if self.quick_load_method(obj, name) {
            return Ok(());
        }
        let instance_like = match obj {
            Value::Ref(id) => matches!(self.heap.get(id), Obj::Instance(_) | Obj::Super { .. }),
            _ => false,
        };
        if !instance_like && methods::has_method(self, obj, &prog.names[name as usize]) {
            self.stack.push(Value::Undef);
            self.stack.push(obj);
            return Ok(());
        }
        let value = self.load_attr_in_place(obj, &prog.names[name as usize])?;
        self.stack.push(Value::None);
        self.stack.push(value);
        Ok(())
    }

    /// `LoadMethod`'s quick way (and `LoadFastMethod`'s, for its local):
    /// where `obj` is a list, str or dict with a builtin method by `name`,
    /// or an instance or `super()` object whose `name` is a plain Python
    /// function, pushes the two values and says so; false, nothing done,
    /// otherwise.
    #[inline(never)]
    pub(super) fn quick_load_method(&mut self, obj: Value, name: u32) -> bool {
        let Value::Ref(id) = obj else { return false };
        let table = match self.heap.get(id) {
            Obj::Instance(_) | Obj::Super { .. } => None,
            Obj::List(_) => Some(BuiltinTable::List),
            Obj::Str(_) => Some(BuiltinTable::Str),
            Obj::Dict(_) => Some(BuiltinTable::Dict),
            _ => return false,
        };
        let (marker, receiver) = match table {
            None => match self.plain_method_of(id, name) {
                Some(found) => found,
                None => return false,
            },
            Some(table) if self.builtin_has(name, table) => (Value::Undef, obj),
            Some(_) => return false,
        };
        self.stack.push(marker);
        self.stack.push(receiver);
        true
    }

    /// For an instance or `super()` object `id`: the plain Python function
    /// `obj.name` calls and the object it gets as `self` (the instance;
    /// a super object's instance): the class's function by that name
    /// where the instance has no attribute of its own by it.
    pub(super) fn plain_method_of(
        &mut self,
        id: crate::object::ObjId,
        name: u32,
    ) -> Option<(Value, Value)> {
        let (found, receiver) = match self.heap.get(id) {
            Obj::Instance(inst) => {
                if inst
                    .attrs
                    .get_str(self.name_texts.get(name as usize)?)
                    .is_some()
                {
                    return None;
                }
                let class = inst.class;
                (self.class_lookup_name(class, name)?, Value::Ref(id))
            }
            &Obj::Super {
                class,
                obj: receiver @ Value::Ref(inst),
            } => {
                let Obj::Instance(i) = self.heap.get(inst) else {
                    return None;
                };
                let start = i.class;
                (self.class_lookup_after_name(start, class, name)?, receiver)
            }
            _ => return None,
        };
        match found {
            Value::Ref(fid) if matches!(self.heap.get(fid), Obj::Function(_)) => {
                Some((found, receiver))
            }
            _ => None,
        }
    }

    /// `LoadSuperMethod(s, name)`'s quick way: where program name `s` is
    /// the builtin `super`, the frame's `super()` an instance's, and the
    /// function by `name` after the frame's class in the instance's MRO
    /// a plain Python function, pushes `[function, instance]` and says
    /// so; false, nothing done, otherwise.
    #[inline(never)]
    pub(super) fn load_super_method(&mut self, s: u32, name: u32) -> bool {
        if !matches!(
            self.builtin_by_index(s, false),
            Ok(Value::Builtin(crate::builtins::builtin::Builtin::Super))
        ) {
            return false;
        }
        let Ok((class, obj @ Value::Ref(inst))) = self.zero_arg_super_parts() else {
            return false;
        };
        let Obj::Instance(i) = self.heap.get(inst) else {
            return false;
        };
        let start = i.class;
        match self.class_lookup_after_name(start, class, name) {
            Some(f @ Value::Ref(fid)) if matches!(self.heap.get(fid), Obj::Function(_)) => {
                self.stack.push(f);
                self.stack.push(obj);
                true
            }
            _ => false,
        }
    }

    /// `CallLoaded(name, argc)`: the call of what `LoadMethod` pushed,
    /// under the `argc` arguments; the result replaces them all. (A
    /// builtin method's call, `[Undef, obj]`, was offered to
    /// `quick_method` first.) `Entered`
    /// for a plain frame pushed inline, `No` for any other frame pushed,
    /// `Done` when the result is on the stack (or a host call pending).
    ///
    /// # Errors
    /// Whatever the call raises.
    #[inline(never)]
    pub(super) fn call_loaded(
        &mut self,
        name: u32,
        argc: usize,
        prog: &Program,
    ) -> PyResult<QuickMethod> {
        let at = self.stack.len() - argc - 2;
        let pushed = match self.stack[at] {
            // (the loop tried `quick_method` first)
            Value::Undef => self.call_method(&prog.names[name as usize], name, argc, at)?,
            Value::None => self.call_to(at, argc, None)?,
            _ => {
                if let Some(call) = self.plain_callee(argc + 1, prog) {
                    self.enter_plain(&prog.codes[call.code as usize], call);
                    return Ok(QuickMethod::Entered);
                }
                self.call(argc + 1, None)?
            }
        };
        Ok(if pushed {
            QuickMethod::No
        } else {
            QuickMethod::Done
        })
    }
}
