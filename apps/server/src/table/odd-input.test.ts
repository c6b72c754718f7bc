/**
 * What no honest client sends, over the real SDK: a message of type "*" (which reaches
 * Colyseus's wildcard handler with its payload where the type belongs) and payloads that
 * throw when made a string, refused like any unknown type and logged once a minute per
 * client; a flood's bucket that a reconnect does not refill; and names that would pass
 * for a computer seat or hide behind invisible characters.
 */
import { describe, expect, it, vi } from "vitest";
import type { Room } from "@colyseus/sdk";
import type { ErrorMessage } from "@yourtrumps/protocol";
import type { NewPlayerAnswer } from "../http/players.js";
import { call, mySeat, pickTrumps, roundTrip, seen, until } from "../test-kit/harness.js";
import type { Harness } from "../test-kit/harness.js";
import { useServer } from "../test-kit/server-fixture.js";
import { capturingLogger } from "../logging/capturing-logger.js";

const { log, lines: logged } = capturingLogger();

/** Every `error` the room receives from now on. */
function errorsOf(room: Room): ErrorMessage[] {
  const errors: ErrorMessage[] = [];
  room.onMessage("error", (e: ErrorMessage) => errors.push(e));
  return errors;
}

/** Resolves once `test` holds (messages arrive without a state patch, so `until` would not look). */
async function eventually(test: () => boolean, what: string): Promise<void> {
  await vi.waitFor(() => expect(test(), what).toBe(true), { timeout: 5000, interval: 20 });
}

async function duel(server: Harness): Promise<[Room, Room]> {
  const a = await server.join("create", { mode: "private", name: "A" });
  const b = await server.join("join", { mode: "private", code: seen(a).code, name: "B" });
  await pickTrumps([a, b]);
  return [a, b];
}

// Each block boots a server of its own (one at a time: Colyseus' matchmaker is one per process).
describe("messages no client should send", () => {
  const h = useServer({ reconnectSeconds: 10, log }); // messages unlimited: the flood limit has a server of its own

  it('refuses type "*" and payloads like { toString: 1 } as unknown messages, logging one line per client per minute', async () => {
    const [a, b] = await duel(h);
    const errors = errorsOf(a);
    logged.length = 0;
    const junk: [string, unknown][] = [
      ["*", { toString: 1 }],
      ["*", "play"],
      ["*", undefined],
      ["nothing", { toString: 1 }],
      ["*", { valueOf: 1, toString: 1 }],
    ];
    for (let round = 0; round < 2; round++) for (const [type, payload] of junk) a.send(type, payload);
    await eventually(() => errors.length >= junk.length * 2, "an answer to each");
    expect(errors.map((e) => e.code)).toEqual(Array<string>(junk.length * 2).fill("unknown-message"));
    expect(logged.filter((line) => line.includes(a.sessionId))).toHaveLength(1);
    expect(logged.join("\n")).not.toMatch(/\n\s+at /); // no stack trace
    expect(logged.join("\n")).not.toMatch(/failed/);
    // the table is none the worse: both still seated and playing
    expect(a.connection.isOpen && b.connection.isOpen).toBe(true);
    expect(seen(b).phase).toBe("playing");
  });
});

describe("the flood limit", () => {
  const limited = useServer({ messagesPerSecond: 5, reconnectSeconds: 10 });

  it("belongs to the seat: dropping the connection and coming back does not refill the bucket", async () => {
    const [, b] = await duel(limited);
    const seat = mySeat(b);
    const flooded = errorsOf(b);
    for (let i = 0; i < 30; i++) b.send("nothing", {});
    await eventually(() => flooded.some((e) => e.code === "rate-limited"), "rate-limited");
    const token = b.reconnectionToken;
    await b.leave(false); // a drop, not a leave
    const back = await limited.colyseus.sdk.reconnect(token);
    back.reconnection.enabled = false;
    await back.waitForInitialState();
    expect(mySeat(back)).toBe(seat);
    const after = errorsOf(back);
    for (let i = 0; i < 15; i++) back.send("nothing", {});
    await roundTrip(back); // every answer has arrived by now
    // A refilled bucket (10 at 5 a second) would answer ten of them; the seat's bucket has
    // only what refilled since the flood, a fraction of a second ago.
    expect(after.filter((e) => e.code === "unknown-message").length).toBeLessThan(10);
    await back.leave();
  });
});

describe("names", () => {
  const h = useServer();

  it("are cleaned at the table: no bidi isolates, word joiners or piles of combining marks", async () => {
    const a = await h.join("create", { mode: "private", name: "\u2066Ada\u2069\u2060 \u202eLove\u200b" });
    const b = await h.join("join", { mode: "private", code: seen(a).code, name: `Z${"\u0301".repeat(40)}oe` });
    const s = await until(a, (x) => x.seats.every((seat) => seat.name !== ""), 5000, "both seated");
    expect(s.seats[0]!.name).toBe("Ada Love");
    expect(s.seats[1]!.name).toBe(`${"Z\u0301\u0301\u0301\u0301".normalize("NFC")}oe`); // Ź and three more
    await b.leave();
  });

  it("never let a person pass for a computer seat, in any language the client speaks", async () => {
    for (const name of [
      "Computer",
      "computer 2",
      "COMPUTER  3",
      "Компьютер",
      "Datamaskin",
      "Bilgisayar 2",
      "কম্পিউটার",
      "Com\u200dputer",
      "Сomputer" /* Cyrillic С */,
    ]) {
      const a = await h.join("create", { mode: "private", name });
      const s = await until(a, (x) => x.seats[0]!.name !== "", 5000, "seated");
      expect(s.seats[0]!.name, name).toBe("Player 1");
      expect(s.seats[0]!.isAI).toBe(false);
      await a.leave();
    }
  });

  it("are held to the same rules by the HTTP API's players", async () => {
    const created = await call<NewPlayerAnswer>(h.base, "POST", "/api/players", { body: { name: "Компьютер 2" } });
    expect(created.status).toBe(201);
    expect(created.body.name).toMatch(/^Guest /);
    const renamed = await call<{ error: string }>(h.base, "PATCH", "/api/me", {
      token: created.body.token,
      body: { name: "Bilgisayar" },
    });
    expect(renamed.status).toBe(400);
    expect(renamed.body.error).toMatch(/computer/);
    const fine = await call<{ name: string }>(h.base, "PATCH", "/api/me", {
      token: created.body.token,
      body: { name: "\u2067Ada\u2069" },
    });
    expect(fine.status).toBe(200);
    expect(fine.body.name).toBe("Ada");
  });
});
