export function isBytes(a) {
return (a instanceof Uint8Array ||
(ArrayBuffer.isView(a) &&
a.constructor.name === 'Uint8Array' &&
'BYTES_PER_ELEMENT' in a &&
a.BYTES_PER_ELEMENT === 1));
}
const atitle = (title) => (title ? `"${title}" ` : '');
export function anumber(n, title = '') {
if (typeof n !== 'number')
throw new TypeError(atitle(title) + 'expected number, got ' + typeof n);
if (!Number.isSafeInteger(n) || n < 0)
throw new RangeError(atitle(title) + 'expected integer >= 0, got ' + n);
return n;
}
export function abool(value, title = '') {
if (typeof value !== 'boolean')
throw new TypeError(atitle(title) + 'expected boolean, got type=' + typeof value);
return value;
}
export function abytes(value, length, title = '') {
if (isBytes(value) && (length === undefined || value.length === length))
return value;
if (length !== undefined)
anumber(length, 'length');
const bytes = isBytes(value);
const ofLen = length !== undefined ? ` of length ${length}` : '';
const got = bytes ? `length=${value.length}` : `type=${typeof value}`;
const message = atitle(title) + 'expected Uint8Array' + ofLen + ', got ' + got;
if (!bytes)
throw new TypeError(message);
throw new RangeError(message);
}
export function copyBytes(bytes) {
return Uint8Array.from(abytes(bytes));
}
export function ahash(h) {
if (typeof h !== 'function' || typeof h.create !== 'function')
throw new TypeError('expected hash wrapped by utils.createHasher');
anumber(h.outputLen);
anumber(h.blockLen);
if (h.outputLen < 1 || h.blockLen < 1)
throw new Error('hash blockLen / outputLen must be >= 1');
}
const aobject = (value, label) => {
if (value === null || typeof value !== 'object' || Array.isArray(value))
throw new TypeError((label === 'object' ? '' : `"${label}" `) + 'expected object, got type=' + typeof value);
};
const aopts = (value, label) => {
aobject(value, label);
const proto = Object.getPrototypeOf(value);
if (proto !== Object.prototype && proto !== null)
throw new TypeError(`"${label}" expected plain object`);
if (Object.hasOwn(value, '__proto__'))
throw new TypeError(`"${label}.__proto__" is not allowed`);
};
export function aexists(instance, checkFinished = true) {
if (instance.destroyed)
throw new Error('hash was destroyed');
if (checkFinished && instance.finished)
throw new Error('digest() was already called');
}
export function aoutput(out, instance) {
abytes(out, undefined, 'output');
const min = instance.outputLen;
if (!(out.length >= min)) {
throw new RangeError('"output" expected length >= ' + min);
}
}
export function u8(arr) {
return new Uint8Array(arr.buffer, arr.byteOffset, arr.byteLength);
}
export function u32(arr) {
return new Uint32Array(arr.buffer, arr.byteOffset, Math.floor(arr.byteLength / 4));
}
export function clean(...arrays) {
for (let i = 0; i < arrays.length; i++) {
arrays[i].fill(0);
}
}
export function createView(arr) {
return new DataView(arr.buffer, arr.byteOffset, arr.byteLength);
}
export function rotr(word, shift) {
return (word << (32 - shift)) | (word >>> shift);
}
export function rotl(word, shift) {
return (word << shift) | ((word >>> (32 - shift)) >>> 0);
}
export const isLE = /* @__PURE__ */ (() => new Uint8Array(new Uint32Array([0x11223344]).buffer)[0] === 0x44)();
export function byteSwap(word) {
return (((word << 24) & 0xff000000) |
((word << 8) & 0xff0000) |
((word >>> 8) & 0xff00) |
((word >>> 24) & 0xff));
}
export const swap8IfBE = isLE
? (n) => n
: (n) => byteSwap(n) >>> 0;
export function byteSwap32(arr) {
for (let i = 0; i < arr.length; i++) {
arr[i] = byteSwap(arr[i]);
}
return arr;
}
export const swap32IfBE = isLE
? (u) => u
: byteSwap32;
const hasHexBuiltin = /* @__PURE__ */ (() => 
typeof Uint8Array.from([]).toHex === 'function' && typeof Uint8Array.fromHex === 'function')();
const hexes = /* @__PURE__ */ Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
export function bytesToHex(bytes) {
abytes(bytes);
if (hasHexBuiltin)
return bytes.toHex();
let hex = '';
for (let i = 0; i < bytes.length; i++) {
hex += hexes[bytes[i]];
}
return hex;
}
function asciiToBase16(ch) {
return ch >= 48 && ch <= 57 ? ch - 48 // '2' => 50-48
: ch >= 65 && ch <= 70 ? ch - (65 - 10) // 'B' => 66-(65-10)
: ch >= 97 && ch <= 102 ? ch - (97 - 10) // 'b' => 98-(97-10)
: undefined;
}
export function hexToBytes(hex) {
if (typeof hex !== 'string')
throw new TypeError('hex string expected, got ' + typeof hex);
if (hasHexBuiltin) {
try {
return Uint8Array.fromHex(hex);
}
catch (error) {
if (error instanceof SyntaxError)
throw new RangeError(error.message);
throw error;
}
}
const hl = hex.length;
const al = hl / 2;
if (hl % 2)
throw new RangeError('hex string expected, got unpadded hex of length ' + hl);
const array = new Uint8Array(al);
for (let ai = 0, hi = 0; ai < al; ai++, hi += 2) {
const n1 = asciiToBase16(hex.charCodeAt(hi)); // parse first char, multiply it by 16
const n2 = asciiToBase16(hex.charCodeAt(hi + 1)); // parse second char
if (n1 === undefined || n2 === undefined) {
const char = hex[hi] + hex[hi + 1];
throw new RangeError('hex string expected, got non-hex character "' + char + '" at index ' + hi);
}
array[ai] = n1 * 16 + n2; // example: 'A9' => 10*16 + 9
}
return array;
}
export function nextTick(onReject) {
const host = globalThis;
if (typeof host.scheduler?.yield === 'function') {
const promise = host.scheduler.yield();
if (onReject)
promise.catch(onReject);
return promise;
}
return new Promise((resolve) => host.setTimeout(resolve, 0));
}
export async function asyncLoop(iters, tick, cb, onReject) {
anumber(iters, 'iters');
anumber(tick, 'tick');
if (typeof cb !== 'function')
throw new TypeError('callback must be a function');
let ts = Date.now();
for (let i = 0; i < iters; i++) {
cb(i);
const diff = Date.now() - ts;
if (diff >= 0 && diff < tick)
continue;
await nextTick(onReject);
ts = Date.now();
}
}
export function utf8ToBytes(str) {
if (typeof str !== 'string')
throw new TypeError('string expected');
const encoded = new TextEncoder().encode(str);
try {
return new Uint8Array(encoded); // https://bugzil.la/1681809
}
finally {
clean(encoded);
}
}
export function kdfInputToBytes(data, errorTitle = '') {
if (typeof data === 'string')
return utf8ToBytes(data);
return abytes(data, undefined, errorTitle);
}
export function concatBytes(...arrays) {
let sum = 0;
for (let i = 0; i < arrays.length; i++) {
const a = arrays[i];
abytes(a);
sum += a.length;
}
const res = new Uint8Array(sum);
for (let i = 0, pad = 0; i < arrays.length; i++) {
const a = arrays[i];
res.set(a, pad);
pad += a.length;
}
return res;
}
export const validateObject = (object, fields = {}, optFields = {}, title = 'object') => {
aobject(object, title);
aobject(fields, 'fields');
aobject(optFields, 'optFields');
function checkField(fieldName, expectedType, isOpt) {
const label = title === 'object' ? `param "${String(fieldName)}"` : `"${title}.${String(fieldName)}"`;
const val = object[fieldName];
if (!Object.hasOwn(object, fieldName) &&
(isOpt ? val !== undefined : expectedType !== 'function')) {
throw new TypeError(`${label} is invalid: expected own property`);
}
if (isOpt && val === undefined)
return;
const current = typeof val;
if (current !== expectedType || val === null)
throw new TypeError(`${label} is invalid: expected ${expectedType}, got ${current}`);
}
const iter = (f, isOpt) => Object.entries(f).forEach(([k, v]) => checkField(k, v, isOpt));
iter(fields, false);
iter(optFields, true);
};
export function checkOpts(defaults, opts, title = 'opts') {
aopts(defaults, 'defaults');
if (opts !== undefined)
aopts(opts, title);
const merged = Object.assign(Object.create(null), defaults, opts);
return merged;
}
export function createHasher(hashCons, info = {}) {
if (typeof hashCons !== 'function')
throw new TypeError('"hashCons" expected function, got type=' + typeof hashCons);
info = checkOpts({}, info, 'info');
const hashC = (msg, opts) => hashCons(opts)
.update(msg)
.digest();
const tmp = hashCons(undefined);
hashC.outputLen = tmp.outputLen;
hashC.blockLen = tmp.blockLen;
hashC.canXOF = tmp.canXOF;
hashC.create = (opts) => hashCons(opts);
Object.assign(hashC, info);
return Object.freeze(hashC);
}
export function randomBytes(bytesLength = 32) {
anumber(bytesLength, 'bytesLength');
const cr = typeof globalThis === 'object' ? globalThis.crypto : null;
if (typeof cr?.getRandomValues !== 'function')
throw new Error('crypto.getRandomValues must be defined');
if (bytesLength > 65536)
throw new RangeError(`"bytesLength" expected <= 65536, got ${bytesLength}`);
return cr.getRandomValues(new Uint8Array(bytesLength));
}
export const oidNist = (suffix) => ({
oid: Uint8Array.from([0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, suffix]),
});
