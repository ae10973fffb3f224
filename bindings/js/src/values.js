// Python values <-> JavaScript values, through the guest's tagged JSON
// (README "Messages"). The table is in this package's README.

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** A Python `tuple`: an Array subclass (build one with `MontyTuple.from(array)`). */
export class MontyTuple extends Array {
  static get [Symbol.species]() {
    return Array;
  }
}

/** A Python `frozenset`: a Set subclass (a plain `Set` is a Python `set`). */
export class MontyFrozenSet extends Set {}

/** An object with no data form, output only: its Python `repr()`. */
export class MontyRepr {
  /** @param {string} repr */
  constructor(repr) {
    this.repr = repr;
  }

  toString() {
    return this.repr;
  }
}

/**
 * A Python dataclass instance (`{"$dataclass": ...}`): its class's name,
 * its fields as `[name, value]` pairs in order, and whether the class is
 * frozen. Send one with `new MontyDataclass('Order', [['id', 1]])`: the
 * sandbox makes it an instance of its own class of that name and fields,
 * or of one made for it.
 */
export class MontyDataclass {
  /**
   * @param {string} name
   * @param {Array<[string, unknown]>} fields
   * @param {boolean} [frozen]
   */
  constructor(name, fields, frozen = false) {
    this.name = name;
    this.fields = fields;
    this.frozen = frozen;
  }

  /** The value of field `field` (undefined if there is none). */
  get(field) {
    const pair = this.fields.find(([k]) => k === field);
    return pair ? pair[1] : undefined;
  }
}

/**
 * A Python namedtuple instance (`{"$namedtuple": ...}`): its class's name
 * and its fields as `[name, value]` pairs in order.
 */
export class MontyNamedTuple {
  /**
   * @param {string} name
   * @param {Array<[string, unknown]>} fields
   */
  constructor(name, fields) {
    this.name = name;
    this.fields = fields;
  }

  /** The value of field `field` (undefined if there is none). */
  get(field) {
    const pair = this.fields.find(([k]) => k === field);
    return pair ? pair[1] : undefined;
  }
}

// ---------------------------------------------------------- host objects --

const PY_KEYWORDS = new Set(('False None True and as assert async await break class continue def del elif else '
  + 'except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield').split(' '));
const PY_BUILTIN_TYPES = new Set(('object type int float complex bool str bytes bytearray list tuple dict set frozenset '
  + 'range slice property staticmethod classmethod super memoryview enumerate zip map filter reversed '
  + 'BaseException Exception NoneType').split(' '));
const IDENT = /^[\p{L}_][\p{L}\p{N}_]*$/u;

function checkName(what, name) {
  if (typeof name !== 'string' || !IDENT.test(name) || PY_KEYWORDS.has(name)) {
    throw new TypeError(`MontyHostObject: ${what} ${JSON.stringify(name)} is not a Python identifier`);
  }
  return name;
}

function isAsyncFn(fn) {
  return typeof fn === 'function' && fn.constructor && fn.constructor.name === 'AsyncFunction';
}

/** The public method names of a class instance (its prototype chain up to Object). */
function methodNames(obj) {
  const names = new Set();
  for (let p = Object.getPrototypeOf(obj); p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    for (const k of Object.getOwnPropertyNames(p)) {
      if (k === 'constructor' || k.startsWith('_')) continue;
      const d = Object.getOwnPropertyDescriptor(p, k);
      if (d && typeof d.value === 'function') names.add(k);
    }
  }
  for (const k of Object.keys(obj)) if (!k.startsWith('_') && typeof obj[k] === 'function') names.add(k);
  return [...names];
}

/**
 * A host object (README "Host objects"): `target` given to the program as an
 * instance of a class named `className`, with attributes `attrs` and the
 * methods `methods`; calling one calls the JS method with `this` = target
 * (positional arguments, then the kwargs object, as host functions are
 * called); an `async function` method is `async def` in Python. The object
 * coming back out of the sandbox is `target` itself.
 */
