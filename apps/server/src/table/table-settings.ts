/**
 * What every table of a process shares (from the environment or `startServer`'s options),
 * and the option that makes a table from its record instead of from join options.
 */
import type { TableJournal } from "../durability/table-journal.js";
import type { ClaimedTable } from "../storage/index.js";
import type { ComputerPlayers } from "./computer.js";
import type { PatchScheduler } from "./patch-scheduler.js";
import type { ComputerTableLimits } from "./table-limits.js";
import type { TableStorage } from "./table-storage.js";
import type { Logger } from "../logging/logger.js";
import type { ArenaTable } from "../arena-rules/table-config.js";

/** Server-wide settings every table shares (from env or `startServer` options). */
export interface TableSettings {
  fillAfterMs: number; // quick match: empty seats go to computer players after this
  offerMs: number; // quick match, meanwhile: how long the holders have to take a table someone sat down at (quick-fill.ts)
  reconnectSeconds: number; // a dropped player's seat is held this long
  turnMs: number; // per-move clock at human tables (and for picking trumps) unless a private table sets its own; 0 = none
  aiDelayMs: number; // human-like pause before a computer move
  aiThinkMs: number; // a computer move's search ends by this long after the pause, however busy the workers are
  computerTables: ComputerTableLimits; // how many computer tables may be open (in all, per address, per player)
  hintMs: number; // analysis time for a hint
  ai: ComputerPlayers;
  storage: TableStorage;
  recordWaitMs?: number; // a rematch waits this long for the last hand's commit, then deals with the record still queued; default 3000
  messagesPerSecond: number; // per seat, sustained; bursts of twice that pass
  seatReservationSeconds: number; // a seat reserved by the matchmaker is free again if its client has not connected by then
  privateWaitMs: number; // a private table still waiting for its players after this is closed ("expired")
  patches: PatchScheduler; // when each table's changes go out (once a turn, after their commit)
  journal: TableJournal; // where tables with a person at them keep their state as it changes
  restores: Map<string, ClaimedTable>; // tables claimed from the database, each taken by its onCreate (durability/restorer.ts)
  graceMs: number; // after a restore, a person's clock gets this on top of the time they had left
  log: Logger;
}

/** The create option that makes a table from its record (set by the restorer only: join options are rebuilt from the checked ones first). */
export const RESTORE_OPTION = "restoreTable";

/**
 * What a table knows of itself beyond its schema state: kept in its record with the state
 * (table-keeping.ts) and read back when it is restored.
 */
export interface TableFacts {
  createdAt: number; // epoch ms
  startedAt: number; // epoch ms the first hand was set up; 0 before
  allowWatching: boolean; // a private table's creator let others watch (quick tables always may be watched)
  turnMs: number; // the turn clock of this table; 0 = none
  arena?: ArenaTable | null; // an arena's table: its pairing and the seats' berserk and moves (arena/table-config.ts)
}
