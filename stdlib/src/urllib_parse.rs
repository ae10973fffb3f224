//! `urllib.parse`: splitting and joining URLs (`urlsplit`, `urlparse`,
//! `urlunsplit`, `urlunparse`, `urljoin`, `urldefrag`) and their result
//! classes (`SplitResult`, `ParseResult`, `DefragResult` and the `...Bytes`
//! forms, namedtuple classes made at import). Quoting, `urlencode` and
//! query parsing are in [`super::urllib_quote`]; the package `urllib` in
//! [`super::urllib`].
//!
//! As in CPython every function takes str or bytes (bytes are decoded as
//! ASCII, and the results encoded back), and raises CPython's errors for
//! mixed arguments, invalid IPv6 netlocs and NFKC-unsafe netlocs. The
//! result classes' methods are in [`super::urllib_result`].

use super::urllib_quote as quoting;
use super::urllib_result::{self as results, make_class};
use super::ModuleDef;
use crate::builtins::methods::call_method;
use crate::object::bytes::as_bytes;
use crate::object::Value;
use crate::vm::{as_str, PyErr, PyResult, Vm};
use crate::ImportVm;

/// Schemes whose URLs `urljoin` resolves relative references against.
const USES_RELATIVE: &[&str] = &[
    "", "ftp", "http", "gopher", "nntp", "imap", "wais", "file", "https", "shttp", "mms",
    "prospero", "rtsp", "rtsps", "rtspu", "sftp", "svn", "svn+ssh", "ws", "wss",
];

/// Schemes whose URLs have a `//netloc` part.
const USES_NETLOC: &[&str] = &[
    "",
    "ftp",
    "http",
    "gopher",
    "nntp",
    "telnet",
    "imap",
    "wais",
    "file",
    "mms",
    "https",
    "shttp",
    "snews",
    "prospero",
    "rtsp",
    "rtsps",
    "rtspu",
    "rsync",
    "svn",
    "svn+ssh",
    "sftp",
    "nfs",
    "git",
    "git+ssh",
    "ws",
    "wss",
    "itms-services",
];

/// Schemes whose last path segment may carry `;params`.
const USES_PARAMS: &[&str] = &[
    "", "ftp", "hdl", "prospero", "http", "imap", "https", "shttp", "rtsp", "rtsps", "rtspu",
    "sip", "sips", "mms", "sftp", "tel",
];

/// The characters a scheme is made of.
const SCHEME_CHARS: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.";

/// The result classes, made at import: name, fields, kind.
const CLASSES: &[(&str, &str, Kind)] = &[
    ("DefragResult", "url fragment", Kind::Defrag),
    (
        "SplitResult",
        "scheme netloc path query fragment",
        Kind::Split,
    ),
    (
        "ParseResult",
        "scheme netloc path params query fragment",
        Kind::Parse,
    ),
    ("DefragResultBytes", "url fragment", Kind::Defrag),
    (
        "SplitResultBytes",
        "scheme netloc path query fragment",
        Kind::Split,
    ),
    (
        "ParseResultBytes",
        "scheme netloc path params query fragment",
        Kind::Parse,
    ),
];

#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Kind {
    Defrag,
    Split,
    Parse,
}

/// Arguments that must be all str or all bytes (CPython's `_coerce_args`):
/// their text and whether they were bytes. A falsy argument of the other
/// kind counts as empty; bytes are decoded as ASCII.
///
/// # Errors
/// `TypeError` for mixed str and non-str arguments, `UnicodeDecodeError`
/// for non-ASCII bytes, `AttributeError` for what has no `decode`.
pub(crate) fn coerce(vm: &mut Vm, args: &[Value]) -> PyResult<(Vec<String>, bool)> {
    let str_input = as_str(&vm.heap, args[0]).is_some();
    for &a in &args[1..] {
        if as_str(&vm.heap, a).is_some() != str_input && vm.truthy(a)? {
            return Err(PyErr::type_error("Cannot mix str and non-str arguments"));
        }
    }
    let mut out = Vec::with_capacity(args.len());
    for &a in args {
        if let Some(s) = as_str(&vm.heap, a) {
            out.push(s.to_string());
        } else if str_input || !vm.truthy(a)? {
            out.push(String::new());
        } else if let Some(b) = as_bytes(&vm.heap, a).filter(|b| b.is_ascii()) {
            out.push(b.iter().map(|&c| c as char).collect());
        } else {
            // non-ASCII bytes or another type: `x.decode('ascii', 'strict')`
            let enc = vm.new_str("ascii");
            let errors = vm.new_str("strict");
            let d = call_method(vm, a, "decode", vec![enc, errors], Vec::new())?;
            let Some(s) = as_str(&vm.heap, d) else {
                return Err(PyErr::type_error("decode() returned a non-str"));
            };
            out.push(s.to_string());
        }
    }
    Ok((out, !str_input))
}

