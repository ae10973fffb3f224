// The errors this package raises (MontyError and its subclasses), and the
// other direction: the Python exception a value thrown by a host function
// becomes in the program (exceptionOf).

/** Base class of every error this package raises (also: usage errors). */
export class MontyError extends Error {
  constructor(message, options) {
    super(message, options);
    this.name = 'MontyError';
  }
}

/** The program does not parse (raised by `new Monty(code)`, nothing runs). */
export class MontySyntaxError extends MontyError {
  constructor({ type = 'SyntaxError', message, line, traceback }) {
    super(`${type}: ${message}`);
    this.name = 'MontySyntaxError';
    this.type = type;
    this.pythonMessage = message;
    this.line = line;
    this.tb = traceback;
  }

  /** CPython's rendering of the error. */
  traceback() {
    return this.tb;
  }
}

/** `file:line:col: code: message` of one diagnostic. */
export function formatDiagnostic(d) {
  const where = `${d.filename}:${d.line}${d.col ? `:${d.col}` : ''}`;
  return `${where}: ${d.code || d.type}: ${d.message}`;
}

/**
 * The static check (`monty.typeCheck`) found an error: `diagnostics` lists
 * every finding (warnings too) in source order; the message lists the
 * errors, one `file:line:col: code: message` a line.
 */
export class MontyTypingError extends MontyError {
  constructor(diagnostics) {
    const errors = diagnostics.filter((d) => d.severity !== 'warning');
    super(errors.map(formatDiagnostic).join('\n') || 'the static check failed');
    this.name = 'MontyTypingError';
    this.diagnostics = diagnostics;
  }

  /** The error-severity diagnostics. */
  get errors() {
    return this.diagnostics.filter((d) => d.severity !== 'warning');
  }

  /** The warning-severity diagnostics. */
  get warnings() {
    return this.diagnostics.filter((d) => d.severity === 'warning');
  }
}

/** An uncaught Python exception. */
export class MontyRuntimeError extends MontyError {
  constructor({ type, message, traceback }) {
    super(`${type}: ${message}`);
    this.name = 'MontyRuntimeError';
    /** The Python exception's class name, e.g. `ZeroDivisionError`. */
    this.type = type;
    /** `str()` of the Python exception. */
    this.pythonMessage = message;
    this.tb = traceback;
  }

  /** The traceback as CPython prints it (ends with `Type: message\n`). */
  traceback() {
    return this.tb;
  }
}

/** A resource limit stopped the run: `kind` is `instructions`, `time` or `memory`. */
export class MontyLimitError extends MontyError {
  constructor(kind, message) {
    super(message || `${kind} limit exceeded`);
    this.name = 'MontyLimitError';
    this.kind = kind;
  }
}

const BUILTIN_EXCEPTIONS = new Set(`BaseException Exception ArithmeticError AssertionError AttributeError
BlockingIOError BrokenPipeError BufferError ChildProcessError ConnectionAbortedError ConnectionError
ConnectionRefusedError ConnectionResetError EOFError FileExistsError FileNotFoundError FloatingPointError
GeneratorExit ImportError IndentationError IndexError InterruptedError IsADirectoryError KeyError
KeyboardInterrupt LookupError MemoryError ModuleNotFoundError NameError NotADirectoryError
NotImplementedError OSError OverflowError PermissionError ProcessLookupError RecursionError
ReferenceError RuntimeError StopAsyncIteration StopIteration SyntaxError SystemError SystemExit
TabError TimeoutError TypeError UnboundLocalError UnicodeDecodeError UnicodeEncodeError UnicodeError
ValueError ZeroDivisionError`.split(/\s+/));

/** The `{type, message}` a thrown JS value becomes in Python. */
export function exceptionOf(err) {
  if (err instanceof Error || (err !== null && typeof err === 'object')) {
    const e = /** @type {any} */ (err);
    let type = 'RuntimeError';
    if (typeof e.pythonType === 'string') type = e.pythonType;
    else if (typeof e.name === 'string' && BUILTIN_EXCEPTIONS.has(e.name)) type = e.name;
    const message = typeof e.message === 'string' ? e.message : String(err);
    const out = { type, message };
    if (typeof e.errno === 'number') out.errno = e.errno;
    return out;
  }
  return { type: 'RuntimeError', message: String(err) };
}
