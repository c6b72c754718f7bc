import { describe, expect, it } from "vitest";
import type { Room } from "@colyseus/sdk";
import type { HandPosition, LiveHand } from "@yourtrumps/engine";
import { legalFor, mySeat, onFrame, pickTrumps, playToEnd, seen, send, settle, until } from "../test-kit/harness.js";
import { useServer } from "../test-kit/server-fixture.js";

const h = useServer({ fillAfterSeconds: 60 });

/** The server's own hand (the truth the clients' views are checked against). */
function serverHand(roomId: string): HandPosition {
  return (h.colyseus.getRoomById(roomId) as unknown as { parts: { hand: { live: LiveHand } } }).parts.hand.live
    .position;
}

/** Every card string anywhere in a decoded state, with the path it was found at. */
function cardsIn(value: unknown, path: string, out: [string, string][]): [string, string][] {
  if (typeof value === "string" && /^[6-9TJQKA][SHDC]$/.test(value)) out.push([path, value]);
  else if (Array.isArray(value)) value.forEach((v, i) => cardsIn(v, `${path}[${i}]`, out));
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) cardsIn(v, `${path}.${k}`, out);
  return out;
}

async function table(players: 3 | 4): Promise<Room[]> {
  const first = await h.join("joinOrCreate", { mode: "quick", players });
  const rooms = [first];
  for (let i = 1; i < players; i++) rooms.push(await h.join("joinOrCreate", { mode: "quick", players }));
  expect(new Set(rooms.map((r) => r.roomId)).size).toBe(1);
  await pickTrumps(rooms);
  return rooms;
}

/**
 * After every patch, each client's decoded state may hold its own hand, the pile,
 * the last move and the cards seen picked up (R18) — and no other card of another
 * seat's hand.
 */
function checkSecrets(rooms: Room[]): number {
  let checks = 0;
  const hand = serverHand(rooms[0]!.roomId);
  for (const room of rooms) {
    const s = seen(room);
    const me = mySeat(room);
    s.seats.forEach((seat, i) => {
      if (i !== me) expect(seat.hand ?? []).toEqual([]);
    });
    const pub = new Set<string>([
      ...s.pile,
      ...s.lastMove.taken,
      s.lastMove.card,
      ...s.seats.flatMap((x) => x.pickedUp),
      ...(s.seats[me]!.hand ?? []),
    ]);
    for (const [path, card] of cardsIn(s, "state", [])) {
      if (pub.has(card)) continue;
      throw new Error(`seat ${me} received ${card} at ${path}`);
    }
    // and its own hand is exactly the server's truth once it has caught up
    if (s.seq === (h.colyseus.getRoomById(room.roomId) as unknown as { state: { seq: number } }).state.seq) {
      expect([...(s.seats[me]!.hand ?? [])].sort()).toEqual([...(hand.hands[me] ?? [])].sort());
    }
    checks++;
  }
  return checks;
}

describe("hidden hands (R18)", () => {
  for (const players of [4, 3] as const) {
    it(`no client of a ${players}-player table ever decodes another seat's cards`, async () => {
      const rooms = await table(players);
      let checks = checkSecrets(rooms);
      const listeners = rooms.map(() => () => void (checks += checkSecrets(rooms)));
      rooms.forEach((r, i) => r.onStateChange(listeners[i]!));
      const end = await playToEnd(rooms);
      rooms.forEach((r, i) => r.onStateChange.remove(listeners[i]!));
      expect(end.phase).toBe("over");
      expect(checks).toBeGreaterThan(players * 10);
      for (const r of rooms) await r.leave();
    });
  }
});

/**
 * The room patches arrays in place (a card out of the middle of a hand is one
 * delete, a pickup one insert), so every client's decoded arrays are checked
 * against the server's hand after every move of 500 moves played at random (over
 * as many hands as that takes).
 */
describe("decoded state", () => {
  it("equals the server's hand after every move: own hand, pile, cards seen picked up, result", async () => {
    const a = await h.join("create", { mode: "private", name: "A" });
    const b = await h.join("join", { mode: "private", code: seen(a).code, name: "B" });
    const rooms: Room[] = [a, b];
    let x = 12345;
    const random = (n: number): number => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) >>> 8) % n;
    await pickTrumps(rooms);
    let moves = 0;
    let hands = 1;
    while (moves < 500) {
      const s = await settle(rooms);
      const truth = serverHand(a.roomId);
      for (const room of rooms) {
        const mine = seen(room);
        const seat = mySeat(room);
        expect(mine.seats[seat]!.hand).toEqual(truth.hands[seat]);
        expect(mine.pile).toEqual(truth.pile);
        expect(mine.seats.map((z) => z.pickedUp)).toEqual(truth.pickedUp);
        expect(mine.result.places).toEqual(truth.result?.places ?? []);
      }
      if (s.phase === "over") {
        // a short hand: a rematch deals the next one over the finished hand's arrays
        rooms.forEach((r) => r.send("rematch", {}));
        hands++;
        await Promise.all(
          rooms.map((r) => until(r, (z) => z.phase === "playing" && z.hands === hands, 10_000, "the rematch")),
        );
        continue;
      }
      const mover = rooms.find((r) => mySeat(r) === s.toMove)!;
      const legal = legalFor(mover);
      send(mover, legal[random(legal.length)]!);
      moves++;
      await until(mover, (z) => z.seq > s.seq, 10_000, "the move's patch");
    }
  });
});

/**
 * Records keep each hand's seed, and the seed fixes the whole deal: a client that
 * learnt it during the hand would know every hidden card. No frame a client receives,
 * decoded or raw, carries it.
 */
describe("the seed of a hand in play", () => {
  it("never reaches a client, in any frame", async () => {
    const a = await h.join("create", { mode: "private", name: "A" });
    const b = await h.join("join", { mode: "private", code: seen(a).code, name: "B" });
    const rooms: Room[] = [a, b];
    const frames: string[] = [];
    for (const room of rooms)
      onFrame(room, (data) => frames.push(typeof data === "string" ? data : Buffer.from(data).toString("latin1")));
    await pickTrumps(rooms);
    const setup = serverHand(a.roomId).setup;
    expect(setup.kind).toBe("deal");
    const seed = String(setup.kind === "deal" ? setup.seed : "");
    expect(seed).toMatch(/^[0-9a-f]{32}$/); // 128 bits from crypto
    const end = await playToEnd(rooms);
    expect(end.phase).toBe("over");
    expect(frames.length).toBeGreaterThan(10);
    for (const frame of frames) expect(frame.includes(seed)).toBe(false);
    for (const room of rooms) expect(JSON.stringify(seen(room))).not.toContain(seed);
    for (const room of rooms) await room.leave();
  });
});
