import { describe, expect, it } from "vitest";
import { Api } from "./api.js";
import { fakeApi } from "./fake-api.js";
import { IDENTITY_KEY, Identity, savedCredentials } from "./identity.js";
import { memoryStorage } from "./test-storage.js";

function setUp(saved: Record<string, string> = {}) {
  const fake = fakeApi();
  const storage = memoryStorage(saved);
  return { fake, storage, identity: new Identity(new Api("http://h", fake.fetch), storage) };
}

describe("Identity", () => {
  it("the first visit creates the identity silently, keeps { id, token } and joins with the token", async () => {
    const { fake, storage, identity } = setUp();
    expect(identity.state.status).toBe("loading");
    expect(identity.joinToken).toBeNull();
    const state = await identity.refresh("Ann");
    expect(state).toMatchObject({ status: "ready", renewed: false, profile: { id: "player-1", name: "Ann" } });
    expect(savedCredentials(storage)).toEqual({ id: "player-1", token: "token-1" });
    expect(identity.joinToken).toBe("token-1");
    expect(identity.playerId).toBe("player-1");
    // The next visit finds it again: no new player.
    await setUp({ [IDENTITY_KEY]: storage.getItem(IDENTITY_KEY)! }).identity.refresh("Ann");
    expect(fake.sent.filter((r) => r.method === "POST")).toHaveLength(1);
    // The first visit asked once: the new player's answer carries its profile (no GET /api/me after it).
    expect(fake.sent.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /api/players"]);
  });

  it("a saved identity is checked with GET /api/me and nothing is created", async () => {
    const { fake, storage, identity } = setUp();
    fake.players.set("kept", { id: "p-kept", name: "Kept" });
    storage.setItem(IDENTITY_KEY, JSON.stringify({ id: "p-kept", token: "kept" }));
    expect(await identity.refresh("")).toMatchObject({ status: "ready", renewed: false, profile: { name: "Kept" } });
    expect(fake.sent.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /api/me"]);
  });

  it("a token the server does not know (401) is dropped and a new identity made, saying so once", async () => {
    const { storage, identity } = setUp({ [IDENTITY_KEY]: JSON.stringify({ id: "gone", token: "reset-database" }) });
    expect(await identity.refresh("Ann")).toMatchObject({
      status: "ready",
      renewed: true,
      profile: { id: "player-1" },
    });
    expect(savedCredentials(storage)?.token).toBe("token-1");
    expect((await identity.refresh("Ann")).status === "ready" && identity.state).toMatchObject({ renewed: false });
  });

  it("an unreachable API leaves the player anonymous, keeps the saved identity, and recovers on the next refresh", async () => {
    const { fake, storage, identity } = setUp();
    fake.players.set("kept", { id: "p-kept", name: "Kept" });
    storage.setItem(IDENTITY_KEY, JSON.stringify({ id: "p-kept", token: "kept" }));
    fake.state.down = true;
    expect(await identity.refresh("")).toEqual({ status: "unavailable" });
    expect(identity.joinToken).toBeNull(); // the join is anonymous
    expect(savedCredentials(storage)?.token).toBe("kept");
    fake.state.down = false;
    expect((await identity.refresh("")).status).toBe("ready");
    expect(identity.joinToken).toBe("kept");
  });

  it("offline, nothing is asked: the profile reads as unavailable, and one read earlier stands", async () => {
    const { fake, identity } = setUp();
    identity.offline();
    expect(identity.state).toEqual({ status: "unavailable" });
    expect(fake.sent).toEqual([]);
    await identity.refresh("Ann");
    identity.offline();
    expect(identity.state.status).toBe("ready");
    expect(identity.joinToken).toBe("token-1");
  });

  it("garbage in localStorage counts as no identity", async () => {
    for (const junk of ["{", "null", '{"id":1}', '"token"']) {
      const { identity, storage } = setUp({ [IDENTITY_KEY]: junk });
      expect(savedCredentials(storage)).toBeNull();
      expect((await identity.refresh("")).status).toBe("ready");
    }
  });

  it("concurrent refreshes share one request; renew replaces a token refused at a join", async () => {
    const { fake, identity } = setUp();
    const [a, b] = await Promise.all([identity.refresh("Ann"), identity.refresh("Ann")]);
    expect(a).toBe(b);
    expect(fake.sent.filter((r) => r.method === "POST")).toHaveLength(1);
    expect(await identity.renew("Ann")).toMatchObject({ status: "ready", renewed: true, profile: { id: "player-2" } });
    expect(identity.joinToken).toBe("token-2");
  });

  it("renames through PATCH /api/me and reads the player's games with the token", async () => {
    const { identity } = setUp();
    await identity.refresh("Ann");
    expect((await identity.rename("Anna")).name).toBe("Anna");
    expect(identity.state).toMatchObject({ status: "ready", profile: { name: "Anna" } });
    await expect(identity.rename("  ")).rejects.toMatchObject({ failure: "refused" });
    const page = await identity.games(null);
    expect(page.games[0]).toMatchObject({
      id: "hand-1",
      outcome: "won",
      opponents: [{ name: "Computer", computer: "easy" }],
    });
  });

  it("an account's refused token is a session ended: signed out, kept, never silently replaced by a new guest", async () => {
    const saved = JSON.stringify({ id: "p-acct", token: "ended", account: true });
    const { fake, storage, identity } = setUp({ [IDENTITY_KEY]: saved });
    expect(await identity.refresh("Ann")).toEqual({ status: "signed-out" });
    expect(identity.joinToken).toBeNull(); // joins are anonymous meanwhile
    expect(storage.getItem(IDENTITY_KEY)).toBe(saved); // a reload says "signed out" again
    expect(await identity.renew("Ann")).toEqual({ status: "signed-out" }); // a join's refusal too
    expect(fake.sent.filter((r) => r.method === "POST")).toHaveLength(0);
    // The player chooses to play on as a new guest.
    expect(await identity.asGuest("Ann")).toMatchObject({ status: "ready", profile: { id: "player-1" } });
    expect(savedCredentials(storage)).toEqual({ id: "player-1", token: "token-1" });
  });

  it("a device that signs in is that account's player from then on, and a claimed guest is marked an account", async () => {
    const { storage, identity } = setUp();
    await identity.refresh("Ann");
    identity.claimed("ann_k");
    expect(savedCredentials(storage)).toEqual({ id: "player-1", token: "token-1", account: true });
    expect(identity.state).toMatchObject({ status: "ready", profile: { handle: "ann_k" } });
    const profile = {
      id: "p-2",
      name: "Bo",
      ratings: NEW,
      records: { duel: { won: 0, drawn: 0, lost: 0 }, multi: { won: 0, drawn: 0, lost: 0 } },
      handle: "bo",
      marked: false,
      role: null,
    };
    identity.adopt({ id: "p-2", token: "t-2", profile });
    expect(savedCredentials(storage)).toEqual({ id: "p-2", token: "t-2", account: true });
    expect(identity.joinToken).toBe("t-2");
    expect(identity.signedOut()).toEqual({ status: "signed-out" });
  });
});

const NEW = {
  duel: { rating: 1500, rd: 500, provisional: true, games: 0 },
  multi: { rating: 1500, rd: 500, provisional: true, games: 0 },
};
