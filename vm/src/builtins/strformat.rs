//! `str.format` and `str.format_map`: replacement fields with positional,
//! automatic and named arguments, attribute and index lookups
//! (`{0.attr[key]}`), conversions (`!r !s !a`) and nested format specs
//! (`{x:{w}.{p}f}`), parsed lazily field by field with CPython's errors.

use crate::object::{ExcType, Value};
use crate::vm::Kwargs;
use crate::vm::{PyErr, PyResult, Vm};

use super::format::{format_value, parse_count};

/// Where named fields come from.
pub enum Named<'a> {
    /// `str.format(**kwargs)`.
    Kwargs(&'a Kwargs),
    /// `str.format_map(mapping)`: looked up with `mapping[key]`.
    Mapping(Value),
}

/// Automatic (`{}`) versus manual (`{0}`) numbering: they cannot be mixed.
#[derive(PartialEq)]
enum Numbering {
    Unknown,
    Auto,
    Manual,
}

struct Ctx<'a> {
    /// Positional arguments; `None` for `format_map`.
    args: Option<&'a [Value]>,
    named: Named<'a>,
    numbering: Numbering,
    next_auto: usize,
}

/// `template.format(*args, **kwargs)` / `template.format_map(mapping)`.
///
/// # Errors
/// CPython's `ValueError`s for malformed templates, `IndexError`/`KeyError`
/// for missing arguments, and whatever lookups and formatting raise.
pub fn format_str(
    vm: &mut Vm,
    template: &str,
    args: Option<&[Value]>,
    named: Named,
) -> PyResult<String> {
    let chars: Vec<char> = template.chars().collect();
    // the arguments (taken off the VM stack by the call) and the values
    // looked up stay reachable while `__format__` & co. run Python code
    let mark = vm.stack.len();
    vm.stack.extend(args.unwrap_or(&[]));
    match &named {
        Named::Kwargs(kw) => vm.stack.extend(kw.iter().map(|(_, v)| *v)),
        Named::Mapping(m) => vm.stack.push(*m),
    }
    let mut ctx = Ctx {
        args,
        named,
        numbering: Numbering::Unknown,
        next_auto: 0,
    };
    let r = render(vm, &mut ctx, &chars, 2);
    vm.release_to(mark);
    r
}

