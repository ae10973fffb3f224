// Every tests/cases/session__*.py through MontySession: cells split at lines
// starting with `# %%`, cell N fed as `cellN.py` with the tools of
// tests/tools.py; stdout, stderr and the exit status (1 if any cell raised)
// must match the CPython-generated .expected. Each case runs twice: in one
// session object, and with a dump() + MontySession.load() between every two
// cells.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { MontySession, montySession, MontyRuntimeError, MontySyntaxError } from '../node.js';
import { CASES, parseExpected, toolServer } from './helpers.mjs';

const server = await toolServer();
after(() => server.close());

const cases = fs.readdirSync(CASES).filter((f) => /^session__.*\.py$/.test(f)).sort();

/** The cells of a case: split before each line starting with `# %%`. */
export function splitCells(source) {
  const cells = [[]];
  for (const line of source.split(/(?<=\n)/)) {
    if (line.startsWith('# %%')) cells.push([]);
    else cells[cells.length - 1].push(line);
  }
  return cells.map((c) => c.join(''));
}

test('there are session__ cases', () => {
  assert.ok(cases.length >= 4, `found ${cases.length}`);
});

for (const file of cases) {
  for (const restoring of [false, true]) {
    test(`${file}${restoring ? ' (dump + load between cells)' : ''}`, async () => {
      const cells = splitCells(fs.readFileSync(path.join(CASES, file), 'utf8'));
      const expected = parseExpected(fs.readFileSync(path.join(CASES, file.replace(/\.py$/, '.expected')), 'utf8'));
      let stdout = '';
      let stderr = '';
      let exit = 0;
      const options = {
        externalFunctions: server.functions,
        print: (/** @type {string} */ text, /** @type {string} */ stream) => { if (stream === 'stdout') stdout += text; else stderr += text; },
      };
      let session = await montySession(options);
      for (let i = 0; i < cells.length; i++) {
        if (restoring && i > 0) {
          const bytes = session.dump();
          session.close();
          session = MontySession.load(bytes, options);
        }
        try {
          const done = await session.feed(cells[i], { filename: `cell${i + 1}.py`, returnComplete: true });
          if (done.output !== null) stdout += `${done.repr}\n`;
        } catch (err) {
          if (!(err instanceof MontyRuntimeError || err instanceof MontySyntaxError)) throw err;
          exit = 1;
          stderr += err.traceback();
        }
      }
      session.close();
      assert.equal(stdout, expected.stdout);
      assert.equal(stderr, expected.stderr);
      assert.equal(exit, expected.code);
    });
  }
}
