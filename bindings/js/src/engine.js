// The engine: monty.wasm loaded and compiled once per page or Node run
// (loadMonty, or synchronously on first use in Node), how runs get their
// instances (engineInfo, setInstanceReuse), and the entries' configuration
// (configure: where monty.wasm comes from, where output goes by default).

import { Engine, prepareModule } from './wasm.js';
import { MontyError } from './errors.js';

let engine = null;
let enginePromise = null;
let loader = null;
export let defaultPrint = (text, stream) => {
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

export function getEngine() {
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
