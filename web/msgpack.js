// The part of msgpack the Basra protocol uses (PROTOCOL.md section 2): maps with string
// keys, strings, integers, booleans, nil and arrays. No floats, bin or ext are ever sent.

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder("utf-8", { fatal: true });

/**
 * @param {unknown} value
 * @returns {Uint8Array}
 */
export function encode(value) {
  /** @type {number[]} */
  const out = [];
  write(out, value);
  return Uint8Array.from(out);
}

/** @param {number[]} out @param {number} value @param {number} bytes */
function pushUint(out, value, bytes) {
  for (let shift = (bytes - 1) * 8; shift >= 0; shift -= 8) {
    out.push(Math.floor(value / 2 ** shift) % 256);
  }
}

/** @param {number[]} out @param {number} size @param {number[]} tags fix, 8, 16, 32 */
function pushSize(out, size, [fix, fixLimit, t16, t32]) {
  if (size < fixLimit) out.push(fix | size);
  else if (size < 0x10000) { out.push(t16); pushUint(out, size, 2); }
  else { out.push(t32); pushUint(out, size, 4); }
}

/** @param {number[]} out @param {unknown} value */
function write(out, value) {
  if (value === null || value === undefined) out.push(0xc0);
  else if (value === false) out.push(0xc2);
  else if (value === true) out.push(0xc3);
  else if (typeof value === "number") writeInt(out, value);
  else if (typeof value === "string") {
    const bytes = utf8Encoder.encode(value);
    if (bytes.length < 32) out.push(0xa0 | bytes.length);
    else if (bytes.length < 0x100) out.push(0xd9, bytes.length);
    else if (bytes.length < 0x10000) { out.push(0xda); pushUint(out, bytes.length, 2); }
    else { out.push(0xdb); pushUint(out, bytes.length, 4); }
    out.push(...bytes);
  } else if (Array.isArray(value)) {
    pushSize(out, value.length, [0x90, 16, 0xdc, 0xdd]);
    for (const item of value) write(out, item);
  } else if (typeof value === "object") {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    pushSize(out, entries.length, [0x80, 16, 0xde, 0xdf]);
    for (const [key, item] of entries) { write(out, key); write(out, item); }
  } else throw new TypeError(`cannot encode ${typeof value}`);
}

/** @param {number[]} out @param {number} value */
function writeInt(out, value) {
  if (!Number.isSafeInteger(value)) throw new TypeError("only integers are sent");
  if (value >= 0 && value < 128) out.push(value);
  else if (value < 0 && value >= -32) out.push(0x100 + value);
  else if (value >= 0 && value < 2 ** 32) { out.push(0xce); pushUint(out, value, 4); }
  else if (value >= -(2 ** 31) && value < 0) { out.push(0xd2); pushUint(out, value + 2 ** 32, 4); }
  else throw new RangeError("integer out of the protocol's range");
}

/**
 * @param {Uint8Array} bytes
 * @returns {unknown}
 */
export function decode(bytes) {
  const reader = { bytes, view: new DataView(bytes.buffer, bytes.byteOffset, bytes.length), at: 0 };
  const value = read(reader);
  if (reader.at !== bytes.length) throw new RangeError("trailing bytes after the message");
  return value;
}

/** @typedef {{bytes: Uint8Array, view: DataView, at: number}} Reader */

/** @param {Reader} r @param {number} size */
function take(r, size) {
  if (r.at + size > r.bytes.length) throw new RangeError("message cut short");
  const start = r.at;
  r.at += size;
  return start;
}

/** @param {Reader} r @returns {unknown} */
function read(r) {
  const tag = r.bytes[take(r, 1)];
  if (tag < 0x80) return tag;
  if (tag >= 0xe0) return tag - 0x100;
  if (tag >= 0xa0 && tag < 0xc0) return readString(r, tag & 0x1f);
  if (tag >= 0x90 && tag < 0xa0) return readArray(r, tag & 0x0f);
  if (tag >= 0x80 && tag < 0x90) return readMap(r, tag & 0x0f);
  const v = r.view;
  switch (tag) {
    case 0xc0: return null;
    case 0xc2: return false;
    case 0xc3: return true;
    case 0xcc: return v.getUint8(take(r, 1));
    case 0xcd: return v.getUint16(take(r, 2));
    case 0xce: return v.getUint32(take(r, 4));
    case 0xcf: return Number(v.getBigUint64(take(r, 8)));
    case 0xd0: return v.getInt8(take(r, 1));
    case 0xd1: return v.getInt16(take(r, 2));
    case 0xd2: return v.getInt32(take(r, 4));
    case 0xd3: return Number(v.getBigInt64(take(r, 8)));
    case 0xd9: return readString(r, v.getUint8(take(r, 1)));
    case 0xda: return readString(r, v.getUint16(take(r, 2)));
    case 0xdb: return readString(r, v.getUint32(take(r, 4)));
    case 0xdc: return readArray(r, v.getUint16(take(r, 2)));
    case 0xdd: return readArray(r, v.getUint32(take(r, 4)));
    case 0xde: return readMap(r, v.getUint16(take(r, 2)));
    case 0xdf: return readMap(r, v.getUint32(take(r, 4)));
    default: throw new TypeError(`msgpack tag 0x${tag.toString(16)} is not in the protocol`);
  }
}

/** @param {Reader} r @param {number} size */
function readString(r, size) {
  const start = take(r, size);
  return utf8Decoder.decode(r.bytes.subarray(start, start + size));
}

/** @param {Reader} r @param {number} size */
function readArray(r, size) {
  const items = [];
  for (let i = 0; i < size; i++) items.push(read(r));
  return items;
}

/** @param {Reader} r @param {number} size */
function readMap(r, size) {
  /** @type {Record<string, unknown>} */
  const map = {};
  for (let i = 0; i < size; i++) {
    const key = read(r);
    if (typeof key !== "string") throw new TypeError("map keys are strings");
    map[key] = read(r);
  }
  return map;
}
