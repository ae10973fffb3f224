// Helper process for the snapshot tests:
//   node child.mjs dump OUT [WASM]   start a program, dump the pause to OUT
//   node child.mjs resume IN         load IN, resume it, print the result as JSON
import fs from 'node:fs';
import { Monty, MontySnapshot, loadMonty } from '../node.js';

const [mode, file, wasm] = process.argv.slice(2);
const code = 'print("before")\nr = fetch("u", retries=2)\nprint("after", r)\n(r, 2 ** 70)';
if (mode === 'dump') {
  if (wasm) await loadMonty(fs.readFileSync(wasm));
  const p = new Monty(code, { scriptName: 'job.py', externalFunctions: ['fetch'] }).start({ print: () => {} });
  fs.writeFileSync(file, /** @type {any} */ (p).dump());
} else {
  let out = '';
  const p = MontySnapshot.load(new Uint8Array(fs.readFileSync(file)), { print: (t) => { out += t; } });
  const done = /** @type {any} */ (p.resume({ returnValue: { ok: true } }));
  console.log(JSON.stringify({ functionName: p.functionName, args: p.args, kwargs: p.kwargs, out, repr: done.repr }));
}