fn render(vm: &mut Vm, ctx: &mut Ctx, s: &[char], depth: u32) -> PyResult<String> {
    if depth == 0 {
        return Err(PyErr::value_error("Max string recursion exceeded"));
    }
    let mut out = String::with_capacity(s.len());
    let n = s.len();
    let mut i = 0;
    while i < n {
        match s[i] {
            '{' if s.get(i + 1) == Some(&'{') => {
                out.push('{');
                i += 2;
            }
            '{' if i + 1 == n => {
                return Err(PyErr::value_error(
                    "Single '{' encountered in format string",
                ))
            }
            '{' => {
                i += 1;
                let field = parse_field(s, &mut i)?;
                let text = render_field(vm, ctx, s, &field, depth)?;
                out.push_str(&text);
                vm.check_alloc(out.len() as u128)?;
            }
            '}' if s.get(i + 1) == Some(&'}') => {
                out.push('}');
                i += 2;
            }
            '}' => {
                return Err(PyErr::value_error(
                    "Single '}' encountered in format string",
                ))
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    Ok(out)
}

/// One replacement field, as ranges into the template.
struct Field {
    name: (usize, usize),
    conversion: Option<char>,
    spec: (usize, usize),
    spec_has_fields: bool,
}

/// Parses the field starting at `s[*i]` (just after its `{`), leaving `*i`
/// after its closing `}`.
fn parse_field(s: &[char], i: &mut usize) -> PyResult<Field> {
    let n = s.len();
    let start = *i;
    let mut end_char = None;
    while *i < n {
        let c = s[*i];
        *i += 1;
        match c {
            '{' => return Err(PyErr::value_error("unexpected '{' in field name")),
            '[' => {
                while *i < n && s[*i] != ']' {
                    *i += 1;
                }
            }
            '}' | ':' | '!' => {
                end_char = Some(c);
                break;
            }
            _ => {}
        }
    }
    let Some(c) = end_char else {
        return Err(PyErr::value_error("expected '}' before end of string"));
    };
    let mut field = Field {
        name: (start, *i - 1),
        conversion: None,
        spec: (*i, *i),
        spec_has_fields: false,
    };
    if c == '}' {
        return Ok(field);
    }
    if c == '!' {
        let Some(&conv) = s.get(*i) else {
            return Err(PyErr::value_error(
                "end of string while looking for conversion specifier",
            ));
        };
        *i += 1;
        // NUL is CPython's "no conversion"
        field.conversion = (conv != '\0').then_some(conv);
        if let Some(&next) = s.get(*i) {
            *i += 1;
            if next == '}' {
                field.spec = (*i, *i);
                return Ok(field);
            }
            if next != ':' {
                return Err(PyErr::value_error(
                    "expected ':' after conversion specifier",
                ));
            }
        }
    }
    let spec_start = *i;
    let mut count = 1;
    while *i < n {
        let c = s[*i];
        *i += 1;
        match c {
            '{' => {
                field.spec_has_fields = true;
                count += 1;
            }
            '}' => {
                count -= 1;
                if count == 0 {
                    field.spec = (spec_start, *i - 1);
                    return Ok(field);
                }
            }
            _ => {}
        }
    }
    Err(PyErr::value_error("unmatched '{' in format spec"))
}

fn render_field(vm: &mut Vm, ctx: &mut Ctx, s: &[char], f: &Field, depth: u32) -> PyResult<String> {
    let obj = lookup(vm, ctx, &s[f.name.0..f.name.1])?;
    vm.stack.push(obj);
    let obj = match f.conversion {
        None => obj,
        Some('r') => {
            let r = vm.repr(obj)?;
            keep(vm, r)
        }
        Some('s') => {
            let r = vm.str_of(obj)?;
            keep(vm, r)
        }
        Some('a') => {
            let r = vm.repr(obj)?;
            keep(vm, crate::vm::repr::ascii_escape(&r))
        }
        Some(c) => {
            return Err(PyErr::value_error(if c > ' ' && c < '\u{7f}' {
                format!("Unknown conversion specifier {c}")
            } else {
                format!("Unknown conversion specifier \\x{:x}", c as u32)
            }))
        }
    };
    let spec_chars = &s[f.spec.0..f.spec.1];
    let spec = if f.spec_has_fields {
        render(vm, ctx, spec_chars, depth - 1)?
    } else {
        spec_chars.iter().collect()
    };
    format_value(vm, obj, &spec)
}

/// A new str kept on the VM stack until the format call returns.
fn keep(vm: &mut Vm, s: String) -> Value {
    let v = vm.new_str(s);
    vm.stack.push(v);
    v
}

/// A field name's index when it is all decimal digits.
fn as_index(name: &[char]) -> PyResult<Option<usize>> {
    let mut i = 0;
    let n = parse_count(name, &mut i)?;
    Ok(if i == name.len() { n } else { None })
}

/// Resolves a field name: the argument, then each `.attr` and `[key]`.
fn lookup(vm: &mut Vm, ctx: &mut Ctx, name: &[char]) -> PyResult<Value> {
    let first_len = name
        .iter()
        .position(|&c| c == '.' || c == '[')
        .unwrap_or(name.len());
    let first = &name[..first_len];
    let index = if first.is_empty() {
        if ctx.numbering == Numbering::Manual {
            return Err(PyErr::value_error(
                "cannot switch from manual field specification to automatic field numbering",
            ));
        }
        ctx.numbering = Numbering::Auto;
        ctx.next_auto += 1;
        Some(ctx.next_auto - 1)
    } else {
        let index = as_index(first)?;
        if index.is_some() {
            if ctx.numbering == Numbering::Auto {
                return Err(PyErr::value_error(
                    "cannot switch from automatic field numbering to manual field specification",
                ));
            }
            ctx.numbering = Numbering::Manual;
        }
        index
    };
    let mut obj = match index {
        Some(i) => match ctx.args {
            None => {
                return Err(PyErr::value_error(
                    "Format string contains positional fields",
                ))
            }
            Some(args) => *args.get(i).ok_or_else(|| {
                PyErr::new(
                    ExcType::IndexError,
                    format!("Replacement index {i} out of range for positional args tuple"),
                )
            })?,
        },
        None => {
            let key: String = first.iter().collect();
            match &ctx.named {
                Named::Kwargs(kw) => match kw.iter().find(|(k, _)| *k == key) {
                    Some((_, v)) => *v,
                    None => {
                        let k = vm.new_str(key);
                        return Err(PyErr::New(ExcType::KeyError, vec![k]));
                    }
                },
                Named::Mapping(m) => {
                    let m = *m;
                    let k = vm.new_str(key);
                    vm.get_item(m, k)?
                }
            }
        }
    };
    let mut i = first_len;
    while i < name.len() {
        let c = name[i];
        i += 1;
        match c {
            '.' => {
                let start = i;
                while i < name.len() && name[i] != '.' && name[i] != '[' {
                    i += 1;
                }
                if i == start {
                    return Err(PyErr::value_error("Empty attribute in format string"));
                }
                let attr: String = name[start..i].iter().collect();
                obj = vm.get_attr(obj, &attr)?;
                vm.stack.push(obj);
            }
            '[' => {
                let start = i;
                while i < name.len() && name[i] != ']' {
                    i += 1;
                }
                if i == name.len() {
                    return Err(PyErr::value_error("Missing ']' in format string"));
                }
                let key = &name[start..i];
                i += 1;
                if key.is_empty() {
                    return Err(PyErr::value_error("Empty attribute in format string"));
                }
                let k = match as_index(key)? {
                    Some(n) => Value::Int(n as i64),
                    None => vm.new_str(key.iter().collect::<String>()),
                };
                obj = vm.get_item(obj, k)?;
                vm.stack.push(obj);
            }
            _ => {
                return Err(PyErr::value_error(
                    "Only '.' or '[' may follow ']' in format field specifier",
                ))
            }
        }
    }
    Ok(obj)
}
