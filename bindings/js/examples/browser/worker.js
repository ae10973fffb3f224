// @ts-check
// The worker: compiles monty.wasm once (browser entry, no `node:` import),
// turns the tools' source into functions and runs the program.
import { Monty, runMontyAsync, loadMonty, MontyRuntimeError } from '../../browser.js';

const ready = loadMonty();

/** @param {MessageEvent<{ code: string, tools: Record<string, string> }>} event */
self.onmessage = async (event) => {
  const { code, tools } = event.data;
  try {
    await ready;
    /** @type {Record<string, (...args: any[]) => unknown>} */
    const externalFunctions = {};
    for (const [name, src] of Object.entries(tools)) {
      externalFunctions[name] = /** @type {any} */ (new Function(`return (${src});`)());
    }
    const done = await runMontyAsync(new Monty(code, { scriptName: 'page.py' }), {
      externalFunctions,
      returnComplete: true,
      limits: { maxDurationSecs: 60, maxMemory: 256 << 20 },
      print: (text, stream) => self.postMessage({ type: 'print', text, stream }),
    });
    self.postMessage({ type: 'done', repr: done.repr });
  } catch (err) {
    const e = /** @type {any} */ (err);
    const text = err instanceof MontyRuntimeError ? err.traceback() : `${e && e.name}: ${e && e.message}\n`;
    self.postMessage({ type: 'error', name: e && e.name, text });
  }
};
