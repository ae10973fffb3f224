//! `hashlib`: MD5, SHA-1, SHA-2, SHA-3, SHAKE and BLAKE2 hash objects
//! (`update`, `digest`, `hexdigest`, `copy`, `name`, `digest_size`,
//! `block_size`), `new()` with OpenSSL's alternative names, and
//! `pbkdf2_hmac`, with CPython 3.14's argument checks. The algorithms are
//! in `digests.rs`; a hash object is `NativeObj::Hash`.

use num_traits::{Signed, ToPrimitive};

use super::digests::{pbkdf2, Algo, Hasher};
use super::digests_sponge::Blake2Params;
use super::objects::NativeObj;
use super::ModuleDef;
use crate::builtins::Args;
use crate::object::bytes::as_bytes;
use crate::object::{Dict, ExcType, Obj, Value};
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
    vm.heap.new_value(Obj::from(NativeObj::Hash(Box::new(h))))
}

/// The data of a constructor, given as `data` or (deprecated) `string`.
fn data_of(data: Option<Value>, string: Option<Value>) -> PyResult<Option<Value>> {
    if data.is_some() && string.is_some() {
        return Err(PyErr::type_error(DATA_STRING));
    }
    Ok(data.or(string))
}

/// A hash object of `algo` fed `data`.
fn hash_of(vm: &mut Vm, algo: Algo, data: Option<Value>) -> PyResult<Value> {
    let data = match data {
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

/// A BLAKE2 hash object: `v` holds `digest_size`, `key`, `salt`,
/// `person`, `fanout`, `depth`, `leaf_size`, `node_offset`, `node_depth`,
/// `inner_size` and `last_node` as given.
fn blake_of(
    vm: &mut Vm,
    algo: Algo,
    v: [Option<Value>; 11],
    data: Option<Value>,
) -> PyResult<Value> {
    // `last_node`'s truth test may run Python code: keep the arguments alive
    let roots: Vec<Value> = v.iter().chain([&data]).flatten().copied().collect();
    super::util::rooted(vm, &roots, |vm| blake_rooted(vm, algo, v, data))
}

fn blake_rooted(
    vm: &mut Vm,
    algo: Algo,
    v: [Option<Value>; 11],
    data: Option<Value>,
) -> PyResult<Value> {
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
    let data = match data {
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

native! {
    /// `hashlib.new(...)`: more than two positionals are refused with
    /// `_hashlib.new`'s message (CPython 3.14's, which the peer suite
    /// expects; 3.13's `__hash_new` words it as a Python function), the
    /// rest bound as `__hash_new`.
    builtin fn new(vm, *args, **kwargs) {
        if args.len() > 2 {
            let blake = as_str(&vm.heap, args[0])
                .and_then(algo_by_name)
                .filter(|a| a.is_blake());
            if let Some(b) = blake {
                let rest = Args::new(b.name(), args[1..].to_vec(), kwargs);
                return if b == Algo::Blake2b { blake2b(vm, rest) } else { blake2s(vm, rest) };
            }
            return openssl_new(vm, Args::new("new", args, kwargs));
        }
        hash_new(vm, Args::new("new", args, kwargs))
    }

    /// `hashlib.new(name, data=b'', **kwargs)`: CPython's `__hash_new`,
    /// which passes on to a BLAKE2 constructor or `_hashlib.new`.
    def fn hash_new as "__hash_new"(vm, name, data?, **kwargs) {
        let Some(algo_name) = as_str(&vm.heap, name).map(str::to_string) else {
            return Err(PyErr::type_error(format!(
                "new() argument 'name' must be str, not {}",
                vm.class_name(name)
            )));
        };
        let algo = algo_by_name(&algo_name);
        if let Some(b) = algo.filter(|a| a.is_blake()) {
            let args = Args::new(b.name(), data.into_iter().collect(), kwargs);
            return if b == Algo::Blake2b { blake2b(vm, args) } else { blake2s(vm, args) };
        }
        let mut pos = vec![name];
        pos.extend(data);
        openssl_new(vm, Args::new("new", pos, kwargs))
    }

    /// `_hashlib.new(name, data=b'', *, usedforsecurity=True, string=None)`.
    clinic fn openssl_new as "new"(vm, name, data?, *, usedforsecurity?, string?) {
        let data = data_of(data, string)?;
        let algo_name = as_str(&vm.heap, name).unwrap_or_default().to_string();
        let Some(algo) = algo_by_name(&algo_name) else {
            // the data is checked first
            if let Some(v) = data {
                buffer(vm, v)?;
            }
            return Err(PyErr::value_error(format!("unsupported hash type {algo_name}")));
        };
        hash_of(vm, algo, data)
    }

    /// `hashlib.pbkdf2_hmac(hash_name, password, salt, iterations,
    /// dklen=None)`.
    clinic fn pbkdf2_hmac(vm, hash_name, password, salt, iterations, dklen?) {
        pbkdf2_of(vm, hash_name, password, salt, iterations, dklen)
    }
}

fn pbkdf2_of(
    vm: &mut Vm,
    name: Value,
    password: Value,
    salt: Value,
    iterations: Value,
    dklen: Option<Value>,
) -> PyResult<Value> {
    let Some(name) = as_str(&vm.heap, name).map(str::to_string) else {
        return Err(PyErr::type_error(format!(
            "pbkdf2_hmac() argument 'hash_name' must be str, not {}",
            vm.class_name(name)
        )));
    };
    let password = vm.bytes_arg(password)?;
    let salt = vm.bytes_arg(salt)?;
    let long = |vm: &Vm, v: Value| -> PyResult<i64> {
        match v {
            Value::Ref(id) if matches!(vm.heap.get(id), Obj::BigInt(_)) => Err(PyErr::new(
                ExcType::OverflowError,
                "Python int too large to convert to C long",
            )),
            _ => vm.index_arg(v),
        }
    };
    let iterations = long(vm, iterations)?;
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
    let dklen = match dklen.filter(|v| !v.is_none()) {
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

/// The constructors of the OpenSSL-style hashes:
/// `openssl_NAME(data=b'', *, usedforsecurity=True, string=None)`.
macro_rules! ctor {
    ($($f:ident($cname:literal) => $algo:expr;)*) => {$(
        native! {
            #[doc = concat!("`hashlib.", stringify!($f), "(data=b'', *, usedforsecurity=True, string=None)`.")]
            clinic fn $f as $cname(vm, data?, *, usedforsecurity?, string?) {
                let data = data_of(data, string)?;
                hash_of(vm, $algo, data)
            }
        }
    )*};
}

ctor! {
    md5("openssl_md5") => Algo::Md5;
    sha1("openssl_sha1") => Algo::Sha1;
    sha224("openssl_sha224") => Algo::Sha224;
    sha256("openssl_sha256") => Algo::Sha256;
    sha384("openssl_sha384") => Algo::Sha384;
    sha512("openssl_sha512") => Algo::Sha512;
    sha3_224("openssl_sha3_224") => Algo::Sha3_224;
    sha3_256("openssl_sha3_256") => Algo::Sha3_256;
    sha3_384("openssl_sha3_384") => Algo::Sha3_384;
    sha3_512("openssl_sha3_512") => Algo::Sha3_512;
    shake_128("openssl_shake_128") => Algo::Shake128;
    shake_256("openssl_shake_256") => Algo::Shake256;
}

native! {
    /// `hashlib.blake2b(data=b'', *, digest_size=64, key=b'', salt=b'',
    /// person=b'', fanout=1, depth=1, leaf_size=0, node_offset=0,
    /// node_depth=0, inner_size=0, last_node=False, usedforsecurity=True,
    /// string=None)`.
    clinic fn blake2b(
        vm, data?, *, digest_size?, key?, salt?, person?, fanout?, depth?, leaf_size?,
        node_offset?, node_depth?, inner_size?, last_node?, usedforsecurity?, string?
    ) {
        let data = data_of(data, string)?;
        let v = [
            digest_size, key, salt, person, fanout, depth, leaf_size, node_offset, node_depth,
            inner_size, last_node,
        ];
        blake_of(vm, Algo::Blake2b, v, data)
    }

    /// `hashlib.blake2s(...)`: `blake2b`'s parameters.
    clinic fn blake2s(
        vm, data?, *, digest_size?, key?, salt?, person?, fanout?, depth?, leaf_size?,
        node_offset?, node_depth?, inner_size?, last_node?, usedforsecurity?, string?
    ) {
        let data = data_of(data, string)?;
        let v = [
            digest_size, key, salt, person, fanout, depth, leaf_size, node_offset, node_depth,
            inner_size, last_node,
        ];
        blake_of(vm, Algo::Blake2s, v, data)
    }
}

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
        let set = vm.heap.new_value(Obj::Set(Box::new(d)));
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
