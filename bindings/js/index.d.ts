// Type declarations of monty-wasm (the same for the Node and browser entries).

/**
 * A JavaScript value with a Python form (see the value table in README):
 * `null`/`undefined` ⇄ None, boolean ⇄ bool, string ⇄ str, number ⇄ int
 * (safe integers) or float, `bigint` ⇄ int, `MontyFloat` ⇄ integral float,
 * `Uint8Array` ⇄ bytes, `Array` ⇄ list, `MontyTuple` ⇄ tuple, `Set` ⇄ set,
 * `MontyFrozenSet` ⇄ frozenset, plain object ⇄ dict with str keys,
 * `Map` ⇄ dict with any keys, `MontyDataclass` ⇄ dataclass instance,
 * `MontyNamedTuple` ⇄ namedtuple instance, `MontyRepr` (output only),
 * `MontyHostObject` → a host object (its target comes back out).
 */
export type PyValue =
  | null
  | undefined
  | boolean
  | number
  | bigint
  | string
  | MontyFloat
  | Uint8Array
  | MontyRepr
  | MontyDataclass
  | MontyNamedTuple
  | MontyHostObject
  | MontyHostObjectRef
  | PyValue[]
  | Set<PyValue>
  | Map<PyValue, PyValue>
  | { [key: string]: PyValue };

/** Keyword arguments of a host-function call: always the last argument. */
export type Kwargs = { [name: string]: any };

/** A host function: positional arguments, then one kwargs object. */
export type HostFunction = (...args: any[]) => unknown;

/** A host function with its declaration. */
export interface HostFunctionSpec {
  fn?: HostFunction;
  /** An `async def` in Python (default: whether `fn` is an `async function`). */
  async?: boolean;
  /** Parameter names, so that Python can pass them by keyword. */
  params?: string[];
  /** Also an attribute of this module, e.g. `tools` (`import tools`). */
  module?: string;
}

export type ExternalFunctions = Record<string, HostFunction | HostFunctionSpec>;

/** A declaration list for the constructor: only these names are external. */
export type ExternalDeclarations =
  | ReadonlyArray<string | (HostFunctionSpec & { name: string })>
  | ExternalFunctions;

export interface Limits {
  /** Bytecode instructions (plus items iterated in native code), counted by the guest over the whole run. */
  maxInstructions?: number;
  /** Seconds: guest running time (checked by the guest); the async runner also bounds waiting for host functions with it. */
  maxDurationSecs?: number;
  /** Bytes of heap the guest may account for (plus the linear memory's own maximum). */
  maxMemory?: number;
  /** Python call depth; beyond it a catchable RecursionError. */
  maxRecursionDepth?: number;
}

export type Stream = 'stdout' | 'stderr';
export type PrintCallback = (text: string, stream: Stream) => void;
/** Answers the program's file, environment and clock accesses (OS_CALLS.md). Default: PermissionError. */
export type OsHandler = (fn: string, args: any[], kwargs: Kwargs) => unknown;

export interface MontyOptions {
  /** Names of the inputs every run must give. */
  inputs?: string[];
  /** File name in tracebacks (default `main.py`). */
  scriptName?: string;
  /** Declaration list: with it only these names are external functions (others raise NameError). */
  externalFunctions?: ExternalDeclarations;
  /** Run `typeCheck(typeCheckStubs)` at construction (throws MontyTypingError). */
  typeCheck?: boolean;
  /** Python stub text for the constructor's `typeCheck`. */
  typeCheckStubs?: string;
}

/**
 * One finding of the static check. Lines and columns are 1-based (`col` 0:
 * unknown); `endCol` is just past the end.
 */
