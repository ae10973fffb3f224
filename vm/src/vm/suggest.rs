//! "Did you mean" hints on the last line of a `NameError` traceback, as
//! CPython's `traceback` module adds them: the closest defined name by
//! CPython's weighted Levenshtein distance (a case change costs 1, any
//! other edit 2, at most a third of the characters may change), and
//! "Did you forget to import 'json'?" for a standard-library module name.
//! `AttributeError`s raised by `obj.name` carry `name` and `obj` (as in
//! CPython) and get the closest public attribute of `obj` the same way.
//! The hint is part of the printed traceback only, never of `str(e)`.
//! An unknown keyword argument's hint ([`keyword_hint`]) is part of the
//! `TypeError`'s message, as in CPython.

use super::{PyErr, Vm};
use crate::object::{ExcType, Exception, HashKey, Obj, Value};

use super::edit_distance::closest_name;
pub use super::edit_distance::keyword_hint;

/// `sys.stdlib_module_names` of CPython 3.13 (sorted, for binary search).
const STDLIB_MODULE_NAMES: &[&str] = &[
    "__future__",
    "_abc",
    "_aix_support",
    "_android_support",
    "_ast",
    "_asyncio",
    "_bisect",
    "_blake2",
    "_bz2",
    "_codecs",
    "_codecs_cn",
    "_codecs_hk",
    "_codecs_iso2022",
    "_codecs_jp",
    "_codecs_kr",
    "_codecs_tw",
    "_collections",
    "_collections_abc",
    "_colorize",
    "_compat_pickle",
    "_compression",
    "_contextvars",
    "_csv",
    "_ctypes",
    "_curses",
    "_curses_panel",
    "_datetime",
    "_dbm",
    "_decimal",
    "_elementtree",
    "_frozen_importlib",
    "_frozen_importlib_external",
    "_functools",
    "_gdbm",
    "_hashlib",
    "_heapq",
    "_imp",
    "_interpchannels",
    "_interpqueues",
    "_interpreters",
    "_io",
    "_ios_support",
    "_json",
    "_locale",
    "_lsprof",
    "_lzma",
    "_markupbase",
    "_md5",
    "_multibytecodec",
    "_multiprocessing",
    "_opcode",
    "_opcode_metadata",
    "_operator",
    "_osx_support",
    "_overlapped",
    "_pickle",
    "_posixshmem",
    "_posixsubprocess",
    "_py_abc",
    "_pydatetime",
    "_pydecimal",
    "_pyio",
    "_pylong",
    "_pyrepl",
    "_queue",
    "_random",
    "_scproxy",
    "_sha1",
    "_sha2",
    "_sha3",
    "_signal",
    "_sitebuiltins",
    "_socket",
    "_sqlite3",
    "_sre",
    "_ssl",
    "_stat",
    "_statistics",
    "_string",
    "_strptime",
    "_struct",
    "_suggestions",
    "_symtable",
    "_sysconfig",
    "_thread",
    "_threading_local",
    "_tkinter",
    "_tokenize",
    "_tracemalloc",
    "_typing",
    "_uuid",
    "_warnings",
    "_weakref",
    "_weakrefset",
    "_winapi",
    "_wmi",
    "_zoneinfo",
    "abc",
    "antigravity",
    "argparse",
    "array",
    "ast",
    "asyncio",
    "atexit",
    "base64",
    "bdb",
    "binascii",
    "bisect",
    "builtins",
    "bz2",
    "cProfile",
    "calendar",
    "cmath",
    "cmd",
    "code",
    "codecs",
    "codeop",
    "collections",
    "colorsys",
    "compileall",
    "concurrent",
    "configparser",
    "contextlib",
    "contextvars",
    "copy",
    "copyreg",
    "csv",
    "ctypes",
    "curses",
    "dataclasses",
    "datetime",
    "dbm",
    "decimal",
    "difflib",
    "dis",
    "doctest",
    "email",
    "encodings",
    "ensurepip",
    "enum",
    "errno",
    "faulthandler",
    "fcntl",
    "filecmp",
    "fileinput",
    "fnmatch",
    "fractions",
    "ftplib",
    "functools",
    "gc",
    "genericpath",
    "getopt",
    "getpass",
    "gettext",
    "glob",
    "graphlib",
    "grp",
    "gzip",
    "hashlib",
    "heapq",
    "hmac",
    "html",
    "http",
    "idlelib",
    "imaplib",
    "importlib",
    "inspect",
    "io",
    "ipaddress",
    "itertools",
    "json",
    "keyword",
    "linecache",
    "locale",
    "logging",
    "lzma",
    "mailbox",
    "marshal",
    "math",
    "mimetypes",
    "mmap",
    "modulefinder",
    "msvcrt",
    "multiprocessing",
    "netrc",
    "nt",
    "ntpath",
    "nturl2path",
    "numbers",
    "opcode",
    "operator",
    "optparse",
    "os",
    "pathlib",
    "pdb",
    "pickle",
    "pickletools",
    "pkgutil",
    "platform",
    "plistlib",
    "poplib",
    "posix",
    "posixpath",
    "pprint",
    "profile",
    "pstats",
    "pty",
    "pwd",
    "py_compile",
    "pyclbr",
    "pydoc",
    "pydoc_data",
    "pyexpat",
    "queue",
    "quopri",
    "random",
    "re",
    "readline",
    "reprlib",
    "resource",
    "rlcompleter",
    "runpy",
    "sched",
    "secrets",
    "select",
    "selectors",
    "shelve",
    "shlex",
    "shutil",
    "signal",
    "site",
    "smtplib",
    "socket",
    "socketserver",
    "sqlite3",
    "sre_compile",
    "sre_constants",
    "sre_parse",
    "ssl",
    "stat",
    "statistics",
    "string",
    "stringprep",
    "struct",
    "subprocess",
    "symtable",
    "sys",
    "sysconfig",
    "syslog",
    "tabnanny",
    "tarfile",
    "tempfile",
    "termios",
    "textwrap",
    "this",
    "threading",
    "time",
    "timeit",
    "tkinter",
    "token",
    "tokenize",
    "tomllib",
    "trace",
    "traceback",
    "tracemalloc",
    "tty",
    "turtle",
    "turtledemo",
    "types",
    "typing",
    "unicodedata",
    "unittest",
    "urllib",
    "uuid",
    "venv",
    "warnings",
    "wave",
    "weakref",
    "webbrowser",
    "winreg",
    "winsound",
    "wsgiref",
    "xml",
    "xmlrpc",
    "zipapp",
    "zipfile",
    "zipimport",
    "zlib",
    "zoneinfo",
];

