// @ts-check
// The README's example: run `node examples/quickstart.mjs` in bindings/js.
import { Monty, MontyRuntimeError } from 'monty-wasm';

const m = new Monty('total = add(x, 2, scale=10)\nprint("total", total)\ntotal', { inputs: ['x'] });
const value = m.run({
  inputs: { x: 1 },
  externalFunctions: { add: (a, b, kwargs) => (a + b) * kwargs.scale },
  limits: { maxDurationSecs: 5, maxMemory: 64 << 20 },
});
console.log('value:', value); // 30

try {
  new Monty('1 / 0').run();
} catch (err) {
  if (err instanceof MontyRuntimeError) console.log(err.type, '|', err.traceback().trim().split('\n').pop());
}
