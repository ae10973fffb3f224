//! The builtin exception classes and their hierarchy.
//!
//! Exception classes are unboxed enum tags so raising a builtin error never
//! allocates a class object; `parent` encodes CPython's hierarchy, which
//! `except` clauses and `isinstance` walk.

use serde::{Deserialize, Serialize};

macro_rules! exc_types {
    (@name $name:ident $py:literal) => { $py };
    (@name $name:ident) => { stringify!($name) };
    ($($name:ident $(as $py:literal)? => $parent:expr),* $(,)?) => {
        /// A builtin exception class.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum ExcType { $($name),* }

        impl ExcType {
            /// Every builtin exception class, for name lookup.
            pub const ALL: &'static [ExcType] = &[$(ExcType::$name),*];

            /// The class name as Python spells it.
            pub const fn name(self) -> &'static str {
                match self { $(ExcType::$name => exc_types!(@name $name $($py)?)),* }
            }

            /// The direct base class (`None` for `BaseException`).
            pub fn parent(self) -> Option<ExcType> {
                match self { $(ExcType::$name => $parent),* }
            }
        }
    };
}

use ExcType::*;

exc_types! {
    BaseException => None,
    SystemExit => Some(BaseException),
    KeyboardInterrupt => Some(BaseException),
    GeneratorExit => Some(BaseException),
    Exception => Some(BaseException),
    ArithmeticError => Some(Exception),
    FloatingPointError => Some(ArithmeticError),
    OverflowError => Some(ArithmeticError),
    ZeroDivisionError => Some(ArithmeticError),
    AssertionError => Some(Exception),
    AttributeError => Some(Exception),
    BufferError => Some(Exception),
    EOFError => Some(Exception),
    ImportError => Some(Exception),
    ModuleNotFoundError => Some(ImportError),
    LookupError => Some(Exception),
    IndexError => Some(LookupError),
    KeyError => Some(LookupError),
    MemoryError => Some(Exception),
    NameError => Some(Exception),
    UnboundLocalError => Some(NameError),
    OSError => Some(Exception),
    ConnectionError => Some(OSError),
    FileExistsError => Some(OSError),
    FileNotFoundError => Some(OSError),
    IsADirectoryError => Some(OSError),
    NotADirectoryError => Some(OSError),
    PermissionError => Some(OSError),
    TimeoutError => Some(OSError),
    ReferenceError => Some(Exception),
    RuntimeError => Some(Exception),
    NotImplementedError => Some(RuntimeError),
    RecursionError => Some(RuntimeError),
    StopAsyncIteration => Some(Exception),
    StopIteration => Some(Exception),
    SyntaxError => Some(Exception),
    IndentationError => Some(SyntaxError),
    SystemError => Some(Exception),
    TypeError => Some(Exception),
    ValueError => Some(Exception),
    UnicodeError => Some(ValueError),
    UnicodeDecodeError => Some(UnicodeError),
    UnicodeEncodeError => Some(UnicodeError),
    JSONDecodeError => Some(ValueError),
    StatisticsError => Some(ValueError),
    FrozenInstanceError => Some(AttributeError),
    BinasciiError as "Error" => Some(ValueError),
    BinasciiIncomplete as "Incomplete" => Some(Exception),
    // Appended, not sorted: the enum is part of the snapshot format.
    CancelledError => Some(BaseException),
    InvalidStateError => Some(Exception),
    CsvError as "Error" => Some(Exception),
    TOMLDecodeError => Some(ValueError),
    QueueEmpty => Some(Exception),
    QueueFull => Some(Exception),
    BaseExceptionGroup => Some(BaseException),
    // also a subclass of `Exception`: see `is_subclass_of`
    ExceptionGroup => Some(BaseExceptionGroup),
    Warning => Some(Exception),
    UserWarning => Some(Warning),
    DeprecationWarning => Some(Warning),
    PendingDeprecationWarning => Some(Warning),
    SyntaxWarning => Some(Warning),
    RuntimeWarning => Some(Warning),
    FutureWarning => Some(Warning),
    ImportWarning => Some(Warning),
    UnicodeWarning => Some(Warning),
    BytesWarning => Some(Warning),
    ResourceWarning => Some(Warning),
    EncodingWarning => Some(Warning),
    // also a subclass of `ValueError`: see `is_subclass_of`
    UnsupportedOperation => Some(OSError),
}

impl ExcType {
    /// Is `self` the class `base` or a subclass of it?
    pub fn is_subclass_of(self, base: ExcType) -> bool {
        if self == ExcType::ExceptionGroup && base == ExcType::Exception {
            // `class ExceptionGroup(BaseExceptionGroup, Exception)`
            return true;
        }
        if self == ExcType::UnsupportedOperation && base == ExcType::ValueError {
            // `class UnsupportedOperation(OSError, ValueError)`
            return true;
        }
        let mut cur = Some(self);
        while let Some(c) = cur {
            if c == base {
                return true;
            }
            cur = c.parent();
        }
        false
    }

    /// The name a traceback prints: module-qualified for classes that do
    /// not live in `builtins`.
    pub fn qualified_name(self) -> &'static str {
        match self {
            ExcType::JSONDecodeError => "json.decoder.JSONDecodeError",
            ExcType::StatisticsError => "statistics.StatisticsError",
            ExcType::FrozenInstanceError => "dataclasses.FrozenInstanceError",
            ExcType::BinasciiError => "binascii.Error",
            ExcType::BinasciiIncomplete => "binascii.Incomplete",
            ExcType::CancelledError => "asyncio.exceptions.CancelledError",
            ExcType::InvalidStateError => "asyncio.exceptions.InvalidStateError",
            ExcType::CsvError => "_csv.Error",
            ExcType::TOMLDecodeError => "tomllib.TOMLDecodeError",
            ExcType::QueueEmpty => "asyncio.queues.QueueEmpty",
            ExcType::QueueFull => "asyncio.queues.QueueFull",
            ExcType::UnsupportedOperation => "io.UnsupportedOperation",
            other => other.name(),
        }
    }

    /// `BaseExceptionGroup` or a subclass.
    pub fn is_group(self) -> bool {
        matches!(self, ExcType::BaseExceptionGroup | ExcType::ExceptionGroup)
    }

    /// Whether the class is reachable as a builtin name.
    pub fn is_builtin(self) -> bool {
        !matches!(
            self,
            ExcType::JSONDecodeError
                | ExcType::FrozenInstanceError
                | ExcType::BinasciiError
                | ExcType::BinasciiIncomplete
                | ExcType::CancelledError
                | ExcType::InvalidStateError
                | ExcType::CsvError
                | ExcType::TOMLDecodeError
                | ExcType::QueueEmpty
                | ExcType::QueueFull
                | ExcType::UnsupportedOperation
        )
    }

    /// Looks a class up by its Python name.
    pub fn from_name(name: &str) -> Option<ExcType> {
        ExcType::ALL
            .iter()
            .copied()
            .filter(|e| {
                !matches!(
                    e,
                    ExcType::BinasciiError | ExcType::BinasciiIncomplete | ExcType::CsvError
                )
            })
            .find(|e| e.name() == name)
    }
}