export class MontyHostObject {
  /**
   * @param {object} target
   * @param {{ className?: string, methods?: string[] | Record<string, Function | { fn: Function, async?: boolean, params?: string[] }>,
   *           attrs?: string[] | Record<string, unknown> }} [options]
   */
  constructor(target, options = {}) {
    if (target === null || (typeof target !== 'object' && typeof target !== 'function')) {
      throw new TypeError('MontyHostObject(target): target must be an object');
    }
    if (target instanceof MontyHostObject) throw new TypeError('MontyHostObject(target): target is already a MontyHostObject');
    this.target = target;
    const cls = options.className ?? (target.constructor && target.constructor !== Object ? target.constructor.name : undefined);
    if (cls === undefined) throw new TypeError('MontyHostObject: give a className (the target has no class of its own)');
    this.className = checkName('class name', cls);
    if (PY_BUILTIN_TYPES.has(cls)) throw new TypeError(`MontyHostObject: class name ${JSON.stringify(cls)} is the name of a Python builtin`);
    /** @type {Map<string, { fn: Function, async: boolean, params?: string[] }>} */
    this.methods = new Map();
    /** @type {Map<string, unknown>} */
    this.attrs = new Map();
    let methods = options.methods;
    let attrs = options.attrs;
    if (methods === undefined && attrs === undefined) {
      methods = methodNames(target);
      attrs = Object.keys(target).filter((k) => !k.startsWith('_') && typeof target[k] !== 'function');
    }
    const add = (name, spec) => {
      checkName('method name', name);
      let fn;
      let isAsync;
      let params;
      if (typeof spec === 'function') {
        fn = spec;
        isAsync = isAsyncFn(spec);
      } else if (spec && typeof spec === 'object' && typeof spec.fn === 'function') {
        fn = spec.fn;
        isAsync = spec.async === undefined ? isAsyncFn(spec.fn) : !!spec.async;
        params = spec.params;
        if (params !== undefined) {
          if (!Array.isArray(params)) throw new TypeError(`MontyHostObject: params of ${name} must be an array of names`);
          params.forEach((p) => checkName(`parameter of ${name}`, p));
        }
      } else {
        throw new TypeError(`MontyHostObject: method ${JSON.stringify(name)} of ${cls} is not a function`
          + (typeof spec === 'undefined' ? ` (${cls} has no such method)` : ''));
      }
      if (this.methods.has(name)) throw new TypeError(`MontyHostObject: method ${JSON.stringify(name)} of ${cls} is declared twice`);
      this.methods.set(name, { fn, async: isAsync, params });
    };
    if (Array.isArray(methods)) for (const n of methods) add(n, typeof n === 'string' ? target[n] : undefined);
    else if (methods) for (const [n, f] of Object.entries(methods)) add(n, f);
    const setAttr = (name, v) => {
      checkName('attribute name', name);
      if (this.attrs.has(name) || this.methods.has(name)) throw new TypeError(`MontyHostObject: ${JSON.stringify(name)} of ${cls} is declared twice`);
      this.attrs.set(name, v);
    };
    if (Array.isArray(attrs)) {
      for (const n of attrs) {
        if (typeof n === 'string' && !(n in target)) throw new TypeError(`MontyHostObject: ${cls} has no attribute ${JSON.stringify(n)}`);
        setAttr(n, typeof n === 'string' ? target[n] : undefined);
      }
    } else if (attrs) {
      for (const [n, v] of Object.entries(attrs)) setAttr(n, v);
    }
    for (const n of [...this.methods.keys(), ...this.attrs.keys()]) {
      if (n.startsWith('__') && n.endsWith('__')) throw new TypeError(`MontyHostObject: ${JSON.stringify(n)} of ${cls} is a dunder name`);
    }
  }
}

/**
 * A host object's reference whose id this run does not know (an object
 * given before a snapshot was loaded elsewhere): sent back in, it is that object.
 */
