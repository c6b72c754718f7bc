/**
 * The seats of an arena's table: its two paired players take them (anyone else is refused),
 * the trumps are chosen once both are here, and a player who has not come within the time
 * they were given loses the hand (if neither came, it counts for nobody). Nobody plays for
 * anyone in an arena.
 */
import { ErrorCode, ServerError } from "@colyseus/core";
import type { Client } from "@colyseus/core";
import { StateView } from "@colyseus/schema";
import type { TableState } from "../state/table-state.js";
import type { ArenaHand } from "./arena-hand.js";
import type { JournalEntry } from "./journal-entry.js";
import { joinRefused, type SeatPlayer } from "./identity.js";
import { freeSeat, seatPerson } from "./seating.js";

export interface ArenaSeatParts {
  state: TableState;
  arena: ArenaHand;
  openGate: (client: Client) => void; // the client's messages are taken from now on
  startChoosing: () => void;
  patched: () => void;
  runTimed: (work: () => void) => void;
  entry: JournalEntry; // the table's record: a seated player's token is on it before they learn it
}

export class ArenaSeats {
  #noShow: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly parts: ArenaSeatParts) {}

  /** A paired player takes their seat; refused to anyone else, to a seat already held and once the hand is decided. */
  async join(client: Client, player: SeatPlayer | null): Promise<void> {
    const { state, arena } = this.parts;
    const index = player ? arena.seatOf(player.playerId) : -1;
    const seat = state.seats.at(index);
    if (!player || !seat) throw joinRefused("bad-token", "this arena table is for its two paired players");
    if (seat.sessionId !== "") throw joinRefused("already-seated", `${player.name} already holds a seat at this table`);
    if (state.phase !== "waiting" || arena.decided)
      throw new ServerError(ErrorCode.MATCHMAKE_UNHANDLED, "this hand is decided");
    seatPerson(state, index, client.sessionId, player.name, player);
    arena.showSeats();
    client.view = new StateView();
    client.view.add(seat);
    this.parts.openGate(client);
    if (freeSeat(state) < 0) {
      clearTimeout(this.#noShow);
      this.parts.startChoosing();
    }
    this.parts.patched();
    await this.parts.entry.keepToken(client);
    await this.parts.entry.committed();
  }

  /** `ms` from now, a player who has not come loses; if neither came, the hand counts for nobody. */
  decideNoShowsAfter(ms: number): void {
    const decide = (): void => {
      const { state, arena } = this.parts;
      if (state.phase !== "waiting") return;
      const absent = state.seats.map((seat, i) => (seat.sessionId === "" ? i : -1)).filter((i) => i >= 0);
      if (absent.length === 2) arena.voidHand();
      else if (absent.length === 1) arena.forfeit(absent[0]!, true);
    };
    this.#noShow = setTimeout(() => this.parts.runTimed(decide), ms);
  }

  /** The player of `seat` left for good: nobody plays for anyone in an arena, so they lose the hand. */
  left(seat: number): void {
    this.parts.arena.forfeit(seat, false);
    const shown = this.parts.state.seats.at(seat);
    if (shown) shown.connected = false;
  }

  /** The table is going: no decision is pending any more. */
  stop(): void {
    clearTimeout(this.#noShow);
    this.parts.arena.stop();
  }
}
