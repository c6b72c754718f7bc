/**
 * The synced state of the lobby's `live` room (lobby/live-room.ts): the live list as
 * `GET /api/live` answers it (@yourtrumps/protocol's live.ts), which Colyseus patches to
 * every lobby client at most once a second, one encoded patch for all.
 */
import { schema, t, type SchemaType } from "@colyseus/schema";
import type { Mode, PlayerCount } from "@yourtrumps/protocol";

export const LiveSeatState = schema(
  {
    name: t.string().default(""),
    playerId: t.string().default(""), // "" for anonymous and computer seats
    rating: t.uint16().default(0), // 0 = none
    computer: t.boolean().default(false),
  },
  "LiveSeatState",
);
export type LiveSeatState = SchemaType<typeof LiveSeatState>;

export const LiveTableState = schema(
  {
    roomId: t.string().default(""), // watch it: `joinById(roomId, { watch: true })`
    mode: t.string<Mode>().default("quick"), // "quick"
    players: t.uint8<PlayerCount>().default(2), // 2, 3 or 4
    seats: t.array(LiveSeatState),
    spectators: t.uint16().default(0),
    startedAt: t.float64().default(0), // epoch ms
  },
  "LiveTableState",
);
export type LiveTableState = SchemaType<typeof LiveTableState>;

export const LiveState = schema(
  {
    online: t.uint32().default(0), // clients connected, every process counted
    tables: t.array(LiveTableState), // at most LIVE_TABLES_MAX, best rated first
    tv: t.string().default(""), // TV's room id; "" when nothing is being played
  },
  "LiveState",
);
export type LiveState = SchemaType<typeof LiveState>;
