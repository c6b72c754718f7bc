/**
 * Tables send a patch after each change rather than on a 20-a-second tick. These
 * tests count the state patches a client receives: none while nothing changes, and
 * every change — a move, a deadline, a seat filled by a computer, a dropped
 * connection — reaches every client without waiting for the sweep (every 5 s)
 * (the harness fails its close on any change only the sweep sent).
 */
import { describe, expect, it, vi } from "vitest";
import { Protocol } from "@colyseus/core";
import type { Room } from "@colyseus/sdk";
import { boot, legalFor, mySeat, onFrame, pickTrumps, roundTrip, seen, send, until } from "../test-kit/harness.js";
import { useServer } from "../test-kit/server-fixture.js";

const h = useServer({ fillAfterSeconds: 1, turnSeconds: 30 });

/** Counts the state patches `room` receives from now on. */
function countPatches(room: Room): { readonly count: number } {
  const counter = { count: 0 };
  onFrame(room, (data) => {
    if (data instanceof ArrayBuffer && new Uint8Array(data)[0] === Protocol.ROOM_STATE_PATCH) counter.count++;
  });
  return counter;
}

/** Counts the sweeps (every 5 s, table-room.ts) of the server's room `roomId` from now on. */
function sweeps(roomId: string): { count: number } {
  const room = h.colyseus.getRoomById(roomId) as unknown as { sweep: () => void };
  const counter = { count: 0 };
  const original = room.sweep.bind(room);
  room.sweep = () => {
    original();
    counter.count++;
  };
  return counter;
}

async function privateDuel(): Promise<Room[]> {
  const a = await h.join("create", { mode: "private", name: "A" });
  const b = await h.join("join", { mode: "private", code: seen(a).code, name: "B" });
  await pickTrumps([a, b]);
  return [a, b];
}

describe("patches", () => {
  it("are not sent while a table's state does not change (a person thinking, past a sweep)", async () => {
    const rooms = await privateDuel();
    const counters = rooms.map(countPatches);
    const swept = sweeps(rooms[0]!.roomId);
    await vi.waitFor(() => expect(swept.count).toBeGreaterThan(0), { timeout: 15_000, interval: 100 });
    await Promise.all(rooms.map(roundTrip)); // a patch the sweep sent has arrived by now (one socket, in order)
    expect(counters.map((c) => c.count)).toEqual([0, 0]);
    for (const r of rooms) await r.leave();
  });

  it("carry every move and its deadline to both clients", async () => {
    const rooms = await privateDuel();
    const counters = rooms.map(countPatches);
    for (let i = 0; i < 6; i++) {
      const s = seen(rooms[0]!);
      if (s.phase !== "playing") break;
      const mover = rooms.find((r) => mySeat(r) === s.toMove)!;
      const before = s.deadline;
      send(mover, legalFor(mover)[0]!);
      const after = await Promise.all(rooms.map((r) => until(r, (x) => x.seq > s.seq, 5000, "the move")));
      // the next turn's deadline arrives with the move
      for (const x of after) if (x.phase === "playing") expect(x.deadline).toBeGreaterThan(before);
    }
    expect(counters[0]!.count).toBeGreaterThanOrEqual(6);
    expect(counters[1]!.count).toBeGreaterThanOrEqual(6);
    for (const r of rooms) await r.leave();
  });

  it("carry the quick match's computer fill and a dropped connection", async () => {
    const a = await h.join("joinOrCreate", { mode: "quick", players: 3, name: "Solo" });
    const filled = await until(a, (x) => x.phase !== "waiting", 10_000, "the computer fill");
    expect(filled.seats.filter((x) => x.isAI)).toHaveLength(2);
    await a.leave();

    const [p, q] = await privateDuel();
    const watcher = countPatches(q!);
    await p!.leave(false); // a drop, not a consented leave: the seat is held
    const dropped = await until(q!, (x) => x.seats[mySeat(p!)]?.connected === false, 5000, "the drop");
    expect(dropped.seats.some((x) => !x.connected)).toBe(true);
    expect(watcher.count).toBeGreaterThan(0);
    await q!.leave();
  });
});

describe("the sweep", () => {
  it("sends a change no part patched within its interval, and the harness reports it", async () => {
    const own = await boot();
    const a = await own.join("create", { mode: "private", name: "A" });
    const room = own.colyseus.getRoomById(a.roomId) as unknown as {
      state: { seats: { at(i: number): { name: string } } };
    };
    room.state.seats.at(0).name = "Changed behind the table's back";
    const s = await until(a, (x) => x.seats[0]!.name === "Changed behind the table's back", 8000, "the sweep");
    expect(s.seats[0]!.name).toBe("Changed behind the table's back");
    await expect(own.close()).rejects.toThrow(/waited for the sweep/);
  });
});
