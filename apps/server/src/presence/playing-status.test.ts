/**
 * "Playing" in `GET /api/presence`, with the real SDK: a player seated at a table with
 * another person is playing (even with no page of theirs in the presence room), one with
 * only a presence page is online, one at a table alone with the computer is not playing,
 * and the mark goes when the table has no two people any more. Nothing but the words.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { Room } from "@colyseus/sdk";
import { PRESENCE_ROOM } from "@yourtrumps/protocol";
import { eventually, players } from "../test-kit/tables.js";
import { call, pickTrumps } from "../test-kit/harness.js";
import { useServer } from "../test-kit/server-fixture.js";

const h = useServer();
let page: Room | null = null;
afterAll(async () => {
  if (page?.connection.isOpen) await page.leave();
});

const marks = async (ids: string[]): Promise<Record<string, string>> =>
  (await call<{ players: Record<string, string> }>(h.base, "GET", `/api/presence?ids=${ids.join(",")}`)).body.players;

describe("playing status", () => {
  it("playing at a table with people, online with a page, offline otherwise; the mark goes with the second person", async () => {
    const [ann, bo, cy, di] = await players(h.store, "Ann", "Bo", "Cy", "Di");
    const ids = [ann!.id, bo!.id, cy!.id, di!.id];
    const a = await h.join("create", { mode: "private", players: 2, token: ann!.token });
    const b = await h.join("join", { mode: "private", code: (a.state as { code: string }).code, token: bo!.token });
    await pickTrumps([a, b]);
    page = await h.colyseus.sdk.joinOrCreate(PRESENCE_ROOM, { token: cy!.token });
    page.reconnection.enabled = false;
    await h.join("create", { mode: "computer", token: di!.token });
    const seen = await eventually(
      () => marks(ids),
      (m) => m[ann!.id] === "playing" && m[cy!.id] === "online",
      5000,
      "the marks",
    );
    expect(seen).toEqual({ [ann!.id]: "playing", [bo!.id]: "playing", [cy!.id]: "online", [di!.id]: "offline" });
    const answer = await call(h.base, "GET", `/api/presence?ids=${ids.join(",")}`);
    for (const secret of [ann!.token, a.roomId, a.sessionId]) expect(JSON.stringify(answer.body)).not.toContain(secret);
    await b.leave(); // Ann plays on against the computer: no people to play with
    expect(
      await eventually(
        () => marks([ann!.id, bo!.id]),
        (m) => m[ann!.id] === "offline",
        5000,
        "the marks gone",
      ),
    ).toEqual({ [ann!.id]: "offline", [bo!.id]: "offline" });
  }, 30_000);
});
