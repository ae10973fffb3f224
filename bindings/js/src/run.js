// The run loops: driveSync answers each pause with the host functions
// (Monty.run), runMontyAsync awaits them, starting every call a `gather`
// announces at once, under the run's time limit.

import { MontyError, MontyLimitError, exceptionOf } from './errors.js';
import { loadMonty } from './engine.js';
import { replyText } from './execution.js';
import { Monty } from './monty.js';
import { MontyComplete, MontySnapshot } from './snapshot.js';

function callHost(exec, kind, call) {
  const args = call.args;
  const kwargs = call.kwargs || {};
  if (kind === 'os') return () => exec.os(call.name, args, kwargs);
  if (call.method_call) {
    const m = exec.objects.method(call.object, call.name);
    if (!m) {
      // (not reached: the sandbox only calls declared methods of objects it was given)
      throw Object.assign(new Error(`'${call.class}' object has no attribute '${call.name}'`), { pythonType: 'AttributeError' });
    }
    return () => m.fn.call(m.target, ...args, kwargs);
  }
  const entry = exec.functions.get(call.name);
  if (!entry || !entry.fn) {
    throw new MontyError(`the program called external function '${call.name}' but no implementation was given in externalFunctions`);
  }
  return () => entry.fn(...args, kwargs);
}

function settleSync(exec, kind, call) {
  const thunk = callHost(exec, kind, call);
  let value;
  try {
    value = thunk();
  } catch (err) {
    return { exception: exceptionOf(err) };
  }
  if (value && typeof value.then === 'function') {
    throw exec.fail(new MontyError(`'${call.name}' returned a promise: use runMontyAsync for async host functions`));
  }
  return { returnValue: value };
}

function sleepSync(secs) {
  if (secs <= 0) return;
  if (typeof SharedArrayBuffer !== 'undefined' && typeof Atomics !== 'undefined') {
    try {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, secs * 1000);
      return;
    } catch {
      /* not allowed here (browser main thread): spin */
    }
  }
  const until = performance.now() + secs * 1000;
  while (performance.now() < until) { /* spin */ }
}

export function driveSync(exec, step, opts) {
  try {
    while (step.kind !== 'complete') {
      exec.checkDeadline();
      if (step.kind === 'wait') {
        const t0 = performance.now();
        if (!step.calls.length && step.sleep === undefined) {
          throw new MontyError('the program waits on nothing (no pending host call, no timer)');
        }
        if (!step.calls.length) sleepSync(step.sleep);
        const results = step.calls.map((c) => {
          const o = settleSync(exec, 'call', c);
          return replyText(c.id, o, `the return value of ${c.name}()`, exec.objects);
        });
        const elapsed = (performance.now() - t0) / 1000;
        step = exec.resumeText(`{"results":[${results.join(',')}],"elapsed":${elapsed}}`);
      } else {
        const c = step.calls[0];
        const o = settleSync(exec, step.kind, c);
        step = exec.resumeText(replyText(c.id, o, `the return value of ${c.name}()`, exec.objects));
      }
    }
    return opts.returnComplete ? new MontyComplete(step.value, step.repr) : step.value;
  } catch (err) {
    exec.fail(err);
    throw err;
  }
}

/** Timers of one wait, all cleared when it ends (so none keeps Node alive). */
class Timers {
  constructor() {
    this.ids = [];
  }

  delay(ms) {
    return new Promise((resolve) => { this.ids.push(setTimeout(resolve, ms)); });
  }

  clear() {
    for (const id of this.ids) clearTimeout(id);
    this.ids = [];
  }
}

/**
 * Runs `monty` (or continues a loaded `MontySnapshot`) to completion,
 * awaiting host functions; every call a `gather` announces starts at once.
 * @returns {Promise<unknown>} the value of the last expression
 */
export async function runMontyAsync(monty, opts = {}) {
  await loadMonty();
  let exec;
  let step;
  if (monty instanceof MontySnapshot) {
    ({ exec, step } = monty.takeOver(opts));
  } else if (monty instanceof Monty) {
    ({ exec, step } = monty.begin(opts));
  } else {
    throw new MontyError('runMontyAsync(monty): expected a Monty or a MontySnapshot');
  }
  return driveAsync(exec, step, opts);
}

/**
 * Drives an execution to its end, awaiting host functions (runMontyAsync,
 * MontySession.feed).
 * @internal
 */
export async function driveAsync(exec, step, opts) {
  const pending = new Map(); // id -> { promise, done, outcome, name }
  const deadline = exec.limits.maxDurationSecs !== undefined ? exec.startedAt + exec.limits.maxDurationSecs * 1000 : Infinity;
  const launch = (kind, c) => {
    const rec = { done: false, outcome: null, name: c.name };
    rec.promise = (async () => {
      try {
        const thunk = callHost(exec, kind, c);
        rec.outcome = { returnValue: await thunk() };
      } catch (err) {
        if (err instanceof MontyError) rec.outcome = { fatal: err };
        else rec.outcome = { exception: exceptionOf(err) };
      }
      rec.done = true;
    })();
    return rec;
  };
  const timeLeft = () => deadline - performance.now();
  const timeout = () => exec.fail(new MontyLimitError('time', `time limit exceeded (${exec.limits.maxDurationSecs} s, including waiting for host functions)`));
  try {
    while (step.kind !== 'complete') {
      exec.checkDeadline();
      if (step.kind === 'wait') {
        const t0 = performance.now();
        for (const c of step.calls) pending.set(c.id, launch('call', c));
        // Answered together when every call in flight has finished (as the
        // CLI does: deterministic, and what CPython sees when its tools
        // finish in the same loop turn), or earlier when a program timer
        // (asyncio.sleep, wait_for's timeout) comes due.
        const waiters = [...pending.values()].map((r) => r.promise);
        const race = [];
        if (waiters.length) race.push(Promise.all(waiters));
        const timers = new Timers();
        if (step.sleep !== undefined) race.push(timers.delay(step.sleep * 1000));
        if (!race.length) throw new MontyError('the program waits on nothing (no pending host call, no timer)');
        let timedOut = false;
        if (deadline !== Infinity) race.push(timers.delay(Math.max(0, timeLeft())).then(() => { timedOut = true; }));
        await Promise.race(race);
        timers.clear();
        const ready = [...pending.entries()].filter(([, r]) => r.done);
        if (timedOut && !ready.length) throw timeout();
        const results = [];
        for (const [id, r] of ready) {
          pending.delete(id);
          if (r.outcome.fatal) throw r.outcome.fatal;
          results.push(replyText(id, r.outcome, `the return value of ${r.name}()`, exec.objects));
        }
        const elapsed = (performance.now() - t0) / 1000;
        step = exec.resumeText(`{"results":[${results.join(',')}],"elapsed":${elapsed}}`);
      } else {
        const c = step.calls[0];
        const rec = launch(step.kind, c);
        if (deadline !== Infinity) {
          let timedOut = false;
          const timers = new Timers();
          await Promise.race([rec.promise, timers.delay(Math.max(0, timeLeft())).then(() => { timedOut = true; })]);
          timers.clear();
          if (timedOut && !rec.done) throw timeout();
        } else {
          await rec.promise;
        }
        if (rec.outcome.fatal) throw rec.outcome.fatal;
        step = exec.resumeText(replyText(c.id, rec.outcome, `the return value of ${c.name}()`, exec.objects));
      }
    }
    return opts.returnComplete ? new MontyComplete(step.value, step.repr) : step.value;
  } catch (err) {
    exec.fail(err);
    throw err;
  }
}
