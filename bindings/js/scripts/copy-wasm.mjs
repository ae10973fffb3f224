// Copies the repository's ../../monty.wasm next to the package entry when
// the copy is missing or differs (the package ships its own copy).
// `--check`: copies nothing, exits 1 if the copy is missing or differs.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const check = process.argv.includes('--check');
const src = fileURLToPath(new URL('../../../monty.wasm', import.meta.url));
const dst = fileURLToPath(new URL('../monty.wasm', import.meta.url));
if (!fs.existsSync(src)) {
  if (fs.existsSync(dst) && !check) process.exit(0); // installed from a tarball: the copy is all there is
  console.error(`copy-wasm: ${src} is missing (build it at the repository root)`);
  process.exit(1);
}
const a = fs.readFileSync(src);
const same = fs.existsSync(dst) && Buffer.compare(a, fs.readFileSync(dst)) === 0;
if (check) {
  if (!same) {
    console.error(`copy-wasm --check: ${dst} is ${fs.existsSync(dst) ? 'not the same as' : 'missing, unlike'} ${src} (run: npm run build in bindings/js)`);
    process.exit(1);
  }
  process.exit(0);
}
if (!same) {
  fs.copyFileSync(src, dst);
  console.error(`copy-wasm: copied ${src} -> ${dst} (${a.length} bytes)`);
}
