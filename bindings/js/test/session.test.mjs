// MontySession: state kept across cells, exceptions and limits, dump/load
// between cells and at a pause inside a cell, close().
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MontySession, montySession, MontyError, MontyRuntimeError, MontyLimitError, MontySnapshot, MontyComplete } from '../node.js';

const quiet = { print: () => {} };
const tools = { add: (/** @type {number} */ a, /** @type {number} */ b) => a + b };

test('state is kept across feeds; inputs and functions join the session', async () => {
  const s = await montySession({ ...quiet, externalFunctions: tools });
  assert.equal(await s.feed('import math\nx = add(1, 2)\ndef sq(n):\n    return n * n'), null);
  assert.equal(await s.feed('sq(x) + n', { inputs: { n: 10 } }), 19);
  assert.equal(s.feedSync('n + mul(x, 2)', { externalFunctions: { mul: (a, b) => a * b } }), 16);
  assert.equal(await s.feed('mul(2, 2) + math.floor(2.5)'), 6);
  assert.equal(s.cells, 4);
  assert.equal(s.state, 'idle');
  s.close();
});

test('an exception mid-cell keeps the session and what ran before it', async () => {
  const s = new MontySession(quiet);
  await s.feed('done = []');
  await assert.rejects(s.feed('done.append(1)\n{}["k"]\ndone.append(2)', { filename: 'cell2.py' }), (err) => {
    assert.ok(err instanceof MontyRuntimeError);
    assert.match(err.traceback(), /File "cell2.py", line 2/);
    return true;
  });
  await assert.rejects(s.feed('def f(:\n    pass'), /SyntaxError|invalid syntax/);
  assert.deepEqual(await s.feed('done'), [1]);
  s.close();
});

test('a limit ends the session: the next feed says why', async () => {
  const s = new MontySession({ ...quiet, limits: { maxInstructions: 100000 } });
  await s.feed('x = 1');
  // per-cell limits: each cell (60-80k instructions) gets the whole budget afresh
  for (let i = 0; i < 3; i++) await s.feed('for i in range(10000):\n    x += 1');
  await assert.rejects(s.feed('while True:\n    x += 1'), MontyLimitError);
  assert.equal(s.state, 'lost');
  await assert.rejects(s.feed('x'), (err) => {
    assert.ok(err instanceof MontyError);
    assert.match(err.message, /the session is over: a cell hit a limit \(instruction limit exceeded/);
    return true;
  });
  assert.throws(() => s.dump(), /the session is over/);
  s.close();
});

test('dump between cells, load into a new session object', async () => {
  const s = new MontySession({ ...quiet, externalFunctions: tools });
  assert.throws(() => s.dump(), /no state yet/);
  await s.feed('class P:\n    def __init__(self, v):\n        self.v = v\np = P(add(20, 1))');
  const bytes = s.dump();
  assert.ok(bytes.length > 0);
  await s.feed('p.v = 0');
  const t = MontySession.load(bytes, { ...quiet, externalFunctions: tools });
  assert.equal(t.state, 'idle');
  assert.equal(t.pending, null);
  assert.equal(await t.feed('add(p.v, 1)'), 22);
  assert.equal(await s.feed('p.v'), 0);
  assert.throws(() => MontySnapshot.load(bytes), /MontySession.load/);
  s.close();
  t.close();
});

test('a cell paused at a tool call: dump, load, resume; the session goes on', async () => {
  const s = new MontySession({ ...quiet, externalFunctions: ['fetch'].reduce((o, n) => ({ ...o, [n]: { fn: undefined } }), {}) });
  await s.feed('base = 100');
  const p = s.start('got = fetch("a")\nbase + got');
  assert.ok(p instanceof MontySnapshot);
  assert.equal(p.functionName, 'fetch');
  await assert.rejects(s.feed('1'), /still paused/);
  const bytes = p.dump();
  const t = MontySession.load(bytes, quiet);
  assert.equal(t.state, 'busy');
  assert.ok(t.pending);
  const done = t.pending.resume({ returnValue: 5 });
  assert.ok(done instanceof MontyComplete);
  assert.equal(done.output, 105);
  assert.equal(t.state, 'idle');
  assert.equal(t.feedSync('got * 2'), 10);
  // the original, resumed too
  assert.equal(p.resume({ returnValue: 1 }).output, 101);
  assert.equal(await s.feed('got'), 1);
  s.close();
  t.close();
});

test('close() frees the instance; feeds after it throw', async () => {
  const s = new MontySession(quiet);
  await s.feed('x = 1');
  s.close();
  s.close();
  assert.equal(s.state, 'closed');
  await assert.rejects(s.feed('x'), /the session is closed/);
});
