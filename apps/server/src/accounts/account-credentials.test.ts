/**
 * The account routes of credentials and devices over a real server on both databases (the
 * claim, handles, passwords and sessions are accounts-http.test.ts's): passkeys verified for
 * real (test-kit/authenticator.ts), their limit, device links, recovery, export and deletion,
 * and the sign-up limit. Each test comes from its own
 * address (TRUST_PROXY 1 and X-Forwarded-For), so the per-address limits of one test are
 * not another's.
 */
import { expect, it } from "vitest";
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { bothDatabases } from "../test-kit/postgres.js";
import { useServer } from "../test-kit/server-fixture.js";
import { accountClients } from "../test-kit/account-clients.js";
import { createPasskey, signWithPasskey, type SoftPasskey } from "../test-kit/authenticator.js";
import { person, playedHand, recordOf } from "../storage/sample-hands.js";
import type { SessionAnswer } from "../http/account-answers.js";
import { DELETED_PLAYER_NAME } from "../storage/index.js";

const databases = bothDatabases();
const ORIGIN = "http://localhost:5173";

databases.describeEach("account credentials and devices over HTTP", (t) => {
  const h = useServer(() => ({ store: t.store(), trustProxy: 1 }));

  const { client, guest, handleOf } = accountClients(() => h, t.kind);

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