/// A result string: a str, or ASCII bytes when the input was bytes.
pub(crate) fn text(vm: &mut Vm, s: &str, bytes: bool) -> Value {
    if bytes {
        // every char is below 256 (decoded from bytes)
        vm.new_bytes(s.chars().map(|c| c as u8).collect())
    } else {
        vm.new_str(s)
    }
}

fn is_c0_or_space(c: char) -> bool {
    c <= ' '
}

/// The five parts of `urlsplit`.
pub(crate) struct Split {
    pub scheme: String,
    pub netloc: String,
    pub path: String,
    pub query: String,
    pub fragment: String,
}

/// `_splitnetloc(url, 2)`: the netloc after `//`, and the rest.
fn split_netloc(url: &str) -> (String, String) {
    let rest = &url[2..];
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    (rest[..end].to_string(), rest[end..].to_string())
}

/// `urlsplit(url, scheme, allow_fragments)` on text.
///
/// # Errors
/// `ValueError` for an invalid bracketed host or an NFKC-unsafe netloc.
pub(crate) fn split(url: &str, scheme: &str, allow_fragments: bool) -> PyResult<Split> {
    let mut url: String = url
        .trim_start_matches(is_c0_or_space)
        .chars()
        .filter(|c| !matches!(c, '\t' | '\r' | '\n'))
        .collect();
    let mut scheme: String = scheme
        .trim_matches(is_c0_or_space)
        .chars()
        .filter(|c| !matches!(c, '\t' | '\r' | '\n'))
        .collect();
    if let Some(i) = url.find(':') {
        let first = url.chars().next().unwrap_or(' ');
        if i > 0
            && first.is_ascii_alphabetic()
            && url[..i].chars().all(|c| SCHEME_CHARS.contains(c))
        {
            scheme = url[..i].to_ascii_lowercase();
            url = url[i + 1..].to_string();
        }
    }
    let mut netloc = String::new();
    if url.starts_with("//") {
        let (n, rest) = split_netloc(&url);
        netloc = n;
        url = rest;
        let (open, close) = (netloc.contains('['), netloc.contains(']'));
        if open != close {
            return Err(PyErr::value_error("Invalid IPv6 URL"));
        }
        if open {
            check_bracketed_netloc(&netloc)?;
        }
    }
    let mut fragment = String::new();
    if allow_fragments {
        if let Some(i) = url.find('#') {
            fragment = url[i + 1..].to_string();
            url.truncate(i);
        }
    }
    let mut query = String::new();
    if let Some(i) = url.find('?') {
        query = url[i + 1..].to_string();
        url.truncate(i);
    }
    check_netloc(&netloc)?;
    Ok(Split {
        scheme,
        netloc,
        path: url,
        query,
        fragment,
    })
}

/// CPython 3.13's bracketed-host check: what lies between the first `[`
/// and the next `]` must be an IPv6 address or an IPvFuture.
fn check_bracketed_netloc(netloc: &str) -> PyResult<()> {
    let after = netloc.split_once('[').map_or("", |(_, a)| a);
    let host = after.split_once(']').map_or(after, |(h, _)| h);
    check_bracketed_host(host)
}

