// Sessions: one instance kept between cells, so that globals, imports,
// functions and classes a cell defines are there for the next (the guest's
// `"session": "new" | "next"` start requests). Each cell is an Execution of
// its own (own limits, clock, output callback); when it ends with a value or
// an exception the instance comes back here, ready for the next cell. A
// limit, a trap or a host error that abandons a paused cell takes the state
// with it: the session is lost and says why.

import { MontyError } from './errors.js';
import { getEngine, loadMonty } from './engine.js';
import { Execution, decls, limitsJson, startRequest } from './execution.js';
import { HostObjectTable, withObjects } from './values.js';
import { driveAsync, driveSync } from './run.js';
import { MontyComplete, MontySnapshot, wrap, packDump, unpackDump } from './snapshot.js';

export class MontySession {
  /**
   * An empty session; its first cell takes an instance.
   * @param {object} [options] what every cell gets unless its feed says
   *   otherwise: `externalFunctions` (a mapping), `print`, `os`, `limits`
   *   (per cell; `maxMemory` here also sizes the instance's memory), `cwd`
   *   (the first cell's working directory).
   */
  constructor(options = {}) {
    this.options = { ...options };
    this.functions = new Map();
    /** The host objects given to the session's cells (they live as long as it). */
    this.objects = new HostObjectTable();
    if (options.externalFunctions) for (const g of decls(options.externalFunctions)) this.functions.set(g.name, g);
    limitsJson(options.limits, 0); // usage errors now
    /** 'empty' | 'idle' | 'busy' | 'lost' | 'closed' */
    this.state = 'empty';
    /** Why the session is lost (null while it is not). */
    this.lostReason = null;
    /** Cells fed to this object (not those before a snapshot it was loaded from). */
    this.cells = 0;
    /** A cell restored paused by `MontySession.load` (resume it to go on), else null. */
    this.pending = null;
    this.guest = null;
    this.drift = 0;
  }

  /** @internal an Execution of this session ended */
  cellEnded(exec, keep) {
    if (this.state === 'closed') {
      exec.guest.release();
      return;
    }
    exec.guest.sink = () => {};
    if (keep) {
      this.state = 'idle';
      this.guest = exec.guest;
    } else {
      this.state = 'lost';
      this.guest = null;
      this.lostReason = exec.lostReason
        || 'a cell ended without finishing (a limit, a trap, or a host error while it was paused)';
      exec.guest.release();
    }
    if (this.pending && this.pending.exec === exec) this.pending = null;
  }

  /** Throws unless a cell may start now. */
  ready() {
    switch (this.state) {
      case 'closed': throw new MontyError('the session is closed');
      case 'lost': throw new MontyError(`the session is over: ${this.lostReason}`);
      case 'busy': throw new MontyError("the session's previous cell is still paused: finish it (resume, or runMontyAsync) before the next");
      default:
    }
  }

  /** @internal the cell's Execution and its first step */
  begin(code, opts = {}) {
    if (typeof code !== 'string') throw new MontyError('feed(code): code must be a string');
    this.ready();
    const o = this.options;
    const limits = opts.limits !== undefined ? opts.limits : o.limits;
    limitsJson(limits, 0); // usage errors before taking an instance
    // functions given to a feed stay declared in the session: they stay here too
    if (opts.externalFunctions) for (const g of decls(opts.externalFunctions)) this.functions.set(g.name, g);
    const functions = new Map(this.functions);
    const externals = [...functions.values()].map((g) => ({ name: g.name, async: !!g.async, params: g.params, module: g.module }));
    const first = this.state === 'empty';
    const eng = getEngine();
    const exec = new Execution({
      print: opts.print || o.print, functions, os: opts.os || o.os, scriptName: opts.filename || 'cell.py',
      limits, externals, session: this, guest: first ? null : this.guest,
      maxPages: eng.maxPagesFor(o.limits && o.limits.maxMemory),
    });
    if (first) this.drift = exec.guest.driftBytes();
    this.state = 'busy';
    this.guest = null;
    this.cells += 1;
    let request;
    try {
      request = withObjects(this.objects, () => startRequest({
        code,
        filename: opts.filename || 'cell.py',
        session: first ? 'new' : 'next',
        inputs: opts.inputs,
        externals,
        limits: limitsJson(limits, this.drift),
        cwd: opts.cwd !== undefined ? opts.cwd : (first ? o.cwd : undefined),
      }));
    } catch (err) {
      // nothing was sent: the instance is as it was
      exec.finish(true);
      if (first) {
        this.state = 'empty';
        exec.guest.release();
        this.guest = null;
      }
      this.cells -= 1;
      throw err;
    }
    const step = exec.call((g) => g.callJson('start', request));
    return { exec, step };
  }

