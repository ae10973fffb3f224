//! Hidden global slots: run-wide state that native code keeps as globals
//! of the program, so a snapshot carries it like any global with no
//! change to the format: the functions made from Python source
//! (`snippet_function`), the outcome waiting while files are closed at
//! exit, the working directory `os.chdir` sets. Their names are in angle
//! brackets (`<cwd>`), which no Python name can be, so no program reads
//! or writes them.

use crate::object::Value;

use super::Vm;

impl Vm {
    /// The value of the hidden global `name`, if it was set.
    pub fn hidden_global(&self, name: &str) -> Option<Value> {
        debug_assert!(name.starts_with('<'));
        let i = self.program.globals.iter().position(|n| n == name)?;
        match self.globals[i] {
            Value::Undef => None,
            v => Some(v),
        }
    }

    /// Sets the hidden global `name` (`Value::Undef` unsets it).
    pub fn set_hidden_global(&mut self, name: &str, v: Value) {
        debug_assert!(name.starts_with('<'));
        match self.program.globals.iter().position(|n| n == name) {
            Some(i) => self.globals[i] = v,
            None => {
                std::rc::Rc::make_mut(&mut self.program)
                    .globals
                    .push(name.to_string());
                self.globals.push(v);
            }
        }
    }
}
