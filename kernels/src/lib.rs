//! The computations under monty's modules that name nothing of the VM
//! (`monty-kernels`): [`random_state`], `random`'s Mersenne Twister and
//! its draws, and [`digests`] (with [`digests_sponge`]), the message
//! digests of `hashlib`, `hmac` and `uuid`.
//!
//! A crate of its own so that it is compiled for speed (opt-level 3) in
//! monty.wasm while `monty-stdlib`, which declares the modules, is compiled
//! for size (README.md, "Module size"): a program drawing random numbers
//! in a loop or hashing data spends its time here, not in the glue.

pub mod digests;
pub mod digests_sponge;
pub mod random_state;

#[cfg(test)]
mod tests {
    use crate::digests::{digest, Algo};
    use crate::random_state::State;

    fn hex(algo: Algo, data: &[u8]) -> String {
        digest(algo, data)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }

    #[test]
    fn digests_of_the_standards_vectors() {
        assert_eq!(hex(Algo::Md5, b""), "d41d8cd98f00b204e9800998ecf8427e");
        assert_eq!(
            hex(Algo::Sha256, b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert!(hex(Algo::Sha512, b"abc").starts_with("ddaf35a193617aba"));
    }

    #[test]
    fn generator_draws_as_cpython() {
        // random.seed(0); random.random() and random.Random(42).random()
        assert_eq!(State::default_seeded().random(), 0.8444218515250481);
        assert_eq!(State::from_key(&[42]).random(), 0.6394267984578837);
    }
}
