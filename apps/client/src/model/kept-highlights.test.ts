import { describe, expect, it } from "vitest";
import { duel } from "./fixtures.js";
import { keyAction, NOTATION_LETTERS } from "./keyboard.js";
import { keptHighlights } from "./kept-highlights.js";
import { NO_HIGHLIGHTS } from "./layout.js";
import { buildView } from "./view.js";

function choosing() {
  const snap = duel({ phase: "choosing" });
  snap.seats[0]!.trump = null;
  snap.seats[1]!.trump = "S";
  return buildView(snap, "me");
}

describe("keptHighlights while choosing trumps", () => {
  it("highlights the first free suit from the start, so Enter alone takes it", () => {
    const view = choosing();
    expect(view.prompt).toBe("chooseTrump");
    const highlights = keptHighlights(NO_HIGHLIGHTS, null, view);
    expect(highlights.suit).toBe(view.freeSuits[0]);
    expect(keyAction(view, highlights, "Enter", NOTATION_LETTERS)).toEqual({
      kind: "chooseTrump",
      suit: view.freeSuits[0],
    });
  });

  it("keeps the suit the keys moved to while it is free, and highlights none once the choice is over", () => {
    const view = choosing();
    const moved = keptHighlights({ ...NO_HIGHLIGHTS, suit: "D" }, view, view);
    expect(moved.suit).toBe("D");
    const playing = buildView(duel(), "me");
    expect(keptHighlights(moved, view, playing).suit).toBeNull();
  });
});
