// This page's own client seed for fair deals (PROTOCOL.md §10): bytes of the browser's CSPRNG,
// as lowercase hex. Kept apart from fairness.js, whose hashing library loads only when a
// match's record comes to be checked.

/** @param {Uint8Array} bytes */
export function toHex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A new client seed: 32 bytes of the browser's CSPRNG, as hex. */
export function newClientSeed() {
  const bytes = new Uint8Array(32);
  globalThis.crypto.getRandomValues(bytes);
  return toHex(bytes);
}
