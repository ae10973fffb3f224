// Shared test helpers: the tools.py server as JS host functions, and the
// .expected reader (tests/regen_cases.py's parse_expected).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { MontyHostObject, encodeJson, parseTagged, withObjects } from '../src/values.js';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const CASES = path.join(ROOT, 'tests', 'cases');
export const OUT = fileURLToPath(new URL('../test-output/', import.meta.url));

/**
 * Starts `python3 tests/tools.py`; returns its functions as an
 * `externalFunctions` mapping ({ fn, async, params }) and a close().
 * Arguments arrive as JS values (decoded by the package), are re-encoded
 * with the package's encoder, and the tagged reply is decoded back to JS
 * values that the package encodes again for the sandbox.
 */
/** One of the server's host objects (its `Database`s), on this side. */
class RemoteObject {
  constructor(id, className) {
    this.id = id;
    this.className = className;
  }
}

/**
 * The server's `$object`s, in the package's table shape: a declaration
 * decodes to a MontyHostObject around one RemoteObject per server id, whose
 * methods send method calls to the server; a RemoteObject encodes as the
 * server's reference.
 */
class ServerObjects {
  constructor(call) {
    this.call = call;
    this.byId = new Map(); // server id -> MontyHostObject
    this.ids = new Map(); // RemoteObject -> server id
  }

  decode(x) {
    if (!this.byId.has(x.id)) {
      const remote = new RemoteObject(x.id, x.class);
      const methods = {};
      for (const m of x.methods || []) {
        methods[m.name] = { fn: (...all) => this.call(m.name, all, x.id), async: !!m.async, params: m.params };
      }
      const attrs = {};
      for (const [k, v] of Object.entries(x.attrs || {})) attrs[k] = v;
      this.byId.set(x.id, new MontyHostObject(remote, { className: x.class, methods, attrs }));
      this.ids.set(remote, x.id);
    }
    return this.byId.get(x.id);
  }

  encode(h) {
    return { $object: { id: h.target.id, class: h.target.className } };
  }
}

export async function toolServer() {
  const child = spawn('python3', [path.join(ROOT, 'tests', 'tools.py')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout });
  const waiting = new Map();
  let nextId = 1;
  let declared;
  const objects = new ServerObjects((name, all, id) => send(name, all, id));
  const first = new Promise((resolve) => { declared = resolve; });
  lines.on('line', (line) => {
    const msg = withObjects(objects, () => parseTagged(line));
    if (msg.functions) return declared(msg.functions);
    const w = waiting.get(msg.id);
    waiting.delete(msg.id);
    w(msg);
  });
  const send = (name, all, objectId) => {
    const kwargs = all.pop();
    const id = nextId++;
    const args = all;
    const method = objectId === undefined ? '' : `,"object":${objectId},"method_call":true`;
    const text = `{"id":${id},"name":${JSON.stringify(name)}${method},"args":${encodeJson(args, 'args', objects)},"kwargs":${encodeJson(kwargs, 'kwargs', objects)}}`;
    return new Promise((resolve, reject) => {
      waiting.set(id, (msg) => {
        if (msg.error) {
          const e = new Error(msg.error.message);
          e.pythonType = msg.error.type;
          reject(e);
        } else {
          resolve(msg.value);
        }
      });
      child.stdin.write(`${text}\n`);
    });
  };
  const decl = await first;
  const functions = {};
  for (const d of decl) {
    functions[d.name] = { fn: (...all) => send(d.name, all), async: d.async, params: d.params, module: 'tools' };
  }
  return {
    functions,
    decl,
    close() {
      child.stdin.end();
      child.kill();
    },
  };
}

const NO_NEWLINE = ' (no newline at end)';

export function parseExpected(text) {
  const lines = text.split(/(?<=\n)/);
  if (!lines[0].startsWith('# @generated')) throw new Error('missing header');
  const code = Number(lines[1].slice('--- exit '.length).trim());
  let errAt = -1;
  for (let i = 3; i < lines.length; i++) if (lines[i].startsWith('--- stderr')) errAt = i;
  const section = (header, body) => {
    let t = body.join('');
    if (header.replace(/\n$/, '').endsWith(NO_NEWLINE)) t = t.slice(0, -1);
    return t;
  };
  return { code, stdout: section(lines[2], lines.slice(3, errAt)), stderr: section(lines[errAt], lines.slice(errAt + 1)) };
}

export function skipLoudly(t, why) {
  const msg = `SKIPPED: ${why}`;
  process.stderr.write(`\n!!! ${msg}\n`);
  t.skip(msg);
}

export function ensureOut() {
  fs.mkdirSync(OUT, { recursive: true });
  return OUT;
}
