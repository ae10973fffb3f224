//! `urllib.parse`'s percent-encoding and query strings: `quote`,
//! `quote_plus`, `quote_from_bytes`, `unquote`, `unquote_plus`,
//! `unquote_to_bytes`, `urlencode`, `parse_qs` and `parse_qsl`, with
//! CPython's defaults (`safe='/'`, UTF-8, `errors='replace'` when
//! decoding) and its errors. The module table is in
//! [`super::urllib_parse`].

use crate::builtins::codecs;
use crate::builtins::methods::call_method;
use crate::object::bytes::as_bytes;
use crate::object::{Dict, Obj, Value};
use crate::vm::{as_str, PyErr, PyResult, Vm};

/// The bytes `quote` never escapes.
fn always_safe(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-' | b'~')
}

/// Percent-encodes `data`, keeping the always-safe bytes and `safe`.
fn quote_bytes(data: &[u8], safe: &[u8]) -> String {
    let mut out = String::with_capacity(data.len());
    for &b in data {
        if always_safe(b) || safe.contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The ASCII bytes of a `safe` argument: a str's ASCII characters, or the
/// items below 128 of bytes.
fn safe_bytes(vm: &mut Vm, safe: Option<Value>, default: &str) -> PyResult<Vec<u8>> {
    let Some(safe) = safe else {
        return Ok(default.as_bytes().to_vec());
    };
    if let Some(s) = as_str(&vm.heap, safe) {
        return Ok(s.bytes().filter(u8::is_ascii).collect());
    }
    if let Some(b) = as_bytes(&vm.heap, safe) {
        return Ok(b.iter().copied().filter(u8::is_ascii).collect());
    }
    let items = vm.collect_iterable(safe)?;
    let mut out = Vec::new();
    for i in items {
        let n = vm.index_arg(i)?;
        if (0..128).contains(&n) {
            out.push(n as u8);
        }
    }
    Ok(out)
}

/// A str argument named `what` of a codec call (`encoding`, `errors`).
fn codec_arg(vm: &Vm, v: Option<Value>, func: &str, what: &str, default: &str) -> PyResult<String> {
    match v {
        None => Ok(default.to_string()),
        Some(Value::None) => Ok(default.to_string()),
        Some(v) => as_str(&vm.heap, v).map(str::to_string).ok_or_else(|| {
            PyErr::type_error(format!(
                "{func}() argument '{what}' must be str, not {}",
                vm.class_name(v)
            ))
        }),
    }
}

/// `quote_from_bytes(bs, safe)`.
fn quote_from(vm: &mut Vm, bs: Value, safe: Option<Value>) -> PyResult<Value> {
    let Some(data) = as_bytes(&vm.heap, bs).map(<[u8]>::to_vec) else {
        return Err(PyErr::type_error("quote_from_bytes() expected bytes"));
    };
    if data.is_empty() {
        return Ok(vm.new_str(""));
    }
    let safe = safe_bytes(vm, safe, "/")?;
    let out = quote_bytes(&data, &safe);
    Ok(vm.new_str(out))
}

/// `quote(string, safe, encoding, errors)`.
fn quote_any(
    vm: &mut Vm,
    string: Value,
    safe: Option<Value>,
    encoding: Option<Value>,
    errors: Option<Value>,
) -> PyResult<Value> {
    if let Some(s) = as_str(&vm.heap, string) {
        if s.is_empty() {
            return Ok(string);
        }
        let s = s.to_string();
        let enc = codec_arg(vm, encoding, "encode", "encoding", "utf-8")?;
        let errs = codec_arg(vm, errors, "encode", "errors", "strict")?;
        let data = codecs::encode(&s, &enc, &errs)?;
        let safe = safe_bytes(vm, safe, "/")?;
        return Ok(vm.new_str(quote_bytes(&data, &safe)));
    }
    if encoding.is_some_and(|e| !e.is_none()) {
        return Err(PyErr::type_error(
            "quote() doesn't support 'encoding' for bytes",
        ));
    }
    if errors.is_some_and(|e| !e.is_none()) {
        return Err(PyErr::type_error(
            "quote() doesn't support 'errors' for bytes",
        ));
    }
    quote_from(vm, string, safe)
}

/// `quote_plus(string, safe, encoding, errors)`.
fn quote_plus_any(
    vm: &mut Vm,
    string: Value,
    safe: Option<Value>,
    encoding: Option<Value>,
    errors: Option<Value>,
) -> PyResult<Value> {
    let has_space = match (as_str(&vm.heap, string), vm.heap_bytes(string)) {
        (Some(s), _) => s.contains(' '),
        (None, Some(b)) => b.contains(&b' '),
        _ => true,
    };
    if !has_space {
        let safe = Some(safe.unwrap_or_else(|| vm.new_str("")));
        return quote_any(vm, string, safe, encoding, errors);
    }
    let mut safe = safe_bytes(vm, safe, "")?;
    safe.push(b' ');
    let safe = vm.new_bytes(safe);
    let q = quote_any(vm, string, Some(safe), encoding, errors)?;
    let out = as_str(&vm.heap, q).unwrap_or("").replace(' ', "+");
    Ok(vm.new_str(out))
}

/// Private helper trait: exact `bytes` (not bytearray) contents.
trait HeapBytes {
    fn heap_bytes(&self, v: Value) -> Option<&[u8]>;
}

impl HeapBytes for Vm {
    fn heap_bytes(&self, v: Value) -> Option<&[u8]> {
        match v {
            Value::Ref(id) => match self.heap.get(id) {
                Obj::Bytes(b) => Some(b),
                _ => None,
            },
            _ => None,
        }
    }
}

/// CPython 3.13's wording of `x in v` for a `v` that is neither a
/// container nor iterable.
fn not_iterable(e: PyErr) -> PyErr {
    match e {
        PyErr::Msg(crate::object::ExcType::TypeError, m) => {
            PyErr::type_error(m.replace("is not a container or iterable", "is not iterable"))
        }
        e => e,
    }
}

/// `%XX` decoding of bytes (invalid escapes are kept).
fn unquote_bytes(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len());
    let mut i = 0;
    while i < data.len() {
        if data[i] == b'%' && i + 2 < data.len() {
            let hex = |c: u8| (c as char).to_digit(16);
            if let (Some(h), Some(l)) = (
                data.get(i + 1).and_then(|&c| hex(c)),
                data.get(i + 2).and_then(|&c| hex(c)),
            ) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(data[i]);
        i += 1;
    }
    out
}

/// Decodes unquoted bytes with `encoding` and `errors`.
fn decode(data: &[u8], encoding: &str, errors: &str) -> PyResult<String> {
    if errors == "replace" && matches!(encoding, "utf-8" | "utf8" | "UTF-8") {
        return Ok(String::from_utf8_lossy(data).into_owned());
    }
    codecs::decode(data, encoding, errors)
}

/// `unquote(string, encoding, errors)`.
fn unquote_any(
    vm: &mut Vm,
    string: Value,
    encoding: Option<Value>,
    errors: Option<Value>,
) -> PyResult<Value> {
    if vm.heap_bytes(string).is_some() {
        let enc = codec_arg(vm, encoding, "decode", "encoding", "utf-8")?;
        let errs = codec_arg(vm, errors, "decode", "errors", "replace")?;
        let data = unquote_bytes(vm.heap_bytes(string).unwrap_or_default());
        let out = decode(&data, &enc, &errs)?;
        return Ok(vm.new_str(out));
    }
    let Some(s) = as_str(&vm.heap, string) else {
        // `'%' not in string`, then `string.split`
        let pct = vm.new_str("%");
        let found = vm.contains(string, pct).map_err(not_iterable)?;
        if found {
            return Err(PyErr::type_error(format!(
                "expected string or bytes-like object, got '{}'",
                vm.class_name(string)
            )));
        }
        vm.get_attr(string, "split")?;
        return Ok(string);
    };
    if !s.contains('%') {
        return Ok(string);
    }
    let s = s.to_string();
    let enc = codec_arg(vm, encoding, "decode", "encoding", "utf-8")?;
    let errs = codec_arg(vm, errors, "decode", "errors", "replace")?;
    let s = s.to_string();
    // ASCII runs are unquoted and decoded; other characters are kept
    let mut out = String::with_capacity(s.len());
    let mut run = Vec::new();
    for c in s.chars() {
        if c.is_ascii() {
            run.push(c as u8);
            continue;
        }
        if !run.is_empty() {
            out.push_str(&decode(&unquote_bytes(&run), &enc, &errs)?);
            run.clear();
        }
        out.push(c);
    }
    if !run.is_empty() {
        out.push_str(&decode(&unquote_bytes(&run), &enc, &errs)?);
    }
    Ok(vm.new_str(out))
}

native! {
    /// `quote(string, safe='/', encoding=None, errors=None)`.
    pub(crate) def fn quote(vm, string, safe?, encoding?, errors?) {
        quote_any(vm, string, safe, encoding, errors)
    }

    /// `quote_plus(string, safe='', encoding=None, errors=None)`: spaces
    /// become `+`.
    pub(crate) def fn quote_plus(vm, string, safe?, encoding?, errors?) {
        quote_plus_any(vm, string, safe, encoding, errors)
    }

    /// `quote_from_bytes(bs, safe='/')`.
    pub(crate) def fn quote_from_bytes(vm, bs, safe?) {
        quote_from(vm, bs, safe)
    }

    /// `unquote(string, encoding='utf-8', errors='replace')`.
    pub(crate) def fn unquote(vm, string, encoding?, errors?) {
        unquote_any(vm, string, encoding, errors)
    }

    /// `unquote_plus(string, encoding='utf-8', errors='replace')`: `+`
    /// becomes a space first.
    pub(crate) def fn unquote_plus(vm, string, encoding?, errors?) {
        let replaced = match as_str(&vm.heap, string) {
            Some(s) => {
                let s = s.replace('+', " ");
                vm.new_str(s)
            }
            None => {
                let (plus, space) = (vm.new_str("+"), vm.new_str(" "));
                call_method(vm, string, "replace", vec![plus, space], Vec::new())?
            }
        };
        unquote_any(vm, replaced, encoding, errors)
    }

    /// `unquote_to_bytes(string)`.
    pub(crate) def fn unquote_to_bytes(vm, string) {
        if let Some(s) = as_str(&vm.heap, string) {
            let out = unquote_bytes(s.as_bytes());
            return Ok(vm.new_bytes(out));
        }
        if let Some(b) = as_bytes(&vm.heap, string) {
            if crate::object::bytes::is_bytearray(&vm.heap, string) && b.contains(&b'%') {
                // CPython looks the escapes up by slices of the argument
                return Err(PyErr::type_error("unhashable type: 'bytearray'"));
            }
            let out = unquote_bytes(b);
            return Ok(vm.new_bytes(out));
        }
        if !vm.truthy(string)? {
            vm.get_attr(string, "split")?;
            return Ok(vm.new_bytes(Vec::new()));
        }
        vm.get_attr(string, "split")?;
        Err(PyErr::type_error(format!(
            "a bytes-like object is required, not '{}'",
            vm.class_name(string)
        )))
    }
}

/// One `key=value` pair of `urlencode`, through `quote_via`.
struct Encoder {
    safe: Value,
    encoding: Value,
    errors: Value,
    quote_via: Option<Value>,
}

impl Encoder {
    /// `quote_via(x, safe)` for bytes, else `quote_via(str(x), safe,
    /// encoding, errors)`.
    fn quote(&self, vm: &mut Vm, x: Value) -> PyResult<Value> {
        let is_bytes = vm.heap_bytes(x).is_some();
        let x = if is_bytes || as_str(&vm.heap, x).is_some() {
            x
        } else {
            let s = vm.str_of(x)?;
            vm.new_str(s)
        };
        match self.quote_via {
            None if is_bytes => quote_plus_any(vm, x, Some(self.safe), None, None),
            None => quote_plus_any(
                vm,
                x,
                Some(self.safe),
                Some(self.encoding),
                Some(self.errors),
            ),
            Some(f) if is_bytes => vm.call_value(f, vec![x, self.safe], Vec::new()),
            Some(f) => vm.call_value(
                f,
                vec![x, self.safe, self.encoding, self.errors],
                Vec::new(),
            ),
        }
    }

    /// `k + '=' + v`.
    fn pair(&self, vm: &mut Vm, k: Value, v: Value) -> PyResult<Value> {
        if let (Some(a), Some(b)) = (as_str(&vm.heap, k), as_str(&vm.heap, v)) {
            let s = format!("{a}={b}");
            return Ok(vm.new_str(s));
        }
        let eq = vm.new_str("=");
        let left = vm.binary_op(monty_compile::bytecode::BinOp::Add, k, eq, false)?;
        vm.binary_op(monty_compile::bytecode::BinOp::Add, left, v, false)
    }
}

/// The items of `urlencode`'s `query`: a mapping's, or a sequence of
/// pairs.
fn query_items(vm: &mut Vm, query: Value) -> PyResult<Vec<Value>> {
    let invalid = || PyErr::type_error("not a valid non-string sequence or mapping object");
    let items = match vm.get_attr(query, "items") {
        Ok(items) => vm.call_value(items, Vec::new(), Vec::new())?,
        Err(_) => {
            let n = vm.len_of(query).map_err(|_| invalid())?;
            if n > 0 {
                let first = vm.get_item(query, Value::Int(0)).map_err(|e| {
                    if vm.is_exc_kind(&e, crate::object::ExcType::TypeError) {
                        invalid()
                    } else {
                        e
                    }
                })?;
                let is_tuple =
                    matches!(first, Value::Ref(id) if matches!(vm.heap.get(id), Obj::Tuple(_)));
                if !is_tuple {
                    return Err(invalid());
                }
            }
            query
        }
    };
    vm.collect_iterable(items)
}

/// `k, v = item`, with CPython 3.13's messages.
fn unpack_pair(vm: &mut Vm, item: Value) -> PyResult<(Value, Value)> {
    let Ok(values) = vm.collect_iterable(item) else {
        return Err(PyErr::type_error(format!(
            "cannot unpack non-iterable {} object",
            vm.class_name(item)
        )));
    };
    match values.as_slice() {
        [k, v] => Ok((*k, *v)),
        [] | [_] => Err(PyErr::value_error(format!(
            "not enough values to unpack (expected 2, got {})",
            values.len()
        ))),
        _ => Err(PyErr::value_error("too many values to unpack (expected 2)")),
    }
}

native! {
    /// `urlencode(query, doseq=False, safe='', encoding=None, errors=None,
    /// quote_via=quote_plus)`.
    pub(crate) def fn urlencode(vm, query, doseq?, safe?, encoding?, errors?, quote_via?) {
        let items = query_items(vm, query)?;
        let doseq = match doseq {
            Some(d) => vm.truthy(d)?,
            None => false,
        };
        let enc = Encoder {
            safe: safe.unwrap_or_else(|| vm.new_str("")),
            encoding: encoding.unwrap_or(Value::None),
            errors: errors.unwrap_or(Value::None),
            quote_via,
        };
        let mut parts = Vec::new();
        for item in items {
            let (k, v) = unpack_pair(vm, item)?;
            let k = enc.quote(vm, k)?;
            let is_text = vm.heap_bytes(v).is_some() || as_str(&vm.heap, v).is_some();
            if !doseq || is_text {
                let v = enc.quote(vm, v)?;
                parts.push(enc.pair(vm, k, v)?);
                continue;
            }
            if vm.len_of(v).is_err() {
                let v = enc.quote(vm, v)?;
                parts.push(enc.pair(vm, k, v)?);
                continue;
            }
            for elt in vm.collect_iterable(v)? {
                let e = enc.quote(vm, elt)?;
                parts.push(enc.pair(vm, k, e)?);
            }
        }
        let strs: Option<Vec<String>> = parts
            .iter()
            .map(|p| as_str(&vm.heap, *p).map(str::to_string))
            .collect();
        match strs {
            Some(s) => Ok(vm.new_str(s.join("&"))),
            None => {
                let amp = vm.new_str("&");
                let list = vm.new_list(parts);
                call_method(vm, amp, "join", vec![list], Vec::new())
            }
        }
    }
}

/// The options of `parse_qsl` / `parse_qs`.
struct QsOptions {
    keep_blank: bool,
    strict: bool,
    encoding: String,
    errors: String,
    max_fields: Option<i64>,
}

#[allow(clippy::too_many_arguments)]
fn qs_options(
    vm: &mut Vm,
    keep_blank_values: Option<Value>,
    strict_parsing: Option<Value>,
    encoding: Option<Value>,
    errors: Option<Value>,
    max_num_fields: Option<Value>,
) -> PyResult<QsOptions> {
    let flag = |vm: &mut Vm, v: Option<Value>| match v {
        Some(v) => vm.truthy(v),
        None => Ok(false),
    };
    Ok(QsOptions {
        keep_blank: flag(vm, keep_blank_values)?,
        strict: flag(vm, strict_parsing)?,
        encoding: codec_arg(vm, encoding, "decode", "encoding", "utf-8")?,
        errors: codec_arg(vm, errors, "decode", "errors", "replace")?,
        max_fields: match max_num_fields {
            Some(v) if !v.is_none() => Some(vm.index_arg(v)?),
            _ => None,
        },
    })
}

/// `parse_qsl` on its arguments: the decoded pairs (str, or bytes for a
/// bytes query).
fn parse_pairs(
    vm: &mut Vm,
    qs: Value,
    sep: Option<Value>,
    o: &QsOptions,
) -> PyResult<Vec<(Value, Value)>> {
    let sep_text = match sep {
        None => Some(b"&".to_vec()),
        Some(s) => match (as_str(&vm.heap, s), vm.heap_bytes(s)) {
            (Some(t), _) => Some(t.as_bytes().to_vec()),
            (None, Some(b)) => Some(b.to_vec()),
            _ => None,
        },
    };
    let Some(sep) = sep_text.filter(|s| !s.is_empty()) else {
        return Err(PyErr::value_error(
            "Separator must be of type string or bytes.",
        ));
    };
    let (data, bytes) = match as_str(&vm.heap, qs) {
        Some(s) => (s.as_bytes().to_vec(), false),
        None => {
            if !vm.truthy(qs)? {
                return Ok(Vec::new());
            }
            match as_bytes(&vm.heap, qs) {
                Some(b) => (b.to_vec(), true),
                None => {
                    return Err(PyErr::type_error(format!(
                        "memoryview: a bytes-like object is required, not '{}'",
                        vm.class_name(qs)
                    )))
                }
            }
        }
    };
    if data.is_empty() {
        return Ok(Vec::new());
    }
    let fields = split_on(&data, &sep);
    if let Some(max) = o.max_fields {
        if max < fields.len() as i64 {
            return Err(PyErr::value_error("Max number of fields exceeded"));
        }
    }
    let mut out = Vec::new();
    for field in fields {
        if field.is_empty() && !o.strict {
            continue;
        }
        let (name, value) = match field.iter().position(|&b| b == b'=') {
            Some(i) => (&field[..i], &field[i + 1..]),
            None => {
                if o.strict {
                    let shown = if bytes {
                        crate::object::bytes::repr(field)
                    } else {
                        crate::vm::repr::str_repr(&String::from_utf8_lossy(field))
                    };
                    return Err(PyErr::value_error(format!("bad query field: {shown}")));
                }
                if !o.keep_blank {
                    continue;
                }
                (field, &[][..])
            }
        };
        if value.is_empty() && !o.keep_blank {
            continue;
        }
        let plus = |b: &[u8]| -> Vec<u8> {
            b.iter()
                .map(|&c| if c == b'+' { b' ' } else { c })
                .collect()
        };
        let (n, v) = if bytes {
            let n = unquote_bytes(&plus(name));
            let v = unquote_bytes(&plus(value));
            (vm.new_bytes(n), vm.new_bytes(v))
        } else {
            let n = unquote_text(&plus(name), o)?;
            let v = unquote_text(&plus(value), o)?;
            (vm.new_str(n), vm.new_str(v))
        };
        out.push((n, v));
    }
    Ok(out)
}

/// `unquote` of the UTF-8 bytes of a str: its ASCII runs decoded with the
/// options' codec, the other characters kept.
fn unquote_text(text: &[u8], o: &QsOptions) -> PyResult<String> {
    let s = String::from_utf8_lossy(text);
    let mut out = String::with_capacity(s.len());
    let mut run = Vec::new();
    for c in s.chars() {
        if c.is_ascii() {
            run.push(c as u8);
            continue;
        }
        if !run.is_empty() {
            out.push_str(&decode(&unquote_bytes(&run), &o.encoding, &o.errors)?);
            run.clear();
        }
        out.push(c);
    }
    if !run.is_empty() {
        out.push_str(&decode(&unquote_bytes(&run), &o.encoding, &o.errors)?);
    }
    Ok(out)
}

fn split_on<'a>(data: &'a [u8], sep: &[u8]) -> Vec<&'a [u8]> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i + sep.len() <= data.len() {
        if &data[i..i + sep.len()] == sep {
            out.push(&data[start..i]);
            i += sep.len();
            start = i;
        } else {
            i += 1;
        }
    }
    out.push(&data[start..]);
    out
}

