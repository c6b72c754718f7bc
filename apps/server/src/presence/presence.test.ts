/**
 * The presence room with the real SDK on a real server: who is online, challenges and
 * every refusal of theirs (each with its code, and nothing else happening; the flood of one
 * page is page-flood.test.ts's), an accepted
 * challenge seating both players at one private table; a casual one's duel is recorded
 * unrated, with nobody's rating moved.
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import { matchMaker } from "@colyseus/core";
import type { Room } from "@colyseus/sdk";
import {
  CHALLENGES_PER_MINUTE,
  PRESENCE_ROOM,
  type Challenge,
  type ChallengeErrorMessage,
  type LiveAnswer,
  type PresenceServerMessages,
} from "@yourtrumps/protocol";
import { eventually, players, seenRecorded } from "../test-kit/tables.js";
import { call, pickTrumps, playToEnd, seen, until } from "../test-kit/harness.js";
import { useServer } from "../test-kit/server-fixture.js";
import type { GameRecord, NewPlayer } from "../storage/index.js";
import { OnlinePlayers } from "./online-players.js";

const h = useServer(); // pages' messages unlimited: a page's bucket is page-flood.test.ts's
const pages: Room[] = [];
afterAll(async () => {
  await Promise.all(pages.filter((p) => p.connection.isOpen).map((p) => p.leave()));
});

async function page(player: NewPlayer, extra: Record<string, unknown> = {}): Promise<Room> {
  const room = await h.colyseus.sdk.joinOrCreate(PRESENCE_ROOM, { token: player.token, ...extra });
  room.reconnection.enabled = false;
  room.onMessage("*", () => {}); // what a test does not wait for is not an unhandled message
  pages.push(room);
  return room;
}

const online = async (): Promise<number> => (await call<LiveAnswer>(h.base, "GET", "/api/live")).body.online;
const next = <K extends keyof PresenceServerMessages>(
  room: Room,
  type: K,
  timeoutMs = 5000,
): Promise<PresenceServerMessages[K]> => room.waitForMessage(type, timeoutMs) as Promise<PresenceServerMessages[K]>;

/**
 * `from` challenges `to` (rated or casual) from their pages, `to` accepts, and both sit
 * down at the private duel by the code each was answered: the challenge as `to` saw it,
 * both answers (challenger's first) and both table rooms.
 */
async function acceptedChallenge(from: string, to: string, rated: boolean) {
  const [x, y] = await players(h.store, from, to);
  const fromPage = await page(x!);
  const toPage = await page(y!);
  fromPage.send("challenge", { to: y!.id, rated });
  const challenge = await next(toPage, "challenged");
  expect(challenge.to.playerId).toBe(y!.id);
  const answers = Promise.all([next(fromPage, "challenge-answer"), next(toPage, "challenge-answer")]);
  toPage.send("answer", { id: challenge.id, accept: true });
  const [toFrom, toTo] = await answers;
  const first = await h.join("join", { mode: "private", code: toFrom.code!, token: x!.token });
  const second = await h.join("join", { mode: "private", code: toFrom.code!, token: y!.token });
  return { challenge, answers: [toFrom, toTo] as const, rooms: [first, second] as const, players: [x!, y!] as const };
}
const refusal = (room: Room): Promise<ChallengeErrorMessage> => next(room, "challenge-error");

/** Every message of `type` `room` receives from now on, in order. */
function received<K extends keyof PresenceServerMessages>(room: Room, type: K): PresenceServerMessages[K][] {
  const all: PresenceServerMessages[K][] = [];
  room.onMessage(type, (message: PresenceServerMessages[K]) => all.push(message));
  return all;
}

