//! `pprint`: `pformat`, `pprint`, `pp` and `saferepr`, with CPython's
//! line breaking: an object whose repr does not fit in what is left of the
//! width is split, dicts (keys sorted unless `sort_dicts=False`), lists,
//! tuples and sets one item a line (`compact=True` packs items), strings
//! into adjacent literals at word boundaries. Other objects print as
//! their repr.

use super::ModuleDef;
use crate::object::{DictKind, ExcType, Obj, Value};
use crate::vm::{PyErr, PyResult, Vm};

/// The printer's settings.
struct Printer {
    width: usize,
    indent: usize,
    sort_dicts: bool,
    compact: bool,
}

enum Kind {
    Dict(Vec<(Value, Value)>),
    List(Vec<Value>),
    Tuple(Vec<Value>),
    /// A set or frozenset: its items and whether it is a frozenset.
    Set(Vec<Value>, bool),
    Str(String),
    Other,
}

fn kind_of(vm: &Vm, v: Value) -> Kind {
    let Value::Ref(id) = v else {
        return Kind::Other;
    };
    match vm.heap.get(id) {
        Obj::Dict(d) if matches!(d.kind, DictKind::Plain) => Kind::Dict(d.entries().collect()),
        Obj::List(items) => Kind::List(items.to_vec()),
        Obj::Tuple(items) => Kind::Tuple(items.clone()),
        Obj::Set(d) => Kind::Set(d.keys().collect(), false),
        Obj::FrozenSet(d) => Kind::Set(d.keys().collect(), true),
        Obj::Str(s) => Kind::Str(s.s.to_string()),
        _ => Kind::Other,
    }
}

/// `sorted(items)`, or `None` if they cannot be ordered.
fn try_sorted(vm: &mut Vm, items: &[Value]) -> PyResult<Option<Vec<Value>>> {
    let list = vm.new_list(items.to_vec());
    let sorted = vm.builtin_by_name("sorted")?;
    match vm.call_value(sorted, vec![list], Vec::new()) {
        Ok(v) => vm.collect_iterable(v).map(Some),
        Err(e) if vm.is_exc_kind(&e, ExcType::TypeError) => Ok(None),
        Err(e) => Err(e),
    }
}

/// `sorted(items, key=_safe_key)`: items that cannot be compared are
/// ordered by the name of their type (CPython then orders by `id`; here
/// items of one type that cannot be compared keep their order).
fn sorted(vm: &mut Vm, items: Vec<Value>) -> PyResult<Vec<Value>> {
    if let Some(s) = try_sorted(vm, &items)? {
        return Ok(s);
    }
    let mut groups: Vec<(String, Vec<Value>)> = Vec::new();
    for v in items {
        let name = format!("<class '{}'>", vm.class_name(v));
        match groups.iter_mut().find(|(n, _)| *n == name) {
            Some((_, g)) => g.push(v),
            None => groups.push((name, vec![v])),
        }
    }
    monty_vm::cold_sort::sort_by(&mut groups, |a, b| a.0.cmp(&b.0));
    let mut out = Vec::new();
    for (_, g) in groups {
        match try_sorted(vm, &g)? {
            Some(s) => out.extend(s),
            None => out.extend(g),
        }
    }
    Ok(out)
}

/// A dict's items, sorted by key when asked.
fn dict_items(
    vm: &mut Vm,
    items: Vec<(Value, Value)>,
    sort: bool,
) -> PyResult<Vec<(Value, Value)>> {
    if !sort {
        return Ok(items);
    }
    let keys = sorted(vm, items.iter().map(|(k, _)| *k).collect())?;
    Ok(keys
        .into_iter()
        .map(|k| {
            *items
                .iter()
                .find(|(k2, _)| *k2 == k)
                .expect("a key of the dict")
        })
        .collect())
}