/// The names in CPython 3.13's `builtins`, in its dict order; only those
/// this sandbox defines are offered as suggestions.
const BUILTIN_NAMES: &[&str] = &[
    "__name__",
    "__doc__",
    "__package__",
    "__loader__",
    "__spec__",
    "__build_class__",
    "__import__",
    "abs",
    "all",
    "any",
    "ascii",
    "bin",
    "breakpoint",
    "callable",
    "chr",
    "compile",
    "delattr",
    "dir",
    "divmod",
    "eval",
    "exec",
    "format",
    "getattr",
    "globals",
    "hasattr",
    "hash",
    "hex",
    "id",
    "input",
    "isinstance",
    "issubclass",
    "iter",
    "aiter",
    "len",
    "locals",
    "max",
    "min",
    "next",
    "anext",
    "oct",
    "ord",
    "pow",
    "print",
    "repr",
    "round",
    "setattr",
    "sorted",
    "sum",
    "vars",
    "None",
    "Ellipsis",
    "NotImplemented",
    "False",
    "True",
    "bool",
    "memoryview",
    "bytearray",
    "bytes",
    "classmethod",
    "complex",
    "dict",
    "enumerate",
    "filter",
    "float",
    "frozenset",
    "property",
    "int",
    "list",
    "map",
    "object",
    "range",
    "reversed",
    "set",
    "slice",
    "staticmethod",
    "str",
    "super",
    "tuple",
    "type",
    "zip",
    "__debug__",
    "BaseException",
    "BaseExceptionGroup",
    "Exception",
    "GeneratorExit",
    "KeyboardInterrupt",
    "SystemExit",
    "ArithmeticError",
    "AssertionError",
    "AttributeError",
    "BufferError",
    "EOFError",
    "ImportError",
    "LookupError",
    "MemoryError",
    "NameError",
    "OSError",
    "ReferenceError",
    "RuntimeError",
    "StopAsyncIteration",
    "StopIteration",
    "SyntaxError",
    "SystemError",
    "TypeError",
    "ValueError",
    "Warning",
    "FloatingPointError",
    "OverflowError",
    "ZeroDivisionError",
    "BytesWarning",
    "DeprecationWarning",
    "EncodingWarning",
    "FutureWarning",
    "ImportWarning",
    "PendingDeprecationWarning",
    "ResourceWarning",
    "RuntimeWarning",
    "SyntaxWarning",
    "UnicodeWarning",
    "UserWarning",
    "BlockingIOError",
    "ChildProcessError",
    "ConnectionError",
    "FileExistsError",
    "FileNotFoundError",
    "InterruptedError",
    "IsADirectoryError",
    "NotADirectoryError",
    "PermissionError",
    "ProcessLookupError",
    "TimeoutError",
    "IndentationError",
    "_IncompleteInputError",
    "IndexError",
    "KeyError",
    "ModuleNotFoundError",
    "NotImplementedError",
    "PythonFinalizationError",
    "RecursionError",
    "UnboundLocalError",
    "UnicodeError",
    "BrokenPipeError",
    "ConnectionAbortedError",
    "ConnectionRefusedError",
    "ConnectionResetError",
    "TabError",
    "UnicodeDecodeError",
    "UnicodeEncodeError",
    "UnicodeTranslateError",
    "ExceptionGroup",
    "EnvironmentError",
    "IOError",
    "open",
    "quit",
    "exit",
    "copyright",
    "credits",
    "license",
    "help",
];

