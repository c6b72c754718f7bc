/**
 * The gauges of what exists now, counted when Prometheus scrapes and not kept up to date between
 * scrapes: this process's rooms by kind and their clients, its tables by mode and phase, their
 * spectators and open seeks, the players online (every process's, from presence), the database's
 * state and the hand records waiting for it. A scrape walks the rooms once (2,000 tables: well
 * under a millisecond); nothing is counted on the game's hot paths.
 */
import { Gauge } from "prom-client";
import type { RegisteredHandler, Room } from "@colyseus/core";
import { registry } from "./metrics.js";

/** What the census reads of a table's synced state (state/table-state.ts; its spectator count is at most a second old). */
export interface TableCensus {
  mode: string; // "quick" | "private" | "computer"
  phase: string; // "waiting" | "choosing" | "playing" | "over"
  spectators: number;
}

/** A room as the census reads it. */
type CountedRoom = Pick<Room, "roomName" | "roomId" | "clients"> & { metadata?: unknown; state?: unknown };

/** A table room's census (null for another kind of room). */
function tableCensus(room: CountedRoom): TableCensus | null {
  return room.roomName === "table" && room.state ? (room.state as TableCensus) : null;
}

/** Where the scrape-time gauges read from: set by the running server, cleared when it closes. */
export interface CensusSources {
  database: () => string; // "up" | "down" | "connecting"
  queuedRecords: () => number; // hand records waiting for the database
  onlinePlayers: () => Promise<number>; // players with a page connected, every process's
  openSeeks: (rooms: { roomId: string; metadata: unknown }[]) => number; // the lobby's seeks among these rooms (lobby/open-seeks.ts)
}

const rooms = new Set<CountedRoom>();
let sources: CensusSources | null = null;

/** Counts the rooms `handler` creates, from their creation to their disposal. */
export function countRooms(handler: RegisteredHandler): void {
  handler.on("create", (room: CountedRoom) => rooms.add(room));
  handler.on("dispose", (room: CountedRoom) => rooms.delete(room));
}

/** The running server's sources (null: none, as after it closed). */
export function setCensusSources(next: CensusSources | null): void {
  sources = next;
}

new Gauge({
  name: "yourtrumps_rooms",
  help: "Rooms open in this process, by kind",
  labelNames: ["kind"] as const, // "table" | "live" | "presence"
  registers: [registry],
  collect() {
    this.reset();
    for (const room of rooms) this.inc({ kind: room.roomName });
  },
});

new Gauge({
  name: "yourtrumps_clients",
  help: "Clients connected to this process's rooms, by room kind",
  labelNames: ["kind"] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const room of rooms) this.inc({ kind: room.roomName }, room.clients.length);
  },
});

new Gauge({
  name: "yourtrumps_tables",
  help: "Tables open in this process, by mode and phase",
  labelNames: ["mode", "phase"] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const room of rooms) {
      const table = tableCensus(room);
      if (table) this.inc({ mode: table.mode, phase: table.phase });
    }
  },
});

new Gauge({
  name: "yourtrumps_spectators",
  help: "Spectators watching this process's tables",
  registers: [registry],
  collect() {
    let watching = 0;
    for (const room of rooms) watching += tableCensus(room)?.spectators ?? 0;
    this.set(watching);
  },
});

new Gauge({
  name: "yourtrumps_open_seeks",
  help: "Quick-match tables of this process with a person waiting for an opponent",
  registers: [registry],
  collect() {
    const listed = [...rooms].map((room) => ({ roomId: room.roomId, metadata: room.metadata }));
    this.set(sources?.openSeeks(listed) ?? 0);
  },
});

new Gauge({
  name: "yourtrumps_players_online",
  help: "Players with a page connected, across every process sharing presence",
  registers: [registry],
  async collect() {
    this.set(sources ? await sources.onlinePlayers().catch(() => 0) : 0);
  },
});

new Gauge({
  name: "yourtrumps_database_up",
  help: "1 while the database answers, 0 while it is down or being connected to",
  registers: [registry],
  collect() {
    this.set(sources?.database() === "up" ? 1 : 0);
  },
});

new Gauge({
  name: "yourtrumps_records_queued",
  help: "Hand records waiting to be written to the database",
  registers: [registry],
  collect() {
    this.set(sources?.queuedRecords() ?? 0);
  },
});
