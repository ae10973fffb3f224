//! `native!`: a native function or method declared once, from its Python
//! signature; `native_methods!`: the method table of a type.
//!
//! ```ignore
//! native! {
//!     /// `list.insert(index, object, /)`.
//!     builtin method insert(vm, this, index, object, /) { ... }
//!
//!     /// `binascii.b2a_base64(data, *, newline=True)`.
//!     clinic fn b2a_base64(vm, data, *, newline?) { ... }
//! }
//! ```
//!
//! A `fn` becomes `fn name(vm: &mut Vm, args: Args) -> PyResult<Value>`,
//! a `method` `fn name(vm: &mut Vm, this: Value, args: Args) -> ...`
//! (its first parameter is the receiver). The generated code binds the
//! call's arguments to the signature with CPython's messages, then runs the
//! body with one variable per parameter:
//!
//! - `name`: a required parameter, a `Value`;
//! - `name?`: an optional one, an `Option<Value>` (`None` when not given,
//!   so the body applies the default, as CPython's C functions do);
//! - `/`: the parameters before it are positional-only;
//! - `*`: the parameters after it are keyword-only (all optional);
//! - `*rest`: the remaining positionals, a `Vec<Value>` (`builtin`,
//!   `unpack` and `getargs`);
//! - `**kwargs`: the keywords (for `def`, the ones that name no
//!   parameter), a `Kwargs` (`builtin`, `unpack` and `def`).
//!
//! The word before `fn` is how CPython reports argument errors for it:
//!
//! - `builtin`: a C function that takes a tuple of positionals and a
//!   keyword allow-list ([`Args::check`]: `len() takes exactly one argument
//!   (2 given)`, `isinstance expected 2 arguments, got 1`); its required
//!   parameters are positional-only. Binding allocates nothing: the
//!   builtins on the hot path use it.
//! - `unpack`: a `builtin` whose positionals CPython counts with
//!   `PyArg_UnpackTuple` or `_PyArg_CheckPositional`, which word one or no
//!   parameter as any other count ([`Args::check_unpack`]: `pairwise
//!   expected 1 argument, got 0` where a `builtin` says `takes exactly one
//!   argument (0 given)`);
//! - `clinic`: a C function whose arguments Argument Clinic parses
//!   (`bisect_left`, `binascii.hexlify`);
//! - `getargs`: a C function that parses a tuple of positionals with
//!   `PyArg_ParseTuple` and takes no keywords ([`Args::check_getargs`]:
//!   `strptime() takes exactly 2 arguments (1 given)`, `group() takes no
//!   keyword arguments`); positional-only parameters and `*rest`;
//! - `keywords`: a C function that parses its arguments with
//!   `PyArg_ParseTupleAndKeywords` ([`bind_keywords`]: `function takes at
//!   most 2 arguments (3 given)`, `function missing required argument
//!   'other' (pos 1)`, `this function got an unexpected keyword argument
//!   'x'`); positional-or-keyword parameters only, required then `name?`;
//! - `def`: a function defined in Python (`random.seed`); `def_method` the
//!   same for a method, whose `self` counts in "takes N positional
//!   arguments".
//!
//! The name in messages is the one the function was called by (its table
//! entry, so one function under two names reports each), unless given with
//! `as "Random.seed"`. For `getargs` and `keywords`, `as` names the
//! function the format names (`"OO:strptime"`), which only their count and
//! binding messages use (`getargs`' "takes no keyword arguments" is the
//! call's, under the called name); `as ""` says the format names none
//! (`"OO"`: CPython then says `function takes exactly 2 arguments (1
//! given)`). A `builtin` may name its owner with `in "math"`:
//! CPython qualifies the messages of `METH_O`/`METH_NOARGS` functions and
//! "takes no keyword arguments" with the module or type (`math.sqrt()
//! takes exactly one argument (2 given)`, [`Args::qualname`]) but not the
//! others (`atan2 expected 2 arguments, got 1`). For a method the owner is
//! what its caller put in `Args::owner` (the receiver's type).
//!
//! A visibility before the style (`pub(super) builtin fn ...`) is the
//! function's.
//!
//! `native_in!` takes the path of the `Vm` type the functions take:
//! `monty-stdlib`'s own `native!` names it through the library's `vm`
//! module (the same type), so module code can use its extension traits.
//!
//! [`Args::check`]: crate::builtins::Args::check
//! [`Args::qualname`]: crate::builtins::Args::qualname
//! [`Args::check_getargs`]: crate::builtins::Args::check_getargs
//! [`Args::check_unpack`]: crate::builtins::Args::check_unpack
//! [`bind_keywords`]: crate::builtins::bind::bind_keywords

