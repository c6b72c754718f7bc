import { describe, expect, it } from "vitest";
import type { Room } from "@colyseus/sdk";
import { mySeat, pickTrumps, playMoves, playToEnd, seen, settle, until } from "../test-kit/harness.js";
import { useServer } from "../test-kit/server-fixture.js";

const h = useServer({ reconnectSeconds: 1.5, turnSeconds: 30 });

async function duel(): Promise<[Room, Room]> {
  const a = await h.join("create", { mode: "private", name: "A" });
  const b = await h.join("join", { mode: "private", code: seen(a).code, name: "B" });
  await pickTrumps([a, b]);
  return [a, b];
}

describe("dropped and departed players", () => {
  it("a dropped client reconnects to its seat and hand", async () => {
    const [a, b] = await duel();
    // play a few moves so the hand is not the dealt one
    await playMoves([a, b], 3);
    await settle([a, b]);
    const seat = mySeat(b);
    const before = seen(b);
    const token = b.reconnectionToken;
    await b.leave(false); // drop, not a consented leave
    await until(a, (x) => x.seats[seat]!.connected === false);
    const back = await h.colyseus.sdk.reconnect(token);
    await back.waitForInitialState();
    await until(back, (x) => x.seats[seat]!.connected === true);
    const after = seen(back);
    expect(back.sessionId).toBe(b.sessionId);
    expect(mySeat(back)).toBe(seat);
    expect(after.seats[seat]!.hand).toEqual(before.seats[seat]!.hand);
    expect(after.seats[seat]!.isAI).toBe(false);
    expect(after.seq).toBe(before.seq);
    // and the hand goes on with the reconnected client
    back.reconnection.enabled = false;
    const end = await playToEnd([a, back]);
    expect(end.phase).toBe("over");
    expect(end.seats.every((x) => !x.isAI)).toBe(true);
    await back.leave();
  });

  it("a client that stays away is replaced by a computer player and the hand finishes", async () => {
    const [a, b] = await duel();
    const seat = mySeat(b);
    await b.leave(false);
    const s = await until(a, (x) => x.seats[seat]!.isAI, 6000, "the computer to take the seat");
    expect(s.seats[seat]!.sessionId).toBe("");
    expect(s.phase).toBe("playing");
    const end = await playToEnd([a]);
    expect(end.phase).toBe("over");
    await expect(h.colyseus.sdk.reconnect(b.reconnectionToken)).rejects.toThrow();
  });

  it("a player who leaves on purpose is replaced at once", async () => {
    const [a, b] = await duel();
    const seat = mySeat(b);
    const shown: { connected: boolean; isAI: boolean }[] = []; // the seat in each patch after the leave
    a.onStateChange(() => {
      const { connected, isAI } = seen(a).seats[seat]!;
      shown.push({ connected, isAI });
    });
    await b.leave(true);
    await until(a, (x) => x.seats[seat]!.isAI, 5000);
    // The patch that changed the seat gave it to a computer: none showed it held for a reconnection (as a drop's does).
    expect(shown.filter((x) => !x.connected && !x.isAI)).toEqual([]);
    const end = await playToEnd([a]);
    expect(end.phase).toBe("over");
    // the remaining human alone decides the rematch
    a.send("rematch");
    await until(a, (x) => x.phase === "playing" && x.hands === 2);
  });

  it("leaving while waiting frees the seat for the next player", async () => {
    const a = await h.join("create", { mode: "private", players: 3 });
    const code = seen(a).code;
    const b = await h.join("join", { mode: "private", code });
    await until(a, (x) => x.seats[1]!.sessionId === b.sessionId);
    await b.leave(false);
    await until(a, (x) => x.seats[1]!.sessionId === "");
    const c = await h.join("join", { mode: "private", code });
    expect(mySeat(c)).toBe(1);
    expect(seen(c).phase).toBe("waiting");
  });
});
