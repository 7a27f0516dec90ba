// The page's SHA-256 and HMAC-SHA-256 (web/js/sha256.js) against node's own crypto: every
// message length round the block and padding boundaries, random contents, keys shorter than,
// as long as and longer than a block; and the standard's own examples.
import assert from "node:assert/strict";
import { createHash, createHmac, randomBytes } from "node:crypto";
import { test } from "node:test";

import { hmacSha256, sha256 } from "../../web/js/sha256.js";

const hex = (/** @type {Uint8Array} */ bytes) => Buffer.from(bytes).toString("hex");

test("the standard's examples", () => {
  const text = (/** @type {string} */ s) => new TextEncoder().encode(s);
  assert.equal(hex(sha256(text(""))), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  assert.equal(hex(sha256(text("abc"))), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  assert.equal(
    hex(sha256(text("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"))),
    "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
  );
});

test("SHA-256 agrees with node's for every length up to four blocks, and longer", () => {
  for (let length = 0; length <= 260; length += 1) {
    const message = randomBytes(length);
    assert.equal(hex(sha256(message)), createHash("sha256").update(message).digest("hex"), `length ${length}`);
  }
  const long = randomBytes(100_003);
  assert.equal(hex(sha256(long)), createHash("sha256").update(long).digest("hex"));
});

test("HMAC-SHA-256 agrees with node's for keys of every size round a block", () => {
  for (const keyLength of [0, 1, 16, 32, 63, 64, 65, 100, 200]) {
    for (const length of [0, 1, 55, 56, 64, 119, 120, 300]) {
      const key = randomBytes(keyLength);
      const message = randomBytes(length);
      assert.equal(hex(hmacSha256(key, message)), createHmac("sha256", key).update(message).digest("hex"), `${keyLength}/${length}`);
    }
  }
});
