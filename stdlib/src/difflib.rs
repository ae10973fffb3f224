//! `difflib`: `SequenceMatcher` (a class made at import whose methods run
//! the algorithm of `difflib_match.rs` over the interned elements),
//! `get_close_matches`, `unified_diff`, `context_diff` and `ndiff` (lists of lines
//! behind an iterator, where CPython's are generators), `Match`, and
//! `IS_LINE_JUNK`/`IS_CHARACTER_JUNK`. Outputs are CPython's, including
//! the autojunk heuristic and the order of ties in `get_close_matches`.
//!
//! A matcher keeps its sequences, `isjunk` and `autojunk` as instance
//! attributes and indexes `b` again on each call (no cached state).
//! `ndiff` and `Differ` compare in `difflib_differ.rs`.
//! Not here: `HtmlDiff`, `restore`, `diff_bytes`.

use std::collections::{HashMap, HashSet};

use super::difflib_match::{Matcher, Opcode};
use super::native_class::{binds, make_class, module_attr, Methods};
use super::ModuleDef;
use crate::object::{HashKey, NativeId, Value};
use crate::vm::{as_str, PyErr, PyResult, Vm};

/// Interns the elements of `a` and `b` (equal elements, one id) and asks
/// `isjunk` about each distinct element of `b`.
fn matcher(vm: &mut Vm, this: Value) -> PyResult<Matcher> {
    let a = vm.get_attr(this, "a")?;
    let b = vm.get_attr(this, "b")?;
    let isjunk = vm.get_attr(this, "isjunk")?;
    let autojunk = vm.get_attr(this, "autojunk")?;
    let autojunk = vm.truthy(autojunk)?;
    let mut ids: HashMap<HashKey, u32> = HashMap::new();
    let mut firsts: Vec<Value> = Vec::new();
    let mut intern = |vm: &mut Vm, seq: Value, firsts: &mut Vec<Value>| -> PyResult<Vec<u32>> {
        let items = vm.collect_iterable(seq)?;
        let mut out = Vec::with_capacity(items.len());
        for v in items {
            let k = vm.hash_key(v)?;
            let next = ids.len() as u32;
            let id = *ids.entry(k).or_insert_with(|| {
                firsts.push(v);
                next
            });
            out.push(id);
        }
        Ok(out)
    };
    let mut seen_b = Vec::new();
    let bi = intern(vm, b, &mut seen_b)?;
    let ai = intern(vm, a, &mut firsts)?;
    let mut junk = HashSet::new();
    if !isjunk.is_none() {
        // the distinct elements of b, in order of first appearance
        let mut done = HashSet::new();
        for &e in &bi {
            if done.insert(e) {
                let v = seen_b[e as usize];
                let r = vm.call_value(isjunk, vec![v], Vec::new())?;
                if vm.truthy(r)? {
                    junk.insert(e);
                }
            }
        }
    }
    Ok(Matcher::new(ai, bi, &junk, autojunk))
}

fn new_match(vm: &mut Vm, i: usize, j: usize, k: usize) -> PyResult<Value> {
    let cls = module_attr(vm, "difflib", "Match")?;
    vm.call_value(
        cls,
        vec![
            Value::Int(i as i64),
            Value::Int(j as i64),
            Value::Int(k as i64),
        ],
        Vec::new(),
    )
}

fn opcode_value(vm: &mut Vm, op: Opcode) -> Value {
    let tag = vm.new_str(op.0);
    vm.new_tuple(vec![
        tag,
        Value::Int(op.1 as i64),
        Value::Int(op.2 as i64),
        Value::Int(op.3 as i64),
        Value::Int(op.4 as i64),
    ])
}

fn iter_of(vm: &mut Vm, items: Vec<Value>) -> PyResult<Value> {
    let list = vm.new_list(items);
    vm.get_iter(list)
}

fn index_or(vm: &mut Vm, v: Option<Value>, default: usize) -> PyResult<usize> {
    match v {
        None | Some(Value::None) => Ok(default),
        Some(v) => Ok(vm.index_arg(v)?.max(0) as usize),
    }
}

