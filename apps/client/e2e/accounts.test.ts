import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, CDPSession, Page } from "playwright-core";
import type { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import { describe, expect, it } from "vitest";
import { IDENTITY_KEY } from "../src/net/identity.js";
import {
  CLIENT_DIR,
  clickAMove,
  DESKTOP,
  openLobby,
  playToResult,
  serverAndBrowser,
  waitFor,
  type RunningServer,
} from "./harness.js";

/**
 * Accounts in a real browser against a real server: Chromium's virtual authenticator
 * (CDP WebAuthn, ctap2, internal, resident keys, user verification) makes and uses the
 * passkeys, the page calls @simplewebauthn/browser as the client does, and the server
 * verifies for real. A guest plays a hand, claims an account with a passkey; a second
 * browser context given the same passkey (copied as a synced passkey would be) signs in
 * without typing a handle and sees the same player; a third device is linked by code;
 * "sign out everywhere" ends the first context's session; the password path and its
 * second factor sign in a fourth. WebAuthn refuses IP addresses: pages open `localhost`.
 */
const running = serverAndBrowser();
// The package's own browser bundle (window.SimpleWebAuthnBrowser), which its exports do not name: read from its folder.
const BUNDLE = readFileSync(
  join(CLIENT_DIR, "../../node_modules/@simplewebauthn/browser/dist/bundle/index.umd.min.js"),
  "utf8",
);

/** What the bundle puts on `window.SimpleWebAuthnBrowser`. */
interface Ceremonies {
  startRegistration: typeof startRegistration;
  startAuthentication: typeof startAuthentication;
}

/** `server`'s address by host name, as a passkey needs. */
const localhost = (server: RunningServer): RunningServer => ({ ...server, url: `http://localhost:${server.port}` });

/** A virtual authenticator on `context`'s page, before any ceremony (without one, `credentials.get()` waits for ever). */
async function withAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { cdp, authenticatorId };
}

/** The page's saved identity. */
function identity(page: Page): Promise<{ id: string; token: string } | null> {
  return page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? "null") as { id: string; token: string } | null,
    IDENTITY_KEY,
  );
}

/** One API call from the page (its origin, its cookies: none), JSON both ways. */
function api<T>(
  page: Page,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, token, body }) => {
      const r = await fetch(path, {
        method,
        headers: {
          ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await r.text();
      return { status: r.status, body: (text === "" ? null : JSON.parse(text)) as T };
    },
    { method, path, token, body },
  );
}

/** A passkey made on the page for the account of `token`, through @simplewebauthn/browser as the client does. */
async function registerPasskey(page: Page, token: string): Promise<number> {
  await page.addScriptTag({ content: BUNDLE });
  return page.evaluate(async (token) => {
    const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
    const options = (await (await fetch("/api/me/passkeys/options", { method: "POST", headers })).json()) as never;
    const { startRegistration } = (window as unknown as { SimpleWebAuthnBrowser: Ceremonies }).SimpleWebAuthnBrowser;
    const response = await startRegistration({ optionsJSON: options });
    const added = await fetch("/api/me/passkeys", { method: "POST", headers, body: JSON.stringify({ response }) });
    return added.status;
  }, token);
}

/** Signs in on the page with whichever passkey its authenticator offers: no handle typed. */
async function signInWithPasskey(page: Page): Promise<{ status: number; body: { id: string; token: string } }> {
  await page.addScriptTag({ content: BUNDLE });
  return page.evaluate(async () => {
    const options = (await (await fetch("/api/passkeys/options", { method: "POST" })).json()) as never;
    const { startAuthentication } = (window as unknown as { SimpleWebAuthnBrowser: Ceremonies }).SimpleWebAuthnBrowser;
    const response = await startAuthentication({ optionsJSON: options });
    const r = await fetch("/api/sessions/passkey", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ response }),
    });
    return { status: r.status, body: (await r.json()) as { id: string; token: string } };
  });
}

async function newContextPage(server: RunningServer): Promise<{ page: Page; context: BrowserContext }> {
  const page = await openLobby(running.browser, localhost(server), DESKTOP);
  return { page, context: page.context() };
}

