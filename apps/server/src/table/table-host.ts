/**
 * The table room as the two ways a table comes to be see it: made from join options
 * (table-create.ts) or from its record after a restart (table-restore.ts).
 */
import type { TableState } from "../state/table-state.js";
import type { JournalEntry } from "./journal-entry.js";
import type { TableParts } from "./table-parts.js";
import type { TableReturn } from "./table-return.js";
import type { TableFacts, TableSettings } from "./table-settings.js";

/** What making a table (table-create.ts) or restoring one (table-restore.ts) needs of the table room. */
export interface TableHost {
  roomId: string;
  roomName: string;
  state: TableState;
  settings: TableSettings;
  facts: TableFacts;
  entry: JournalEntry;
  back: TableReturn;
  setUp: (turnMs: number) => TableParts; // the part of onCreate a new table does too
  limitClients: (max: number) => void;
  makePrivate: () => Promise<void>; // never offered to anyone else
  unlist: () => Promise<void>; // found by its code only
  expireAfter: (ms: number, message: string) => void; // a private table still waiting closes then, "expired"
  stopClock: () => void;
  listed: () => void; // the listing as it is now is the room's metadata
  decideNoShowsAfter: (ms: number) => void; // an arena's table: a player not come by then loses the hand
  patched: () => void;
}
