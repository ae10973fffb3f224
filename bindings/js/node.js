// Node entry: monty.wasm is read from this package's folder.
import fs from 'node:fs';
import { configure } from './src/core.js';

const WASM_URL = new URL('./monty.wasm', import.meta.url);

function missing(err) {
  return new Error(`monty-wasm: cannot read ${WASM_URL.pathname} (${err.code || err.message}); run \`npm run build\` in the package, which copies ../../monty.wasm`);
}

configure({
  load: {
    loadSync() {
      try {
        return fs.readFileSync(WASM_URL);
      } catch (err) {
        throw missing(err);
      }
    },
    async loadAsync() {
      try {
        return await fs.promises.readFile(WASM_URL);
      } catch (err) {
        throw missing(err);
      }
    },
  },
  print(text, stream) {
    (stream === 'stderr' ? process.stderr : process.stdout).write(text);
  },
});

export {
  Monty, MontySnapshot, MontyComplete, MontySession, montySession, runMontyAsync, loadMonty, guestHasBudget, setInstanceReuse, engineInfo,
  MontyError, MontySyntaxError, MontyRuntimeError, MontyLimitError, MontyTypingError,
  MontyTuple, MontyFrozenSet, MontyFloat, MontyRepr, MontyDataclass, MontyNamedTuple, MontyHostObject, MontyHostObjectRef,
} from './src/core.js';
