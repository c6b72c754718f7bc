import { describe, expect, it } from "vitest";
import { nextError, pickTrumps, playToEnd, seen, until } from "../test-kit/harness.js";
import { useServer } from "../test-kit/server-fixture.js";
import type { HintMessage } from "@yourtrumps/protocol";

const h = useServer({ aiDelayMs: 5, hintMs: 50 });

describe("computer tables", () => {
  it("a human plays the computer to the result, with no clock", async () => {
    const a = await h.join("joinOrCreate", { mode: "computer", level: "medium", name: "Human" });
    const s = await until(a, (x) => x.phase === "choosing");
    expect(s.seats.map((x) => x.isAI)).toEqual([false, true]);
    expect(s.seats[1]!.connected).toBe(true);
    expect(s.deadline).toBe(0);
    a.send("trump", { suit: "D" });
    const dealt = await until(a, (x) => x.phase === "playing");
    expect(dealt.seats.map((x) => x.trump)).toEqual(["D", "S"]); // R3: the computer gets the first free suit
    expect(dealt.deadline).toBe(0);
    let computerMoves = 0;
    a.onStateChange((st) => {
      const j = (st as unknown as { toJSON(): ReturnType<typeof seen> }).toJSON();
      if (j.lastMove.seat === 1) computerMoves++;
    });
    const end = await playToEnd([a]);
    expect(end.phase).toBe("over");
    expect(end.result.reason).not.toBe("");
    expect(computerMoves).toBeGreaterThan(0);
  });

  it("a computer table is never shared, and 4-player tables seat three computers, each with a name of its own", async () => {
    const a = await h.join("joinOrCreate", { mode: "computer", players: 4, level: "easy", name: "Ann" });
    const b = await h.join("joinOrCreate", { mode: "computer", players: 4, level: "easy" });
    expect(b.roomId).not.toBe(a.roomId);
    const s = await until(a, (x) => x.phase === "choosing");
    expect(s.seats.map((x) => x.isAI)).toEqual([false, true, true, true]);
    expect(s.seats.map((x) => x.name)).toEqual(["Ann", "Computer", "Computer 2", "Computer 3"]);
    await pickTrumps([a]);
    expect(
      seen(a)
        .seats.map((x) => x.trump)
        .sort(),
    ).toEqual(["C", "D", "H", "S"]);
  });

  it("gives a hint on the human's turn only", async () => {
    const a = await h.join("joinOrCreate", { mode: "computer", level: "easy" });
    a.send("hint");
    expect((await nextError(a)).code).toBe("hint-unavailable"); // still choosing trumps
    await pickTrumps([a]);
    const s = await until(a, (x) => x.phase === "playing" && x.toMove === 0);
    a.send("hint", {});
    const hint = (await a.waitForMessage("hint", 10_000)) as HintMessage;
    const mine = s.seats[0]!.hand ?? [];
    if (hint.move.type === "play") expect(mine).toContain(hint.move.card);
    expect(hint.value).toBeGreaterThanOrEqual(-1);
    expect(hint.value).toBeLessThanOrEqual(1);
  });

  it("refuses hints at tables with people", async () => {
    const a = await h.join("create", { mode: "private" });
    a.send("hint");
    expect((await nextError(a)).code).toBe("hint-unavailable");
  });
});