pub use super::Method;

/// The method of `table` called `name`.
pub fn find_method(table: &'static [Method], name: &str) -> Option<&'static Method> {
    table.iter().find(|m| m.name == name)
}

/// Declares native functions and methods in the core (module docs).
#[macro_export]
macro_rules! native {
    ($($t:tt)*) => { $crate::native_in! { [$crate::vm::Vm] $($t)* } };
}

/// `native!` with the path the functions name the VM type by
/// (`[path::to::Vm]`).
#[doc(hidden)]
#[macro_export]
macro_rules! native_in {
    ($vmty:tt) => {};
    (
        $vmty:tt
        $(#[$meta:meta])*
        $vis:vis $style:ident fn $name:ident $(as $pyname:literal)? $(in $owner:literal)? ($vm:ident $(, $($params:tt)*)?) $body:block
        $($more:tt)*
    ) => {
        $crate::native_in!(@params
            { $vmty [$(#[$meta])* $vis] $style $name [$($pyname)?] [$($owner)?] $vm [] $body }
            [] [] [] [] [] [] [] pos $($($params)*)?
        );
        $crate::native_in!($vmty $($more)*);
    };
    (
        $vmty:tt
        $(#[$meta:meta])*
        $vis:vis $style:ident method $name:ident $(as $pyname:literal)? $(in $owner:literal)? ($vm:ident, $this:ident $(, $($params:tt)*)?) $body:block
        $($more:tt)*
    ) => {
        $crate::native_in!(@params
            { $vmty [$(#[$meta])* $vis] $style $name [$($pyname)?] [$($owner)?] $vm [$this] $body }
            [] [] [] [] [] [] [] pos $($($params)*)?
        );
        $crate::native_in!($vmty $($more)*);
    };

    // The parameter list, one token group at a time. Lists: positional-only
    // required, positional-only optional, required, optional, keyword-only,
    // `*rest`, `**kwargs`.
    (@params $f:tt $por:tt $poo:tt $r:tt $o:tt $k:tt $v:tt [] $mode:ident * * $kw:ident $(,)?) => {
        $crate::native_in!(@params $f $por $poo $r $o $k $v [$kw] end);
    };
    (@params $f:tt $por:tt $poo:tt $r:tt [$($o:ident)*] $k:tt $v:tt $kw:tt pos $p:ident ? $(, $($rest:tt)*)?) => {
        $crate::native_in!(@params $f $por $poo $r [$($o)* $p] $k $v $kw pos $($($rest)*)?);
    };
    (@params $f:tt $por:tt $poo:tt $r:tt [$($o:ident)+] $k:tt $v:tt $kw:tt pos $p:ident $(, $($rest:tt)*)?) => {
        compile_error!(concat!(
            "native!: required parameter `", stringify!($p), "` after an optional one"
        ));
    };
    (@params $f:tt $por:tt [$($poo:ident)+] $r:tt $o:tt $k:tt $v:tt $kw:tt pos $p:ident $(, $($rest:tt)*)?) => {
        compile_error!(concat!(
            "native!: required parameter `", stringify!($p), "` after an optional one"
        ));
    };
    (@params $f:tt $por:tt $poo:tt [$($r:ident)*] $o:tt $k:tt $v:tt $kw:tt pos $p:ident $(, $($rest:tt)*)?) => {
        $crate::native_in!(@params $f $por $poo [$($r)* $p] $o $k $v $kw pos $($($rest)*)?);
    };
    (@params $f:tt [] [] $r:tt $o:tt $k:tt $v:tt $kw:tt pos / $(, $($rest:tt)*)?) => {
        $crate::native_in!(@params $f $r $o [] [] $k $v $kw pos $($($rest)*)?);
    };
    (@params $f:tt $por:tt $poo:tt $r:tt $o:tt $k:tt [] $kw:tt pos * $v:ident $(, $($rest:tt)*)?) => {
        $crate::native_in!(@params $f $por $poo $r $o $k [$v] $kw kw $($($rest)*)?);
    };
    (@params $f:tt $por:tt $poo:tt $r:tt $o:tt $k:tt $v:tt $kw:tt pos * $(, $($rest:tt)*)?) => {
        $crate::native_in!(@params $f $por $poo $r $o $k $v $kw kw $($($rest)*)?);
    };
    (@params $f:tt $por:tt $poo:tt $r:tt $o:tt [$($k:ident)*] $v:tt $kw:tt kw $p:ident ? $(, $($rest:tt)*)?) => {
        $crate::native_in!(@params $f $por $poo $r $o [$($k)* $p] $v $kw kw $($($rest)*)?);
    };
    (@params $f:tt $por:tt $poo:tt $r:tt $o:tt $k:tt $v:tt $kw:tt kw $p:ident $(, $($rest:tt)*)?) => {
        compile_error!(concat!(
            "native!: keyword-only parameters are optional, write `", stringify!($p), "?`"
        ));
    };
    (@params $f:tt $por:tt $poo:tt $r:tt $o:tt $k:tt $v:tt $kw:tt $mode:ident) => {
        $crate::native_in!(@emit $f $por $poo $r $o $k $v $kw);
    };
    (@params $f:tt $por:tt $poo:tt $r:tt $o:tt $k:tt $v:tt $kw:tt $mode:ident $($rest:tt)+) => {
        compile_error!(concat!("native!: cannot parse the parameters at `", stringify!($($rest)+), "`"));
    };

    // `builtin`: `Args::check`'s messages, no allocation; `unpack` the same
    // but with `Args::check_unpack`'s count messages.
    (@emit { $vmty:tt $meta:tt builtin $($f:tt)* } $($lists:tt)*) => {
        $crate::native_in!(@builtin check_count { $vmty $meta builtin $($f)* } $($lists)*);
    };
    (@emit { $vmty:tt $meta:tt unpack $($f:tt)* } $($lists:tt)*) => {
        $crate::native_in!(@builtin check_unpack { $vmty $meta builtin $($f)* } $($lists)*);
    };
    // Fixed parameters: bound (and the arguments dropped) out of line by
    // `bind_builtin`, so the native's own code is its body.
    (@builtin $count:ident
        { $vmty:tt [$($meta:tt)*] builtin $name:ident [$($pyname:literal)?] [$($owner:literal)?] $vm:ident [$($this:ident)?] $body:block }
        [$($por:ident)*] [$($poo:ident)*] [] [$($o:ident)*] [$($k:ident)*] [] []
    ) => {
        $crate::native_in!(@header $vmty [$($meta)*] $name $vm [$($this)?] args {
            $(args.name = $pyname;)?
            $(args.owner = $owner;)?
            let slots = $crate::builtins::bind::bind_builtin(
                args,
                $crate::native_in!(@unpack $count),
                <[&str]>::len(&[$(stringify!($por)),*]),
                <[&str]>::len(&[$(stringify!($por),)* $(stringify!($poo),)* $(stringify!($o),)*]),
                <[&str]>::len(&[$(stringify!($por),)* $(stringify!($poo),)*]),
                &[$(stringify!($por),)* $(stringify!($poo),)* $(stringify!($o),)* $(stringify!($k),)*],
            )?;
            let [$($por,)* $($poo,)* $($o,)* $($k,)*] = slots;
            $(
                // `bind_builtin` has checked that it is there
                let $por: $crate::object::Value = $por.unwrap_or($crate::object::Value::None);
            )*
            $body
        });
    };
    (@builtin $count:ident
        { $vmty:tt [$($meta:tt)*] builtin $name:ident [$($pyname:literal)?] [$($owner:literal)?] $vm:ident [$($this:ident)?] $body:block }
        [$($por:ident)*] [$($poo:ident)*] [] [$($o:ident)*] [$($k:ident)*] [$($v:ident)?] [$($kw:ident)?]
    ) => {
        $crate::native_in!(@header $vmty [$($meta)*] $name $vm [$($this)?] args {
            $(args.name = $pyname;)?
            $(args.owner = $owner;)?
            $crate::native_in!(@keywords args [$($kw)?] [$(stringify!($o),)* $(stringify!($k),)*]);
            let max = <[&str]>::len(&[$(stringify!($por),)* $(stringify!($poo),)* $(stringify!($o),)*]);
            $(let max = { let _ = stringify!($v); usize::MAX };)?
            args.$count(<[&str]>::len(&[$(stringify!($por)),*]), max)?;
            #[allow(unused_mut, unused_variables, unused_assignments)]
            let mut slot = 0usize;
            $(
                // the count is checked: it is there
                let $por: $crate::object::Value = args.pos[slot];
                slot += 1;
            )*
            $(
                let $poo: Option<$crate::object::Value> = args.pos.get(slot).copied();
                slot += 1;
            )*
            $(
                let $o: Option<$crate::object::Value> = args.get(slot, stringify!($o));
                slot += 1;
            )*
            $(
                let $k: Option<$crate::object::Value> = args.kwarg(stringify!($k));
            )*
            $(
                let $v: Vec<$crate::object::Value> =
                    args.pos.get(slot..).map_or_else(Vec::new, <[_]>::to_vec);
            )?
            $(
                let $kw: $crate::vm::Kwargs = core::mem::take(&mut args.kw);
            )?
            $body
        });
    };
    (@builtin $count:ident
        { $vmty:tt $meta:tt builtin $name:ident $pyname:tt $owner:tt $vm:ident $this:tt $body:block }
        $por:tt $poo:tt [$($r:ident)+] $($rest:tt)*
    ) => {
        compile_error!(concat!(
            "native!: a builtin's required parameters are positional-only: `/` after `",
            stringify!($($r)+), "`"
        ));
    };
    // `getargs`: positionals only, `Args::check_getargs_as`'s messages
    // (the count ones naming the function `as` gives, `""` for none);
    // fixed parameters bound out of line by `bind_getargs`.
    (@emit
        { $vmty:tt [$($meta:tt)*] getargs $name:ident [$($pyname:literal)?] [] $vm:ident [$($this:ident)?] $body:block }
        [$($por:ident)*] [$($poo:ident)*] [] [] [] [] []
    ) => {
        $crate::native_in!(@header $vmty [$($meta)*] $name $vm [$($this)?] args {
            let mut slots: [Option<$crate::object::Value>; 0 $(+ $crate::native_in!(@one $por))* $(+ $crate::native_in!(@one $poo))*] =
                Default::default();
            $crate::builtins::bind::bind_getargs(
                $crate::native_in!(@name [$($pyname)?] args),
                args,
                <[&str]>::len(&[$(stringify!($por)),*]),
                &mut slots,
            )?;
            let [$($por,)* $($poo,)*] = slots;
            $(
                // `bind_getargs` has checked that it is there
                let $por: $crate::object::Value = $por.unwrap_or($crate::object::Value::None);
            )*
            $body
        });
    };
    (@emit
        { $vmty:tt [$($meta:tt)*] getargs $name:ident [$($pyname:literal)?] [] $vm:ident [$($this:ident)?] $body:block }
        [$($por:ident)*] [$($poo:ident)*] [] [] [] [$v:ident] []
    ) => {
        $crate::native_in!(@header $vmty [$($meta)*] $name $vm [$($this)?] args {
            args.check_getargs_as(
                $crate::native_in!(@name [$($pyname)?] args),
                <[&str]>::len(&[$(stringify!($por)),*]),
                usize::MAX,
            )?;
            #[allow(unused_mut, unused_variables, unused_assignments)]
            let mut slot = 0usize;
            $(
                // `check_getargs_as` has checked that it is there
                let $por: $crate::object::Value = args.pos[slot];
                slot += 1;
            )*
            $(
                let $poo: Option<$crate::object::Value> = args.pos.get(slot).copied();
                slot += 1;
            )*
            let $v: Vec<$crate::object::Value> =
                args.pos.get(slot..).map_or_else(Vec::new, <[_]>::to_vec);
            $body
        });
    };
    (@emit { $vmty:tt $meta:tt getargs $name:ident $($f:tt)* } $($lists:tt)*) => {
        compile_error!(concat!(
            "native!: a `getargs` function takes positional-only parameters and `*rest` (",
            stringify!($name), ")"
        ));
    };
    // `keywords`: `bind_keywords`, out of line.
    (@emit
        { $vmty:tt [$($meta:tt)*] keywords $name:ident [$($pyname:literal)?] [] $vm:ident [$($this:ident)?] $body:block }
        [] [] [$($r:ident)*] [$($o:ident)*] [] [] []
    ) => {
        $crate::native_in!(@header $vmty [$($meta)*] $name $vm [$($this)?] args {
            let mut slots: [Option<$crate::object::Value>; 0 $(+ $crate::native_in!(@one $r))* $(+ $crate::native_in!(@one $o))*] =
                Default::default();
            $crate::builtins::bind::bind_keywords(
                $crate::native_in!(@name [$($pyname)?] args),
                args,
                <[&str]>::len(&[$(stringify!($r)),*]),
                &[$(stringify!($r),)* $(stringify!($o),)*],
                &mut slots,
            )?;
            let [$($r,)* $($o,)*] = slots;
            $(
                // `bind_keywords` has checked that it is there
                let $r: $crate::object::Value = $r.unwrap_or($crate::object::Value::None);
            )*
            $body
        });
    };
    (@emit { $vmty:tt $meta:tt keywords $name:ident $($f:tt)* } $($lists:tt)*) => {
        compile_error!(concat!(
            "native!: a `keywords` function takes positional-or-keyword parameters only, \
             required then `name?` (", stringify!($name), ")"
        ));
    };
    // `def`, `def_method`, `clinic`: `bind` with their wording.
    (@emit
        { $vmty:tt [$($meta:tt)*] $style:ident $name:ident [$($pyname:literal)?] [] $vm:ident [$($this:ident)?] $body:block }
        [$($por:ident)*] [$($poo:ident)*] [$($r:ident)*] [$($o:ident)*] [$($k:ident)*] [] [$($kw:ident)?]
    ) => {
        $crate::native_in!(@header $vmty [$($meta)*] $name $vm [$($this)?] args {
            let sig = $crate::builtins::bind::Sig {
                name: $crate::native_in!(@name [$($pyname)?] args),
                params: &[$(stringify!($por),)* $(stringify!($r),)* $(stringify!($poo),)* $(stringify!($o),)*],
                required: <[&str]>::len(&[$(stringify!($por),)* $(stringify!($r),)*]),
                posonly: <[&str]>::len(&[$(stringify!($por),)* $(stringify!($poo),)*]),
                kwonly: &[$(stringify!($k)),*],
                method: $crate::native_in!(@method $style),
                style: $crate::native_in!(@style $style),
            };
            $crate::native_in!(@bind_sig args sig slots [$($kw)?]
                [$($por)* $($r)* $($poo)* $($o)* $($k)*]);
            let [$($por,)* $($r,)* $($poo,)* $($o,)* $($k,)*] = slots;
            // `bind` has checked that every required argument is there
            $(let $por: $crate::object::Value = $por.unwrap_or($crate::object::Value::None);)*
            $(let $r: $crate::object::Value = $r.unwrap_or($crate::object::Value::None);)*
            $body
        });
    };
    (@emit { $vmty:tt $meta:tt $style:ident $name:ident $pyname:tt [$owner:literal] $($f:tt)* } $($lists:tt)*) => {
        compile_error!(concat!(
            "native!: `in \"owner\"` is for `builtin` functions (", stringify!($name), ")"
        ));
    };
    (@emit { $vmty:tt $meta:tt $style:ident $name:ident $($f:tt)* } $($lists:tt)*) => {
        compile_error!(concat!(
            "native!: `*rest` is for `builtin` functions, `**kwargs` for `builtin` and `def` (",
            stringify!($name), ")"
        ));
    };

    (@keywords $args:ident [] [$($allowed:expr,)*]) => {
        $args.check_keywords(&[$($allowed),*])?;
    };
    (@keywords $args:ident [$kw:ident] $allowed:tt) => {};

    (@header [$vmty:ty] [$($meta:tt)*] $name:ident $vm:ident [$($this:ident)?] $args:ident $body:block) => {
        #[allow(unused_variables, unused_mut, unused_assignments)]
        $($meta)* // the doc comments, then the visibility
        fn $name(
            $vm: &mut $vmty,
            $($this: $crate::object::Value,)?
            mut $args: $crate::builtins::Args,
        ) -> $crate::vm::PyResult<$crate::object::Value> $body
    };

    // def/clinic binding: out of line into an array when the signature is
    // fixed (the arguments dropped there), else with the extra keywords.
    (@bind_sig $args:ident $sig:ident $slots:ident [] [$($p:ident)*]) => {
        let $slots: [Option<$crate::object::Value>; 0 $(+ $crate::native_in!(@one $p))*] =
            $crate::builtins::bind::bind_array($args, &$sig)?;
    };
    (@bind_sig $args:ident $sig:ident $slots:ident [$kw:ident] [$($p:ident)*]) => {
        let ($slots, $kw): ([Option<$crate::object::Value>; 0 $(+ $crate::native_in!(@one $p))*], _) =
            $crate::builtins::bind::bind_array_kwargs($args, &$sig)?;
    };
    (@one $x:ident) => { 1 };
    (@unpack check_count) => { false };
    (@unpack check_unpack) => { true };
    (@name [] $args:ident) => { $args.name };
    (@name [$pyname:literal] $args:ident) => { $pyname };
    (@method def) => { false };
    (@method def_method) => { true };
    (@method clinic) => { false };
    (@style def) => { $crate::builtins::bind::Style::Def };
    (@style def_method) => { $crate::builtins::bind::Style::Def };
    (@style clinic) => { $crate::builtins::bind::Style::Clinic };
}

/// The method table of a type: `pub fn list_methods() -> &'static
/// [Method]`. Entries are `name` (a method under its own name), `name =
/// path` (under another name) or `"name" => path`.
#[macro_export]
macro_rules! native_methods {
    ($vis:vis fn $table:ident; $($entries:tt)*) => {
        $vis fn $table() -> &'static [$crate::builtins::native::Method] {
            $crate::native_methods!(@acc [] $($entries)*)
        }
    };
    (@acc [$($out:tt)*]) => { &[$($out)*] };
    (@acc [$($out:tt)*] $name:ident = $f:path $(, $($rest:tt)*)?) => {
        $crate::native_methods!(@acc [$($out)* $crate::builtins::native::Method { name: stringify!($name), call: $f },]
            $($($rest)*)?)
    };
    (@acc [$($out:tt)*] $name:literal => $f:path $(, $($rest:tt)*)?) => {
        $crate::native_methods!(@acc [$($out)* $crate::builtins::native::Method { name: $name, call: $f },] $($($rest)*)?)
    };
    (@acc [$($out:tt)*] $name:ident $(, $($rest:tt)*)?) => {
        $crate::native_methods!(@acc [$($out)* $crate::builtins::native::Method { name: stringify!($name), call: $name },]
            $($($rest)*)?)
    };
}
