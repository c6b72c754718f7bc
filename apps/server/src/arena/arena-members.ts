/**
 * Who is in an arena, as its director knows them: present (connected to the arena room) or
 * not, waiting to be paired from a time, or at a table. Kept with two indexes — the active
 * players (present, not paused) and the waiting ones among them (at no table, with a time to
 * be paired from) — so that a pairing pass and its scheduling look at the waiting players
 * only, not at every member of a 10,000-player arena at every result.
 */
import type { PairingRecord } from "../storage/arenas.js";
import type { ReadyPlayer } from "../arena-rules/pairing.js";

export interface Member {
  present: boolean; // connected to the arena room
  readyAt: number | null; // epoch ms they may be paired from (after the next-hand pause or a rejoin delay); null = not waiting
  table: PairingRecord | null; // the pairing they are playing
}

/** What the members need of the standings: a player's line, if they have one. */
export type LineOf = (playerId: string) => { rating: number; paused: boolean } | undefined;

export class ArenaMembers {
  readonly #members = new Map<string, Member>();
  readonly #active = new Set<string>();
  readonly #waiting = new Set<string>();
  #changed = new Set<string>(); // since the last `takeChanged`

  constructor(private readonly lineOf: LineOf) {}

  /** A player's member record (made, absent and not waiting, the first time). */
  get(playerId: string): Readonly<Member> {
    let member = this.#members.get(playerId);
    if (!member) {
      member = { present: false, readyAt: null, table: null };
      this.#members.set(playerId, member);
    }
    return member;
  }

  /** Changes a member (and their place in the indexes). */
  update(playerId: string, change: Partial<Member>): Readonly<Member> {
    const member = Object.assign(this.get(playerId) as Member, change);
    this.refresh(playerId);
    this.#changed.add(playerId);
    return member;
  }

  /** Names a member as changed without a change here (their table's room is made). */
  touch(playerId: string): void {
    this.#changed.add(playerId);
  }

  /** The members changed (or touched) since the last call. */
  takeChanged(): ReadonlySet<string> {
    const changed = this.#changed;
    this.#changed = new Set();
    return changed;
  }

  /** Their line changed (paused or resumed): their place in the indexes follows. */
  refresh(playerId: string): void {
    const member = this.#members.get(playerId);
    const line = this.lineOf(playerId);
    const active = member !== undefined && line !== undefined && member.present && !line.paused;
    if (active) this.#active.add(playerId);
    else this.#active.delete(playerId);
    if (active && member.table === null && member.readyAt !== null) this.#waiting.add(playerId);
    else this.#waiting.delete(playerId);
  }

  /** The players who may be paired at `now`, and how many are active. */
  ready(now: number): { ready: ReadyPlayer[]; active: number } {
    const ready: ReadyPlayer[] = [];
    for (const id of this.#waiting) {
      const readyAt = this.#members.get(id)!.readyAt!;
      if (readyAt <= now) ready.push({ id, rating: this.lineOf(id)!.rating, rank: 0, readySince: readyAt });
    }
    return { ready, active: this.#active.size };
  }

  /**
   * What the next pass's time depends on, counted without making the ready players (it is
   * asked at every result): how many may be paired at `now`, since when the longest-waiting
   * one may be (Infinity: none), when the next one may be (null: none), how many are active.
   */
  readiness(now: number): { ready: number; oldest: number; next: number | null; active: number } {
    let ready = 0;
    let oldest = Infinity;
    let next = Infinity;
    for (const id of this.#waiting) {
      const readyAt = this.#members.get(id)!.readyAt!;
      if (readyAt <= now) {
        ready++;
        if (readyAt < oldest) oldest = readyAt;
      } else if (readyAt < next) next = readyAt;
    }
    return { ready, oldest, next: next === Infinity ? null : next, active: this.#active.size };
  }
}
