/**
 * Two real server processes sharing Redis and one PostgreSQL: a player on one is online
 * for the other, a challenge sent on one reaches the invitee on the other, and the
 * accepted challenge's private table seats both, whichever process it lives in, and both
 * are "playing" for either process. The open seek of a player on one process is listed
 * by the other.
 */
import { describe, expect, it } from "vitest";
import type { Room } from "@colyseus/sdk";
import { PRESENCE_ROOM, type Challenge, type LiveAnswer, type PresenceServerMessages } from "@yourtrumps/protocol";
import type { HealthAnswer } from "../http/health.js";
import type { NewPlayerAnswer } from "../http/players.js";
import { eventually } from "../test-kit/tables.js";
import { call, pickTrumps } from "../test-kit/harness.js";
import { useProcesses } from "../test-kit/process-fixture.js";

const processes = useProcesses({ database: "meet_two_processes", env: () => ({ FILL_AFTER_SECONDS: "60" }) });
const kept = (room: Room): Room => processes.kept(room);

const next = <K extends keyof PresenceServerMessages>(room: Room, type: K): Promise<PresenceServerMessages[K]> =>
  room.waitForMessage(type, 10_000) as Promise<PresenceServerMessages[K]>;

describe("across processes", () => {
  it("presence, a challenge and its table, and the seeks span two processes sharing Redis", async () => {
    const base = processes.bases;
    const sdk = [processes.sdk(0), processes.sdk(1)];
    const ann = (await call<NewPlayerAnswer>(base[0]!, "POST", "/api/players", { body: { name: "Ann" } })).body;
    const bo = (await call<NewPlayerAnswer>(base[1]!, "POST", "/api/players", { body: { name: "Bo" } })).body;

    // Two presence rooms: the matchmaker makes the second in the process with fewer rooms, so each page is held by another process.
    const roomsByProcess = async (): Promise<number[]> =>
      Promise.all(base.map(async (b) => (await call<HealthAnswer>(b, "GET", "/health")).body.rooms));
    const annPage = kept(await sdk[0]!.create(PRESENCE_ROOM, { token: ann.token }));
    await eventually(roomsByProcess, (n) => n[0]! + n[1]! === 1, 5000, "Ann's presence room");
    await processes.roomCountsShared();
    const boPage = kept(await sdk[1]!.create(PRESENCE_ROOM, { token: bo.token }));
    expect(await roomsByProcess()).toEqual([1, 1]);
    expect(boPage.roomId).not.toBe(annPage.roomId);
    for (const b of base)
      await eventually(
        async () => (await call<LiveAnswer>(b, "GET", "/api/live")).body.online,
        (n) => n === 2,
        5000,
        "both online",
      );

    annPage.send("challenge", { to: bo.id, rated: true });
    const challenge: Challenge = await next(boPage, "challenged");
    expect(challenge.from).toEqual({ playerId: ann.id, name: "Ann" });
    const toAnn = next(annPage, "challenge-answer");
    boPage.send("answer", { id: challenge.id, accept: true });
    const answer = await toAnn;
    expect(answer.accepted).toBe(true);
    const a = kept(await sdk[0]!.join("table", { mode: "private", code: answer.code, token: ann.token }));
    const b = kept(await sdk[1]!.join("table", { mode: "private", code: answer.code, token: bo.token }));
    expect(b.roomId).toBe(a.roomId);
    // Seated together, both are playing, as the other process's presence answer says too.
    await pickTrumps([a, b]);
    for (const url of base)
      await eventually(
        async () =>
          (await call<{ players: Record<string, string> }>(url, "GET", `/api/presence?ids=${ann.id},${bo.id}`)).body
            .players,
        (m) => m[ann.id] === "playing" && m[bo.id] === "playing",
        5000,
        "both playing",
      );

    // A seek opened through one process is listed by the other.
    const seeker = kept(await sdk[0]!.create("table", { mode: "quick", players: 3, name: "Cy" }));
    const listed = await eventually(
      async () => (await call<LiveAnswer>(base[1]!, "GET", "/api/live")).body,
      (l) => l.seeks.some((s) => s.roomId === seeker.roomId),
      5000,
      "the seek on the other process",
    );
    expect(listed.seeks.find((s) => s.roomId === seeker.roomId)).toMatchObject({
      players: 3,
      seated: [{ name: "Cy", playerId: null }],
    });

    await annPage.leave();
    await eventually(
      async () => (await call<LiveAnswer>(base[1]!, "GET", "/api/live")).body.online,
      (n) => n === 1,
      5000,
      "Ann offline on the other process",
    );
  }, 90_000);
});
