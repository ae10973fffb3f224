// Host objects (README "Host objects"): JS objects the sandbox gets as
// instances whose methods call back into the host.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Monty, MontySession, MontySnapshot, MontyComplete, MontyRuntimeError, MontyTuple, MontyHostObject, runMontyAsync,
} from '../node.js';

class Database {
  constructor(name) {
    this.name = name;
    this.calls = [];
    this._rows = { users: ['ada', 'bob', 'cy'] };
  }

  // host functions and methods get the positional arguments, then the kwargs object
  query(...args) {
    const kwargs = args.pop();
    const [table, limit = kwargs.limit ?? 10] = args;
    this.calls.push(`query ${table}`);
    if (!(table in this._rows)) throw Object.assign(new Error(`no table ${table}`), { pythonType: 'LookupError' });
    return this._rows[table].slice(0, limit);
  }

  async fetch(...args) {
    const kwargs = args.pop();
    const [key = kwargs.key] = args;
    await new Promise((r) => setTimeout(r, 5));
    return { db: this.name, key };
  }
}

test('an input: class name, attrs, sync methods with this = the target', () => {
  const db = new Database('main');
  const m = new Monty("(type(db).__name__, db.name, db.query('users', limit=2), db.query('users'), sorted(n for n in dir(db) if not n.startswith('_')))", { inputs: ['db'] });
  const out = m.run({ inputs: { db: new MontyHostObject(db) } });
  assert.deepEqual([...out], ['Database', 'main', ['ada', 'bob'], ['ada', 'bob', 'cy'], ['calls', 'fetch', 'name', 'query']]);
  assert.deepEqual(db.calls, ['query users', 'query users']);
});

test('declared methods and attrs only; methods as functions with params', () => {
  const h = new MontyHostObject({}, {
    className: 'Counter',
    attrs: { label: 'x' },
    methods: { inc: { fn: (...a) => { const kw = a.pop(); return a[0] + (a[1] ?? kw.step ?? 1); }, params: ['n', 'step'] } },
  });
  const m = new Monty('(type(c).__name__, c.label, c.inc(1), c.inc(1, step=5), hasattr(c, "name"))', { inputs: ['c'] });
  assert.deepEqual([...m.run({ inputs: { c: h } })], ['Counter', 'x', 2, 6, false]);
});

test('a tool result, passed back to a tool (the same JS object), identity', () => {
  const main = new Database('main');
  const archive = new Database('archive');
  const handles = { main: new MontyHostObject(main), archive: new MontyHostObject(archive) };
  const seen = [];
  const code = `
db = open_db("main")
a = open_db("archive")
(open_db("main") is db, echo(db) is db, echo([db])[0] is db, a is db, db_name(db), db_name(a), db)
`;
  const out = new Monty(code).run({
    externalFunctions: {
      open_db: (name) => handles[name],
      db_name: (d) => { seen.push(d); return d.name; },
      echo: (x) => x,
    },
  });
  assert.deepEqual(out.slice(0, 6), [true, true, true, false, 'main', 'archive']);
  assert.equal(seen[0], main);
  assert.equal(seen[1], archive);
  assert.equal(out[6], main);
  // a method returning its own target gives the same sandbox object
  const self = new MontyHostObject({ me() { return this; } }, { className: 'Self', methods: ['me'] });
  assert.equal(new Monty('o.me() is o', { inputs: ['o'] }).run({ inputs: { o: self } }), true);
});

test('async methods inside asyncio.gather (runMontyAsync)', async () => {
  const code = `
import asyncio
async def go():
    return await asyncio.gather(a.fetch("k1"), b.fetch(key="k2"))
asyncio.run(go())
`;
  const m = new Monty(code, { inputs: ['a', 'b'] });
  const out = await runMontyAsync(m, { inputs: { a: new MontyHostObject(new Database('main')), b: new MontyHostObject(new Database('archive')) } });
  assert.deepEqual(out, [{ db: 'main', key: 'k1' }, { db: 'archive', key: 'k2' }]);
});

test('a method that throws raises in the program', () => {
  const code = `
try:
    db.query("nope")
except LookupError as e:
    r = "LookupError: " + str(e)
r
`;
  const m = new Monty(code, { inputs: ['db'] });
  assert.equal(m.run({ inputs: { db: new MontyHostObject(new Database('m')) } }), 'LookupError: no table nope');
  assert.throws(
    () => new Monty("db.query('nope')", { inputs: ['db'] }).run({ inputs: { db: new MontyHostObject(new Database('m')) } }),
    (err) => err instanceof MontyRuntimeError && /LookupError: no table nope/.test(err.traceback()),
  );
});

test('step by step: the snapshot names the object', () => {
  const db = new Database('main');
  const snap = new Monty("db.query('users', 1)", { inputs: ['db'] }).start({ inputs: { db: new MontyHostObject(db) } });
  assert.ok(snap instanceof MontySnapshot);
  assert.equal(snap.functionName, 'query');
  assert.equal(snap.hostObject, db);
  assert.deepEqual(snap.args, ['users', 1]);
  const done = snap.resume({ returnValue: ['x'] });
  assert.ok(done instanceof MontyComplete);
  assert.deepEqual(done.output, ['x']);
});

test('a session keeps its objects across cells', () => {
  const db = new Database('main');
  const s = new MontySession();
  s.feedSync('x = db', { inputs: { db: new MontyHostObject(db) } });
  assert.deepEqual(s.feedSync("x.query('users', 1)"), ['ada']);
  assert.equal(s.feedSync('x'), db);
  assert.ok(MontyTuple);
});

test('bad declarations are refused', () => {
  assert.throws(() => new MontyHostObject({}, { className: 'not a name' }), /not a Python identifier/);
  assert.throws(() => new MontyHostObject({}, { className: 'int', methods: {} }), /Python builtin/);
  assert.throws(() => new MontyHostObject({}), /give a className/);
  assert.throws(() => new MontyHostObject(new Database('m'), { methods: ['nope'] }), /has no such method/);
  assert.throws(() => new MontyHostObject({}, { className: 'X', methods: { __call__: () => 1 } }), /dunder/);
  assert.throws(() => new MontyHostObject(new Database('m'), { methods: ['query'], attrs: { query: 1 } }), /declared twice/);
  assert.throws(() => new MontyHostObject({}, { className: 'X', attrs: { class: 1 } }), /not a Python identifier/);
  assert.throws(() => new MontyHostObject(42), /must be an object/);
  // a plain class instance without the wrapper is still refused
  assert.throws(() => new Monty('db', { inputs: ['db'] }).run({ inputs: { db: new Database('m') } }), /has no Python form/);
});
