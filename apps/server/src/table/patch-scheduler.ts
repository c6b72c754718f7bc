/**
 * When a table's changes go out: once per turn of the event loop, and only after the
 * journal has committed what they record.
 *
 * A turn-based table changes a few times a minute, so it patches on change rather than
 * on Colyseus' 20-a-second clock. But a change is rarely alone: a move lands, the next
 * seat's clock starts, a computer seat's search is asked for, all in one message, and
 * under load one turn of the loop reads many messages for many tables. Encoding and
 * sending after every one of them cost the tail of move → patch: here every table that
 * changed in a turn is patched once, at the end of it (setImmediate), from one timer for
 * the whole process.
 *
 * With a journal (tables that survive a restart), the patch also waits for the commit
 * of everything its table wrote: a client must never see a move that a crash could take
 * back. A table that wrote again meanwhile waits for that later commit too. When the
 * database is down the journal stops holding patches back after its `maxWaitMs`.
 */
import type { TableJournal } from "../durability/table-journal.js";

/** A table as the scheduler sees it. */
export interface PatchedTable {
  readonly roomId: string;
  sendPatch(): void; // encodes and sends what changed (nothing when nothing did)
}

export class PatchScheduler {
  #dirty = new Set<PatchedTable>();
  #scheduled = false;

  constructor(private readonly journal: TableJournal | null) {}

  /** `table` changed: it is patched at the end of this turn of the loop (after its writes commit). */
  mark(table: PatchedTable): void {
    this.#dirty.add(table);
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => this.#run());
  }

  /** Sends `table`'s patch now, whatever is pending (a table closing under its players). */
  now(table: PatchedTable): void {
    this.#dirty.delete(table);
    table.sendPatch();
  }

  #run(): void {
    this.#scheduled = false;
    const tables = [...this.#dirty];
    this.#dirty.clear();
    const journal = this.journal;
    if (!journal) {
      for (const t of tables) t.sendPatch();
      return;
    }
    const upTo = journal.seq;
    const waiting: PatchedTable[] = [];
    for (const t of tables) {
      if (journal.isCommitted(journal.lastWriteOf(t.roomId))) t.sendPatch();
      else waiting.push(t);
    }
    if (waiting.length === 0) return;
    void journal.committed(upTo).then((inTime) => {
      for (const t of waiting) {
        // Wrote again after `upTo`: that write's own round sends it (the table was marked again).
        if (inTime && !journal.isCommitted(journal.lastWriteOf(t.roomId))) continue;
        t.sendPatch();
      }
    });
  }
}
