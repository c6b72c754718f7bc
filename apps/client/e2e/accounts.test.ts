import AxeBuilder from "@axe-core/playwright";
import { readFileSync } from "node:fs";
import { generate } from "otplib";
import type { CDPSession, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { IDENTITY_KEY } from "../src/net/identity.js";
import {
  clickAMove,
  DESKTOP,
  openLobby,
  playToResult,
  serverAndBrowser,
  waitFor,
  type RunningServer,
} from "./harness.js";

/**
 * Accounts in a real browser against a real server, through the pages: Chromium's virtual
 * authenticator (CDP WebAuthn: ctap2, internal, resident keys, user verification) makes and
 * uses the passkeys, the server verifies for real. A guest plays a hand and takes the
 * profile box's offer to keep the games in an account, with a passkey; a second browser
 * context given the same passkey (copied as a synced passkey would be) signs in on the
 * sign-in page without typing a handle and sees the same player; a third context is linked
 * by its code, confirmed on the Account page; "Sign out every other device" signs the first
 * and the third out (their lobbies say so); a password and a second factor set on the
 * Account page sign the first back in; a recovery key signs a fourth in and asks for a new passkey. WebAuthn refuses IP addresses: pages open `localhost`.
 */
const running = serverAndBrowser();

/** `server`'s address by host name, as a passkey needs. */
const localhost = (server: RunningServer): RunningServer => ({ ...server, url: `http://localhost:${server.port}` });

/** A virtual authenticator on the page, before any ceremony (without one, `credentials.get()` waits for ever). */
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

/** One public API call from the page, JSON back. */
async function read<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (path) => (await (await fetch(path)).json()) as T, path);
}