impl Printer {
    /// `_safe_repr`: the repr, with dict keys sorted at every depth.
    fn repr(&self, vm: &mut Vm, v: Value) -> PyResult<String> {
        match kind_of(vm, v) {
            Kind::Dict(items) => {
                let items = dict_items(vm, items, self.sort_dicts)?;
                let mut parts = Vec::with_capacity(items.len());
                for (k, x) in items {
                    parts.push(format!("{}: {}", self.repr(vm, k)?, self.repr(vm, x)?));
                }
                Ok(format!("{{{}}}", parts.join(", ")))
            }
            Kind::List(items) => Ok(format!("[{}]", self.reprs(vm, &items)?.join(", "))),
            Kind::Tuple(items) if items.len() == 1 => {
                Ok(format!("({},)", self.repr(vm, items[0])?))
            }
            Kind::Tuple(items) => Ok(format!("({})", self.reprs(vm, &items)?.join(", "))),
            _ => vm.repr(v),
        }
    }

    fn reprs(&self, vm: &mut Vm, items: &[Value]) -> PyResult<Vec<String>> {
        items.iter().map(|&x| self.repr(vm, x)).collect()
    }

    /// `_format`: `v` at column `indent` with `allowance` columns to keep
    /// free after it.
    fn format(
        &self,
        vm: &mut Vm,
        out: &mut String,
        v: Value,
        indent: usize,
        allowance: usize,
        level: usize,
    ) -> PyResult<()> {
        let rep = self.repr(vm, v)?;
        let max_width = self.width as isize - indent as isize - allowance as isize;
        if rep.chars().count() as isize <= max_width {
            out.push_str(&rep);
            return Ok(());
        }
        let level = level + 1;
        match kind_of(vm, v) {
            Kind::Dict(items) => {
                out.push('{');
                out.push_str(&" ".repeat(self.indent - 1));
                let items = dict_items(vm, items, self.sort_dicts)?;
                self.dict_items(vm, out, items, indent, allowance + 1, level)?;
                out.push('}');
            }
            Kind::List(items) => {
                out.push('[');
                self.items(vm, out, &items, indent, allowance + 1, level)?;
                out.push(']');
            }
            Kind::Tuple(items) => {
                out.push('(');
                let end = if items.len() == 1 { ",)" } else { ")" };
                self.items(vm, out, &items, indent, allowance + end.len(), level)?;
                out.push_str(end);
            }
            Kind::Set(items, _) if items.is_empty() => out.push_str(&rep),
            Kind::Set(items, frozen) => {
                let (indent, end) = if frozen {
                    out.push_str("frozenset({");
                    (indent + "frozenset".len() + 1, "})")
                } else {
                    out.push('{');
                    (indent, "}")
                };
                let items = sorted(vm, items)?;
                self.items(vm, out, &items, indent, allowance + end.len(), level)?;
                out.push_str(end);
            }
            Kind::Str(s) if !s.is_empty() => self.string(vm, out, &s, indent, allowance, level)?,
            _ => out.push_str(&rep),
        }
        Ok(())
    }

    /// `_format_dict_items`.
    fn dict_items(
        &self,
        vm: &mut Vm,
        out: &mut String,
        items: Vec<(Value, Value)>,
        indent: usize,
        allowance: usize,
        level: usize,
    ) -> PyResult<()> {
        let indent = indent + self.indent;
        let last_index = items.len().saturating_sub(1);
        for (i, (k, v)) in items.into_iter().enumerate() {
            let last = i == last_index;
            let rep = self.repr(vm, k)?;
            out.push_str(&rep);
            out.push_str(": ");
            let col = indent + rep.chars().count() + 2;
            self.format(vm, out, v, col, if last { allowance } else { 1 }, level)?;
            if !last {
                out.push_str(",\n");
                out.push_str(&" ".repeat(indent));
            }
        }
        Ok(())
    }

