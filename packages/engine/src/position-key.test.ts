import { describe, expect, it } from "vitest";
import { ALL_CARDS, cardIndex } from "./cards.js";
import { positionKey } from "./position-key.js";
import { Rng } from "./rng.js";
import { applyMove, legalMoves } from "./rules.js";
import { newHand } from "./setup.js";
import type { Card } from "./cards.js";
import type { PlayerCount } from "./types.js";

/** The key spelled out piece by piece, as RULES.md's R16 reads. */
function plainKey(hands: readonly Card[][], pile: readonly Card[], toMove: number, secondDue: boolean): string {
  const holder = ALL_CARDS.map((c) => {
    const seat = hands.findIndex((h) => h.includes(c));
    return seat < 0 ? "-" : String(seat);
  });
  const pileCode = pile.map((c) => "0123456789abcdefghijklmnopqrstuvwxyz"[cardIndex(c)]).join("");
  return `${holder.join("")}|${pileCode}|${toMove}${secondDue ? "+" : ""}`;
}

describe("positionKey", () => {
  it("spells every position of random hands exactly", () => {
    for (const players of [2, 3, 4] as PlayerCount[]) {
      let h = newHand({ players, seed: `key/${players}` });
      const rng = new Rng(players);
      while (h.result === null) {
        expect(positionKey(h.hands, h.pile, h.toMove, h.secondDue)).toBe(
          plainKey(h.hands, h.pile, h.toMove, h.secondDue),
        );
        const moves = legalMoves(h);
        const r = applyMove(h, moves[rng.int(moves.length)]!);
        if (!r.ok) throw new Error(r.error.message);
        h = r.hand;
      }
    }
    expect(positionKey([["AS"], []], ["6S", "AC"], -1, true)).toBe(`${"-".repeat(8)}0${"-".repeat(27)}|0z|-1+`);
  });
});
