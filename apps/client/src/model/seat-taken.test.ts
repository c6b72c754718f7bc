import { describe, expect, it } from "vitest";
import { duel } from "./fixtures.js";
import { computerTookSeatLines } from "./seat-taken.js";
import { buildView } from "./view.js";

function withPerson() {
  const snap = duel();
  snap.seats[1] = { ...snap.seats[1]!, name: "Bob", isAI: false, sessionId: "bob" };
  return snap;
}

describe("computerTookSeatLines", () => {
  it("tells the others when a person's seat passes to the computer mid-hand", () => {
    const before = buildView(withPerson(), "me");
    const after = withPerson();
    after.seats[1] = { ...after.seats[1]!, name: "Computer", isAI: true, sessionId: "" };
    expect(computerTookSeatLines("en", before, buildView(after, "me"))).toEqual([
      "Bob left the table; the computer plays their seat.",
    ]);
    expect(computerTookSeatLines("en", before, buildView(after, "watcher"))).toHaveLength(1); // spectators too
  });

  it("says nothing when nobody changed, at the first view, or for a computer that was always there", () => {
    const view = buildView(withPerson(), "me");
    expect(computerTookSeatLines("en", view, view)).toEqual([]);
    expect(computerTookSeatLines("en", null, view)).toEqual([]);
    const bot = buildView(duel(), "me");
    expect(computerTookSeatLines("en", bot, bot)).toEqual([]);
  });
});
