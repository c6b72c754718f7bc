import { describe, expect, it } from "vitest";
import { animates, cursorKey, moveCursor, startCursor, tickMs, type CursorAction } from "./replay-cursor.js";

describe("the replay cursor", () => {
  it("steps within 0 … moves by the keys, and any step by hand pauses", () => {
    const keys = (c: ReturnType<typeof startCursor>, ...ks: string[]) =>
      ks.reduce((x, k) => moveCursor(x, cursorKey(k)!), c);
    const c = startCursor(5);
    expect(keys(c, "ArrowLeft").index).toBe(0);
    expect(keys(c, "ArrowRight", "ArrowRight").index).toBe(2);
    expect(keys(c, "End").index).toBe(5);
    expect(keys(c, "End", "ArrowRight").index).toBe(5);
    expect(keys(c, "End", "Home").index).toBe(0);
    const playing = keys(c, " ");
    expect(playing.playing).toBe(true);
    expect(keys(playing, "ArrowRight")).toMatchObject({ index: 1, playing: false });
    expect(cursorKey("Enter")).toBeNull();
  });

  it("plays to the end and stops there; playing at the end starts from the deal", () => {
    let c = moveCursor(startCursor(2), { kind: "toggle" });
    c = moveCursor(c, { kind: "tick" });
    expect(c).toMatchObject({ index: 1, playing: true });
    c = moveCursor(c, { kind: "tick" });
    expect(c).toMatchObject({ index: 2, playing: false });
    expect(moveCursor(c, { kind: "tick" }).index).toBe(2);
    expect(moveCursor(c, { kind: "toggle" })).toMatchObject({ index: 0, playing: true });
    expect(moveCursor(startCursor(0), { kind: "toggle" }).playing).toBe(false);
  });

  it("jumps (clamped), and a faster speed ticks sooner", () => {
    const c = startCursor(10);
    const jump = (index: number): CursorAction => ({ kind: "jump", index });
    expect(moveCursor(c, jump(7)).index).toBe(7);
    expect(moveCursor(c, jump(99)).index).toBe(10);
    expect(moveCursor(c, jump(-3)).index).toBe(0);
    expect(tickMs(moveCursor(c, { kind: "speed", speed: 2 }))).toBe(tickMs(c) / 2);
  });

  it("flies a change of one move and shows a jump at once", () => {
    expect(animates(3, 4)).toBe(true);
    expect(animates(4, 3)).toBe(true);
    expect(animates(0, 5)).toBe(false);
  });
});
