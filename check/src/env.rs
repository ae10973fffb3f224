//! [`Environment`]: what the checker knows of the runtime, filled in by the
//! guest from the VM and the library (this crate depends on neither).

use std::collections::{HashMap, HashSet};

/// The runtime's names.
#[derive(Debug, Clone, Default)]
pub struct Environment {
    /// Builtin functions, types and exceptions (`print`, `dict`, `KeyError`).
    pub builtins: HashSet<String>,
    /// Importable module names (`json`, `os.path`, `collections.abc`);
    /// a module whose top-level package is absent cannot be imported.
    pub modules: HashSet<String>,
    /// Attribute names of the instances of builtin types, keyed by the type's
    /// name (`"str"`, `"list"`, `"dict"`, `"int"`, ...). A type absent here is
    /// not checked.
    pub type_attrs: HashMap<String, Vec<String>>,
    /// Attribute names of importable modules, by full name (`"json"`,
    /// `"urllib.parse"`); a module absent here is not checked. The guest
    /// fills it for the modules a program imports
    /// ([`crate::imported_modules`]).
    pub module_attrs: HashMap<String, Vec<String>>,
}

impl Environment {
    /// Whether `name` is importable (`import a.b` needs `a.b` or, when the
    /// list does not name submodules, at least `a`).
    pub fn has_module(&self, name: &str) -> bool {
        if self.modules.contains(name) {
            return true;
        }
        let top = name.split('.').next().unwrap_or(name);
        self.modules.contains(top)
    }

    /// The attributes of builtin type `ty`, if known.
    pub fn attrs_of(&self, ty: &str) -> Option<&[String]> {
        self.type_attrs.get(ty).map(Vec::as_slice)
    }
}
