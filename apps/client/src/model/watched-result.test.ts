import { describe, expect, it } from "vitest";
import { resultLine } from "./announce.js";
import { duel } from "./fixtures.js";
import { buildView } from "./view.js";

/** A spectator (no seat: the session "watcher" holds none) reads the result in the third person. */
describe("resultLine for a spectator", () => {
  it("names the winner and the loser, never 'You won!'", () => {
    const won = buildView(duel({ phase: "over", result: { places: [1, 2], loser: 1, reason: "out" } }), "watcher");
    expect(won.watching).toBe(true);
    expect(resultLine("en", won)).toBe("Ann won; Bot was left holding cards.");
    const lost = buildView(duel({ phase: "over", result: { places: [2, 1], loser: 0, reason: "out" } }), "watcher");
    expect(resultLine("en", lost)).toBe("Bot won; Ann was left holding cards.");
    expect(resultLine("ru", lost)).not.toContain("Вы ");
  });

  it("calls a draw a draw, and gives another ending's reason after the winner", () => {
    const drawn = buildView(
      duel({ phase: "over", result: { places: [1, 1], loser: null, reason: "repetition" } }),
      "watcher",
    );
    expect(resultLine("en", drawn)).toBe("Draw. The same position occurred three times.");
    const limit = buildView(
      duel({ phase: "over", result: { places: [1, 2], loser: 1, reason: "turn-limit" } }),
      "watcher",
    );
    expect(resultLine("en", limit)).toBe("Ann won. The turn limit was reached.");
  });
});
