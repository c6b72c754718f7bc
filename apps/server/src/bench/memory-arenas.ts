/**
 * An arena store in memory, for the arena benchmark and the director's tests: the same answers
 * as storage/arenas.ts (a result applied once, each player's line worked out again from their
 * finished pairings by the arena's sheet), without a database, so the figures are the
 * director's own.
 */
import { randomUUID } from "node:crypto";
import type { ArenaPlayerRecord, ArenaRecord, ArenaStore, PairingRecord, PairingResult } from "../storage/arenas.js";
import { sheetOf, type HandOutcome } from "../arena-rules/sheet.js";
import { performanceOfHand } from "../arena-rules/standings.js";

/** A rated duel arena of `minutes` from `startsAt`, berserk and streaks on, open to everyone, not yet over. */
export function memoryArena(o: { id: string; name: string; startsAt: number; minutes: number }): ArenaRecord {
  return {
    ...o,
    endsAt: o.startsAt + o.minutes * 60_000,
    rated: true,
    turnSeconds: 30,
    berserk: true,
    streaks: true,
    minRatedHands: 0,
    maxRating: null,
    createdBy: null,
    scheduleKey: null,
    podiumAt: null,
  };
}

interface Finished {
  pairing: PairingRecord;
  result: PairingResult;
}

export class MemoryArenas implements ArenaStore {
  readonly lines = new Map<string, ArenaPlayerRecord>();
  readonly pairingsById = new Map<string, PairingRecord>();
  readonly #finishedOf = new Map<string, Finished[]>();
  readonly #results = new Map<string, PairingResult>();

  constructor(
    readonly arena: ArenaRecord,
    private readonly now: () => number,
  ) {}

  add(playerId: string, name: string, rating: number): void {
    this.lines.set(playerId, {
      playerId,
      name,
      rating,
      score: 0,
      hands: 0,
      wins: 0,
      berserks: 0,
      fire: false,
      performanceSum: 0,
      reachedAt: 0,
      paused: false,
      pauses: 0,
      pausedAt: null,
      joinedAt: this.now(),
    });
  }

  create = (): Promise<string> => Promise.reject(new Error("not in the benchmark"));
  ensureScheduled = (): Promise<void> => Promise.resolve();
  get = (): Promise<ArenaRecord> => Promise.resolve(this.arena);
  list = (): Promise<ArenaRecord[]> => Promise.resolve([this.arena]);
  claim = (): Promise<ArenaRecord[]> => Promise.resolve([]);
  renew = (_owner: string, ids: readonly string[]): Promise<string[]> => Promise.resolve([...ids]);
  release = (): Promise<void> => Promise.resolve();
  players = (): Promise<ArenaPlayerRecord[]> => Promise.resolve([...this.lines.values()]);
  player = (_arenaId: string, playerId: string): Promise<ArenaPlayerRecord | null> =>
    Promise.resolve(this.lines.get(playerId) ?? null);
  join = (): Promise<boolean> => Promise.resolve(false);
  setPaused = (
    _a: string,
    playerId: string,
    paused: boolean,
    pauses: number,
    pausedAt: number | null,
  ): Promise<void> => {
    const line = this.lines.get(playerId);
    if (line) this.lines.set(playerId, { ...line, paused, pauses, pausedAt });
    return Promise.resolve();
  };
  addPairings = (arenaId: string, pairs: { players: [string, string]; ratings: [number, number] }[]) =>
    Promise.resolve(
      pairs.map((p) => {
        const pairing: PairingRecord = {
          id: randomUUID(),
          arenaId,
          players: p.players,
          ratings: p.ratings,
          roomId: null,
          createdAt: this.now(),
          finished: false,
        };
        this.pairingsById.set(pairing.id, pairing);
        return pairing;
      }),
    );
  setRoom = (pairingId: string, roomId: string): Promise<void> => {
    const p = this.pairingsById.get(pairingId);
    if (p) p.roomId = roomId;
    return Promise.resolve();
  };
  pairings = (): Promise<PairingRecord[]> => Promise.resolve([...this.pairingsById.values()]);
  pairing = (id: string): Promise<PairingRecord | null> => Promise.resolve(this.pairingsById.get(id) ?? null);
  publishPodium = (): Promise<boolean> => Promise.resolve(true);
  ofPlayer = () => Promise.resolve([]);

  applyResult = (pairingId: string, result: PairingResult, streaks: boolean): Promise<ArenaPlayerRecord[] | null> => {
    const p = this.pairingsById.get(pairingId);
    if (!p || this.#results.has(pairingId)) return Promise.resolve(null);
    this.#results.set(pairingId, result);
    p.finished = true;
    if (result.void) return Promise.resolve([]);
    const lines: ArenaPlayerRecord[] = [];
    for (const id of p.players) {
      const finished = [...(this.#finishedOf.get(id) ?? []), { pairing: p, result }];
      this.#finishedOf.set(id, finished);
      const outcomes: HandOutcome[] = [];
      let performanceSum = 0;
      let wins = 0;
      for (const f of finished) {
        const seat = f.pairing.players[0] === id ? 0 : 1;
        const res = f.result.winner === null ? "draw" : f.result.winner === seat ? "win" : "loss";
        outcomes.push({
          result: res,
          quickDraw: f.result.quickDraw,
          berserk: f.result.berserk[seat],
          ownMoves: f.result.moves[seat],
        });
        performanceSum += performanceOfHand(f.pairing.ratings[1 - seat]!, res);
        if (res === "win") wins++;
      }
      const sheet = sheetOf(outcomes, streaks);
      const old = this.lines.get(id)!;
      const line = {
        ...old,
        score: sheet.total,
        hands: finished.length,
        wins,
        fire: sheet.fire,
        performanceSum,
        reachedAt: sheet.total === old.score ? old.reachedAt : this.now(),
      };
      this.lines.set(id, line);
      lines.push(line);
    }
    return Promise.resolve(lines);
  };
}