    /// `_format_items`.
    fn items(
        &self,
        vm: &mut Vm,
        out: &mut String,
        items: &[Value],
        indent: usize,
        allowance: usize,
        level: usize,
    ) -> PyResult<()> {
        let indent = indent + self.indent;
        out.push_str(&" ".repeat(self.indent - 1));
        let delimnl = format!(",\n{}", " ".repeat(indent));
        let mut delim = String::new();
        let mut max_width = self.width as isize - indent as isize + 1;
        let mut width = max_width;
        for (i, &ent) in items.iter().enumerate() {
            let last = i + 1 == items.len();
            if last {
                max_width -= allowance as isize;
                width -= allowance as isize;
            }
            if self.compact {
                let rep = self.repr(vm, ent)?;
                let w = rep.chars().count() as isize + 2;
                if width < w {
                    width = max_width;
                    if !delim.is_empty() {
                        delim = delimnl.clone();
                    }
                }
                if width >= w {
                    width -= w;
                    out.push_str(&delim);
                    delim = ", ".into();
                    out.push_str(&rep);
                    continue;
                }
            }
            out.push_str(&delim);
            delim = delimnl.clone();
            self.format(
                vm,
                out,
                ent,
                indent,
                if last { allowance } else { 1 },
                level,
            )?;
        }
        Ok(())
    }

    /// `_pprint_str`: adjacent literals, split at line ends and then at
    /// word boundaries; parenthesized at the top level.
    fn string(
        &self,
        vm: &mut Vm,
        out: &mut String,
        s: &str,
        indent: usize,
        allowance: usize,
        level: usize,
    ) -> PyResult<()> {
        let (indent, allowance) = if level == 1 {
            (indent + 1, allowance + 1)
        } else {
            (indent, allowance)
        };
        let lines: Vec<&str> = s.split_inclusive('\n').collect();
        let max_width = self.width as isize - indent as isize;
        let mut max_width1 = max_width;
        let mut chunks: Vec<String> = Vec::new();
        let mut rep = String::new();
        for (i, line) in lines.iter().enumerate() {
            rep = str_repr(vm, line)?;
            if i == lines.len() - 1 {
                max_width1 -= allowance as isize;
            }
            if rep.chars().count() as isize <= max_width1 {
                chunks.push(rep.clone());
                continue;
            }
            let parts = word_parts(line);
            let mut max_width2 = max_width;
            let mut current = String::new();
            for (j, part) in parts.iter().enumerate() {
                let candidate = format!("{current}{part}");
                if j == parts.len() - 1 && i == lines.len() - 1 {
                    max_width2 -= allowance as isize;
                }
                if str_repr(vm, &candidate)?.chars().count() as isize > max_width2 {
                    if !current.is_empty() {
                        chunks.push(str_repr(vm, &current)?);
                    }
                    current = (*part).to_owned();
                } else {
                    current = candidate;
                }
            }
            if !current.is_empty() {
                chunks.push(str_repr(vm, &current)?);
            }
        }
        if chunks.len() == 1 {
            out.push_str(&rep);
            return Ok(());
        }
        if level == 1 {
            out.push('(');
        }
        for (i, c) in chunks.iter().enumerate() {
            if i > 0 {
                out.push('\n');
                out.push_str(&" ".repeat(indent));
            }
            out.push_str(c);
        }
        if level == 1 {
            out.push(')');
        }
        Ok(())
    }

    fn pformat(&self, vm: &mut Vm, v: Value) -> PyResult<String> {
        let mut out = String::new();
        self.format(vm, &mut out, v, 0, 0, 0)?;
        Ok(out)
    }
}

/// The line split as `re.findall(r'\S*\s*', line)` without its final
/// empty match.
fn word_parts(line: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut start = 0;
    let chars: Vec<(usize, char)> = line.char_indices().collect();
    let mut i = 0;
    while i < chars.len() {
        while i < chars.len() && !chars[i].1.is_whitespace() {
            i += 1;
        }
        while i < chars.len() && chars[i].1.is_whitespace() {
            i += 1;
        }
        let end = chars.get(i).map_or(line.len(), |c| c.0);
        parts.push(&line[start..end]);
        start = end;
    }
    parts
}

fn str_repr(vm: &mut Vm, s: &str) -> PyResult<String> {
    let v = vm.new_str(s);
    vm.repr(v)
}

fn index_of(vm: &Vm, v: Value) -> PyResult<i64> {
    vm.as_index(v)?.ok_or_else(|| {
        PyErr::type_error(format!(
            "'{}' object cannot be interpreted as an integer",
            vm.class_name(v)
        ))
    })
}

