// The browser example in real headless Chromium (driven over the DevTools
// protocol by browser-driver.mjs): output read from the DOM, a screenshot
// in test-output/, and Stop ending a worker stuck in a loop.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { skipLoudly } from './helpers.mjs';

const DRIVER = fileURLToPath(new URL('./browser-driver.mjs', import.meta.url));

test('examples/browser in headless Chromium: gathered async tools, streamed output, Stop', (t) => {
  const r = spawnSync(process.execPath, ['--experimental-websocket', '--no-warnings', DRIVER], { encoding: 'utf8', timeout: 120000 });
  if (r.status === 2) {
    skipLoudly(t, JSON.parse(r.stdout).skipped);
    return;
  }
  assert.equal(r.status, 0, `driver failed:\n${r.stdout}\n${r.stderr}`);
  const got = JSON.parse(r.stdout.trim().split('\n').pop());
  assert.equal(got.stderr, '', got.output);
  assert.equal(got.output, [
    'asking both tools at once...',
    "weather: {'city': 'Paris', 'celsius': 14.5, 'sky': 'cloudy'}",
    'words: 4', '',
  ].join('\n'));
  assert.equal(got.result, "['Lima', 'Oslo', 'Rome']");
  const ms = Number(got.status.match(/done in (\d+) ms/)[1]);
  // Two gathers of 1 s tools: ~2 s (+ compiling monty.wasm in the worker); one by one it would be 5 s.
  assert.ok(ms < 4000, `took ${ms} ms`);
  assert.equal(got.stillRunning, 'running');
  assert.equal(got.afterStop, 'stopped');
  assert.equal(got.runEnabled, true);
});
