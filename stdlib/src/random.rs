//! `random`: CPython's Mersenne Twister (MT19937) with CPython's seeding, so
//! a seeded program draws exactly the numbers CPython draws. This file owns
//! the generator state (plain data kept in `Vm::random_state`), seeding,
//! `random`/`getrandbits`/`randbytes`, `getstate`/`setstate` and the module
//! table; `random_ops` has the integer, sequence and distribution methods.
//!
//! The sandbox has no entropy: `seed()`/`seed(None)` and an unseeded
//! generator use a fixed seed (the same as `seed(0)`), so unseeded programs
//! are deterministic too.

use num_bigint::{BigInt, Sign};
use num_traits::{Signed, ToPrimitive};

use super::digests::{digest, Algo};
use super::random_ops as ops;
pub use super::random_state::State;
use super::random_state::N;
use super::ModuleDef;
use crate::builtins::Builtin;
use crate::object::{int, ExcType, Obj, Value};
use crate::vm::library_data::LibData;
use crate::vm::ops::Num;
use crate::vm::{PyErr, PyResult, Vm};
use monty_compile::bytecode::BinOp;

/// The module's generator as the core holds it (`Vm::random_state`): a
/// [`State`] of monty-kernels, which cannot itself implement the core's
/// `LibraryData`. Its snapshot bytes are the state's own (transparent).
#[derive(Clone, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct Generator(pub State);

/// The module's generator, created on first use.
pub fn state(vm: &mut Vm) -> &mut State {
    &mut vm
        .random_state
        .get_or_insert_with(|| LibData::new(Generator(State::default_seeded())))
        .downcast_mut::<Generator>()
        .expect("the random module's state is a random::Generator")
        .0
}

fn seed_type_error() -> PyErr {
    PyErr::type_error(
        "The only supported seed types are:\nNone, int, float, str, bytes, and bytearray.",
    )
}

/// The generator `random.seed(a, version)` makes.
pub fn seeded(vm: &mut Vm, a: Value, version: Value) -> PyResult<State> {
    if a.is_none() {
        return Ok(State::default_seeded());
    }
    // str, bytes and bytearray seeds: (is str, the bytes, chars for version 1)
    let text: Option<(bool, Vec<u8>, Vec<u32>)> = match a {
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Str(s) => Some((
                true,
                s.s.as_bytes().to_vec(),
                s.s.chars().map(u32::from).collect(),
            )),
            Obj::Bytes(b) | Obj::ByteArray(b) => {
                Some((false, b.clone(), b.iter().map(|c| u32::from(*c)).collect()))
            }
            _ => None,
        },
        _ => None,
    };
    if let Some((_, bytes, chars)) = text {
        if vm.py_eq(version, Value::Int(1))? {
            let mut x: u64 = chars.first().map_or(0, |c| u64::from(*c) << 7);
            for c in &chars {
                x = 1_000_003u64.wrapping_mul(x) ^ u64::from(*c);
            }
            x ^= chars.len() as u64;
            return Ok(State::from_int(&BigInt::from(x)));
        }
        if vm.py_eq(version, Value::Int(2))? {
            let mut all = bytes.clone();
            all.extend_from_slice(&digest(Algo::Sha512, &bytes));
            return Ok(State::from_int(&BigInt::from_bytes_be(Sign::Plus, &all)));
        }
        // other versions seed from the hash, as CPython does
        let h = crate::builtins::dispatch::call_builtin(vm, Builtin::Hash, vec![a], Vec::new())?;
        let h = vm.bigint_arg(h)?;
        return Ok(State::from_int(&BigInt::from(
            h.to_i64().unwrap_or(0) as u64
        )));
    }
    match vm.as_num(a) {
        Some(Num::Int(i)) => Ok(State::from_int(&BigInt::from(i).abs())),
        Some(Num::Big(b)) => Ok(State::from_int(&b.abs())),
        Some(Num::Float(f)) => Ok(State::from_int(&BigInt::from(
            crate::object::float::hash(f) as u64,
        ))),
        None => Err(seed_type_error()),
    }
}

native! {
    /// `Random.seed(a=None, version=2)`.
    def_method fn seed as "Random.seed"(vm, a?, version?) {
        let st = seeded(
            vm,
            a.unwrap_or(Value::None),
            version.unwrap_or(Value::Int(2)),
        )?;
        vm.random_state = Some(LibData::new(Generator(st)));
        Ok(Value::None)
    }

    /// `Random.getstate()`.
    def_method fn getstate as "Random.getstate"(vm) {
        let st = state(vm).clone();
        let mut words: Vec<Value> = st.mt.iter().map(|w| Value::Int(i64::from(*w))).collect();
        words.push(Value::Int(st.index as i64));
        let words = vm.new_tuple(words);
        let gauss = st.gauss_next.map_or(Value::None, Value::Float);
        Ok(vm.new_tuple(vec![Value::Int(3), words, gauss]))
    }
}