export class MontyHostObjectRef {
  /** @param {number} id @param {string} className */
  constructor(id, className) {
    this.id = id;
    this.className = className;
  }
}

/** One run's (or session's) host objects: the ids given out. @internal */
export class HostObjectTable {
  constructor() {
    /** @type {Map<number, MontyHostObject>} */
    this.byId = new Map();
    /** @type {Map<object, number>} */
    this.ids = new Map();
    this.nextId = 1;
  }

  /** The `$object` form of `h`: its declaration the first time, then a reference. */
  encode(h, path, seen) {
    const known = this.ids.get(h.target);
    if (known !== undefined) {
      const was = this.byId.get(known);
      if (was.className !== h.className) {
        throw new TypeError(`${path}: this object was given to the sandbox as a ${was.className}, not a ${h.className}`);
      }
      h = was;
    }
    // Always the whole declaration: the guest ignores it for an id it has
    // seen, and a reply that failed to encode further on cannot leave the
    // guest with a bare reference to an object it never got.
    const id = known ?? this.nextId++;
    const attrs = {};
    for (const [k, v] of h.attrs) Object.defineProperty(attrs, k, { value: encode(v, `${path}.${k}`, seen), enumerable: true });
    const methods = [...h.methods].map(([name, m]) => {
      const o = { name };
      if (m.params) o.params = m.params;
      if (m.async) o.async = true;
      return o;
    });
    this.byId.set(id, h);
    this.ids.set(h.target, id);
    return { $object: { id, class: h.className, attrs, methods } };
  }

  /** The method a call names (`object`, `name`), or undefined. */
  method(id, name) {
    const h = this.byId.get(id);
    const m = h && h.methods.get(name);
    return m && { target: h.target, ...m };
  }

  decode(x) {
    const h = this.byId.get(x.id);
    return h ? h.target : new MontyHostObjectRef(x.id, x.class);
  }
}

/** The table `$object` values are encoded into and decoded from, while one is in use. */
let currentObjects = null;

/**
 * Runs `fn` with `objects` as the host-object table of encoding and decoding.
 * @internal
 */
export function withObjects(objects, fn) {
  const was = currentObjects;
  currentObjects = objects;
  try {
    return fn();
  } finally {
    currentObjects = was;
  }
}

/**
 * A Python `float` whose value is integral (`2.0`), which a JS number
 * would turn into an `int` on the way back. A `Number` object: arithmetic,
 * `String()` and `JSON.stringify` treat it as the number. Wrap a number in
 * it to send a float: `new MontyFloat(2)`.
 */
export class MontyFloat extends Number {}

/**
 * Parses the guest's JSON text straight into JS values, decoding tagged
 * values on the way (README "Messages"). A hand-written parser rather than
 * `JSON.parse`, which would lose two things: an integral float (`22.0`)
 * would come back as the int `22`, and a dict's integer-like str keys would
 * be reordered (`{"2":..,"1":..}`).
 * @param {string} text
 */
export function parseTagged(text) {
  const p = new Parser(text);
  p.ws();
  const v = p.value();
  p.ws();
  if (p.i !== text.length) p.fail('trailing characters');
  return v;
}

class Parser {
  /** @param {string} s */
  constructor(s) {
    this.s = s;
    this.i = 0;
  }

  fail(why) {
    throw new SyntaxError(`bad JSON from the guest at ${this.i}: ${why}`);
  }

  ws() {
    const s = this.s;
    let c = s.charCodeAt(this.i);
    while (c === 32 || c === 10 || c === 13 || c === 9) c = s.charCodeAt(++this.i);
  }

  value() {
    const c = this.s.charCodeAt(this.i);
    if (c === 34) return this.string();
    if (c === 123) return this.object();
    if (c === 91) return this.array();
    if (c === 116 && this.s.startsWith('true', this.i)) { this.i += 4; return true; }
    if (c === 102 && this.s.startsWith('false', this.i)) { this.i += 5; return false; }
    if (c === 110 && this.s.startsWith('null', this.i)) { this.i += 4; return null; }
    return this.number();
  }

