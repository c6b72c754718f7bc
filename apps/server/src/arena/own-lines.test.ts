import { describe, expect, it } from "vitest";
import type { ArenaYouMessage } from "@yourtrumps/protocol";
import { Standings } from "../arena-rules/standings.js";
import type { ArenaPlayerRecord } from "../storage/arenas.js";
import { OwnLines, type MessageOf } from "./own-lines.js";
import { standingOf } from "./answers.js";

const line = (playerId: string, score: number): ArenaPlayerRecord => ({
  playerId,
  name: playerId,
  rating: 1500,
  score,
  hands: score === 0 ? 0 : 1,
  wins: 0,
  berserks: 0,
  fire: false,
  performanceSum: 1500,
  reachedAt: 1,
  paused: false,
  pauses: 0,
  pausedAt: null,
  joinedAt: 0,
});

describe("whom a standings push tells of themselves", () => {
  const rejoinAt = new Map<string, number>();
  const absent = new Set<string>();
  const messageOf: MessageOf = (l, rank) =>
    absent.has(l.playerId)
      ? null
      : { me: standingOf(l, rank), paused: l.paused, playing: null, rejoinAt: rejoinAt.get(l.playerId) ?? 0 };
  const told = (players: [string, ArenaYouMessage][]): Record<string, number> =>
    Object.fromEntries(players.map(([id, m]) => [id, m.me.rank]));

  it("tells everyone first, then only those whose line or rank changed, those named, and those whose rejoin time passed", () => {
    const standings = new Standings<ArenaPlayerRecord>();
    for (const [id, score] of [
      ["a", 6],
      ["b", 4],
      ["c", 2],
      ["d", 1],
    ] as const)
      standings.set(line(id, score));
    const own = new OwnLines();
    absent.add("d");
    expect(told(own.due(standings, [], 0, messageOf))).toEqual({ a: 1, b: 2, c: 3 }); // d is not connected
    expect(own.due(standings, [], 0, messageOf)).toEqual([]); // nothing changed: nobody

    standings.set(line("c", 5)); // c passes b: both ranks change, a's does not
    expect(told(own.due(standings, [], 0, messageOf))).toEqual({ b: 3, c: 2 });

    absent.delete("d");
    rejoinAt.set("a", 100);
    expect(told(own.due(standings, ["d", "a"], 50, messageOf))).toEqual({ a: 1, d: 4 }); // named: came back, a new time
    expect(own.due(standings, [], 99, messageOf)).toEqual([]);
    rejoinAt.delete("a");
    const passed = own.due(standings, [], 100, messageOf); // a's rejoin time passed: told again, with none
    expect(passed).toEqual([["a", expect.objectContaining({ rejoinAt: 0 })]]);
    expect(own.due(standings, [], 200, messageOf)).toEqual([]);

    standings.set(line("d", 9)); // moved and named: told once
    const moved = own.due(standings, ["d"], 200, messageOf);
    expect(told(moved)).toEqual({ d: 1, a: 2, c: 3, b: 4 });
    expect(moved).toHaveLength(4);
  });
});