export interface Diagnostic {
  /** The script name (`scriptName`). */
  filename: string;
  line: number;
  col: number;
  endLine: number;
  endCol: number;
  /** The exception the program would raise there, e.g. `TypeError`, `NameError`. */
  type: string;
  /** CPython's wording of that exception. */
  message: string;
  /**
   * A stable rule name: `undefined-name`, `call-arity`, `call-keyword`,
   * `arg-type`, `attr-unknown`, `key-unknown`, `operator-type`,
   * `format-type`, `async-not-awaited`, `await-not-async`, ...; `stubs`
   * when the stubs do not parse.
   */
  code: DiagnosticCode;
  /** `error`: the program fails when it gets there (fails the check); `warning`: it does not. */
  severity: 'error' | 'warning';
}

export type DiagnosticCode =
  | 'undefined-name'
  | 'used-before-assignment'
  | 'unsupported'
  | 'call-arity'
  | 'call-keyword'
  | 'arg-type'
  | 'attr-unknown'
  | 'key-unknown'
  | 'operator-type'
  | 'format-type'
  | 'async-not-awaited'
  | 'await-not-async'
  | 'await-outside-async'
  | 'stubs'
  | (string & {});

export interface RunOptions {
  inputs?: Record<string, unknown>;
  externalFunctions?: ExternalFunctions;
  limits?: Limits;
  /** Receives the program's output as it is written (default: process stdout/stderr in Node, console in browsers). */
  print?: PrintCallback;
  os?: OsHandler;
  /** Return a MontyComplete (value and repr) instead of the bare value. */
  returnComplete?: boolean;
  /**
   * The sandbox's working directory at the start (absolute; default `/`):
   * `os.getcwd()` returns it and relative paths reach `os` joined to it.
   */
  cwd?: string;
}

export class Monty {
  /** @throws {MontySyntaxError} when the code does not parse (nothing runs). */
  constructor(code: string, options?: MontyOptions);
  readonly code: string;
  readonly scriptName: string;
  /** Global names the program reads but never binds, when the guest's check reports them (else null). */
  readonly undefinedNames: string[] | null;
  /**
   * The guest's static checker against `stubs` (Python stub text for the
   * host's tools), the input names and the constructor's declaration list.
   * @throws {MontyTypingError} when a finding is an error.
   * @returns the warnings (usually empty).
   */
  typeCheck(stubs?: string): Diagnostic[];
  /** Runs to the end synchronously; the value of the last expression. */
  run(options?: RunOptions & { returnComplete?: false }): any;
  run(options: RunOptions & { returnComplete: true }): MontyComplete;
  /** Runs to the first host call or the end. */
  start(options?: Omit<RunOptions, 'returnComplete'>): MontySnapshot | MontyComplete;
}

export class MontyComplete {
  /** The value of the program's last expression (null if it was not an expression). */
  readonly output: any;
  /** `repr()` of it, or null. */
  readonly repr: string | null;
}

export interface PendingCall {
  id: number;
  functionName: string;
  args: any[];
  kwargs: Kwargs;
  /** For a host object's method (`functionName` is the method): the object's target, else null. */
  hostObject: object | null;
}

export type ResumeAnswer =
  | { returnValue: unknown }
  | { exception: { type: string; message: string; errno?: number } };

export type WaitAnswer = {
  results: Array<({ id: number } & ResumeAnswer)>;
  /** Seconds that passed while waiting (advances the program's timers). */
  elapsed?: number;
};

export class MontySnapshot {
  /** `call`: one sync host call; `os`: a file/env/clock access; `wait`: async calls (see `calls`). */
  readonly kind: 'call' | 'os' | 'wait';
  readonly callId: number;
  readonly functionName: string;
  readonly args: any[];
  readonly kwargs: Kwargs;
  /** For a host object's method (`functionName` is the method): the object's target, else null. */
  readonly hostObject: object | null;
  readonly calls: PendingCall[];
  /** For `wait`: seconds to the program's next timer, if any. */
  readonly sleep?: number;
  readonly scriptName: string;
  /**
   * Answers and runs to the next pause or the end. A snapshot resumes once:
   * a second call throws MontyError.
   */
  resume(answer: ResumeAnswer | WaitAnswer): MontySnapshot | MontyComplete;
  /** The paused run as bytes (take it before resume). */
  dump(): Uint8Array;
  /** Restores a dump (same monty.wasm build) in a fresh instance. */
  static load(
    bytes: Uint8Array,
    options?: { print?: PrintCallback; externalFunctions?: ExternalFunctions; os?: OsHandler; limits?: Limits },
  ): MontySnapshot;
}

