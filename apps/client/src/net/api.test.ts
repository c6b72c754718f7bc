import { describe, expect, it } from "vitest";
import { Api, ApiError } from "./api.js";
import { fakeApi } from "./fake-api.js";

describe("Api", () => {
  it("sends the token as a bearer token on every call that has one, JSON bodies, and the server's paths", async () => {
    const fake = fakeApi();
    const api = new Api("https://game.example.org/", fake.fetch);
    const made = await api.createPlayer("Ann");
    expect(made).toMatchObject({
      id: "player-1",
      token: "token-1",
      name: "Ann",
      profile: { id: "player-1", name: "Ann" },
    });
    expect((await api.me(made.token)).name).toBe("Ann");
    expect((await api.rename(made.token, "Anna")).name).toBe("Anna");
    await api.games(made.token, made.id, "CURSOR");
    await api.leaderboard(made.token, "multi");
    expect(fake.sent.map((r) => [r.method, r.path, r.authorization])).toEqual([
      ["POST", "/api/players", null],
      ["GET", "/api/me", "Bearer token-1"],
      ["PATCH", "/api/me", "Bearer token-1"],
      ["GET", "/api/me", "Bearer token-1"],
      ["GET", "/api/players/player-1/games?limit=20&before=CURSOR", "Bearer token-1"],
      ["GET", "/api/leaderboard?kind=multi", "Bearer token-1"],
    ]);
    expect(fake.sent[0]?.body).toEqual({ name: "Ann" });
    expect(fake.sent[2]?.body).toEqual({ name: "Anna" });
  });

  it("a player without a name sends none: the server names them", async () => {
    const fake = fakeApi();
    await new Api("http://h", fake.fetch).createPlayer(undefined);
    expect(fake.sent[0]?.body).toEqual({});
  });

  it("rejects with an ApiError that says why: unauthorized (401), refused (400), unreachable, malformed", async () => {
    const fake = fakeApi();
    const api = new Api("http://h", fake.fetch);
    await expect(api.me("nobody")).rejects.toMatchObject({ failure: "unauthorized", status: 401 });
    const { token } = await api.createPlayer("Ann");
    await expect(api.rename(token, "   ")).rejects.toMatchObject({ failure: "refused", status: 400 });
    fake.state.down = true;
    await expect(api.me(token)).rejects.toMatchObject({ failure: "unreachable", status: 0 });
    const odd = new Api("http://h", () => Promise.resolve(new Response("<html>", { status: 200 })));
    const error = await odd.leaderboard(null, "duel").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ failure: "malformed" });
  });
});
