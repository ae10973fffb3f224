#!/usr/bin/env node
// The JS host's figures, through the package's public API, on the same
// monty.wasm as the other hosts (`make bench` can run it next to the Rust
// host). Prints one JSON object:
//   {"host":"js", "start_median_ms", "call_roundtrip_ms", "programs":{name: ms}, "failures":[...], ...}
// (a) a fresh run of `1+1`: median of N runs after warm-up;
// (b) a program calling a sync host function 1000 times: ms per call;
// (c) bench/programs/*.py, best of 3 (parse + compile + run, as bench/run.py's
//     in-process figure), the checksum line (last non-empty stdout line)
//     checked against <name>.expected if present, else CPython's output.
// Usage: node bench.mjs [--start-runs N] [--repeat N] [NAME ...]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Monty, setInstanceReuse } from './node.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PROGRAMS = path.join(ROOT, 'bench', 'programs');
const PYENV_313 = '/root/.pyenv/versions/3.13.0/bin/python3';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(name);
  if (i < 0) return dflt;
  const v = Number(argv[i + 1]);
  argv.splice(i, 2);
  return v;
};
const startRuns = opt('--start-runs', 500);
const repeat = opt('--repeat', 3);
const only = argv;

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[s.length >> 1]; };
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const round = (x) => Math.round(x * 1000) / 1000;

function timeRuns(fn, n, warm) {
  for (let i = 0; i < warm; i++) fn();
  const t = [];
  for (let i = 0; i < n; i++) {
    const a = performance.now();
    fn();
    t.push(performance.now() - a);
  }
  return t;
}

const failures = [];
const out = { host: 'js', runtime: `node ${process.version}` };

// (a) start
const one = new Monty('1+1');
if (one.run() !== 2) failures.push('start: 1+1 != 2');
const starts = timeRuns(() => one.run(), startRuns, 200);
out.start_median_ms = round(median(starts));
out.start_mean_ms = round(mean(starts));
out.start_with_constructor_median_ms = round(median(timeRuns(() => new Monty('1+1').run(), 200, 50)));
setInstanceReuse(false);
out.start_new_instance_median_ms = round(median(timeRuns(() => one.run(), 200, 50)));
setInstanceReuse(true);

// (b) call round trip
const calls = new Monty('t = 0\nfor i in range(1000):\n    t += f(i)\nt');
const callTimes = [];
for (let r = 0; r < Math.max(3, repeat); r++) {
  const a = performance.now();
  const v = calls.run({ externalFunctions: { f: (i) => i } });
  callTimes.push(performance.now() - a);
  if (v !== 499500) failures.push(`call_roundtrip: got ${v}`);
}
out.call_roundtrip_ms = round(Math.min(...callTimes) / 1000);

// (c) programs
function python() {
  return fs.existsSync(PYENV_313) ? PYENV_313 : 'python3';
}
const checksum = (stdout) => {
  const lines = stdout.split('\n').filter((l) => l.trim());
  return lines.length ? lines[lines.length - 1] : '';
};
out.programs = {};
const names = fs.readdirSync(PROGRAMS).filter((f) => f.endsWith('.py')).map((f) => f.slice(0, -3)).sort()
  .filter((n) => !only.length || only.includes(n));
for (const name of names) {
  const file = path.join(PROGRAMS, `${name}.py`);
  const src = fs.readFileSync(file, 'utf8');
  const expectedFile = path.join(PROGRAMS, `${name}.expected`);
  let expected;
  try {
    expected = checksum(fs.existsSync(expectedFile) ? fs.readFileSync(expectedFile, 'utf8')
      : execFileSync(python(), [file], { encoding: 'utf8', cwd: ROOT }));
  } catch (e) {
    failures.push(`${name}: CPython failed: ${e.message.slice(0, 200)}`);
    continue;
  }
  let best = Infinity;
  let ok = true;
  for (let r = 0; r < repeat; r++) {
    let stdout = '';
    const a = performance.now();
    try {
      new Monty(src, { scriptName: `${name}.py` }).run({ print: (t, s) => { if (s === 'stdout') stdout += t; }, limits: { maxMemory: 1 << 30 } });
    } catch (e) {
      failures.push(`${name}: ${e.name}: ${e.message.slice(0, 200)}`);
      ok = false;
      break;
    }
    best = Math.min(best, performance.now() - a);
    if (checksum(stdout) !== expected) {
      failures.push(`${name}: checksum ${JSON.stringify(checksum(stdout))} != CPython ${JSON.stringify(expected)}`);
      ok = false;
      break;
    }
  }
  if (ok) out.programs[name] = round(best);
}
out.failures = failures;
console.log(JSON.stringify(out));
process.exitCode = failures.length ? 1 : 0;
