// The page's connection to the server: one WebSocket to /ws, each binary message one msgpack
// map (PROTOCOL.md §1, WebSocket transport), and the session over it: hello (with the resume
// token kept on the device), pong for every ping, and reconnecting with back-off after a drop,
// at once when the page becomes visible again or the network comes back, until the server
// says it is no use (the wire's FINAL_CODES, the desktop client's too). A line the server has
// not said a word on for longer than its pings allow is taken for dropped at once: a phone
// that lost its network hears no close for minutes.

import { decode } from "../vendor/msgpack/decode.mjs";
import { encode } from "../vendor/msgpack/encode.mjs";
import { CODE, DECODE_LIMITS, FINAL_CODES, MSG, PROTOCOL_VERSION } from "./wire.js";

/** @typedef {import("./wire_types.js").Request} Request */
/** @typedef {import("./wire_types.js").ServerMessage} ServerMessage */
/** @typedef {"closed" | "connecting" | "open"} LinkState */

const BACK_OFF_MS = [250, 500, 1000, 2000, 3000];
/** The server pings every 5 s (PROTOCOL.md §2): this long without a word, the line is dead. */
const SILENCE_MS = 12000;
const MAX_REQ = 2 ** 31 - 1;

/**
 * @typedef {object} KeptSession what the device remembers between visits
 * @property {() => string | null} token
 * @property {(token: string | null) => void} keepToken
 * @property {(name: string) => void} keepName the name the server gave
 */

export class Link {
  /**
   * @param {(message: ServerMessage) => void} onMessage
   * @param {(state: LinkState, ended: boolean) => void} onState `ended`: no more tries
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
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.silence = undefined;
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

  /** Stop for good (leaving the server, or refused by it). */
  close() {
    this.wanted = false;
    if (this.timer !== null) clearTimeout(this.timer);
    clearTimeout(this.silence);
    this.socket?.close(1000);
    this.kept.keepToken(null);
  }

  /** @param {Request} message */
  send(message) {
    const socket = this.socket;
    if (socket === null || socket.readyState !== WebSocket.OPEN || !this.welcomed) return false;
    socket.send(encode({ ...message, req: message.req ?? this.nextReq++ }, { ignoreUndefined: true }));
    if (this.nextReq > MAX_REQ) this.nextReq = 1;
    return true;
  }

  /** Cut the socket as a dropped network would (tests and the "reconnect" path use it). */
  drop() {
    if (this.socket !== null) this.lost(this.socket);
  }

  /**
   * Any word from the server: the line lives; the server's silence for longer than its pings
   * allow means it is gone.
   * @param {WebSocket} socket
   */
  listen(socket) {
    if (socket !== this.socket) return;
    clearTimeout(this.silence);
    this.silence = setTimeout(() => this.lost(socket), SILENCE_MS);
  }

  /**
   * `socket` is given up at once, without waiting for a closing handshake no one may answer.
   * @param {WebSocket} socket
   */
  lost(socket) {
    if (socket !== this.socket) return;
    socket.onclose = null;
    socket.close(4000);
    this.closed(socket);
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
    this.onState("connecting", false);
    socket.onopen = () => this.hello(socket);
    socket.onmessage = (event) => this.received(socket, event);
    socket.onclose = () => this.closed(socket);
    this.listen(socket);
  }

  /** @param {WebSocket} socket */
  hello(socket) {
    const token = this.kept.token();
    /** @type {import("./wire_types.js").HelloRequest} */
    const hello = { t: MSG.HELLO, name: this.name, version: PROTOCOL_VERSION };
    if (token !== null) hello.resume_token = token;
    socket.send(encode(hello));
  }

  /**
   * @param {WebSocket} socket
   * @param {MessageEvent} event
   */
  received(socket, event) {
    this.listen(socket);
    if (!(event.data instanceof ArrayBuffer)) return;
    const message = /** @type {ServerMessage} */ (decode(new Uint8Array(event.data), DECODE_LIMITS));
    if (message.t === MSG.PING) {
      socket.send(encode({ t: MSG.PONG }));
      return;
    }
    if (message.t === MSG.WELCOME) {
      this.welcomed = true;
      this.attempt = 0;
      this.kept.keepToken(message.resume_token);
      this.kept.keepName(message.name);
      this.onState("open", false);
    } else if (message.t === MSG.ERROR && !this.welcomed && message.code === CODE.BAD_TOKEN) {
      // The seat is gone (the server restarted without it, or the hold ran out): the session
      // cannot come back, so this page starts a new one under the same name.
      this.kept.keepToken(null);
      this.hello(socket);
    } else if (message.t === MSG.ERROR && !this.welcomed) {
      this.close(); // the hello itself was refused (a name the rules forbid)
    } else if (message.t === MSG.BYE && FINAL_CODES.includes(message.code)) {
      this.wanted = false;
    }
    this.onMessage(message);
  }

  /** @param {WebSocket} socket */
  closed(socket) {
    if (socket !== this.socket) return;
    clearTimeout(this.silence);
    this.socket = null;
    this.welcomed = false;
    this.onState("closed", !this.wanted);
    if (!this.wanted) return;
    const wait = BACK_OFF_MS[Math.min(this.attempt, BACK_OFF_MS.length - 1)];
    this.attempt += 1;
    this.timer = setTimeout(() => this.connect(), wait);
  }
}