/// CPython's `_check_bracketed_host`.
fn check_bracketed_host(host: &str) -> PyResult<()> {
    if let Some(rest) = host.strip_prefix('v') {
        // `\Av[a-fA-F0-9]+\..+\z`
        let ok = rest.split_once('.').is_some_and(|(hex, tail)| {
            !hex.is_empty() && hex.chars().all(|c| c.is_ascii_hexdigit()) && !tail.is_empty()
        }) && !rest.contains('\n');
        if !ok {
            return Err(PyErr::value_error("IPvFuture address is invalid"));
        }
        return Ok(());
    }
    if host.parse::<std::net::Ipv4Addr>().is_ok() {
        return Err(PyErr::value_error("An IPv4 address cannot be in brackets"));
    }
    // `ipaddress.ip_address`: IPv6, with an optional `%scope`
    let (addr, scope) = match host.split_once('%') {
        Some((a, s)) => (a, Some(s)),
        None => (host, None),
    };
    let scope_ok = scope.is_none_or(|s| !s.is_empty() && !s.contains('%'));
    if !scope_ok || addr.parse::<std::net::Ipv6Addr>().is_err() {
        return Err(PyErr::value_error(format!(
            "{} does not appear to be an IPv4 or IPv6 address",
            crate::vm::repr::str_repr(host)
        )));
    }
    Ok(())
}

/// CPython's `_checknetloc`: a non-ASCII netloc must not gain URL
/// delimiters under NFKC normalization.
fn check_netloc(netloc: &str) -> PyResult<()> {
    if netloc.is_ascii() {
        return Ok(());
    }
    let n: String = netloc
        .chars()
        .filter(|c| !matches!(c, '@' | ':' | '#' | '?'))
        .collect();
    let normal = monty_vm::unicode::normalize(monty_vm::unicode::Form::Nfkc, &n);
    if n == normal {
        return Ok(());
    }
    if normal.contains(['/', '?', '#', '@', ':']) {
        return Err(PyErr::value_error(format!(
            "netloc '{netloc}' contains invalid characters under NFKC normalization"
        )));
    }
    Ok(())
}

/// `_splitparams`: the path without its last segment's `;params`, and them.
fn split_params(path: &str) -> (String, String) {
    let from = path.rfind('/').unwrap_or(0);
    match path[from..].find(';') {
        Some(i) => (
            path[..from + i].to_string(),
            path[from + i + 1..].to_string(),
        ),
        None => (path.to_string(), String::new()),
    }
}

/// `urlparse` on text: the six parts.
pub(crate) fn parse(url: &str, scheme: &str, allow_fragments: bool) -> PyResult<[String; 6]> {
    let s = split(url, scheme, allow_fragments)?;
    let (path, params) = if USES_PARAMS.contains(&s.scheme.as_str()) && s.path.contains(';') {
        split_params(&s.path)
    } else {
        (s.path, String::new())
    };
    Ok([s.scheme, s.netloc, path, params, s.query, s.fragment])
}

/// `urlunsplit` on text.
pub(crate) fn unsplit(
    scheme: &str,
    netloc: &str,
    path: &str,
    query: &str,
    fragment: &str,
) -> String {
    let mut url = path.to_string();
    if !netloc.is_empty() {
        if !url.is_empty() && !url.starts_with('/') {
            url.insert(0, '/');
        }
        url = format!("//{netloc}{url}");
    } else if url.starts_with("//")
        || (!scheme.is_empty()
            && USES_NETLOC.contains(&scheme)
            && (url.is_empty() || url.starts_with('/')))
    {
        url = format!("//{url}");
    }
    if !scheme.is_empty() {
        url = format!("{scheme}:{url}");
    }
    if !query.is_empty() {
        url.push('?');
        url.push_str(query);
    }
    if !fragment.is_empty() {
        url.push('#');
        url.push_str(fragment);
    }
    url
}

/// `urlunparse` on text.
pub(crate) fn unparse(p: &[String]) -> String {
    let path = if p[3].is_empty() {
        p[2].clone()
    } else {
        format!("{};{}", p[2], p[3])
    };
    unsplit(&p[0], &p[1], &path, &p[4], &p[5])
}

