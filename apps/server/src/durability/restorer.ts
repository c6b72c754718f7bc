/**
 * Tables across restarts and processes. At start, before the server takes
 * connections, it claims the tables on record that nobody plays (its own from before a
 * crash, those another process handed over, those whose owner's lease ran out) and
 * restores each as a room with its old id (table/table-room.ts `restoreTable`). While it
 * runs it renews its leases, and looks for tables to take over every CLAIM_EVERY (2 s): a
 * process that shut down has released its tables, so another takes them within that; a
 * crashed one's are found when their lease lapses. (The shutting-down process cannot say
 * so on the presence channel: Colyseus closes it before the tables are let go.)
 *
 * Exactly one process restores a table: claiming is one update with `skip locked` in
 * the database (storage/live-tables.ts), not a race of timers.
 */
import { matchMaker } from "@colyseus/core";
import type { ClaimedTable, LiveTables } from "../storage/index.js";
import type { TableJournal } from "./table-journal.js";
import type { Logger } from "../logging/logger.js";
import { retryDelay } from "../database/retry-delay.js";

export interface RestorerOptions {
  live: LiveTables;
  journal: TableJournal;
  owner: string; // this process instance's name (stable across its restarts)
  leaseMs: number;
  claimEveryMs: number; // how often it looks for tables nobody plays
  roomName: string;
  restoreOption: string; // the create option the room restores from
  restores: Map<string, ClaimedTable>; // where a claimed table waits for its room's onCreate
  log: Logger;
}

export interface RestoreStatus {
  state: "pending" | "done"; // done: the tables on record at start are back (or the database never answered yet: pending)
  restored: number; // tables this process restored since it started
  failed: number; // tables whose room could not be made
}

const PAGE = 500;

export class Restorer {
  #status: RestoreStatus = { state: "pending", restored: 0, failed: 0 };
  #renewTimer: ReturnType<typeof setInterval> | undefined;
  #claimTimer: ReturnType<typeof setInterval> | undefined;
  #claiming: Promise<number> | null = null;
  #stopped = false;

  constructor(private readonly o: RestorerOptions) {}

  status(): RestoreStatus {
    return { ...this.#status };
  }

  /** Restores every table this process may play; resolves with how many (rejects when the database does not answer). */
  async restoreAll(): Promise<number> {
    const n = await this.#claimAll(true);
    this.#status.state = "done";
    return n;
  }

  /** From now on: leases renewed, and tables nobody plays taken over (announced or found). */
  start(): void {
    const { live, owner, leaseMs, claimEveryMs, log } = this.o;
    this.#renewTimer = setInterval(
      () => {
        live
          .renew(owner, leaseMs)
          .catch((e: unknown) => log.warn(`tables' leases not renewed: ${e instanceof Error ? e.message : String(e)}`));
      },
      Math.max(100, Math.floor(leaseMs / 3)),
    );
    this.#claimTimer = setInterval(() => void this.takeOver(), claimEveryMs);
    this.#renewTimer.unref();
    this.#claimTimer.unref();
  }

  /** Claims and restores tables nobody plays now (never this process's own). */
  takeOver(): Promise<number> {
    if (this.#stopped) return Promise.resolve(0);
    return (this.#claiming ??= this.#claimAll(false)
      .catch((e: unknown) => {
        this.o.log.warn(`tables not taken over: ${e instanceof Error ? e.message : String(e)}`);
        return 0;
      })
      .finally(() => (this.#claiming = null)));
  }

  /**
   * The process is shutting down and its rooms are closed: what they wrote is committed,
   * and their records are let go, for the next start or another process to claim at once.
   */
  async handOver(): Promise<number> {
    this.stop();
    await this.#claiming;
    await this.o.journal.flush();
    return this.o.live.release(this.o.owner);
  }

  /** Claims nothing more (the process is shutting down); its presence channel is left while it is still open. */
  stop(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    clearInterval(this.#renewTimer);
    clearInterval(this.#claimTimer);
  }

  async #claimAll(includeOwn: boolean): Promise<number> {
    let total = 0;
    let after = ""; // the rows claimed are this process's own now: the next page starts after them
    for (;;) {
      if (this.#stopped) break;
      const claimed = await this.o.live.claim(this.o.owner, this.o.leaseMs, PAGE, includeOwn, after);
      for (const table of claimed) if (await this.#restore(table)) total++;
      if (claimed.length < PAGE) break;
      after = claimed.at(-1)!.roomId;
    }
    if (!includeOwn && total > 0) this.o.log.info(`took over ${total} tables nobody played`);
    return total;
  }

  async #restore(table: ClaimedTable): Promise<boolean> {
    const { roomName, restoreOption, restores, log } = this.o;
    const roomId = table.roomId;
    if (matchMaker.getLocalRoomById(roomId)) return false; // playing here already
    try {
      // A crashed process's listing outlives it: the record's lease says the table is ours now.
      const stale = await matchMaker.driver.findOne({ roomId });
      if (stale) await matchMaker.driver.remove(roomId);
      restores.set(roomId, table);
      const s = table.snapshot as { mode?: unknown; players?: unknown; code?: unknown };
      await matchMaker.handleCreateRoom(
        roomName,
        {
          mode: s.mode,
          players: s.players,
          ...(typeof s.code === "string" && s.code !== "" ? { code: s.code } : {}),
          [restoreOption]: roomId,
        },
        undefined,
        roomId,
      );
      this.#status.restored++;
      return true;
    } catch (e) {
      restores.delete(roomId);
      this.#status.failed++;
      log.error({ roomId, err: e }, "the table could not be restored");
      this.o.journal.drop(roomId); // claimed again, it would fail again, every few seconds
      return false;
    }
  }
}

/** The database did not answer at start: the restore is tried again until it does. */
export async function restoreWhenUp(restorer: Restorer, log: Logger, firstWaitMs = 500): Promise<void> {
  for (let failures = 0; ; failures++) {
    await new Promise((resolve) =>
      setTimeout(resolve, failures === 0 ? firstWaitMs : retryDelay(failures, 1000, 5000)),
    );
    try {
      const n = await restorer.restoreAll();
      log.info(`restored ${n} tables once the database answered`);
      return;
    } catch {
      // still down
    }
  }
}
