// The engine: monty.wasm compiled once, a fresh instance per run, the
// WASI preview-1 imports answered here (the same code in Node and browsers).
//
// Why the module is rewritten before compiling: instantiating monty.wasm as
// built costs ~2 ms in V8, mostly page faults on a fresh 10 MiB linear memory
// and the 2 MiB data-segment copy. The loader turns the module's own memory
// into an import and its data segments into passive ones (their bytes are
// kept here), so each run gets a fresh instance (fresh globals, fresh
// table, fresh guest state) on a recycled `WebAssembly.Memory` whose static
// region is reset by hand: the data image is copied back and the rest of the
// initial pages (`.bss`, the initial heap) are zeroed. Only the
// stack of a stack-first layout is not reset (no code reads a stack slot it
// did not write). Everything the previous run left above the initial pages
// is heap the new allocator takes over as free memory.

import { parseTagged } from './values.js';

const PAGE = 65536;
const SP_EXPORT = '__monty_stack_pointer';
// A finished run's memory is recycled only if it grew at most this many
// pages above the initial ones: a new run's allocator starts above what is
// there (memory never shrinks), so each reuse drifts a little. 16 MiB for
// runs without a memory cap; 1 MiB for capped runs, whose cap the guest
// checks against the whole linear memory (the drift is added to the cap it
// is given, see `driftBytes`).
const DRIFT_PAGES = 256;
const DRIFT_PAGES_CAPPED = 16;
const WASI = 'wasi_snapshot_preview1';

/** Errors the WASI shim throws to unwind out of the guest. */
export class ProcExit extends Error {
  /** @param {number} code */
  constructor(code) {
    super(`the guest called proc_exit(${code})`);
    this.code = code;
  }
}

// ---------------------------------------------------------------- binary --

