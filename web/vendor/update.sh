#!/bin/sh
# Copies the vendored library from node_modules (pinned by package-lock.json) into web/vendor:
# @msgpack/msgpack's ESM build (the modules encode and decode need, with their types) and its
# licence. `make web-vendor` runs it.
# The modules' own documentation comments (whole lines of `/** ... */` blocks and of `//`)
# are left out of the copies, and so is each line's indentation: they were half of the page's
# weight, and a phone loads the code, not its layout (the libraries' licences, `/*!` headers
# and the types stay whole). A template literal running over lines would lose its indentation
# too, so a line with an odd number of backquotes stops the copy.
set -eu
cd "$(dirname "$0")"

# copy SOURCE TARGET: the module without its comment lines (a block's last line must end it)
# nor its indentation.
copy() {
  awk '
    inside { if ($0 ~ /\*\//) { inside = 0; if ($0 !~ /\*\/[[:space:]]*$/) exit 1 } next }
    /^[[:space:]]*\/\*\*/ {
      if ($0 !~ /\*\//) { inside = 1; next }
      if ($0 ~ /\*\/[[:space:]]*$/) next
    }
    /^[[:space:]]*\/\// { next }
    gsub(/`/, "`") % 2 == 1 { exit 1 }
    { sub(/^[[:space:]]+/, ""); print }
  ' "$1" > "$2"
}
M=../../node_modules/@msgpack/msgpack
mkdir -p msgpack/utils
for f in decode encode Decoder Encoder CachedKeyDecoder DecodeError ExtData ExtensionCodec \
    timestamp utils/int utils/prettyByte utils/typedArrays utils/utf8; do
  copy "$M/dist.esm/$f.mjs" "msgpack/$f.mjs"
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
