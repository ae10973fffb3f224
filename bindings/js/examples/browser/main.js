// @ts-check
// The page: starts a worker per run, streams its output, Stop terminates it.
const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const code = /** @type {HTMLTextAreaElement} */ ($('code'));
const tool1 = /** @type {HTMLTextAreaElement} */ ($('tool1'));
const tool2 = /** @type {HTMLTextAreaElement} */ ($('tool2'));
const runButton = /** @type {HTMLButtonElement} */ ($('run'));
const stopButton = /** @type {HTMLButtonElement} */ ($('stop'));
const output = $('output');
const result = $('result');
const status = $('status');

/** @type {Worker | null} */
let worker = null;

function setStatus(/** @type {string} */ text) {
  status.textContent = text;
  document.body.dataset.status = text.split(' ')[0];
}

function finish(/** @type {string} */ text) {
  if (worker) worker.terminate();
  worker = null;
  runButton.disabled = false;
  stopButton.disabled = true;
  setStatus(text);
}

function append(/** @type {string} */ text, /** @type {string} */ stream) {
  const span = document.createElement('span');
  span.className = stream;
  span.textContent = text;
  output.appendChild(span);
}

runButton.addEventListener('click', () => {
  output.textContent = '';
  result.textContent = '';
  runButton.disabled = true;
  stopButton.disabled = false;
  setStatus('running');
  const started = performance.now();
  worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  worker.onmessage = (event) => {
    const msg = event.data;
    if (msg.type === 'print') append(msg.text, msg.stream);
    else if (msg.type === 'done') {
      result.textContent = msg.repr ?? 'None';
      finish(`done in ${Math.round(performance.now() - started)} ms`);
    } else if (msg.type === 'error') {
      append(msg.text, 'stderr');
      finish(`error (${msg.name})`);
    }
  };
  worker.onerror = (event) => {
    append(String(event.message), 'stderr');
    finish('error (worker)');
  };
  worker.postMessage({
    code: code.value,
    tools: { get_weather: tool1.value, count_words: tool2.value },
  });
});

stopButton.addEventListener('click', () => finish('stopped'));

// ?autorun=1 presses Run (used by the headless test).
if (new URLSearchParams(location.search).has('autorun')) runButton.click();
