//! Calls that native code makes into Python with the arguments in a slice
//! (`map(f, it)`, `filter(f, it)`, `sorted(key=f)`, `min`/`max(key=f)`):
//! a plain Python function taking exactly those positional arguments gets
//! its frame pushed straight from the slice, with no `Vec` of arguments
//! made and dropped per call (a malloc and a free for every item of a
//! `map`); anything else goes through [`Vm::call_value`].

use crate::object::{Obj, Value};

use super::{PyResult, Vm};

impl Vm {
    /// `f(*args)`, run to completion in a nested dispatch loop when `f` is
    /// a Python function (journaled like every call from native code, so
    /// a host call inside can pause the run).
    ///
    /// # Errors
    /// Whatever the call raises.
    pub fn call_args(&mut self, f: Value, args: &[Value]) -> PyResult<Value> {
        if let Value::Ref(id) = f {
            if let Obj::Function(func) = self.heap.get(id) {
                if self.program.codes[func.code as usize]
                    .params
                    .binds_exactly(args.len())
                {
                    return self.journaled_call(f, |vm| {
                        let fpos = vm.stack.len();
                        vm.stack.push(f);
                        vm.stack.extend_from_slice(args);
                        let Obj::Function(func) = vm.heap.get(id) else {
                            unreachable!("a function above")
                        };
                        let code = func.code;
                        vm.stack.extend_from_slice(&func.closure);
                        match vm.push_frame(code, fpos + 1, fpos, &[], true)? {
                            true => vm.run_nested(f),
                            false => Ok(vm.stack.pop().expect("the generator")),
                        }
                    });
                }
            }
        }
        self.call_value(f, args.to_vec(), Vec::new())
    }
}
