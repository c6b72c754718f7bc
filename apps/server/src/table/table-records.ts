/**
 * A table's finished hands on their way to the database. Each record goes to the
 * server's RecordWriter, which commits it in the background and keeps it queued while
 * the database is down. The rematch waits for the commit — a hand is on record before
 * the next one is dealt — but only for `waitMs`: when the database is down, play goes
 * on and the record stays queued until it is back (or the writer gives up on it).
 *
 * Once a rated hand is committed, its rated seats show their new ratings
 * (`ratingAfter`), and the next deal shows them as the seats' ratings.
 */
import type { HandRecord } from "../storage/index.js";
import type { TableState } from "../state/table-state.js";
import type { ShownRating } from "./identity.js";
import type { TableStorage } from "./table-storage.js";
import { seatOfPlayer, showRating } from "./seating.js";
import type { TurnClock } from "./turn-clock.js";
import type { Logger } from "../logging/logger.js";

/** What the records work with. */
export interface TableRecordsParts {
  state: TableState;
  storage: TableStorage;
  clock: TurnClock;
  waitMs: number; // how long a rematch waits for the last hand's commit
  broadcastPatch: () => void;
  log: Logger;
}

export class TableRecords {
  #next: Map<string, ShownRating> | undefined; // player id → the rating to show from the next deal on (made at the first rated commit)

  constructor(private readonly parts: TableRecordsParts) {}

  /**
   * Queues `record`. Resolves once it is committed and the new ratings are shown, or
   * after `waitMs` with the record still queued; never rejects. (Once the table is
   * disposed the wait never ends, which is what a rematch there should do.)
   */
  keep(record: HandRecord): Promise<void> {
    const { storage, clock, waitMs, log } = this.parts;
    let settled = false;
    const committed = storage.writer.enqueue(record).then(async (outcome) => {
      if (!outcome.ok) return log.warn({ handId: record.id, err: outcome.error }, "hand not recorded");
      await this.showNewRatings(record).catch((e: unknown) =>
        log.warn({ handId: record.id, err: e }, "new ratings not shown"),
      );
    });
    const waited = clock.pause(waitMs).then(() => {
      if (!settled)
        log.warn({ handId: record.id }, `not committed within ${waitMs} ms, play goes on and the record stays queued`);
    });
    return Promise.race([committed, waited]).finally(() => (settled = true));
  }

  /** A new hand is dealt: the ratings committed since the last deal are the seats' ratings now. */
  dealt(): void {
    for (const seat of this.parts.state.seats) {
      seat.ratingAfter = 0;
      const next = this.#next?.get(seat.playerId);
      if (next !== undefined) showRating(seat, next);
    }
    this.#next = undefined;
  }

  private async showNewRatings(record: HandRecord): Promise<void> {
    const rated = record.rated;
    if (rated === null) return;
    const { state, storage } = this.parts;
    const [game, ...players] = await Promise.all([
      storage.store.getGame(record.id),
      ...rated.seats.map((s) => storage.store.getPlayer(s.playerId)),
    ]);
    const stillThisHand = state.handId === record.id;
    rated.seats.forEach((rs, i) => {
      const player = players[i];
      const index = seatOfPlayer(state, rs.playerId); // -1 for a leaver: the seat is a computer's now, nothing to show
      if (!player || index < 0) return;
      const seat = state.seats.at(index);
      const now = player.ratings[rated.kind];
      const shown = { rating: Math.round(now.rating), provisional: now.provisional };
      if (!stillThisHand) return showRating(seat, shown); // committed after the next deal: it is the rating that hand starts from
      seat.ratingAfter = Math.round(game?.seats[rs.seat]?.ratingAfter ?? now.rating);
      (this.#next ??= new Map()).set(rs.playerId, shown);
    });
    this.parts.broadcastPatch();
  }
}
