/**
 * The director of one arena, in the one process that holds its lease (directors.ts): it
 * knows who is present (connected to the arena room, wherever that is), who is paused, who
 * is at a table, and the standings; it pairs the ready players (pairing.ts) when one becomes
 * ready — at once when two thirds of the active players are, else after a short window
 * (pairing-due.ts) — makes each pair's table and sends each player their seat through the
 * room; it hears each result from the table that applied it (in the database, once), and
 * pushes the standings to the room at most every STANDINGS_EVERY_MS. Everything it knows
 * is read again from the database when it starts, so a director taking over from a crashed
 * one carries on where the database says.
 */
import type { ArenaDetail, FeaturedTable } from "@yourtrumps/protocol";
import { ARENA_NEXT_HAND_MS, ARENA_STANDINGS_SHOWN } from "@yourtrumps/protocol";
import type { ArenaPlayerRecord, ArenaRecord, ArenaStore, PairingRecord, PairingResult } from "../storage/arenas.js";
import { arenaStatus, standingOf, summaryOf } from "./answers.js";
import { directorChannel, roomChannel, type DirectorEvent, type RoomEvent } from "../arena-rules/channels.js";
import { pairingDueIn } from "../arena-rules/pairing-due.js";
import { RECENT_START_MS, pairReady } from "../arena-rules/pairing.js";
import { addPause, rejoinDelayMs } from "../arena-rules/pause.js";
import { Standings } from "../arena-rules/standings.js";
import { ArenaMembers } from "./arena-members.js";
import { OwnLines } from "./own-lines.js";
import { tableInput } from "./table-input.js";
import { arenaPairings, arenaPass, arenaResults, arenaWait } from "../metrics/metrics.js";
import type { ArenaTableInput } from "../arena-rules/table-config.js";
import type { Logger } from "../logging/logger.js";

/** The standings go to the room at most this often. */
export const STANDINGS_EVERY_MS = 500;
/** The result of a pairing nobody played. */
const VOID: PairingResult = { winner: null, void: true, quickDraw: false, moves: [0, 0], berserk: [false, false] };
/** After a pass whose pairings could not be recorded, the next one comes this much later. */
export const PASS_RETRY_MS = 1000;
/** A pairing recorded without its table (the director died between the two) counts for nobody after this. */
const TABLELESS_MS = 10_000;

/** A player paired: their seat at the table made for them. */
export interface MadeTable {
  roomId: string;
  reservations: [unknown, unknown]; // by seat
}

/** What a director works with. */
export interface DirectorParts {
  arenas: ArenaStore;
  publish: (channel: string, event: RoomEvent) => void;
  subscribe: (channel: string, listener: (event: DirectorEvent) => void) => Promise<() => void>; // answers the unsubscribe
  makeTable: (table: ArenaTableInput) => Promise<MadeTable>;
  now: () => number;
  log: Logger;
}

export class ArenaDirector {
  readonly #standings = new Standings<ArenaPlayerRecord>();
  readonly #members = new ArenaMembers((id) => this.#standings.get(id));
  readonly #lastOpponent = new Map<string, string>();
  readonly #meetings = new Map<string, number>(); // "a|b" (sorted) → pairings
  readonly #playing = new Map<string, PairingRecord>(); // pairing id → in play
  #passTimer: ReturnType<typeof setTimeout> | undefined;
  #pushTimer: ReturnType<typeof setTimeout> | undefined;
  #phaseTimer: ReturnType<typeof setTimeout> | undefined;
  #lastPush = 0;
  #pairing = false; // a pass is making its tables
  #stopped = false;
  readonly #ownLines = new OwnLines(); // whom a push tells of themselves
  #podium: boolean;
  #unsubscribe: () => void = () => {};
  readonly #tableless: ReturnType<typeof setTimeout>[] = [];

  constructor(
    readonly arena: ArenaRecord,
    private readonly parts: DirectorParts,
  ) {
    this.#podium = arena.podiumAt !== null;
  }