  number() {
    const s = this.s;
    const start = this.i;
    let isFloat = false;
    let c = s.charCodeAt(this.i);
    if (c === 45) c = s.charCodeAt(++this.i);
    while ((c >= 48 && c <= 57) || c === 46 || c === 101 || c === 69 || c === 43 || c === 45) {
      if (c === 46 || c === 101 || c === 69) isFloat = true;
      c = s.charCodeAt(++this.i);
    }
    if (this.i === start) this.fail('unexpected character');
    const n = Number(s.slice(start, this.i));
    if (Number.isNaN(n)) this.fail('bad number');
    if (isFloat && Number.isInteger(n)) return new MontyFloat(n);
    return n;
  }

  string() {
    const s = this.s;
    const start = ++this.i;
    for (;;) {
      const c = s.charCodeAt(this.i);
      if (c === 34) {
        const out = s.slice(start, this.i);
        this.i++;
        return out;
      }
      if (c === 92) break;
      if (Number.isNaN(c)) this.fail('unterminated string');
      this.i++;
    }
    // Escapes: find the end, let JSON.parse decode the literal.
    let j = this.i;
    for (;;) {
      const c = s.charCodeAt(j);
      if (c === 92) j += 2;
      else if (c === 34) break;
      else if (Number.isNaN(c)) this.fail('unterminated string');
      else j++;
    }
    const out = JSON.parse(s.slice(start - 1, j + 1));
    this.i = j + 1;
    return out;
  }

  array() {
    this.i++;
    const out = [];
    this.ws();
    if (this.s.charCodeAt(this.i) === 93) { this.i++; return out; }
    for (;;) {
      this.ws();
      out.push(this.value());
      this.ws();
      const c = this.s.charCodeAt(this.i++);
      if (c === 93) return out;
      if (c !== 44) this.fail('expected , or ]');
    }
  }

  object() {
    this.i++;
    const keys = [];
    const vals = [];
    this.ws();
    if (this.s.charCodeAt(this.i) === 125) {
      this.i++;
    } else {
      for (;;) {
        this.ws();
        if (this.s.charCodeAt(this.i) !== 34) this.fail('expected a key');
        keys.push(this.string());
        this.ws();
        if (this.s.charCodeAt(this.i++) !== 58) this.fail('expected :');
        this.ws();
        vals.push(this.value());
        this.ws();
        const c = this.s.charCodeAt(this.i++);
        if (c === 125) break;
        if (c !== 44) this.fail('expected , or }');
      }
    }
    if (keys.length === 1 && keys[0].charCodeAt(0) === 36) {
      const tagged = untag(keys[0], vals[0]);
      if (tagged !== NOT_TAGGED) return tagged;
    }
    return dictOf(keys, vals);
  }
}

const NOT_TAGGED = Symbol('not tagged');

function untag(tag, x) {
  switch (tag) {
    case '$int': return BigInt(x);
    case '$float': return x === 'inf' ? Infinity : x === '-inf' ? -Infinity : NaN;
    case '$tuple': return MontyTuple.from(x);
    case '$set': return new Set(x);
    case '$frozenset': return new MontyFrozenSet(x);
    case '$bytes': return fromBase64(x);
    case '$dict': {
      if (x.every(([k]) => typeof k === 'string')) return dictOf(x.map((kv) => kv[0]), x.map((kv) => kv[1]));
      return new Map(x);
    }
    case '$repr': return new MontyRepr(x);
    case '$dataclass': return new MontyDataclass(x.name, x.fields, x.frozen === true);
    case '$namedtuple': return new MontyNamedTuple(x.name, x.fields);
    case '$object': return currentObjects ? currentObjects.decode(x) : new MontyHostObjectRef(x.id, x.class);
    default: return NOT_TAGGED;
  }
}

/**
 * A str-keyed dict: a plain object, or a Map when a key looks like an array
 * index (a JS object would move it first, changing Python's order).
 */
