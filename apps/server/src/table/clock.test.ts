import { describe, expect, it } from "vitest";
import {
  expectOnlyMove,
  legalFor,
  mySeat,
  nextState,
  pickTrumps,
  roundTrip,
  seen,
  send,
  until,
} from "../test-kit/harness.js";
import { useServer } from "../test-kit/server-fixture.js";

const h = useServer({ turnSeconds: 1, aiDelayMs: 5 });

/**
 * Resolves once a duel with the server's 1 s clock, dealt now, has had a move made by its
 * clock: by then the clock of a table dealt earlier would have run out too.
 */
async function laterClockRanOut(): Promise<void> {
  const a = await h.join("create", { mode: "private", name: "Control" });
  const b = await h.join("join", { mode: "private", code: seen(a).code, name: "Control" });
  await pickTrumps([a, b]);
  const dealt = seen(a);
  await until(a, (x) => x.seq > dealt.seq && x.lastMove.auto, 5000, "a later table's clock move");
  await Promise.all([a.leave(), b.leave()]);
}

describe("turn clocks", () => {
  it("an expired clock plays the mover's move with the easy player", async () => {
    const a = await h.join("create", { mode: "private" });
    const b = await h.join("join", { mode: "private", code: seen(a).code });
    await pickTrumps([a, b]);
    const s = seen(a);
    expect(s.deadline).toBeGreaterThan(Date.now() - 50);
    expect(s.deadline).toBeLessThanOrEqual(Date.now() + 1000);
    const mover = s.toMove;
    // nobody moves: the clock does
    const after = await until(a, (x) => x.seq > s.seq, 3000, "the clock's move");
    expect(after.lastMove.seat).toBe(mover);
    expect(after.lastMove.auto).toBe(true);
    expect(["play", "pickup"]).toContain(after.lastMove.type);
    expect(after.seats[mover]!.isAI).toBe(false); // the seat stays the human's
  });

  it("a seat that does not pick a trump in time gets the first free suit (R3)", async () => {
    const a = await h.join("create", { mode: "private" });
    const b = await h.join("join", { mode: "private", code: seen(a).code });
    await until(a, (x) => x.phase === "choosing");
    b.send("trump", { suit: "S" });
    const dealt = await until(a, (x) => x.phase === "playing", 3000, "the deal");
    expect(dealt.seats[mySeat(b)]!.trump).toBe("S");
    expect(dealt.seats[mySeat(a)]!.trump).toBe("H");
  });

  it("a private table may set its own clock, or none", async () => {
    const a = await h.join("create", { mode: "private", turnSeconds: 0 });
    const b = await h.join("join", { mode: "private", code: seen(a).code });
    expect(seen(a).turnSeconds).toBe(0);
    await pickTrumps([a, b]);
    const s = seen(a);
    expect(s.deadline).toBe(0);
    await laterClockRanOut();
    await roundTrip(a); // a move the clock made would have reached this client before the answer
    expect(seen(a).seq).toBe(s.seq);
    // No move was made for the player meanwhile: their own move is the first change since, and the only one.
    const mover = mySeat(a) === s.toMove ? a : b;
    const before = seen(mover);
    expect(before.seq).toBe(s.seq);
    const move = legalFor(mover)[0]!;
    const next = nextState(mover);
    send(mover, move);
    expectOnlyMove(before, await next, s.toMove, move);
    const c = await h.join("create", { mode: "private", turnSeconds: 45 });
    expect(seen(c).turnSeconds).toBe(45);
  });
});
