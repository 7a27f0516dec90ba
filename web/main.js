// The first page of the browser client: say hello over /ws with a name, then show the lobby's
// rooms. The table itself comes later; this page proves the way there (PROTOCOL.md section 14).

import { decode, encode } from "./msgpack.js";

const PROTOCOL_VERSION = 1;

/** @param {string} id */
function element(id) {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`the page has no #${id}`);
  return found;
}

const status = element("status");
const form = /** @type {HTMLFormElement} */ (element("hello"));
const nameInput = /** @type {HTMLInputElement} */ (element("name"));
const lobby = element("lobby");
const roomList = element("rooms");
const wantedRoom = Number.parseInt(new URLSearchParams(location.search).get("room") ?? "", 10);

/** @type {WebSocket | null} */
let socket = null;
/** The server's `bye` words, shown when the socket closes. */
let farewell = "";

/** @param {Record<string, unknown>} message */
function send(message) {
  if (socket !== null && socket.readyState === WebSocket.OPEN) socket.send(encode(message));
}

/** @param {string} name */
function connect(name) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(`${scheme}//${location.host}/ws`);
  socket.binaryType = "arraybuffer";
  socket.addEventListener("open", () => send({ t: "hello", name, version: PROTOCOL_VERSION }));
  socket.addEventListener("message", (event) => {
    if (!(event.data instanceof ArrayBuffer)) return;
    const message = /** @type {Record<string, any>} */ (decode(new Uint8Array(event.data)));
    receive(message);
  });
  socket.addEventListener("close", (event) => {
    status.textContent = farewell || `Disconnected (${event.code}).`;
    farewell = "";
    form.hidden = false;
    lobby.hidden = true;
    document.querySelector("main")?.setAttribute("data-screen", "hello");
    socket = null;
  });
}

/** @param {Record<string, any>} message */
function receive(message) {
  switch (message.t) {
    case "welcome":
      status.textContent = `Welcome, ${message.name}.`;
      form.hidden = true;
      lobby.hidden = false;
      document.querySelector("main")?.setAttribute("data-screen", "lobby");
      send({ t: "list_rooms" });
      break;
    case "rooms":
      showRooms(message.rooms);
      break;
    case "ping":
      send({ t: "pong" });
      break;
    case "error":
      status.textContent = message.message;
      break;
    case "bye":
      farewell = message.message;
      break;
  }
}

/** @param {Array<Record<string, any>>} rooms */
function showRooms(rooms) {
  roomList.replaceChildren(
    ...rooms.map((room) => {
      const item = document.createElement("li");
      item.dataset.room = String(room.room_id);
      item.textContent =
        `${room.name} · ${room.humans + room.bots}/${room.players} · ${room.state}`;
      if (room.room_id === wantedRoom) item.classList.add("wanted");
      return item;
    }),
  );
  if (rooms.length === 0) roomList.textContent = "No rooms yet.";
}

if (Number.isSafeInteger(wantedRoom)) {
  const note = element("wanted-room");
  note.textContent = `You were invited to room ${wantedRoom}.`;
  note.hidden = false;
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  status.textContent = "Connecting…";
  connect(nameInput.value.trim());
});
element("refresh").addEventListener("click", () => send({ t: "list_rooms" }));