native! {
    /// `parse_qsl(qs, keep_blank_values=False, strict_parsing=False,
    /// encoding='utf-8', errors='replace', max_num_fields=None,
    /// separator='&')`.
    pub(crate) def fn parse_qsl(vm, qs, keep_blank_values?, strict_parsing?, encoding?, errors?, max_num_fields?, separator?) {
        let o = qs_options(vm, keep_blank_values, strict_parsing, encoding, errors, max_num_fields)?;
        let pairs = parse_pairs(vm, qs, separator, &o)?;
        let items = pairs.into_iter().map(|(k, v)| vm.new_tuple(vec![k, v])).collect();
        Ok(vm.new_list(items))
    }

    /// `parse_qs(...)`: `parse_qsl`'s pairs as a dict of lists.
    pub(crate) def fn parse_qs(vm, qs, keep_blank_values?, strict_parsing?, encoding?, errors?, max_num_fields?, separator?) {
        let o = qs_options(vm, keep_blank_values, strict_parsing, encoding, errors, max_num_fields)?;
        let pairs = parse_pairs(vm, qs, separator, &o)?;
        let mut d = Dict::new();
        for (k, v) in pairs {
            let hk = vm.hash_key(k)?;
            match d.get(&hk) {
                Some(Value::Ref(list)) => {
                    if let Obj::List(l) = vm.heap.get_mut(list) {
                        l.push(v);
                    }
                }
                _ => {
                    let list = vm.new_list(vec![v]);
                    d.insert(hk, k, list);
                }
            }
        }
        Ok(vm.heap.new_value(Obj::Dict(Box::new(d))))
    }
}
