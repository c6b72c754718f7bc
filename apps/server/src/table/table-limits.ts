/**
 * How many computer tables may be open at once: in all (the number the search workers
 * were measured to serve in time), per client address and per player. Every computer
 * move is a search on workers all tables share, so tables nobody limits are a way for one
 * client to slow every other table down.
 *
 * A join is counted in the matchmaker (onAuth), before its table exists: many joins sent
 * at once must not all pass a check that only counts tables already made. The hold it
 * takes there is claimed by the table it creates (onCreate) and released when that table
 * is disposed; a hold no table claims (its creation failed) lapses after HOLD_MS. The
 * counts are this process's: with several processes each enforces its own.
 */
import { randomUUID } from "node:crypto";
import { joinRefused } from "./identity.js";

/** The limits (see docs/operations.md: MAX_COMPUTER_TABLES, COMPUTER_TABLES_PER_ADDRESS, COMPUTER_TABLES_PER_PLAYER). */
export interface TableLimitSettings {
  total: number; // computer tables open at once on this server
  perAddress: number; // … joined from one client address
  perPlayer: number; // … held by one player (token)
}

/**
 * Hard computer tables one search worker serves, people moving every 3 s, with the
 * p99 wait for a computer's move under AI_DELAY_MS + 1.5 s (`node dist/bench/computer-bench.js`,
 * docs/benchmarks.md): the default of MAX_COMPUTER_TABLES per AI worker.
 */
export const COMPUTER_TABLES_PER_WORKER = 20;

/**
 * Per client address (a household or a school behind one NAT may hold a few) and per
 * player (a second tab, not a farm): the defaults of COMPUTER_TABLES_PER_ADDRESS and
 * COMPUTER_TABLES_PER_PLAYER.
 */
export const DEFAULT_TABLES_PER = { address: 4, player: 2 } as const;

/** An unclaimed hold lapses after this: creating a table takes milliseconds. */
export const HOLD_MS = 10_000;

/** The join option the matchmaker puts a hold's id in for the table's onCreate (set by the server only: join options are rebuilt from the checked ones first). */
export const HOLD_OPTION = "computerTableHold";

interface Hold {
  address: string;
  playerId: string | null;
  at: number; // Date.now() when taken
  roomId: string | null; // the table that claimed it
}

export class ComputerTableLimits {
  readonly #holds = new Map<string, Hold>(); // by hold id

  constructor(private readonly limits: TableLimitSettings) {}

  /** Takes a hold for a new computer table, or throws the join refusal (`server-busy`, `too-many-tables`). */
  hold(address: string | undefined, playerId: string | null): string {
    this.#lapse();
    const holds = [...this.#holds.values()];
    const where = address ?? "unknown";
    if (holds.length >= this.limits.total)
      throw joinRefused(
        "server-busy",
        `the server has as many computer tables as it can serve (${this.limits.total}); try again in a few minutes`,
      );
    if (holds.filter((h) => h.address === where).length >= this.limits.perAddress)
      throw joinRefused(
        "too-many-tables",
        `your address has ${this.limits.perAddress} computer tables open; leave one first`,
      );
    if (playerId !== null && holds.filter((h) => h.playerId === playerId).length >= this.limits.perPlayer)
      throw joinRefused("too-many-tables", `you have ${this.limits.perPlayer} computer tables open; leave one first`);
    const id = randomUUID();
    this.#holds.set(id, { address: where, playerId, at: Date.now(), roomId: null });
    return id;
  }

  /** The table `roomId` was created with hold `id` (unknown ids, e.g. from another process, count nothing here). */
  claim(id: unknown, roomId: string): void {
    const hold = typeof id === "string" ? this.#holds.get(id) : undefined;
    if (hold) hold.roomId = roomId;
  }

  /** A table restored after a restart holds a place (beyond the limits if it must: it was admitted before). */
  adopt(roomId: string, playerId: string | null): void {
    this.#holds.set(`restored:${roomId}`, { address: "restored", playerId, at: Date.now(), roomId });
  }

  /** The table `roomId` is gone: its hold is free. */
  release(roomId: string): void {
    for (const [id, hold] of this.#holds) if (hold.roomId === roomId) this.#holds.delete(id);
  }

  /** Tables (and joins on their way to one) counted now. */
  get open(): number {
    this.#lapse();
    return this.#holds.size;
  }

  #lapse(): void {
    const now = Date.now();
    for (const [id, hold] of this.#holds) if (hold.roomId === null && now - hold.at > HOLD_MS) this.#holds.delete(id);
  }
}