/// The items of a components argument (`_coerce_args(*components)` and
/// its unpacking into `n` names).
fn components(vm: &mut Vm, v: Value, n: usize) -> PyResult<Vec<Value>> {
    let items = vm.collect_iterable(v).map_err(|_| {
        PyErr::type_error(format!(
            "urllib.parse._coerce_args() argument after * must be an iterable, not {}",
            vm.class_name(v)
        ))
    })?;
    // `_coerce_args` returns the items and one more value
    if items.len() < n {
        return Err(PyErr::value_error(format!(
            "not enough values to unpack (expected {}, got {})",
            n + 1,
            items.len() + 1
        )));
    }
    if items.len() > n {
        return Err(PyErr::value_error(format!(
            "too many values to unpack (expected {})",
            n + 1
        )));
    }
    Ok(items)
}

/// The result class `name` of this module (made at import).
pub(crate) fn class(vm: &mut Vm, name: &str) -> PyResult<Value> {
    let m = vm.import_module("urllib.parse")?;
    vm.get_attr(m, name)
}

/// A new result of class `name` (plus `Bytes` for bytes input).
fn result(vm: &mut Vm, name: &str, parts: &[String], bytes: bool) -> PyResult<Value> {
    let cls = if bytes {
        class(vm, &format!("{name}Bytes"))?
    } else {
        class(vm, name)?
    };
    let values = parts.iter().map(|p| text(vm, p, bytes)).collect();
    vm.call_value(cls, values, Vec::new())
}

fn flag(vm: &mut Vm, v: Option<Value>) -> PyResult<bool> {
    match v {
        Some(v) => vm.truthy(v),
        None => Ok(true),
    }
}

native! {
    /// `urlsplit(url, scheme='', allow_fragments=True)`.
    def fn urlsplit(vm, url, scheme?, allow_fragments?) {
        let scheme = scheme.unwrap_or_else(|| vm.new_str(""));
        let (t, bytes) = coerce(vm, &[url, scheme])?;
        let frag = flag(vm, allow_fragments)?;
        let s = split(&t[0], &t[1], frag)?;
        result(vm, "SplitResult", &[s.scheme, s.netloc, s.path, s.query, s.fragment], bytes)
    }

    /// `urlparse(url, scheme='', allow_fragments=True)`.
    def fn urlparse(vm, url, scheme?, allow_fragments?) {
        let scheme = scheme.unwrap_or_else(|| vm.new_str(""));
        let (t, bytes) = coerce(vm, &[url, scheme])?;
        let frag = flag(vm, allow_fragments)?;
        let p = parse(&t[0], &t[1], frag)?;
        result(vm, "ParseResult", &p, bytes)
    }

    /// `urlunsplit(components)`.
    def fn urlunsplit(vm, components) {
        let items = self::components(vm, components, 5)?;
        let (t, bytes) = coerce(vm, &items)?;
        let url = unsplit(&t[0], &t[1], &t[2], &t[3], &t[4]);
        Ok(text(vm, &url, bytes))
    }

    /// `urlunparse(components)`.
    def fn urlunparse(vm, components) {
        let items = self::components(vm, components, 6)?;
        let (t, bytes) = coerce(vm, &items)?;
        let url = unparse(&t);
        Ok(text(vm, &url, bytes))
    }

    /// `urldefrag(url)`: the URL without its fragment, and the fragment.
    def fn urldefrag(vm, url) {
        let (t, bytes) = coerce(vm, &[url])?;
        let (defrag, frag) = if t[0].contains('#') {
            let mut p = parse(&t[0], "", true)?;
            let frag = std::mem::take(&mut p[5]);
            (unparse(&p), frag)
        } else {
            (t[0].clone(), String::new())
        };
        result(vm, "DefragResult", &[defrag, frag], bytes)
    }

    /// `urljoin(base, url, allow_fragments=True)`.
    def fn urljoin(vm, base, url, allow_fragments?) {
        if !vm.truthy(base)? {
            return Ok(url);
        }
        if !vm.truthy(url)? {
            return Ok(base);
        }
        let (t, bytes) = coerce(vm, &[base, url])?;
        let frag = flag(vm, allow_fragments)?;
        let joined = join(&t[0], &t[1], frag)?;
        Ok(text(vm, &joined, bytes))
    }
}

