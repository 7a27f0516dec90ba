// The wire's messages as this page reads them (PROTOCOL.md §4, §5): types only.

/**
 * @typedef {object} Play
 * @property {string} card
 * @property {string[]} taken
 */

/**
 * @typedef {object} LastPlay
 * @property {number} seat
 * @property {string} card
 * @property {string[]} taken
 * @property {"none" | "basra" | "jack_basra"} bonus
 */

/**
 * @typedef {object} Tally
 * @property {[number, number]} cards
 * @property {[number, number]} majority
 * @property {[number, number]} basras
 * @property {[number, number]} jack_basras
 * @property {[number, number]} basra_points
 * @property {[number, number]} card_points
 * @property {[number, number]} points
 * @property {number} carry_out
 */

/**
 * @typedef {object} LastRound
 * @property {number} number
 * @property {LastPlay} final_play
 * @property {number | null} leftovers_to
 * @property {string[]} leftovers
 * @property {Tally} tally
 */

/**
 * @typedef {object} Rules
 * @property {number} players
 * @property {string} direction
 * @property {number} hand_size
 * @property {string} first_floor
 * @property {boolean} card_points
 * @property {number} target
 * @property {number} basra_points
 * @property {number} jack_basra_points
 */

/**
 * @typedef {object} View
 * @property {number | null} seat
 * @property {Rules} rules
 * @property {string[]} hand
 * @property {number[]} hand_sizes
 * @property {string[]} floor
 * @property {number} stock_size
 * @property {[number, number]} pile_sizes
 * @property {[number, number]} basras
 * @property {[number, number]} jack_basras
 * @property {[number, number]} scores
 * @property {number} dealer
 * @property {number | null} to_move
 * @property {Play[]} legal_plays
 * @property {string[]} gone
 * @property {LastPlay | null} last_play
 * @property {number | null} winner
 * @property {number} round_number
 * @property {number} deal
 * @property {number | null} last_capturer
 * @property {number} carry
 * @property {LastRound | null} last_round
 */

/**
 * @typedef {{kind: "round_started", number: number, dealer: number}
 *   | {kind: "hand_dealt", seat: number, deal: number, size: number, cards: string[] | null}
 *   | {kind: "floor_dealt", cards: string[]}
 *   | {kind: "card_played", seat: number, card: string}
 *   | {kind: "cards_captured", seat: number, team: number, card: string, taken: string[]}
 *   | {kind: "basra_scored", seat: number, team: number, bonus: "basra" | "jack_basra", points: number}
 *   | {kind: "leftovers_taken", team: number | null, cards: string[]}
 *   | {kind: "round_scored", number: number, tally: Tally, scores: [number, number]}
 *   | {kind: "match_ended", winner: number, scores: [number, number]}} GameEvent
 */

/**
 * @typedef {object} GameUpdate
 * @property {number} seq
 * @property {View} view
 * @property {GameEvent[]} events
 * @property {number | null} turn_ms
 * @property {number} [timed_out]
 */

/**
 * @typedef {object} SeatInfo
 * @property {number} seat
 * @property {"empty" | "human" | "bot"} kind
 * @property {string | null} name
 * @property {number | null} player_id
 * @property {boolean} connected
 * @property {string | null} bot_level
 */

/**
 * @typedef {object} Deals
 * @property {string} commitment
 * @property {{seat: number, seed: string}[]} client_seeds
 */

/**
 * @typedef {object} EveningTally
 * @property {number} matches
 * @property {[number, number]} sides
 * @property {{name: string, wins: number}[]} players
 */

/**
 * @typedef {object} RoomState
 * @property {number} room_id
 * @property {string} name
 * @property {number} players
 * @property {Rules} rules
 * @property {string} preset
 * @property {number} turn_timer
 * @property {"waiting" | "playing" | "over"} state
 * @property {number | null} creator
 * @property {SeatInfo[]} seats
 * @property {string[]} spectators
 * @property {number | null} you
 * @property {Deals | null} deals
 * @property {EveningTally | null} [tally]
 * @property {number[]} [play_again]
 * @property {number | null} [start_in_ms]
 * @property {number | null} [next_dealer]
 * @property {string} [code] a private room's code, shown to its members
 * @property {number[]} [spectator_ids] the spectators' player ids, in the order of `spectators`
 * @property {boolean} [hints] whether its seated players may ask for a hint
 */

/**
 * @typedef {object} RoomSummary
 * @property {number} room_id
 * @property {string} name
 * @property {number} players
 * @property {number} humans
 * @property {number} bots
 * @property {string} preset
 * @property {number} target
 * @property {number} turn_timer
 * @property {"waiting" | "playing" | "over"} state
 * @property {number} spectators
 * @property {boolean} [locked] a private room: joining or watching needs its code
 */

/**
 * The server's hint for the turn after `seq` plays (PROTOCOL.md §5, `hint`).
 * @typedef {object} Hint
 * @property {number} seq
 * @property {string} card
 * @property {string[]} taken
 * @property {"only_play" | "jack_basra" | "basra" | "sweep" | "take" | "keep" | "safer" | "not_worth" | "safe" | "least_risk"} why
 * @property {number} cards
 * @property {string | null} kept
 * @property {boolean} leaves_little
 */

/**
 * @typedef {object} ChatLine
 * @property {string} from
 * @property {number | null} seat
 * @property {string} [text]
 * @property {string} [quick] a quick-chat phrase's id, shown in each reader's language
 * @property {number} ts
 */

/** @typedef {Record<string, any> & {t: string}} Message a message of either direction */

export {};
