//! `hashlib`: MD5, SHA-1, SHA-2, SHA-3, SHAKE and BLAKE2 hash objects
//! (`update`, `digest`, `hexdigest`, `copy`, `name`, `digest_size`,
//! `block_size`), `new()` with OpenSSL's alternative names, and
//! `pbkdf2_hmac`, with CPython 3.14's argument checks. The algorithms are
//! in `digests.rs`; a hash object is `NativeObj::Hash`.

use num_traits::{Signed, ToPrimitive};

use super::digests::{pbkdf2, Algo, Hasher};
use super::digests_sponge::Blake2Params;
use super::objects::NativeObj;
use super::util::{bind, Sig, Style};
use super::ModuleDef;
use crate::builtins::Args;
use crate::object::bytes::as_bytes;
use crate::object::{Dict, ExcType, Obj, Value};
use crate::vm::call::Kwargs;
use crate::vm::{as_str, PyErr, PyResult, Vm};

const DATA_STRING: &str = "'data' and 'string' are mutually exclusive and support for 'string' keyword parameter is slated for removal in a future version.";

/// The data a hash consumes: bytes-like only.
pub(super) fn buffer(vm: &Vm, v: Value) -> PyResult<Vec<u8>> {
    if let Some(b) = as_bytes(&vm.heap, v) {
        return Ok(b.to_vec());
    }
    if as_str(&vm.heap, v).is_some() {
        return Err(PyErr::type_error("Strings must be encoded before hashing"));
    }
    Err(PyErr::type_error(
        "object supporting the buffer API required",
    ))
}

pub(super) fn new_hash(vm: &mut Vm, h: Hasher) -> Value {
    vm.heap.new_value(Obj::Native(NativeObj::Hash(Box::new(h))))
}

/// Binds `(data=b'', *, usedforsecurity=True, string=None)` plus `extra`
/// keyword-only names; returns the data (checked) and the extra values.
/// The last slot is the data (given as `data` or `string`).
fn bind_data(
    fname: &str,
    pos: &[Value],
    kw: &Kwargs,
    extra: &[&str],
) -> PyResult<Vec<Option<Value>>> {
    let total = pos.len() + kw.len();
    let max = 3 + extra.len();
    if pos.len() > 1 {
        return Err(PyErr::type_error(format!(
            "{fname}() takes at most 1 positional argument ({} given)",
            pos.len()
        )));
    }
    if total > max {
        let what = if pos.is_empty() {
            "keyword arguments"
        } else {
            "arguments"
        };
        return Err(PyErr::type_error(format!(
            "{fname}() takes at most {max} {what} ({total} given)"
        )));
    }
    let mut data = pos.first().copied();
    let mut string = None;
    let mut vals = vec![None; extra.len()];
    for (k, v) in kw {
        match k.as_str() {
            "data" if data.is_some() => {
                return Err(PyErr::type_error(format!(
                    "argument for {fname}() given by name ('data') and position (1)"
                )))
            }
            "data" => data = Some(*v),
            "string" => string = Some(*v),
            "usedforsecurity" => {}
            other => match extra.iter().position(|e| *e == other) {
                Some(i) => vals[i] = Some(*v),
                None => {
                    return Err(PyErr::type_error(format!(
                        "{fname}() got an unexpected keyword argument '{other}'"
                    )))
                }
            },
        }
    }
    if data.is_some() && string.is_some() {
        return Err(PyErr::type_error(DATA_STRING));
    }
    vals.push(data.or(string));
    Ok(vals)
}

fn hash_ctor(vm: &mut Vm, algo: Algo, a: &Args) -> PyResult<Value> {
    if algo.is_blake() {
        return blake_ctor(vm, algo, &a.pos, &a.kw);
    }
    let fname = format!("openssl_{}", algo.name());
    let vals = bind_data(&fname, &a.pos, &a.kw, &[])?;
    let data = match vals[0] {
        Some(v) => buffer(vm, v)?,
        None => Vec::new(),
    };
    let mut h = Hasher::new(algo, None);
    h.update(&data);
    Ok(new_hash(vm, h))
}

