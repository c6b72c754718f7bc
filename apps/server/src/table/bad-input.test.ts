import { describe, expect, it } from "vitest";
import type { Room } from "@colyseus/sdk";
import {
  expectOnlyMove,
  legalFor,
  mySeat,
  nextError,
  nextState,
  pickTrumps,
  seen,
  send,
  until,
} from "../test-kit/harness.js";
import { useServer } from "../test-kit/server-fixture.js";
import type { Seen } from "../test-kit/harness.js";
import { ALL_CARDS, movesFor } from "@yourtrumps/engine";
import type { Suit } from "@yourtrumps/engine";

const h = useServer({ messagesPerSecond: 20 });

async function duel(): Promise<{ mover: Room; waiter: Room }> {
  const a = await h.join("create", { mode: "private" });
  const b = await h.join("join", { mode: "private", code: seen(a).code });
  await pickTrumps([a, b]);
  const s = await until(a, (x) => x.phase === "playing");
  const mover = mySeat(a) === s.toMove ? a : b;
  return { mover, waiter: mover === a ? b : a };
}

/**
 * Sends one message and expects one error with `code`, the connection kept. That nothing
 * changed is proven by the legal move made after a series of these (`legalMoveChangesOnly`).
 */
async function refused(room: Room, code: string, type: string, payload?: unknown): Promise<void> {
  const before: Seen = seen(room);
  const error = nextError(room);
  room.send(type, payload);
  const e = await error;
  expect(e.code).toBe(code);
  expect(typeof e.message).toBe("string");
  expect(seen(room)).toEqual(before);
  expect(room.connection.isOpen).toBe(true);
}

/**
 * `mover` makes its first legal move; the first patch after it must show that move alone
 * over `before`: a patch of anything refused earlier would have come first, or with it.
 */
async function legalMoveChangesOnly(mover: Room, before: Seen): Promise<Seen> {
  const move = legalFor(mover)[0]!;
  const next = nextState(mover);
  send(mover, move);
  const after = await next;
  expectOnlyMove(before, after, mySeat(mover), move);
  return after;
}

describe("bad input", () => {
  it("refuses out-of-turn, illegal and malformed messages, changing nothing", async () => {
    const { mover, waiter } = await duel();
    const s = seen(mover);
    const mine = s.seats[mySeat(mover)]!;
    const theirs = seen(waiter).seats[mySeat(waiter)]!.hand!;
    await refused(waiter, "not-your-turn", "play", { card: theirs[0] });
    await refused(waiter, "not-your-turn", "pickup", {});
    await refused(mover, "not-in-hand", "play", { card: theirs[0] });
    await refused(mover, "empty-pile", "pickup", {}); // the opening lead: nothing to pick up
    await refused(mover, "malformed", "play", { card: "XX" });
    await refused(mover, "malformed", "play", { card: 42 });
    await refused(mover, "malformed", "play", "TS");
    await refused(mover, "malformed", "play", { card: mine.hand![0], extra: true });
    await refused(mover, "malformed", "play");
    await refused(mover, "malformed", "trump", { suit: "X" });
    await refused(mover, "wrong-phase", "trump", { suit: "D" });
    await refused(mover, "wrong-phase", "rematch", {});
    await refused(mover, "unknown-message", "cheat", { card: "AS" });
    await refused(mover, "unknown-message", 7 as unknown as string, {});

    // now a card that does not beat: lead (the first change since the refusals), then the other side tries a non-beating card
    await legalMoveChangesOnly(mover, s);
    const after = await until(waiter, (x) => x.toMove === mySeat(waiter));
    const me = after.seats[mySeat(waiter)]!;
    const beating = new Set(
      movesFor(me.hand!, after.pile, me.trump as Suit, false).flatMap((m) => (m.type === "play" ? [m.card] : [])),
    );
    const loser = me.hand!.find((c) => !beating.has(c));
    if (loser) {
      await refused(waiter, "does-not-beat", "play", { card: loser });
      await legalMoveChangesOnly(waiter, after);
    }
    expect(ALL_CARDS.length).toBe(36);
  });

  it("rate-limits a flood without dropping the player", async () => {
    const { mover, waiter } = await duel();
    const errors: string[] = [];
    waiter.onMessage("error", (e: { code: string }) => errors.push(e.code));
    const before = seen(waiter);
    for (let i = 0; i < 150; i++) waiter.send("pickup", {});
    await expect.poll(() => errors).toContain("rate-limited"); // the flood's frames were read together, the warning with them
    // The table still works for both: the mover's move is the first change the waiter sees, and reaches it after every
    // answer to the flood (one socket, in order).
    const move = legalFor(mover)[0]!;
    const next = nextState(waiter);
    send(mover, move);
    expectOnlyMove(before, await next, mySeat(mover), move);
    expect(errors.filter((c) => c === "rate-limited").length).toBeLessThanOrEqual(2); // one warning a second
    expect(errors.filter((c) => c === "not-your-turn").length).toBeLessThanOrEqual(60); // the burst (40) and a little refill got through, not 150
    expect(waiter.connection.isOpen).toBe(true);
    expect(seen(waiter).seq).toBe(before.seq + 1);
  });

  it("survives undecodable frames: the sender may drop (seat held), the table plays on", async () => {
    const { mover, waiter } = await duel();
    const seat = mySeat(waiter);
    const junk = [
      new Uint8Array([13, 0xc1, 0xff, 0x00]),
      new Uint8Array([13, 4, 0x70, 0x6c, 0x61, 0x79, 0xc1]),
      new Uint8Array([255, 1, 2, 3]),
      new Uint8Array([]),
    ];
    const read = new Promise<void>((ok) => {
      waiter.onLeave(() => ok());
      nextError(waiter).then(
        () => ok(),
        () => undefined,
      );
    });
    for (const frame of junk) waiter.connection.send(frame);
    // After the junk on the same socket: its refusal, or the socket closed, says the server has read the junk.
    waiter.send("cheat", {});
    await read;
    const s = seen(mover);
    expect(s.phase).toBe("playing");
    expect(s.seats[seat]!.isAI).toBe(false); // a dropped seat is held for reconnection, not lost
    const health = await fetch(`http://127.0.0.1:${h.server.port}/health`);
    expect(health.status).toBe(200);
    const move = legalFor(mover)[0]!;
    mover.send(move.type, move.type === "play" ? { card: move.card } : {});
    await until(mover, (x) => x.seq === s.seq + 1);
  });
});