native! {
    /// `SequenceMatcher.__init__(self, isjunk=None, a='', b='',
    /// autojunk=True)`.
    def fn _sm_init as "SequenceMatcher.__init__"(vm, this, isjunk?, a?, b?, autojunk?) {
        vm.set_attr(this, "isjunk", isjunk.unwrap_or(Value::None))?;
        let empty = vm.new_str("");
        vm.set_attr(this, "a", a.unwrap_or(empty))?;
        vm.set_attr(this, "b", b.unwrap_or(empty))?;
        vm.set_attr(this, "autojunk", autojunk.unwrap_or(Value::Bool(true)))?;
        Ok(Value::None)
    }

    /// `SequenceMatcher.set_seqs(a, b)`.
    def fn _sm_set_seqs as "SequenceMatcher.set_seqs"(vm, this, a, b) {
        vm.set_attr(this, "a", a)?;
        vm.set_attr(this, "b", b)?;
        Ok(Value::None)
    }

    /// `SequenceMatcher.set_seq1(a)`.
    def fn _sm_set_seq1 as "SequenceMatcher.set_seq1"(vm, this, a) {
        vm.set_attr(this, "a", a)?;
        Ok(Value::None)
    }

    /// `SequenceMatcher.set_seq2(b)`.
    def fn _sm_set_seq2 as "SequenceMatcher.set_seq2"(vm, this, b) {
        vm.set_attr(this, "b", b)?;
        Ok(Value::None)
    }

    /// `SequenceMatcher.find_longest_match(alo=0, ahi=None, blo=0,
    /// bhi=None)`.
    def fn _sm_longest as "SequenceMatcher.find_longest_match"(vm, this, alo?, ahi?, blo?, bhi?) {
        let m = matcher(vm, this)?;
        let alo = index_or(vm, alo, 0)?;
        let ahi = index_or(vm, ahi, m.a.len())?.min(m.a.len());
        let blo = index_or(vm, blo, 0)?;
        let bhi = index_or(vm, bhi, m.b.len())?.min(m.b.len());
        let (i, j, k) = if alo <= ahi && blo <= bhi { m.longest(alo, ahi, blo, bhi) } else { (alo, blo, 0) };
        new_match(vm, i, j, k)
    }

    /// `SequenceMatcher.get_matching_blocks()`: a list of `Match`.
    def fn _sm_blocks as "SequenceMatcher.get_matching_blocks"(vm, this) {
        let m = matcher(vm, this)?;
        let mut out = Vec::new();
        for (i, j, k) in m.matching_blocks() {
            out.push(new_match(vm, i, j, k)?);
        }
        Ok(vm.new_list(out))
    }

    /// `SequenceMatcher.get_opcodes()`: a list of 5-tuples.
    def fn _sm_opcodes as "SequenceMatcher.get_opcodes"(vm, this) {
        let m = matcher(vm, this)?;
        let out = m.opcodes().into_iter().map(|op| opcode_value(vm, op)).collect();
        Ok(vm.new_list(out))
    }

    /// `SequenceMatcher.get_grouped_opcodes(n=3)`: an iterator of hunks.
    def fn _sm_grouped as "SequenceMatcher.get_grouped_opcodes"(vm, this, n?) {
        let m = matcher(vm, this)?;
        let n = index_or(vm, n, 3)?;
        let mut groups = Vec::new();
        for g in m.grouped(n) {
            let ops = g.into_iter().map(|op| opcode_value(vm, op)).collect();
            groups.push(vm.new_list(ops));
        }
        iter_of(vm, groups)
    }

    /// `SequenceMatcher.ratio()`.
    def fn _sm_ratio as "SequenceMatcher.ratio"(vm, this) {
        Ok(Value::Float(matcher(vm, this)?.ratio()))
    }

    /// `SequenceMatcher.quick_ratio()`.
    def fn _sm_quick_ratio as "SequenceMatcher.quick_ratio"(vm, this) {
        Ok(Value::Float(matcher(vm, this)?.quick_ratio()))
    }

    /// `SequenceMatcher.real_quick_ratio()`.
    def fn _sm_real_quick_ratio as "SequenceMatcher.real_quick_ratio"(vm, this) {
        Ok(Value::Float(matcher(vm, this)?.real_quick_ratio()))
    }

    /// `get_close_matches(word, possibilities, n=3, cutoff=0.6)`: the best
    /// matches, best first (ties: the greater string first, as CPython's
    /// `heapq.nlargest` of `(score, x)`).
    def fn get_close_matches(vm, word, possibilities, n?, cutoff?) {
        let n = match n {
            Some(v) => vm.index_arg(v)?,
            None => 3,
        };
        if n <= 0 {
            return Err(PyErr::value_error(format!("n must be > 0: {n}")));
        }
        let cutoff = match cutoff {
            Some(Value::Float(f)) => f,
            Some(Value::Int(i)) => i as f64,
            Some(Value::Bool(b)) => f64::from(u8::from(b)),
            Some(v) => {
                let f = vm.builtin_by_name("float")?;
                match vm.call_value(f, vec![v], Vec::new())? {
                    Value::Float(f) => f,
                    _ => 0.6,
                }
            }
            None => 0.6,
        };
        if !(0.0..=1.0).contains(&cutoff) {
            let r = vm.repr(Value::Float(cutoff))?;
            return Err(PyErr::value_error(format!("cutoff must be in [0.0, 1.0]: {r}")));
        }
        let cls = module_attr(vm, "difflib", "SequenceMatcher")?;
        let s = vm.call_value(cls, Vec::new(), Vec::new())?;
        vm.set_attr(s, "b", word)?;
        let mut scored = Vec::new();
        for x in vm.collect_iterable(possibilities)? {
            vm.set_attr(s, "a", x)?;
            let m = matcher(vm, s)?;
            if m.real_quick_ratio() >= cutoff && m.quick_ratio() >= cutoff {
                let r = m.ratio();
                if r >= cutoff {
                    scored.push(vm.new_tuple(vec![Value::Float(r), x]));
                }
            }
        }
        let list = vm.new_list(scored);
        let sorted = vm.builtin_by_name("sorted")?;
        let sorted = vm.call_value(sorted, vec![list], vec![("reverse".to_owned(), Value::Bool(true))])?;
        let mut out = Vec::new();
        for item in vm.collect_iterable(sorted)?.into_iter().take(n as usize) {
            out.push(vm.get_item(item, Value::Int(1))?);
        }
        Ok(vm.new_list(out))
    }

    /// `unified_diff(a, b, fromfile='', tofile='', fromfiledate='',
    /// tofiledate='', n=3, lineterm='\n')`.
    def fn unified_diff(vm, a, b, fromfile?, tofile?, fromfiledate?, tofiledate?, n?, lineterm?) {
        let opts = DiffOpts::new(vm, [fromfile, tofile, fromfiledate, tofiledate, lineterm], n)?;
        let lines = diff(vm, a, b, &opts, false)?;
        let lines = lines.into_iter().map(|l| vm.new_str(l)).collect();
        iter_of(vm, lines)
    }

    /// `context_diff(a, b, fromfile='', tofile='', fromfiledate='',
    /// tofiledate='', n=3, lineterm='\n')`.
    def fn context_diff(vm, a, b, fromfile?, tofile?, fromfiledate?, tofiledate?, n?, lineterm?) {
        let opts = DiffOpts::new(vm, [fromfile, tofile, fromfiledate, tofiledate, lineterm], n)?;
        let lines = diff(vm, a, b, &opts, true)?;
        let lines = lines.into_iter().map(|l| vm.new_str(l)).collect();
        iter_of(vm, lines)
    }

    /// `ndiff(a, b, linejunk=None, charjunk=IS_CHARACTER_JUNK)`: a
    /// `Differ` comparison.
    def fn ndiff(vm, a, b, linejunk?, charjunk?) {
        let charjunk = match charjunk {
            Some(c) => c,
            None => Value::Native(MODULE.native_id("IS_CHARACTER_JUNK")),
        };
        let lines = differ_compare(vm, a, b, linejunk.unwrap_or(Value::None), charjunk)?;
        iter_of(vm, lines)
    }

    /// `Differ.__init__(self, linejunk=None, charjunk=None)`.
    def fn _differ_init as "Differ.__init__"(vm, this, linejunk?, charjunk?) {
        vm.set_attr(this, "linejunk", linejunk.unwrap_or(Value::None))?;
        vm.set_attr(this, "charjunk", charjunk.unwrap_or(Value::None))?;
        Ok(Value::None)
    }

    /// `Differ.compare(a, b)`.
    def fn _differ_compare as "Differ.compare"(vm, this, a, b) {
        let linejunk = vm.get_attr(this, "linejunk")?;
        let charjunk = vm.get_attr(this, "charjunk")?;
        let lines = differ_compare(vm, a, b, linejunk, charjunk)?;
        iter_of(vm, lines)
    }

    /// `IS_LINE_JUNK(line)`: blank, or only a `#`.
    def fn is_line_junk as "IS_LINE_JUNK"(vm, line) {
        let s = vm.str_of(line)?;
        let t = s.trim_matches(|c: char| c.is_whitespace());
        Ok(Value::Bool(t.is_empty() || t == "#"))
    }

    /// `IS_CHARACTER_JUNK(ch)`: a space or a tab.
    def fn is_character_junk as "IS_CHARACTER_JUNK"(vm, ch) {
        let s = vm.str_of(ch)?;
        Ok(Value::Bool(s == " " || s == "\t"))
    }
}

