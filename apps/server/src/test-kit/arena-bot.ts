/**
 * A player in an arena, driven through the real SDK as a program would: it joins the
 * `arena` room with its token, takes every seat it is sent (`paired` → the SDK's
 * `consumeSeatReservation`), picks a free trump (another at once when the table says it was
 * taken meanwhile) and plays its first legal move at its turn (from its own decoded hand, as
 * the harness's clients do) until the table closes, and is then back in the arena to be
 * paired again. Options make it berserk, never move, come late to its seats or never come.
 */
import { Client, type Room } from "@colyseus/sdk";
import type { Suit } from "@yourtrumps/engine";
import type { ArenaDetail, ArenaPairedMessage, ArenaYouMessage } from "@yourtrumps/protocol";
import { ARENA_ROOM } from "@yourtrumps/protocol";
import { legalFor, mySeat, seen, send } from "./harness.js";

export interface ArenaBotOptions {
  berserk?: boolean; // goes berserk at each table before its first move
  idle?: boolean; // never moves (nor picks a trump)
  seatAfterMs?: number; // takes each seat this long after it was sent (a slow client)
  noShow?: boolean; // never takes its seats
}

const SUITS: readonly Suit[] = ["S", "H", "D", "C"];

/** What the bot did at the table it is at now. */
interface AtTable {
  berserked: boolean;
  acted: number; // the table's seq of its last move; -1 = none yet
  trump: Suit | null; // the suit it asked for, not refused (yet)
  refused: Suit[]; // suits refused as taken: the state may show them free until its next patch
}

function freshTable(): AtTable {
  return { berserked: false, acted: -1, trump: null, refused: [] };
}

export class ArenaBot {
  readonly tables: string[] = []; // room ids of the tables it was paired at, in order
  readonly opponents: string[] = []; // their names, in order
  standings: ArenaDetail | null = null;
  you: ArenaYouMessage | null = null;
  room!: Room;
  table: Room | null = null;
  #options: ArenaBotOptions;

  constructor(
    public client: Client,
    readonly token: string,
    options: ArenaBotOptions = {},
  ) {
    this.#options = options;
  }

  static forServer(port: number, token: string, options: ArenaBotOptions = {}): ArenaBot {
    return new ArenaBot(new Client(`ws://127.0.0.1:${port}`), token, options);
  }

  /** Where it goes once its server's process is gone (another process of the same deployment). */
  fallback: Client | null = null;

  /** Joins the arena (rejects with the server's refusal); a connection lost (its process killed) is joined again. */
  async join(arenaId: string): Promise<this> {
    this.room = await this.client.joinOrCreate(ARENA_ROOM, { arenaId, token: this.token });
    this.room.reconnection.enabled = false;
    this.room.onLeave((code) => {
      if (!this.#leaving && code === 1006) void this.#again(() => this.#rejoin(arenaId), "the arena");
    });
    this.room.onMessage("standings", (detail: ArenaDetail) => (this.standings = detail));
    this.room.onMessage("you", (you: ArenaYouMessage) => (this.you = you));
    this.room.onMessage("error", () => {});
    this.room.onMessage("paired", (m: ArenaPairedMessage) => void this.#sit(m));
    return this;
  }

  /** Stops or starts moving (started again, it acts on the table as it is now). */
  async #rejoin(arenaId: string): Promise<void> {
    const client = this.#reachable();
    this.client = client; // its seats come through the process it reaches from now on
    await this.join(arenaId);
  }

  set idle(on: boolean) {
    this.#options.idle = on;
    if (!on) this.#step();
  }

  async #sit(m: ArenaPairedMessage): Promise<void> {
    this.tables.push(m.roomId);
    this.opponents.push(m.opponent);
    if (this.#options.noShow) return;
    const late = this.#options.seatAfterMs ?? 0;
    if (late > 0) await new Promise((resolve) => setTimeout(resolve, late));
    let table: Room;
    try {
      table = await this.client.consumeSeatReservation(
        m.reservation as Parameters<Client["consumeSeatReservation"]>[0],
      );
    } catch (e) {
      this.lost.push(`the seat at ${m.roomId} (${e instanceof Error ? e.message : String(e)})`);
      return;
    }
    this.#hand = freshTable();
    this.#attach(table);
  }

  #hand = freshTable();

  /** Plays at `table` from now on; a table whose process was killed is come back to (restored in another). */
  #attach(table: Room): void {
    table.reconnection.enabled = false;
    this.table = table;
    table.onMessage("*", () => {});
    table.onMessage("error", (error: { code?: string }) => {
      const hand = this.#hand;
      if (this.table !== table || error.code !== "suit-taken" || hand.trump === null) return;
      hand.refused.push(hand.trump); // taken by the other player meanwhile: another, at once
      hand.trump = null;
      this.#step();
    });
    table.onStateChange(() => this.#step());
    table.onLeave((code) => {
      if (this.table === table) this.table = null;
      if (!this.#leaving && code === 1006) void this.#again(() => this.#back(table.reconnectionToken), "the table");
    });
    this.#step();
  }

  /** One look at the table: berserk, a trump, or a move when it is this bot's turn. */
  #step(): void {
    const table = this.table;
    if (!table || this.#options.idle) return;
    const s = seen(table);
    if (!Array.isArray(s.seats)) return; // the first state is not decoded yet
    const seat = mySeat(table);
    if (seat < 0) return;
    const hand = this.#hand;
    if (this.#options.berserk && !hand.berserked) {
      hand.berserked = true;
      table.send("berserk", {});
    }
    if (s.phase === "choosing" && s.seats[seat]!.trump === "" && hand.trump === null) {
      const taken = [...s.seats.map((x) => x.trump), ...hand.refused];
      const suit = SUITS.find((x) => !taken.includes(x));
      if (suit === undefined) return;
      hand.trump = suit;
      table.send("trump", { suit });
      return;
    }
    if (s.phase !== "playing" || s.toMove !== seat || hand.acted === s.seq) return;
    hand.acted = s.seq;
    const moves = legalFor(table);
    if (moves[0]) send(table, moves[0]);
  }

  async #back(token: string): Promise<void> {
    this.#attach(await this.#reachable().reconnect(token));
  }

  /** After a failure: the fallback, if there is one. */
  #reachable(): Client {
    return this.fallback ?? this.client;
  }

  /** Tries `attempt` every 250 ms for up to 40 s. */
  async #again(attempt: () => Promise<unknown>, what: string): Promise<void> {
    for (let i = 0; i < 160 && !this.#leaving; i++) {
      try {
        await attempt();
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    if (!this.#leaving) this.lost.push(what);
  }

  readonly lost: string[] = []; // what it could not get back to, or a seat it could not take
  #leaving = false;

  async leave(): Promise<void> {
    this.#leaving = true;
    await this.table?.leave().catch(() => 0);
    await this.room?.leave().catch(() => 0);
  }
}
