import { describe, expect, it } from "vitest";
import { laterTableFilled, pickTrumps, playToEnd, seen, until, mySeat } from "../test-kit/harness.js";
import { useServer } from "../test-kit/server-fixture.js";

const h = useServer({ fillAfterSeconds: 0.5, aiDelayMs: 5 });

describe("tables with people", () => {
  it("two humans play a private duel to the result, then a rematch dealt by the loser", async () => {
    const a = await h.join("create", { mode: "private", name: "Ann" });
    const code = seen(a).code;
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{6}$/);
    const b = await h.join("join", { mode: "private", code: code.toLowerCase(), name: "Bob" });
    expect(b.roomId).toBe(a.roomId);
    await pickTrumps([a, b]);
    const s = seen(a);
    expect(s.seats.map((x) => x.name)).toEqual(["Ann", "Bob"]);
    expect(s.seats.every((x) => !x.isAI && x.connected)).toBe(true);
    expect(s.deadline).toBeGreaterThan(Date.now());
    const end = await playToEnd([a, b]);
    expect(end.phase).toBe("over");
    expect(["out", "last-card-draw", "repetition", "turn-limit"]).toContain(end.result.reason);
    expect(end.result.places).toHaveLength(2);
    const dealer = end.dealer;
    a.send("rematch", {});
    await until(a, (x) => x.seats[mySeat(a)]!.wantsRematch);
    expect(seen(a).phase).toBe("over");
    b.send("rematch");
    const next = await until(a, (x) => x.phase === "playing" && x.hands === 2);
    expect(next.dealer).toBe(end.result.loser >= 0 ? end.result.loser : dealer); // R4
    expect(next.seats.map((x) => x.trump)).toEqual(end.seats.map((x) => x.trump));
  });

  it("a private table waits for the friend: no computer fill", async () => {
    const a = await h.join("create", { mode: "private", players: 3 });
    await laterTableFilled(h); // past this server's 0.5 s fill time
    const s = seen(a);
    expect(s.phase).toBe("waiting");
    expect(s.seats.map((x) => x.isAI)).toEqual([false, false, false]);
    expect(s.seats.map((x) => x.name)).toEqual(["Player 1", "", ""]);
    expect(s.deadline).toBe(0);
  });

  it("a private code nobody holds finds no table", async () => {
    await expect(h.colyseus.sdk.join("table", { mode: "private", code: "ZZZZZZ" })).rejects.toThrow(/no rooms found/);
    await expect(h.colyseus.sdk.joinOrCreate("table", { mode: "private", code: "ZZZZZZ" })).rejects.toThrow(
      /no open table has the code ZZZZZZ/,
    );
    await expect(h.colyseus.sdk.create("table", { mode: "private", code: "ZZZZZZ" })).rejects.toThrow(/ZZZZZZ/);
  });

  it("two quick-match clients meet at one table", async () => {
    const a = await h.join("joinOrCreate", { mode: "quick", name: "A" });
    const b = await h.join("joinOrCreate", { mode: "quick", name: "B" });
    expect(b.roomId).toBe(a.roomId);
    const s = await until(a, (x) => x.phase === "choosing");
    expect(s.seats.map((x) => x.isAI)).toEqual([false, false]);
    // a three-player seeker does not land at a duel table
    const c = await h.join("joinOrCreate", { mode: "quick", players: 3 });
    expect(c.roomId).not.toBe(a.roomId);
  });

  it("a lone quick-match client gets a computer opponent after the fill time", async () => {
    const a = await h.join("joinOrCreate", { mode: "quick", players: 4, name: "Solo" });
    const waiting = seen(a);
    expect(waiting.phase).toBe("waiting");
    expect(waiting.deadline).toBeGreaterThan(Date.now() - 100);
    const s = await until(a, (x) => x.phase === "choosing", 5000);
    expect(s.seats.map((x) => x.isAI)).toEqual([false, true, true, true]);
    expect(s.seats.map((x) => x.name)).toEqual(["Solo", "Computer", "Computer 2", "Computer 3"]);
    await pickTrumps([a]);
    const end = await playToEnd([a]);
    expect(end.phase).toBe("over");
  });

  it("bad join options are refused by the matchmaker", async () => {
    await expect(h.colyseus.sdk.joinOrCreate("table", { mode: "blitz" })).rejects.toThrow(/mode/);
    await expect(h.colyseus.sdk.joinOrCreate("table", { mode: "quick", players: 5 })).rejects.toThrow(/players/);
  });
});
