// The wire's messages as types (PROTOCOL.md §4, §5): every message each way and the maps in
// them, field by field, for the TypeScript compiler to hold the page to (the page's modules
// name them in JSDoc only, so the browser never loads this one). Written by `python -m
// tools.web_wire` from shared/wire: never edit it by hand (a test fails while it is stale).

/** @typedef {string} Card a card as the wire writes it: "7d", "10h", "Qs" */

/**
 * The full rule options of a room (PROTOCOL.md §6).
 * @typedef {object} Rules
 * @property {2 | 4} players
 * @property {"right" | "left"} direction
 * @property {4 | 6} hand_size
 * @property {"j_and_7d" | "j_only" | "none"} first_floor
 * @property {"sweeps" | "plain"} komi_play
 * @property {"wildcard" | "numerals_10" | "never"} komi_basra
 * @property {number} jack_basra_points
 * @property {number} basra_points
 * @property {boolean} last_card_basra
 * @property {number} majority_points
 * @property {"nobody" | "carry"} majority_tie
 * @property {boolean} card_points
 * @property {number} target
 * @property {number} turn_timer
 */

/**
 * @typedef {object} RoomSummary
 * @property {number} room_id int 1..2147483647
 * @property {string} name str 1..64 chars
 * @property {2 | 4} players 2 | 4
 * @property {number} humans int 0..4
 * @property {number} bots int 0..4
 * @property {string} preset str 1..16 chars
 * @property {number} target int 1..100000
 * @property {number} turn_timer int 0..3600
 * @property {"waiting" | "playing" | "over"} state 'waiting' | 'playing' | 'over'
 * @property {number} spectators int 0..1000
 * @property {boolean} [locked] bool
 */

/**
 * @typedef {object} SeatInfo
 * @property {number} seat int 0..3
 * @property {"empty" | "human" | "bot"} kind 'empty' | 'human' | 'bot'
 * @property {string | null} name str 1..64 chars | nil
 * @property {number | null} player_id int 1..2147483647 | nil
 * @property {boolean} connected bool
 * @property {string | null} bot_level str 1..16 chars | nil
 */

/**
 * @typedef {object} ClientSeed
 * @property {number} seat int 0..3
 * @property {string} seed str 32..64 chars
 */

/**
 * @typedef {object} Deals
 * @property {string} commitment str 64..64 chars
 * @property {ClientSeed[]} client_seeds [client_seed] (≤ 4)
 */

/**
 * @typedef {object} PlayerWins
 * @property {string} name str 1..64 chars
 * @property {number} wins int 0..2147483647
 */

/**
 * @typedef {object} EveningTally
 * @property {number} matches int 0..2147483647
 * @property {[number, number]} sides [int 0..2147483647] (≤ 2)
 * @property {PlayerWins[]} players [player_wins] (≤ 64)
 */

/**
 * @typedef {object} RoomState
 * @property {number} room_id int 1..2147483647
 * @property {string} name str 1..64 chars
 * @property {2 | 4} players 2 | 4
 * @property {Rules} rules
 * @property {string} preset str 1..16 chars
 * @property {number} turn_timer int 0..3600
 * @property {"waiting" | "playing" | "over"} state 'waiting' | 'playing' | 'over'
 * @property {number | null} creator int 1..2147483647 | nil
 * @property {SeatInfo[]} seats [seat_info] (≤ 4)
 * @property {string[]} spectators [str 1..64 chars] (≤ 1000)
 * @property {number | null} you int 0..3 | nil
 * @property {Deals | null} [deals] deals | nil
 * @property {EveningTally | null} [tally] evening_tally | nil
 * @property {number[]} [play_again] [int 0..3] (≤ 4, distinct)
 * @property {number | null} [start_in_ms] int 0..2147483647 | nil
 * @property {number | null} [next_dealer] int 0..3 | nil
 * @property {string | null} [code] str 4..16 chars | nil
 * @property {boolean} [hints] bool
 * @property {number[]} [spectator_ids] [int 1..2147483647] (≤ 1000)
 */

