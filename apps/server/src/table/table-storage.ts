import type { RecordWriter } from "../records/record-writer.js";
import type { Store } from "../storage/index.js";

/** Where tables find players and send their hands: one store and one writer for the whole server. */
export interface TableStorage {
  store: Store; // token → player, and a player's ratings
  writer: RecordWriter; // every finished hand's record, queued while the database is down
}