/// `Differ(linejunk, charjunk).compare(a, b)` as a list of lines: the
/// predicates asked here (once per line of `b`, once per distinct
/// character of `b`'s lines), the comparison in `difflib_differ.rs`.
fn differ_compare(
    vm: &mut Vm,
    a: Value,
    b: Value,
    linejunk: Value,
    charjunk: Value,
) -> PyResult<Vec<Value>> {
    let la = lines_of(vm, a)?;
    let lb = lines_of(vm, b)?;
    let mut line_junk = HashSet::new();
    if !linejunk.is_none() {
        let mut seen: HashMap<&str, bool> = HashMap::new();
        for (j, l) in lb.iter().enumerate() {
            let junk = match seen.get(l.as_str()) {
                Some(&v) => v,
                None => {
                    let s = vm.new_str(l.as_str());
                    let r = vm.call_value(linejunk, vec![s], Vec::new())?;
                    let v = vm.truthy(r)?;
                    seen.insert(l.as_str(), v);
                    v
                }
            };
            if junk {
                line_junk.insert(j);
            }
        }
    }
    let mut char_junk = HashSet::new();
    if charjunk == Value::Native(MODULE.native_id("IS_CHARACTER_JUNK")) {
        char_junk.insert(u32::from(' '));
        char_junk.insert(u32::from('\t'));
    } else if !charjunk.is_none() {
        let mut seen = HashSet::new();
        for c in lb.iter().flat_map(|l| l.chars()) {
            if seen.insert(c) {
                let s = vm.new_str(c);
                let r = vm.call_value(charjunk, vec![s], Vec::new())?;
                if vm.truthy(r)? {
                    char_junk.insert(u32::from(c));
                }
            }
        }
    }
    let d = super::difflib_differ::Differ {
        a: &la,
        b: &lb,
        line_junk: &line_junk,
        char_junk: &char_junk,
    };
    let out = d.compare();
    Ok(out.into_iter().map(|l| vm.new_str(l)).collect())
}