/// The settings from the arguments, with CPython's checks.
fn printer(
    vm: &mut Vm,
    indent: Option<Value>,
    width: Option<Value>,
    depth: Option<Value>,
    compact: Option<Value>,
    sort_dicts: Option<Value>,
) -> PyResult<Printer> {
    let int = |vm: &mut Vm, v: Option<Value>, default: i64| -> PyResult<i64> {
        match v {
            Some(v) => index_of(vm, v),
            None => Ok(default),
        }
    };
    let indent = int(vm, indent, 1)?;
    let width = int(vm, width, 80)?;
    if indent < 0 {
        return Err(PyErr::value_error("indent must be >= 0"));
    }
    if let Some(d) = depth.filter(|d| !d.is_none()) {
        if index_of(vm, d)? <= 0 {
            return Err(PyErr::value_error("depth must be > 0"));
        }
        return Err(PyErr::new(
            ExcType::NotImplementedError,
            "pprint's depth is not supported in this sandbox",
        ));
    }
    if width == 0 {
        return Err(PyErr::value_error("width must be != 0"));
    }
    let flag = |vm: &mut Vm, v: Option<Value>, default: bool| match v {
        Some(v) => vm.truthy(v),
        None => Ok(default),
    };
    Ok(Printer {
        width: width.max(0) as usize,
        indent: indent.max(1) as usize,
        sort_dicts: flag(vm, sort_dicts, true)?,
        compact: flag(vm, compact, false)?,
    })
}

/// Writes `text` and a newline to `stream` (`sys.stdout` when `None`).
fn emit(vm: &mut Vm, stream: Option<Value>, text: String) -> PyResult<Value> {
    let text = vm.new_str(text + "\n");
    match stream.filter(|s| !s.is_none()) {
        Some(s) => {
            let write = vm.get_attr(s, "write")?;
            vm.call_value(write, vec![text], Vec::new())?;
        }
        None => {
            let print = vm.builtin_by_name("print")?;
            let end = vm.new_str("");
            vm.call_value(print, vec![text], vec![("end".into(), end)])?;
        }
    }
    Ok(Value::None)
}

native! {
    /// `pformat(object, indent=1, width=80, depth=None, *, compact=False,
    /// sort_dicts=True, underscore_numbers=False)`.
    def fn pformat(vm, object, indent?, width?, depth?, *, compact?, sort_dicts?,
                   underscore_numbers?) {
        let _ = underscore_numbers;
        let p = printer(vm, indent, width, depth, compact, sort_dicts)?;
        let s = p.pformat(vm, object)?;
        Ok(vm.new_str(s))
    }

    /// `pprint(object, stream=None, indent=1, width=80, depth=None, *,
    /// compact=False, sort_dicts=True, underscore_numbers=False)`.
    def fn pprint(vm, object, stream?, indent?, width?, depth?, *, compact?, sort_dicts?,
                  underscore_numbers?) {
        let _ = underscore_numbers;
        let p = printer(vm, indent, width, depth, compact, sort_dicts)?;
        let s = p.pformat(vm, object)?;
        emit(vm, stream, s)
    }

    /// `pp(object, *args, sort_dicts=False, **kwargs)`: `pprint` with
    /// unsorted dicts.
    def fn pp(vm, object, stream?, indent?, width?, depth?, *, compact?, sort_dicts?,
              underscore_numbers?) {
        let _ = underscore_numbers;
        let sort = Some(sort_dicts.unwrap_or(Value::Bool(false)));
        let p = printer(vm, indent, width, depth, compact, sort)?;
        let s = p.pformat(vm, object)?;
        emit(vm, stream, s)
    }

    /// `saferepr(object)`: the repr with dict keys sorted.
    def fn saferepr(vm, object) {
        let p = printer(vm, None, None, None, None, None)?;
        let s = p.repr(vm, object)?;
        Ok(vm.new_str(s))
    }
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "pprint",
    funcs: natives_table![pformat, pprint, pp, saferepr],
    init: super::no_init,
};
