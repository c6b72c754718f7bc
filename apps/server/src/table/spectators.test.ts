import { describe, expect, it, vi } from "vitest";
import type { Room } from "@colyseus/sdk";
import type { LiveHand } from "@yourtrumps/engine";
import { LIVE_ROOM_NAME, joinRefusal } from "@yourtrumps/protocol";
import type { ErrorMessage, LiveAnswer, TvAnswer } from "@yourtrumps/protocol";
import {
  call,
  legalFor,
  mySeat,
  nextError,
  pickTrumps,
  playMoves,
  playToEnd,
  seen,
  settle,
  until,
} from "../test-kit/harness.js";
import { useServer } from "../test-kit/server-fixture.js";

const h = useServer({ fillAfterSeconds: 60 });

async function watch(roomId: string): Promise<Room> {
  const room = await h.colyseus.sdk.joinById(roomId, { watch: true });
  room.reconnection.enabled = false;
  await room.waitForInitialState();
  return room;
}

/** The refusal a watch request was answered with (or "joined" when it was not refused). */
async function watchAnswer(roomId: string): Promise<string> {
  try {
    const room = await watch(roomId);
    await room.leave();
    return "joined";
  } catch (e) {
    return joinRefusal(e) ?? `other: ${(e as Error).message}`;
  }
}

async function quickTable(players: 2 | 3): Promise<Room[]> {
  const rooms: Room[] = [];
  for (let i = 0; i < players; i++) rooms.push(await h.join("joinOrCreate", { mode: "quick", players, name: `P${i}` }));
  expect(new Set(rooms.map((r) => r.roomId)).size).toBe(1);
  return rooms;
}

function serverHands(roomId: string): string[][] {
  return (
    h.colyseus.getRoomById(roomId) as unknown as { parts: { hand: { live: LiveHand } } }
  ).parts.hand.live.position.hands.map((cards) => [...cards]);
}

/** Every string held anywhere in the spectator's decoder: each ref's fields and items, stale ones included. */
function decoderStrings(room: Room): string[] {
  const refs = (room.serializer as unknown as { decoder: { root: { refs: Map<number, unknown> } } }).decoder.root.refs;
  const out: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === "string") out.push(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value instanceof Map) [...value.values()].forEach(collect);
  };
  for (const ref of refs.values()) {
    if (!ref || typeof ref !== "object") continue;
    for (const value of Object.values(ref)) collect(value);
    for (const key of ["items", "tmpItems", "$items"]) collect((ref as Record<string, unknown>)[key]);
  }
  return out;
}

