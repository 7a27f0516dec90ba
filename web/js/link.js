// The page's connection to the server: one WebSocket to /ws, each binary message one msgpack
// map (PROTOCOL.md §1, WebSocket transport), and the session over it: hello (with the resume
// token kept on the device), pong for every ping, and reconnecting with back-off after a drop,
// at once when the page becomes visible again or the network comes back.

import { decode } from "../vendor/msgpack/decode.mjs";
import { encode } from "../vendor/msgpack/encode.mjs";

/** @typedef {import("./types.js").Message} Message */

export const PROTOCOL_VERSION = 1;
const DECODE_LIMITS = { maxStrLength: 262144, maxArrayLength: 4096, maxMapLength: 64, maxBinLength: 0, maxExtLength: 0 };
const BACK_OFF_MS = [250, 500, 1000, 2000, 3000];
/** Goodbyes after which trying again would only be refused again (or fight another tab). */
const FINAL_BYES = new Set(["replaced", "bad_version", "address_limit"]);

/**
 * @typedef {object} KeptSession what the device remembers between visits
 * @property {() => string | null} token
 * @property {(token: string | null) => void} keepToken
 */

export class Link {
  /**
   * @param {(message: Message) => void} onMessage
   * @param {(state: "closed" | "connecting" | "open") => void} onState
   * @param {KeptSession} kept
   * @param {string} url
   */
  constructor(onMessage, onState, kept, url) {
    this.onMessage = onMessage;
    this.onState = onState;
    this.kept = kept;
    this.url = url;
    /** @type {WebSocket | null} */
    this.socket = null;
    this.name = "";
    this.wanted = false;
    this.welcomed = false;
    this.attempt = 0;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.timer = null;
    this.nextReq = 1;
  }

  /**
   * Connect as `name` (resuming the kept session if there is one), and stay connected.
   * @param {string} name
   */
  open(name) {
    this.name = name;
    this.wanted = true;
    this.attempt = 0;
    this.connect();
  }

  /** Try now (the page became visible, the network came back), unless already connected. */
  wake() {
    if (!this.wanted) return;
    const ready = this.socket?.readyState;
    if (ready === WebSocket.OPEN || ready === WebSocket.CONNECTING) return;
    this.attempt = 0;
    this.connect();
  }

  /** Stop for good (leaving the server). */
  close() {
    this.wanted = false;
    if (this.timer !== null) clearTimeout(this.timer);
    this.socket?.close(1000);
    this.socket = null;
    this.kept.keepToken(null);
  }

  /** @param {Message} message */
  send(message) {
    const socket = this.socket;
    if (socket === null || socket.readyState !== WebSocket.OPEN || !this.welcomed) return false;
    socket.send(encode({ ...message, req: message.req ?? this.nextReq++ }, { ignoreUndefined: true }));
    if (this.nextReq > 2 ** 31 - 1) this.nextReq = 1;
    return true;
  }

  /** Cut the socket as a dropped network would (tests and the "reconnect" path use it). */
  drop() {
    this.socket?.close(4000);
  }

  connect() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const old = this.socket;
    if (old !== null) {
      old.onclose = null;
      old.close();
    }
    const socket = new WebSocket(this.url);
    socket.binaryType = "arraybuffer";
    this.socket = socket;
    this.welcomed = false;
    this.onState("connecting");
    socket.onopen = () => this.hello(socket);
    socket.onmessage = (event) => this.received(socket, event);
    socket.onclose = () => this.closed(socket);
  }

  /** @param {WebSocket} socket */
  hello(socket) {
    const token = this.kept.token();
    /** @type {Message} */
    const hello = { t: "hello", name: this.name, version: PROTOCOL_VERSION };
    if (token !== null) hello.resume_token = token;
    socket.send(encode(hello));
  }

  /**
   * @param {WebSocket} socket
   * @param {MessageEvent} event
   */
  received(socket, event) {
    if (!(event.data instanceof ArrayBuffer)) return;
    const message = /** @type {Message} */ (decode(new Uint8Array(event.data), DECODE_LIMITS));
    if (message.t === "ping") {
      socket.send(encode({ t: "pong" }));
      return;
    }
    if (message.t === "welcome") {
      this.welcomed = true;
      this.attempt = 0;
      this.kept.keepToken(message.resume_token);
      this.onState("open");
    } else if (message.t === "error" && message.code === "bad_token" && !this.welcomed) {
      // The seat is gone (the server restarted without it, or the hold ran out): start afresh.
      this.kept.keepToken(null);
      this.hello(socket);
    } else if (message.t === "bye" && FINAL_BYES.has(message.code)) {
      this.wanted = false;
    }
    this.onMessage(message);
  }

  /** @param {WebSocket} socket */
  closed(socket) {
    if (socket !== this.socket) return;
    this.socket = null;
    this.welcomed = false;
    this.onState("closed");
    if (!this.wanted) return;
    const wait = BACK_OFF_MS[Math.min(this.attempt, BACK_OFF_MS.length - 1)];
    this.attempt += 1;
    this.timer = setTimeout(() => this.connect(), wait);
  }
}
