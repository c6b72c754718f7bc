/**
 * The synchronised state of a `table` room (Colyseus schema 5). Clients decode it
 * with the SDK; this file is the reference for every field. Cards are strings in
 * RULES.md notation ("TS", "6H"); seats are numbered 0..players-1 clockwise.
 * Fields with a closed set of values are typed from the tables that define them
 * (@yourtrumps/protocol, @yourtrumps/engine); the wire carries plain strings and numbers.
 *
 * Only `Seat.hand` is private: it is tagged `.view()` and each client's StateView
 * holds its own seat alone, so no client ever receives another seat's cards (R18).
 */
import { schema, t, type SchemaType } from "@colyseus/schema";
import type { Card, Move, Suit } from "@yourtrumps/engine";
import type { Level, Mode, Phase, PlayerCount, ResultReason } from "@yourtrumps/protocol";

export const Seat = schema(
  {
    name: t.string().default(""), // "" while the seat is empty (phase "waiting"); computer seats "Computer", "Computer 2", …
    isAI: t.boolean().default(false), // a computer player holds the seat
    connected: t.boolean().default(false), // a human's connection is up (computer seats: true)
    trump: t.string<Suit | "">().default(""), // "S" | "H" | "D" | "C"; "" until picked (R3)
    cardCount: t.uint8().default(0), // cards in this seat's hand
    sessionId: t.string().default(""), // the owner's Colyseus sessionId; "" for empty and computer seats
    hand: t.array<Card>("string").view(), // the cards, in the engine's order; sent to the seat's owner only
    pickedUp: t.array<Card>("string"), // cards seen picked up and still held (public, R18)
    place: t.uint8().default(0), // finishing place once out (R14); 0 = still playing
    wantsRematch: t.boolean().default(false), // phase "over": this seat asked for a new hand
    playerId: t.string().default(""), // the identified player who took the seat (join option token); "" for anonymous and computer seats
    rating: t.uint16().default(0), // that player's rating for this table's kind (duel at 2 players, multi at 3–4), rounded; 0 = none
    provisional: t.boolean().default(false), // that rating is still provisional (rating deviation above 110)
    ratingAfter: t.uint16().default(0), // the new rating, rounded, once this rated hand's record is committed; 0 = not rated / not yet
    arenaScore: t.uint16().default(0), // arena tables: the seat's player's score in the arena when the hand was paired
    fire: t.boolean().default(false), // arena tables: the seat's player plays this hand on fire (a win counts double)
    berserk: t.boolean().default(false), // arena tables: the seat went berserk (its turn clock halved)
  },
  "Seat",
);
export type Seat = SchemaType<typeof Seat>;

/** The last move applied, so clients can animate exactly what happened. */
export const LastMove = schema(
  {
    seat: t.int8().default(-1), // who moved; -1 before the first move of a hand
    type: t.string<Move["type"] | "">().default(""), // "play" | "pickup" | "" (none yet)
    card: t.string<Card | "">().default(""), // the card played; "" for a pickup
    taken: t.array<Card>("string"), // pickup: the cards taken, bottom → top
    auto: t.boolean().default(false), // the server moved for a human whose clock ran out
  },
  "LastMove",
);
export type LastMove = SchemaType<typeof LastMove>;

/** A finished hand (R17); `reason` is "" while the hand is on. */
export const Result = schema(
  {
    reason: t.string<ResultReason | "">().default(""), // "" | "out" | "last-card-draw" | "repetition" | "turn-limit" | "abandoned"
    loser: t.int8().default(-1), // seat, or -1 on a draw / no result
    places: t.array("uint8"), // by seat, 1 = first out
  },
  "Result",
);
export type Result = SchemaType<typeof Result>;

export const TableState = schema(
  {
    phase: t.string<Phase>().default("waiting"), // "waiting" | "choosing" | "playing" | "over"
    mode: t.string<Mode>().default("quick"), // "quick" | "private" | "computer"
    code: t.string().default(""), // private tables: the code friends join with
    players: t.uint8<PlayerCount>().default(2), // 2, 3 or 4 (R1)
    level: t.string<Level>().default("medium"), // computer seats' level: "easy" | "medium" | "hard"
    turnSeconds: t.uint16().default(0), // per-move clock; 0 = none (computer tables)
    casual: t.boolean().default(false), // private tables: no hand here is rated (a casual challenge's duel)
    arenaId: t.string().default(""), // an arena's table: the arena (GET /api/arenas/:id); "" elsewhere
    arenaName: t.string().default(""), // that arena's name
    seats: t.array(Seat),
    pile: t.array<Card>("string"), // bottom → top (R8–R13)
    toMove: t.int8().default(-1), // seat to move; -1 when nobody is (not playing)
    secondDue: t.boolean().default(false), // the mover has beaten and owes a second card (R11)
    deadline: t.float64().default(0), // epoch ms when the current clock runs out (move, trump choice, quick fill); 0 = none
    dealer: t.int8().default(-1), // dealer of the current hand (R4)
    turns: t.uint16().default(0), // turns played in this hand (R16)
    seq: t.uint32().default(0), // moves applied at this table, over all hands
    lastMove: LastMove,
    result: Result,
    hands: t.uint16().default(0), // hands dealt at this table
    spectators: t.uint16().default(0), // clients watching from no seat (table/spectators.ts), updated at most once a second
    handId: t.string().default(""), // the record id (a uuid) of the hand dealt last, set at the deal: GET /api/games/:id once it is over; "" before the first deal
  },
  "TableState",
);
export type TableState = SchemaType<typeof TableState>;
