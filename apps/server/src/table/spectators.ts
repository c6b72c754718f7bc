/**
 * Spectators: clients at a table who hold no seat. A spectator gets no StateView, so
 * Colyseus sends it the shared fields only — never a card of any hand (only `Seat.hand`
 * is `.view()`) — and all spectators share one encoded patch, however many there are.
 * They never count toward seats, the quick fill, the table limits or ratings: the room
 * looks up seats by session id, and a spectator's is in no seat. Their game messages are
 * refused by the message gate (`spectator`).
 *
 * The count players see (`spectators` in the state and the listing) changes at most once
 * a second: a thousand spectators arriving must not become a thousand patches to everyone.
 */
import type { Client } from "@colyseus/core";
import type { Mode, Phase } from "@yourtrumps/protocol";
import { z } from "zod";
import type { TableState } from "../state/table-state.js";
import { joinRefused } from "./identity.js";

const COUNT_EVERY_MS = 1000;

const watchRequest = z.object({ watch: z.literal(true) }).passthrough();

/** Whether join options ask to watch (`{ watch: true }`); any other option is then ignored. */
export function isWatchRequest(options: unknown): boolean {
  return watchRequest.safeParse(options).success;
}

/** Why this table cannot be watched now, as the join refusal to throw; null when it can. */
export function watchRefusal(mode: Mode, phase: Phase, allowWatching: boolean): Error | null {
  if (mode === "computer") return joinRefused("watch-not-allowed", "a table against the computer cannot be watched");
  if (mode === "private" && !allowWatching)
    return joinRefused("watch-not-allowed", "the creator of this private table did not allow watching");
  if (phase === "waiting")
    return joinRefused(
      "watch-not-started",
      "this table is still waiting for its players; try again once it has started",
    );
  return null;
}

export class Spectators {
  readonly #sessions = new Set<string>();
  #countTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly state: TableState,
    private readonly counted: () => void, // the state's count changed: patch it (and the listing)
  ) {}

  get size(): number {
    return this.#sessions.size;
  }

  has(sessionId: string): boolean {
    return this.#sessions.has(sessionId);
  }

  /**
   * A spectator joins: no seat and no StateView (so the shared fields only, the same encoded
   * patch as every other spectator's); the full state Colyseus sends on joining is the
   * position now, mid-hand or not. Throws the join's refusal when the table cannot be watched.
   */
  admit(client: Client, clients: Client[], allowWatching: boolean): void {
    const refusal = watchRefusal(this.state.mode, this.state.phase, allowWatching);
    if (refusal) throw refusal;
    this.#sessions.add(client.sessionId);
    this.#countSoon();
    // Colyseus sends a patch to the room's clients from the last to the first
    // (SchemaSerializer.applyPatches): a spectator goes to the front of the list, so the
    // players' frames leave before a thousand spectators' and watching costs them nothing.
    clients.splice(clients.indexOf(client), 1);
    clients.unshift(client);
  }

  /** Whether `sessionId` was a spectator (and is no more). */
  remove(sessionId: string): boolean {
    if (!this.#sessions.delete(sessionId)) return false;
    this.#countSoon();
    return true;
  }

  stop(): void {
    clearTimeout(this.#countTimer);
  }

  #countSoon(): void {
    if (this.#countTimer !== undefined) return;
    this.#countTimer = setTimeout(() => {
      this.#countTimer = undefined;
      if (this.state.spectators === this.#sessions.size) return;
      this.state.spectators = this.#sessions.size;
      this.counted();
    }, COUNT_EVERY_MS);
    this.#countTimer.unref();
  }
}
