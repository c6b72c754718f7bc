/**
 * A marked player's limits on a real server: refused a rated private table (made, or joined by
 * its code) with the join refusal `marked` while a casual one seats them; a rated challenge from
 * or to them refused with `marked` while a casual one goes; an arena's room refused (`arena-not-qualified`), and
 * a player marked while in it let go;
 * their past rated results kept, with
 * the rating changes, but flagged in the other player's history, the hand's record and their
 * profile — and unflagged once the mark is lifted.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Room } from "@colyseus/sdk";
import {
  ARENA_REMOVED_CODE,
  ARENA_ROOM,
  PRESENCE_ROOM,
  type ArenaErrorMessage,
  joinRefusal,
  type ChallengeErrorMessage,
  type JoinOptions,
} from "@yourtrumps/protocol";
import { handleKey } from "../accounts/handles.js";
import { claimAccount } from "../storage/accounts.js";
import type { NewPlayerAnswer } from "../http/players.js";
import type { GameAnswer, HistoryAnswer, ProfileAnswer } from "../http/answers.js";
import { boot, call, playToEnd, seen, type Harness } from "../test-kit/harness.js";
import { privateTable } from "../test-kit/tables.js";
import { grantRole } from "./grant-role.js";

let h: Harness;
let moderatorToken: string;
const opened: Room[] = [];
beforeAll(async () => {
  h = await boot();
  const mod = await account("Marker");
  await grantRole(h.store, "Marker", "mod");
  moderatorToken = mod.token;
});
afterAll(async () => {
  await Promise.all(opened.filter((r) => r.connection.isOpen).map((r) => r.leave()));
  await h?.close();
});

async function account(handle: string): Promise<NewPlayerAnswer> {
  const p = (await call<NewPlayerAnswer>(h.base, "POST", "/api/players", { body: { name: handle } })).body;
  expect(await claimAccount(h.store.db, p.id, { handle, key: handleKey(handle) }, null)).toMatchObject({ ok: true });
  return p;
}

async function act(playerId: string, action: "mark" | "unmark"): Promise<void> {
  const r = await call(h.base, "POST", `/api/mod/players/${playerId}/actions`, {
    token: moderatorToken,
    body: { action, reason: "boosting a friend" },
  });
  expect(r.status).toBe(201);
}

/** The join's refusal word, or "joined". */
async function joinAs(method: "create" | "join", options: JoinOptions): Promise<string> {
  try {
    opened.push(await h.join(method, options));
    return "joined";
  } catch (e) {
    return joinRefusal(e) ?? `other: ${(e as Error).message}`;
  }
}

