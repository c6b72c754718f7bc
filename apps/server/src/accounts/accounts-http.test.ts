/**
 * The account routes over a real server on both databases: claiming keeps everything a
 * guest played, every refusal of the contract (docs/api.md "Accounts") with its code and
 * nothing changed, passwords, second factors and sessions ended at once (passkeys, device
 * links, recovery, export and deletion: account-credentials.test.ts). Each test comes from its own
 * address (TRUST_PROXY 1 and X-Forwarded-For), so the per-address limits of one test are
 * not another's.
 */
import { generate } from "otplib";
import { expect, it } from "vitest";
import { bothDatabases } from "../test-kit/postgres.js";
import { useServer } from "../test-kit/server-fixture.js";
import { accountClients } from "../test-kit/account-clients.js";
import { person, playedHand, recordOf } from "../storage/sample-hands.js";
import type { SessionAnswer } from "../http/account-answers.js";

const databases = bothDatabases();

databases.describeEach("accounts over HTTP", (t) => {
  const h = useServer(() => ({ store: t.store(), trustProxy: 1 }));

  const { client, guest, handleOf } = accountClients(() => h, t.kind);

  it("claims an account on the guest's own row: ratings, history, puzzles and mistakes are unchanged", async () => {
    const c = client();
    const me = await guest(c, "Keeper");
    const other = await guest(c, "Other");
    for (let i = 0; i < 3; i++)
      await h.store.recordHand(
        recordOf(playedHand(2, 10 + i), {
          id: `claim-${t.kind}-${i}`,
          seats: [person(me.id, "Keeper"), person(other.id)],
        }),
      );
    await h.store.db
      .insertInto("puzzle_players")
      .values({
        player_id: me.id,
        rating: 1612,
        rd: 80,
        volatility: 0.06,
        solved: 7,
        failed: 2,
        streak: 3,
        best_streak: 5,
      })
      .execute();
    const snapshot = async (): Promise<unknown[]> =>
      Promise.all([
        c.call("GET", `/api/players/${me.id}`).then((r) => r.body),
        c.call("GET", `/api/players/${me.id}/games`).then((r) => r.body),
        c.call("GET", `/api/puzzles/players/${me.id}`).then((r) => [r.status, r.body]),
        h.store.db.selectFrom("puzzle_players").selectAll().where("player_id", "=", me.id).execute(),
        h.store.db.selectFrom("ratings").selectAll().where("player_id", "=", me.id).orderBy("kind").execute(),
        h.store.db.selectFrom("player_mistakes").selectAll().where("player_id", "=", me.id).execute(),
      ]);
    const before = await snapshot();
    const handle = handleOf("Keeper");
    const claimed = await c.call<{ id: string; handle: string }>("POST", "/api/account", {
      token: me.token,
      body: { handle },
    });
    expect(claimed.status).toBe(201);
    expect(claimed.body).toEqual({ id: me.id, handle });
    const after = await snapshot();
    expect({ ...(after[0] as object), handle: null }).toEqual({ ...(before[0] as object), handle: null });
    expect((after[0] as { handle: string }).handle).toBe(handle);
    expect(after.slice(1)).toEqual(before.slice(1));
    // The same token still works, and the player page is found by the handle in any case.
    expect((await c.call<{ handle: string }>("GET", "/api/me", { token: me.token })).body.handle).toBe(handle);
    const byHandle = await c.call<{ id: string }>("GET", `/api/players/@${handle.toUpperCase()}`);
    expect(byHandle.status).toBe(200);
    expect(byHandle.body.id).toBe(me.id);
    // A second claim, and a claim of the handle in another case by someone else, are refused.
    expect(
      (await c.call("POST", "/api/account", { token: me.token, body: { handle: handleOf("again") } })).body,
    ).toMatchObject({
      code: "already-an-account",
    });
    const rival = await guest(c);
    const taken = await c.call("POST", "/api/account", { token: rival.token, body: { handle: handle.toLowerCase() } });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: "handle-taken" });
  });

  it("refuses handles that break a rule, naming it, and keeps the reserved words back — but not trump", async () => {
    const c = client();
    const cases: [string, string][] = [
      ["ab", "handle-length"],
      ["a".repeat(21), "handle-length"],
      ["1abc", "handle-first-letter"],
      ["_abc", "handle-first-letter"],
      ["ab c", "handle-invisible"],
      ["ab\u200bcd", "handle-invisible"],
      ["ab\u202ecd", "handle-invisible"],
      ["ab\u2066cd", "handle-invisible"],
      ["ab.cd", "handle-characters"],
      ["ab__cd", "handle-separators"],
      ["ab-_cd", "handle-separators"],
      ["Admin", "handle-reserved"],
      ["leaderboard", "handle-reserved"],
      ["Компьютер", "handle-reserved"],
      ["Bilgisayar", "handle-reserved"],
      ["Datamaskin", "handle-reserved"],
      ["কম্পিউটার", "handle-reserved"],
      ["Сomputer", "handle-reserved"], // a Cyrillic С
    ];
    const g = await guest(c);
    for (const [handle, code] of cases) {
      const r = await c.call<{ code: string; error: string }>("POST", "/api/account", {
        token: g.token,
        body: { handle },
      });
      expect([handle, r.status, r.body.code]).toEqual([handle, 400, code]);
    }
    expect((await c.call<{ handle: null }>("GET", "/api/me", { token: g.token })).body.handle).toBeNull();
    const trump = `Trump_${t.kind}`;
    expect((await c.call("POST", "/api/account", { token: g.token, body: { handle: trump } })).status).toBe(201);
  });

  it("renames: case at will, a new handle once in 90 days, the old one still finding the player and held from others", async () => {
    const c = client();
    const me = await guest(c);
    const first = handleOf("first");
    await c.call("POST", "/api/account", { token: me.token, body: { handle: first } });
    expect(
      (await c.call("PATCH", "/api/account", { token: me.token, body: { handle: first.toUpperCase() } })).status,
    ).toBe(200);
    const second = handleOf("second");
    expect((await c.call("PATCH", "/api/account", { token: me.token, body: { handle: second } })).body).toEqual({
      id: me.id,
      handle: second,
    });
    const third = await c.call("PATCH", "/api/account", { token: me.token, body: { handle: handleOf("third") } });
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({ code: "rename-too-soon" });
    expect((await c.call<{ id: string }>("GET", `/api/players/@${first}`)).body.id).toBe(me.id);
    const other = await guest(c);
    expect((await c.call("POST", "/api/account", { token: other.token, body: { handle: first } })).body).toMatchObject({
      code: "handle-taken",
    });
  });

  it("signs in by password: a new token for the same player; a wrong password and an unknown handle get the same 401", async () => {
    const c = client();
    const me = await guest(c);
    const handle = handleOf("pw");
    for (const [password, code] of [
      ["short", "password-length"],
      ["password1", "password-common"],
      [handle, "password-is-handle"],
    ])
      expect(
        (await c.call("POST", "/api/account", { token: me.token, body: { handle, password } })).body,
      ).toMatchObject({
        code,
      });
    expect(
      (await c.call("POST", "/api/account", { token: me.token, body: { handle, password: "correct horse 77" } }))
        .status,
    ).toBe(201);
    const signedIn = await c.call<SessionAnswer>("POST", "/api/sessions", {
      body: { handle, password: "correct horse 77" },
    });
    expect(signedIn.status).toBe(201);
    expect(signedIn.body.id).toBe(me.id);
    expect(signedIn.body.token).not.toBe(me.token);
    expect(signedIn.body.profile.handle).toBe(handle);
    const wrong = await c.call("POST", "/api/sessions", { body: { handle, password: "wrong horse 77" } });
    const unknown = await c.call("POST", "/api/sessions", {
      body: { handle: handleOf("nobody"), password: "wrong horse 77" },
    });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body).toEqual(unknown.body);
    // Failures slow the account down: from the fourth in a row, the next waits (429 with Retry-After).
    for (let i = 0; i < 2; i++)
      await c.call("POST", "/api/sessions", { body: { handle, password: `wrong ${i} horse` } });
    const held = await c.call("POST", "/api/sessions", { body: { handle, password: "correct horse 77" } });
    expect(held.status).toBe(429);
    expect(Number(held.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });

  it("asks a password account with a second factor for its code, and accepts a code once", async () => {
    const c = client();
    const me = await guest(c);
    const handle = handleOf("totp");
    await c.call("POST", "/api/account", { token: me.token, body: { handle, password: "totp horse battery" } });
    const offered = await c.call<{ secret: string; uri: string }>("POST", "/api/account/totp", { token: me.token });
    expect(offered.body.uri).toMatch(/^otpauth:\/\/totp\//);
    const code = await generate({ secret: offered.body.secret, epoch: Math.floor(Date.now() / 1000) - 30 });
    expect((await c.call("PUT", "/api/account/totp", { token: me.token, body: { code: "000000" } })).status).toBe(400);
    expect((await c.call("PUT", "/api/account/totp", { token: me.token, body: { code } })).status).toBe(204);
    const body = { handle, password: "totp horse battery" };
    expect((await c.call("POST", "/api/sessions", { body })).body).toMatchObject({ code: "second-factor-required" });
    // The code that confirmed the factor, from the step before, is spent; the current one passes once.
    expect((await c.call("POST", "/api/sessions", { body: { ...body, totp: code } })).body).toMatchObject({
      code: "second-factor-wrong",
    });
    const now = await generate({ secret: offered.body.secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    expect((await c.call("POST", "/api/sessions", { body: { ...body, totp: now } })).status).toBe(201);
    expect((await c.call("POST", "/api/sessions", { body: { ...body, totp: now } })).body).toMatchObject({
      code: "second-factor-wrong",
    });
  });

  it("lists sessions and ends one, or every other, refused at once by every route", async () => {
    const c = client();
    const me = await guest(c);
    const handle = handleOf("sess");
    await c.call("POST", "/api/account", { token: me.token, body: { handle, password: "sessions horse 9" } });
    const second = (
      await c.call<SessionAnswer>("POST", "/api/sessions", { body: { handle, password: "sessions horse 9" } })
    ).body;
    const third = (
      await c.call<SessionAnswer>("POST", "/api/sessions", { body: { handle, password: "sessions horse 9" } })
    ).body;
    const listed = await c.call<{ sessions: { id: string; current: boolean; device: unknown }[] }>(
      "GET",
      "/api/me/sessions",
      {
        token: second.token,
      },
    );
    expect(listed.body.sessions).toHaveLength(3);
    expect(listed.body.sessions.filter((s) => s.current).map((s) => s.id)).toEqual([second.sessionId]);
    expect(listed.body.sessions[0]!.device).toEqual({ browser: "Chrome", system: "Linux" });
    // Another player's session is nobody's to end.
    const stranger = await guest(c);
    expect((await c.call("DELETE", `/api/me/sessions/${third.sessionId}`, { token: stranger.token })).status).toBe(404);
    expect((await c.call("DELETE", `/api/me/sessions/${third.sessionId}`, { token: second.token })).status).toBe(204);
    expect((await c.call("GET", "/api/me", { token: third.token })).status).toBe(401);
    expect((await c.call("DELETE", "/api/me/sessions?others=1", { token: second.token })).body).toEqual({ ended: 1 });
    expect((await c.call("GET", "/api/me", { token: me.token })).status).toBe(401);
    expect((await c.call("GET", "/api/me/export", { token: me.token })).status).toBe(401);
    expect((await c.call("GET", "/api/me", { token: second.token })).status).toBe(200);
  });
});
