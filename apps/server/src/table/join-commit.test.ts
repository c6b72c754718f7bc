import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Room } from "@colyseus/sdk";
import { legalFor, mySeat, pickTrumps, playMoves, seen, send, settle, until } from "../test-kit/harness.js";
import { useServer } from "../test-kit/server-fixture.js";
import { temporaryPgliteStore } from "../test-kit/postgres.js";
import type { Store } from "../storage/index.js";

/**
 * A joining client gets the whole state once its join returns: it must hold no move that
 * is not committed yet, as no patch does. Here the database holds the tables' writes back
 * (a slow commit, shorter than the journal's maxWaitMs), a move is made, and a spectator
 * and a reconnecting player join meanwhile: neither is let in before the move is committed.
 * (A spectator's join wrote nothing and waited for nothing before table-room.ts's
 * `writesCommitted`; a reconnection waits for its own token's commit, and so for the move's.)
 */
let store: Store;
let held: Promise<void> | null = null; // while set, the tables' writes wait for it
let waiting = 0; // writes waiting for `held` now
let release = (): void => {};

beforeAll(async () => {
  store = await temporaryPgliteStore();
  const write = store.live.write.bind(store.live);
  store.live.write = async (...args) => {
    if (held) {
      waiting++;
      await held;
      waiting--;
    }
    return write(...args);
  };
});
afterAll(async () => {
  await store.close();
});
const h = useServer(() => ({ store, fillAfterSeconds: 60 })); // after the store, closed before it

let writesReleased = false; // false from holdWrites until releaseWrites: what a join sees when it ends

function holdWrites(): void {
  writesReleased = false;
  held = new Promise<void>((ok) => (release = ok));
}

function releaseWrites(): void {
  writesReleased = true;
  held = null;
  release();
}

async function watch(roomId: string): Promise<Room> {
  const room = await h.colyseus.sdk.joinById(roomId, { watch: true });
  room.reconnection.enabled = false;
  await room.waitForInitialState();
  return room;
}

/**
 * Counts the calls of `hook` on the server's room `roomId`: begun, and begun but not
 * returned. A call still running once it has begun is one waiting, here for the commit.
 */
function hookCalls(roomId: string, hook: "onJoin" | "onReconnect"): { begun: number; running: number } {
  const room = h.colyseus.getRoomById(roomId) as unknown as Record<typeof hook, (...args: unknown[]) => Promise<void>>;
  const calls = { begun: 0, running: 0 };
  const original = room[hook].bind(room);
  room[hook] = async (...args) => {
    calls.begun++;
    calls.running++;
    try {
      await original(...args);
    } finally {
      calls.running--;
    }
  };
  return calls;
}

/** A quick duel a few moves in, every write committed. */
async function duelUnderWay(): Promise<Room[]> {
  const rooms = [
    await h.join("joinOrCreate", { mode: "quick", players: 2, name: "Ann" }),
    await h.join("joinOrCreate", { mode: "quick", players: 2, name: "Bob" }),
  ];
  await pickTrumps(rooms);
  await playMoves(rooms, 3);
  await settle(rooms);
  return rooms;
}

/** Makes the next move, with the database holding the writes back; the players' patch waits for the commit. */
async function heldMove(rooms: Room[]): Promise<number> {
  const before = seen(rooms[0]!).seq;
  holdWrites();
  const mover = rooms.find((r) => mySeat(r) === seen(r).toMove)!;
  send(mover, legalFor(mover)[0]!);
  await expect.poll(() => waiting).toBeGreaterThan(0); // the server has played it; its write waits
  expect(seen(rooms[0]!).seq).toBe(before); // the players do not see it yet
  return before;
}

describe("a join waits for the table's writes to commit", () => {
  it("a spectator joining while a move's commit is held back is let in after the commit, with the move", async () => {
    const rooms = await duelUnderWay();
    const before = await heldMove(rooms);
    const joins = hookCalls(rooms[0]!.roomId, "onJoin");
    let joinedAfterRelease: boolean | undefined; // unset until the join ends
    const joining = watch(rooms[0]!.roomId).then((room) => {
      joinedAfterRelease = writesReleased;
      return room;
    });
    await vi.waitFor(() => expect(joins.begun).toBe(1)); // the join has reached the table…
    expect(joins.running).toBe(1); // …and waits there
    expect(joinedAfterRelease).toBeUndefined(); // still waiting: its first state would hold the uncommitted move
    releaseWrites();
    const spectator = await joining;
    expect(joinedAfterRelease).toBe(true);
    expect(seen(spectator).seq).toBe(before + 1);
    await until(rooms[0]!, (s) => s.seq === before + 1, 5000, "the players' patch after the commit");
    await spectator.leave();
  });

  it("a player coming back while a move's commit is held back gets the state after the commit", async () => {
    const rooms = await duelUnderWay();
    // The player not to move drops (a drop, not a leave: the seat waits for them); the one to move moves meanwhile.
    const mover = rooms.find((r) => mySeat(r) === seen(r).toMove)!;
    const dropped = rooms.find((r) => r !== mover)!;
    const token = dropped.reconnectionToken;
    dropped.connection.close();
    await until(mover, (s) => s.seats.some((x) => !x.connected), 5000, "the drop");
    const before = await heldMove([mover]);
    const comebacks = hookCalls(mover.roomId, "onReconnect");
    let joinedAfterRelease: boolean | undefined; // unset until the reconnection ends
    const joining = h.colyseus.sdk.reconnect(token).then(async (room) => {
      joinedAfterRelease = writesReleased;
      await room.waitForInitialState();
      return room;
    });
    await vi.waitFor(() => expect(comebacks.begun).toBe(1)); // the reconnection has reached the table…
    expect(comebacks.running).toBe(1); // …and waits there
    expect(joinedAfterRelease).toBeUndefined();
    releaseWrites();
    const back = await joining;
    expect(joinedAfterRelease).toBe(true);
    expect(seen(back).seq).toBe(before + 1);
    await back.leave();
  });
});
