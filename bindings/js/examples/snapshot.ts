// Pause at a host call, save the run as bytes, continue it later.
import { Monty, MontySnapshot, MontyComplete } from 'monty-wasm';

export function demo(): unknown {
  const m = new Monty('r = ask("name?")\nf"hello {r}"');
  let p = m.start();
  if (p instanceof MontyComplete) return p.output;
  console.log(p.functionName, p.args, p.kwargs);     // ask [ 'name?' ] {}
  const bytes: Uint8Array = p.dump();                  // store anywhere
  p = MontySnapshot.load(bytes);                       // later, in any process
  const done = p.resume({ returnValue: 'Ada' });
  if (done instanceof MontyComplete) return done.output; // 'hello Ada'
  return done.resume({ exception: { type: 'KeyError', message: 'x' } });
}
