/**
 * A player in an arena, driven through the real SDK as a program would: it joins the
 * `arena` room with its token, takes every seat it is sent (`paired` → the SDK's
 * `consumeSeatReservation`), picks a free trump and plays its first legal move at its turn
 * (from its own decoded hand, as the harness's clients do) until the table closes, and is
 * then back in the arena to be paired again. Options make it berserk, or never move.
 */
import { Client, type Room } from "@colyseus/sdk";
import type { ArenaDetail, ArenaPairedMessage, ArenaYouMessage } from "@yourtrumps/protocol";
import { ARENA_ROOM } from "@yourtrumps/protocol";
import { legalFor, mySeat, seen, send } from "./harness.js";

export interface ArenaBotOptions {
  berserk?: boolean; // goes berserk at each table before its first move
  idle?: boolean; // never moves (nor picks a trump)
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
    readonly client: Client,
    readonly token: string,
    options: ArenaBotOptions = {},
  ) {
    this.#options = options;
  }

  static forServer(port: number, token: string, options: ArenaBotOptions = {}): ArenaBot {
    return new ArenaBot(new Client(`ws://127.0.0.1:${port}`), token, options);
  }

  /** Joins the arena (rejects with the server's refusal). */
  async join(arenaId: string): Promise<this> {
    this.room = await this.client.joinOrCreate(ARENA_ROOM, { arenaId, token: this.token });
    this.room.reconnection.enabled = false;
    this.room.onMessage("standings", (detail: ArenaDetail) => (this.standings = detail));
    this.room.onMessage("you", (you: ArenaYouMessage) => (this.you = you));
    this.room.onMessage("error", () => {});
    this.room.onMessage("paired", (m: ArenaPairedMessage) => void this.#sit(m));
    return this;
  }

  /** Stops or starts moving (started again, it acts on the table as it is now). */
  set idle(on: boolean) {
    this.#options.idle = on;
    if (!on) this.#step();
  }

  #step: () => void = () => {};

  async #sit(m: ArenaPairedMessage): Promise<void> {
    this.tables.push(m.roomId);
    this.opponents.push(m.opponent);
    const table = await this.client.consumeSeatReservation(
      m.reservation as Parameters<Client["consumeSeatReservation"]>[0],
    );
    table.reconnection.enabled = false;
    this.table = table;
    table.onMessage("*", () => {});
    let berserked = false;
    let acted = -1;
    let chose = false;
    const step = (): void => {
      const s = seen(table);
      if (!Array.isArray(s.seats)) return; // the first state is not decoded yet
      const seat = mySeat(table);
      if (seat < 0 || this.#options.idle) return;
      if (this.#options.berserk && !berserked) {
        berserked = true;
        table.send("berserk", {});
      }
      if (s.phase === "choosing" && s.seats[seat]!.trump === "" && !chose) {
        const taken = s.seats.map((x) => x.trump);
        const suit = (["S", "H", "D", "C"] as const).find((x) => !taken.includes(x))!;
        chose = true;
        table.send("trump", { suit });
        return;
      }
      if (s.phase === "choosing" && s.seats[seat]!.trump === "") chose = false; // refused (taken meanwhile): try again
      if (s.phase !== "playing" || s.toMove !== seat || acted === s.seq) return;
      acted = s.seq;
      const moves = legalFor(table);
      if (moves[0]) send(table, moves[0]);
    };
    this.#step = step;
    table.onStateChange(step);
    table.onLeave(() => {
      if (this.table === table) this.table = null;
    });
    step();
  }

  async leave(): Promise<void> {
    await this.table?.leave().catch(() => 0);
    await this.room?.leave().catch(() => 0);
  }
}
