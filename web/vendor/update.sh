#!/bin/sh
# Copies the vendored libraries from node_modules (pinned by package-lock.json) into web/vendor:
# @msgpack/msgpack's ESM build (the modules encode and decode need, with their types) and
# @noble/hashes' SHA-256 and HMAC, each with its licence. `make web-vendor` runs it.
set -eu
cd "$(dirname "$0")"
M=../../node_modules/@msgpack/msgpack
N=../../node_modules/@noble/hashes
mkdir -p msgpack/utils noble-hashes
for f in decode encode Decoder Encoder CachedKeyDecoder DecodeError ExtData ExtensionCodec \
    timestamp utils/int utils/prettyByte utils/typedArrays utils/utf8; do
  cp "$M/dist.esm/$f.mjs" "msgpack/$f.mjs"
  cp "$M/dist.esm/$f.d.ts" "msgpack/$f.d.ts"
done
# Types only: the modules' declarations name them, the modules do not load them.
for f in context utils/stream; do
  cp "$M/dist.esm/$f.d.ts" "msgpack/$f.d.ts"
done
# TypeScript looks for an .mjs module's types in a .d.mts beside it.
cp msgpack/decode.d.ts msgpack/decode.d.mts
cp msgpack/encode.d.ts msgpack/encode.d.mts
cp "$M/LICENSE" msgpack/LICENSE
for f in sha2 hmac _md utils _u64; do
  cp "$N/$f.js" "$N/$f.d.ts" noble-hashes/
done
cp "$N/LICENSE" noble-hashes/LICENSE
