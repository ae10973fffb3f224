// The public API, shared by the Node and browser entries (which only differ
// in how they find monty.wasm and where output goes by default). It is
// gathered here from the modules that own each part: errors.js (the error
// classes), engine.js (loading monty.wasm, configure), monty.js (the Monty
// class), run.js (the run loops, runMontyAsync), snapshot.js (MontyComplete,
// MontySnapshot), execution.js (one execution; internal), values.js (the
// Python value classes).

export { MontyTuple, MontyFrozenSet, MontyRepr, MontyFloat, MontyDataclass, MontyNamedTuple, MontyHostObject, MontyHostObjectRef } from './values.js';
export { MontyError, MontySyntaxError, MontyRuntimeError, MontyLimitError, MontyTypingError } from './errors.js';
export { configure, loadMonty, engineInfo, guestHasBudget, setInstanceReuse } from './engine.js';
export { Monty } from './monty.js';
export { runMontyAsync } from './run.js';
export { MontyComplete, MontySnapshot } from './snapshot.js';
export { MontySession, montySession } from './session.js';
