// The public API, shared by the Node and browser entries (which only differ
// in how they find monty.wasm and where output goes by default).

import { Engine, ProcExit, prepareModule } from './wasm.js';
import { encodeJson, parseTagged, MontyTuple, MontyFrozenSet, MontyRepr, MontyFloat } from './values.js';

export { MontyTuple, MontyFrozenSet, MontyRepr, MontyFloat };

// ---------------------------------------------------------------- errors --

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

// ---------------------------------------------------------------- engine --

let engine = null;
let enginePromise = null;
let loader = null;
let defaultPrint = (text, stream) => {
  (stream === 'stderr' ? console.error : console.log)(text.replace(/\n$/, ''));
};

/** @internal set by the entry points */
export function configure({ load, print }) {
  loader = load;
  if (print) defaultPrint = print;
}

async function toBytes(source) {
  if (source instanceof Uint8Array) return source;
  if (source instanceof ArrayBuffer) return new Uint8Array(source);
  if (typeof Response !== 'undefined' && source instanceof Response) return new Uint8Array(await source.arrayBuffer());
  const res = await fetch(source);
  if (!res.ok) throw new MontyError(`could not fetch monty.wasm from ${source}: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

/**
 * The engine for monty.wasm's bytes: rewritten for recycled instances, or,
 * should the rewrite not apply to this build (a layout it does not know),
 * the module as is with a plain new instance per run.
 */
function buildEngine(bytes) {
  let layout;
  let module;
  try {
    layout = prepareModule(bytes);
    module = new WebAssembly.Module(layout.bytes);
  } catch (err) {
    fallbackReason = String(err && err.message);
    return new Engine(new WebAssembly.Module(bytes), null);
  }
  return new Engine(module, layout);
}

async function buildEngineAsync(bytes) {
  let layout;
  let module;
  try {
    layout = prepareModule(bytes);
    module = await WebAssembly.compile(layout.bytes);
  } catch (err) {
    fallbackReason = String(err && err.message);
    return new Engine(await WebAssembly.compile(bytes), null);
  }
  return new Engine(module, layout);
}

/** Why the loader fell back to plain instances (null: it did not). */
let fallbackReason = null;

/**
 * Loads and compiles monty.wasm (once per process or page). Optional in
 * Node (the first run loads it synchronously); required in a browser before
 * the synchronous API (`run`, `start`); `runMontyAsync` calls it itself.
 * @param {string | URL | Uint8Array | ArrayBuffer | Response | WebAssembly.Module} [source]
 *   where monty.wasm is (default: next to this package's entry), or the
 *   module already compiled (then each run is a plain new instance)
 */
export function loadMonty(source) {
  if (engine && source === undefined) return Promise.resolve();
  if (enginePromise && source === undefined) return enginePromise;
  enginePromise = (async () => {
    if (source instanceof WebAssembly.Module) {
      // Compiled elsewhere (e.g. `import wasm from './monty.wasm'` in an edge
      // runtime that forbids compiling): used as is, a new instance per run.
      engine = new Engine(source, null);
      return;
    }
    const bytes = source === undefined ? await loader.loadAsync() : await toBytes(source);
    engine = await buildEngineAsync(bytes);
  })();
  return enginePromise;
}

function getEngine() {
  if (engine) return engine;
  const bytes = loader && loader.loadSync ? loader.loadSync() : null;
  if (!bytes) throw new MontyError('monty.wasm is not loaded yet: `await loadMonty()` first');
  engine = buildEngine(bytes);
  return engine;
}

/**
 * How runs get their instance: `recycled` (the rewritten module, reset
 * instances) or not (`fallbackReason` says why: a module compiled elsewhere,
 * or a build the loader's rewrite does not apply to), and whether the guest
 * counts its own budget.
 */
export function engineInfo() {
  const eng = getEngine();
  return {
    recycled: !eng.plain,
    reuseInstances: !eng.plain && eng.reuseInstances,
    fallbackReason: eng.plain ? (fallbackReason || 'a precompiled WebAssembly.Module was given') : null,
    budget: eng.hasClock,
  };
}

/** Whether this monty.wasm enforces `maxInstructions`/`maxDurationSecs` itself. */
export function guestHasBudget() {
  return getEngine().hasClock;
}

// ---------------------------------------------------------------- helpers --

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
function exceptionOf(err) {
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

function isAsyncFunction(fn) {
  return typeof fn === 'function' && fn.constructor && fn.constructor.name === 'AsyncFunction';
}

/** Normalizes one entry of an `externalFunctions` mapping. */
function fnEntry(name, v) {
  if (typeof v === 'function') return { name, fn: v, async: isAsyncFunction(v) };
  if (v && typeof v === 'object') {
    const fn = typeof v.fn === 'function' ? v.fn : undefined;
    return { name, fn, async: v.async === undefined ? isAsyncFunction(fn) : !!v.async, params: v.params, module: v.module };
  }
  throw new MontyError(`externalFunctions.${name}: expected a function or { fn, async }`);
}

function decls(list) {
  if (!list) return null;
  if (Array.isArray(list)) {
    return list.map((d) => (typeof d === 'string' ? { name: d, async: false } : { name: d.name, async: !!d.async, params: d.params, module: d.module }));
  }
  return Object.entries(list).map(([name, v]) => fnEntry(name, v));
}

/** The default os handler: nothing is granted (PermissionError, errno 13). */
const DEFAULT_OS = () => {
  throw Object.assign(new Error('Permission denied'), { pythonType: 'PermissionError', errno: 13 });
};

/**
 * The request's limits. The guest checks `max_memory_bytes` against the
 * whole linear memory; a recycled memory may already extend `drift` bytes
 * above a new instance's, so that much is added to the cap it is given.
 */
function limitsJson(limits, drift) {
  if (!limits) return undefined;
  const out = {};
  const map = {
    maxInstructions: 'max_instructions',
    maxDurationSecs: 'max_duration_secs',
    maxMemory: 'max_memory_bytes',
    maxRecursionDepth: 'max_recursion_depth',
  };
  for (const [k, v] of Object.entries(limits)) {
    if (v === undefined || v === null) continue;
    if (!(k in map)) throw new MontyError(`unknown limit ${k} (known: ${Object.keys(map).join(', ')})`);
    if (typeof v !== 'number' || !(v >= 0)) throw new MontyError(`limits.${k} must be a non-negative number`);
    out[map[k]] = k === 'maxDurationSecs' ? v : Math.floor(v);
  }
  if (out.max_memory_bytes !== undefined && drift) out.max_memory_bytes += drift;
  return out;
}

// ------------------------------------------------------------- execution --

const MAGIC = [0x4d, 0x4f, 0x4e, 0x54, 0x59, 0x4a, 0x53, 0x00]; // "MONTYJS\0"
const DUMP_VERSION = 1;

/**
 * One execution in one instance: output streaming, progress decoding,
 * trap classification. Internal.
 */
class Execution {
  constructor({ print, functions, os, scriptName, limits, externals }) {
    this.print = print || defaultPrint;
    this.functions = functions || new Map();
    this.os = os || DEFAULT_OS;
    this.scriptName = scriptName;
    this.limits = limits || {};
    this.externals = externals || [];
    this.decoders = { 1: new TextDecoder(), 2: new TextDecoder() };
    this.stderrTail = '';
    this.startedAt = performance.now();
    const eng = getEngine();
    this.guest = eng.instantiate((fd, bytes) => this.output(fd, bytes), eng.maxPagesFor(this.limits.maxMemory));
    this.finished = false;
  }

  output(fd, bytes) {
    const text = this.decoders[fd].decode(bytes, { stream: true });
    if (!text) return;
    if (fd === 2) this.stderrTail = (this.stderrTail + text).slice(-400);
    try {
      this.print(text, fd === 1 ? 'stdout' : 'stderr');
    } catch (err) {
      // Unwinds out of the guest; call() rethrows it as is.
      this.callbackError = err;
      throw err;
    }
  }

  flush() {
    for (const fd of [1, 2]) {
      const text = this.decoders[fd].decode();
      if (text) this.print(text, fd === 1 ? 'stdout' : 'stderr');
    }
  }

  finish() {
    if (this.finished) return;
    this.finished = true;
    this.flush();
    this.guest.release();
  }

  /** Calls a guest export; traps become MontyLimitError('memory') or MontyError. */
  call(fn) {
    if (this.finished) throw new MontyError('this execution has finished');
    let raw;
    try {
      raw = fn(this.guest);
    } catch (err) {
      const memBytes = this.guest.memory.buffer.byteLength;
      this.finish();
      if (this.callbackError !== undefined && err === this.callbackError) throw err; // the print callback threw
      if (/memory allocation of \d+ bytes failed/.test(this.stderrTail)
        || memBytes >= this.guest.maxPages * 65536 - (1 << 20)) {
        throw new MontyLimitError('memory', `memory limit exceeded (${memBytes} bytes of linear memory)`);
      }
      if (err instanceof ProcExit) throw new MontyError(`internal error: ${err.message}`, { cause: err });
      throw new MontyError(`internal error: the interpreter trapped (${err && err.message})`, { cause: err });
    }
    return this.progress(raw);
  }

  progress(p) {
    switch (p.status) {
      case 'complete':
        this.finish();
        return { kind: 'complete', value: p.value, repr: p.repr ?? null };
      case 'call':
        return { kind: 'call', calls: [p] };
      case 'os_call':
        return { kind: 'os', calls: [{ id: p.id, name: p.function, args: p.args, kwargs: p.kwargs }] };
      case 'wait':
        return { kind: 'wait', calls: p.calls, sleep: p.sleep };
      case 'error':
        this.finish();
        if (p.error.type === 'SyntaxError' && !/^Traceback/.test(p.error.traceback || '')) {
          throw new MontySyntaxError(p.error);
        }
        throw new MontyRuntimeError(p.error);
      case 'limit':
        this.finish();
        throw new MontyLimitError(p.kind, p.message);
      case 'invalid':
        this.finish();
        throw new MontyError(`the sandbox refused the request: ${p.message}`);
      default:
        this.finish();
        throw new MontyError(`unexpected progress from monty.wasm: ${JSON.stringify(p)}`);
    }
  }

  start(request) {
    return this.call((g) => g.callJson('start', JSON.stringify(request)));
  }

  resumeText(text) {
    return this.call((g) => g.callJson('resume', text));
  }

  restore(bytes) {
    return this.call((g) => parseTagged(new TextDecoder().decode(g.callBytes('restore', bytes))));
  }

  checkDeadline() {
    const secs = this.limits.maxDurationSecs;
    if (secs !== undefined && (performance.now() - this.startedAt) / 1000 > secs) {
      this.finish();
      throw new MontyLimitError('time', `time limit exceeded (${secs} s, including waiting for host functions)`);
    }
  }
}

/** The JSON text of one reply. */
function replyText(id, outcome, what) {
  if ('exception' in outcome) {
    const ex = outcome.exception;
    const err = { type: String(ex.type || 'RuntimeError'), message: String(ex.message ?? '') };
    if (typeof ex.errno === 'number') err.errno = ex.errno;
    return `{"id":${id},"error":${JSON.stringify(err)}}`;
  }
  return `{"id":${id},"value":${encodeJson(outcome.returnValue, what)}}`;
}

// ---------------------------------------------------------------- Monty --

export class Monty {
  /**
   * Parses and checks `code` (raising MontySyntaxError) without running it.
   * @param {string} code
   * @param {object} [options]
   */
  constructor(code, options = {}) {
    if (typeof code !== 'string') throw new MontyError('Monty(code): code must be a string');
    this.code = code;
    this.scriptName = options.scriptName || 'main.py';
    this.inputNames = options.inputs ? [...options.inputs] : null;
    this.declared = decls(options.externalFunctions);
    this.declaredFns = new Map();
    if (this.declared) for (const d of this.declared) if (d.fn) this.declaredFns.set(d.name, d);
    const diag = check(code);
    if (!diag.ok) {
      const d = diag.diagnostics.find((x) => x.type === 'SyntaxError' || x.type === 'IndentationError') || diag.diagnostics[0];
      if (d) {
        const line = code.split('\n')[(d.line || 1) - 1] ?? '';
        const traceback = `  File "${this.scriptName}", line ${d.line}\n    ${line.trim()}\n${d.type}: ${d.message}\n`;
        throw new MontySyntaxError({ type: d.type, message: d.message, line: d.line, traceback });
      }
    }
    /** Names the program reads but never binds (from the guest's check, when it reports them). */
    this.undefinedNames = Array.isArray(diag.undefined_names) ? diag.undefined_names : null;
  }

  /** The externals of one run and the functions that answer them. */
  plan(opts) {
    const given = opts.externalFunctions ? decls(opts.externalFunctions) : [];
    const functions = new Map(this.declaredFns);
    for (const g of given) functions.set(g.name, g);
    let externals;
    if (this.declared) {
      externals = this.declared.map((d) => {
        const g = functions.get(d.name);
        return { name: d.name, async: d.async || !!(g && g.async), params: d.params, module: d.module || (g && g.module) };
      });
    } else {
      const inputs = new Set([...(this.inputNames || []), ...Object.keys(opts.inputs || {})]);
      const names = [];
      for (const n of this.undefinedNames || []) if (!inputs.has(n)) names.push(n);
      for (const g of given) if (!names.includes(g.name)) names.push(g.name);
      externals = names.map((name) => {
        const g = functions.get(name);
        return { name, async: !!(g && g.async), params: g && g.params, module: g && g.module };
      });
    }
    return { functions, externals };
  }

  request(opts, externals, drift) {
    const inputs = opts.inputs || {};
    if (this.inputNames) {
      for (const n of this.inputNames) {
        if (!(n in inputs)) throw new MontyError(`missing input '${n}' (declared in Monty(code, { inputs }))`);
      }
      for (const n of Object.keys(inputs)) {
        if (!this.inputNames.includes(n)) throw new MontyError(`unknown input '${n}' (declared: ${this.inputNames.join(', ') || 'none'})`);
      }
    }
    const parts = [`"code":${JSON.stringify(this.code)}`, `"filename":${JSON.stringify(this.scriptName)}`];
    const keys = Object.keys(inputs);
    if (keys.length) {
      parts.push(`"inputs":{${keys.map((k) => `${JSON.stringify(k)}:${encodeJson(inputs[k], `inputs.${k}`)}`).join(',')}}`);
    }
    if (externals.length) {
      parts.push(`"externals":${JSON.stringify(externals.map((e) => {
        const o = { name: e.name };
        if (e.params) o.params = e.params;
        if (e.async) o.async = true;
        if (e.module) o.module = e.module;
        return o;
      }))}`);
    }
    const limits = limitsJson(opts.limits, drift);
    if (limits && Object.keys(limits).length) parts.push(`"limits":${JSON.stringify(limits)}`);
    return `{${parts.join(',')}}`;
  }

  /** @internal */
  begin(opts = {}) {
    const { functions, externals } = this.plan(opts);
    limitsJson(opts.limits, 0); // usage errors before taking an instance
    const exec = new Execution({
      print: opts.print, functions, os: opts.os, scriptName: this.scriptName,
      limits: opts.limits, externals,
    });
    let request;
    try {
      request = this.request(opts, externals, exec.guest.driftBytes());
    } catch (err) {
      exec.finish();
      throw err;
    }
    const step = exec.call((g) => g.callJson('start', request));
    return { exec, step };
  }

  /**
   * Runs to completion synchronously; returns the value of the last
   * expression. Host functions must not return promises here (use
   * `runMontyAsync`).
   */
  run(opts = {}) {
    const { exec, step } = this.begin(opts);
    return driveSync(exec, step, opts);
  }

  /**
   * Starts the program and returns at its first host call
   * (`MontySnapshot`) or at its end (`MontyComplete`).
   */
  start(opts = {}) {
    const { exec, step } = this.begin(opts);
    return wrap(exec, step);
  }
}

/** Runs the static check (syntax errors; undefined names when the guest reports them). */
let checker = null;
function check(code) {
  const eng = getEngine();
  if (!checker) checker = eng.instantiate(() => {});
  try {
    const out = checker.callJson('check', JSON.stringify({ code }));
    if (checker.memory.buffer.byteLength > eng.recycleLimit) checker = null;
    return out;
  } catch (err) {
    checker = null;
    throw new MontyError(`internal error: the interpreter trapped while checking the code (${err && err.message})`, { cause: err });
  }
}

// -------------------------------------------------------- sync driving --

function callHost(exec, kind, call) {
  const args = call.args;
  const kwargs = call.kwargs || {};
  if (kind === 'os') return () => exec.os(call.name, args, kwargs);
  const entry = exec.functions.get(call.name);
  if (!entry || !entry.fn) {
    throw new MontyError(`the program called external function '${call.name}' but no implementation was given in externalFunctions`);
  }
  return () => entry.fn(...args, kwargs);
}

function settleSync(exec, kind, call) {
  const thunk = callHost(exec, kind, call);
  let value;
  try {
    value = thunk();
  } catch (err) {
    return { exception: exceptionOf(err) };
  }
  if (value && typeof value.then === 'function') {
    exec.finish();
    throw new MontyError(`'${call.name}' returned a promise: use runMontyAsync for async host functions`);
  }
  return { returnValue: value };
}

function sleepSync(secs) {
  if (secs <= 0) return;
  if (typeof SharedArrayBuffer !== 'undefined' && typeof Atomics !== 'undefined') {
    try {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, secs * 1000);
      return;
    } catch {
      /* not allowed here (browser main thread): spin */
    }
  }
  const until = performance.now() + secs * 1000;
  while (performance.now() < until) { /* spin */ }
}

function driveSync(exec, step, opts) {
  try {
    while (step.kind !== 'complete') {
      exec.checkDeadline();
      if (step.kind === 'wait') {
        const t0 = performance.now();
        if (!step.calls.length && step.sleep === undefined) {
          throw new MontyError('the program waits on nothing (no pending host call, no timer)');
        }
        if (!step.calls.length) sleepSync(step.sleep);
        const results = step.calls.map((c) => {
          const o = settleSync(exec, 'call', c);
          return replyText(c.id, o, `the return value of ${c.name}()`);
        });
        const elapsed = (performance.now() - t0) / 1000;
        step = exec.resumeText(`{"results":[${results.join(',')}],"elapsed":${elapsed}}`);
      } else {
        const c = step.calls[0];
        const o = settleSync(exec, step.kind, c);
        step = exec.resumeText(replyText(c.id, o, `the return value of ${c.name}()`));
      }
    }
    return opts.returnComplete ? new MontyComplete(step.value, step.repr) : step.value;
  } catch (err) {
    exec.finish();
    throw err;
  }
}

// ------------------------------------------------------ async driving --

/** Timers of one wait, all cleared when it ends (so none keeps Node alive). */
class Timers {
  constructor() {
    this.ids = [];
  }

  delay(ms) {
    return new Promise((resolve) => { this.ids.push(setTimeout(resolve, ms)); });
  }

  clear() {
    for (const id of this.ids) clearTimeout(id);
    this.ids = [];
  }
}

/**
 * Runs `monty` (or continues a loaded `MontySnapshot`) to completion,
 * awaiting host functions; every call a `gather` announces starts at once.
 * @returns {Promise<unknown>} the value of the last expression
 */
export async function runMontyAsync(monty, opts = {}) {
  await loadMonty();
  let exec;
  let step;
  if (monty instanceof MontySnapshot) {
    ({ exec, step } = monty.takeOver(opts));
  } else if (monty instanceof Monty) {
    ({ exec, step } = monty.begin(opts));
  } else {
    throw new MontyError('runMontyAsync(monty): expected a Monty or a MontySnapshot');
  }
  const pending = new Map(); // id -> { promise, done, outcome, name }
  const deadline = exec.limits.maxDurationSecs !== undefined ? exec.startedAt + exec.limits.maxDurationSecs * 1000 : Infinity;
  const launch = (kind, c) => {
    const rec = { done: false, outcome: null, name: c.name };
    rec.promise = (async () => {
      try {
        const thunk = callHost(exec, kind, c);
        rec.outcome = { returnValue: await thunk() };
      } catch (err) {
        if (err instanceof MontyError) rec.outcome = { fatal: err };
        else rec.outcome = { exception: exceptionOf(err) };
      }
      rec.done = true;
    })();
    return rec;
  };
  const timeLeft = () => deadline - performance.now();
  const timeout = () => {
    exec.finish();
    return new MontyLimitError('time', `time limit exceeded (${exec.limits.maxDurationSecs} s, including waiting for host functions)`);
  };
  try {
    while (step.kind !== 'complete') {
      exec.checkDeadline();
      if (step.kind === 'wait') {
        const t0 = performance.now();
        for (const c of step.calls) pending.set(c.id, launch('call', c));
        // Answered together when every call in flight has finished (as the
        // CLI does: deterministic, and what CPython sees when its tools
        // finish in the same loop turn), or earlier when a program timer
        // (asyncio.sleep, wait_for's timeout) comes due.
        const waiters = [...pending.values()].map((r) => r.promise);
        const race = [];
        if (waiters.length) race.push(Promise.all(waiters));
        const timers = new Timers();
        if (step.sleep !== undefined) race.push(timers.delay(step.sleep * 1000));
        if (!race.length) throw new MontyError('the program waits on nothing (no pending host call, no timer)');
        let timedOut = false;
        if (deadline !== Infinity) race.push(timers.delay(Math.max(0, timeLeft())).then(() => { timedOut = true; }));
        await Promise.race(race);
        timers.clear();
        const ready = [...pending.entries()].filter(([, r]) => r.done);
        if (timedOut && !ready.length) throw timeout();
        const results = [];
        for (const [id, r] of ready) {
          pending.delete(id);
          if (r.outcome.fatal) throw r.outcome.fatal;
          results.push(replyText(id, r.outcome, `the return value of ${r.name}()`));
        }
        const elapsed = (performance.now() - t0) / 1000;
        step = exec.resumeText(`{"results":[${results.join(',')}],"elapsed":${elapsed}}`);
      } else {
        const c = step.calls[0];
        const rec = launch(step.kind, c);
        if (deadline !== Infinity) {
          let timedOut = false;
          const timers = new Timers();
          await Promise.race([rec.promise, timers.delay(Math.max(0, timeLeft())).then(() => { timedOut = true; })]);
          timers.clear();
          if (timedOut && !rec.done) throw timeout();
        } else {
          await rec.promise;
        }
        if (rec.outcome.fatal) throw rec.outcome.fatal;
        step = exec.resumeText(replyText(c.id, rec.outcome, `the return value of ${c.name}()`));
      }
    }
    return opts.returnComplete ? new MontyComplete(step.value, step.repr) : step.value;
  } catch (err) {
    exec.finish();
    throw err;
  }
}

// ------------------------------------------------------ stepping API --

function wrap(exec, step) {
  if (step.kind === 'complete') return new MontyComplete(step.value, step.repr);
  return new MontySnapshot(exec, step);
}

/** The program ended: `output` is the value of its last expression. */
export class MontyComplete {
  constructor(output, repr) {
    this.output = output;
    /** `repr()` of the value, or null */
    this.repr = repr;
  }
}

/**
 * A paused run: `kind` is `call` (one sync host call), `os` (a file,
 * environment or clock access) or `wait` (async calls; see `calls`).
 */
export class MontySnapshot {
  constructor(exec, step) {
    this.exec = exec;
    this.step = step;
    this.consumed = false;
    /** 'call' | 'os' | 'wait' */
    this.kind = step.kind;
    const first = step.calls[0];
    /** The call's id (the first call's for `wait`). */
    this.callId = first ? first.id : null;
    this.functionName = first ? first.name : null;
    this.args = first ? first.args : [];
    this.kwargs = first ? first.kwargs || {} : {};
    /** Every call announced by this pause (one for `call`/`os`). */
    this.calls = step.calls.map((c) => ({ id: c.id, functionName: c.name, args: c.args, kwargs: c.kwargs || {} }));
    /** For `wait`: seconds until the program's next timer, if any. */
    this.sleep = step.sleep;
    this.scriptName = exec.scriptName;
  }

  use() {
    if (this.consumed) {
      throw new MontyError('this snapshot was already resumed (or handed to runMontyAsync); resume the object it returned, or MontySnapshot.load(bytes) a dump taken before');
    }
    this.consumed = true;
  }

  /**
   * Answers the pause and runs to the next one.
   * `{ returnValue }` or `{ exception: { type, message, errno? } }`; for `wait`,
   * `{ results: [{ id, returnValue } | { id, exception }], elapsed? }`.
   * @returns {MontySnapshot | MontyComplete}
   */
  resume(answer = {}) {
    this.use();
    let text;
    try {
      if (this.kind === 'wait') {
        const results = (answer.results || []).map((r) => replyText(r.id, r, `results[${r.id}].returnValue`));
        const elapsed = typeof answer.elapsed === 'number' ? `,"elapsed":${answer.elapsed}` : '';
        text = `{"results":[${results.join(',')}]${elapsed}}`;
      } else {
        if (!('returnValue' in answer) && !('exception' in answer)) {
          throw new MontyError('resume({ returnValue }) or resume({ exception: { type, message } })');
        }
        text = replyText(this.callId, answer, 'returnValue');
      }
    } catch (err) {
      this.consumed = false; // nothing was sent: the snapshot is still usable
      throw err;
    }
    return wrap(this.exec, this.exec.resumeText(text));
  }

  /**
   * The paused run as bytes: a small header (magic, version, script name,
   * the externals' async flags) followed by the guest's snapshot.
   * @returns {Uint8Array}
   */
  dump() {
    if (this.consumed) throw new MontyError('this snapshot was already resumed: dump() it before resume()');
    const guestBytes = this.exec.guest.snapshot();
    if (!guestBytes.length) throw new MontyError('the sandbox has no paused run to dump');
    const header = new TextEncoder().encode(JSON.stringify({
      scriptName: this.exec.scriptName,
      externals: this.exec.externals.map((e) => ({ name: e.name, async: !!e.async })),
    }));
    const out = new Uint8Array(8 + 1 + 4 + header.length + guestBytes.length);
    out.set(MAGIC, 0);
    out[8] = DUMP_VERSION;
    new DataView(out.buffer).setUint32(9, header.length, true);
    out.set(header, 13);
    out.set(guestBytes, 13 + header.length);
    return out;
  }

  /**
   * Restores a dump in a fresh instance (any process, same monty.wasm build).
   * @param {Uint8Array} bytes
   * @param {{ print?: Function, externalFunctions?: object, os?: Function, limits?: object }} [options]
   */
  static load(bytes, options = {}) {
    if (!(bytes instanceof Uint8Array)) throw new MontyError('MontySnapshot.load(bytes): expected a Uint8Array');
    if (bytes.length < 13 || MAGIC.some((b, i) => bytes[i] !== b)) {
      throw new MontyError('not a monty-wasm snapshot (bad magic): was it made by MontySnapshot.dump()?');
    }
    if (bytes[8] !== DUMP_VERSION) throw new MontyError(`unsupported snapshot version ${bytes[8]} (this package reads ${DUMP_VERSION})`);
    const hlen = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(9, true);
    if (13 + hlen > bytes.length) throw new MontyError('truncated snapshot (header)');
    let header;
    try {
      header = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(13, 13 + hlen)));
    } catch {
      throw new MontyError('corrupted snapshot (header)');
    }
    const guestBytes = bytes.slice(13 + hlen);
    const given = options.externalFunctions ? decls(options.externalFunctions) : [];
    const functions = new Map(given.map((g) => [g.name, g]));
    const exec = new Execution({
      print: options.print, functions, os: options.os, scriptName: header.scriptName,
      limits: options.limits, externals: header.externals || [],
    });
    let step;
    try {
      step = exec.restore(guestBytes);
    } catch (err) {
      if (err instanceof MontyError && /refused the request/.test(err.message)) {
        throw new MontyError(`monty.wasm refused the snapshot (from another build, or damaged): ${err.message.replace(/^.*?request: /, '')}`);
      }
      throw err;
    }
    if (step.kind === 'complete') return /** @type {any} */ (new MontyComplete(step.value, step.repr));
    return new MontySnapshot(exec, step);
  }

  /** @internal continue in runMontyAsync with new callbacks */
  takeOver(opts) {
    this.use();
    const exec = this.exec;
    if (opts.print) exec.print = opts.print;
    if (opts.os) exec.os = opts.os;
    if (opts.externalFunctions) for (const g of decls(opts.externalFunctions)) exec.functions.set(g.name, g);
    if (opts.limits) exec.limits = { ...exec.limits, ...opts.limits };
    return { exec, step: this.step };
  }
}

/**
 * Whether finished instances are reset and reused (default) or every run
 * gets a new `WebAssembly.Instance` (on a recycled, reset memory). Both
 * start each run from the module's initial state; reuse avoids V8's
 * per-instance allocations (~0.4 ms and GC pressure per run).
 * @param {boolean} on
 */
export function setInstanceReuse(on) {
  const eng = getEngine();
  eng.reuseInstances = !!on;
  eng.pools.clear();
}
