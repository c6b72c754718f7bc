/**
 * Moderation in real pages against a real server: Ann reports Bea from Bea's player page; Mo,
 * made a moderator by the admin command (`npm run admin … grant`, which asks the running
 * server over its control socket), opens the moderators' page from the lobby, sees the report
 * with Bea's hand, marks Bea with a reason and sees the audit line; Bea sees the notice, reads
 * it, and it stays read; Mo undoes the mark from the audit log and Bea is told that too; closed,
 * Bea still reads why, and reopened she is herself again. Ned,
 * no moderator, is offered no link and the page's address tells him he is not allowed. At a
 * private table the ⚙ offers Report about the other person, and says the daily limit in words. axe-core
 * finds no serious or critical violation on the moderators' page.
 */
import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { t } from "../src/i18n/index.js";
import { IDENTITY_KEY } from "../src/net/identity.js";
import { artifactPath, CLIENT_DIR, openAs, serverAndBrowser, waitFor } from "./harness.js";
import { handOnRecord } from "./hand-on-record.js";

const env = serverAndBrowser();
const en = (key: Parameters<typeof t>[1], params?: Record<string, string>) => t("en", key, params);

interface Player {
  id: string;
  token: string;
}

async function api<T>(method: string, path: string, token: string | null, body?: object): Promise<T> {
  const res = await fetch(env.server.url + path, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const player = (name: string) => api<Player>("POST", "/api/players", null, { name });

let [ann, bea, mo, ned] = [] as Player[];
let beasHand = "";
beforeAll(async () => {
  [ann, bea, mo, ned] = await Promise.all(["Ann", "Bea", "Mo", "Ned"].map(player));
  beasHand = await handOnRecord(env.server.url, bea!.token);
  await api("POST", "/api/account", mo!.token, { handle: "mo_mod" }); // roles go to accounts, by handle
  const admin = resolve(CLIENT_DIR, "../server/dist/moderation/admin-command.js");
  const { stdout } = await promisify(execFile)(process.execPath, [admin, "grant", "mo_mod", "mod"], {
    env: { ...process.env, DATA_DIR: env.server.dataDir },
  });
  expect(stdout).toContain("@mo_mod is mod now");
}, 60_000);

/** A page that is `who`, at `path`. */
const pageAs = (who: Player, path = "/"): Promise<Page> => openAs(env.browser, env.server, who, path);

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Mo asks for `action` on the file showing, with `reason`, and waits for the audit log to show it. */
async function act(page: Page, opener: string, reason: string, logged: string): Promise<void> {
  await page.click(opener);
  await page.fill("#mod-reason", reason);
  await page.click("#mod-confirm");
  await page.locator(`#mod-file-log tr[data-action="${logged}"]`, { hasText: reason }).waitFor();
}

describe("moderation in the pages", () => {
  it("a report from a player page reaches the moderators' page; a mark with its reason is logged, noticed by the player, and undone", async () => {
    // Ann reports Bea from Bea's page.
    const annPage = await pageAs(ann!, `/#player=${bea!.id}`);
    await annPage.click("#player-report");
    await annPage.locator("#report-dialog").waitFor();
    expect(await annPage.locator("#report-send").isDisabled()).toBe(true); // a reason first
    await annPage.check("#report-sandbagging");
    await annPage.fill("#report-note", "loses every hand to her friend on purpose");
    await annPage.click("#report-send");
    await annPage.locator("#report-sent", { hasText: en("reportSent") }).waitFor();
    await annPage.click("#report-close");
    await expect.poll(() => annPage.locator("#report-dialog").count()).toBe(0);
    expect(await annPage.evaluate(() => document.activeElement?.id)).toBe("player-report"); // the focus is back
    await annPage.context().close();

    // Mo opens the moderators' page from the lobby: the report, and Bea's file with her hand.
    const moPage = await pageAs(mo!);
    await moPage.click("#open-mod");
    const report = moPage.locator("#mod-reports li", { hasText: "Bea" });
    await report.waitFor();
    expect(await report.textContent()).toContain(en("reasonSandbagging"));
    expect(await report.textContent()).toContain(en("modReportedBy", { name: "Ann" }));
    expect(await seriousViolations(moPage), "the moderators' queue").toEqual([]);
    await report.locator("button.mod-player").click();
    await moPage.locator("#mod-file-name", { hasText: "Bea" }).waitFor();
    expect(moPage.url()).toContain(`#mod=${bea!.id}`);
    expect(await moPage.locator(`#mod-hands a[href*="game=${beasHand}"]`).count()).toBe(1);
    expect(await moPage.locator("#mod-file-reports").textContent()).toContain("loses every hand to her friend");
    expect(await moPage.locator("#mod-flags").textContent()).toContain(en("flagNone"));

    // Mark, with a reason: the audit line says who, what and why.
    await act(moPage, "#mod-act-mark", "sandbagging for a friend", "mark");
    const line = moPage.locator('#mod-file-log tr[data-action="mark"]');
    expect(await line.textContent()).toContain("Mo");
    expect(await moPage.locator("#mod-flags").textContent()).toContain(en("flagMarked"));
    expect(await seriousViolations(moPage), "a player's file").toEqual([]);
    await moPage.screenshot({ path: artifactPath("moderation-file-desktop.png"), fullPage: true });

    // Bea is told, reads it, and it is read for good (asked of the server, as another device would).
    const beaPage = await pageAs(bea!);
    const notice = beaPage.locator("#notice");
    await notice.waitFor();
    expect(await notice.textContent()).toContain(en("noticeMark"));
    expect(await notice.textContent()).toContain("sandbagging for a friend");
    expect(await notice.textContent()).not.toContain("Mo"); // the moderator is not named
    await beaPage.screenshot({ path: artifactPath("moderation-notice-desktop.png") });
    await beaPage.click("#notice-read");
    await expect.poll(() => notice.count()).toBe(0);
    const read = async () =>
      (await api<{ notices: { action: string; read: boolean }[] }>("GET", "/api/me/notices", bea!.token)).notices;
    await expect.poll(async () => (await read()).every((n) => n.read)).toBe(true);

    // Undo from the audit log: the mark is lifted, with its own reason, and Bea is told that.
    await line.locator("button.mod-undo").click();
    await moPage.fill("#mod-reason", "appeal accepted");
    await moPage.click("#mod-confirm");
    await moPage.locator('#mod-file-log tr[data-action="unmark"]', { hasText: "appeal accepted" }).waitFor();
    expect(await moPage.locator("#mod-flags").textContent()).toContain(en("flagNone"));
    await beaPage.reload();
    await beaPage.locator("#notice", { hasText: en("noticeUnmark") }).waitFor();
    expect(await beaPage.locator("#notice").textContent()).not.toContain(en("noticeMark")); // the one read stays read
    await beaPage.click("#notice-read");

    // Closed: Bea's token is refused everywhere, kept, and still reads why; reopened, she is back as herself.
    await act(moPage, "#mod-act-close", "abusive messages", "close");
    await beaPage.reload();
    await beaPage.locator("#notice", { hasText: en("noticeClose") }).waitFor();
    expect(await beaPage.locator("#notice").textContent()).toContain("abusive messages");
    await beaPage.click("#notice-read");
    await moPage.locator('#mod-file-log tr[data-action="close"] button.mod-undo').click();
    await moPage.fill("#mod-reason", "apologised");
    await moPage.click("#mod-confirm");
    await moPage.locator('#mod-file-log tr[data-action="reopen"]', { hasText: "apologised" }).waitFor();
    await beaPage.reload();
    await beaPage.locator("#notice", { hasText: en("noticeReopen") }).waitFor();
    await beaPage.locator("#you-title", { hasText: "Bea" }).waitFor();
    const kept = await beaPage.evaluate((key) => localStorage.getItem(key), IDENTITY_KEY);
    expect(JSON.parse(kept ?? "{}")).toMatchObject({ id: bea!.id }); // the same identity, never replaced by a new guest
    await beaPage.context().close();

    // A moderator's view of a player page links to the player's file.
    await moPage.goto(`${env.server.url}/#player=${bea!.id}`);
    await moPage.click("#player-moderate");
    await moPage.locator("#mod-file-name", { hasText: "Bea" }).waitFor();
    await moPage.context().close();
  }, 180_000);

  it("a player without the role gets no link, and the page's address says they are not allowed", async () => {
    const nedPage = await pageAs(ned!);
    await nedPage.locator("#duel-rating").waitFor(); // the profile is in: the link would be beside My games now
    expect(await nedPage.locator("#open-history").count()).toBe(1);
    expect(await nedPage.locator("#open-mod").count()).toBe(0);
    await nedPage.goto(`${env.server.url}/#mod`);
    await nedPage.locator("#mod-denied", { hasText: en("modNotAllowed") }).waitFor();
    expect(await nedPage.locator("#mod-reports").count()).toBe(0);
    await nedPage.context().close();
  }, 60_000);

  it("at a table the ⚙ offers Report about the other person, never oneself; the sixth report of a day is refused in words", async () => {
    const annPage = await pageAs(ann!);
    await annPage.click("#reduced-motion");
    await annPage.click("#private-table");
    const code = (await annPage.locator("#table-code").textContent())?.split(":").pop()?.trim() ?? "";
    const nedPage = await pageAs(ned!, `/?table=${code}`);
    await nedPage.click("#join");
    const seated = await waitFor(nedPage, (s) => s.view !== null && s.view.mySeat >= 0, "Ned seated");
    // Ned joined at once, maybe before his page had his profile: seated under his name on record all the same.
    expect(seated.view!.seats.find((x) => x.isMe)?.name).toBe("Ned");
    await waitFor(annPage, (s) => s.view?.seats.some((x) => x.name === "Ned") ?? false, "Ned at Ann's table");

    const report = async (): Promise<void> => {
      await annPage.click("#settings-toggle");
      await annPage.click("#report-player");
      await annPage.locator("#report-title", { hasText: "Ned" }).waitFor(); // the one other person, named
      await annPage.check("#report-other");
      await annPage.click("#report-send");
    };
    await annPage.click("#settings-toggle");
    await annPage.click("#report-player");
    await annPage.check("#report-cheating");
    await annPage.screenshot({ path: artifactPath("moderation-report-desktop.png") });
    await annPage.keyboard.press("Escape");
    await annPage.locator("#report-title").waitFor({ state: "hidden" }); // closed before the menu is opened again
    await report();
    await annPage.locator("#report-sent").waitFor();
    await annPage.click("#report-close");
    // More reports of the day, through the API, until the server says the limit is reached (5).
    const more = (i: number) =>
      fetch(`${env.server.url}/api/reports`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${ann!.token}` },
        body: JSON.stringify({ playerId: ned!.id, reason: "other", note: `again ${i}` }),
      });
    let made = 0;
    while ((await more(made)).status === 201) expect(++made).toBeLessThan(5);
    await report();
    await annPage.locator("#report-error", { hasText: en("errReportLimit") }).waitFor();
    await annPage.keyboard.press("Escape");
    await expect.poll(() => annPage.locator("#report-dialog").count()).toBe(0);
    await annPage.context().close();
    await nedPage.context().close();
  }, 120_000);
});
