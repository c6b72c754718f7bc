/**
 * Reactions at a table, real server and SDK: a preset id reaches everyone there with the
 * sender's seat; an unknown id, or one too soon, is refused and reaches nobody; the
 * allowance a hand (unit-tested with its clock); the computers' "Good game" after a hand.
 */
import { describe, expect, it, vi } from "vitest";
import type { Room } from "@colyseus/sdk";
import { REACTIONS_PER_HAND, REACTION_GAP_MS, type ReactionMessage } from "@yourtrumps/protocol";
import { players, privateTable } from "../test-kit/tables.js";
import { mySeat, nextError, pickTrumps, playToEnd, roundTrip } from "../test-kit/harness.js";
import { useServer } from "../test-kit/server-fixture.js";
import { ReactionLimits, computerSaysGoodGame } from "./reaction-limits.js";

const h = useServer();

/** A finished computer hand (the person plays its first legal moves): its room, its hand id, and every reaction heard there. */
async function computerHand(players: 2 | 4): Promise<{ room: Room; handId: string; heard: ReactionMessage[] }> {
  const room = await h.join("create", { mode: "computer", level: "easy", players });
  const heard: ReactionMessage[] = [];
  room.onMessage("reaction", (m: ReactionMessage) => heard.push(m));
  await pickTrumps([room]);
  const end = await playToEnd([room]);
  expect(end.phase).toBe("over");
  return { room, handId: (room.state as { handId: string }).handId, heard };
}

/**
 * Resolves once the computers of a hand that ends now have said Good game (the same pause
 * after the end at every table): by then, any a table whose hand ended earlier would say has come.
 */
async function laterGoodGame(): Promise<void> {
  for (;;) {
    const { room, handId, heard } = await computerHand(4); // three computers: at least one speaks in most hands
    const sayers = [1, 2, 3].filter((seat) => computerSaysGoodGame(handId, seat) !== null);
    if (sayers.length > 0) await vi.waitFor(() => expect(heard).toHaveLength(sayers.length), { timeout: 5000 });
    await room.leave();
    if (sayers.length > 0) return;
  }
}

const reaction = (room: Room, timeoutMs = 3000): Promise<ReactionMessage> =>
  room.waitForMessage("reaction", timeoutMs) as Promise<ReactionMessage>;

describe("reactions", () => {
  it("a preset reaction reaches everyone at the table with the sender's seat; unknown and too-soon ones are refused and reach nobody", async () => {
    const [ann, bo] = await players(h.store, "Ann", "Bo");
    const [a, b] = await privateTable(h, [ann!.token, bo!.token]);
    const heardByB: ReactionMessage[] = [];
    b!.onMessage("reaction", (m: ReactionMessage) => heardByB.push(m));
    const toB = reaction(b!);
    const toA = reaction(a!);
    a!.send("react", { id: "hello" });
    expect(await toB).toEqual({ seat: mySeat(a!), id: "hello" });
    expect(await toA).toEqual({ seat: mySeat(a!), id: "hello" });
    a!.send("react", { id: "good-luck" });
    expect(await nextError(a!)).toMatchObject({ code: "reaction-limit", type: "react" });
    a!.send("react", { id: "you are bad" });
    expect(await nextError(a!)).toMatchObject({ code: "unknown-reaction", type: "react" });
    a!.send("react", { text: "free text" });
    expect(await nextError(a!)).toMatchObject({ code: "malformed", type: "react" });
    // Bo's allowance is his own.
    b!.send("react", { id: "thanks" });
    expect(await reaction(a!)).toEqual({ seat: mySeat(b!), id: "thanks" });
    // What Bo heard: Ann's refused reactions, sent before his, would have come before his own.
    await vi.waitFor(() => expect(heardByB).toHaveLength(2));
    expect(heardByB).toEqual([
      { seat: mySeat(a!), id: "hello" },
      { seat: mySeat(b!), id: "thanks" },
    ]);
  });

  it("one every REACTION_GAP_MS and REACTIONS_PER_HAND a hand per seat; a new hand gives the allowance back", () => {
    const limits = new ReactionLimits();
    let now = 1_000_000;
    for (let i = 0; i < REACTIONS_PER_HAND; i++, now += REACTION_GAP_MS)
      expect(limits.admit(0, "oops", now)).toBeNull();
    expect(limits.admit(0, "oops", now)?.code).toBe("reaction-limit");
    expect(limits.admit(1, "oops", now)).toBeNull(); // another seat's allowance
    expect(limits.admit(1, "oops", now + REACTION_GAP_MS - 1)?.code).toBe("reaction-limit");
    limits.newHand();
    expect(limits.admit(0, "oops", now)).toBeNull();
    expect(limits.admit(0, "free text", now + 10 * REACTION_GAP_MS)?.code).toBe("unknown-reaction");
  });

  it("after a hand, the computers whose hand id says so answer Good game, and no other", async () => {
    // Some hand ids make a computer speak and some do not: both kinds occur.
    const says = Array.from({ length: 30 }, (_, i) => computerSaysGoodGame(`hand-${i}`, 1));
    expect(says).toContain("good-game");
    expect(says).toContain(null);
    const { room, handId, heard } = await computerHand(2);
    const expected = computerSaysGoodGame(handId, 1) === null ? [] : [{ seat: 1, id: "good-game" }];
    // Said: it comes (the computers speak at once, so nothing follows it); not said: a later table's came first.
    if (expected.length > 0) await vi.waitFor(() => expect(heard).toHaveLength(expected.length), { timeout: 5000 });
    else await laterGoodGame();
    await roundTrip(room); // what the server sent this table before has arrived
    expect(heard).toEqual(expected);
  });
});