impl Vm {
    /// The hint appended to `NameError: name 'x' is not defined` raised in
    /// code object `code`, starting with `. ` (empty if there is none).
    pub(super) fn name_error_hint(&self, wrong: &str, code: u32) -> String {
        let mut candidates: Vec<&str> = Vec::new();
        if code != 0 {
            let c = &self.program.codes[code as usize];
            candidates.extend(c.local_names.iter().map(String::as_str));
        }
        for (name, value) in self.program.globals.iter().zip(&self.globals) {
            if !matches!(value, crate::object::Value::Undef) {
                candidates.push(name);
            }
        }
        candidates.extend(
            BUILTIN_NAMES
                .iter()
                .copied()
                .filter(|n| crate::builtins::lookup(n).is_some() || is_keyword_constant(n)),
        );
        let suggestion = closest_name(wrong, &candidates);
        let stdlib = STDLIB_MODULE_NAMES.binary_search(&wrong).is_ok();
        match (suggestion, stdlib) {
            (Some(s), true) => {
                format!(". Did you mean: '{s}'? Or did you forget to import '{wrong}'?")
            }
            (Some(s), false) => format!(". Did you mean: '{s}'?"),
            (None, true) => format!(". Did you forget to import '{wrong}'?"),
            (None, false) => String::new(),
        }
    }
}

impl Vm {
    /// `NameError: name 'x' is not defined`, with its `name` attribute.
    pub fn name_error(&mut self, name: &str) -> PyErr {
        let message = self.new_str(format!("name '{name}' is not defined"));
        let mut exc = Exception::new(ExcType::NameError, vec![message]);
        let (k, v) = (self.new_str("name"), self.new_str(name));
        exc.attrs.insert(HashKey::Str("name".into()), k, v);
        PyErr::Raise(self.heap.new_value(Obj::Exception(Box::new(exc))))
    }

    /// Gives an `AttributeError` from `obj.name` its `name` and `obj`
    /// attributes, which the traceback uses for a "Did you mean" hint.
    pub(super) fn attribute_error_context(&mut self, err: PyErr, obj: Value, name: &str) -> PyErr {
        match err {
            PyErr::Msg(ExcType::AttributeError, msg)
                if msg.ends_with(&format!("has no attribute '{name}'")) =>
            {
                let message = self.new_str(msg);
                let mut exc = Exception::new(ExcType::AttributeError, vec![message]);
                for (key, value) in [("name", self.new_str(name)), ("obj", obj)] {
                    let k = self.new_str(key);
                    exc.attrs.insert(HashKey::Str(key.into()), k, value);
                }
                PyErr::Raise(self.heap.new_value(Obj::Exception(Box::new(exc))))
            }
            other => other,
        }
    }

    /// The hint for an `AttributeError` that carries `name` and `obj`.
    pub(super) fn attribute_error_hint(&mut self, exc: Value) -> String {
        let Value::Ref(id) = exc else {
            return String::new();
        };
        let Obj::Exception(e) = self.heap.get(id) else {
            return String::new();
        };
        let (Some(name), Some(obj)) = (e.attrs.get_str("name"), e.attrs.get_str("obj")) else {
            return String::new();
        };
        let Some(wrong) = super::as_str(&self.heap, name).map(str::to_string) else {
            return String::new();
        };
        let mut names = self.dir_of(obj);
        if !wrong.starts_with('_') {
            names.retain(|n| !n.starts_with('_'));
        }
        let candidates: Vec<&str> = names.iter().map(String::as_str).collect();
        match closest_name(&wrong, &candidates) {
            Some(s) => format!(". Did you mean: '{s}'?"),
            None => String::new(),
        }
    }
}

fn is_keyword_constant(name: &str) -> bool {
    matches!(name, "None" | "True" | "False" | "__name__" | "__debug__")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stdlib_list_is_sorted() {
        assert!(STDLIB_MODULE_NAMES.windows(2).all(|w| w[0] < w[1]));
    }
}
