/**
 * Playing the computer meanwhile, with the real SDK: the hold really holds (no computer
 * takes the seat, and the seek stays listed), a person who sits down waits for the holder
 * — the hand does not begin at a full table — and the holder's answer decides: coming
 * back deals, "not now" or no answer in time releases the newcomer's seat (they are told
 * why) and the seek is listed again, still held.
 */
import { describe, expect, it } from "vitest";
import type { Room } from "@colyseus/sdk";
import { TABLE_CLOSE_CODES, type ClosedMessage, type LiveAnswer } from "@yourtrumps/protocol";
import { eventually, players } from "../test-kit/tables.js";
import { call, laterTableFilled, nextError, seen, until } from "../test-kit/harness.js";
import { useServer } from "../test-kit/server-fixture.js";

const OFFER_SECONDS = 1.5;

const h = useServer({ fillAfterSeconds: 1, offerSeconds: OFFER_SECONDS });

const live = async (): Promise<LiveAnswer> => (await call<LiveAnswer>(h.base, "GET", "/api/live")).body;
const listed = (roomId: string) =>
  eventually(live, (l) => l.seeks.some((s) => s.roomId === roomId && s.meanwhile), 5000, "the seek listed, held");

/** Sits down at the seek `roomId` as `name`; resolves with the room and how it will be let go (close code, and the `closed` message before it). */
async function sitAt(
  roomId: string,
  name: string,
  token?: string,
): Promise<{ room: Room; gone: Promise<{ code: number; closed: ClosedMessage | null }> }> {
  const room = await h.colyseus.sdk.joinById(roomId, { mode: "quick", players: 2, name, ...(token ? { token } : {}) });
  room.reconnection.enabled = false;
  let closed: ClosedMessage | null = null;
  room.onMessage("closed", (m: ClosedMessage) => (closed = m));
  room.onMessage("*", () => {});
  const gone = new Promise<{ code: number; closed: ClosedMessage | null }>((resolve) =>
    room.onLeave((code: number) => resolve({ code, closed })),
  );
  return { room, gone };
}

describe("playing the computer meanwhile", () => {
  it("a full table waits for the person playing meanwhile, and deals when they come back", async () => {
    const [ann, bo] = await players(h.store, "Ann", "Bo");
    const a = await h.join("create", { mode: "quick", players: 2, token: ann!.token });
    a.send("meanwhile", { on: true });
    await listed(a.roomId);
    await laterTableFilled(h); // past the fill's wait: the hold holds
    expect(seen(a).seats.some((x) => x.isAI)).toBe(false);
    const { room: b } = await sitAt(a.roomId, "Bo", bo!.token);
    const offered = await until(
      a,
      (x) => x.seats.filter((s) => s.name !== "" && !s.isAI).length === 2,
      5000,
      "Bo seated",
    );
    expect(offered.phase).toBe("waiting"); // the hand waits for Ann
    expect(offered.deadline).toBeGreaterThan(Date.now()); // the offer's clock
    a.send("meanwhile", { on: false });
    const dealt = await until(b, (x) => x.phase === "choosing", 5000, "the hand set up");
    expect(dealt.seats.map((s) => [s.name, s.isAI])).toEqual([
      ["Ann", false],
      ["Bo", false],
    ]);
    await b.leave();
  });

  it('"not now" releases the newcomer, who is told why; the seek is listed again and still held', async () => {
    const a = await h.join("create", { mode: "quick", players: 2, name: "Cy" });
    a.send("meanwhile", { on: true });
    await listed(a.roomId);
    const { gone } = await sitAt(a.roomId, "Di");
    await until(a, (x) => x.seats.some((s) => s.name === "Di"), 5000, "Di seated");
    await eventually(live, (l) => !l.seeks.some((s) => s.roomId === a.roomId), 5000, "no seek while the table is full");
    a.send("not-now");
    const left = await gone;
    expect(left.code).toBe(TABLE_CLOSE_CODES.released);
    expect(left.closed?.reason).toBe("released");
    const back = await until(a, (x) => !x.seats.some((s) => s.name === "Di"), 5000, "Di's seat free");
    expect(back.phase).toBe("waiting");
    await listed(a.roomId);
    await laterTableFilled(h); // the fill's wait again: still held
    expect(seen(a).seats.some((x) => x.isAI)).toBe(false);
    // Nobody to say "not now" to: refused, nothing changes.
    a.send("not-now");
    expect(await nextError(a)).toMatchObject({ code: "not-waiting", type: "not-now" });
  });

  it("an offer nobody answers lapses like a not now; the seat is free for the next person", async () => {
    const a = await h.join("create", { mode: "quick", players: 2, name: "Ed" });
    a.send("meanwhile", { on: true });
    await listed(a.roomId);
    const { gone } = await sitAt(a.roomId, "Fay");
    const left = await gone; // after OFFER_SECONDS
    expect(left.code).toBe(TABLE_CLOSE_CODES.released);
    await listed(a.roomId);
    const { room: g } = await sitAt(a.roomId, "Gus");
    await until(a, (x) => x.seats.some((s) => s.name === "Gus"), 5000, "Gus seated");
    a.send("meanwhile", { on: false });
    await until(g, (x) => x.phase === "choosing", 5000, "Ed and Gus's hand");
    await g.leave();
  });

  it("only the person holding may say not now; a newcomer's not now is refused", async () => {
    const a = await h.join("create", { mode: "quick", players: 2, name: "Hal" });
    a.send("meanwhile", { on: true });
    await listed(a.roomId);
    const { room: b } = await sitAt(a.roomId, "Ivy");
    await until(a, (x) => x.seats.some((s) => s.name === "Ivy"), 5000, "Ivy seated");
    b.send("not-now");
    expect(await nextError(b)).toMatchObject({ code: "not-waiting", type: "not-now" });
    expect(seen(a).seats.some((s) => s.name === "Ivy")).toBe(true);
    await b.leave();
  });
});
