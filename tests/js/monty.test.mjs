// Node host test: loads ../../monty.wasm with Node's built-in WASI (preview 1)
// and drives it through the canonical ABI as plain core functions, exactly as
// a host without component-model support would (see DESIGN.md, "The
// boundary"). No npm dependencies.
//
//   node --test tests/js/
//
// Calling convention: allocate the UTF-8 argument with
// `cabi_realloc(0, 0, 1, len)`, copy it into `memory`, call the export with
// `(ptr, len)`, read `[ptr u32 LE, len u32 LE]` at the returned address, copy
// the JSON out, then call `cabi_post_<name>(ret)`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WASI } from 'node:wasi';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WASM_PATH = fileURLToPath(new URL('../../monty.wasm', import.meta.url));

let compiled;
/** The compiled module, shared by every test (instances are per test). */
async function wasmModule() {
  if (!compiled) {
    if (!fs.existsSync(WASM_PATH)) {
      throw new Error(`${WASM_PATH} does not exist: build it first (make wasm)`);
    }
    compiled = WebAssembly.compile(fs.readFileSync(WASM_PATH));
  }
  return compiled;
}

/**
 * One fresh sandbox instance whose stdout/stderr go to temporary files.
 * Nothing is granted: no args, no environment, no preopened directories.
 */
