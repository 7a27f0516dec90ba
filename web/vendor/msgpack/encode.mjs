import { Encoder } from "./Encoder.mjs";
export function encode(value, options) {
const encoder = new Encoder(options);
return encoder.encodeSharedRef(value);
}