/// The header texts, context size and line terminator of a diff.
struct DiffOpts {
    fromfile: String,
    tofile: String,
    fromdate: String,
    todate: String,
    lineterm: String,
    n: usize,
}

impl DiffOpts {
    fn new(vm: &mut Vm, texts: [Option<Value>; 5], n: Option<Value>) -> PyResult<DiffOpts> {
        let mut s: Vec<String> = Vec::new();
        for (i, t) in texts.into_iter().enumerate() {
            s.push(match t {
                Some(v) => vm.str_of(v)?,
                None if i == 4 => "\n".to_owned(),
                None => String::new(),
            });
        }
        let n = index_or(vm, n, 3)?;
        let date = |d: &str| {
            if d.is_empty() {
                String::new()
            } else {
                format!("\t{d}")
            }
        };
        Ok(DiffOpts {
            fromdate: date(&s[2]),
            todate: date(&s[3]),
            fromfile: std::mem::take(&mut s[0]),
            tofile: std::mem::take(&mut s[1]),
            lineterm: std::mem::take(&mut s[4]),
            n,
        })
    }
}

fn lines_of(vm: &mut Vm, seq: Value) -> PyResult<Vec<String>> {
    let mut out = Vec::new();
    for v in vm.collect_iterable(seq)? {
        match as_str(&vm.heap, v) {
            Some(s) => out.push(s.to_owned()),
            None => {
                return Err(PyErr::type_error(format!(
                    "lines to compare must be str, not {} ({})",
                    vm.class_name(v),
                    vm.repr(v)?
                )))
            }
        }
    }
    Ok(out)
}

fn range_unified(start: usize, stop: usize) -> String {
    let mut beginning = start + 1;
    let length = stop - start;
    if length == 1 {
        return format!("{beginning}");
    }
    if length == 0 {
        beginning -= 1;
    }
    format!("{beginning},{length}")
}

fn range_context(start: usize, stop: usize) -> String {
    let mut beginning = start + 1;
    let length = stop - start;
    if length == 0 {
        beginning -= 1;
    }
    if length <= 1 {
        return format!("{beginning}");
    }
    format!("{beginning},{}", beginning + length - 1)
}

