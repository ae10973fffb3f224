// Drives headless Chromium over the DevTools protocol (run with
// `node --experimental-websocket`, Node 20): serves bindings/js over
// node:http, opens examples/browser/, runs a program that gathers the two
// async tools, reads the output from the DOM, takes a screenshot, then
// checks that Stop ends a run stuck in `while True: pass`.
// Prints one JSON line with what it saw; exits 2 if Chromium is missing.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PKG = fileURLToPath(new URL('../', import.meta.url));
const OUT = path.join(PKG, 'test-output');
fs.mkdirSync(OUT, { recursive: true });

function findChromium() {
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    try {
      return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
    } catch { /* next */ }
  }
  return null;
}

const chromium = findChromium();
if (!chromium) {
  console.log(JSON.stringify({ skipped: 'chromium is not installed (apt-get install -y chromium)' }));
  process.exit(2);
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css' };
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  const file = path.normalize(path.join(PKG, decodeURIComponent(url.pathname)));
  if (!file.startsWith(PKG) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
    res.writeHead(404);
    res.end('not found');
    return;
  }
  res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream' });
  fs.createReadStream(file).pipe(res);
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}`;

const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'monty-chromium-'));
const browser = spawn(chromium, [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run',
  '--remote-debugging-port=0', `--user-data-dir=${profile}`, '--window-size=1100,1000', 'about:blank',
], { stdio: ['ignore', 'ignore', 'pipe'] });

const cleanup = async () => {
  const exited = new Promise((r) => { if (browser.exitCode !== null) r(); else browser.once('exit', r); });
  try { browser.kill('SIGKILL'); } catch { /* gone */ }
  await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
  server.close();
  try {
    fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  } catch { /* a leftover temp profile is harmless */ }
};

try {
  const wsUrl = await new Promise((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => reject(new Error(`chromium did not start: ${buf.slice(-500)}`)), 30000);
    browser.stderr.on('data', (d) => {
      buf += d;
      const m = buf.match(/DevTools listening on (ws:\/\/\S+)/);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
    browser.on('exit', (code) => reject(new Error(`chromium exited (${code}): ${buf.slice(-500)}`)));
  });

  const ws = new WebSocket(wsUrl);
  await new Promise((r, j) => { ws.onopen = r; ws.onerror = j; });
  let nextId = 1;
  const waiting = new Map();
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.id && waiting.has(msg.id)) {
      const { resolve, reject } = waiting.get(msg.id);
      waiting.delete(msg.id);
      if (msg.error) reject(new Error(JSON.stringify(msg.error)));
      else resolve(msg.result);
    }
  };
  const send = (method, params = {}, sessionId) => new Promise((resolve, reject) => {
    const id = nextId++;
    waiting.set(id, { resolve, reject });
    ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
  });

  const { targetId } = await send('Target.createTarget', { url: 'about:blank' });
  const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
  const page = (method, params) => send(method, params, sessionId);
  await page('Page.enable');
  await page('Runtime.enable');
  const evaluate = async (expression) => {
    const r = await page('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
    if (r.exceptionDetails) throw new Error(`page: ${JSON.stringify(r.exceptionDetails).slice(0, 500)}`);
    return r.result.value;
  };
  const waitFor = async (expression, ms) => {
    const until = Date.now() + ms;
    for (;;) {
      const v = await evaluate(expression);
      if (v) return v;
      if (Date.now() > until) throw new Error(`timed out waiting for ${expression}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  // 1. The default program, with each tool made to take 1 s: the five
  // calls come in two gathers, so about 2 s, not 5 s.
  await page('Page.navigate', { url: `${base}/examples/browser/index.html` });
  await waitFor("document.readyState === 'complete' && !!document.getElementById('run')", 20000);
  await evaluate(`for (const id of ['tool1', 'tool2']) {
    const t = document.getElementById(id); t.value = t.value.replace('300', '1000'); }
    document.getElementById('run').click(); true`);
  const status = await waitFor("['done', 'error'].includes(document.body.dataset.status) && document.getElementById('status').textContent", 30000);
  const output = await evaluate("document.getElementById('output').textContent");
  const stderr = await evaluate("[...document.querySelectorAll('#output .stderr')].map(e => e.textContent).join('')");
  const result = await evaluate("document.getElementById('result').textContent");
  const shot = await page('Page.captureScreenshot', { format: 'png' });
  const screenshot = path.join(OUT, 'browser-example.png');
  fs.writeFileSync(screenshot, Buffer.from(shot.data, 'base64'));

  // 2. Stop: a run stuck in a loop is ended by terminating its worker, and
  // the page stays responsive.
  await evaluate(`document.getElementById('code').value = 'print("looping")\\nwhile True:\\n    pass';
    document.getElementById('run').click(); true`);
  await waitFor("document.getElementById('output').textContent.includes('looping')", 20000);
  await new Promise((r) => setTimeout(r, 300));
  const stillRunning = await evaluate("document.body.dataset.status");
  await evaluate("document.getElementById('stop').click(); true");
  const afterStop = await waitFor("document.body.dataset.status === 'stopped' && document.getElementById('status').textContent", 5000);
  const runEnabled = await evaluate("!document.getElementById('run').disabled");
  const shot2 = await page('Page.captureScreenshot', { format: 'png' });
  fs.writeFileSync(path.join(OUT, 'browser-example-stopped.png'), Buffer.from(shot2.data, 'base64'));

  console.log(JSON.stringify({ status, output, stderr, result, screenshot, stillRunning, afterStop, runEnabled, chromium }));
  ws.close();
} finally {
  await cleanup();
}