describe("a spectator", () => {
  it("decodes no card of any hand at a 3-player table, refs included, in any patch, and sees the hand played to its end", async () => {
    const rooms = await quickTable(3);
    await pickTrumps(rooms);
    await playMoves(rooms, 4); // joining mid-hand
    const spectator = await watch(rooms[0]!.roomId);
    const publicCards = new Set<string>(); // every card that was ever face up: pile, picked up, last move
    let patches = 0;
    const check = (): void => {
      const s = seen(spectator);
      for (const card of [...s.pile, ...s.lastMove.taken, s.lastMove.card, ...s.seats.flatMap((seat) => seat.pickedUp)])
        publicCards.add(card);
      for (const seat of s.seats) expect(seat.hand ?? []).toEqual([]);
      const strings = new Set(decoderStrings(spectator));
      for (const hand of serverHands(spectator.roomId))
        for (const card of hand)
          if (!publicCards.has(card)) expect(strings.has(card), `hidden card ${card} in the decoder`).toBe(false);
      patches++;
    };
    check();
    // joining mid-hand shows the position at once
    expect(seen(spectator).seq).toBe(seen(rooms[0]!).seq);
    expect(seen(spectator).seats.map((seat) => seat.cardCount)).toEqual(
      serverHands(spectator.roomId).map((hand) => hand.length),
    );
    spectator.onStateChange(check);
    const end = await playToEnd(rooms);
    await until(spectator, (s) => s.phase === "over", 10_000, "the spectator sees the end");
    expect(end.phase).toBe("over");
    expect(patches).toBeGreaterThan(10);
    // players see the spectator
    await until(
      rooms[0]!,
      (s) => (s as unknown as { spectators: number }).spectators === 1,
      5000,
      "the count of spectators",
    );
    spectator.onStateChange.remove(check);
    await spectator.leave();
    await until(
      rooms[0]!,
      (s) => (s as unknown as { spectators: number }).spectators === 0,
      5000,
      "the spectator gone",
    );
    for (const room of rooms) await room.leave();
  });

  it("has every game message refused and never applied", async () => {
    const rooms = await quickTable(2);
    const spectator = await watch(rooms[0]!.roomId); // choosing: trumps not picked yet
    expect(seen(spectator).phase).toBe("choosing");
    spectator.send("trump", { suit: "S" });
    expect(await nextError(spectator)).toMatchObject({
      code: "spectator",
      type: "trump",
    } satisfies Partial<ErrorMessage>);
    await pickTrumps(rooms);
    const s = await settle([...rooms, spectator]);
    const mover = rooms.find((r) => mySeat(r) === s.toMove)!;
    const legal = legalFor(mover)[0]!;
    const attempts: [string, unknown][] = [
      ["play", { card: legal.type === "play" ? legal.card : seen(mover).seats[mySeat(mover)]!.hand![0] }],
      ["pickup", {}],
      ["hint", {}],
      ["rematch", {}],
      ["trump", { suit: "H" }],
    ];
    for (const [type, payload] of attempts) {
      spectator.send(type, payload);
      expect(await nextError(spectator)).toMatchObject({ code: "spectator", type });
    }
    const after = await settle([...rooms, spectator]);
    expect(after.seq).toBe(s.seq);
    expect(after.seats.map((seat) => seat.wantsRematch)).toEqual([false, false]);
    expect(after.seats.every((seat) => !seat.isAI)).toBe(true); // nobody's seat went anywhere
    await spectator.leave();
    for (const room of rooms) await room.leave();
  });

  it("is sent each patch after the players: the room's clients list every spectator before the seats' (patches go from the last to the first)", async () => {
    const rooms = await quickTable(2);
    const first = await watch(rooms[0]!.roomId);
    const second = await watch(rooms[0]!.roomId);
    const sessions = (): string[] =>
      Array.from(
        (h.colyseus.getRoomById(rooms[0]!.roomId) as unknown as { clients: { sessionId: string }[] }).clients,
        (c) => c.sessionId,
      );
    expect(sessions()).toEqual([second.sessionId, first.sessionId, rooms[0]!.sessionId, rooms[1]!.sessionId]);
    // A player who drops and comes back is a seat again: still behind the spectators.
    const token = rooms[0]!.reconnectionToken;
    const sessionId = rooms[0]!.sessionId;
    await rooms[0]!.leave(false); // a drop, not a consented leave
    await until(first, (s) => s.seats.some((seat) => !seat.connected));
    const back = await h.colyseus.sdk.reconnect(token);
    await back.waitForInitialState();
    expect(back.sessionId).toBe(sessionId);
    expect(sessions().slice(0, 2)).toEqual([second.sessionId, first.sessionId]);
    expect(sessions().slice(2).sort()).toEqual([sessionId, rooms[1]!.sessionId].sort());
    for (const room of [first, second, back, rooms[1]!]) await room.leave();
  });

  it("takes no seat: quick match never seats a player at a full (watched) table, nor does a join by id", async () => {
    const rooms = await quickTable(2);
    const spectator = await watch(rooms[0]!.roomId);
    const newcomer = await h.join("joinOrCreate", { mode: "quick", players: 2 });
    expect(newcomer.roomId).not.toBe(rooms[0]!.roomId);
    await expect(h.colyseus.sdk.joinById(rooms[0]!.roomId, { mode: "quick", players: 2 })).rejects.toThrow(
      /already started/,
    );
    expect(seen(spectator).seats.map((seat) => seat.name)).toEqual(["P0", "P1"]);
    await newcomer.leave();
    await spectator.leave();
    for (const room of rooms) await room.leave();
  });
});

