// Every tests/cases/tools__*.py through the public API (runMontyAsync), the
// host functions forwarded to `python3 tests/tools.py`; stdout, stderr and
// the exit status must match the CPython-generated .expected byte for byte.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Monty, runMontyAsync, MontyRuntimeError } from '../node.js';
import { CASES, parseExpected, toolServer } from './helpers.mjs';

const server = await toolServer();
after(() => server.close());

const cases = fs.readdirSync(CASES).filter((f) => /^tools__.*\.py$/.test(f)).sort();

test('there are tools__ cases', () => {
  assert.ok(cases.length >= 40, `found ${cases.length}`);
});

for (const file of cases) {
  test(file, async () => {
    const code = fs.readFileSync(path.join(CASES, file), 'utf8');
    const expected = parseExpected(fs.readFileSync(path.join(CASES, file.replace(/\.py$/, '.expected')), 'utf8'));
    let stdout = '';
    let stderr = '';
    let exit = 0;
    const m = new Monty(code, { scriptName: file });
    try {
      const done = await runMontyAsync(m, {
        returnComplete: true,
        externalFunctions: server.functions,
        print: (text, stream) => { if (stream === 'stdout') stdout += text; else stderr += text; },
      });
      // As `monty run` (and the case generator): repr of a last expression that is not None.
      if (done.output !== null) stdout += `${done.repr}\n`;
    } catch (err) {
      if (!(err instanceof MontyRuntimeError)) throw err;
      exit = 1;
      stderr += err.traceback();
    }
    assert.equal(stdout, expected.stdout);
    assert.equal(stderr, expected.stderr);
    assert.equal(exit, expected.code);
  });
}
