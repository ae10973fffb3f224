//! `urllib`: the package, whose one submodule is `urllib.parse`
//! ([`super::urllib_parse`]); the network modules (`urllib.request`,
//! `urllib.error`, ...) do not exist in the sandbox. As with `os.path`,
//! `import urllib` makes `urllib.parse` reachable as an attribute.

use super::ModuleDef;
use crate::object::Value;
use crate::vm::Vm;
use crate::ImportVm;

fn init(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    if let Ok(parse) = vm.import_module("urllib.parse") {
        attrs.push(("parse".into(), parse));
    }
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "urllib",
    funcs: &[],
    init,
};
