//! `native!`: a native function declared once, from its Python signature.
//!
//! ```ignore
//! native! {
//!     /// `binascii.b2a_base64(data, *, newline=True)`.
//!     clinic fn b2a_base64(vm, data, *, newline?) {
//!         let newline = match newline { Some(v) => vm.truthy(v)?, None => true };
//!         ...
//!     }
//! }
//! ```
//!
//! generates `fn b2a_base64(vm: &mut Vm, args: Args) -> PyResult<Value>`
//! that binds the call's arguments to the signature with CPython's messages
//! for missing, extra, repeated and unknown arguments ([`bind`]), then runs
//! the body with one variable per parameter:
//!
//! - `name`: a required positional-or-keyword parameter, a `Value`;
//! - `name?`: an optional one, an `Option<Value>` (`None` when not given,
//!   so the body applies the default, as CPython's C functions do);
//! - `/`: the parameters before it are positional-only;
//! - `*`: the parameters after it are keyword-only (all optional).
//!
//! The word before `fn` is how CPython reports argument errors for it:
//! `def` (a function defined in Python: `random.seed`, `statistics.mean`),
//! `def_method` (the same for a method: `self` counts in "takes N
//! positional arguments") or `clinic` (a C function whose arguments
//! Argument Clinic parses: `bisect_left`, `binascii.hexlify`). The name in
//! messages is the one the function was called by (its entry in the
//! module's table, so one function under two names reports each), unless
//! given with `as "Random.seed"`.
//!
//! [`bind`]: crate::util::bind

/// Declares native functions from their Python signatures (module docs).
macro_rules! native {
    (
        $(#[$meta:meta])*
        $style:ident fn $name:ident $(as $pyname:literal)? ($vm:ident $(, $($params:tt)*)?) $body:block
        $($more:tt)*
    ) => {
        native!(@params
            { [$(#[$meta])*] $style $name [$($pyname)?] $vm $body }
            [] [] [] [] pos $($($params)*)?
        );
        native!($($more)*);
    };
    () => {};

    // The parameter list, one token group at a time: required, optional
    // (`?`), `/` (the ones before it are positional-only), `*` (the ones
    // after it are keyword-only). Lists: required, optional, keyword-only,
    // positional-only.
    (@params $f:tt [$($r:ident)*] [$($o:ident)*] $k:tt $po:tt pos $p:ident ? $(, $($rest:tt)*)?) => {
        native!(@params $f [$($r)*] [$($o)* $p] $k $po pos $($($rest)*)?);
    };
    (@params $f:tt $r:tt [$($o:ident)+] $k:tt $po:tt pos $p:ident $(, $($rest:tt)*)?) => {
        compile_error!(concat!(
            "native!: required parameter `", stringify!($p), "` after an optional one"
        ));
    };
    (@params $f:tt [$($r:ident)*] $o:tt $k:tt $po:tt pos $p:ident $(, $($rest:tt)*)?) => {
        native!(@params $f [$($r)* $p] $o $k $po pos $($($rest)*)?);
    };
    (@params $f:tt [$($r:ident)*] [$($o:ident)*] $k:tt [] pos / $(, $($rest:tt)*)?) => {
        native!(@params $f [$($r)*] [$($o)*] $k [$($r)* $($o)*] pos $($($rest)*)?);
    };
    (@params $f:tt $r:tt $o:tt $k:tt $po:tt pos * $(, $($rest:tt)*)?) => {
        native!(@params $f $r $o $k $po kw $($($rest)*)?);
    };
    (@params $f:tt $r:tt $o:tt [$($k:ident)*] $po:tt kw $p:ident ? $(, $($rest:tt)*)?) => {
        native!(@params $f $r $o [$($k)* $p] $po kw $($($rest)*)?);
    };
    (@params $f:tt $r:tt $o:tt $k:tt $po:tt kw $p:ident $(, $($rest:tt)*)?) => {
        compile_error!(concat!(
            "native!: keyword-only parameters are optional, write `", stringify!($p), "?`"
        ));
    };
    (@params $f:tt $r:tt $o:tt $k:tt $po:tt $mode:ident) => {
        native!(@emit $f $r $o $k $po);
    };

    (@emit
        { [$($meta:tt)*] $style:ident $name:ident [$($pyname:literal)?] $vm:ident $body:block }
        [$($r:ident)*] [$($o:ident)*] [$($k:ident)*] [$($po:ident)*]
    ) => {
        $($meta)*
        fn $name($vm: &mut $crate::vm::Vm, args: $crate::builtins::Args)
            -> $crate::vm::PyResult<$crate::object::Value>
        {
            let sig = $crate::util::Sig {
                name: native!(@name [$($pyname)?] args),
                params: &[$(stringify!($r),)* $(stringify!($o),)*],
                required: <[&str]>::len(&[$(stringify!($r)),*]),
                posonly: <[&str]>::len(&[$(stringify!($po)),*]),
                kwonly: &[$(stringify!($k)),*],
                method: native!(@method $style),
                style: native!(@style $style),
            };
            let slots = $crate::util::bind(&args, &sig)?;
            #[allow(unused_mut, unused_variables)] // a function of no parameters
            let mut slots = slots.into_iter();
            $(
                // `bind` has checked that every required argument is there
                #[allow(unused_variables)]
                let $r: $crate::object::Value =
                    slots.next().flatten().unwrap_or($crate::object::Value::None);
            )*
            $(
                #[allow(unused_variables)]
                let $o: Option<$crate::object::Value> = slots.next().flatten();
            )*
            $(
                #[allow(unused_variables)]
                let $k: Option<$crate::object::Value> = slots.next().flatten();
            )*
            $body
        }
    };

    (@name [] $args:ident) => { $args.name };
    (@name [$pyname:literal] $args:ident) => { $pyname };
    (@method def) => { false };
    (@method def_method) => { true };
    (@method clinic) => { false };
    (@style def) => { $crate::util::Style::Def };
    (@style def_method) => { $crate::util::Style::Def };
    (@style clinic) => { $crate::util::Style::Clinic };
}

/// The `funcs` table of a [`ModuleDef`](crate::ModuleDef). Entries are
/// `name` (a function under its own name), `name = path` (under another
/// name) or `"name" => path` (a name that is not a Rust identifier).
macro_rules! natives_table {
    (@acc [$($out:tt)*]) => { &[$($out)*] };
    (@acc [$($out:tt)*] $name:ident = $f:path $(, $($rest:tt)*)?) => {
        natives_table!(@acc [$($out)* $crate::NativeFn { name: stringify!($name), call: $f },]
            $($($rest)*)?)
    };
    (@acc [$($out:tt)*] $name:literal => $f:path $(, $($rest:tt)*)?) => {
        natives_table!(@acc [$($out)* $crate::NativeFn { name: $name, call: $f },] $($($rest)*)?)
    };
    (@acc [$($out:tt)*] $name:ident $(, $($rest:tt)*)?) => {
        natives_table!(@acc [$($out)* $crate::NativeFn { name: stringify!($name), call: $name },]
            $($($rest)*)?)
    };
    ($($entries:tt)*) => { natives_table!(@acc [] $($entries)*) };
}
