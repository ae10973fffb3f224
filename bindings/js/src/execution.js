// One execution in one instance (Execution: output streaming, progress
// decoding, trap classification), with what a run is built from: the
// external function declarations (decls, externalsJson), the default os
// handler, the limits request (limitsJson), the start request of a run or a
// session's cell (startRequest), and the JSON text of a reply (replyText).

import { ProcExit } from './wasm.js';
import { HostObjectTable, encodeJson, parseTagged, withObjects } from './values.js';
import { MontyError, MontyLimitError, MontyRuntimeError, MontySyntaxError } from './errors.js';
import { defaultPrint, getEngine } from './engine.js';

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

export function decls(list) {
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
export function limitsJson(limits, drift) {
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

/** The externals as the guest's requests declare them (name, params, async, module). */
export function externalsJson(externals) {
  return externals.map((e) => {
    const o = { name: e.name };
    if (e.params) o.params = e.params;
    if (e.async) o.async = true;
    if (e.module) o.module = e.module;
    return o;
  });
}

/**
 * The JSON text of a `start` request: a run's (Monty) or a session's cell
 * (`session`: "new" | "next"). `limits` is limitsJson's answer; inputs are
 * encoded here (call it inside withObjects), `cwd` is checked here.
 */
export function startRequest({ code, filename, session, inputs, externals, limits, cwd }) {
  const parts = [`"code":${JSON.stringify(code)}`, `"filename":${JSON.stringify(filename)}`];
  if (session) parts.push(`"session":${JSON.stringify(session)}`);
  const keys = Object.keys(inputs || {});
  if (keys.length) {
    parts.push(`"inputs":{${keys.map((k) => `${JSON.stringify(k)}:${encodeJson(inputs[k], `inputs.${k}`)}`).join(',')}}`);
  }
  if (externals.length) parts.push(`"externals":${JSON.stringify(externalsJson(externals))}`);
  if (limits && Object.keys(limits).length) parts.push(`"limits":${JSON.stringify(limits)}`);
  if (cwd !== undefined && cwd !== null) {
    if (typeof cwd !== 'string' || !cwd.startsWith('/')) {
      throw new MontyError(`cwd must be an absolute path (a string starting with '/'), got ${JSON.stringify(cwd)}`);
    }
    parts.push(`"cwd":${JSON.stringify(cwd)}`);
  }
  return `{${parts.join(',')}}`;
}

/**
 * One execution in one instance: output streaming, progress decoding,
 * trap classification. Internal.
 */
export class Execution {
  constructor({ print, functions, os, scriptName, limits, externals, session, guest, maxPages }) {
    /** The host objects given to this run (a session's, across its cells). */
    this.objects = session ? session.objects : new HostObjectTable();
    this.print = print || defaultPrint;
    this.functions = functions || new Map();
    this.os = os || DEFAULT_OS;
    this.scriptName = scriptName;
    this.limits = limits || {};
    this.externals = externals || [];
    this.decoders = { 1: new TextDecoder(), 2: new TextDecoder() };
    this.stderrTail = '';
    this.startedAt = performance.now();
    /** The MontySession this cell belongs to (null: a one-off run). */
    this.session = session || null;
    /** Why the session is lost if this execution ends unfinished. */
    this.lostReason = null;
    if (guest) {
      this.guest = guest;
      guest.sink = (fd, bytes) => this.output(fd, bytes);
    } else {
      const eng = getEngine();
      this.guest = eng.instantiate((fd, bytes) => this.output(fd, bytes), maxPages || eng.maxPagesFor(this.limits.maxMemory));
    }
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

  /**
   * Ends the execution. A one-off run's instance goes back to the engine;
   * a session's stays with the session when the cell ended with a value or
   * an exception (`keep`), and is released (the session lost) otherwise.
   */
  finish(keep = false) {
    if (this.finished) return;
    this.finished = true;
    try {
      this.flush();
    } finally {
      if (this.session) this.session.cellEnded(this, keep);
      else this.guest.release();
    }
  }

  /** finish() because of `err`, which says why a session is lost. */
  fail(err) {
    if (!this.lostReason) this.lostReason = err && err.message;
    this.finish();
    return err;
  }

  /** Calls a guest export; traps become MontyLimitError('memory') or MontyError. */
  call(fn) {
    if (this.finished) throw new MontyError('this execution has finished');
    let raw;
    try {
      raw = withObjects(this.objects, () => fn(this.guest));
    } catch (err) {
      const memBytes = this.guest.memory.buffer.byteLength;
      if (this.callbackError !== undefined && err === this.callbackError) {
        this.lostReason = `the print callback threw (${err && err.message})`;
        this.finish();
        throw err; // the print callback threw
      }
      if (/memory allocation of \d+ bytes failed/.test(this.stderrTail)
        || memBytes >= this.guest.maxPages * 65536 - (1 << 20)) {
        throw this.fail(new MontyLimitError('memory', `memory limit exceeded (${memBytes} bytes of linear memory)`));
      }
      if (err instanceof ProcExit) throw this.fail(new MontyError(`internal error: ${err.message}`, { cause: err }));
      throw this.fail(new MontyError(`internal error: the interpreter trapped (${err && err.message})`, { cause: err }));
    }
    return this.progress(raw);
  }

  progress(p) {
    switch (p.status) {
      case 'complete':
        this.finish(true);
        return { kind: 'complete', value: p.value, repr: p.repr ?? null };
      case 'call':
        return { kind: 'call', calls: [p] };
      case 'os_call':
        return { kind: 'os', calls: [{ id: p.id, name: p.function, args: p.args, kwargs: p.kwargs }] };
      case 'wait':
        return { kind: 'wait', calls: p.calls, sleep: p.sleep };
      case 'ready':
        // a session's snapshot taken between cells, restored
        this.finish(true);
        return { kind: 'ready' };
      case 'error':
        this.finish(true);
        if (p.error.type === 'SyntaxError' && !/^Traceback/.test(p.error.traceback || '')) {
          throw new MontySyntaxError(p.error);
        }
        throw new MontyRuntimeError(p.error);
      case 'limit':
        this.lostReason = `a cell hit a limit (${p.message})`;
        throw this.fail(new MontyLimitError(p.kind, p.message));
      case 'invalid':
        this.finish(true);
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
      throw this.fail(new MontyLimitError('time', `time limit exceeded (${secs} s, including waiting for host functions)`));
    }
  }
}

/** The JSON text of one reply. */
export function replyText(id, outcome, what, objects) {
  if ('exception' in outcome) {
    const ex = outcome.exception;
    const err = { type: String(ex.type || 'RuntimeError'), message: String(ex.message ?? '') };
    if (typeof ex.errno === 'number') err.errno = ex.errno;
    return `{"id":${id},"error":${JSON.stringify(err)}}`;
  }
  return `{"id":${id},"value":${encodeJson(outcome.returnValue, what, objects)}}`;
}
