/**
 * Hints at computer tables: the analyser's best move for the person to move, sent to
 * that client alone. At tables with people a hint would be a computer playing for one
 * side, so there are none.
 */
import type { Client } from "@colyseus/core";
import { checkMove, viewFor } from "@yourtrumps/engine";
import type { HintMessage } from "@yourtrumps/protocol";
import type { TableState } from "../state/table-state.js";
import type { ComputerPlayers } from "./computer.js";
import type { HandInPlay } from "./hand-in-play.js";
import { refuse } from "./message-gate.js";
import type { Refusal } from "./message-gate.js";
import type { TurnClock } from "./turn-clock.js";

/** What hints work with. */
export interface HintParts {
  state: TableState;
  hand: HandInPlay;
  clock: TurnClock;
  ai: ComputerPlayers;
  timeMs: number; // analysis time of one hint
  log: (line: string) => void;
}

const NONE_FOUND: Refusal = { code: "hint-unavailable", message: "No hint could be found." };

export class Hints {
  constructor(private readonly parts: HintParts) {}

  /** `seat` (whose client is `client`) asks; the answer comes later, and only while it is still that turn. */
  ask(client: Client, seat: number): Refusal | null {
    const { state, hand, clock, ai, timeMs, log } = this.parts;
    const live = hand.live;
    const position = live?.position;
    if (state.mode !== "computer" || state.phase !== "playing" || !live || !position || position.toMove !== seat) {
      return { code: "hint-unavailable", message: "Hints are given at computer tables, on your turn." };
    }
    const turn = clock.turn;
    ai.analyse(viewFor(live.toHand(), seat), { timeMs }).then(
      (a) => {
        if (!clock.isCurrent(turn)) return;
        if (checkMove(position, a.move) !== null) return refuse(client, NONE_FOUND, "hint");
        const hint: HintMessage = { move: a.move, value: a.value };
        client.send("hint", hint);
      },
      (e: Error) => {
        log(`hint failed: ${e.message}`);
        if (!clock.stopped) refuse(client, NONE_FOUND, "hint");
      },
    );
    return null;
  }
}
