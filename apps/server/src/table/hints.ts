/**
 * Hints at computer tables: the analyser's best move for the person to move, sent to
 * that client alone. At tables with people a hint would be a computer playing for one
 * side, so there are none.
 *
 * A hint is a search on the workers every table shares, so it is rationed: one per seat
 * in flight, one per turn (asking again in the same turn gets the same answer, not a new
 * search), and none while the workers have moves waiting (`hint-unavailable`): a hint may
 * wait, a computer's move may not.
 */
import type { Client } from "@colyseus/core";
import { checkMove, viewFor } from "@yourtrumps/engine";
import type { HintMessage } from "@yourtrumps/protocol";
import type { TableState } from "../state/table-state.js";
import type { ComputerPlayers } from "./computer.js";
import type { HandInPlay } from "./hand-in-play.js";
import { refuse } from "./message-gate.js";
import { hints } from "../metrics/metrics.js";
import type { Refusal } from "./message-gate.js";
import type { TurnClock } from "./turn-clock.js";
import type { Logger } from "../logging/logger.js";

/** What hints work with. */
export interface HintParts {
  state: TableState;
  hand: HandInPlay;
  clock: TurnClock;
  ai: ComputerPlayers;
  owner: string; // the table's id, which its searches are queued under
  timeMs: number; // analysis time of one hint
  log: Logger;
}

/** A seat's hint for one turn: being worked out, or its answer (null: none found). */
interface SeatHint {
  turn: number;
  searching: boolean;
  answer: HintMessage | null;
}

const NOT_NOW: Refusal = { code: "hint-unavailable", message: "Hints are given at computer tables, on your turn." };
const NONE_FOUND: Refusal = { code: "hint-unavailable", message: "No hint could be found." };
const STILL_SEARCHING: Refusal = {
  code: "hint-unavailable",
  message: "Your last hint is still being worked out; ask again in a moment.",
};
const BUSY: Refusal = { code: "hint-unavailable", message: "The computer players are busy; ask again in a moment." };

export class Hints {
  readonly #seats: (SeatHint | undefined)[] = []; // by seat; empty at tables that never ask

  constructor(private readonly parts: HintParts) {}

  /** `seat` (whose client is `client`) asks; the answer comes later, and only while it is still that turn. */
  ask(client: Client, seat: number): Refusal | null {
    const { state, hand, clock, ai } = this.parts;
    const live = hand.live;
    const position = live?.position;
    if (state.mode !== "computer" || state.phase !== "playing" || !live || !position || position.toMove !== seat)
      return NOT_NOW;
    const last = this.#seats[seat];
    if (last?.turn === clock.turn) {
      if (last.searching) return null; // the answer is on its way
      if (!last.answer) return NONE_FOUND;
      hints.inc({ outcome: "given" });
      client.send("hint", last.answer);
      return null;
    }
    if (last?.searching) return STILL_SEARCHING; // an earlier turn's search still holds a worker
    if (ai.busy()) return BUSY;
    const asked: SeatHint = { turn: clock.turn, searching: true, answer: null };
    this.#seats[seat] = asked;
    ai.analyse(viewFor(live.toHand(), seat), { timeMs: this.parts.timeMs }, { owner: this.parts.owner }).then(
      (a) => {
        asked.searching = false;
        if (!clock.isCurrent(asked.turn)) return;
        if (checkMove(position, a.move) !== null) return refuse(client, NONE_FOUND, "hint");
        asked.answer = { move: a.move, value: a.value };
        hints.inc({ outcome: "given" });
        client.send("hint", asked.answer);
      },
      (e: Error) => {
        asked.searching = false;
        if (clock.stopped) return; // the table closed: its search was cancelled
        hints.inc({ outcome: "failed" });
        this.parts.log.warn({ err: e }, "hint failed");
        refuse(client, NONE_FOUND, "hint");
      },
    );
    return null;
  }
}