/**
 * @typedef {object} Play
 * @property {Card} card card
 * @property {Card[]} taken [card] (≤ 51, distinct)
 */

/**
 * @typedef {object} LastPlay
 * @property {number} seat int 0..3
 * @property {Card} card card
 * @property {Card[]} taken [card] (≤ 51, distinct)
 * @property {"none" | "basra" | "jack_basra"} bonus 'none' | 'basra' | 'jack_basra'
 */

/**
 * @typedef {object} RoundTally
 * @property {[number, number]} cards [int 0..52] (≤ 2)
 * @property {[number, number]} majority [int 0..1000000000] (≤ 2)
 * @property {[number, number]} basras [int 0..1000000000] (≤ 2)
 * @property {[number, number]} jack_basras [int 0..1000000000] (≤ 2)
 * @property {[number, number]} basra_points [int 0..1000000000] (≤ 2)
 * @property {[number, number]} card_points [int 0..1000000000] (≤ 2)
 * @property {[number, number]} points [int 0..1000000000] (≤ 2)
 * @property {number} carry_out int 0..1000000000
 */

/**
 * @typedef {object} LastRound
 * @property {number} number int 0..1000000
 * @property {LastPlay} final_play
 * @property {number | null} leftovers_to int 0..1 | nil
 * @property {Card[]} leftovers [card] (≤ 52, distinct)
 * @property {RoundTally} tally
 */

/**
 * @typedef {object} View
 * @property {number | null} seat int 0..3 | nil
 * @property {Rules} rules
 * @property {Card[]} hand [card] (≤ 6, distinct)
 * @property {number[]} hand_sizes [int 0..6] (≤ 4)
 * @property {Card[]} floor [card] (≤ 52, distinct)
 * @property {number} stock_size int 0..52
 * @property {[number, number]} pile_sizes [int 0..52] (≤ 2)
 * @property {[number, number]} basras [int 0..1000000000] (≤ 2)
 * @property {[number, number]} jack_basras [int 0..1000000000] (≤ 2)
 * @property {[number, number]} scores [int 0..1000000000] (≤ 2)
 * @property {number} dealer int 0..3
 * @property {number | null} to_move int 0..3 | nil
 * @property {Play[]} legal_plays [play] (≤ 4096)
 * @property {Card[]} gone [card] (≤ 52, distinct)
 * @property {LastPlay | null} last_play last_play | nil
 * @property {number | null} winner int 0..1 | nil
 * @property {number} round_number int 0..1000000
 * @property {number} deal int 1..12
 * @property {number | null} [last_capturer] int 0..1 | nil
 * @property {number} [carry] int 0..1000000000
 * @property {LastRound | null} [last_round] last_round | nil
 * @property {LastPlay[]} [deal_plays] [last_play] (≤ 24)
 * @property {number[]} [choices] [int 0..4095] (≤ 4096, distinct)
 */

/**
 * @typedef {{kind: "round_started", number: number, dealer: number}
 *   | {kind: "hand_dealt", seat: number, deal: number, size: number, cards: Card[] | null}
 *   | {kind: "floor_dealt", cards: Card[]}
 *   | {kind: "card_played", seat: number, card: Card}
 *   | {kind: "cards_captured", seat: number, team: number, card: Card, taken: Card[]}
 *   | {kind: "basra_scored", seat: number, team: number, bonus: "none" | "basra" | "jack_basra", points: number}
 *   | {kind: "leftovers_taken", team: number | null, cards: Card[]}
 *   | {kind: "round_scored", number: number, tally: RoundTally, scores: [number, number]}
 *   | {kind: "match_ended", winner: number, scores: [number, number]}} GameEvent
 */

/**
 * @typedef {object} GameUpdate
 * @property {number} seq int 0..1000000000
 * @property {View} view
 * @property {GameEvent[]} events [map tagged by 'kind'] (≤ 256)
 * @property {number | null} [turn_ms] int 0..3600000 | nil
 * @property {number} [timed_out] int 0..3
 */

/**
 * @typedef {object} MatchRecord
 * @property {number} room_id int 1..2147483647
 * @property {number} part int 0..1365
 * @property {number} parts int 1..1366
 * @property {string[]} text [str 1..4096 chars] (≤ 12)
 */

