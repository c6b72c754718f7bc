import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DESKTOP,
  E2E_DIST,
  clickAMove,
  freePort,
  inspect,
  launchBrowser,
  openLobby,
  pickTrump,
  playToResult,
  startServer,
  waitFor,
  type RunningServer,
} from "./harness.js";
import type { Browser } from "playwright-core";
import { pgliteDataDir } from "@yourtrumps/server/test-kit";

/**
 * A crash mid-hand, seen from the page: two people at a private table, the server
 * process killed with SIGKILL and started again on the same address and database. Each
 * page says the server restarted, gets its seat back by itself, shows the table as it
 * was, and the hand is played to its result.
 */
let browser: Browser;
let closeBrowser: () => Promise<void>;
let server: RunningServer;
let dataDir: string;
let port: number;
const env = (): Record<string, string> => ({ PORT: String(port), DATA_DIR: dataDir, TURN_SECONDS: "0" });

beforeAll(async () => {
  dataDir = await pgliteDataDir();
  port = await freePort();
  server = await startServer(E2E_DIST, env());
  ({ browser, close: closeBrowser } = await launchBrowser());
});
afterAll(async () => {
  await closeBrowser();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a restart mid-hand", () => {
  it("after a SIGKILL and a restart, both pages say so, come back to the table as it was, and finish the hand", async () => {
    const host = await openLobby(browser, server, DESKTOP);
    await host.click("#reduced-motion");
    await host.click("#private-table");
    const code = (await host.locator("#table-code").textContent())?.split(":").pop()?.trim() ?? "";
    const guest = await openLobby(browser, server, DESKTOP, `/?table=${code}`);
    await guest.click("#reduced-motion");
    await guest.click("#join");
    await waitFor(guest, (s) => s.view !== null && s.view.mySeat >= 0, "the guest seated");
    await pickTrump(host);
    await pickTrump(guest);
    // A few moves, so the hand is not the one dealt.
    for (let moves = 0; moves < 4;) {
      for (const page of [host, guest]) {
        const seq = (await inspect(page)).view?.seq ?? -1;
        if (await clickAMove(page)) {
          moves++;
          await waitFor(page, (x) => (x.view?.seq ?? -1) !== seq, "the move to land", 15_000);
        }
      }
    }
    await waitFor(host, (s) => s.idle, "the table still");
    const before = await inspect(host);
    const guestBefore = await inspect(guest);

    await server.kill();
    for (const page of [host, guest])
      await expect
        .poll(() => page.locator("#toast").textContent(), { timeout: 20_000 })
        .toContain("The server restarted");
    // A move while the server is away is not sent into the closed connection (lost without a word): the page says why, and nothing moves.
    const mover = before.view?.myTurn === true ? host : guest;
    expect((await inspect(mover)).away).toBe("restarting");
    expect(await clickAMove(mover)).toBe(true);
    await expect.poll(() => mover.locator("#toast").textContent()).toContain("The server restarted");
    server = await startServer(E2E_DIST, env());

    // Back means each page's own connection is back (its last view from before the restart already shows the same seq).
    const back = await waitFor(
      host,
      (s) => s.away === null && s.view?.seq === before.view?.seq && (s.view?.seats.every((x) => x.connected) ?? false),
      "the host back at the table",
      30_000,
    );
    await waitFor(
      guest,
      (s) => s.away === null && s.view?.seq === before.view?.seq,
      "the guest back at the table",
      30_000,
    );
    expect(back.view?.hand.map((c) => c.card)).toEqual(before.view?.hand.map((c) => c.card));
    expect(back.view?.pile).toEqual(before.view?.pile);
    expect((await inspect(guest)).view?.hand.map((c) => c.card)).toEqual(guestBefore.view?.hand.map((c) => c.card));
    for (const page of [host, guest])
      await expect.poll(() => page.locator("#toast").isHidden(), { timeout: 10_000 }).toBe(true);
    await playToResult([host, guest], 180_000, 0.1);
    const end = await inspect(host);
    expect(end.view?.phase).toBe("over");
  });
});
