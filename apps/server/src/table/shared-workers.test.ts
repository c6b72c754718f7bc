/**
 * The search workers are shared by every table: no client may stall them. Hints are
 * rationed, a table nobody sits at stops thinking, and computer tables are limited in
 * all, per client address and per player. Real server, real SDK, real worker threads;
 * what is asserted is what the pool did (its load), never how long anything took.
 */
import { afterEach, describe, expect, it } from "vitest";
import { matchMaker } from "@colyseus/core";
import { ColyseusSDK, type Room } from "@colyseus/sdk";
import type { ErrorMessage, HintMessage, JoinOptions } from "@yourtrumps/protocol";
import { joinRefusal } from "@yourtrumps/protocol";
import { newHand, viewFor } from "@yourtrumps/engine";
import { eventually, players } from "../test-kit/tables.js";
import { legalFor, nextError, pickTrumps, seen, send, until, type Harness } from "../test-kit/harness.js";
import { useServer } from "../test-kit/server-fixture.js";
import type { ComputerLoad } from "./computer.js";

/** A computer table, dealt, with its person to move. */
async function dealtTable(h: Harness, level: "easy" | "medium" | "hard"): Promise<Room> {
  const room = await h.join("create", { mode: "computer", level });
  await pickTrumps([room]);
  await until(room, (s) => s.phase === "playing" && s.toMove === 0, 15_000, "the person to move");
  return room;
}

/**
 * Holds the one search worker for about 3 s with a real search of its own (a 4-player
 * view: no exact solver to end it early), so that what the tables ask next must queue.
 */
function occupy(h: Harness): Promise<unknown> {
  const hand = newHand({ players: 4, seed: 7 });
  return h.server.ai.chooseMove(viewFor(hand, hand.toMove), { level: "hard", timeMs: 3000 }, { owner: "occupier" });
}

const load = (h: Harness): ComputerLoad => h.server.ai.load();
const loadIs = (h: Harness, test: (l: ComputerLoad) => boolean, what: string): Promise<ComputerLoad> =>
  eventually(() => Promise.resolve(load(h)), test, 15_000, what);

/**
 * Plays the person's moves until one leaves the computer to think (a move may leave the
 * turn with the person): its search is then queued. Answers how many moves it played.
 */
async function moveUntilComputerQueued(h: Harness, room: Room): Promise<number> {
  const queued = load(h).queued;
  for (let i = 0; i < 20; i++) {
    const before = await until(room, (s) => s.phase === "playing" && s.toMove === 0, 15_000, "the person to move");
    send(room, legalFor(room)[0]!);
    const after = await eventually(
      () => Promise.resolve({ queued: load(h).queued, state: seen(room) }),
      (x) => x.queued > queued || (x.state.seq > before.seq && x.state.toMove === 0),
      15_000,
      "the move's effect",
    );
    if (after.queued > queued) return i + 1;
  }
  throw new Error("the computer never had to move");
}

describe("hints share the workers with computer moves", () => {
  const h = useServer({ aiDelayMs: 5, hintMs: 100 });

  it("a flood of hints is one search a turn, and a hint is refused while a move waits for the worker", async () => {
    const flooder = await dealtTable(h, "easy"); // easy replies never use the search worker
    const honest = await dealtTable(h, "medium");
    const other = await dealtTable(h, "easy");
    await loadIs(h, (l) => l.queued === 0 && l.running === 0, "an idle pool");
    const before = load(h).done;
    const hints: HintMessage[] = [];
    const errors: ErrorMessage[] = [];
    flooder.onMessage("hint", (m: HintMessage) => hints.push(m));
    flooder.onMessage("error", (m: ErrorMessage) => errors.push(m));

    const occupied = occupy(h);
    await loadIs(h, (l) => l.running === 1, "the worker busy");
    for (let i = 0; i < 20; i++) flooder.send("hint", {});
    await loadIs(h, (l) => l.queued === 1, "the flooder's hint queued");
    const personMoves = await moveUntilComputerQueued(h, honest); // the honest table's computer must answer: its search waits for the worker too
    expect(load(h).queued).toBe(2); // twenty hint requests are one search
    other.send("hint", {});
    const refused = await nextError(other, 10_000);
    expect(refused).toMatchObject({ code: "hint-unavailable", type: "hint" });
    expect(refused.message).toMatch(/busy/);

    await occupied;
    await eventually(
      () => Promise.resolve(hints.length),
      (n) => n === 1,
      15_000,
      "the hint",
    );
    for (let i = 0; i < 5; i++) flooder.send("hint", {}); // the same turn: the same answer, no new search
    await eventually(
      () => Promise.resolve(hints.length),
      (n) => n === 6,
      15_000,
      "the repeated hints",
    );
    expect(new Set(hints.map((m) => JSON.stringify(m))).size).toBe(1);
    expect(errors).toEqual([]);
    const answered = await until(honest, (s) => s.toMove === 0 && s.seq >= 2, 15_000, "the computer's answer");
    await loadIs(h, (l) => l.queued === 0 && l.running === 0, "an idle pool");
    // The occupier, the flooder's one hint, and at most one search per computer move at the honest table (the engine plays some itself).
    expect(load(h).done - before).toBeLessThanOrEqual(2 + answered.seq - personMoves);
  });

  it("a seat whose last hint is still being worked out gets no second search on its next turn", async () => {
    const flooder = await dealtTable(h, "easy");
    await loadIs(h, (l) => l.queued === 0 && l.running === 0, "an idle pool");
    const before = load(h).done;
    const occupied = occupy(h);
    await loadIs(h, (l) => l.running === 1, "the worker busy");
    flooder.send("hint", {});
    await loadIs(h, (l) => l.queued === 1, "the hint queued");
    const seq = (await until(flooder, () => true)).seq;
    send(flooder, legalFor(flooder)[0]!);
    const next = await until(
      flooder,
      (s) => (s.phase === "playing" && s.toMove === 0 && s.seq > seq) || s.phase === "over",
      15_000,
      "the flooder's next turn",
    );
    if (next.phase === "over") return; // the hand ended with that move: nothing left to ask about
    flooder.send("hint", {});
    const refused = await nextError(flooder, 10_000);
    expect(refused).toMatchObject({ code: "hint-unavailable" });
    expect(refused.message).toMatch(/still being worked out/);
    await occupied;
    await loadIs(h, (l) => l.queued === 0 && l.running === 0, "an idle pool");
    expect(load(h).done - before).toBe(2); // the occupier and the one hint
  });
});