/**
 * @typedef {object} Hint
 * @property {number} seq int 0..2147483647
 * @property {Card} card card
 * @property {Card[]} taken [card] (≤ 51, distinct)
 * @property {"only_play" | "jack_basra" | "basra" | "sweep" | "take" | "keep" | "safer" | "not_worth" | "safe" | "least_risk"} why 'only_play' | 'jack_basra' | 'basra' | 'sweep' | 'take' | 'keep' | 'safer' | 'not_worth' | 'safe' | 'least_risk'
 * @property {number} cards int 0..52
 * @property {Card | null} kept card | nil
 * @property {boolean} leaves_little bool
 * @property {number} [req] int 0..2147483647
 */

/**
 * `hello`, a message the page sends.
 * @typedef {{t: "hello", name: string, version: number, req?: number, resume_token?: string}} HelloRequest
 */

/**
 * `list_rooms`, a message the page sends.
 * @typedef {{t: "list_rooms", req?: number}} ListRoomsRequest
 */

/**
 * `create_room`, a message the page sends.
 * @typedef {{t: "create_room", players: 2 | 4, req?: number, name?: string, preset?: string, rules?: Partial<Rules>, target?: number, turn_timer?: number, private?: boolean, hints?: boolean, bot_level?: string}} CreateRoomRequest
 */

/**
 * `join_room`, a message the page sends.
 * @typedef {{t: "join_room", room_id: number, req?: number, code?: string}} JoinRoomRequest
 */

/**
 * `spectate`, a message the page sends.
 * @typedef {{t: "spectate", room_id: number, req?: number, code?: string}} SpectateRequest
 */

/**
 * `leave_room`, a message the page sends.
 * @typedef {{t: "leave_room", req?: number}} LeaveRoomRequest
 */

/**
 * `remove_member`, a message the page sends.
 * @typedef {{t: "remove_member", player_id: number, req?: number}} RemoveMemberRequest
 */

/**
 * `bot_for_seat`, a message the page sends.
 * @typedef {{t: "bot_for_seat", seat: number, req?: number}} BotForSeatRequest
 */

/**
 * `set_private`, a message the page sends.
 * @typedef {{t: "set_private", private: boolean, req?: number}} SetPrivateRequest
 */

/**
 * `take_seat`, a message the page sends.
 * @typedef {{t: "take_seat", seat: number, req?: number}} TakeSeatRequest
 */

/**
 * `fill_bots`, a message the page sends.
 * @typedef {{t: "fill_bots", level: string, req?: number}} FillBotsRequest
 */

/**
 * `start_game`, a message the page sends.
 * @typedef {{t: "start_game", req?: number}} StartGameRequest
 */

/**
 * `client_seed`, a message the page sends.
 * @typedef {{t: "client_seed", seed: string, req?: number}} ClientSeedRequest
 */

/**
 * `play_again`, a message the page sends.
 * @typedef {{t: "play_again", req?: number}} PlayAgainRequest
 */

/**
 * `swap_seats`, a message the page sends.
 * @typedef {{t: "swap_seats", seats: [number, number], req?: number}} SwapSeatsRequest
 */

/**
 * `play`, a message the page sends.
 * @typedef {{t: "play", card: Card, taken: Card[], req?: number}} PlayRequest
 */

/**
 * `get_record`, a message the page sends.
 * @typedef {{t: "get_record", part: number, req?: number}} GetRecordRequest
 */

/**
 * `hint`, a message the page sends.
 * @typedef {{t: "hint", req?: number}} HintRequest
 */

/**
 * `chat`, a message the page sends.
 * @typedef {{t: "chat", text: string, req?: number}} ChatRequest
 */

/**
 * `quick_chat`, a message the page sends.
 * @typedef {{t: "quick_chat", phrase: "again" | "basra" | "clap" | "fire" | "heart" | "laugh" | "luck" | "moment" | "nice" | "thanks" | "unlucky" | "wow" | "yalla", req?: number}} QuickChatRequest
 */

