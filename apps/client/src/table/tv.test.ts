import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Tv } from "./tv.js";

/** TV with a server whose best table is `best.value`, noting every table it watched. */
function tv(best: { value: string | null }): { tv: Tv; watched: string[]; nothing: number[] } {
  const watched: string[] = [];
  const nothing: number[] = [];
  const on = new Tv({
    best: () => Promise.resolve(best.value),
    watch: (roomId) => Promise.resolve(void watched.push(roomId)),
    nothingOn: () => void nothing.push(1),
  });
  return { tv: on, watched, nothing };
}

describe("TV", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows the best table, and within 3 s of its hand's end the next best", async () => {
    const best = { value: "A" as string | null };
    const { tv: on, watched } = tv(best);
    await on.start();
    expect(watched).toEqual(["A"]);
    best.value = "B"; // A's hand ended: the server takes it off the air
    on.handOver("hand-1");
    await vi.advanceTimersByTimeAsync(2999);
    expect(watched).toEqual(["A", "B"]);
    expect(on.roomId).toBe("B");
  });

  it("stays for a rematch dealt before it moves on, and with nothing else on the air", async () => {
    const best = { value: "A" as string | null };
    const { tv: on, watched } = tv(best);
    await on.start();
    on.handOver("hand-1");
    on.handOver(null); // the same players dealt again
    best.value = "B";
    await vi.advanceTimersByTimeAsync(10_000);
    expect(watched).toEqual(["A"]);
    best.value = null;
    on.handOver("hand-2");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(watched).toEqual(["A"]); // nothing better: the finished table stays on screen
    best.value = "C";
    await vi.advanceTimersByTimeAsync(3000); // and it keeps asking
    expect(watched).toEqual(["A", "C"]);
  });

  it("says so when nothing is being played, and turns on when something is", async () => {
    const best = { value: null as string | null };
    const { tv: on, watched, nothing } = tv(best);
    await on.start();
    expect(nothing.length).toBe(1);
    best.value = "A";
    await vi.advanceTimersByTimeAsync(3000);
    expect(watched).toEqual(["A"]);
    on.stop();
  });
});
