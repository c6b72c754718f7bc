import { describe, expect, it } from "vitest";
import { parseMessage } from "./messages.js";

describe("message payloads", () => {
  it("accepts the documented shapes", () => {
    expect(parseMessage("play", { card: "TS" })).toEqual({ ok: true, value: { card: "TS" } });
    expect(parseMessage("trump", { suit: "H" })).toEqual({ ok: true, value: { suit: "H" } });
    for (const t of ["pickup", "rematch", "hint"] as const) {
      expect(parseMessage(t, undefined).ok).toBe(true);
      expect(parseMessage(t, {}).ok).toBe(true);
    }
  });

  it("refuses anything else without throwing", () => {
    const bad: [Parameters<typeof parseMessage>[0], unknown][] = [
      ["play", "TS"],
      ["play", { card: 5 }],
      ["play", { card: "TS", more: 1 }],
      ["play", { card: "x".repeat(1000) }],
      ["trump", { suit: "X" }],
      ["pickup", { card: "TS" }],
      ["rematch", [1, 2]],
      ["hint", 0],
    ];
    for (const [type, payload] of bad) {
      const r = parseMessage(type, payload);
      expect(r.ok, `${type} ${JSON.stringify(payload)}`).toBe(false);
      if (!r.ok) expect(r.message).toContain(type);
    }
  });
});