/// A C `int` argument.
fn c_int(vm: &Vm, v: Value) -> PyResult<i64> {
    match v {
        Value::Ref(id) if matches!(vm.heap.get(id), Obj::BigInt(_)) => Err(PyErr::new(
            ExcType::OverflowError,
            "Python int too large to convert to C int",
        )),
        _ => {
            let n = vm.index_arg(v)?;
            if n > i32::MAX as i64 || n < i32::MIN as i64 {
                return Err(PyErr::new(
                    ExcType::OverflowError,
                    "Python int too large to convert to C int",
                ));
            }
            Ok(n)
        }
    }
}

/// A C unsigned 64-bit argument (`what` names the C type in the error).
fn c_unsigned(vm: &Vm, v: Value, what: &str) -> PyResult<u64> {
    let n = vm.bigint_arg(v)?;
    if n.is_negative() {
        return Err(PyErr::value_error("Cannot convert negative int"));
    }
    n.to_u64().ok_or_else(|| {
        PyErr::new(
            ExcType::OverflowError,
            format!("Python int too large for C {what}"),
        )
    })
}

fn blake_ctor(vm: &mut Vm, algo: Algo, pos: &[Value], kw: &Kwargs) -> PyResult<Value> {
    // `last_node`'s truth test may run Python code: keep the arguments alive
    let roots: Vec<Value> = pos
        .iter()
        .copied()
        .chain(kw.iter().map(|kv| kv.1))
        .collect();
    super::util::rooted(vm, &roots, |vm| blake_ctor_rooted(vm, algo, pos, kw))
}

fn blake_ctor_rooted(vm: &mut Vm, algo: Algo, pos: &[Value], kw: &Kwargs) -> PyResult<Value> {
    const NAMES: &[&str] = &[
        "digest_size",
        "key",
        "salt",
        "person",
        "fanout",
        "depth",
        "leaf_size",
        "node_offset",
        "node_depth",
        "inner_size",
        "last_node",
    ];
    let fname = algo.name();
    let v = bind_data(fname, pos, kw, NAMES)?;
    let big = algo == Algo::Blake2b;
    let (max_digest, max_key, max_salt) = if big { (64, 64, 16) } else { (32, 32, 8) };
    let mut p = Blake2Params::default_for(algo);
    let digest = v[0].map(|x| c_int(vm, x)).transpose()?;
    let bytes_of = |x: Option<Value>| -> PyResult<Vec<u8>> {
        x.map(|x| vm.bytes_arg(x))
            .transpose()
            .map(Option::unwrap_or_default)
    };
    p.key = bytes_of(v[1])?;
    p.salt = bytes_of(v[2])?;
    p.person = bytes_of(v[3])?;
    let fanout = v[4].map(|x| c_int(vm, x)).transpose()?;
    let depth = v[5].map(|x| c_int(vm, x)).transpose()?;
    let leaf = v[6]
        .map(|x| c_unsigned(vm, x, "unsigned long"))
        .transpose()?;
    let offset = v[7]
        .map(|x| c_unsigned(vm, x, "unsigned long long"))
        .transpose()?;
    let node_depth = v[8].map(|x| c_int(vm, x)).transpose()?;
    let inner = v[9].map(|x| c_int(vm, x)).transpose()?;
    p.last_node = match v[10] {
        Some(x) => vm.truthy(x)?,
        None => false,
    };
    let cap = if big { "Blake2b" } else { "Blake2s" };
    if let Some(d) = digest {
        if !(1..=max_digest).contains(&d) {
            return Err(PyErr::value_error(format!(
                "digest_size for {cap} must be between 1 and {max_digest} bytes, here it is {d}"
            )));
        }
        p.digest_size = d as usize;
    }
    let too_long = |what: &str, val: &[u8], max: i64| -> PyResult<()> {
        if val.len() > max as usize {
            return Err(PyErr::value_error(format!(
                "maximum {what} length is {max} bytes"
            )));
        }
        Ok(())
    };
    too_long("salt", &p.salt, max_salt)?;
    too_long("person", &p.person, max_salt)?;
    let in_range = |x: Option<i64>, lo: i64, msg: &str| -> PyResult<Option<u8>> {
        match x {
            Some(n) if !(lo..=255).contains(&n) => Err(PyErr::value_error(msg)),
            other => Ok(other.map(|n| n as u8)),
        }
    };
    if let Some(f) = in_range(fanout, 0, "fanout must be between 0 and 255")? {
        p.fanout = f;
    }
    if let Some(d) = in_range(depth, 1, "depth must be between 1 and 255")? {
        p.depth = d;
    }
    if let Some(l) = leaf {
        if l > u32::MAX as u64 {
            return Err(PyErr::new(ExcType::OverflowError, "leaf_size is too large"));
        }
        p.leaf_size = l as u32;
    }
    if let Some(o) = offset {
        if !big && o >= 1 << 48 {
            return Err(PyErr::new(
                ExcType::OverflowError,
                "node_offset is too large",
            ));
        }
        p.node_offset = o;
    }
    if let Some(d) = in_range(node_depth, 0, "node_depth must be between 0 and 255")? {
        p.node_depth = d;
    }
    if let Some(i) = inner {
        if !(0..=max_digest).contains(&i) {
            return Err(PyErr::value_error(format!(
                "inner_size must be between 0 and is {max_digest}"
            )));
        }
        p.inner_size = i as u8;
    }
    too_long("key", &p.key, max_key)?;
    let data = match v[NAMES.len()] {
        Some(x) => buffer(vm, x)?,
        None => Vec::new(),
    };
    let mut h = Hasher::new(algo, Some(&p));
    h.update(&data);
    Ok(new_hash(vm, h))
}

