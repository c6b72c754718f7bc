import { describe, expect, it } from "vitest";
import { addPause, rejoinDelayMs, PAUSE_MEMORY_MS } from "./pause.js";
import { pairingDueIn, PAIRING_WINDOW_MS } from "./pairing-due.js";

describe("the rejoin delay after pauses (lichess's)", () => {
  // 30 s turns: a hand is estimated at 600 s, the base delay 600 / 15 = 40 s.
  it("costs 10 s for the first pause, then 40 s × the pauses before, at most 120 s", () => {
    let r = addPause(null, 0);
    expect(rejoinDelayMs(r, 30, 0)).toBe(10_000);
    r = addPause(r, 1000);
    expect(rejoinDelayMs(r, 30, 1000)).toBe(40_000);
    r = addPause(r, 2000);
    expect(rejoinDelayMs(r, 30, 2000)).toBe(80_000);
    r = addPause(r, 3000);
    expect(rejoinDelayMs(r, 30, 3000)).toBe(120_000);
    expect(rejoinDelayMs(r, 30, 3000 + 119_000)).toBe(1000);
  });

  it("starts the count again after twenty minutes without a pause", () => {
    const r = addPause(addPause(null, 0), 1000);
    expect(addPause(r, 1000 + PAUSE_MEMORY_MS + 1).pauses).toBe(1);
  });
});

describe("when a pairing pass runs", () => {
  it("at once when two thirds of the active players are ready", () => {
    expect(pairingDueIn(4, 6, 0, 100)).toBe(0);
    expect(pairingDueIn(2, 2, 0, 100)).toBe(0);
  });

  it("after the window otherwise, and never for fewer than two", () => {
    expect(pairingDueIn(2, 10, 1000, 1200)).toBe(PAIRING_WINDOW_MS - 200);
    expect(pairingDueIn(1, 1, 0, 0)).toBeNull();
  });
});
