import { describe, expect, it } from "vitest";
import { cleanName } from "@yourtrumps/protocol";
import { checkJoinOptions } from "./join-options.js";

describe("join options", () => {
  it("applies the defaults matchmaking filters on", () => {
    expect(checkJoinOptions({ mode: "quick" })).toEqual({
      ok: true,
      options: { mode: "quick", players: 2, level: "medium", name: "", allowWatching: false, casual: false },
    });
    expect(checkJoinOptions({ mode: "computer", players: 4, level: "hard", name: " Ann " })).toEqual({
      ok: true,
      options: { mode: "computer", players: 4, level: "hard", name: "Ann", allowWatching: false, casual: false },
    });
  });

  it("a private join by code matches any table size; without a code it asks for a new table", () => {
    expect(checkJoinOptions({ mode: "private", code: " k7f3qx" })).toMatchObject({
      ok: true,
      options: { code: "K7F3QX" },
    });
    const byCode = checkJoinOptions({ mode: "private", code: "K7F3QX" });
    expect(byCode.ok && byCode.options.players).toBeUndefined();
    expect(checkJoinOptions({ mode: "private" })).toMatchObject({ ok: true, options: { code: "", players: 2 } });
    expect(checkJoinOptions({ mode: "private", turnSeconds: 0 })).toMatchObject({
      ok: true,
      options: { turnSeconds: 0 },
    });
    expect(checkJoinOptions({ mode: "quick", turnSeconds: 10 })).toEqual({
      ok: true,
      options: { mode: "quick", players: 2, level: "medium", name: "", allowWatching: false, casual: false },
    });
  });

  it("casual is for private tables only: a quick table's hands are rated whatever it asks", () => {
    expect(checkJoinOptions({ mode: "private", casual: true })).toMatchObject({ ok: true, options: { casual: true } });
    expect(checkJoinOptions({ mode: "quick", casual: true })).toMatchObject({ ok: true, options: { casual: false } });
    expect(checkJoinOptions({ mode: "private", casual: "yes" }).ok).toBe(false);
  });

  it("refuses what is not a join option", () => {
    for (const bad of [
      null,
      7,
      {},
      { mode: "ranked" },
      { mode: "quick", players: 5 },
      { mode: "quick", players: "2" },
      { mode: "quick", level: "expert" },
      { mode: "quick", name: 3 },
      { mode: "private", turnSeconds: -1 },
      { mode: "private", turnSeconds: 1.5 },
    ]) {
      expect(checkJoinOptions(bad).ok, JSON.stringify(bad)).toBe(false);
    }
  });

  it("cleans names", () => {
    expect(cleanName("  Zoë\u0000\u202e ")).toBe("Zoë");
    expect([...cleanName("x".repeat(100))]).toHaveLength(24);
    expect(cleanName(undefined)).toBe("");
  });
});