class Sandbox {
  static async create() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'monty-js-'));
    const outPath = path.join(dir, 'stdout');
    const errPath = path.join(dir, 'stderr');
    const stdout = fs.openSync(outPath, 'w+');
    const stderr = fs.openSync(errPath, 'w+');
    const wasi = new WASI({
      version: 'preview1',
      args: [],
      env: {},
      preopens: {},
      stdout,
      stderr,
      returnOnExit: true,
    });
    const module = await wasmModule();
    const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
    const { exports } = instance;
    if (typeof exports._start === 'function') {
      // A command module: wasi.initialize() refuses those, but it only
      // needs the memory to bind the WASI functions to.
      wasi.initialize({ exports: { memory: exports.memory } });
    } else {
      // A reactor: runs `_initialize` if it is exported.
      wasi.initialize(instance);
    }
    return new Sandbox({ dir, outPath, errPath, stdout, stderr, exports });
  }

  constructor(fields) {
    Object.assign(this, fields);
  }

  /** Calls `name(string) -> string` through the canonical ABI. */
  callString(name, arg) {
    const { exports } = this;
    const bytes = new TextEncoder().encode(arg);
    const ptr = exports.cabi_realloc(0, 0, 1, bytes.length);
    new Uint8Array(exports.memory.buffer, ptr, bytes.length).set(bytes);
    const ret = exports[name](ptr, bytes.length);
    // Re-read `memory.buffer`: the call may have grown (and detached) it.
    const view = new DataView(exports.memory.buffer);
    const resultPtr = view.getUint32(ret, true);
    const resultLen = view.getUint32(ret + 4, true);
    const text = new TextDecoder('utf-8', { fatal: true }).decode(
      new Uint8Array(exports.memory.buffer, resultPtr, resultLen).slice(),
    );
    exports[`cabi_post_${name}`](ret);
    return JSON.parse(text);
  }

  start(request) {
    return this.callString('start', JSON.stringify(request));
  }

  resume(reply) {
    return this.callString('resume', JSON.stringify(reply));
  }

  check(request) {
    return this.callString('check', JSON.stringify(request));
  }

  output() {
    return {
      stdout: fs.readFileSync(this.outPath, 'utf8'),
      stderr: fs.readFileSync(this.errPath, 'utf8'),
    };
  }

  close() {
    fs.closeSync(this.stdout);
    fs.closeSync(this.stderr);
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Runs `body(sandbox)` on a fresh instance and always cleans up. */
async function withSandbox(body) {
  const sandbox = await Sandbox.create();
  try {
    return await body(sandbox);
  } finally {
    sandbox.close();
  }
}

test('the module imports only wasi_snapshot_preview1 and exports the ABI', async () => {
  const module = await wasmModule();
  const importModules = new Set(WebAssembly.Module.imports(module).map((i) => i.module));
  assert.deepEqual([...importModules], ['wasi_snapshot_preview1']);
  const exported = new Set(WebAssembly.Module.exports(module).map((e) => e.name));
  for (const name of [
    'memory', 'cabi_realloc',
    'start', 'cabi_post_start',
    'resume', 'cabi_post_resume',
    'snapshot', 'restore', 'check',
  ]) {
    assert.ok(exported.has(name), `missing export ${name}`);
  }
});

test('print and the value of the last expression', async () => {
  await withSandbox((sb) => {
    const progress = sb.start({ code: 'print("hello")\n1 + 1' });
    assert.equal(progress.status, 'complete', JSON.stringify(progress));
    assert.equal(progress.value, 2);
    if ('repr' in progress) assert.equal(progress.repr, '2');
    assert.equal(sb.output().stdout, 'hello\n');
  });
});

test('a program whose last statement is not an expression completes with None', async () => {
  await withSandbox((sb) => {
    const progress = sb.start({ code: 'x = 1\nprint(x, "two", sep="-")' });
    assert.equal(progress.status, 'complete', JSON.stringify(progress));
    assert.equal(progress.value, null);
    assert.equal(sb.output().stdout, '1-two\n');
  });
});

test('an external function call pauses and resumes with the reply', async () => {
  await withSandbox((sb) => {
    const call = sb.start({
      code: "r = add(2, 3)\nprint('got', r)\nr * 10",
      externals: [{ name: 'add', params: ['a', 'b'] }],
    });
    assert.equal(call.status, 'call', JSON.stringify(call));
    assert.equal(call.name, 'add');
    assert.deepEqual(call.args, [2, 3]);
    assert.deepEqual(call.kwargs, {});
    assert.equal(typeof call.id, 'number');
    // Nothing printed before the call returns.
    assert.equal(sb.output().stdout, '');

    const done = sb.resume({ id: call.id, value: 5 });
    assert.equal(done.status, 'complete', JSON.stringify(done));
    assert.equal(done.value, 50);
    assert.equal(sb.output().stdout, 'got 5\n');
  });
});

test('keyword arguments of an external call arrive in kwargs', async () => {
  await withSandbox((sb) => {
    const call = sb.start({
      code: "fetch('u', retries=3)",
      externals: [{ name: 'fetch' }],
    });
    assert.equal(call.status, 'call', JSON.stringify(call));
    assert.equal(call.name, 'fetch');
    assert.deepEqual(call.args, ['u']);
    assert.deepEqual(call.kwargs, { retries: 3 });
    const done = sb.resume({ id: call.id, value: { ok: true, items: [1, 'a', null] } });
    assert.equal(done.status, 'complete', JSON.stringify(done));
    assert.deepEqual(done.value, { ok: true, items: [1, 'a', null] });
  });
});

test('an error reply becomes a Python exception that try/except catches', async () => {
  await withSandbox((sb) => {
    const code = [
      'try:',
      '    add(1, 2)',
      'except ValueError as e:',
      '    print(e)',
      "    print(type(e).__name__)",
    ].join('\n');
    const call = sb.start({ code, externals: [{ name: 'add', params: ['a', 'b'] }] });
    assert.equal(call.status, 'call', JSON.stringify(call));
    assert.deepEqual(call.args, [1, 2]);
    const done = sb.resume({ id: call.id, error: { type: 'ValueError', message: 'bad' } });
    assert.equal(done.status, 'complete', JSON.stringify(done));
    assert.equal(done.value, null);
    assert.equal(sb.output().stdout, 'bad\nValueError\n');
  });
});

test('several external calls in sequence', async () => {
  await withSandbox((sb) => {
    const code = 'total = 0\nfor i in range(3):\n    total += double(i)\ntotal';
    let progress = sb.start({ code, externals: [{ name: 'double', params: ['x'] }] });
    const seen = [];
    while (progress.status === 'call') {
      seen.push(progress.args[0]);
      progress = sb.resume({ id: progress.id, value: progress.args[0] * 2 });
    }
    assert.equal(progress.status, 'complete', JSON.stringify(progress));
    assert.deepEqual(seen, [0, 1, 2]);
    assert.equal(progress.value, 6);
  });
});

test('an uncaught exception is reported as an error with a traceback', async () => {
  await withSandbox((sb) => {
    const progress = sb.start({ code: 'print("before")\n1 / 0', filename: 'main.py' });
    assert.equal(progress.status, 'error', JSON.stringify(progress));
    assert.equal(progress.error.type, 'ZeroDivisionError');
    assert.equal(progress.error.message, 'division by zero');
    assert.match(progress.error.traceback, /Traceback \(most recent call last\):/);
    assert.match(progress.error.traceback, /File "main\.py", line 2, in <module>/);
    assert.equal(sb.output().stdout, 'before\n');
  });
});

test('values that plain JSON cannot carry come back tagged', async () => {
  const cases = [
    ['2 ** 64', { $int: '18446744073709551616' }],
    ['(1, "a")', { $tuple: [1, 'a'] }],
    ['float("inf")', { $float: 'inf' }],
    ['{1: "x"}', { $dict: [[1, 'x']] }],
    ['[1.5, None, True]', [1.5, null, true]],
  ];
  for (const [code, expected] of cases) {
    await withSandbox((sb) => {
      const progress = sb.start({ code });
      assert.equal(progress.status, 'complete', `${code}: ${JSON.stringify(progress)}`);
      assert.deepEqual(progress.value, expected, code);
    });
  }
});

test('inputs are visible as global variables', async () => {
  await withSandbox((sb) => {
    const progress = sb.start({ code: 'x + len(items)', inputs: { x: 40, items: ['a', 'b'] } });
    assert.equal(progress.status, 'complete', JSON.stringify(progress));
    assert.equal(progress.value, 42);
  });
});

// The guest's own budget (README "Limits"): hosts without fuel stop a
// synchronous loop with `max_instructions` and `max_duration_secs`, and the
// guest reports `limit` instead of running on. Node's WASI gives the guest
// a real monotonic clock.

test('max_instructions stops an endless loop with a limit progress', async () => {
  await withSandbox((sb) => {
    const progress = sb.start({ code: 'while True:\n    pass', limits: { max_instructions: 100000 } });
    assert.equal(progress.status, 'limit', JSON.stringify(progress));
    assert.equal(progress.kind, 'instructions');
    assert.match(progress.message, /100000 instructions/);
  });
});

test('max_instructions counts exactly: a program within it completes', async () => {
  // `for` over range(10) with a sum: a few dozen instructions
  const code = 'n = 0\nfor i in range(10):\n    n += i\nn';
  let needed = 0;
  for (let budget = 1; budget < 1000; budget++) {
    const status = await withSandbox((sb) => sb.start({ code, limits: { max_instructions: budget } }).status);
    if (status === 'complete') {
      needed = budget;
      break;
    }
    assert.equal(status, 'limit');
  }
  assert.ok(needed > 10, `needed ${needed}`);
  // the same count every time: deterministic
  await withSandbox((sb) => {
    assert.equal(sb.start({ code, limits: { max_instructions: needed } }).value, 45);
  });
  await withSandbox((sb) => {
    assert.equal(sb.start({ code, limits: { max_instructions: needed - 1 } }).status, 'limit');
  });
});

test('native loops count too: sum(range(10**12)) meets max_instructions', async () => {
  await withSandbox((sb) => {
    const progress = sb.start({ code: 'sum(range(10**12))', limits: { max_instructions: 1000000 } });
    assert.equal(progress.status, 'limit', JSON.stringify(progress));
    assert.equal(progress.kind, 'instructions');
  });
});

test('max_duration_secs stops an endless loop on the main thread', async () => {
  await withSandbox((sb) => {
    const t0 = performance.now();
    const progress = sb.start({ code: 'while True:\n    pass', limits: { max_duration_secs: 0.2 } });
    const ms = performance.now() - t0;
    assert.equal(progress.status, 'limit', JSON.stringify(progress));
    assert.equal(progress.kind, 'time');
    assert.ok(ms >= 190 && ms < 5000, `stopped after ${ms} ms`);
  });
});

test('the instruction count carries across a pause', async () => {
  await withSandbox((sb) => {
    const code = 'for i in range(3000):\n    pass\nf()\nfor i in range(3000):\n    pass';
    const call = sb.start({ code, externals: [{ name: 'f' }], limits: { max_instructions: 10000 } });
    assert.equal(call.status, 'call', JSON.stringify(call));
    const after = sb.resume({ id: call.id, value: null });
    assert.equal(after.status, 'limit', JSON.stringify(after));
  });
});

test('the memory cap is the guest\'s own accounting as well', async () => {
  await withSandbox((sb) => {
    const code = 'x = []\nwhile True:\n    x.append([1, 2, 3])';
    const progress = sb.start({ code, limits: { max_memory_bytes: 32 << 20 } });
    assert.equal(progress.status, 'limit', JSON.stringify(progress));
    assert.equal(progress.kind, 'memory');
    // the instance stays usable enough to be dropped; a fresh one runs fine
  });
  await withSandbox((sb) => {
    assert.equal(sb.start({ code: '1 + 1' }).value, 2);
  });
});

test('check reports the names a program reads and never binds', async () => {
  await withSandbox((sb) => {
    const report = sb.check({ code: 'import json\nx = a() + b(len([]))\ndef f():\n    return c\nprint(json, x, f)' });
    assert.equal(report.ok, true, JSON.stringify(report));
    assert.deepEqual(report.undefined_names, ['a', 'b', 'c']);
  });
});
