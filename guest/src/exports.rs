//! The wit-bindgen glue: the world's exports, backed by one [`Session`]
//! per instance (hosts use a fresh instance per execution).

use std::cell::RefCell;

use crate::Session;

wit_bindgen::generate!({
    world: "sandbox",
    path: "../wit",
});

thread_local! {
    static SESSION: RefCell<Session> = RefCell::new(Session::default());
}

struct Sandbox;

impl Guest for Sandbox {
    fn start(request: String) -> String {
        SESSION.with(|s| s.borrow_mut().start(&request))
    }

    fn resume(reply: String) -> String {
        SESSION.with(|s| s.borrow_mut().resume(&reply))
    }

    fn snapshot() -> Vec<u8> {
        SESSION.with(|s| s.borrow_mut().snapshot())
    }

    fn restore(state: Vec<u8>) -> String {
        SESSION.with(|s| s.borrow_mut().restore(&state))
    }

    fn check(request: String) -> String {
        crate::check(&request)
    }
}

export!(Sandbox);