function dictOf(keys, vals) {
  if (keys.some(isIndexKey)) return new Map(keys.map((k, n) => [k, vals[n]]));
  const out = {};
  for (let n = 0; n < keys.length; n++) {
    if (keys[n] === '__proto__') Object.defineProperty(out, keys[n], { value: vals[n], enumerable: true, writable: true, configurable: true });
    else out[keys[n]] = vals[n];
  }
  return out;
}

function isIndexKey(k) {
  const c = k.charCodeAt(0);
  return c >= 48 && c <= 57 && INDEX_KEY.test(k) && Number(k) < 2 ** 32 - 1;
}

// ---------------------------------------------------------------- base64 --

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_INDEX = new Int16Array(128).fill(-1);
for (let i = 0; i < 64; i++) B64_INDEX[B64.charCodeAt(i)] = i;

export function toBase64(u8) {
  let out = '';
  let i = 0;
  for (; i + 2 < u8.length; i += 3) {
    const n = (u8[i] << 16) | (u8[i + 1] << 8) | u8[i + 2];
    out += B64[n >> 18] + B64[(n >> 12) & 63] + B64[(n >> 6) & 63] + B64[n & 63];
  }
  if (i < u8.length) {
    const n = (u8[i] << 16) | ((i + 1 < u8.length ? u8[i + 1] : 0) << 8);
    out += B64[n >> 18] + B64[(n >> 12) & 63] + (i + 1 < u8.length ? B64[(n >> 6) & 63] : '=') + '=';
  }
  return out;
}

export function fromBase64(s) {
  const clean = s.replace(/=+$/, '');
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let bits = 0;
  let acc = 0;
  let k = 0;
  for (let i = 0; i < clean.length; i++) {
    const c = clean.charCodeAt(i);
    const v = c < 128 ? B64_INDEX[c] : -1;
    if (v < 0) throw new Error('invalid base64 from the guest');
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[k++] = (acc >> bits) & 0xff;
    }
  }
  return out;
}

const INDEX_KEY = /^(0|[1-9][0-9]*)$/;

// ---------------------------------------------------------------- encode --

function fail(path, what) {
  return new TypeError(`${path}: ${what} has no Python form`);
}

function describe(x) {
  if (typeof x === 'function') return `a function${x.name ? ` (${x.name})` : ''}`;
  if (typeof x === 'symbol') return `a symbol (${String(x)})`;
  const ctor = x && x.constructor && x.constructor.name;
  return `an object of class ${ctor || 'unknown'}`;
}

function encodeNumber(n) {
  if (Number.isNaN(n)) return { $float: 'nan' };
  if (n === Infinity) return { $float: 'inf' };
  if (n === -Infinity) return { $float: '-inf' };
  if (Number.isInteger(n) && !Object.is(n, -0) && Math.abs(n) <= MAX_SAFE) return n;
  // A float: make sure JSON keeps it a float.
  if (Number.isInteger(n)) return floatLiteral(n);
  return n;
}

/** A float with an integral value: JSON text `1e+21` / `-0.0` / `2.0`. */
class FloatText {
  constructor(text) {
    this.text = text;
  }
}

function floatLiteral(n) {
  if (Object.is(n, -0)) return new FloatText('-0.0');
  const s = String(n);
  return new FloatText(/[.e]/.test(s) ? s : `${s}.0`);
}

/**
 * JS value -> tagged JSON text. Throws TypeError naming the path of a value
 * with no Python form.
 * @param {unknown} value
 * @param {string} path
 */
export function encodeJson(value, path, objects) {
  try {
    if (objects) return withObjects(objects, () => stringify(encode(value, path, new Set())));
    return stringify(encode(value, path, new Set()));
  } catch (err) {
    if (err instanceof RangeError) throw new TypeError(`${path}: nested too deeply to send to Python`);
    throw err;
  }
}

