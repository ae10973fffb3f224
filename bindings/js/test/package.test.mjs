// The package's shape: conditional exports, no `node:` import on the browser
// path, zero runtime dependencies, the shipped monty.wasm equal to the root one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './helpers.mjs';

const PKG = fileURLToPath(new URL('../', import.meta.url));
const pkg = JSON.parse(fs.readFileSync(path.join(PKG, 'package.json'), 'utf8'));

/** Every module the browser entry reaches, by static import. */
function importGraph(entry) {
  const seen = new Set();
  const todo = [entry];
  const specifiers = [];
  while (todo.length) {
    const file = todo.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const src = fs.readFileSync(file, 'utf8');
    for (const m of src.matchAll(/^\s*(?:import|export)\s[^'"\n]*?from\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm)) {
      const spec = m[1] || m[2] || m[3];
      specifiers.push([path.relative(PKG, file), spec]);
      if (spec.startsWith('.')) todo.push(path.resolve(path.dirname(file), spec));
    }
  }
  return { files: [...seen].map((f) => path.relative(PKG, f)), specifiers };
}

test('conditional exports: node and browser entries, types', () => {
  const dot = pkg.exports['.'];
  assert.equal(dot.node, './node.js');
  assert.equal(dot.browser, './browser.js');
  assert.equal(dot.default, './browser.js');
  assert.equal(dot.types, './index.d.ts');
  assert.equal(pkg.type, 'module');
});

test('the browser entry imports nothing from node: (nor any bare package)', () => {
  const { files, specifiers } = importGraph(path.join(PKG, 'browser.js'));
  assert.ok(files.includes('src/core.js') && files.includes('src/wasm.js') && files.includes('src/values.js'), files.join(','));
  for (const [file, spec] of specifiers) assert.ok(spec.startsWith('./') || spec.startsWith('../'), `${file} imports ${spec}`);
  for (const f of files) assert.doesNotMatch(fs.readFileSync(path.join(PKG, f), 'utf8'), /\bprocess\.|\bBuffer\b|require\(/, f);
});

test('zero runtime dependencies', () => {
  assert.equal(pkg.dependencies, undefined);
  assert.deepEqual(Object.keys(pkg.devDependencies || {}), ['typescript']);
});

test('the shipped monty.wasm is a copy of the repository root one', () => {
  const a = fs.readFileSync(path.join(ROOT, 'monty.wasm'));
  const b = fs.readFileSync(path.join(PKG, 'monty.wasm'));
  assert.ok(a.equals(b), 'bindings/js/monty.wasm differs from ../../monty.wasm: run `npm run build`');
});

test('examples/quickstart.mjs runs (importing the package by its name)', async () => {
  const { execFileSync } = await import('node:child_process');
  const out = execFileSync(process.execPath, [path.join(PKG, 'examples', 'quickstart.mjs')], { encoding: 'utf8' });
  assert.equal(out, 'total 30\nvalue: 30\nZeroDivisionError | ZeroDivisionError: division by zero\n');
});

test('the shipped monty.wasm takes the fast path (the rewrite applies; no silent fallback)', async () => {
  const { engineInfo } = await import('../node.js');
  const info = engineInfo();
  assert.equal(info.fallbackReason, null);
  assert.equal(info.recycled, true);
  assert.equal(info.reuseInstances, true);
  assert.equal(info.budget, true);
});
