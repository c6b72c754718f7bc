/**
 * The account routes over a real server on both databases: claiming keeps everything a
 * guest played, every refusal of the contract (docs/api.md "Accounts") with its code and
 * nothing changed, passkeys verified for real (test-kit/authenticator.ts), sessions ended
 * at once, device links, recovery, export and deletion. Each test comes from its own
 * address (TRUST_PROXY 1 and X-Forwarded-For), so the per-address limits of one test are
 * not another's.
 */
import { generate } from "otplib";
import { afterAll, beforeAll, expect, it } from "vitest";
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { bothDatabases } from "../test-kit/postgres.js";
import { boot, call, type Harness } from "../test-kit/harness.js";
import { createPasskey, signWithPasskey, type SoftPasskey } from "../test-kit/authenticator.js";
import { person, playedHand, recordOf } from "../storage/sample-hands.js";
import type { NewPlayerAnswer } from "../http/players.js";
import type { SessionAnswer } from "../http/account-answers.js";
import { DELETED_PLAYER_NAME } from "../storage/index.js";

const databases = bothDatabases();
const ORIGIN = "http://localhost:5173";
let addresses = 0;

databases.describeEach("accounts over HTTP", (t) => {
  let h: Harness;
  beforeAll(async () => {
    h = await boot({ store: t.store(), trustProxy: 1 });
  });
  afterAll(async () => {
    await h.close();
  });

  /** A client from an address of its own. */
  const client = (): {
    call: <T>(method: string, path: string, o?: { token?: string; body?: unknown }) => ReturnType<typeof call<T>>;
  } => {
    const address = `10.${t.kind === "pglite" ? 1 : 2}.${Math.floor(++addresses / 250)}.${addresses % 250}`;
    return {
      call: (method, path, o = {}) =>
        call(h.base, method, path, {
          ...o,
          headers: { "X-Forwarded-For": address, "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0" },
        }),
    };
  };
  const guest = async (c: ReturnType<typeof client>, name = "Guest"): Promise<NewPlayerAnswer> =>
    (await c.call<NewPlayerAnswer>("POST", "/api/players", { body: { name } })).body;
  const handleOf = (prefix: string): string => `${prefix}_${t.kind}_${++addresses}`;

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

  it("registers passkeys and signs in with one without a handle; refuses replays, other accounts' credentials and other sites", async () => {
    const c = client();
    const me = await guest(c);
    await c.call("POST", "/api/account", { token: me.token, body: { handle: handleOf("pk") } });
    const register = async (token: string): Promise<SoftPasskey> => {
      const options = (
        await c.call<PublicKeyCredentialCreationOptionsJSON>("POST", "/api/me/passkeys/options", { token })
      ).body;
      expect(options.authenticatorSelection?.residentKey).toBe("required");
      const made = createPasskey(options, ORIGIN);
      const added = await c.call<{ name: string }>("POST", "/api/me/passkeys", {
        token,
        body: { response: made.response, name: "Laptop" },
      });
      expect(added.status).toBe(201);
      // The same response again: its challenge is spent.
      expect(
        (await c.call("POST", "/api/me/passkeys", { token, body: { response: made.response } })).body,
      ).toMatchObject({
        code: "passkey-challenge",
      });
      return made.passkey;
    };
    const passkey = await register(me.token);
    const options = async (): Promise<PublicKeyCredentialRequestOptionsJSON> =>
      (await c.call<PublicKeyCredentialRequestOptionsJSON>("POST", "/api/passkeys/options")).body;
    const response = signWithPasskey(passkey, await options(), ORIGIN);
    const signedIn = await c.call<SessionAnswer>("POST", "/api/sessions/passkey", { body: { response } });
    expect(signedIn.status).toBe(201);
    expect(signedIn.body.id).toBe(me.id);
    expect((await c.call("POST", "/api/sessions/passkey", { body: { response } })).body).toMatchObject({
      code: "passkey-challenge",
    });
    const elsewhere = signWithPasskey(passkey, await options(), "https://evil.example");
    expect((await c.call("POST", "/api/sessions/passkey", { body: { response: elsewhere } })).body).toMatchObject({
      code: "passkey-origin",
    });
    // A credential presented as another account's (its user handle says someone else).
    const other = await guest(c);
    await c.call("POST", "/api/account", { token: other.token, body: { handle: handleOf("pk2") } });
    const otherKey = await register(other.token);
    const mixed = signWithPasskey({ ...passkey, userHandle: otherKey.userHandle }, await options(), ORIGIN);
    expect((await c.call("POST", "/api/sessions/passkey", { body: { response: mixed } })).body).toMatchObject({
      code: "passkey-other-account",
    });
    const listed = await c.call<{ passkeys: { id: string; name: string }[] }>("GET", "/api/me/passkeys", {
      token: me.token,
    });
    expect(listed.body.passkeys.map((k) => k.name)).toEqual(["Laptop"]);
    expect(
      (await c.call("PATCH", `/api/me/passkeys/${passkey.id}`, { token: me.token, body: { name: "Phone" } })).status,
    ).toBe(204);
    // The last way to sign in is not removed.
    expect((await c.call("DELETE", `/api/me/passkeys/${passkey.id}`, { token: me.token })).body).toMatchObject({
      code: "last-credential",
    });
    expect((await c.call("DELETE", `/api/me/passkeys/${otherKey.id}`, { token: me.token })).status).toBe(404);
  });

  it("limits passkey verifications to 10 a minute an address", async () => {
    const c = client();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (
          await c.call("POST", "/api/sessions/passkey", {
            body: {
              response: {
                id: "AA",
                rawId: "AA",
                type: "public-key",
                response: { clientDataJSON: "", authenticatorData: "", signature: "" },
              },
            },
          })
        ).status,
      );
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("links a device by its code: the code alone grants nothing, the link is spent once, wrong codes are limited", async () => {
    const c = client();
    const me = await guest(c);
    await c.call("POST", "/api/account", { token: me.token, body: { handle: handleOf("link") } });
    const asked = await c.call<{ code: string; secret: string }>("POST", "/api/device-links");
    expect(asked.body.code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect((await c.call("POST", "/api/device-links/session", { body: { secret: asked.body.secret } })).status).toBe(
      202,
    );
    const seen = await c.call<{ device: unknown }>("GET", `/api/me/device-links/${asked.body.code.toLowerCase()}`, {
      token: me.token,
    });
    expect(seen.body.device).toEqual({ browser: "Chrome", system: "Linux" });
    expect((await c.call("POST", `/api/me/device-links/${asked.body.code}`, { token: me.token })).status).toBe(204);
    expect((await c.call("POST", "/api/device-links/session", { body: { secret: "x".repeat(43) } })).status).toBe(404);
    const linked = await c.call<SessionAnswer>("POST", "/api/device-links/session", {
      body: { secret: asked.body.secret },
    });
    expect(linked.status).toBe(201);
    expect(linked.body.id).toBe(me.id);
    expect((await c.call("POST", "/api/device-links/session", { body: { secret: asked.body.secret } })).status).toBe(
      404,
    );
    const misses: number[] = [];
    for (let i = 0; i < 6; i++)
      misses.push((await c.call("GET", "/api/me/device-links/23456789", { token: me.token })).status);
    expect(misses).toEqual([404, 404, 404, 404, 404, 429]);
  });

  it("recovers with the recovery key: every other session ends, the key is spent, a new credential is asked for", async () => {
    const c = client();
    const me = await guest(c);
    const handle = handleOf("rk");
    await c.call("POST", "/api/account", { token: me.token, body: { handle, password: "recovery horse 5" } });
    const { recoveryKey } = (
      await c.call<{ recoveryKey: string }>("POST", "/api/account/recovery-key", { token: me.token })
    ).body;
    expect(recoveryKey.replace(/-/g, "")).toMatch(/^[A-Z2-7]{26}$/);
    const recovered = await c.call<SessionAnswer & { next: string }>("POST", "/api/sessions/recovery", {
      body: { handle, recoveryKey: recoveryKey.toLowerCase() },
    });
    expect(recovered.status).toBe(201);
    expect(recovered.body.next).toBe("add-credential");
    expect((await c.call("GET", "/api/me", { token: me.token })).status).toBe(401);
    expect((await c.call("POST", "/api/sessions/recovery", { body: { handle, recoveryKey } })).status).toBe(401);
    expect((await c.call("POST", "/api/sessions", { body: { handle, password: "recovery horse 5" } })).status).toBe(
      401,
    );
    expect(
      (
        await c.call("PUT", "/api/account/password", {
          token: recovered.body.token,
          body: { password: "new recovery horse" },
        })
      ).status,
    ).toBe(204);
    expect((await c.call("POST", "/api/sessions", { body: { handle, password: "new recovery horse" } })).status).toBe(
      201,
    );
  });

  it("exports everything without a secret hash, and deletes: signed out at once, closed after 7 days, the handle never reused", async () => {
    const c = client();
    const me = await guest(c, "Leaver");
    const other = await guest(c);
    const handle = handleOf("bye");
    await c.call("POST", "/api/account", { token: me.token, body: { handle, password: "leaving horse 3" } });
    await c.call("POST", "/api/account/recovery-key", { token: me.token });
    await h.store.recordHand(
      recordOf(playedHand(2, 3), { id: `bye-${t.kind}`, seats: [person(me.id, "Leaver"), person(other.id)] }),
    );
    const exported = await c.call<string>("GET", "/api/me/export", { token: me.token });
    expect(exported.status).toBe(200);
    const text = typeof exported.body === "string" ? exported.body : JSON.stringify(exported.body);
    const doc = JSON.parse(text) as { player: { handle: string; password: boolean }; hands: { id: string }[] };
    expect(doc.player).toMatchObject({ handle, password: true });
    expect(doc.hands.map((g) => g.id)).toEqual([`bye-${t.kind}`]);
    expect(text).not.toMatch(/argon2|token_sha256|recovery_sha256|public_key|password_hash/);

    expect((await c.call("DELETE", "/api/account", { token: me.token })).status).toBe(202);
    expect((await c.call("GET", "/api/me", { token: me.token })).status).toBe(401);
    // Signing in again within the 7 days keeps the account.
    expect((await c.call("POST", "/api/sessions", { body: { handle, password: "leaving horse 3" } })).status).toBe(201);
    expect((await h.store.accounts.accountSummary(me.id))?.closingAt).toBeNull();
    const again = (
      await c.call<SessionAnswer>("POST", "/api/sessions", { body: { handle, password: "leaving horse 3" } })
    ).body;
    await c.call("DELETE", "/api/account", { token: again.token });
    expect(await h.store.accounts.closeDueAccounts(new Date(Date.now() + 8 * 24 * 3600_000))).toContain(me.id);
    expect((await c.call("POST", "/api/sessions", { body: { handle, password: "leaving horse 3" } })).status).toBe(401);
    expect((await c.call("GET", `/api/players/@${handle}`)).status).toBe(404);
    const history = await c.call<{ games: { opponents: { name: string }[] }[] }>(
      "GET",
      `/api/players/${other.id}/games`,
    );
    expect(history.body.games[0]!.opponents[0]!.name).toBe(DELETED_PLAYER_NAME);
    const taker = await guest(c);
    expect((await c.call("POST", "/api/account", { token: taker.token, body: { handle } })).body).toMatchObject({
      code: "handle-taken",
    });
  });

  it("limits sign-ups to 10 an hour an address", async () => {
    const c = client();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const g = await guest(c);
      statuses.push(
        (await c.call("POST", "/api/account", { token: g.token, body: { handle: handleOf("su") } })).status,
      );
    }
    expect(statuses).toEqual([...Array<number>(10).fill(201), 429]);
  });
});
