// SHA-256 (FIPS 180-4) and HMAC-SHA-256 (RFC 2104), for the deal check (fairness.js): a page
// served over plain http from a LAN address has no WebCrypto. Written here, small, because all
// the deal check hashes is a few hundred bytes of what the server revealed (no secret of this
// page's goes through it); the library it replaces weighed 26 KB of a phone's download. Its
// answers are held to node's own crypto for messages of every length round the block sizes
// (tests/web/sha256.test.mjs).

const K = Uint32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const START = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
const BLOCK = 64;

/**
 * @param {number} x
 * @param {number} n
 */
const rotr = (x, n) => (x >>> n) | (x << (32 - n));

/**
 * The message with its padding: a 1 bit, zeros, and its length in bits, to whole blocks.
 * @param {Uint8Array} bytes
 */
function padded(bytes) {
  const size = Math.ceil((bytes.length + 9) / BLOCK) * BLOCK;
  const out = new Uint8Array(size);
  out.set(bytes);
  out[bytes.length] = 0x80;
  const view = new DataView(out.buffer);
  view.setUint32(size - 8, Math.floor(bytes.length / 2 ** 29));
  view.setUint32(size - 4, (bytes.length * 8) >>> 0);
  return view;
}

/**
 * One block into the state `h` (the schedule `w` is scratch).
 * @param {Uint32Array} h
 * @param {Uint32Array} w
 * @param {DataView} view
 * @param {number} at
 */
function compress(h, w, view, at) {
  for (let i = 0; i < 16; i += 1) w[i] = view.getUint32(at + 4 * i);
  for (let i = 16; i < 64; i += 1) {
    const a = w[i - 15];
    const b = w[i - 2];
    w[i] = (rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3)) + w[i - 7] + (rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10)) + w[i - 16];
  }
  let [a, b, c, d, e, f, g, k] = h;
  for (let i = 0; i < 64; i += 1) {
    const t1 = (k + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) | 0;
    const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    [k, g, f, e, d, c, b, a] = [g, f, e, (d + t1) | 0, c, b, a, (t1 + t2) | 0];
  }
  [a, b, c, d, e, f, g, k].forEach((value, i) => {
    h[i] += value;
  });
}

/**
 * The SHA-256 digest of `bytes` (32 bytes).
 * @param {Uint8Array} bytes
 * @returns {Uint8Array}
 */
export function sha256(bytes) {
  const view = padded(bytes);
  const h = Uint32Array.from(START);
  const w = new Uint32Array(64);
  for (let at = 0; at < view.byteLength; at += BLOCK) compress(h, w, view, at);
  const digest = new Uint8Array(32);
  const out = new DataView(digest.buffer);
  h.forEach((value, i) => out.setUint32(4 * i, value));
  return digest;
}

/**
 * HMAC-SHA-256 of `message` under `key`.
 * @param {Uint8Array} key
 * @param {Uint8Array} message
 * @returns {Uint8Array}
 */
export function hmacSha256(key, message) {
  const block = key.length > BLOCK ? sha256(key) : key;
  const inner = new Uint8Array(BLOCK + message.length);
  const outer = new Uint8Array(BLOCK + 32);
  for (let i = 0; i < BLOCK; i += 1) {
    inner[i] = (block[i] ?? 0) ^ 0x36;
    outer[i] = (block[i] ?? 0) ^ 0x5c;
  }
  inner.set(message, BLOCK);
  outer.set(sha256(inner), BLOCK);
  return sha256(outer);
}