/** axe-core's serious and critical violations on the page as it is now. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

const text = (page: Page, selector: string) => page.locator(selector).innerText();

describe("accounts in the browser", () => {
  it("keeps a guest's games in an account with a passkey, signs in elsewhere with it, links a device, signs out everywhere, signs in by password and second factor, exports, recovers by key, deletes", async () => {
    const server = localhost(running.server);
    const first = await openLobby(running.browser, server, DESKTOP);
    const firstAuth = await withAuthenticator(first);
    await expect.poll(() => identity(first), { timeout: 15_000 }).not.toBeNull(); // made on the first visit
    const guest = (await identity(first))!;
    expect(await first.locator("#open-claim").count()).toBe(0); // no offer before a finished hand

    // A guest plays a hand against the computer, then leaves the table for the lobby.
    await first.click("#reduced-motion");
    await first.selectOption("#level", "easy");
    await first.click("#play-computer");
    await waitFor(first, (s) => s.view?.prompt === "chooseTrump" && s.layout !== null, "the trump choice");
    await clickAMove(first);
    await playToResult([first]);
    await expect
      .poll(async () => (await read<{ games: unknown[] }>(first, `/api/players/${guest.id}/games`)).games.length, {
        timeout: 30_000,
      })
      .toBe(1);
    const before = await read<Record<string, unknown>>(first, `/api/players/${guest.id}`);
    const history = await read<unknown>(first, `/api/players/${guest.id}/games`);
    await first.click("#settings-toggle");
    await first.click("#leave");
    await expect.poll(() => text(first, "#record"), { timeout: 30_000 }).not.toBe("Won 0 · Drawn 0 · Lost 0");
    const record = await text(first, "#record");

    // The profile box offers to keep the games; a handle the server refuses is said in words, then an account is made.
    await first.click("#open-claim", { timeout: 30_000 });
    await first.fill("#claim-handle", "9lives");
    await first.click("#claim-submit");
    await expect.poll(() => text(first, "#account-claim-error")).toBe("A handle starts with a letter.");
    const handle = `browser_${guest.id.slice(0, 6)}`;
    await first.fill("#claim-handle", handle);
    await first.click("#claim-submit");
    await first.click("#first-passkey"); // the passkey, made by the virtual authenticator
    await expect.poll(() => first.locator("#passkey-list li").count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => text(first, "#handle-now")).toBe(handle);
    expect(await violations(first)).toEqual([]); // the Account page
    const { credentials } = await firstAuth.cdp.send("WebAuthn.getCredentials", {
      authenticatorId: firstAuth.authenticatorId,
    });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);

    // A second browser context, given the same passkey as a synced one would be, signs in without a handle.
    const second = await openLobby(running.browser, server, DESKTOP);
    const secondAuth = await withAuthenticator(second);
    for (const credential of credentials)
      await secondAuth.cdp.send("WebAuthn.addCredential", { authenticatorId: secondAuth.authenticatorId, credential });
    await expect.poll(() => identity(second), { timeout: 15_000 }).not.toBeNull();
    await second.click("#open-sign-in");
    await expect.poll(() => second.locator("#sign-in-handle").getAttribute("autocomplete")).toBe("username webauthn");
    expect(await violations(second)).toEqual([]); // the sign-in form
    // The handle field's autofill may offer the passkey by itself; "Use a passkey" asks for it outright.
    await second.click("#sign-in-passkey").catch(() => {});
    await expect.poll(() => second.locator("#you-handle").innerText(), { timeout: 15_000 }).toBe(`@${handle}`);
    expect((await identity(second))!.id).toBe(guest.id);
    const after = await read<Record<string, unknown>>(second, `/api/players/${guest.id}`);
    expect({ ...after, handle: null }).toEqual({ ...before, handle: null });
    expect(await read(second, `/api/players/${guest.id}/games`)).toEqual(history);
    expect(await text(second, "#record")).toBe(record);
    await second.click("#open-history");
    await expect.poll(() => second.locator("#history li.game").count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await second.click("#page-back");

    // A third device shows its link code; the second looks it up, sees what it links, and confirms.
    const third = await openLobby(running.browser, server, DESKTOP);
    await expect.poll(() => identity(third), { timeout: 15_000 }).not.toBeNull();
    await third.goto(`${server.url}/#account`); // a guest's Account page: the handle taken is said while it is typed
    await third.locator("#claim-handle").pressSequentially(handle.toUpperCase(), { delay: 20 });
    await expect.poll(() => text(third, "#account-claim-error"), { timeout: 15_000 }).toBe("This handle is taken.");
    await third.click("#page-back");
    await third.click("#open-sign-in");
    await third.click("#sign-in-mode-link");
    const code = await third.locator("#link-code").innerText({ timeout: 15_000 });
    expect(code).toMatch(/^[0-9A-Z]{8}$/);
    expect(await third.locator("#link-qr path").getAttribute("d")).toMatch(/^M/);
    await second.click("#open-account");
    await second.fill("#link-code-input", code.toLowerCase());
    await second.click("#link-look-up");
    await expect.poll(() => text(second, "#link-device")).toMatch(/^Link .+ on Linux, asking since .+\?$/);
    await second.click("#link-confirm");
    await expect.poll(() => text(second, "#account-link-note")).toBe("The device is linked and signed in.");
    await expect.poll(() => third.locator("#you-handle").innerText(), { timeout: 15_000 }).toBe(`@${handle}`);
    expect((await identity(third))!.id).toBe(guest.id);

    // Sign out every other device, from the second (its Account page opened afresh, listing the third): the first and the third say they were signed out.
    await second.click("#page-back");
    await second.click("#open-account");
    await expect.poll(() => second.locator("#session-list li").count(), { timeout: 15_000 }).toBe(3);
    expect(await text(second, "#session-list li.current")).toContain("(this device)");
    await second.click("#sessions-end-others");
    await expect.poll(() => text(second, "#account-sessions-note")).toBe("Every other device was signed out.");
    expect(await second.locator("#session-list li").count()).toBe(1);
    for (const page of [first, third])
      await expect
        .poll(
          () =>
            page
              .locator("#signed-out")
              .innerText()
              .catch(() => ""),
          { timeout: 15_000 },
        )
        .toBe("You were signed out on this device.");
    expect((await identity(first))!.id).toBe(guest.id); // not silently replaced by a new guest

    // A password and a second factor, set on the second's Account page.
    await second.fill("#password-new", "a browser horse 42");
    await second.click("#password-save");
    await expect.poll(() => text(second, "#password-state")).toBe("A password is set.");
    await second.click("#totp-start");
    const secret = await second.locator("#totp-secret").innerText();
    expect(await second.locator("#totp-qr").getAttribute("data-text")).toMatch(/^otpauth:\/\/totp\//);
    await second.fill("#totp-code", await generate({ secret, epoch: Math.floor(Date.now() / 1000) - 30 }));
    await second.click("#totp-confirm");
    await expect
      .poll(() => text(second, "#totp-state"))
      .toBe("Signing in with your password also asks for a code from your authenticator app.");

    // The export downloads everything the server holds about the player, as one JSON file.
    const [download] = await Promise.all([second.waitForEvent("download"), second.click("#export-download")]);
    expect(download.suggestedFilename()).toBe("yourtrumps-export.json");
    const exported = readFileSync(await download.path(), "utf8");
    expect(exported).toContain(handle);
    expect(exported).toContain(guest.id);
    expect(exported).not.toContain(guest.token);

    // The first signs back in with them: the handle in any case, the password, then the code asked for.
    await first.click("#open-sign-in");
    await first.fill("#sign-in-handle", handle.toUpperCase());
    await first.fill("#sign-in-password", "a browser horse 41");
    await first.click("#sign-in-submit");
    await expect
      .poll(() => text(first, "#sign-in-error"))
      .toBe("No account has this handle and password (or recovery key).");
    await first.fill("#sign-in-password", "a browser horse 42");
    await first.click("#sign-in-submit");
    await first.fill("#sign-in-totp", await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await first.click("#sign-in-submit");
    await expect.poll(() => first.locator("#you-handle").innerText(), { timeout: 15_000 }).toBe(`@${handle}`);
    expect((await identity(first))!.id).toBe(guest.id);

    // A recovery key, made on the second and shown once; a fourth device signs in with it and is asked for a new passkey.
    await second.click("#recovery-make");
    const recoveryKey = await second.locator("#recovery-key-shown").innerText({ timeout: 15_000 });
    expect(recoveryKey.replace(/[^0-9A-Z]/g, "")).toHaveLength(26);
    const fourth = await openLobby(running.browser, server, DESKTOP);
    await withAuthenticator(fourth);
    await expect.poll(() => identity(fourth), { timeout: 15_000 }).not.toBeNull();
    await fourth.click("#open-sign-in");
    await fourth.click("#sign-in-mode-recovery");
    await fourth.fill("#sign-in-handle", handle);
    await fourth.fill("#sign-in-recovery", recoveryKey);
    await fourth.click("#sign-in-submit");
    await expect
      .poll(() => text(fourth, "#first-credential").catch(() => ""), { timeout: 15_000 })
      .toContain("You signed in with your recovery key.");
    await fourth.click("#first-passkey");
    await expect.poll(() => fourth.locator("#passkey-list li").count(), { timeout: 15_000 }).toBe(2);
    expect(await fourth.locator("#first-credential").count()).toBe(0);
    expect(await text(fourth, "#password-state")).toBe("No password: you sign in with passkeys."); // the key removed it
    await expect // every other session ended: the second says so too
      .poll(
        () =>
          second
            .locator("#signed-out")
            .innerText()
            .catch(() => ""),
        { timeout: 15_000 },
      )
      .toBe("You were signed out on this device.");

    // Deleting the account, confirmed, says the 7 days and signs this device out too.
    await fourth.click("#delete-start");
    expect(await text(fourth, "#delete-confirm-text")).toContain("7 days");
    await fourth.click("#delete-confirm");
    await expect
      .poll(
        () =>
          fourth
            .locator("#signed-out")
            .innerText()
            .catch(() => ""),
        { timeout: 15_000 },
      )
      .toBe("You were signed out on this device.");
  }, 240_000);
});