/// The lines of a unified (or context) diff of `a` and `b`.
fn diff(vm: &mut Vm, a: Value, b: Value, o: &DiffOpts, context: bool) -> PyResult<Vec<String>> {
    let la = lines_of(vm, a)?;
    let lb = lines_of(vm, b)?;
    let cls = module_attr(vm, "difflib", "SequenceMatcher")?;
    let s = vm.call_value(cls, vec![Value::None, a, b], Vec::new())?;
    let groups = matcher(vm, s)?.grouped(o.n);
    let t = &o.lineterm;
    let mut out = Vec::new();
    for (gi, group) in groups.iter().enumerate() {
        if gi == 0 {
            let (m1, m2) = if context {
                ("***", "---")
            } else {
                ("---", "+++")
            };
            out.push(format!("{m1} {}{}{t}", o.fromfile, o.fromdate));
            out.push(format!("{m2} {}{}{t}", o.tofile, o.todate));
        }
        let (first, last) = (group[0], group[group.len() - 1]);
        if !context {
            out.push(format!(
                "@@ -{} +{} @@{t}",
                range_unified(first.1, last.2),
                range_unified(first.3, last.4)
            ));
            for &(tag, i1, i2, j1, j2) in group {
                if tag == "equal" {
                    out.extend(la[i1..i2].iter().map(|l| format!(" {l}")));
                    continue;
                }
                if tag == "replace" || tag == "delete" {
                    out.extend(la[i1..i2].iter().map(|l| format!("-{l}")));
                }
                if tag == "replace" || tag == "insert" {
                    out.extend(lb[j1..j2].iter().map(|l| format!("+{l}")));
                }
            }
            continue;
        }
        let prefix = |tag: &str| match tag {
            "insert" => "+ ",
            "delete" => "- ",
            "replace" => "! ",
            _ => "  ",
        };
        out.push(format!("***************{t}"));
        out.push(format!("*** {} ****{t}", range_context(first.1, last.2)));
        if group.iter().any(|op| op.0 == "replace" || op.0 == "delete") {
            for &(tag, i1, i2, _, _) in group {
                if tag != "insert" {
                    out.extend(la[i1..i2].iter().map(|l| format!("{}{l}", prefix(tag))));
                }
            }
        }
        out.push(format!("--- {} ----{t}", range_context(first.3, last.4)));
        if group.iter().any(|op| op.0 == "replace" || op.0 == "insert") {
            for &(tag, _, _, j1, j2) in group {
                if tag != "delete" {
                    out.extend(lb[j1..j2].iter().map(|l| format!("{}{l}", prefix(tag))));
                }
            }
        }
    }
    Ok(out)
}

const DIFFER: Methods = &[("__init__", "_differ_init"), ("compare", "_differ_compare")];

const SEQUENCE_MATCHER: Methods = &[
    ("__init__", "_sm_init"),
    ("set_seqs", "_sm_set_seqs"),
    ("set_seq1", "_sm_set_seq1"),
    ("set_seq2", "_sm_set_seq2"),
    ("find_longest_match", "_sm_longest"),
    ("get_matching_blocks", "_sm_blocks"),
    ("get_opcodes", "_sm_opcodes"),
    ("get_grouped_opcodes", "_sm_grouped"),
    ("ratio", "_sm_ratio"),
    ("quick_ratio", "_sm_quick_ratio"),
    ("real_quick_ratio", "_sm_real_quick_ratio"),
];

/// Whether `f` is one of `SequenceMatcher`'s methods.
pub(crate) fn binds_as_method(f: NativeId) -> bool {
    binds(&MODULE, &[SEQUENCE_MATCHER, DIFFER], f)
}

fn build(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) -> PyResult<()> {
    let sm = make_class(
        vm,
        &MODULE,
        "SequenceMatcher",
        Vec::new(),
        SEQUENCE_MATCHER,
        Vec::new(),
    )?;
    attrs.push(("SequenceMatcher".into(), sm));
    let differ = make_class(vm, &MODULE, "Differ", Vec::new(), DIFFER, Vec::new())?;
    attrs.push(("Differ".into(), differ));
    let nt = module_attr(vm, "collections", "namedtuple")?;
    let name = vm.new_str("Match");
    let fields = vm.new_str("a b size");
    let m = vm.call_value(nt, vec![name, fields], Vec::new())?;
    let module = vm.new_str("difflib");
    vm.set_attr(m, "__module__", module)?;
    attrs.push(("Match".into(), m));
    Ok(())
}

fn init(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    let _ = build(vm, attrs);
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "difflib",
    funcs: natives_table![
        get_close_matches,
        unified_diff,
        context_diff,
        ndiff,
        _differ_init,
        _differ_compare,
        IS_LINE_JUNK = is_line_junk,
        IS_CHARACTER_JUNK = is_character_junk,
        _sm_init,
        _sm_set_seqs,
        _sm_set_seq1,
        _sm_set_seq2,
        _sm_longest,
        _sm_blocks,
        _sm_opcodes,
        _sm_grouped,
        _sm_ratio,
        _sm_quick_ratio,
        _sm_real_quick_ratio,
    ],
    init,
};