/// The algorithm `hashlib.new(name)` means: Python's names exactly, or
/// OpenSSL's (case-insensitive).
pub fn algo_by_name(name: &str) -> Option<Algo> {
    if let Some(a) = Algo::ALL.iter().find(|a| a.name() == name) {
        return Some(*a);
    }
    Some(match name.to_ascii_lowercase().as_str() {
        "md5" => Algo::Md5,
        "sha1" | "sha-1" => Algo::Sha1,
        "sha224" | "sha-224" => Algo::Sha224,
        "sha256" | "sha-256" => Algo::Sha256,
        "sha384" | "sha-384" => Algo::Sha384,
        "sha512" | "sha-512" => Algo::Sha512,
        "sha3-224" => Algo::Sha3_224,
        "sha3-256" => Algo::Sha3_256,
        "sha3-384" => Algo::Sha3_384,
        "sha3-512" => Algo::Sha3_512,
        "shake128" => Algo::Shake128,
        "shake256" => Algo::Shake256,
        "blake2b512" => Algo::Blake2b,
        "blake2s256" => Algo::Blake2s,
        _ => return None,
    })
}

fn new(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let by_kw = a.kwarg("name");
    let name = match (a.pos.first().copied(), by_kw) {
        (Some(_), Some(_)) => {
            return Err(PyErr::type_error(
                "__hash_new() got multiple values for argument 'name'",
            ))
        }
        (Some(v), None) | (None, Some(v)) => v,
        (None, None) => {
            return Err(PyErr::type_error(
                "__hash_new() missing 1 required positional argument: 'name'",
            ))
        }
    };
    let Some(name) = as_str(&vm.heap, name).map(str::to_string) else {
        return Err(PyErr::type_error(format!(
            "new() argument 'name' must be str, not {}",
            vm.class_name(name)
        )));
    };
    let pos: Vec<Value> = a.pos.iter().skip(1).copied().collect();
    let kw: Kwargs = a.kw.iter().filter(|(k, _)| k != "name").cloned().collect();
    let algo = algo_by_name(&name);
    if let Some(b) = algo.filter(|a| a.is_blake()) {
        return blake_ctor(vm, b, &pos, &kw);
    }
    if pos.len() > 1 {
        return Err(PyErr::type_error(format!(
            "new() takes at most 2 positional arguments ({} given)",
            pos.len() + 1
        )));
    }
    let total = a.pos.len() + a.kw.len();
    if total > 4 {
        return Err(PyErr::type_error(format!(
            "new() takes at most 4 arguments ({total} given)"
        )));
    }
    let vals = bind_data("new", &pos, &kw, &[])?;
    let data = match vals[0] {
        Some(v) => buffer(vm, v)?,
        None => Vec::new(),
    };
    let Some(algo) = algo else {
        return Err(PyErr::value_error(format!("unsupported hash type {name}")));
    };
    let mut h = Hasher::new(algo, None);
    h.update(&data);
    Ok(new_hash(vm, h))
}

