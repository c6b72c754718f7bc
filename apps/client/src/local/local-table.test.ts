import { randomBytes, randomUUID } from "node:crypto";
import { ALL_CARDS, replay, type Move } from "@yourtrumps/engine";
import type { ErrorMessage, HintMessage, PlayerCount } from "@yourtrumps/protocol";
import { describe, expect, it, vi } from "vitest";
import { buildView } from "../model/view.js";
import type { TableSnapshot } from "../net/snapshot.js";
import { memoryStorage } from "../net/test-storage.js";
import type { LocalComputer } from "./computer.js";
import { InThreadComputer } from "./in-thread-computer.js";
import { LOCAL_SEAT_ID, LocalTable, type FinishedLocalHand, type LocalTableParts } from "./local-table.js";
import { LOCAL_TABLE_KEY } from "./saved-table.js";
import { uploadOf } from "./uploads.js";

/** A local table driven headless: the real engine and the real computer players (on this thread), its events recorded. */
function harness(storage = memoryStorage()) {
  const snapshots: TableSnapshot[] = [];
  const errors: ErrorMessage[] = [];
  const hints: HintMessage[] = [];
  const finished: FinishedLocalHand[] = [];
  const events = {
    snapshot: (s: TableSnapshot) => snapshots.push(s),
    error: (e: ErrorMessage) => errors.push(e),
    hint: (h: HintMessage) => hints.push(h),
    connection: () => {},
  };
  const parts: LocalTableParts = {
    computer: new InThreadComputer(),
    storage,
    pauseMs: 0,
    hintMs: 50,
    hardMs: 50,
    randomBytes: (n) => new Uint8Array(randomBytes(n)),
    uuid: () => randomUUID(),
    now: () => Date.now(),
    finished: (f) => finished.push(f),
    standIn: () => new InThreadComputer(),
    askDeadlineMs: 5_000,
  };
  const last = (): TableSnapshot => snapshots.at(-1)!;
  return { storage, snapshots, errors, hints, finished, events, parts, last };
}

/** Resolves once `test` holds for the latest snapshot (the computers answer on later tasks). */
async function until(
  last: () => TableSnapshot,
  test: (s: TableSnapshot) => boolean,
  what: string,
): Promise<TableSnapshot> {
  return vi.waitFor(
    () => {
      if (!test(last())) throw new Error(`timed out waiting for ${what}`);
      return last();
    },
    { timeout: 60_000, interval: 1 },
  );
}

/** Plays the person's first legal move (as the view model offers it) whenever it is their turn, to the result. */
async function playToResult(table: LocalTable, last: () => TableSnapshot): Promise<TableSnapshot> {
  for (;;) {
    const s = await until(last, (x) => x.phase === "over" || x.toMove === 0, "the person's turn or the result");
    if (s.phase === "over") return s;
    const view = buildView(s, LOCAL_SEAT_ID);
    const move = view.legal.find((m) => m.type === "play") ?? view.legal[0]!;
    table.send(move);
  }
}