/**
 * Runs to the end, awaiting host functions; the calls a `gather` announces
 * start at once. Also continues a loaded MontySnapshot.
 */
export function runMontyAsync(monty: Monty | MontySnapshot, options?: RunOptions & { returnComplete?: false }): Promise<any>;
export function runMontyAsync(monty: Monty | MontySnapshot, options: RunOptions & { returnComplete: true }): Promise<MontyComplete>;

/** What every cell of a session gets unless its feed says otherwise. */
export interface SessionOptions {
  /** Host functions, declared to every cell (a feed's own are added to these for later cells too). */
  externalFunctions?: ExternalFunctions;
  print?: PrintCallback;
  os?: OsHandler;
  /** Per cell (each cell starts afresh); `maxMemory` here also sizes the instance's linear memory for the whole session. */
  limits?: Limits;
  /** The working directory of the first cell (absolute). */
  cwd?: string;
}

/** One cell: as a run's options, plus its file name in tracebacks. */
export interface FeedOptions extends RunOptions {
  /** File name in tracebacks (default `cell.py`). */
  filename?: string;
}

/**
 * A sequence of cells run in one instance: globals, imports, functions and
 * classes one cell defines are there for the next. Each cell has its own
 * limits and output. An exception ends the cell, not the session; a limit
 * (or a trap, or a host error that abandons a paused cell) ends the
 * session, and later feeds throw `MontyError` saying why.
 */
export class MontySession {
  constructor(options?: SessionOptions);
  /** 'empty' (no cell yet), 'idle', 'busy' (a cell is paused), 'lost', 'closed'. */
  readonly state: 'empty' | 'idle' | 'busy' | 'lost' | 'closed';
  /** Why the session is lost, or null. */
  readonly lostReason: string | null;
  /** Cells fed to this object. */
  readonly cells: number;
  /** A cell restored paused by `MontySession.load`: resume it to go on. */
  readonly pending: MontySnapshot | null;
  /** Runs `code` as the next cell, awaiting host functions; the value of its last expression. */
  feed(code: string, options?: FeedOptions & { returnComplete?: false }): Promise<any>;
  feed(code: string, options: FeedOptions & { returnComplete: true }): Promise<MontyComplete>;
  /** `feed`, synchronously (host functions must not return promises). */
  feedSync(code: string, options?: FeedOptions & { returnComplete?: false }): any;
  feedSync(code: string, options: FeedOptions & { returnComplete: true }): MontyComplete;
  /** Runs `code` as the next cell up to its first host call. */
  start(code: string, options?: FeedOptions): MontySnapshot | MontyComplete;
  /** The session between cells as bytes, for `MontySession.load`. */
  dump(): Uint8Array;
  /** A session continued from `dump()` bytes (or a paused session cell's `MontySnapshot.dump()`: see `pending`). */
  static load(bytes: Uint8Array, options?: SessionOptions): MontySession;
  /** Frees the instance; later feeds throw. */
  close(): void;
}

/** `new MontySession(options)` after `loadMonty()` (for browsers). */
export function montySession(options?: SessionOptions): Promise<MontySession>;

/**
 * Loads and compiles monty.wasm once per process or page. Optional in Node;
 * in browsers call it before `run`/`start` (runMontyAsync calls it).
 */
export function loadMonty(source?: string | URL | Uint8Array | ArrayBuffer | Response | WebAssembly.Module): Promise<void>;

/**
 * Whether finished instances are reset and reused (default, ~0.3 ms per run)
 * or every run gets a new WebAssembly.Instance (~0.8 ms). Both start every
 * run from the module's initial state.
 */