fn pbkdf2_hmac(vm: &mut Vm, a: Args) -> PyResult<Value> {
    let total = a.pos.len() + a.kw.len();
    if total > 5 {
        let what = if a.pos.is_empty() {
            "keyword arguments"
        } else {
            "arguments"
        };
        return Err(PyErr::type_error(format!(
            "pbkdf2_hmac() takes at most 5 {what} ({total} given)"
        )));
    }
    let s = bind(
        &a,
        &Sig {
            name: "pbkdf2_hmac",
            params: &["hash_name", "password", "salt", "iterations", "dklen"],
            required: 4,
            posonly: 0,
            kwonly: &[],
            method: false,
            style: Style::Clinic,
        },
    )?;
    let name = s[0].expect("required");
    let Some(name) = as_str(&vm.heap, name).map(str::to_string) else {
        return Err(PyErr::type_error(format!(
            "pbkdf2_hmac() argument 'hash_name' must be str, not {}",
            vm.class_name(name)
        )));
    };
    let password = vm.bytes_arg(s[1].expect("required"))?;
    let salt = vm.bytes_arg(s[2].expect("required"))?;
    let long = |vm: &Vm, v: Value| -> PyResult<i64> {
        match v {
            Value::Ref(id) if matches!(vm.heap.get(id), Obj::BigInt(_)) => Err(PyErr::new(
                ExcType::OverflowError,
                "Python int too large to convert to C long",
            )),
            _ => vm.index_arg(v),
        }
    };
    let iterations = long(vm, s[3].expect("required"))?;
    if iterations < 1 {
        return Err(PyErr::value_error(
            "iteration value must be greater than 0.",
        ));
    }
    if iterations > i32::MAX as i64 {
        return Err(PyErr::new(
            ExcType::OverflowError,
            "iteration value is too great.",
        ));
    }
    let dklen = match s[4].filter(|v| !v.is_none()) {
        Some(v) => {
            let n = long(vm, v)?;
            if n < 1 {
                return Err(PyErr::value_error("key length must be greater than 0."));
            }
            if n > i32::MAX as i64 {
                return Err(PyErr::new(
                    ExcType::OverflowError,
                    "key length is too great.",
                ));
            }
            Some(n as usize)
        }
        None => None,
    };
    let algo = algo_by_name(&name).ok_or_else(|| {
        PyErr::value_error(format!(
            "[digital envelope routines] unsupported hash type {name}"
        ))
    })?;
    if algo.is_xof() {
        return Err(PyErr::value_error("no reason supplied"));
    }
    let dklen = dklen.unwrap_or(algo.digest_size());
    vm.check_alloc(dklen as u128)?;
    let out = pbkdf2(algo, &password, &salt, iterations as u64, dklen);
    Ok(vm.new_bytes(out))
}

macro_rules! ctor {
    ($f:ident, $algo:expr) => {
        fn $f(vm: &mut Vm, a: Args) -> PyResult<Value> {
            hash_ctor(vm, $algo, &a)
        }
    };
}

ctor!(md5, Algo::Md5);
ctor!(sha1, Algo::Sha1);
ctor!(sha224, Algo::Sha224);
ctor!(sha256, Algo::Sha256);
ctor!(sha384, Algo::Sha384);
ctor!(sha512, Algo::Sha512);
ctor!(sha3_224, Algo::Sha3_224);
ctor!(sha3_256, Algo::Sha3_256);
ctor!(sha3_384, Algo::Sha3_384);
ctor!(sha3_512, Algo::Sha3_512);
ctor!(shake_128, Algo::Shake128);
ctor!(shake_256, Algo::Shake256);
ctor!(blake2b, Algo::Blake2b);
ctor!(blake2s, Algo::Blake2s);

fn init(vm: &mut Vm, out: &mut Vec<(String, Value)>) {
    for attr in ["algorithms_guaranteed", "algorithms_available"] {
        let mut d = Dict::new();
        for algo in Algo::ALL {
            let s = vm.new_str(algo.name());
            d.insert(
                crate::object::HashKey::Str(algo.name().into()),
                s,
                Value::None,
            );
        }
        let set = vm.heap.new_value(Obj::Set(d));
        out.push((attr.to_string(), set));
    }
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "hashlib",
    funcs: natives_table![
        md5,
        sha1,
        sha224,
        sha256,
        sha384,
        sha512,
        sha3_224,
        sha3_256,
        sha3_384,
        sha3_512,
        shake_128,
        shake_256,
        blake2b,
        blake2s,
        new,
        pbkdf2_hmac,
    ],
    init,
};
