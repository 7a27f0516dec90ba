// The wire as the page speaks it (PROTOCOL.md): the protocol's version, every message type and
// code, the codes after which the page stops reconnecting, the limits it keeps to, the rule
// options and presets (every message's fields are types, in wire_types.js). Written by
// `python -m tools.web_wire` from shared/wire: never edit it by hand (a test fails while it
// is stale).

export const PROTOCOL_VERSION = 1;

/** Every message type (PROTOCOL.md §4, §5). */
export const MSG = Object.freeze({
  HELLO: "hello",
  LIST_ROOMS: "list_rooms",
  CREATE_ROOM: "create_room",
  JOIN_ROOM: "join_room",
  SPECTATE: "spectate",
  LEAVE_ROOM: "leave_room",
  TAKE_SEAT: "take_seat",
  FILL_BOTS: "fill_bots",
  START_GAME: "start_game",
  CLIENT_SEED: "client_seed",
  PLAY_AGAIN: "play_again",
  SWAP_SEATS: "swap_seats",
  PLAY: "play",
  GET_RECORD: "get_record",
  REMOVE_MEMBER: "remove_member",
  BOT_FOR_SEAT: "bot_for_seat",
  SET_PRIVATE: "set_private",
  HINT: "hint",
  CHAT: "chat",
  QUICK_CHAT: "quick_chat",
  PING: "ping",
  PONG: "pong",
  STATS: "stats",
  WELCOME: "welcome",
  ROOMS: "rooms",
  ROOM_STATE: "room_state",
  GAME_UPDATE: "game_update",
  MATCH_RECORD: "match_record",
  LEFT_ROOM: "left_room",
  NOTICE: "notice",
  ERROR: "error",
  BYE: "bye",
});

/** Every error and bye code (PROTOCOL.md §8). */
export const CODE = Object.freeze({
  MALFORMED: "malformed",
  UNKNOWN_TYPE: "unknown_type",
  BAD_MESSAGE: "bad_message",
  HELLO_FIRST: "hello_first",
  ALREADY_WELCOMED: "already_welcomed",
  BAD_VERSION: "bad_version",
  BAD_NAME: "bad_name",
  BAD_TOKEN: "bad_token",
  RATE_LIMITED: "rate_limited",
  FORBIDDEN: "forbidden",
  NO_SUCH_ROOM: "no_such_room",
  ROOM_FULL: "room_full",
  ALREADY_IN_ROOM: "already_in_room",
  NOT_IN_ROOM: "not_in_room",
  NAME_TAKEN: "name_taken",
  WRONG_CODE: "wrong_code",
  REMOVED: "removed",
  BAD_RULES: "bad_rules",
  BAD_LEVEL: "bad_level",
  TOO_MANY_ROOMS: "too_many_rooms",
  NOT_CREATOR: "not_creator",
  GAME_STARTED: "game_started",
  SEATS_EMPTY: "seats_empty",
  NOT_AGREED: "not_agreed",
  SEAT_NOT_BOT: "seat_not_bot",
  ALREADY_SEATED: "already_seated",
  BUSY: "busy",
  NOT_IN_GAME: "not_in_game",
  NOT_SEATED: "not_seated",
  NOT_YOUR_TURN: "not_your_turn",
  ILLEGAL_PLAY: "illegal_play",
  NO_RECORD: "no_record",
  HINTS_OFF: "hints_off",
  CHAT_TOO_LONG: "chat_too_long",
  CHAT_EMPTY: "chat_empty",
  CHAT_RATE: "chat_rate",
  SHUTDOWN: "shutdown",
  RESTARTING: "restarting",
  REPLACED: "replaced",
  HELLO_TIMEOUT: "hello_timeout",
  IDLE: "idle",
  SLOW_FRAME: "slow_frame",
  BAD_FRAME: "bad_frame",
  TOO_MANY_ERRORS: "too_many_errors",
  SERVER_FULL: "server_full",
  ADDRESS_LIMIT: "address_limit",
  INTERNAL: "internal",
});

/** The codes after which a client stops trying to get its session back: the seat is
 * gone or taken, or trying again would be refused again (PROTOCOL.md §7). */
export const FINAL_CODES = /** @type {readonly string[]} */ (Object.freeze([CODE.BAD_TOKEN, CODE.BAD_VERSION, CODE.REPLACED, CODE.SHUTDOWN]));

/** Why a member is back in the lobby (`left_room`). */
export const LEFT_REASON = Object.freeze({
  LEFT: "left",
  REMOVED: "removed",
  REMOVED_BY_CREATOR: "removed_by_creator",
  LAST_HUMAN_LEFT: "last_human_left",
  MATCH_OVER: "match_over",
  ERROR: "error",
  SHUTDOWN: "shutdown",
});

/** The codes of a `notice` (PROTOCOL.md §13). */
export const NOTICE_CODE = Object.freeze({
  NOT_SAVED: "not_saved",
  SAVED_AGAIN: "saved_again",
});

/** Characters of what the page sends (PROTOCOL.md §6). */
export const LIMITS = Object.freeze({"NAME":16,"ROOM_NAME":32,"CHAT":200,"ROOM_CODE":16});

/** One character a player's name may hold (PROTOCOL.md §6). */
export const NAME_CHARACTER = new RegExp("^[\\p{L}\\p{N}\\p{Mc}\\p{Mn} _\\-.]$", "u");

/** What a message from the server may hold (PROTOCOL.md §2). */
export const DECODE_LIMITS = Object.freeze({"maxStrLength":4096,"maxBinLength":0,"maxArrayLength":4096,"maxMapLength":64,"maxExtLength":0});

/** What `create_room` takes (PROTOCOL.md §4). */
export const ROOM_OPTIONS = Object.freeze({"players":[2,4],"presets":["egyptian","jawaker"],"target":{"min":1,"max":100000},"turn_timer":{"min":0,"max":3600}});

/** Every rule option: its default, and its values or bounds. */
export const RULE_OPTIONS = Object.freeze({"players":{"default":2,"values":[2,4]},"direction":{"default":"right","values":["right","left"]},"hand_size":{"default":4,"values":[4,6]},"first_floor":{"default":"j_and_7d","values":["j_and_7d","j_only","none"]},"komi_play":{"default":"sweeps","values":["sweeps","plain"]},"komi_basra":{"default":"wildcard","values":["wildcard","numerals_10","never"]},"jack_basra_points":{"default":30,"min":0,"max":1000},"basra_points":{"default":10,"min":0,"max":1000},"last_card_basra":{"default":true,"values":[false,true]},"majority_points":{"default":30,"min":0,"max":1000},"majority_tie":{"default":"nobody","values":["nobody","carry"]},"card_points":{"default":false,"values":[false,true]},"target":{"default":101,"min":1,"max":100000},"turn_timer":{"default":30,"min":0,"max":3600}});

/** The named rule sets, as their options that differ from the defaults (PROTOCOL.md §6). */
export const PRESETS = Object.freeze({"egyptian":{},"jawaker":{"komi_basra":"numerals_10","card_points":true,"jack_basra_points":0}});
