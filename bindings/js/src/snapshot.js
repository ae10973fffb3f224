// The stepping API: MontyComplete (the end of a run) and MontySnapshot (a
// paused run: resume it, dump it to bytes, load it back in a fresh
// instance, or hand it to runMontyAsync).

import { MontyError } from './errors.js';
import { Execution, decls, replyText } from './execution.js';

const MAGIC = [0x4d, 0x4f, 0x4e, 0x54, 0x59, 0x4a, 0x53, 0x00]; // "MONTYJS\0"
const DUMP_VERSION = 1;

/** Bytes of a dump: magic, version, the header's length and JSON, the guest's snapshot. */
export function packDump(header, guestBytes) {
  const head = new TextEncoder().encode(JSON.stringify(header));
  const out = new Uint8Array(8 + 1 + 4 + head.length + guestBytes.length);
  out.set(MAGIC, 0);
  out[8] = DUMP_VERSION;
  new DataView(out.buffer).setUint32(9, head.length, true);
  out.set(head, 13);
  out.set(guestBytes, 13 + head.length);
  return out;
}

/** The header and the guest's snapshot of a dump; MontyError for bytes that are not one. */
export function unpackDump(bytes) {
  if (!(bytes instanceof Uint8Array)) throw new MontyError('load(bytes): expected a Uint8Array');
  if (bytes.length < 13 || MAGIC.some((b, i) => bytes[i] !== b)) {
    throw new MontyError('not a monty-wasm snapshot (bad magic): was it made by dump()?');
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
  return { header, guestBytes: bytes.slice(13 + hlen) };
}

function hostObjectOf(exec, call) {
  return call.method_call ? exec.objects.decode({ id: call.object, class: call.class }) : null;
}

export function wrap(exec, step) {
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
    /** For a host object's method (`functionName` is the method): the object, else null. */
    this.hostObject = first ? hostObjectOf(exec, first) : null;
    /** Every call announced by this pause (one for `call`/`os`). */
    this.calls = step.calls.map((c) => ({ id: c.id, functionName: c.name, args: c.args, kwargs: c.kwargs || {}, hostObject: hostObjectOf(exec, c) }));
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
        const results = (answer.results || []).map((r) => replyText(r.id, r, `results[${r.id}].returnValue`, this.exec.objects));
        const elapsed = typeof answer.elapsed === 'number' ? `,"elapsed":${answer.elapsed}` : '';
        text = `{"results":[${results.join(',')}]${elapsed}}`;
      } else {
        if (!('returnValue' in answer) && !('exception' in answer)) {
          throw new MontyError('resume({ returnValue }) or resume({ exception: { type, message } })');
        }
        text = replyText(this.callId, answer, 'returnValue', this.exec.objects);
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
    const header = { scriptName: this.exec.scriptName, externals: this.exec.externals.map((e) => ({ name: e.name, async: !!e.async })) };
    if (this.exec.session) header.session = true;
    return packDump(header, guestBytes);
  }

  /**
   * Restores a dump in a fresh instance (any process, same monty.wasm build).
   * @param {Uint8Array} bytes
   * @param {{ print?: Function, externalFunctions?: object, os?: Function, limits?: object }} [options]
   */
  static load(bytes, options = {}) {
    const { header, guestBytes } = unpackDump(bytes);
    if (header.session) throw new MontyError("a session's snapshot: continue it with MontySession.load(bytes)");
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