  /** Reads the arena's players and pairings, listens to its channel, and asks its room who is there. */
  async start(): Promise<void> {
    const { arenas, now } = this.parts;
    const [players, pairings] = await Promise.all([arenas.players(this.arena.id), arenas.pairings(this.arena.id)]);
    for (const line of players) {
      this.#standings.set(line);
      this.#members.get(line.playerId);
    }
    for (const p of pairings) this.#met(p);
    for (const p of pairings.filter((q) => !q.finished)) {
      this.#playing.set(p.id, p);
      for (const id of p.players) this.#members.update(id, { table: p });
      // Recorded by a director that died before its table was made (or its room id written): nobody will play it.
      if (p.roomId === null)
        this.#tableless.push(
          setTimeout(
            () => void this.#safely(() => this.#voidIfTableless(p.id)),
            Math.max(0, p.createdAt + TABLELESS_MS - now()),
          ),
        );
    }
    this.#unsubscribe = await this.parts.subscribe(
      directorChannel(this.arena.id),
      (event) => void this.#safely(() => this.hear(event)),
    );
    this.parts.publish(roomChannel(this.arena.id), { type: "hello" });
    this.#schedulePhase();
    this.#pushSoon();
  }

  /** Stops directing (the lease went to another process, or this one shuts down). */
  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#passTimer);
    clearTimeout(this.#pushTimer);
    clearTimeout(this.#phaseTimer);
    for (const timer of this.#tableless) clearTimeout(timer);
    this.#unsubscribe();
  }

  /** One event from the room or a table. */
  async hear(event: DirectorEvent): Promise<void> {
    if (this.#stopped) return;
    switch (event.type) {
      case "present":
        return this.#present(event.playerId);
      case "absent": {
        this.#members.update(event.playerId, { present: false, readyAt: null });
        return this.#pushSoon();
      }
      case "pause":
        return this.#pause(event.playerId);
      case "resume":
        return this.#resume(event.playerId);
      case "result":
        return this.#result(event.pairingId, event.pause);
      default:
        throw new Error(`unknown event ${String((event satisfies never as { type: string }).type)}`);
    }
  }

  /** The standings as the room shows them, without anyone's own line. */
  detail(): ArenaDetail {
    const now = this.parts.now();
    const top = this.#standings.top(ARENA_STANDINGS_SHOWN);
    return {
      ...summaryOf({ ...this.arena, podiumAt: this.#podium ? now : null }, now),
      players: this.#standings.size,
      standings: top.map((line, i) => standingOf(line, i + 1)),
      featured: this.#featured(),
    };
  }

  /** The podium is out: nothing is left to direct. */
  get finished(): boolean {
    return this.#podium;
  }

  /** The pairings in play (for tests and the bench). */
  get playing(): number {
    return this.#playing.size;
  }

  async #present(playerId: string): Promise<void> {
    const line = this.#standings.get(playerId) ?? (await this.parts.arenas.player(this.arena.id, playerId));
    if (!line) return; // the room joins them in the database before it says so: a stale event
    if (!this.#standings.get(playerId)) this.#standings.set(line);
    const member = this.#members.update(playerId, { present: true });
    if (!line.paused && !member.table && member.readyAt === null)
      this.#members.update(playerId, { readyAt: this.parts.now() });
    this.#schedulePass();
    this.#pushSoon();
  }

  async #pause(playerId: string): Promise<void> {
    const line = this.#standings.get(playerId);
    if (!line || line.paused) return;
    const now = this.parts.now();
    const record = addPause(line.pausedAt === null ? null : { pauses: line.pauses, pausedAt: line.pausedAt }, now);
    await this.parts.arenas.setPaused(this.arena.id, playerId, true, record.pauses, record.pausedAt);
    this.#standings.set({ ...line, paused: true, pauses: record.pauses, pausedAt: record.pausedAt });
    this.#members.update(playerId, { readyAt: null });
    this.#pushSoon();
  }

  async #resume(playerId: string): Promise<void> {
    const line = this.#standings.get(playerId);
    if (!line?.paused) return;
    await this.parts.arenas.setPaused(this.arena.id, playerId, false, line.pauses, line.pausedAt);
    const updated = { ...line, paused: false };
    this.#standings.set(updated);
    const member = this.#members.get(playerId);
    if (member.present && !member.table)
      this.#members.update(playerId, { readyAt: this.parts.now() + this.#rejoinDelay(updated) });
    else this.#members.refresh(playerId);
    this.#schedulePass();
    this.#pushSoon();
  }

  async #result(pairingId: string, pause: string | null): Promise<void> {
    const pairing = this.#playing.get(pairingId);
    if (!pairing) return; // told twice (a restored table), or never ours
    this.#playing.delete(pairingId);
    arenaResults.inc();
    const now = this.parts.now();
    for (const id of pairing.players) {
      const line = await this.parts.arenas.player(this.arena.id, id);
      if (line) this.#standings.set(line);
      const member = this.#members.update(id, { table: null });
      if (id === pause) await this.#pause(id);
      else if (member.present && !line?.paused) this.#members.update(id, { readyAt: now + ARENA_NEXT_HAND_MS });
    }
    await this.#maybePodium();
    this.#schedulePass();
    this.#pushSoon();
  }

  async #voidIfTableless(pairingId: string): Promise<void> {
    const p = await this.parts.arenas.pairing(pairingId);
    if (!p || p.finished || p.roomId !== null) return;
    await this.parts.arenas.applyResult(p.id, VOID, this.arena.streaks);
    await this.#result(p.id, null);
  }

  #rejoinDelay(line: ArenaPlayerRecord): number {
    const record = line.pausedAt === null ? null : { pauses: line.pauses, pausedAt: line.pausedAt };
    return rejoinDelayMs(record, this.arena.turnSeconds, this.parts.now());
  }

  #met(p: PairingRecord): void {
    const [a, b] = p.players;
    this.#lastOpponent.set(a, b);
    this.#lastOpponent.set(b, a);
    const key = a < b ? `${a}|${b}` : `${b}|${a}`;
    this.#meetings.set(key, (this.#meetings.get(key) ?? 0) + 1);
  }

  /**
   * Sets the next pass: now, after the window, or when the next player's pause is over. After a
   * pass that paired nobody (the ready players may not meet: last opponents), only a new player
   * ready can change that: the pass waits for one, rather than running again at once.
   */
  #schedulePass(pairedNobody = false): void {
    if (this.#stopped || this.#pairing) return;
    const now = this.parts.now();
    if (arenaStatus(this.arena, now) !== "started") return;
    const { ready, oldest, next, active } = this.#members.readiness(now);
    const due = pairedNobody ? null : pairingDueIn(ready, active, oldest, now);
    const wait = [due, next === null ? null : next - now].filter((w): w is number => w !== null);
    clearTimeout(this.#passTimer);
    this.#passTimer = undefined;
    if (wait.length === 0) return;
    this.#passIn(Math.max(0, Math.min(...wait)));
  }

  /** The next pass in `ms` (instead of any set before). */
  #passIn(ms: number): void {
    clearTimeout(this.#passTimer);
    this.#passTimer = setTimeout(() => void this.#safely(() => this.pass()), ms);
  }

  /** One pairing pass: the pairs, their pairings on record, their tables, each player's seat sent through the room. */
  async pass(): Promise<void> {
    this.#passTimer = undefined;
    const now = this.parts.now();
    if (this.#stopped || this.#pairing || arenaStatus(this.arena, now) !== "started") return;
    const started = performance.now();
    const { ready, active } = this.#members.ready(now);
    for (const p of ready) p.rank = this.#standings.rankOf(p.id);
    const pairs = pairReady(ready, {
      recentlyStarted: now - this.arena.startsAt < RECENT_START_MS,
      onlyTwoActive: active === 2,
      lastOpponent: (id) => this.#lastOpponent.get(id),
      meetings: (a, b) => this.#meetings.get(a < b ? `${a}|${b}` : `${b}|${a}`) ?? 0,
    });
    arenaPass.observe((performance.now() - started) / 1000);
    if (pairs.length === 0) return this.#schedulePass(true);
    this.#pairing = true;
    try {
      const lineOf = (id: string): ArenaPlayerRecord => this.#standings.get(id)!;
      let made: PairingRecord[];
      try {
        made = await this.parts.arenas.addPairings(
          this.arena.id,
          pairs.map(([a, b]) => ({ players: [a.id, b.id], ratings: [a.rating, b.rating] })),
        );
      } catch (e) {
        // One statement, so none was recorded: the players are still ready, and a pass comes again (the
        // database may be back), sooner if one more becomes ready.
        this.parts.log.warn({ err: e, arenaId: this.arena.id }, "the pass's pairings were not recorded");
        this.#passIn(PASS_RETRY_MS);
        return;
      }
      arenaPairings.inc(made.length);
      for (const p of pairs.flat()) arenaWait.observe((now - p.readySince) / 1000);
      for (const p of made) {
        this.#playing.set(p.id, p);
        this.#met(p);
        for (const id of p.players) {
          this.#members.update(id, { table: p, readyAt: null });
        }
      }
      await Promise.all(made.map((p) => this.#seat(p, [lineOf(p.players[0]), lineOf(p.players[1])])));
    } finally {
      this.#pairing = false;
    }
    this.#schedulePass();
    this.#pushSoon();
  }

  /** Makes a pairing's table and sends both players their seats; a table that cannot be made counts for nobody. */
  async #seat(p: PairingRecord, lines: [ArenaPlayerRecord, ArenaPlayerRecord]): Promise<void> {
    const { arena } = this;
    try {
      const table = await this.parts.makeTable(tableInput(arena, p.id, lines));
      p.roomId = table.roomId;
      for (const id of p.players) this.#members.touch(id); // told their table at the next push
      await this.parts.arenas.setRoom(p.id, table.roomId);
      lines.forEach((line, i) =>
        this.parts.publish(roomChannel(arena.id), {
          type: "paired",
          playerId: line.playerId,
          reservation: table.reservations[i],
          roomId: table.roomId,
          opponent: lines[1 - i]!.name,
        }),
      );
    } catch (e) {
      this.parts.log.warn({ err: e, arenaId: arena.id }, `the table of pairing ${p.id} was not made`);
      await this.parts.arenas.applyResult(p.id, VOID, arena.streaks);
      await this.#result(p.id, null);
    }
  }

  /** The best-ranked pairing in play. */
  #featured(): FeaturedTable | null {
    const inPlay = (line: ArenaPlayerRecord): boolean =>
      (this.#members.get(line.playerId).table?.roomId ?? null) !== null;
    const p = this.#standings.first(inPlay)?.playerId;
    const table = p === undefined ? null : this.#members.get(p).table;
    if (!table?.roomId) return null;
    const nameOf = (id: string): string => this.#standings.get(id)?.name ?? "";
    return { roomId: table.roomId, players: [nameOf(table.players[0]), nameOf(table.players[1])] };
  }

  /** The arena's start (pairing begins) and end (pairing stops; the podium once the last hand is over). */
  #schedulePhase(): void {
    const now = this.parts.now();
    const at = now < this.arena.startsAt ? this.arena.startsAt : now < this.arena.endsAt ? this.arena.endsAt : null;
    if (at === null) {
      void this.#safely(() => this.#maybePodium());
      return;
    }
    this.#phaseTimer = setTimeout(
      () =>
        void this.#safely(async () => {
          this.#schedulePhase();
          await this.#maybePodium();
          this.#schedulePass();
          this.#pushSoon();
        }),
      Math.min(at - now + 1, 2 ** 31 - 1),
    );
  }

  async #maybePodium(): Promise<void> {
    if (this.#podium || arenaStatus(this.arena, this.parts.now()) !== "finished" || this.#playing.size > 0) return;
    if (await this.parts.arenas.publishPodium(this.arena.id)) this.#podium = true;
    else if ((await this.parts.arenas.get(this.arena.id))?.podiumAt != null) this.#podium = true;
    this.#pushSoon();
  }

  /** The standings go out now if the last push was STANDINGS_EVERY_MS ago, else then. */
  #pushSoon(): void {
    if (this.#pushTimer !== undefined || this.#stopped) return;
    const wait = Math.max(0, this.#lastPush + STANDINGS_EVERY_MS - this.parts.now());
    this.#pushTimer = setTimeout(() => {
      this.#pushTimer = undefined;
      this.#lastPush = this.parts.now();
      this.#push();
    }, wait);
  }

  #push(): void {
    const now = this.parts.now();
    const players = this.#ownLines.due(this.#standings, this.#members.takeChanged(), now, (line, rank) => {
      const member = this.#members.get(line.playerId);
      if (!member.present) return null;
      const rejoinAt = !line.paused && member.readyAt !== null && member.readyAt > now ? member.readyAt : 0;
      return { me: standingOf(line, rank), paused: line.paused, playing: member.table?.roomId ?? null, rejoinAt };
    });
    this.parts.publish(roomChannel(this.arena.id), { type: "standings", detail: this.detail(), players });
  }

  /** An event's or a timer's work: a failure (the database, most likely) is logged, and the arena goes on. */
  async #safely(work: () => Promise<void> | void): Promise<void> {
    try {
      await work();
    } catch (e) {
      this.parts.log.error({ err: e, arenaId: this.arena.id }, "arena work failed");
    }
  }
}