/**
 * `ping`, a message the page sends.
 * @typedef {{t: "ping", req?: number}} PingRequest
 */

/**
 * `pong`, a message the page sends.
 * @typedef {{t: "pong", req?: number}} PongRequest
 */

/**
 * `stats`, a message the page sends.
 * @typedef {{t: "stats", req?: number, reset?: boolean}} StatsRequest
 */

/**
 * @typedef {HelloRequest | ListRoomsRequest | CreateRoomRequest | JoinRoomRequest | SpectateRequest | LeaveRoomRequest | RemoveMemberRequest | BotForSeatRequest | SetPrivateRequest | TakeSeatRequest | FillBotsRequest | StartGameRequest | ClientSeedRequest | PlayAgainRequest | SwapSeatsRequest | PlayRequest | GetRecordRequest | HintRequest | ChatRequest | QuickChatRequest | PingRequest | PongRequest | StatsRequest} Request a message the page sends
 */

/**
 * `welcome`, a message the server sends.
 * @typedef {{t: "welcome", player_id: number, resume_token: string, name: string, version: number, resumed: boolean}} WelcomeMessage
 */

/**
 * `rooms`, a message the server sends.
 * @typedef {{t: "rooms", rooms: RoomSummary[], total: number}} RoomsMessage
 */

/**
 * `room_state`, a message the server sends.
 * @typedef {{t: "room_state"} & RoomState} RoomStateMessage
 */

/**
 * `game_update`, a message the server sends.
 * @typedef {{t: "game_update"} & GameUpdate} GameUpdateMessage
 */

/**
 * `match_record`, a message the server sends.
 * @typedef {{t: "match_record"} & MatchRecord} MatchRecordMessage
 */

/**
 * `hint`, a message the server sends.
 * @typedef {{t: "hint"} & Hint} HintMessage
 */

/**
 * `chat`, a message the server sends.
 * @typedef {{t: "chat", from: string, seat: number | null, text: string, ts: number}} ChatMessage
 */

/**
 * `quick_chat`, a message the server sends.
 * @typedef {{t: "quick_chat", from: string, seat: number | null, phrase: "again" | "basra" | "clap" | "fire" | "heart" | "laugh" | "luck" | "moment" | "nice" | "thanks" | "unlucky" | "wow" | "yalla", ts: number}} QuickChatMessage
 */

/**
 * `left_room`, a message the server sends.
 * @typedef {{t: "left_room", room_id: number, reason: "left" | "removed" | "removed_by_creator" | "last_human_left" | "match_over" | "error" | "shutdown", message: string}} LeftRoomMessage
 */

/**
 * `notice`, a message the server sends.
 * @typedef {{t: "notice", code: "not_saved" | "saved_again", message: string}} NoticeMessage
 */

/**
 * `error`, a message the server sends.
 * @typedef {{t: "error", req: number | null, code: string, message: string}} ErrorMessage
 */

/**
 * `bye`, a message the server sends.
 * @typedef {{t: "bye", code: string, message: string}} ByeMessage
 */

/**
 * `ping`, a message the server sends.
 * @typedef {{t: "ping"}} PingMessage
 */

/**
 * `pong`, a message the server sends.
 * @typedef {{t: "pong", req?: number}} PongMessage
 */

/**
 * `stats`, a message the server sends.
 * @typedef {{t: "stats", connections: number, players: number, rooms: number, messages_in: number, messages_out: number, plays: number, drops: number, errors_sent: number, loop_lag_max_us: number, loop_lag_p99_us: number, loop_block_max_us: number | null, loop_block_cpu_max_us: number | null, gc_pause_max_us: number, gc_collections: number, rss_kib: number, heap_blocks: number, cpu_ms: number, uptime_ms: number, req?: number}} StatsMessage
 */

/**
 * @typedef {WelcomeMessage | RoomsMessage | RoomStateMessage | GameUpdateMessage | MatchRecordMessage | HintMessage | ChatMessage | QuickChatMessage | LeftRoomMessage | NoticeMessage | ErrorMessage | ByeMessage | PingMessage | PongMessage | StatsMessage} ServerMessage a message the server sends
 */

export {};
