// loadMonty(WebAssembly.Module): a module compiled elsewhere (as edge
// runtimes hand it over) is used as is, one new instance per run. Its own
// process: the engine is per process.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { Monty, MontySnapshot, loadMonty, runMontyAsync, MontyRuntimeError } from '../node.js';

test('a precompiled WebAssembly.Module works unchanged (run, async, snapshots, errors)', async () => {
  const module = await WebAssembly.compile(fs.readFileSync(new URL('../monty.wasm', import.meta.url)));
  await loadMonty(module);
  let out = '';
  assert.equal(new Monty('print("hi")\nadd(1, 2)').run({ print: (t) => { out += t; }, externalFunctions: { add: (a, b) => a + b } }), 3);
  assert.equal(out, 'hi\n');
  const code = 'import asyncio\nasync def main():\n    return await asyncio.gather(f(1), f(2))\nasyncio.run(main())';
  assert.deepEqual(await runMontyAsync(new Monty(code), { externalFunctions: { f: async (x) => x * 3 } }), [3, 6]);
  const p = new Monty('f() + 1', { externalFunctions: ['f'] }).start();
  assert.equal(MontySnapshot.load(p.dump()).resume({ returnValue: 1 }).output, 2);
  assert.throws(() => new Monty('1/0').run(), MontyRuntimeError);
  for (let i = 0; i < 20; i++) assert.equal(new Monty(`${i} + 1`).run(), i + 1);
});
