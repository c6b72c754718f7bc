import { parsePuzzleLine, refutationLine } from "@yourtrumps/ai";
import { SHIPPED_PUZZLES } from "@yourtrumps/ai/puzzles/shipped";
import { describe, expect, it } from "vitest";
import { buildView } from "../model/view.js";
import type { TableSnapshot } from "../net/snapshot.js";
import { keyMoves, wrongMove } from "./puzzle-fixtures.js";
import { PuzzleRun } from "./puzzle-run.js";
import { PUZZLE_SEAT_ID, PuzzleTable, type PuzzleEvent } from "./puzzle-table.js";

const shipped = SHIPPED_PUZZLES.split("\n").map(parsePuzzleLine);

function open(which = shipped.find((q) => keyMoves(q).length >= 2)!) {
  const snaps: TableSnapshot[] = [];
  const told: PuzzleEvent[] = [];
  const errors: string[] = [];
  const table = new PuzzleTable(
    new PuzzleRun(which),
    { snapshot: (s) => snaps.push(s), error: (e) => errors.push(e.code), hint: () => {}, connection: () => {} },
    {
      name: "Ann",
      pauseMs: 1,
      refute: (position) => Promise.resolve(refutationLine(position, 3)),
      told: (e) => told.push(e),
    },
  );
  const settledCount = (): number => told.filter((e) => e.kind === "settled").length;
  /** Waits for the table to settle `n` times in all (a line played out), and for its last snapshot. */
  const settled = async (n: number): Promise<void> => {
    await expect.poll(settledCount, { timeout: 20_000 }).toBeGreaterThanOrEqual(n);
    await expect.poll(() => snaps.at(-1)).toEqual(table.snapshot()); // the still table's snapshot, delivered in a task of its own
  };
  const view = () => buildView(snaps.at(-1)!, PUZZLE_SEAT_ID);
  const lastVerdict = () => told.filter((e) => e.kind === "verdict").at(-1);
  return { table, snaps, told, errors, settled, settledCount, lastVerdict, view, puzzle: which };
}
const move = (m: string) => (m === "pickup" ? ({ type: "pickup" } as const) : ({ type: "play", card: m } as never));

describe("a puzzle's table", () => {
  it("shows the position with the player at the bottom and every card face up", async () => {
    const { view, puzzle, snaps } = open();
    await expect.poll(() => snaps.length).toBeGreaterThan(0);
    const v = view();
    expect(v.mySeat).toBe(puzzle.position.toMove);
    expect(v.myTurn).toBe(true);
    expect(v.hand.map((h) => h.card).sort()).toEqual([...puzzle.position.hands[puzzle.position.toMove]!].sort());
    const other = v.seats.find((s) => !s.isMe)!;
    expect([...other.shown!].sort()).toEqual([...puzzle.position.hands[1 - puzzle.position.toMove]!].sort());
    expect(v.hintAvailable).toBe(false);
  });

  it("judges each move at once, plays the reply after it, and is solved along the key moves", async () => {
    const t = open();
    const moves = keyMoves(t.puzzle);
    for (const [i, m] of moves.entries()) {
      const before = t.settledCount();
      t.table.send(move(m));
      expect(t.lastVerdict()).toEqual({ kind: "verdict", verdict: i === moves.length - 1 ? "solved" : "kept" }); // at once, before any pause
      await t.settled(before + 1);
    }
    expect(t.view().myTurn).toBe(false); // nothing more to play
    expect(t.errors).toEqual([]);
  });

  it("plays out a wrong move's refutation, then a retry starts over", async () => {
    const t = open();
    t.table.send(move(wrongMove(t.puzzle)));
    expect(t.lastVerdict()).toEqual({ kind: "verdict", verdict: "wrong" });
    expect(t.table.accepting).toBe(false);
    const seqAfterWrong = t.table.snapshot().seq;
    await t.settled(1);
    expect(t.told.at(-1)).toEqual({ kind: "settled", after: "refutation" });
    expect(t.table.snapshot().seq).toBeGreaterThan(seqAfterWrong); // the refutation's moves were played
    t.table.send(move(keyMoves(t.puzzle)[0]!));
    expect(t.errors).toEqual(["not-your-turn"]); // failed: no more moves until Try again
    t.table.retry();
    expect(t.table.accepting).toBe(true);
    expect(t.table.snapshot().pile).toEqual(t.puzzle.position.pile);
  });

  it("shows the solution from the start, move by move", async () => {
    const t = open();
    t.table.showSolution();
    await t.settled(1);
    expect(t.told.at(-1)).toEqual({ kind: "settled", after: "solution" });
    expect(t.table.run.state).toBe("shown");
    expect(t.table.snapshot().seq).toBeGreaterThan(1);
  });
});