describe("presence", () => {
  it("needs a known token; a player is online while a page of theirs is connected, once however many pages", async () => {
    await expect(h.colyseus.sdk.joinOrCreate(PRESENCE_ROOM, {})).rejects.toThrow(/token/);
    await expect(h.colyseus.sdk.joinOrCreate(PRESENCE_ROOM, { token: "no-such-token" })).rejects.toThrow(/bad-token/);
    const before = await online();
    const [ann] = await players(h.store, "Ann");
    const one = await page(ann!);
    const two = await page(ann!);
    await eventually(online, (n) => n === before + 1, 5000, "Ann online");
    await one.leave();
    expect(await online()).toBe(before + 1);
    await two.leave();
    await eventually(online, (n) => n === before, 5000, "Ann offline");
    const live = await call(h.base, "GET", "/api/live");
    expect(JSON.stringify(live.body)).not.toContain(ann!.token);
    const [cat] = await players(h.store, "Cat");
    const catPage = await page(cat!);
    const marks = await eventually(
      async () =>
        (await call<{ players: Record<string, string> }>(h.base, "GET", `/api/presence?ids=${ann!.id},${cat!.id}`))
          .body,
      (b) => b.players[cat!.id] === "online",
      5000,
      "Cat's mark",
    );
    expect(marks.players).toEqual({ [ann!.id]: "offline", [cat!.id]: "online" });
    expect(
      (await call(h.base, "GET", `/api/presence?ids=${Array.from({ length: 101 }, (_, i) => `p${i}`).join(",")}`))
        .status,
    ).toBe(400);
    await catPage.leave();
  });

  it("refuses challenges to oneself, to nobody, to an offline player, to one who refuses (or refuses you), malformed ones and unknown messages", async () => {
    const [bo, cy, di, ed] = await players(h.store, "Bo", "Cy", "Di", "Ed");
    const boPage = await page(bo!);
    const diPage = await page(di!, { acceptChallenges: false });
    const edPage = await page(ed!, { blocked: [bo!.id] });
    const toDi = received(diPage, "challenged");
    const toEd = received(edPage, "challenged");
    const cases: [unknown, string][] = [
      [{ to: bo!.id, rated: true }, "self"],
      [{ to: "00000000-0000-0000-0000-000000000000", rated: true }, "unknown-player"],
      [{ to: cy!.id, rated: true }, "offline"],
      [{ to: di!.id, rated: false }, "refuses"],
      [{ to: ed!.id, rated: false }, "refuses"],
      [{ to: 42 }, "malformed"],
    ];
    for (const [payload, code] of cases) {
      boPage.send("challenge", payload);
      expect((await refusal(boPage)).code).toBe(code);
    }
    boPage.send("shout", { text: "hi" });
    expect((await refusal(boPage)).code).toBe("unknown-message");
    // Di changes her mind: the setting from her page counts at once.
    diPage.send("settings", { acceptChallenges: true, blocked: [] });
    const settings = new OnlinePlayers(matchMaker.presence); // where a challenge reads them
    await vi.waitFor(async () => expect((await settings.settingsOf(di!.id)).acceptChallenges).toBe(true));
    boPage.send("challenge", { to: di!.id, rated: true });
    expect((await next(diPage, "challenged")).from).toEqual({ playerId: bo!.id, name: "Bo" });
    // Di challenges Ed, who blocks only Bo: the first challenges either has seen are these, so Bo's refused ones reached neither.
    diPage.send("challenge", { to: ed!.id, rated: false });
    expect((await next(edPage, "challenged")).from).toEqual({ playerId: di!.id, name: "Di" });
    expect(toDi.map((c) => c.from.playerId)).toEqual([bo!.id]);
    expect(toEd.map((c) => c.from.playerId)).toEqual([di!.id]);
  });

  it("one open challenge to the same player; at most five a minute; a forged or repeated answer is refused", async () => {
    const [fay, gus, ...others] = await players(h.store, "Fay", "Gus", "H1", "H2", "H3", "H4", "H5");
    const fayPage = await page(fay!);
    const gusPage = await page(gus!);
    for (const o of others) await page(o);
    fayPage.send("challenge", { to: gus!.id, rated: true });
    const challenge = await next(gusPage, "challenged");
    fayPage.send("challenge", { to: gus!.id, rated: false });
    expect((await refusal(fayPage)).code).toBe("already-open");
    // Fay answering her own challenge is a forged accept; so is an id nobody sent.
    fayPage.send("answer", { id: challenge.id, accept: true });
    expect((await refusal(fayPage)).code).toBe("unknown-challenge");
    gusPage.send("answer", { id: "forged", accept: true });
    expect((await refusal(gusPage)).code).toBe("unknown-challenge");
    // Gus declines: Fay learns it, and the same answer again finds nothing.
    const answered = next(fayPage, "challenge-answer");
    gusPage.send("answer", { id: challenge.id, accept: false });
    expect(await answered).toEqual({ id: challenge.id, accepted: false });
    gusPage.send("answer", { id: challenge.id, accept: true });
    expect((await refusal(gusPage)).code).toBe("unknown-challenge");
    // One sent already this minute; four more pass, the sixth does not.
    const sent: Challenge[] = [];
    for (const o of others.slice(0, CHALLENGES_PER_MINUTE - 1)) {
      fayPage.send("challenge", { to: o.id, rated: true });
      sent.push(await next(fayPage, "challenge-sent"));
    }
    expect(sent).toHaveLength(CHALLENGES_PER_MINUTE - 1);
    fayPage.send("challenge", { to: others.at(-1)!.id, rated: true });
    expect((await refusal(fayPage)).code).toBe("too-many");
  }, 30_000);

  it("an accepted challenge gives both players the code of one private duel, where both sit down", async () => {
    const { challenge, answers, rooms } = await acceptedChallenge("Jo", "Kit", true);
    const [jo, kit] = rooms;
    expect(challenge).toMatchObject({ from: { name: "Jo" }, to: { name: "Kit" }, rated: true });
    const [a, b] = answers;
    expect(a.accepted).toBe(true);
    expect(a.code).toMatch(/^[A-Z0-9]+$/);
    expect(b).toEqual(a);
    const s = await until(jo, (x) => x.phase === "choosing");
    expect(kit.roomId).toBe(jo.roomId);
    expect(s.seats.map((x) => x.name).sort()).toEqual(["Jo", "Kit"]);
    expect(seen(kit).mode).toBe("private");
  });

  it("a casual challenge opens a casual private duel whose hand is recorded unrated, with nobody's rating moved", async () => {
    const {
      challenge,
      rooms,
      players: [lu, mo],
    } = await acceptedChallenge("Lu", "Mo", false);
    expect(challenge.rated).toBe(false);
    const [a, b] = rooms;
    await pickTrumps([a, b]);
    expect((seen(a) as unknown as { casual: boolean }).casual).toBe(true);
    const handId = seenRecorded(a).handId;
    await playToEnd([a, b]);
    const game = (await eventually(
      () => h.store.getGame(handId),
      (g) => g !== null,
      15_000,
      "the hand on record",
    )) as GameRecord;
    expect(game.rated).toBe(false);
    expect(game.options).toMatchObject({ casual: true });
    expect(seenRecorded(a).seats.every((s) => s.ratingAfter === 0)).toBe(true);
    for (const p of [lu, mo]) expect((await h.store.getPlayer(p.id))?.ratings.duel.games).toBe(0);
  }, 60_000);
});
