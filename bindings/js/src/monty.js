// The Monty class: a program checked at construction (the guest's static
// check), and its runs: run() to the end, start() step by step. The run
// loops live in run.js, the pauses in snapshot.js.

import { withObjects } from './values.js';
import { MontyError, MontySyntaxError, MontyTypingError } from './errors.js';
import { getEngine } from './engine.js';
import { Execution, decls, externalsJson, limitsJson, startRequest } from './execution.js';
import { driveSync } from './run.js';
import { wrap } from './snapshot.js';

export class Monty {
  /**
   * Parses and checks `code` (raising MontySyntaxError) without running it.
   * @param {string} code
   * @param {object} [options]
   */
  constructor(code, options = {}) {
    if (typeof code !== 'string') throw new MontyError('Monty(code): code must be a string');
    this.code = code;
    this.scriptName = options.scriptName || 'main.py';
    this.inputNames = options.inputs ? [...options.inputs] : null;
    this.declared = decls(options.externalFunctions);
    this.declaredFns = new Map();
    if (this.declared) for (const d of this.declared) if (d.fn) this.declaredFns.set(d.name, d);
    const diag = check({ code });
    if (!diag.ok) {
      const d = diag.diagnostics.find((x) => x.type === 'SyntaxError' || x.type === 'IndentationError') || diag.diagnostics[0];
      if (d) {
        const line = code.split('\n')[(d.line || 1) - 1] ?? '';
        const traceback = `  File "${this.scriptName}", line ${d.line}\n    ${line.trim()}\n${d.type}: ${d.message}\n`;
        throw new MontySyntaxError({ type: d.type, message: d.message, line: d.line, traceback });
      }
    }
    /** Names the program reads but never binds (from the guest's check, when it reports them). */
    this.undefinedNames = Array.isArray(diag.undefined_names) ? diag.undefined_names : null;
    if (options.typeCheck) this.typeCheck(options.typeCheckStubs);
  }

  /**
   * Runs the guest's static checker against `stubs` (Python stub text for
   * the host's tools), the input names and the constructor's declaration
   * list, as a run declares them. Throws MontyTypingError when a finding is
   * an error; returns the warnings (usually []).
   * @param {string} [stubs]
   */
  typeCheck(stubs) {
    if (stubs !== undefined && stubs !== null && typeof stubs !== 'string') {
      throw new MontyError('typeCheck(stubs): stubs must be a string');
    }
    const req = { code: this.code, filename: this.scriptName };
    if (stubs) req.stubs = stubs;
    if (this.inputNames && this.inputNames.length) req.inputs = [...this.inputNames];
    // the declaration list, as the run sends it; without one the undefined
    // names become host functions at run time: not declared here, so that
    // with stubs a misspelt name is reported
    if (this.declared) {
      req.externals = externalsJson(this.declared);
    }
    const report = check(req);
    if (report.status === 'invalid') throw new MontyError(`the guest refused the check request: ${report.message}`);
    const found = (report.diagnostics || []).map((d) => ({
      filename: this.scriptName,
      line: d.line || 0,
      col: d.col || 0,
      endLine: d.end_line || 0,
      endCol: d.end_col || 0,
      type: d.type || '',
      message: d.message || '',
      code: d.code || '',
      severity: d.severity === 'warning' ? 'warning' : 'error',
    }));
    if (found.some((d) => d.severity === 'error')) throw new MontyTypingError(found);
    return found;
  }

  /** The externals of one run and the functions that answer them. */
  plan(opts) {
    const given = opts.externalFunctions ? decls(opts.externalFunctions) : [];
    const functions = new Map(this.declaredFns);
    for (const g of given) functions.set(g.name, g);
    let externals;
    if (this.declared) {
      externals = this.declared.map((d) => {
        const g = functions.get(d.name);
        return { name: d.name, async: d.async || !!(g && g.async), params: d.params, module: d.module || (g && g.module) };
      });
    } else {
      const inputs = new Set([...(this.inputNames || []), ...Object.keys(opts.inputs || {})]);
      const names = [];
      for (const n of this.undefinedNames || []) if (!inputs.has(n)) names.push(n);
      for (const g of given) if (!names.includes(g.name)) names.push(g.name);
      externals = names.map((name) => {
        const g = functions.get(name);
        return { name, async: !!(g && g.async), params: g && g.params, module: g && g.module };
      });
    }
    return { functions, externals };
  }

  request(opts, externals, drift) {
    const inputs = opts.inputs || {};
    if (this.inputNames) {
      for (const n of this.inputNames) {
        if (!(n in inputs)) throw new MontyError(`missing input '${n}' (declared in Monty(code, { inputs }))`);
      }
      for (const n of Object.keys(inputs)) {
        if (!this.inputNames.includes(n)) throw new MontyError(`unknown input '${n}' (declared: ${this.inputNames.join(', ') || 'none'})`);
      }
    }
    return startRequest({
      code: this.code, filename: this.scriptName, inputs, externals, limits: limitsJson(opts.limits, drift), cwd: opts.cwd,
    });
  }

  /** @internal */
  begin(opts = {}) {
    const { functions, externals } = this.plan(opts);
    limitsJson(opts.limits, 0); // usage errors before taking an instance
    const exec = new Execution({
      print: opts.print, functions, os: opts.os, scriptName: this.scriptName,
      limits: opts.limits, externals,
    });
    let request;
    try {
      request = withObjects(exec.objects, () => this.request(opts, externals, exec.guest.driftBytes()));
    } catch (err) {
      exec.finish();
      throw err;
    }
    const step = exec.call((g) => g.callJson('start', request));
    return { exec, step };
  }

  /**
   * Runs to completion synchronously; returns the value of the last
   * expression. Host functions must not return promises here (use
   * `runMontyAsync`).
   */
  run(opts = {}) {
    const { exec, step } = this.begin(opts);
    return driveSync(exec, step, opts);
  }

  /**
   * Starts the program and returns at its first host call
   * (`MontySnapshot`) or at its end (`MontyComplete`).
   */
  start(opts = {}) {
    const { exec, step } = this.begin(opts);
    return wrap(exec, step);
  }
}

/** Runs the guest's check (compile errors, undefined names, the static checker's findings). */
let checker = null;
function check(req) {
  const eng = getEngine();
  if (!checker) checker = eng.instantiate(() => {});
  try {
    const out = checker.callJson('check', JSON.stringify(req));
    if (checker.memory.buffer.byteLength > eng.recycleLimit) checker = null;
    return out;
  } catch (err) {
    checker = null;
    throw new MontyError(`internal error: the interpreter trapped while checking the code (${err && err.message})`, { cause: err });
  }
}