describe("a table nobody sits at", () => {
  const h = useServer({ aiDelayMs: 5 });

  it("closes when its last person leaves, and its queued search is cancelled, never run", async () => {
    const table = await dealtTable(h, "hard");
    await loadIs(h, (l) => l.queued === 0 && l.running === 0, "an idle pool");
    const before = load(h).done;
    const occupied = occupy(h);
    await loadIs(h, (l) => l.running === 1, "the worker busy");
    await moveUntilComputerQueued(h, table);
    const roomId = table.roomId;
    await table.leave(true);
    await loadIs(h, (l) => l.queued === 0, "the search cancelled");
    await eventually(
      () => Promise.resolve(matchMaker.getLocalRoomById(roomId)),
      (room) => room === undefined,
      15_000,
      "the table disposed",
    );
    await occupied;
    await loadIs(h, (l) => l.running === 0, "the worker idle");
    expect(load(h).done - before).toBe(1); // the occupier alone: the left table's search never ran
  });
});

describe("computer tables are limited", () => {
  const sdks: ColyseusSDK[] = [];
  const rooms: Room[] = [];
  /** A client whose requests say they come from `address` (the server trusts a proxy here). */
  const from = (address: string): ColyseusSDK => {
    const sdk = new ColyseusSDK(`ws://127.0.0.1:${h.server.port}`, { headers: { "X-Forwarded-For": address } });
    sdks.push(sdk);
    return sdk;
  };
  const create = async (sdk: ColyseusSDK, options: JoinOptions): Promise<Room | string> => {
    try {
      const room = await sdk.create("table", options);
      room.reconnection.enabled = false;
      rooms.push(room);
      return room;
    } catch (e) {
      return joinRefusal(e) ?? String(e);
    }
  };
  const h = useServer({ trustProxy: 1, computerTables: { total: 4, perAddress: 2, perPlayer: 1 } });
  afterEach(async () => {
    await Promise.all(
      rooms
        .splice(0)
        .filter((r) => r.connection?.isOpen)
        .map((r) => r.leave(true).catch(() => 0)),
    );
    await eventually(
      () => matchMaker.query({}),
      (tables) => tables.length === 0,
      15_000,
      "every table closed",
    );
  });

  it("per address, per player and in all, with a clear refusal; a table left frees its place", async () => {
    const a = from("203.0.113.1");
    const burst = await Promise.all(Array.from({ length: 40 }, () => create(a, { mode: "computer", level: "hard" })));
    expect(burst.filter((r) => typeof r !== "string")).toHaveLength(2);
    expect(burst.filter((r) => r === "too-many-tables")).toHaveLength(38);

    const [pat] = await players(h.store, "Pat");
    expect(await create(from("203.0.113.2"), { mode: "computer", token: pat!.token })).not.toBeTypeOf("string");
    expect(await create(from("203.0.113.3"), { mode: "computer", token: pat!.token })).toBe("too-many-tables"); // the same player elsewhere
    expect(await create(from("203.0.113.4"), { mode: "computer" })).not.toBeTypeOf("string"); // four open in all
    expect(await create(from("203.0.113.5"), { mode: "computer" })).toBe("server-busy");

    const left = burst.find((r): r is Room => typeof r !== "string")!;
    await left.leave(true);
    const again = await eventually(
      () => create(from("203.0.113.5"), { mode: "computer" }),
      (r) => typeof r !== "string",
      15_000,
      "a place free again",
    );
    expect(again).not.toBeTypeOf("string");
  });

  it("tables with people are not computer tables", async () => {
    const a = from("203.0.113.6");
    const made = await Promise.all(Array.from({ length: 4 }, () => create(a, { mode: "private" })));
    expect(made.every((r) => typeof r !== "string")).toBe(true);
  });
});

describe("a client address", () => {
  const h = useServer({ computerTables: { total: 10, perAddress: 1, perPlayer: 10 } });

  it("is the socket's unless a proxy is trusted: a header naming another one changes nothing", async () => {
    const sdk = (address: string): ColyseusSDK =>
      new ColyseusSDK(`ws://127.0.0.1:${h.server.port}`, {
        headers: { "X-Real-IP": address, "X-Forwarded-For": address },
      });
    const first = await sdk("198.51.100.1").create("table", { mode: "computer" });
    const second = await sdk("198.51.100.2")
      .create("table", { mode: "computer" })
      .then(
        (room) => room,
        (e: unknown) => joinRefusal(e),
      );
    expect(second).toBe("too-many-tables");
    await first.leave(true);
  });
});