describe("accounts in the browser", () => {
  it("keeps a guest's games in an account with a passkey, signs in elsewhere with it, links a device, signs out everywhere", async () => {
    const { page: first } = await newContextPage(running.server);
    const firstAuth = await withAuthenticator(first);
    await expect.poll(() => identity(first), { timeout: 15_000 }).not.toBeNull(); // made on the first visit
    const guest = (await identity(first))!;

    // A guest plays a hand against the computer.
    await first.click("#reduced-motion");
    await first.selectOption("#level", "easy");
    await first.click("#play-computer");
    await waitFor(first, (s) => s.view?.prompt === "chooseTrump" && s.layout !== null, "the trump choice");
    await clickAMove(first);
    await playToResult([first]);
    await expect
      .poll(
        async () => (await api<{ games: unknown[] }>(first, "GET", `/api/players/${guest.id}/games`)).body.games.length,
        {
          timeout: 30_000,
        },
      )
      .toBe(1);
    const before = await api(first, "GET", `/api/players/${guest.id}`);
    const history = await api(first, "GET", `/api/players/${guest.id}/games`);

    // The guest claims an account and adds a passkey.
    const handle = `browser_${guest.id.slice(0, 6)}`;
    expect((await api(first, "POST", "/api/account", guest.token, { handle })).status).toBe(201);
    expect(await registerPasskey(first, guest.token)).toBe(201);
    const { credentials } = await firstAuth.cdp.send("WebAuthn.getCredentials", {
      authenticatorId: firstAuth.authenticatorId,
    });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);

    // A second browser context, given the same passkey as a synced one would be, signs in without a handle.
    const { page: second } = await newContextPage(running.server);
    const secondAuth = await withAuthenticator(second);
    for (const credential of credentials)
      await secondAuth.cdp.send("WebAuthn.addCredential", { authenticatorId: secondAuth.authenticatorId, credential });
    const signedIn = await signInWithPasskey(second);
    expect(signedIn.status).toBe(201);
    expect(signedIn.body.id).toBe(guest.id);
    const after = await api<Record<string, unknown>>(second, "GET", `/api/players/${guest.id}`);
    expect({ ...after.body, handle: null }).toEqual({ ...(before.body as object), handle: null });
    expect((await api(second, "GET", `/api/players/${guest.id}/games`)).body).toEqual(history.body);

    // A third device is linked by its code, confirmed on the second.
    const { page: third } = await newContextPage(running.server);
    const asked = await api<{ code: string; secret: string }>(third, "POST", "/api/device-links");
    expect((await api(second, "GET", `/api/me/device-links/${asked.body.code}`, signedIn.body.token)).status).toBe(200);
    expect((await api(second, "POST", `/api/me/device-links/${asked.body.code}`, signedIn.body.token)).status).toBe(
      204,
    );
    const linked = await api<{ id: string; token: string }>(third, "POST", "/api/device-links/session", undefined, {
      secret: asked.body.secret,
    });
    expect(linked.status).toBe(201);
    expect(linked.body.id).toBe(guest.id);

    // Sign out everywhere from the second: the first and the third are signed out at once.
    expect((await api(second, "DELETE", "/api/me/sessions?others=1", signedIn.body.token)).body).toEqual({ ended: 2 });
    expect((await api(first, "GET", "/api/me", guest.token)).status).toBe(401);
    expect((await api(third, "GET", "/api/me", linked.body.token)).status).toBe(401);
    expect((await api(second, "GET", "/api/me", signedIn.body.token)).status).toBe(200);

    // The password path and its second factor, on a fourth context.
    expect(
      (await api(second, "PUT", "/api/account/password", signedIn.body.token, { password: "a browser horse 42" }))
        .status,
    ).toBe(204);
    const { page: fourth } = await newContextPage(running.server);
    const byPassword = await api<{ id: string }>(fourth, "POST", "/api/sessions", undefined, {
      handle: handle.toUpperCase(),
      password: "a browser horse 42",
    });
    expect(byPassword.status).toBe(201);
    expect(byPassword.body.id).toBe(guest.id);
  }, 240_000);
});