describe("who may watch", () => {
  it("a private table only when its creator allowed it; never a computer table; a quick table once it has started", async () => {
    const closed = await h.join("create", { mode: "private", name: "A" });
    const closedFriend = await h.join("join", { mode: "private", code: seen(closed).code, name: "B" });
    await until(closed, (s) => s.phase === "choosing");
    expect(await watchAnswer(closed.roomId)).toBe("watch-not-allowed");

    const open = await h.join("create", { mode: "private", name: "A", allowWatching: true });
    expect(await watchAnswer(open.roomId)).toBe("watch-not-started");
    const openFriend = await h.join("join", { mode: "private", code: seen(open).code, name: "B" });
    await until(open, (s) => s.phase === "choosing");
    expect(await watchAnswer(open.roomId)).toBe("joined");

    const computer = await h.join("create", { mode: "computer" });
    expect(await watchAnswer(computer.roomId)).toBe("watch-not-allowed");
    const waiting = await h.join("joinOrCreate", { mode: "quick", players: 4 });
    expect(await watchAnswer(waiting.roomId)).toBe("watch-not-started");
    for (const room of [closed, closedFriend, open, openFriend, computer, waiting]) await room.leave();
  });
});

describe("GET /api/live and /api/tv", () => {
  it("list the quick tables being played with their seats and spectators, never a private one, and TV shows a duel", async () => {
    const duel = await quickTable(2);
    const triple = await quickTable(3);
    const hidden = await h.join("create", { mode: "private", allowWatching: true });
    const friend = await h.join("join", { mode: "private", code: seen(hidden).code });
    const spectator = await watch(duel[0]!.roomId);
    const live = await vi.waitFor(
      async () => {
        const body = (await call<LiveAnswer>(h.base, "GET", "/api/live")).body;
        expect(body.tables.find((t) => t.roomId === duel[0]!.roomId)?.spectators).toBe(1);
        return body;
      },
      { timeout: 5000, interval: 200 },
    );
    const listed = live.tables.find((t) => t.roomId === duel[0]!.roomId);
    expect(listed).toMatchObject({
      mode: "quick",
      players: 2,
      spectators: 1,
      seats: [
        { name: "P0", playerId: "", rating: 0, computer: false },
        { name: "P1", computer: false },
      ],
    });
    expect(listed!.startedAt).toBeGreaterThan(0);
    expect(live.tables.some((t) => t.roomId === triple[0]!.roomId)).toBe(true);
    expect(live.tables.some((t) => t.roomId === hidden.roomId)).toBe(false);
    expect(live.online).toBe(0); // players online are pages with a presence connection (presence/presence.test.ts), not the clients at tables
    expect(live.tv).toBe(duel[0]!.roomId); // duels first
    expect((await call<TvAnswer>(h.base, "GET", "/api/tv")).body).toEqual({ roomId: duel[0]!.roomId });
    for (const room of [...duel, ...triple, hidden, friend, spectator]) await room.leave();
  });
});

describe("the lobby's live room", () => {
  it("lists a table once it is being played, and sends each lobby client at most one patch a second", async () => {
    const lobby = await h.colyseus.sdk.joinOrCreate(LIVE_ROOM_NAME);
    const patchedAt: number[] = [];
    lobby.onStateChange(() => patchedAt.push(Date.now()));
    const duel = await quickTable(2);
    const listed = (): string[] =>
      ((lobby.state as { toJSON(): { tables: { roomId: string }[] } }).toJSON().tables ?? []).map((t) => t.roomId);
    await expect.poll(listed, { timeout: 5000 }).toContain(duel[0]!.roomId);
    const spectators = [await watch(duel[0]!.roomId), await watch(duel[0]!.roomId)];
    await expect
      .poll(
        () =>
          (lobby.state as { toJSON(): { tables: { roomId: string; spectators: number }[] } })
            .toJSON()
            .tables.find((t) => t.roomId === duel[0]!.roomId)?.spectators,
        { timeout: 5000 },
      )
      .toBe(2);
    // Batched: however many changes (a table listed, two spectators counted), one patch a second at most; a loaded machine only sends fewer.
    const seconds = (patchedAt.at(-1)! - patchedAt[0]!) / 1000;
    expect(patchedAt.length).toBeLessThanOrEqual(Math.floor(seconds) + 2);
    for (const room of [...spectators, ...duel]) await room.leave();
    await expect.poll(listed, { timeout: 5000 }).not.toContain(duel[0]!.roomId);
    await lobby.leave();
  });
});
