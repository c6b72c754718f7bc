import { describe, expect, it } from "vitest";
import { duel } from "./fixtures.js";
import { plateWords } from "./plate-words.js";
import { buildView } from "./view.js";

describe("plateWords", () => {
  it("labels an empty seat 'Waiting for a player…', not 'Disconnected'", () => {
    const snap = duel({ phase: "waiting" });
    snap.seats[1] = { ...snap.seats[1]!, name: "", isAI: false, connected: false, sessionId: "", cardCount: 0 };
    const view = buildView(snap, "me");
    const empty = view.seats.find((s) => !s.isMe)!;
    const words = plateWords(view, empty, "en");
    expect(words).toMatchObject({ name: "Waiting for a player…", details: "" });
    expect(plateWords(view, empty, "ru").name).toBe("Ждём игрока…");
  });

  it("still says 'Disconnected' for a person whose connection dropped", () => {
    const snap = duel();
    snap.seats[1] = { ...snap.seats[1]!, name: "Bob", isAI: false, connected: false };
    const view = buildView(snap, "me");
    const dropped = view.seats.find((s) => !s.isMe)!;
    expect(plateWords(view, dropped, "en")).toMatchObject({ name: "Bob", details: "5 cards · Disconnected" });
  });

  it("at an arena's table, says each seat's arena score with its fire and berserk marks instead of the rating", () => {
    const snap = duel({ phase: "playing", arena: { id: "a1", name: "Hourly" } });
    snap.seats[0] = { ...snap.seats[0]!, rating: 1500, arena: { score: 6, fire: true, berserk: true } };
    snap.seats[1] = { ...snap.seats[1]!, name: "Bob", isAI: false, arena: { score: 1, fire: false, berserk: false } };
    const view = buildView(snap, "me");
    expect(plateWords(view, view.seats[0]!, "en").details).toBe("6 points · on fire · berserk");
    expect(plateWords(view, view.seats[1]!, "en").details).toBe("1 point · 5 cards");
  });
});