native! {
    /// `Random.random()`.
    builtin fn random in "Random" (vm) {
        Ok(Value::Float(state(vm).random()))
    }

    /// `Random.getrandbits(k, /)`.
    builtin fn getrandbits in "Random" (vm, k, /) {
        let k = count_arg(vm, k)?;
        vm.check_alloc(u128::from(k / 8))?;
        let r = state(vm).getrandbits(k);
        Ok(int::from_bigint(&mut vm.heap, r))
    }

    /// `Random.randbytes(n)` (a Python method in CPython).
    def_method fn randbytes as "Random.randbytes"(vm, n) {
        let n = count_arg(vm, n)?;
        if n > (i64::MAX as u64) / 8 {
            return Err(PyErr::new(
                ExcType::OverflowError,
                "Python int too large for C uint64_t",
            ));
        }
        vm.check_alloc(u128::from(n))?;
        let r = state(vm).getrandbits(n * 8);
        let mut bytes = r.to_bytes_le().1;
        bytes.resize(n as usize, 0);
        Ok(vm.heap.new_value(Obj::Bytes(bytes)))
    }
}

/// A bit count or byte count: a non-negative int below 2**64.
fn count_arg(vm: &Vm, v: Value) -> PyResult<u64> {
    let n = vm.bigint_arg(v)?;
    if n.is_negative() {
        return Err(PyErr::value_error("Cannot convert negative int"));
    }
    n.to_u64().ok_or_else(|| {
        PyErr::new(
            ExcType::OverflowError,
            "Python int too large for C uint64_t",
        )
    })
}

/// One word of a state vector, as CPython's `PyLong_AsUnsignedLong`.
fn state_word(vm: &Vm, v: Value) -> PyResult<u32> {
    match vm.as_num(v) {
        Some(Num::Int(i)) if i < 0 => Err(PyErr::new(
            ExcType::OverflowError,
            "can't convert negative value to unsigned int",
        )),
        Some(Num::Int(i)) => Ok(i as u32),
        Some(Num::Big(b)) if b.is_negative() => Err(PyErr::new(
            ExcType::OverflowError,
            "can't convert negative value to unsigned int",
        )),
        Some(Num::Big(b)) => b.to_u64().map(|u| u as u32).ok_or_else(|| {
            PyErr::new(
                ExcType::OverflowError,
                "Python int too large to convert to C unsigned long",
            )
        }),
        _ => Err(PyErr::type_error("an integer is required")),
    }
}

native! {
    /// `Random.setstate(state)`.
    def_method fn setstate as "Random.setstate"(vm, state) {
        let version = vm.get_item(state, Value::Int(0))?;
        let v3 = vm.py_eq(version, Value::Int(3))?;
        if !v3 && !vm.py_eq(version, Value::Int(2))? {
            let shown = vm.str_of(version)?;
            return Err(PyErr::value_error(format!(
                "state with version {shown} passed to Random.setstate() of version 3"
            )));
        }
        if let Value::Ref(id) = state {
            if let Some(items) = vm.heap.get(id).seq() {
                if items.len() > 3 {
                    return Err(PyErr::value_error(format!(
                        "too many values to unpack (expected 3, got {})",
                        items.len()
                    )));
                }
            }
        }
        let parts = vm.unpack_exact(state, 3)?;
        let mut internal = parts[1];
        if !v3 {
            let words = vm.collect_iterable(internal)?;
            let modulus = int::from_bigint(&mut vm.heap, BigInt::from(1u64 << 32));
            let mut reduced = Vec::with_capacity(words.len());
            for w in words {
                reduced.push(vm.binary_op(BinOp::Mod, w, modulus, false)?);
            }
            internal = vm.new_tuple(reduced);
        }
        let gauss = match parts[2] {
            Value::Float(f) => Some(f),
            Value::Int(i) => Some(i as f64),
            _ => None,
        };
        let words = match internal {
            Value::Ref(id) => match vm.heap.get(id) {
                Obj::Tuple(t) => t.clone(),
                _ => return Err(PyErr::type_error("state vector must be a tuple")),
            },
            _ => return Err(PyErr::type_error("state vector must be a tuple")),
        };
        if words.len() != N + 1 {
            return Err(PyErr::value_error("state vector is the wrong size"));
        }
        let mut mt = Vec::with_capacity(N);
        for w in &words[..N] {
            mt.push(state_word(vm, *w)?);
        }
        let index = vm.index_arg(words[N])?;
        if !(0..=N as i64).contains(&index) {
            return Err(PyErr::value_error("invalid state"));
        }
        vm.random_state = Some(LibData::new(Generator(State {
            mt,
            index: index as usize,
            gauss_next: gauss,
        })));
        Ok(Value::None)
    }
}

fn init(_vm: &mut Vm, _attrs: &mut Vec<(String, Value)>) {}

pub static MODULE: ModuleDef = ModuleDef {
    name: "random",
    funcs: natives_table![
        seed = seed,
        random = random,
        getrandbits = getrandbits,
        randbytes = randbytes,
        getstate = getstate,
        setstate = setstate,
        randrange = ops::randrange,
        randint = ops::randint,
        choice = ops::choice,
        shuffle = ops::shuffle,
        sample = ops::sample,
        choices = ops::choices,
        uniform = ops::uniform,
        triangular = ops::triangular,
        normalvariate = ops::normalvariate,
        gauss = ops::gauss,
        lognormvariate = ops::lognormvariate,
        expovariate = ops::expovariate,
        vonmisesvariate = ops::vonmisesvariate,
        gammavariate = ops::gammavariate,
        betavariate = ops::betavariate,
        paretovariate = ops::paretovariate,
        weibullvariate = ops::weibullvariate,
        binomialvariate = ops::binomialvariate,
        Random = super::random_obj::new_random,
    ],
    init,
};