  /**
   * Runs `code` as the next cell, awaiting host functions (as
   * `runMontyAsync`); resolves to the value of its last expression (or a
   * `MontyComplete` with `returnComplete: true`). A Python exception
   * rejects with `MontyRuntimeError` (`MontySyntaxError`) and the session
   * goes on; a limit rejects with `MontyLimitError` and ends it.
   */
  async feed(code, opts = {}) {
    await loadMonty();
    const { exec, step } = this.begin(code, opts);
    return driveAsync(exec, step, opts);
  }

  /** `feed`, synchronously (host functions must not return promises). */
  feedSync(code, opts = {}) {
    const { exec, step } = this.begin(code, opts);
    return driveSync(exec, step, opts);
  }

  /**
   * Runs `code` as the next cell up to its first host call: a
   * `MontySnapshot` (resume it; when the cell ends the session takes the
   * next cell) or a `MontyComplete`.
   */
  start(code, opts = {}) {
    const { exec, step } = this.begin(code, opts);
    return wrap(exec, step);
  }

  /**
   * The session between cells as bytes (the package's dump header + the
   * guest's snapshot), for `MontySession.load`. A paused cell is saved
   * with its `MontySnapshot.dump()` instead.
   * @returns {Uint8Array}
   */
  dump() {
    this.ready();
    if (this.state === 'empty') throw new MontyError('the session has no state yet: feed a cell first');
    let guestBytes;
    try {
      guestBytes = this.guest.snapshot();
    } catch (err) {
      this.state = 'lost';
      this.lostReason = `taking a snapshot failed (${err && err.message})`;
      this.guest.release();
      this.guest = null;
      throw new MontyError(this.lostReason, { cause: err });
    }
    if (!guestBytes.length) throw new MontyError('the sandbox returned an empty session snapshot');
    const externals = [...this.functions.values()].map((g) => ({ name: g.name, async: !!g.async }));
    return packDump({ session: true, scriptName: 'cell.py', externals }, guestBytes);
  }

  /**
   * A session continued from `dump()` bytes in a fresh instance (any
   * process with the same monty.wasm build). Bytes of a cell paused inside
   * a session (`MontySnapshot.dump()` of `session.start(...)`) give a
   * session whose `pending` is that pause: resume it (or hand it to
   * `runMontyAsync`), after which the session takes the next cell.
   * @param {Uint8Array} bytes
   * @param {object} [options] as the constructor's
   */
  static load(bytes, options = {}) {
    const { header, guestBytes } = unpackDump(bytes);
    const session = new MontySession(options);
    const eng = getEngine();
    const exec = new Execution({
      print: options.print, functions: new Map(session.functions), os: options.os, scriptName: header.scriptName,
      limits: options.limits, externals: header.externals || [], session,
      maxPages: eng.maxPagesFor(options.limits && options.limits.maxMemory),
    });
    session.drift = exec.guest.driftBytes();
    session.state = 'busy';
    let step;
    try {
      step = exec.restore(guestBytes);
    } catch (err) {
      if (err instanceof MontyError && /refused the request/.test(err.message)) {
        throw new MontyError(`monty.wasm refused the snapshot (from another build, damaged, or not a session's): ${err.message.replace(/^.*?request: /, '')}`);
      }
      throw err;
    }
    if (step.kind === 'complete' || step.kind === 'ready') return session;
    session.pending = new MontySnapshot(exec, step);
    return session;
  }

  /** Frees the instance; later feeds throw. (Idempotent.) */
  close() {
    if (this.state === 'closed') return;
    const held = this.guest;
    this.state = 'closed';
    this.guest = null;
    if (held) held.release();
  }
}

/** An empty session (async: loads monty.wasm first, as in a browser). */
export async function montySession(options = {}) {
  await loadMonty();
  return new MontySession(options);
}

export { MontyComplete };
