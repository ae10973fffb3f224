// Browser (and worker / edge) entry: no `node:` imports. monty.wasm is
// fetched from next to this file unless `loadMonty(urlOrBytes)` says where.
import { configure } from './src/core.js';

configure({
  load: {
    loadSync: null,
    async loadAsync() {
      const res = await fetch(new URL('./monty.wasm', import.meta.url));
      if (!res.ok) throw new Error(`monty-wasm: could not fetch monty.wasm (HTTP ${res.status})`);
      return new Uint8Array(await res.arrayBuffer());
    },
  },
});

export {
  Monty, MontySnapshot, MontyComplete, MontySession, montySession, runMontyAsync, loadMonty, guestHasBudget, setInstanceReuse, engineInfo,
  MontyError, MontySyntaxError, MontyRuntimeError, MontyLimitError, MontyTypingError,
  MontyTuple, MontyFrozenSet, MontyFloat, MontyRepr, MontyDataclass, MontyNamedTuple, MontyHostObject, MontyHostObjectRef,
} from './src/core.js';
