import { describe, expect, it } from "vitest";
import { duel } from "./fixtures.js";
import { layoutTable } from "./layout.js";
import { buildView } from "./view.js";

/** A spectator's view: the snapshot as a client with no seat decodes it (no hand anywhere), seen by a session in no seat. */
const watched = (over: Parameters<typeof duel>[0] = {}) =>
  buildView(duel({ mode: "quick", spectators: 3, ...over }, []), "spectator-session");

describe("a spectator's view", () => {
  it("has no seat and no hand of its own: every seat is an opponent's plate, with its cards as backs", () => {
    const view = watched();
    expect(view).toMatchObject({
      watching: true,
      mySeat: -1,
      hand: [],
      myTurn: false,
      legal: [],
      pickup: null,
      hintAvailable: false,
      spectators: 3,
    });
    expect(view.seats.every((seat) => !seat.isMe)).toBe(true);
    const layout = layoutTable(view, 800, 600);
    expect(layout.hand).toEqual([]);
    expect(
      layout.seats.every(
        (seat) =>
          seat.backs.length > 0 || seat.faces.length > 0 || view.seats.find((s) => s.seat === seat.seat)?.count === 0,
      ),
    ).toBe(true);
  });

  it("is offered no trump to choose, and at the result nothing but Lobby (and Review): no seat to deal again", () => {
    const choosing = watched({
      phase: "choosing",
      seats: duel().seats.map((seat) => ({ ...seat, trump: null, hand: null })),
    });
    expect(choosing.prompt).toBe("waitTrumps");
    expect(layoutTable(choosing, 800, 600).buttons.map((b) => b.id)).toEqual([]);
    const over = watched({ phase: "over", handId: "h1", result: { places: [1, 2], loser: 1, reason: "out" } });
    expect(
      layoutTable(over, 800, 600)
        .buttons.map((b) => b.id)
        .sort(),
    ).toEqual(["lobby", "review"]);
  });

  it("a player's view is no spectator's, and shows how many watch", () => {
    const view = buildView(duel({ spectators: 2 }), "me");
    expect(view).toMatchObject({ watching: false, spectators: 2 });
    expect(layoutTable({ ...view, phase: "over", handId: "h1" }, 800, 600).buttons.map((b) => b.id)).toContain(
      "rematch",
    );
  });
});
