import { describe, expect, it } from "vitest";
import { ArenaMembers } from "./arena-members.js";
import type { PairingRecord } from "../storage/arenas.js";

describe("an arena's members", () => {
  const lines = new Map<string, { rating: number; paused: boolean }>();
  const members = new ArenaMembers((id) => lines.get(id));
  const ids = (now: number): string[] => members.ready(now).ready.map((p) => p.id);

  it("offers for pairing the present, unpaused players at no table whose time has come, and counts the active ones", () => {
    for (const [id, rating] of [
      ["a", 1500],
      ["b", 1600],
      ["c", 1700],
      ["d", 1800],
    ] as const)
      lines.set(id, { rating, paused: false });
    members.update("a", { present: true, readyAt: 100 });
    members.update("b", { present: true, readyAt: 200 });
    members.update("c", { present: false, readyAt: 100 }); // not connected
    members.update("d", { present: true, readyAt: null }); // not waiting
    expect(ids(150)).toEqual(["a"]);
    expect(members.ready(150)).toMatchObject({ active: 3 });
    expect(members.readiness(150)).toEqual({ ready: 1, oldest: 100, next: 200, active: 3 });
    expect(members.readiness(50)).toEqual({ ready: 0, oldest: Infinity, next: 100, active: 3 });
    expect(members.ready(150).ready[0]).toEqual({ id: "a", rating: 1500, rank: 0, readySince: 100 });
    expect(ids(200).sort()).toEqual(["a", "b"]);
  });

  it("follows a table, a pause and a departure", () => {
    members.update("a", { table: { id: "p1" } as PairingRecord, readyAt: null });
    expect(ids(1000)).toEqual(["b"]);
    lines.set("b", { rating: 1600, paused: true });
    members.refresh("b");
    expect(members.ready(1000)).toMatchObject({ ready: [], active: 2 });
    expect(members.readiness(1000)).toEqual({ ready: 0, oldest: Infinity, next: null, active: 2 });
    lines.set("b", { rating: 1600, paused: false });
    members.update("b", { readyAt: 500 });
    members.update("a", { table: null, readyAt: 300 });
    expect(ids(1000).sort()).toEqual(["a", "b"]);
    members.update("a", { present: false, readyAt: null });
    expect(members.ready(1000)).toMatchObject({ active: 2 });
    expect(ids(1000)).toEqual(["b"]);
  });
});
