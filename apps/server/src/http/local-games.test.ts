import { randomUUID } from "node:crypto";
import { LiveHand, legalMoves, newHand, replay, type Move } from "@yourtrumps/engine";
import { encodeMoves, type LocalHandUpload } from "@yourtrumps/protocol";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../test-kit/harness.js";
import { useServer } from "../test-kit/server-fixture.js";
import type { ErrorAnswer } from "./errors.js";
import type { GameAnswer } from "./games.js";
import { LOCAL_UPLOADS_PER_MINUTE, type LocalGameAnswer } from "./local-games.js";
import type { HistoryAnswer, NewPlayerAnswer } from "./players.js";

/** A hand played to its end by the engine's first legal move each turn (pickups included), as the page would upload it. */
function localHand(players: 2 | 3 | 4, seed: string): { upload: LocalHandUpload; log: Move[] } {
  const trumps = (["H", "S", "D", "C"] as const).slice(0, players);
  const live = new LiveHand(newHand({ players, seed, dealer: 1, trumps: [...trumps] }));
  while (live.position.result === null) live.play(legalMoves(live.position)[0]!);
  const log = live.toHand().log;
  const startedAt = Date.now() - 60_000;
  return {
    log,
    upload: {
      id: randomUUID(),
      players,
      seed,
      dealer: 1,
      trumps: [...trumps],
      level: "hard",
      moves: encodeMoves(log),
      moveTimes: log.map((_, i) => i * 100),
      startedAt,
      endedAt: startedAt + log.length * 100,
    },
  };
}

const h = useServer();
let ada: NewPlayerAnswer;

beforeAll(async () => {
  ada = (await call<NewPlayerAnswer>(h.base, "POST", "/api/players", { body: { name: "Ada" } })).body;
});

describe("POST /api/local-games", () => {
  it("replays a finished local hand and puts it in the player's history, unrated, as a computer hand", async () => {
    const { upload, log } = localHand(2, "00c0ffee00c0ffee");
    const r = await call<LocalGameAnswer>(h.base, "POST", "/api/local-games", { token: ada.token, body: upload });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ id: upload.id, recorded: true });
    const game = (await call<GameAnswer>(h.base, "GET", `/api/games/${upload.id}`)).body;
    expect(game).toMatchObject({
      id: upload.id,
      mode: "computer",
      players: 2,
      rated: false,
      seed: upload.seed,
      dealer: 1,
      trumps: upload.trumps,
      log,
    });
    expect(game.seats.map((s) => [s.name, s.playerId, s.computer])).toEqual([
      ["Ada", ada.id, null],
      ["Computer", null, "hard"],
    ]);
    expect(replay(game.setup, game.log).result).toEqual(game.result);
    const history = (await call<HistoryAnswer>(h.base, "GET", `/api/players/${ada.id}/games`, { token: ada.token }))
      .body;
    expect(history.games.map((g) => g.id)).toContain(upload.id);
    // The same hand again changes nothing.
    const again = await call<LocalGameAnswer>(h.base, "POST", "/api/local-games", { token: ada.token, body: upload });
    expect(again.status).toBe(200);
    expect(again.body.recorded).toBe(false);
  });

  it("takes a four-player hand", async () => {
    const { upload } = localHand(4, "1234abcd1234abcd");
    const r = await call<LocalGameAnswer>(h.base, "POST", "/api/local-games", { token: ada.token, body: upload });
    expect(r.status).toBe(201);
    const game = (await call<GameAnswer>(h.base, "GET", `/api/games/${upload.id}`)).body;
    expect(game.seats.map((s) => s.computer)).toEqual([null, "hard", "hard", "hard"]);
  });

  it("refuses a hand with an illegal move, one that is not over, and one the player did not send as themselves", async () => {
    const { upload } = localHand(2, "abcdef0123456789");
    // A card that seat to move does not hold: the first move changed to a card from the other hand.
    const deal = newHand({ players: 2, seed: upload.seed, dealer: 1, trumps: upload.trumps });
    const notHeld = deal.hands[(deal.toMove + 1) % 2]![0]!;
    const illegal = await call<ErrorAnswer>(h.base, "POST", "/api/local-games", {
      token: ada.token,
      body: { ...upload, moves: [notHeld, ...upload.moves.slice(1)] },
    });
    expect(illegal.status).toBe(422);
    expect(illegal.body.error).toMatch(/^move 1 .* is not legal/);
    const cut = { ...upload, moves: upload.moves.slice(0, 3), moveTimes: upload.moveTimes.slice(0, 3) };
    const unfinished = await call<ErrorAnswer>(h.base, "POST", "/api/local-games", { token: ada.token, body: cut });
    expect(unfinished.status).toBe(422);
    expect(unfinished.body.error).toMatch(/not over/);
    expect((await call(h.base, "POST", "/api/local-games", { body: upload })).status).toBe(401);
    expect((await call(h.base, "POST", "/api/local-games", { token: "nobody", body: upload })).status).toBe(401);
    // Nothing of it was recorded.
    expect((await call(h.base, "GET", `/api/games/${upload.id}`)).status).toBe(404);
  });

  it("refuses a body that does not fit, naming the field, and a body over the API's size limit", async () => {
    const { upload } = localHand(2, "0f0f0f0f0f0f0f0f");
    const cases: [unknown, RegExp][] = [
      [{ ...upload, id: "not-a-uuid" }, /field id/],
      [{ ...upload, players: 5 }, /field players/],
      [{ ...upload, seed: "short" }, /field seed/],
      [{ ...upload, moves: ["XX", ...upload.moves.slice(1)] }, /field moves/],
      [{ ...upload, moveTimes: [] }, /one move time per move/],
      [{ ...upload, extra: 1 }, /bad body/],
    ];
    for (const [body, message] of cases) {
      const r = await call<ErrorAnswer>(h.base, "POST", "/api/local-games", { token: ada.token, body });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.error).toMatch(message);
    }
    const huge = await call<ErrorAnswer>(h.base, "POST", "/api/local-games", {
      token: ada.token,
      body: { ...upload, moves: Array.from({ length: 5000 }, () => "TS") },
    });
    expect(huge.status).toBe(413);
    expect((await call(h.base, "GET", "/api/local-games")).status).toBe(405);
  });

  it("answers 429 past its rate limit", async () => {
    const { upload } = localHand(2, "9999999999999999");
    const statuses: number[] = [];
    for (let i = 0; i < LOCAL_UPLOADS_PER_MINUTE + 2; i++)
      statuses.push((await call(h.base, "POST", "/api/local-games", { token: ada.token, body: upload })).status);
    expect(statuses).toContain(429);
    const refused = await call<ErrorAnswer>(h.base, "POST", "/api/local-games", { token: ada.token, body: upload });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
  });
});