describe("local table", () => {
  it("opens at the trump choice, deals when the person has picked, and shows only the person's cards", () => {
    const h = harness();
    const table = LocalTable.open({ players: 2, level: "easy", name: "Ann" }, h.events, h.parts);
    expect(h.last()).toMatchObject({
      phase: "choosing",
      mode: "computer",
      toMove: -1,
      deadline: 0,
      handId: "",
      result: null,
    });
    expect(h.last().seats.map((s) => [s.name, s.isAI, s.sessionId, s.trump])).toEqual([
      ["Ann", false, LOCAL_SEAT_ID, null],
      ["Computer", true, "", null],
    ]);
    expect(buildView(h.last(), LOCAL_SEAT_ID).prompt).toBe("chooseTrump");
    table.chooseTrump("D");
    const dealt = h.last();
    expect(dealt.phase).toBe("playing");
    expect(dealt.handId).toMatch(/^[0-9a-f-]{36}$/);
    expect(dealt.seats[0]!.trump).toBe("D");
    expect(dealt.seats[1]!.trump).not.toBe("D"); // R3's default among the free suits
    expect(dealt.seats[0]!.hand).toHaveLength(dealt.seats[0]!.cardCount);
    expect(dealt.seats[1]!.hand).toBeNull(); // never the computer's cards
    expect(dealt.seats[0]!.cardCount + dealt.seats[1]!.cardCount).toBe(36); // 18 each, then R6's sixes go to their owners
    table.close();
  });

  it("plays a duel to the result, the computer moving in turn, and deals a rematch with the same trumps", async () => {
    const h = harness();
    const table = LocalTable.open({ players: 2, level: "medium", name: "Ann" }, h.events, h.parts);
    table.chooseTrump("S");
    const end = await playToResult(table, h.last);
    expect(end.result).not.toBeNull();
    expect(end.toMove).toBe(-1);
    expect(end.seats[1]!.rematch).toBe(true); // the computer always agrees
    expect(h.errors).toEqual([]);
    // The finished hand replays through the engine to the result the table showed.
    expect(h.finished).toHaveLength(1);
    const f = h.finished[0]!;
    expect(f.hand.id).toBe(end.handId);
    expect(replay(f.hand.setup, f.hand.log).result).toEqual({
      places: end.result!.places,
      loser: end.result!.loser,
      reason: end.result!.reason,
    });
    expect(end.seq).toBe(f.hand.log.length);
    const upload = uploadOf(f);
    expect(upload).toMatchObject({ id: end.handId, players: 2, level: "medium", trumps: f.hand.setup.trumps });
    expect(upload.moves).toHaveLength(f.hand.log.length);
    // Computer moves came with last moves the announcements read.
    expect(h.snapshots.some((s) => s.lastMove?.seat === 1)).toBe(true);
    table.rematch();
    const again = h.last();
    expect(again.phase).toBe("playing");
    expect(again.handId).not.toBe(end.handId);
    expect(again.seats.map((s) => s.trump)).toEqual(end.seats.map((s) => s.trump));
    table.close();
  });

  it("refuses what the engine or the phase refuses, changing nothing", async () => {
    const h = harness();
    const table = LocalTable.open({ players: 2, level: "easy", name: "Ann" }, h.events, h.parts);
    table.send({ type: "pickup" });
    table.rematch();
    expect(h.errors.map((e) => e.code)).toEqual(["wrong-phase", "wrong-phase"]);
    table.chooseTrump("H");
    table.chooseTrump("S");
    expect(h.errors.at(-1)?.code).toBe("wrong-phase");
    const mine = await until(h.last, (s) => s.toMove === 0, "the person's turn");
    const seq = mine.seq;
    const notMine = ALL_CARDS.find((c) => !mine.seats[0]!.hand!.includes(c))!;
    table.send({ type: "play", card: notMine });
    expect(h.errors.at(-1)?.code).toBe("not-in-hand");
    expect(h.last().seq).toBe(seq);
    table.close();
  });

  it("returns to the same hand from the kept table after a reload, and forgets one the engine cannot play forward", async () => {
    const h = harness();
    const table = LocalTable.open({ players: 3, level: "easy", name: "Ann" }, h.events, h.parts);
    table.chooseTrump("C");
    // A few moves in: the person's turn.
    for (let i = 0; i < 3; i++) {
      const s = await until(h.last, (x) => x.toMove === 0 && x.phase === "playing", "the person's turn");
      table.send(buildView(s, LOCAL_SEAT_ID).legal[0]!);
    }
    const before = await until(h.last, (x) => x.toMove === 0 || x.phase === "over", "the person's turn");
    table.close(); // the page goes away
    const again = harness(h.storage);
    const resumed = LocalTable.resume(again.events, again.parts);
    expect(resumed).not.toBeNull();
    expect(again.last()).toEqual(before);
    expect(again.last().seats[0]!.hand).toEqual(before.seats[0]!.hand);
    resumed!.close();
    // A kept table with a move the rules refuse is dropped, not shown.
    const saved = JSON.parse(h.storage.getItem(LOCAL_TABLE_KEY)!) as { hand: { log: Move[] } };
    saved.hand.log.push({ type: "play", card: "AS" }, { type: "play", card: "AS" });
    h.storage.setItem(LOCAL_TABLE_KEY, JSON.stringify(saved));
    expect(LocalTable.resume(harness(h.storage).events, h.parts)).toBeNull();
    expect(h.storage.getItem(LOCAL_TABLE_KEY)).toBeNull();
    h.storage.setItem(LOCAL_TABLE_KEY, "{not json");
    expect(LocalTable.saved(h.storage)).toBe(false);
  });

  it.each([3, 4] as PlayerCount[])(
    "seats %i players: the person and numbered computers, one hand shown",
    async (players) => {
      const h = harness();
      const table = LocalTable.open({ players, level: "easy", name: "Ann" }, h.events, h.parts);
      table.chooseTrump("H");
      const s = h.last();
      expect(s.seats.map((x) => x.name)).toEqual(["Ann", "Computer", "Computer 2", "Computer 3"].slice(0, players));
      expect(s.seats.filter((x) => x.hand !== null)).toHaveLength(1);
      expect(new Set(s.seats.map((x) => x.trump)).size).toBe(players);
      const end = await playToResult(table, h.last);
      expect(end.result?.places).toHaveLength(players);
      table.close();
    },
  );

  it("answers a hint on the person's turn with a legal move, and refuses one on the computer's", async () => {
    const h = harness();
    const table = LocalTable.open({ players: 2, level: "easy", name: "Ann" }, h.events, h.parts);
    table.hint();
    expect(h.errors.at(-1)?.code).toBe("hint-unavailable");
    table.chooseTrump("S");
    const s = await until(h.last, (x) => x.toMove === 0, "the person's turn");
    table.hint();
    await expect.poll(() => h.hints.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const legal = buildView(s, LOCAL_SEAT_ID).legal;
    expect(legal).toContainEqual(h.hints[0]!.move);
    table.close();
  });

  it("goes on to the result when the computer's worker fails every move (an error, or no answer by the deadline): a retry, then the easy level's move from a stand-in, each failure logged", async () => {
    const h = harness();
    const logged: string[] = [];
    let asked = 0;
    let stands = 0;
    const failing: LocalComputer = {
      choose: () => (++asked % 2 === 0 ? Promise.reject(new Error("the worker died")) : new Promise<Move>(() => {})), // a dead worker never answers
      analyse: () => Promise.reject(new Error("the worker died")),
      close: () => {},
    };
    const table = LocalTable.open({ players: 3, level: "hard", name: "Ann" }, h.events, {
      ...h.parts,
      computer: failing,
      log: (m) => logged.push(m),
      askDeadlineMs: 10,
      standIn: () => (stands++, new InThreadComputer()),
    });
    table.chooseTrump("S");
    const end = await playToResult(table, h.last);
    expect(end.result?.places).toHaveLength(3);
    const computerMoves = h.finished[0]!.hand.log.length - h.snapshots.filter((s) => s.lastMove?.seat === 0).length;
    expect(computerMoves).toBeGreaterThan(0);
    expect(asked).toBe(2 * computerMoves); // each move asked twice, never more
    expect(logged.filter((m) => m.startsWith("the easy level"))).toHaveLength(computerMoves);
    expect(stands).toBe(computerMoves); // a fresh computer for each: the failed one is not asked a third time
    expect(logged.filter((m) => m.includes("attempt 2 of 2"))).toHaveLength(computerMoves);
    table.close();
  });

  it("plays the worker's answer on the retry when only the first ask fails", async () => {
    const h = harness();
    const logged: string[] = [];
    const real = new InThreadComputer();
    let asked = 0;
    const flaky: LocalComputer = {
      ...real,
      choose: (...args) => (++asked === 1 ? Promise.reject(new Error("once")) : real.choose(...args)),
      analyse: (...args) => real.analyse(...args),
      close: () => real.close(),
    };
    const table = LocalTable.open({ players: 2, level: "easy", name: "Ann" }, h.events, {
      ...h.parts,
      computer: flaky,
      log: (m) => logged.push(m),
    });
    table.chooseTrump("S");
    const end = await playToResult(table, h.last);
    expect(end.result).not.toBeNull();
    expect(logged).toEqual(["computer move failed (attempt 1 of 2): once"]);
    table.close();
  });

  it("leaving forgets the kept table", async () => {
    const h = harness();
    const table = LocalTable.open({ players: 2, level: "easy", name: "Ann" }, h.events, h.parts);
    expect(LocalTable.saved(h.storage)).toBe(true);
    await table.leave();
    expect(LocalTable.saved(h.storage)).toBe(false);
  });

  it("renamed mid-hand (the identity's name arrived after the table opened under the placeholder), seats and keeps the finished hand and a reload under the new name", async () => {
    const h = harness();
    const table = LocalTable.open({ players: 2, level: "easy", name: "Player" }, h.events, h.parts);
    table.chooseTrump("S");
    const before = h.snapshots.length;
    table.rename("Guest DC9D");
    expect(h.snapshots.length).toBe(before + 1);
    expect(h.last().seats.map((s) => s.name)).toEqual(["Guest DC9D", "Computer"]);
    table.rename("Guest DC9D"); // the same name again: nothing to show
    table.rename("");
    expect(h.snapshots.length).toBe(before + 1);
    table.close(); // the page goes away
    const again = harness(h.storage);
    const resumed = LocalTable.resume(again.events, again.parts)!;
    expect(again.last().seats[0]!.name).toBe("Guest DC9D");
    await playToResult(resumed, again.last);
    expect(again.finished.at(-1)!.names).toEqual(["Guest DC9D", "Computer"]);
    resumed.close();
  });
});
