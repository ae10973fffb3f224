// The static check with stubs (Monty#typeCheck) and the run's working
// directory (cwd), through the public API and the real monty.wasm.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { Monty, MontyTypingError, MontySyntaxError, MontyError, runMontyAsync } from '../node.js';

// The same case as bindings/python and bindings/go (`monty check bad.py
// --stubs s.pyi --json` reports these three errors).
const STUBS = `
def get_weather(city: str, days: int = 1) -> dict[str, float]: ...
async def fetch_page(url: str) -> str: ...
`;
const BAD = `w = get_weather("Lima")
x = get_weather("Lima", 1, 2)
y = get_weather(3)
print(wether)
`;

test('typeCheck: wrong arity, wrong argument type and an undefined name, with codes and positions', () => {
  const m = new Monty(BAD); // compiles: the constructor says nothing
  let err;
  try {
    m.typeCheck(STUBS);
  } catch (e) {
    err = e;
  }
  assert.ok(err instanceof MontyTypingError && err instanceof MontyError, String(err));
  assert.equal(err.name, 'MontyTypingError');
  assert.deepEqual(err.diagnostics.map((d) => [d.line, d.col, d.endLine, d.endCol, d.code, d.type, d.severity]), [
    [2, 28, 2, 29, 'call-arity', 'TypeError', 'error'],
    [3, 17, 3, 18, 'arg-type', 'TypeError', 'error'],
    [4, 7, 4, 13, 'undefined-name', 'NameError', 'error'],
  ]);
  assert.equal(err.diagnostics[0].filename, 'main.py');
  assert.deepEqual(err.message.split('\n'), [
    "main.py:2:28: call-arity: get_weather() takes from 1 to 2 positional arguments but 3 were given",
    "main.py:3:17: arg-type: get_weather() argument 'city' must be str, not int",
    "main.py:4:7: undefined-name: name 'wether' is not defined",
  ]);
  assert.equal(err.errors.length, 3);
  assert.deepEqual(err.warnings, []);
});

test('typeCheck: a correct program passes; the constructor option checks too', () => {
  const good = 'w = get_weather("Lima", days=2)\nprint(w["temp"])\n';
  assert.deepEqual(new Monty(good).typeCheck(STUBS), []);
  assert.deepEqual(new Monty(good, { typeCheck: true, typeCheckStubs: STUBS }).typeCheck(), []);
  assert.throws(() => new Monty(BAD, { scriptName: 'agent.py', typeCheck: true, typeCheckStubs: STUBS }),
    (e) => e instanceof MontyTypingError && e.message.startsWith('agent.py:2:28: call-arity: '));
  // code that does not compile stays a MontySyntaxError
  assert.throws(() => new Monty('def f(:\n', { typeCheck: true, typeCheckStubs: STUBS }), MontySyntaxError);
});

test('typeCheck: undefined names need a declaration (stubs, inputs or the declaration list)', () => {
  assert.deepEqual(new Monty('print(wether)').typeCheck(), []);
  assert.throws(() => new Monty('print(wether)', { inputs: ['weather'] }).typeCheck(), (e) =>
    e instanceof MontyTypingError && e.diagnostics.length === 1 && e.diagnostics[0].code === 'undefined-name'
    && e.diagnostics[0].message.includes("Did you mean: 'weather'?"));
  assert.deepEqual(new Monty('log(weather)', { inputs: ['weather'], externalFunctions: ['log'] }).typeCheck(), []);
  // the declaration list's params and async-ness are checked against
  assert.throws(() => new Monty('log(1, 2)', { externalFunctions: [{ name: 'log', params: ['x'] }] }).typeCheck(),
    (e) => e instanceof MontyTypingError && e.diagnostics[0].code === 'call-arity');
  const m = new Monty("async def main():\n    x = fetch('u')\n    return x.upper()\n",
    { externalFunctions: { fetch: async (u) => u } });
  assert.throws(() => m.typeCheck(), (e) => e instanceof MontyTypingError && e.diagnostics[0].code === 'async-not-awaited');
});

test('typeCheck: warnings are returned, not thrown', () => {
  const code = "async def main():\n    fetch_page('https://example.com')\n    return 1\n";
  const warnings = new Monty(code).typeCheck(STUBS);
  assert.deepEqual(warnings.map((d) => [d.code, d.severity, d.type, d.line, d.col]),
    [['async-not-awaited', 'warning', 'RuntimeWarning', 2, 5]]);
  assert.equal(warnings[0].message, "coroutine 'fetch_page' was never awaited");
  assert.throws(() => new Monty(code + 'get_weather(1)\n').typeCheck(STUBS), (e) =>
    e instanceof MontyTypingError && e.warnings.length === 1 && e.errors.length === 1
    && e.errors[0].code === 'arg-type' && !e.message.includes('never awaited'));
});

test('typeCheck: stubs that do not parse are an error', () => {
  assert.throws(() => new Monty('x = 1').typeCheck('def broken(:\n'),
    (e) => e instanceof MontyTypingError && e.diagnostics[0].code === 'stubs' && e.diagnostics[0].type === 'StubsError');
});

test('cwd: the working directory of the sandbox; relative paths reach the os handler joined to it', async () => {
  const seen = [];
  const os = (fn, args) => {
    seen.push([fn, ...args]);
    if (fn === 'Path.read_bytes' && args[0] === '/data/reports/in.txt') return new TextEncoder().encode('hello');
    throw Object.assign(new Error('No such file or directory'), { pythonType: 'FileNotFoundError', errno: 2 });
  };
  const m = new Monty("import os\nfrom pathlib import Path\n[os.getcwd(), Path('in.txt').read_text()]");
  assert.deepEqual(m.run({ cwd: '/data/reports', os }), ['/data/reports', 'hello']);
  assert.deepEqual(seen, [['Path.read_bytes', '/data/reports/in.txt']]);
  const getcwd = new Monty('import os\nos.getcwd()');
  assert.equal(getcwd.run(), '/');
  assert.equal(await runMontyAsync(getcwd, { cwd: '/work' }), '/work');
  const p = new Monty('import os\nf(os.getcwd())').start({ cwd: '/tmp', externalFunctions: { f: (x) => x } });
  assert.deepEqual(p.args, ['/tmp']);
  assert.throws(() => getcwd.run({ cwd: 'relative' }), MontyError);
});

test("README's static check example prints what it says", () => {
  const readme = fs.readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const block = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]).find((b) => b.includes('typeCheck('));
  assert.ok(block, 'README has no typeCheck example');
  const printed = [];
  new Function('Monty', 'MontyTypingError', 'console', block)(Monty, MontyTypingError, { log: (t) => printed.push(...String(t).split('\n')) });
  const expected = block.split('\n').map((l) => l.trim()).filter((l) => l.startsWith('// main.py')).map((l) => l.slice(3));
  assert.equal(expected.length, 2);
  assert.deepEqual(printed, expected);
});
