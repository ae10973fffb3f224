//! `string`: the character-class constants (`ascii_letters`, `digits`,
//! `punctuation`, ...), `capwords`, and `Template` (in
//! [`super::string_template`], whose methods are hidden natives of this
//! table).

use super::string_template as template;
use super::{ModuleDef, NativeId};
use crate::builtins::methods::call_method;
use crate::object::Value;
use crate::vm::{PyResult, Vm};

const LOWER: &str = "abcdefghijklmnopqrstuvwxyz";
const UPPER: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const DIGITS: &str = "0123456789";
const PUNCTUATION: &str = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
const WHITESPACE: &str = " \t\n\r\x0b\x0c";

native! {
    /// `string.capwords(s, sep=None)`: `(sep or ' ').join(map(str.capitalize,
    /// s.split(sep)))`, evaluated in that order.
    def fn capwords(vm, s, sep?) {
        capwords_of(vm, s, sep.unwrap_or(Value::None))
    }
}

fn capwords_of(vm: &mut Vm, s: Value, sep: Value) -> PyResult<Value> {
    let joiner = if vm.truthy(sep)? {
        sep
    } else {
        vm.new_str(" ")
    };
    let mark = vm.stack.len();
    vm.stack.extend([s, sep, joiner]);
    let r = capwords_with(vm, s, sep, joiner);
    vm.release_to(mark);
    r
}

fn capwords_with(vm: &mut Vm, s: Value, sep: Value, joiner: Value) -> PyResult<Value> {
    let join = vm.get_attr(joiner, "join")?;
    vm.stack.push(join);
    let split = vm.get_attr(s, "split")?;
    let words = vm.call_value(split, vec![sep], Vec::new())?;
    vm.stack.push(words);
    let words = vm.collect_iterable(words)?;
    let mut parts = Vec::with_capacity(words.len());
    for w in words {
        let c = call_method(vm, w, "capitalize", Vec::new(), Vec::new())?;
        vm.stack.push(c);
        parts.push(c);
    }
    let list = vm.new_list(parts);
    vm.call_value(join, vec![list], Vec::new())
}

fn init(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    let letters = format!("{LOWER}{UPPER}");
    let printable = format!("{DIGITS}{letters}{PUNCTUATION}{WHITESPACE}");
    for (name, text) in [
        ("ascii_letters", letters.as_str()),
        ("ascii_lowercase", LOWER),
        ("ascii_uppercase", UPPER),
        ("digits", DIGITS),
        ("hexdigits", "0123456789abcdefABCDEF"),
        ("octdigits", "01234567"),
        ("punctuation", PUNCTUATION),
        ("printable", printable.as_str()),
        ("whitespace", WHITESPACE),
    ] {
        let v = vm.new_str(text);
        attrs.push((name.to_string(), v));
    }
    let index = |name: &str| {
        MODULE
            .funcs
            .iter()
            .position(|f| f.name == name)
            .expect("a function of string") as u16
    };
    if let Ok(cls) = template::make_class(vm, index) {
        attrs.push(("Template".into(), cls));
    }
}

/// Whether `f` is one of `Template`'s methods, which bind the instance
/// they are looked up through.
pub(crate) fn binds_as_method(f: NativeId) -> bool {
    f.module == crate::module_index("string")
        && MODULE
            .funcs
            .get(f.func as usize)
            .is_some_and(|d| template::METHODS.iter().any(|(_, n)| *n == d.name))
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "string",
    funcs: natives_table![
        capwords,
        _template_init = template::template_init,
        _template_substitute = template::template_substitute,
        _template_safe_substitute = template::template_safe_substitute,
        _template_is_valid = template::template_is_valid,
        _template_get_identifiers = template::template_get_identifiers,
    ],
    init,
};
