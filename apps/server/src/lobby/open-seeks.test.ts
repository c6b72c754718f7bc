/**
 * The lobby's open seeks through `GET /api/live`, with the real SDK: a quick table with a
 * person waiting is listed with who sits there, a join by its room id sits down there,
 * and a full table is listed no more. A person playing the computer meanwhile holds the
 * quick fill off; when they stop, the fill comes after its usual wait.
 */
import { describe, expect, it } from "vitest";
import type { LiveAnswer } from "@yourtrumps/protocol";
import { eventually, players } from "../test-kit/tables.js";
import { call, laterTableFilled, nextError, seen, until } from "../test-kit/harness.js";
import { useServer } from "../test-kit/server-fixture.js";

const h = useServer({ fillAfterSeconds: 1 });

const live = async (): Promise<LiveAnswer> => (await call<LiveAnswer>(h.base, "GET", "/api/live")).body;

describe("open seeks", () => {
  it("lists a waiting quick table with its seated player; a join by its id sits down there and the seek goes", async () => {
    const [ann, bo] = await players(h.store, "Ann", "Bo");
    const a = await h.join("create", { mode: "quick", players: 2, token: ann!.token });
    a.send("meanwhile", { on: true }); // or the fill gives the seat to a computer within the second
    const listed = await eventually(
      live,
      (l) => l.seeks.some((s) => s.roomId === a.roomId && s.meanwhile),
      5000,
      "the seek",
    );
    const seek = listed.seeks.find((s) => s.roomId === a.roomId)!;
    expect(seek).toMatchObject({
      players: 2,
      seated: [{ name: "Ann", playerId: ann!.id, rating: expect.any(Number) as number }],
    });
    expect(seek.since).toBeGreaterThan(0);
    expect(JSON.stringify(listed)).not.toContain(ann!.token);
    expect(JSON.stringify(listed)).not.toContain(a.sessionId);
    const b = await h.colyseus.sdk.joinById(a.roomId, { mode: "quick", players: 2, token: bo!.token, name: "Bo" });
    b.reconnection.enabled = false;
    a.send("meanwhile", { on: false }); // Ann comes to the table: the hand waits for her (meanwhile-offer.test.ts)
    const s = await until(a, (x) => x.phase === "choosing");
    expect(s.seats.map((x) => x.name)).toEqual(["Ann", "Bo"]);
    await eventually(live, (l) => !l.seeks.some((x) => x.roomId === a.roomId), 5000, "the seek gone");
    await b.leave();
  });

  it("the quick fill waits while a person plays the computer meanwhile, and fills after its wait once they stop", async () => {
    const a = await h.join("create", { mode: "quick", players: 2, name: "Cy" });
    a.send("meanwhile", { on: true });
    await laterTableFilled(h);
    expect(seen(a).phase).toBe("waiting");
    expect(seen(a).seats.filter((x) => x.isAI)).toHaveLength(0);
    a.send("meanwhile", { on: false });
    const s = await until(a, (x) => x.phase !== "waiting", 5000, "the fill");
    expect(s.seats[1]!.isAI).toBe(true);
    a.send("meanwhile", { on: true });
    expect(await nextError(a)).toMatchObject({ code: "not-waiting", type: "meanwhile" });
  });

  it("a computer table is no seek, and meanwhile there is refused", async () => {
    const c = await h.join("create", { mode: "computer", level: "easy" });
    c.send("meanwhile", { on: true });
    expect(await nextError(c)).toMatchObject({ code: "not-waiting" });
    expect((await live()).seeks.some((s) => s.roomId === c.roomId)).toBe(false);
  });
});
