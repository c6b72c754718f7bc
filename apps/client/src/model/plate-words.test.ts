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
});