describe("a marked player", () => {
  it("is refused a rated private table, made or joined by code; a casual one seats them; the table takes the next player", async () => {
    const [marked, host, friend] = [await account("Markus"), await account("Hosta"), await account("Frieda")];
    await act(marked.id, "mark");
    expect(await joinAs("create", { mode: "private", players: 2, token: marked.token })).toBe("marked");

    const rated = await h.join("create", { mode: "private", players: 2, token: host.token });
    opened.push(rated);
    const code = seen(rated).code;
    expect(await joinAs("join", { mode: "private", code, token: marked.token })).toBe("marked");
    // By the room's id, claiming the table casual: refused at the seat, where the table's own flag is read.
    const byId = { mode: "private", players: 2, casual: true, token: marked.token } as const;
    await expect(h.colyseus.sdk.joinById(rated.roomId, byId).then(() => "joined", joinRefusal)).resolves.toBe("marked");
    expect(await joinAs("join", { mode: "private", code, token: friend.token })).toBe("joined"); // the seat was still free

    const casual = await h.join("create", { mode: "private", players: 2, casual: true, token: host.token });
    opened.push(casual);
    expect(await joinAs("join", { mode: "private", code: seen(casual).code, token: marked.token })).toBe("joined");
    expect(await joinAs("create", { mode: "private", players: 2, casual: true, token: marked.token })).toBe("joined");

    await act(marked.id, "unmark");
    expect(await joinAs("create", { mode: "private", players: 2, token: marked.token })).toBe("joined");
  });

  it("may not send or receive a rated challenge (refused `marked`); a casual one reaches them", async () => {
    const [marked, other] = [await account("Chall"), await account("Otto")];
    await act(marked.id, "mark");
    const page = async (token: string): Promise<Room> => {
      const room = await h.colyseus.sdk.joinOrCreate(PRESENCE_ROOM, { token });
      room.reconnection.enabled = false;
      room.onMessage("*", () => {});
      opened.push(room);
      return room;
    };
    const [markedPage, otherPage] = [await page(marked.token), await page(other.token)];
    const refusal = (room: Room) => room.waitForMessage("challenge-error", 5000) as Promise<ChallengeErrorMessage>;

    let refused = refusal(markedPage);
    markedPage.send("challenge", { to: other.id, rated: true });
    expect((await refused).code).toBe("marked");
    refused = refusal(otherPage);
    otherPage.send("challenge", { to: marked.id, rated: true });
    expect((await refused).code).toBe("marked");
    const invited = markedPage.waitForMessage("challenged", 5000);
    otherPage.send("challenge", { to: marked.id, rated: false });
    expect(await invited).toMatchObject({ rated: false, from: { playerId: other.id } });
  });

  it("is turned away from an arena (rated play), and let in once the mark is lifted", async () => {
    const marked = await account("Arenik");
    const arena = await call<{ id: string }>(h.base, "POST", "/api/arenas", {
      token: moderatorToken,
      body: { name: "Moderated Arena", minutes: 30 },
    });
    expect(arena.status).toBe(201);
    const enter = async (): Promise<string> => {
      try {
        opened.push(await h.colyseus.sdk.joinOrCreate(ARENA_ROOM, { arenaId: arena.body.id, token: marked.token }));
        return "joined";
      } catch (e) {
        return joinRefusal(e) ?? `other: ${(e as Error).message}`;
      }
    };
    await act(marked.id, "mark");
    expect(await enter()).toBe("arena-not-qualified");
    await act(marked.id, "unmark");
    expect(await enter()).toBe("joined");

    // Marked again while in the room: told why, and let go with the code that says "do not rejoin"; rejoining is refused.
    const inside = opened.at(-1)!;
    inside.reconnection.enabled = false;
    const told = inside.waitForMessage("error", 5000) as Promise<ArenaErrorMessage>;
    const closed = new Promise<number>((resolve) => inside.onLeave((code) => resolve(code)));
    await act(marked.id, "mark");
    expect(await told).toMatchObject({ code: "arena-not-qualified" });
    expect(await closed).toBe(ARENA_REMOVED_CODE);
    expect(await enter()).toBe("arena-not-qualified");
  });

  it("keeps their past rated results, flagged in the other's history, the hand's record and their profile", async () => {
    const [cheat, honest] = [await account("Boosty"), await account("Victim")];
    const rooms = await privateTable(h, [cheat.token, honest.token]);
    await playToEnd(rooms);
    const history = (id: string) => call<HistoryAnswer>(h.base, "GET", `/api/players/${id}/games`);
    await expect.poll(async () => (await history(honest.id)).body.games.length).toBe(1);
    const before = (await history(honest.id)).body.games[0]!;
    expect(before.ratingDelta).toBeDefined(); // rated, as the table was
    expect(before.opponents[0]).toMatchObject({ playerId: cheat.id, marked: false });

    await act(cheat.id, "mark");
    const after = (await history(honest.id)).body.games[0]!;
    expect(after.ratingDelta).toBe(before.ratingDelta); // the result stands
    expect(after.opponents[0]).toMatchObject({ playerId: cheat.id, marked: true });
    const game = (await call<GameAnswer>(h.base, "GET", `/api/games/${after.id}`)).body;
    expect(game.rated).toBe(true);
    const seatOf = (id: string) => game.seats.find((s) => s.playerId === id)!;
    expect(seatOf(cheat.id).marked).toBe(true);
    expect(typeof seatOf(cheat.id).ratingBefore).toBe("number"); // their rated result is kept
    expect(seatOf(honest.id).marked).toBe(false);
    expect((await call<ProfileAnswer>(h.base, "GET", `/api/players/${cheat.id}`)).body.marked).toBe(true);
    expect((await call<ProfileAnswer>(h.base, "GET", `/api/players/${honest.id}`)).body).toMatchObject({
      marked: false,
      ratings: { duel: { games: 1 } },
    });

    await act(cheat.id, "unmark");
    expect((await history(honest.id)).body.games[0]!.opponents[0]!.marked).toBe(false);
  });
});