function readLeb(b, pos) {
  let result = 0;
  let shift = 0;
  let byte;
  do {
    byte = b[pos.p++];
    result += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return result;
}

function readSleb(b, pos) {
  let result = 0;
  let shift = 0;
  let byte;
  do {
    byte = b[pos.p++];
    result += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  if (byte & 0x40) result -= 2 ** shift;
  return result;
}

function leb(n) {
  const out = [];
  do {
    let x = n % 128;
    n = Math.floor(n / 128);
    if (n) x |= 0x80;
    out.push(x);
  } while (n);
  return out;
}

function concat(parts) {
  const total = parts.reduce((a, x) => a + x.length, 0);
  const out = new Uint8Array(total);
  let k = 0;
  for (const x of parts) {
    out.set(x, k);
    k += x.length;
  }
  return out;
}

/** Reads a constant i32 expression (`i32.const N; end`). */
function constExpr(b, pos) {
  const op = b[pos.p++];
  if (op !== 0x41) throw new Error(`monty.wasm: unsupported init expression 0x${op.toString(16)}`);
  const v = readSleb(b, pos);
  if (b[pos.p++] !== 0x0b) throw new Error('monty.wasm: malformed init expression');
  return v;
}

/**
 * Rewrites monty.wasm: memory 0 becomes the import `monty.memory`, active
 * data segments are removed and returned as an image to copy by hand.
 * @param {Uint8Array} bytes
 */
export function prepareModule(bytes) {
  const b = bytes;
  if (b[0] !== 0 || b[1] !== 0x61 || b[2] !== 0x73 || b[3] !== 0x6d) {
    throw new Error('monty.wasm: not a WebAssembly module');
  }
  const pos = { p: 8 };
  const sections = [];
  while (pos.p < b.length) {
    const id = b[pos.p++];
    const size = readLeb(b, pos);
    sections.push({ id, body: b.subarray(pos.p, pos.p + size) });
    pos.p += size;
  }
  const memSec = sections.find((s) => s.id === 5);
  if (!memSec) throw new Error('monty.wasm: no memory section (is it already rewritten?)');
  const mp = { p: 0 };
  if (readLeb(memSec.body, mp) !== 1) throw new Error('monty.wasm: expected one memory');
  const memType = memSec.body.subarray(mp.p);
  const flags = memType[0];
  const lp = { p: 1 };
  const initialPages = readLeb(memType, lp);
  const maxPages = flags & 1 ? readLeb(memType, lp) : 65536;

  let stackPointer = null;
  const globalSec = sections.find((s) => s.id === 6);
  if (globalSec) {
    const gp = { p: 0 };
    const n = readLeb(globalSec.body, gp);
    if (n >= 1) {
      const type = globalSec.body[gp.p++];
      const mut = globalSec.body[gp.p++];
      if (type === 0x7f && mut === 1 && globalSec.body[gp.p] === 0x41) stackPointer = constExpr(globalSec.body, gp);
    }
  }

  const segments = [];
  const out = [b.subarray(0, 8)];
  for (const s of sections) {
    let body = s.body;
    if (s.id === 5) continue;
    // The data count section (wasm-opt writes one) counts the segments
    // dropped below; only memory.init/data.drop use it, which monty.wasm
    // has none of (an active segment only: checked below), so it goes too.
    if (s.id === 12) continue;
    if (s.id === 2) {
      const ip = { p: 0 };
      const n = readLeb(body, ip);
      const name = (t) => { const e = new TextEncoder().encode(t); return [...leb(e.length), ...e]; };
      body = concat([new Uint8Array(leb(n + 1)), body.subarray(ip.p),
        new Uint8Array([...name('monty'), ...name('memory'), 0x02]), memType]);
    }
    if (s.id === 7 && stackPointer !== null) {
      // Also export global 0 (the stack pointer) so a recycled instance can
      // be put back to its initial state.
      const ep = { p: 0 };
      const n = readLeb(body, ep);
      const name = new TextEncoder().encode(SP_EXPORT);
      body = concat([new Uint8Array(leb(n + 1)), body.subarray(ep.p), new Uint8Array([...leb(name.length), ...name, 0x03, 0x00])]);
    }
    if (s.id === 11) {
      const dp = { p: 0 };
      const n = readLeb(body, dp);
      for (let i = 0; i < n; i++) {
        const kind = readLeb(body, dp);
        if (kind !== 0) throw new Error(`monty.wasm: data segment kind ${kind} not supported`);
        const offset = constExpr(body, dp);
        const len = readLeb(body, dp);
        segments.push({ offset, bytes: body.slice(dp.p, dp.p + len) });
        dp.p += len;
      }
      continue; // the data section is dropped: the image is copied by hand
    }
    out.push(new Uint8Array([s.id, ...leb(body.length)]), body);
  }
  if (!sections.some((s) => s.id === 2)) throw new Error('monty.wasm: no import section');

  const initialBytes = initialPages * PAGE;
  const dataStart = Math.min(...segments.map((s) => s.offset), initialBytes);
  const dataEnd = Math.max(...segments.map((s) => s.offset + s.bytes.length), 0);
  // Ranges zeroed on reuse: everything in the initial pages that no data
  // segment covers, except a stack placed first (below the data).
  const zero = [];
  const stackFirst = stackPointer !== null && stackPointer <= dataStart;
  if (!stackFirst && dataStart > 0) zero.push([0, dataStart]);
  let cursor = dataStart;
  for (const seg of [...segments].sort((a, c) => a.offset - c.offset)) {
    if (seg.offset > cursor) zero.push([cursor, seg.offset]);
    cursor = Math.max(cursor, seg.offset + seg.bytes.length);
  }
  if (initialBytes > dataEnd) zero.push([dataEnd, initialBytes]);
  return { bytes: concat(out), segments, zero, initialPages, maxPages, stackPointer };
}

// ---------------------------------------------------------------- engine --

/**
 * The compiled module plus a pool of recycled memories.
 */
export class Engine {
  /**
   * @param {WebAssembly.Module} module
   * @param {ReturnType<typeof prepareModule>} layout
   */
  constructor(module, layout) {
    this.module = module;
    this.layout = layout;
    this.pools = new Map(); // maximum pages -> idle guests (or bare memories)
    this.reuseInstances = true;
    this.poolMax = 2;
    // Memories larger than this are not recycled (a memory never shrinks).
    // Without a layout (a module compiled elsewhere, as edge runtimes give
    // it), every run is a plain new instance with the module's own memory.
    this.plain = layout === null;
    if (this.plain) this.layout = { maxPages: 16384, initialPages: 0, segments: [], zero: [], stackPointer: null };
    this.recycleLimit = (this.layout.initialPages + DRIFT_PAGES) * PAGE;
    this.wasiImports = WebAssembly.Module.imports(module).filter((i) => i.module === WASI).map((i) => i.name);
    this.hasClock = this.wasiImports.includes('clock_time_get');
  }

  /**
   * The linear-memory maximum (pages) for a heap cap in bytes, a backstop
   * behind the guest's own accounting (which counts the memory grown during
   * the run): the static region (stack, data), what a recycled memory may
   * already hold above it (up to `DRIFT_PAGES_CAPPED`), the cap and a quarter.
   * @param {number | undefined} maxMemory
   */
  maxPagesFor(maxMemory) {
    const { layout } = this;
    if (!maxMemory || this.plain) return layout.maxPages;
    const pages = layout.initialPages + DRIFT_PAGES_CAPPED + Math.ceil((maxMemory * 1.25) / PAGE) + 16;
    return Math.min(layout.maxPages, pages);
  }

  /** Puts a memory back to the module's initial image. */
  resetMemory(mem) {
    const { layout } = this;
    const u8 = new Uint8Array(mem.buffer);
    for (const seg of layout.segments) u8.set(seg.bytes, seg.offset);
    for (const [a, z] of layout.zero) u8.fill(0, a, z);
  }

  /**
   * An instance in its initial state, whose fd 1/2 output goes to
   * `sink(fd, bytes)`: a recycled one (memory image and stack pointer
   * reset: the same state as a new instance) or, with `reuseInstances`
   * off, a new `WebAssembly.Instance` (on a recycled memory).
   * @param {(fd: number, bytes: Uint8Array) => void} sink
   * @param {number} maxPages
   */
  instantiate(sink, maxPages = this.layout.maxPages) {
    if (this.plain) return this.instantiatePlain(sink);
    const pool = this.pools.get(maxPages);
    const idle = pool && pool.pop();
    if (idle && idle.exports) {
      this.resetMemory(idle.memory);
      idle.exports[SP_EXPORT].value = this.layout.stackPointer;
      idle.sink = sink;
      idle.released = false;
      return idle;
    }
    let memory;
    if (idle) {
      memory = idle.memory;
      this.resetMemory(memory);
    } else {
      memory = new WebAssembly.Memory({ initial: this.layout.initialPages, maximum: maxPages });
      const u8 = new Uint8Array(memory.buffer);
      for (const seg of this.layout.segments) u8.set(seg.bytes, seg.offset);
    }
    const guest = new Guest(this, memory, maxPages, sink);
    const wasi = wasiImports(memory, guest);
    const imports = {};
    for (const name of this.wasiImports) {
      imports[name] = wasi[name] || (() => 52 /* ENOSYS */);
    }
    guest.exports = new WebAssembly.Instance(this.module, { [WASI]: imports, monty: { memory } }).exports;
    return guest;
  }

  instantiatePlain(sink) {
    const guest = new Guest(this, /** @type {any} */ (null), this.layout.maxPages, sink);
    const memoryRef = { get buffer() { return guest.memory.buffer; } };
    const wasi = wasiImports(memoryRef, guest);
    const imports = {};
    for (const name of this.wasiImports) imports[name] = wasi[name] || (() => 52 /* ENOSYS */);
    const instance = new WebAssembly.Instance(this.module, { [WASI]: imports });
    guest.exports = instance.exports;
    guest.memory = instance.exports.memory;
    if (typeof instance.exports._initialize === 'function') instance.exports._initialize();
    return guest;
  }

  /** Takes back a finished guest (its instance, or only its memory). */
  recycle(guest) {
    if (this.plain) return;
    const capped = guest.maxPages !== this.layout.maxPages;
    const limit = capped ? (this.layout.initialPages + DRIFT_PAGES_CAPPED) * PAGE : this.recycleLimit;
    if (guest.memory.buffer.byteLength > limit) return;
    let pool = this.pools.get(guest.maxPages);
    if (!pool) {
      if (this.pools.size >= 8) return;
      pool = [];
      this.pools.set(guest.maxPages, pool);
    }
    if (pool.length >= this.poolMax) return;
    if (!this.reuseInstances || guest.exports[SP_EXPORT] === undefined) {
      pool.push({ memory: guest.memory, exports: null });
    } else {
      pool.push(guest);
    }
  }
}

let randomState = 0x9e3779b9;

/** The preview-1 functions the guest imports; nothing is granted. */
function wasiImports(memory, guest) {
  const view = () => new DataView(memory.buffer);
  /** `*_sizes_get` of an empty list: 0 items, 0 bytes. */
  const emptySizes = (/** @type {number} */ countPtr, /** @type {number} */ sizePtr) => {
    const dv = view();
    dv.setUint32(countPtr, 0, true);
    dv.setUint32(sizePtr, 0, true);
    return 0;
  };
  return {
    fd_write(fd, iovs, iovsLen, nwrittenPtr) {
      const dv = view();
      let total = 0;
      for (let i = 0; i < iovsLen; i++) {
        const ptr = dv.getUint32(iovs + 8 * i, true);
        const len = dv.getUint32(iovs + 8 * i + 4, true);
        if (fd === 1 || fd === 2) guest.sink(fd, new Uint8Array(memory.buffer, ptr, len));
        total += len;
      }
      if (fd !== 1 && fd !== 2) return 8; // EBADF
      dv.setUint32(nwrittenPtr, total, true);
      return 0;
    },
    // no environment and no arguments: two empty lists
    environ_sizes_get: emptySizes,
    environ_get() {
      return 0;
    },
    args_sizes_get: emptySizes,
    args_get() {
      return 0;
    },
    proc_exit(code) {
      throw new ProcExit(code);
    },
    // Only seeds a hash map inside the guest: a fixed sequence keeps runs
    // deterministic (as the Rust host does).
    random_get(ptr, len) {
      const u8 = new Uint8Array(memory.buffer, ptr, len);
      for (let i = 0; i < len; i++) {
        randomState ^= randomState << 13;
        randomState ^= randomState >>> 17;
        randomState ^= randomState << 5;
        u8[i] = randomState & 0xff;
      }
      return 0;
    },
    clock_time_get(id, _precision, resultPtr) {
      let ns;
      if (id === 0) ns = BigInt(Date.now()) * 1000000n;
      else if (id === 1) ns = BigInt(Math.round(performance.now() * 1e6));
      else return 28; // EINVAL
      view().setBigUint64(resultPtr, ns, true);
      return 0;
    },
    clock_res_get(id, resultPtr) {
      if (id !== 0 && id !== 1) return 28;
      view().setBigUint64(resultPtr, 1000n, true);
      return 0;
    },
    sched_yield() {
      return 0;
    },
  };
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** One instance: the canonical-ABI calls. */
export class Guest {
  constructor(engine, memory, maxPages, sink) {
    this.engine = engine;
    this.maxPages = maxPages;
    /** @type {any} */
    this.exports = null;
    this.memory = memory;
    this.sink = sink;
    this.released = false;
  }

  /** Calls `name(bytes) -> bytes`. */
  callBytes(name, arg) {
    const e = this.exports;
    const bytes = typeof arg === 'string' ? encoder.encode(arg) : arg;
    const ptr = e.cabi_realloc(0, 0, 1, bytes.length);
    new Uint8Array(this.memory.buffer, ptr, bytes.length).set(bytes);
    const ret = e[name](ptr, bytes.length);
    return this.takeResult(name, ret);
  }

  takeResult(name, ret) {
    const dv = new DataView(this.memory.buffer);
    const rp = dv.getUint32(ret, true);
    const rl = dv.getUint32(ret + 4, true);
    const out = new Uint8Array(this.memory.buffer, rp, rl).slice();
    this.exports[`cabi_post_${name}`](ret);
    return out;
  }

  callJson(name, text) {
    return parseTagged(decoder.decode(this.callBytes(name, text)));
  }

  snapshot() {
    const ret = this.exports.snapshot();
    return this.takeResult('snapshot', ret);
  }

  /** How far a recycled memory already extends above the module's initial pages. */
  driftBytes() {
    if (this.engine.plain) return 0;
    return Math.max(0, this.memory.buffer.byteLength - this.engine.layout.initialPages * PAGE);
  }

  /** Hands the instance back to the engine (it must not be used again). */
  release() {
    if (this.released) return;
    this.released = true;
    this.sink = () => {};
    this.engine.recycle(this);
  }
}
