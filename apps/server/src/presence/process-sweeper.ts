/**
 * Takes back what a dead process left in the shared presence. A process that crashes (or is
 * SIGKILLed, or loses its machine) never runs its onLeave hooks: its pages' online counts, its
 * tables' playing marks and its rooms in Colyseus' listing — the open seeks — would stay forever.
 *
 * A live process holds its Colyseus IPC channel `p:<processId>` subscribed in Redis; a dead one's
 * connection is gone, and its channel with it. Every `everyMs` each process lists the channels:
 * a process that wrote presence (process-keys.ts) and has had no channel at two sweeps in a row (a
 * reconnecting connection is not a death) is released — claimed by removing it from the set of
 * writers, which one sweeper alone succeeds at, then its counts are subtracted and its marks
 * deleted. Colyseus' own health check (`healthCheckAllProcesses`: the channel missing, an IPC ping
 * unanswered) drops the dead process's rooms from the listing, and with them its seeks. With
 * `everyMs` 5 s a dead process's traces are gone 5–15 s after it died.
 */
import { matchMaker, type Presence } from "@colyseus/core";
import type { Logger } from "../logging/logger.js";
import { presenceChanges } from "../metrics/metrics.js";
import { ONLINE_KEY } from "./online-players.js";
import { PLAYING_KEY } from "./playing-players.js";
import { WRITERS_KEY, onlineOf, playingOf } from "./process-keys.js";

export const SWEEP_EVERY_MS = 5000;

export class ProcessSweeper {
  #suspects = new Set<string>(); // processes without a channel at the last sweep
  #timer: ReturnType<typeof setInterval> | undefined;
  #running: Promise<void> | null = null;

  constructor(
    private readonly presence: Presence,
    private readonly ownId: string,
    private readonly log: Logger,
    private readonly everyMs = SWEEP_EVERY_MS,
  ) {}

  start(): void {
    this.#timer = setInterval(() => {
      this.#running ??= this.sweep()
        .catch((e: unknown) => this.log.warn({ err: e }, "presence sweep failed"))
        .finally(() => (this.#running = null));
    }, this.everyMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#running;
  }

  /** One sweep: the dead processes' rooms out of the listing, and their presence taken back. */
  async sweep(): Promise<void> {
    await matchMaker.healthCheckAllProcesses();
    const alive = new Set((await this.presence.channels("p:*")).map((channel) => channel.slice(2)));
    const writers = await this.presence.smembers(WRITERS_KEY);
    const suspects = new Set<string>();
    for (const id of writers) {
      if (id === this.ownId || alive.has(id)) continue;
      if (!this.#suspects.has(id)) suspects.add(id);
      else if ((await this.presence.srem(WRITERS_KEY, id)) === 1) await this.release(id);
    }
    this.#suspects = suspects;
  }

  /** Subtracts a dead process's pages from the online counts and deletes its tables' playing marks. */
  private async release(processId: string): Promise<void> {
    const pages = await this.presence.hgetall(onlineOf(processId));
    for (const [playerId, count] of Object.entries(pages)) {
      const left = await this.presence.hincrby(ONLINE_KEY, playerId, -Number(count));
      if (left <= 0) await this.presence.hdel(ONLINE_KEY, playerId);
      presenceChanges.inc({ event: "expired" }, Number(count));
    }
    const marks = await this.presence.hgetall(playingOf(processId));
    for (const [playerId, roomId] of Object.entries(marks))
      if ((await this.presence.hget(PLAYING_KEY, playerId)) === roomId) await this.presence.hdel(PLAYING_KEY, playerId);
    this.presence.del(onlineOf(processId));
    this.presence.del(playingOf(processId));
    this.log.info(
      { processId, pages: Object.keys(pages).length, marks: Object.keys(marks).length },
      "took back the presence of a process that died",
    );
  }
}
