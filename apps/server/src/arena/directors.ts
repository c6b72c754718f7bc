/**
 * The arenas this process directs. Every CLAIM_EVERY_MS it extends its leases, stops
 * directing an arena whose lease went elsewhere (this process was presumed dead), and claims
 * the arenas due within a minute that nobody directs — never started, released by a process
 * that shut down, or left by one that crashed (its lease ran out: another process, or this
 * one started again, directs within the lease and a claim's interval). With ARENA_SCHEDULE
 * on it also makes sure the server's own arenas exist (schedule.ts), which every process
 * may do at once. The lease is the arena row's, as a restored table's is its row's
 * (durability/restorer.ts, storage/live-tables.ts).
 */
import type { ArenaStore } from "../storage/arenas.js";
import { ArenaDirector, type DirectorParts } from "./director.js";
import { scheduledArenas } from "./schedule.js";
import { arenasDirected } from "../metrics/metrics.js";

/** Arenas starting within this are claimed already, so their director is ready at the start. */
const HORIZON_MS = 60_000;
/** The server's own arenas are made sure of this often. */
const SCHEDULE_EVERY_MS = 60_000;

export interface DirectorsOptions extends Omit<DirectorParts, "arenas"> {
  arenas: ArenaStore;
  owner: string; // this process's instance name
  leaseMs: number; // an arena's director is presumed dead this long after its last renewal
  claimEveryMs: number;
  schedule: boolean; // ARENA_SCHEDULE: make the hourly and daily arenas
  turnSeconds: number; // the scheduled arenas' turn clock
}

export class ArenaDirectors {
  readonly #directing = new Map<string, ArenaDirector>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #lastSchedule = 0;
  #stopped = false;
  #round: Promise<void> = Promise.resolve();

  constructor(private readonly o: DirectorsOptions) {}

  /** Starts claiming (the first round at once). */
  start(): void {
    this.#stopped = false;
    this.#tick();
  }

  /** The director of `arenaId`, if this process directs it. */
  director(arenaId: string): ArenaDirector | undefined {
    return this.#directing.get(arenaId);
  }

  /** Claims and renews now (a new arena starting now need not wait for the next round). */
  async round(): Promise<void> {
    this.#round = this.#round.then(() => this.#claimRound()).catch((e: unknown) => this.#failed(e));
    return this.#round;
  }

  /** Stops directing; `release`: lets go of the leases at once (a graceful shutdown), so another process takes over now. */
  async stop(release: boolean): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#round;
    for (const director of this.#directing.values()) director.stop();
    this.#directing.clear();
    arenasDirected.set(this.#directing.size);
    if (release) await this.o.arenas.release(this.o.owner);
  }

  #tick(): void {
    if (this.#stopped) return;
    void this.round().finally(() => {
      if (!this.#stopped) this.#timer = setTimeout(() => this.#tick(), this.o.claimEveryMs);
    });
  }

  async #claimRound(): Promise<void> {
    if (this.#stopped) return;
    const { arenas, owner, leaseMs, now } = this.o;
    if (this.o.schedule && now() - this.#lastSchedule >= SCHEDULE_EVERY_MS) {
      for (const arena of scheduledArenas(now(), this.o.turnSeconds)) await arenas.ensureScheduled(arena);
      this.#lastSchedule = now();
    }
    const held = new Set(await arenas.renew(owner, [...this.#directing.keys()], leaseMs));
    for (const [id, director] of this.#directing)
      if (!held.has(id) || director.finished) {
        director.stop();
        this.#directing.delete(id);
        arenasDirected.set(this.#directing.size);
      }
    for (const arena of await arenas.claim(owner, leaseMs, HORIZON_MS)) {
      if (this.#directing.has(arena.id) || this.#stopped) continue;
      const director = new ArenaDirector(arena, this.o);
      this.#directing.set(arena.id, director);
      arenasDirected.set(this.#directing.size);
      try {
        await director.start();
      } catch (e) {
        director.stop();
        this.#directing.delete(arena.id);
        arenasDirected.set(this.#directing.size);
        throw e;
      }
    }
  }

  #failed(e: unknown): void {
    this.o.log.warn({ err: e }, "arenas: a claiming round failed");
  }
}