export function setInstanceReuse(on: boolean): void;

/** How runs get their instance (see README "How it runs"). */
export function engineInfo(): { recycled: boolean; reuseInstances: boolean; fallbackReason: string | null; budget: boolean };

/** Whether this monty.wasm counts instructions and time itself (maxInstructions/maxDurationSecs). */
export function guestHasBudget(): boolean;

export class MontyError extends Error {}

export class MontySyntaxError extends MontyError {
  readonly type: string;
  readonly pythonMessage: string;
  readonly line: number;
  traceback(): string;
}

/** The static check found an error. `message` lists the errors, one `file:line:col: code: message` a line. */
export class MontyTypingError extends MontyError {
  /** Every finding, warnings included, in source order. */
  readonly diagnostics: Diagnostic[];
  readonly errors: Diagnostic[];
  readonly warnings: Diagnostic[];
}

export class MontyRuntimeError extends MontyError {
  /** The Python exception class, e.g. `ZeroDivisionError`. */
  readonly type: string;
  readonly pythonMessage: string;
  /** CPython's traceback text, ending with `Type: message`. */
  traceback(): string;
}

export class MontyLimitError extends MontyError {
  readonly kind: 'instructions' | 'time' | 'memory' | (string & {});
}

/** Python tuple. */
export class MontyTuple<T = any> extends Array<T> {}
/** Python frozenset (a plain Set is a Python set). */
export class MontyFrozenSet<T = any> extends Set<T> {}
/** An integral Python float (`2.0`); `new MontyFloat(2)` sends one. */
export class MontyFloat extends Number {}
/** A Python object with no data form (output only). */
export class MontyRepr {
  readonly repr: string;
}
/** A Python dataclass instance: class name, `[name, value]` fields in order, frozen. */
export class MontyDataclass {
  constructor(name: string, fields: Array<[string, PyValue]>, frozen?: boolean);
  readonly name: string;
  readonly fields: Array<[string, PyValue]>;
  readonly frozen: boolean;
  get(field: string): PyValue | undefined;
}
/** A Python namedtuple instance: class name, `[name, value]` fields in order. */
export class MontyNamedTuple {
  constructor(name: string, fields: Array<[string, PyValue]>);
  readonly name: string;
  readonly fields: Array<[string, PyValue]>;
  get(field: string): PyValue | undefined;
}

/** A method of a host object with its declaration. */
export interface HostMethodSpec {
  fn: HostFunction;
  /** An `async def` in Python (default: whether `fn` is an `async function`). */
  async?: boolean;
  /** Parameter names, so that Python can pass them by keyword. */
  params?: string[];
}

export interface MontyHostObjectOptions {
  /** The Python class name (default: the target's constructor name). */
  className?: string;
  /** Method names of the target, or name -> function (called with `this` = target). */
  methods?: string[] | Record<string, HostFunction | HostMethodSpec>;
  /** Attribute names of the target (read when the MontyHostObject is made), or name -> value. */
  attrs?: string[] | Record<string, unknown>;
}

/**
 * A host object: `target` given to the program as an instance of
 * `className` with the declared attributes and methods. A method call calls
 * the JS method (`this` = target; positional arguments, then the kwargs
 * object); an `async function` is `async def` in Python. Passed back out of
 * the sandbox it is `target` itself. Without `methods` and `attrs`, the
 * target's public (not `_`-prefixed) prototype methods and own data
 * properties are taken. A bad declaration throws TypeError.
 */
export class MontyHostObject<T extends object = object> {
  constructor(target: T, options?: MontyHostObjectOptions);
  readonly target: T;
  readonly className: string;
}

/** A reference to a host object this run did not give (a snapshot loaded elsewhere): sent back in, it is that object. */
export class MontyHostObjectRef {
  constructor(id: number, className: string);
  readonly id: number;
  readonly className: string;
}
