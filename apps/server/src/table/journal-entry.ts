/**
 * What a table with a person at it keeps in the journal (durability/table-journal.ts) as it
 * changes: its snapshot — seats, phase, the hand's setup, the facts of table-settings.ts —
 * and the SHA-256 of each person's latest reconnection token, so a restart can give each
 * seat back to its person and nobody else. A table of computers alone keeps nothing.
 */
import type { Client } from "@colyseus/core";
import type { TableJournal } from "../durability/table-journal.js";
import { snapshotOfTable } from "../durability/table-keeping.js";
import { tokenSha256 } from "../durability/returning-seats.js";
import { snapshotJson } from "../durability/table-snapshot.js";
import type { TableState } from "../state/table-state.js";
import type { HandInPlay } from "./hand-in-play.js";
import { humanSeats } from "./seating.js";
import type { TableFacts } from "./table-settings.js";

export interface JournalEntryParts {
  roomId: () => string;
  state: TableState;
  facts: TableFacts;
  journal: TableJournal;
  hand: () => HandInPlay;
}

export class JournalEntry {
  readonly tokens = new Map<string, string>(); // sessionId → SHA-256 of its latest reconnection token

  constructor(private readonly parts: JournalEntryParts) {}

  /** The table's record changed (seats, phase, a deal): it goes into the next commit, if a person sits here. */
  keep(): void {
    const { state, journal, facts } = this.parts;
    if (humanSeats(state).length === 0) return;
    journal.save(this.parts.roomId(), () => {
      const hand = this.parts.hand();
      const snapshot = snapshotOfTable(state, {
        turnMs: facts.turnMs,
        nextDealer: hand.nextDealer,
        createdAt: facts.createdAt,
        allowWatching: facts.allowWatching,
        startedAt: facts.startedAt,
        hand: hand.snapshot(),
        arena: facts.arena ?? null,
        tokenOf: (id) => this.tokens.get(id) ?? "",
      });
      return { snapshot: snapshotJson(snapshot), handId: hand.snapshot()?.id ?? null };
    });
  }

  /** Keeps the client's reconnection token (hashed) with the table, and waits until that is committed. */
  async keepToken(client: Client): Promise<void> {
    this.tokens.set(client.sessionId, tokenSha256(client.reconnectionToken));
    this.keep();
    await this.parts.journal.committed();
  }

  /**
   * Waits until everything this table wrote is committed. Once onJoin or onReconnect
   * returns, Colyseus sends the joining client the whole state as it is then, and that must
   * hold no move a crash could take back — as no patch does (patch-scheduler.ts). A move
   * made while the join waited is waited for too; when the database is down the wait ends
   * after the journal's `maxWaitMs`, as a patch's does.
   */
  async committed(): Promise<void> {
    const { journal } = this.parts;
    const roomId = this.parts.roomId();
    for (let last = journal.lastWriteOf(roomId); !journal.isCommitted(last); last = journal.lastWriteOf(roomId)) {
      if (!(await journal.committed(last))) return;
    }
  }

  /** This table's changes are all committed (its patch may go out). */
  isCommitted(): boolean {
    const { journal } = this.parts;
    return journal.isCommitted(journal.lastWriteOf(this.parts.roomId()));
  }
}