/// `urljoin` on text (both non-empty).
fn join(base: &str, url: &str, allow_fragments: bool) -> PyResult<String> {
    let b = parse(base, "", allow_fragments)?;
    let [scheme, netloc, path, params, query, fragment] = parse(url, &b[0], allow_fragments)?;
    if scheme != b[0] || !USES_RELATIVE.contains(&scheme.as_str()) {
        return Ok(url.to_string());
    }
    let mut netloc = netloc;
    if USES_NETLOC.contains(&scheme.as_str()) {
        if !netloc.is_empty() {
            return Ok(unparse(&[scheme, netloc, path, params, query, fragment]));
        }
        netloc = b[1].clone();
    }
    if path.is_empty() && params.is_empty() {
        let query = if query.is_empty() {
            b[4].clone()
        } else {
            query
        };
        return Ok(unparse(&[
            scheme,
            netloc,
            b[2].clone(),
            b[3].clone(),
            query,
            fragment,
        ]));
    }
    let mut base_parts: Vec<&str> = b[2].split('/').collect();
    if base_parts.last().is_some_and(|s| !s.is_empty()) {
        base_parts.pop();
    }
    let segments: Vec<&str> = if path.starts_with('/') {
        path.split('/').collect()
    } else {
        let mut all = base_parts;
        all.extend(path.split('/'));
        // drop empty segments between the first and the last
        let n = all.len();
        if n > 2 {
            let middle: Vec<&str> = all[1..n - 1]
                .iter()
                .copied()
                .filter(|s| !s.is_empty())
                .collect();
            let (first, last) = (all[0], all[n - 1]);
            all = std::iter::once(first)
                .chain(middle)
                .chain(std::iter::once(last))
                .collect();
        }
        all
    };
    let mut resolved: Vec<&str> = Vec::new();
    for seg in &segments {
        match *seg {
            ".." => {
                resolved.pop();
            }
            "." => {}
            s => resolved.push(s),
        }
    }
    if matches!(segments.last(), Some(&".") | Some(&"..")) {
        resolved.push("");
    }
    let mut joined = resolved.join("/");
    if joined.is_empty() {
        joined.push('/');
    }
    Ok(unparse(&[scheme, netloc, joined, params, query, fragment]))
}

fn init(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    for (name, fields, kind) in CLASSES {
        if let Ok(cls) = make_class(vm, name, fields, *kind) {
            attrs.push(((*name).to_string(), cls));
        }
    }
    for (name, list) in [
        ("uses_relative", USES_RELATIVE),
        ("uses_netloc", USES_NETLOC),
        ("uses_params", USES_PARAMS),
    ] {
        let items = list.iter().map(|s| vm.new_str(*s)).collect();
        let v = vm.new_list(items);
        attrs.push((name.to_string(), v));
    }
    let v = vm.new_str(SCHEME_CHARS);
    attrs.push(("scheme_chars".into(), v));
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "urllib.parse",
    funcs: natives_table![
        urlparse,
        urlsplit,
        urlunparse,
        urlunsplit,
        urljoin,
        urldefrag,
        quote = quoting::quote,
        quote_plus = quoting::quote_plus,
        quote_from_bytes = quoting::quote_from_bytes,
        unquote = quoting::unquote,
        unquote_plus = quoting::unquote_plus,
        unquote_to_bytes = quoting::unquote_to_bytes,
        urlencode = quoting::urlencode,
        parse_qs = quoting::parse_qs,
        parse_qsl = quoting::parse_qsl,
        _geturl = results::_geturl,
        _encode = results::_encode,
        _decode = results::_decode,
        _username = results::_username,
        _password = results::_password,
        _hostname = results::_hostname,
        _port = results::_port,
    ],
    init,
};