function stringify(t) {
  if (t instanceof FloatText) return t.text;
  if (Array.isArray(t)) return `[${t.map(stringify).join(',')}]`;
  if (t !== null && typeof t === 'object') {
    return `{${Object.keys(t).map((k) => `${JSON.stringify(k)}:${stringify(t[k])}`).join(',')}}`;
  }
  return JSON.stringify(t);
}

function encode(x, path, seen) {
  switch (typeof x) {
    case 'undefined': return null;
    case 'boolean':
    case 'string': return x;
    case 'number': return encodeNumber(x);
    case 'bigint': return x >= -MAX_SAFE && x <= MAX_SAFE ? Number(x) : { $int: x.toString() };
    case 'function':
    case 'symbol': throw fail(path, describe(x));
    default: break;
  }
  if (x === null) return null;
  if (x instanceof MontyFloat) {
    const n = x.valueOf();
    if (!Number.isFinite(n)) return encodeNumber(n);
    return Number.isInteger(n) ? floatLiteral(n) : n;
  }
  if (x instanceof Uint8Array) return { $bytes: toBase64(x) };
  if (x instanceof MontyHostObject) {
    if (!currentObjects) throw new TypeError(`${path}: a MontyHostObject can only be given to a run (inputs, host function results)`);
    return currentObjects.encode(x, path, seen);
  }
  if (x instanceof MontyHostObjectRef) return { $object: { id: x.id, class: x.className } };
  if (currentObjects && currentObjects.ids.has(x)) {
    // a host object the sandbox has: passed back as itself
    return currentObjects.encode(currentObjects.byId.get(currentObjects.ids.get(x)), path, seen);
  }
  if (seen.has(x)) throw new TypeError(`${path}: a cycle (the value contains itself) has no Python form`);
  seen.add(x);
  try {
    if (Array.isArray(x)) {
      const items = x.map((v, i) => encode(v, `${path}[${i}]`, seen));
      return x instanceof MontyTuple ? { $tuple: items } : items;
    }
    if (x instanceof Set) {
      const items = [...x].map((v, i) => encode(v, `${path}{${i}}`, seen));
      return x instanceof MontyFrozenSet ? { $frozenset: items } : { $set: items };
    }
    if (x instanceof Map) {
      const pairs = [];
      let allStr = true;
      for (const [k, v] of x) {
        if (typeof k !== 'string') allStr = false;
        pairs.push([k, v]);
      }
      const entries = pairs.map(([k, v]) => [
        encode(k, `${path}<key ${String(typeof k === 'symbol' ? k.toString() : k)}>`, seen),
        encode(v, `${path}[${JSON.stringify(typeof k === 'string' ? k : String(typeof k === 'symbol' ? '' : k))}]`, seen),
      ]);
      if (allStr && !(pairs.length === 1 && pairs[0][0].startsWith('$')) && !pairs.some(([k]) => isIndexKey(k))) {
        const out = {};
        for (const [k, v] of entries) Object.defineProperty(out, k, { value: v, enumerable: true });
        return out;
      }
      return { $dict: entries };
    }
    if (x instanceof MontyDataclass || x instanceof MontyNamedTuple) {
      const fields = x.fields.map(([k, v]) => [String(k), encode(v, `${path}.${k}`, seen)]);
      if (x instanceof MontyNamedTuple) return { $namedtuple: { name: x.name, fields } };
      return { $dataclass: { name: x.name, fields, frozen: x.frozen === true } };
    }
    const proto = Object.getPrototypeOf(x);
    if (proto === Object.prototype || proto === null) {
      const keys = Object.keys(x);
      const out = {};
      for (const k of keys) {
        const sub = /^[A-Za-z_$][\w$]*$/.test(k) ? `${path}.${k}` : `${path}[${JSON.stringify(k)}]`;
        Object.defineProperty(out, k, { value: encode(x[k], sub, seen), enumerable: true });
      }
      if (keys.length === 1 && keys[0].startsWith('$')) return { $dict: [[keys[0], out[keys[0]]]] };
      return out;
    }
    throw fail(path, describe(x));
  } finally {
    seen.delete(x);
  }
}
