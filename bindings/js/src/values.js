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
 * A Python `float` whose value is integral (`2.0`), which a JS number
 * would turn into an `int` on the way back. A `Number` object: arithmetic,
 * `String()` and `JSON.stringify` treat it as the number. Wrap a number in
 * it to send a float: `new MontyFloat(2)`.
 */
export class MontyFloat extends Number {}

// Integral float literals in the guest's JSON (`22.0`, `1e+22`) would parse
// to the same number as an int: they are rewritten to `{"$f":"22.0"}`
// first (a lone `$` key never comes from the guest: it escapes those as
// `$dict`). Strings are matched whole so nothing inside them is touched.
const TOKENS = /"(?:[^"\\]|\\.)*"|-?\d+\.\d+(?:[eE][+-]?\d+)?|-?\d+[eE][+-]?\d+/g;

/** Parses the guest's JSON text, keeping integral floats distinct from ints. */
export function parseTagged(text) {
  if (!/[.eE]/.test(text)) return JSON.parse(text);
  return JSON.parse(text.replace(TOKENS, (tok) => {
    if (tok.charCodeAt(0) === 34) return tok;
    return Number.isInteger(Number(tok)) ? `{"$f":"${tok}"}` : tok;
  }));
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

// ---------------------------------------------------------------- decode --

const INDEX_KEY = /^(0|[1-9][0-9]*)$/;

/** Tagged JSON (already parsed) -> JS value. */
export function decode(v) {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(decode);
  const keys = Object.keys(v);
  if (keys.length === 1 && keys[0].startsWith('$')) {
    const x = v[keys[0]];
    switch (keys[0]) {
      case '$int': return BigInt(x);
      case '$f': return new MontyFloat(Number(x));
      case '$float': return x === 'inf' ? Infinity : x === '-inf' ? -Infinity : NaN;
      case '$tuple': return MontyTuple.from(x.map(decode));
      case '$set': return new Set(x.map(decode));
      case '$frozenset': return new MontyFrozenSet(x.map(decode));
      case '$bytes': return fromBase64(x);
      case '$dict': {
        const pairs = x.map(([k, val]) => [decode(k), decode(val)]);
        if (pairs.every(([k]) => typeof k === 'string' && !INDEX_KEY.test(k))) return objectOf(pairs);
        return new Map(pairs);
      }
      case '$repr': return new MontyRepr(x);
      default: break;
    }
  }
  // A str-keyed dict: a plain object, unless a key looks like an array
  // index (JS would reorder it first), then a Map keeps Python's order.
  if (keys.some((k) => INDEX_KEY.test(k) && Number(k) < 2 ** 32 - 1)) {
    return new Map(keys.map((k) => [k, decode(v[k])]));
  }
  return objectOf(keys.map((k) => [k, decode(v[k])]));
}

function objectOf(pairs) {
  const out = {};
  for (const [k, val] of pairs) {
    Object.defineProperty(out, k, { value: val, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

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
export function encodeJson(value, path) {
  const tree = encode(value, path, new Set());
  return stringify(tree);
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
      if (allStr && !(pairs.length === 1 && pairs[0][0].startsWith('$')) && !pairs.some(([k]) => INDEX_KEY.test(k))) {
        const out = {};
        for (const [k, v] of entries) Object.defineProperty(out, k, { value: v, enumerable: true });
        return out;
      }
      return { $dict: entries };
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
