/**
 * Moderation on a real server: roles granted by handle (what `npm run admin` runs), reports and
 * their daily limit, every moderator route refused (403) to a player without the role, every
 * action with its reason written to the audit log and undone by its pair, the player's notices,
 * and a marked player's quick-match hand recorded unrated, their rating unmoved, off the leaderboard.
 */
import { describe, expect, it } from "vitest";
import { handleKey } from "../accounts/handles.js";
import { claimAccount } from "../storage/accounts.js";
import type { NewPlayerAnswer } from "../http/players.js";
import { call, nextError, pickTrumps, playToEnd } from "../test-kit/harness.js";
import { useServer } from "../test-kit/server-fixture.js";
import { privateTable } from "../test-kit/tables.js";
import { grantRole } from "./grant-role.js";
import { MOD_ACTIONS } from "./actions.js";

const h = useServer();

async function player(name: string): Promise<NewPlayerAnswer> {
  return (await call<NewPlayerAnswer>(h.base, "POST", "/api/players", { body: { name } })).body;
}

/** A player with an account and `handle`. */
async function account(handle: string): Promise<NewPlayerAnswer> {
  const p = await player(handle);
  expect(await claimAccount(h.store.db, p.id, { handle, key: handleKey(handle) }, null)).toMatchObject({ ok: true });
  return p;
}

describe("moderation", () => {
  it("grants roles by handle only to known handles and roles", async () => {
    const moddy = await account("Moddy");
    const role = async () =>
      (await call<{ role: string | null }>(h.base, "GET", "/api/me", { token: moddy.token })).body.role;
    expect(await role()).toBeNull();
    expect(await grantRole(h.store, "@Moddy", "mod")).toBe("@Moddy is mod now");
    expect(await role()).toBe("mod"); // /api/me says it: the client offers the moderators' page by it
    await expect(grantRole(h.store, "nobody-here", "mod")).rejects.toThrow(/no account has the handle/);
    await expect(grantRole(h.store, "Moddy", "king")).rejects.toThrow(/must be one of mod, admin or none/);
    expect(await grantRole(h.store, "Moddy", "none")).toBe("@Moddy has no role now");
  });

  it("takes reports with a reason and a note, at most 5 a day a reporter; refuses bad ones", async () => {
    const [reporter, target] = [await player("Rita"), await player("Offender")];
    const report = (body: unknown) => call(h.base, "POST", "/api/reports", { token: reporter.token, body });
    expect(
      (await call(h.base, "POST", "/api/reports", { body: { playerId: target.id, reason: "other" } })).status,
    ).toBe(401);
    expect((await report({ playerId: target.id, reason: "rude" })).status).toBe(400);
    const self = await report({ playerId: reporter.id, reason: "other" });
    expect([self.status, (self.body as { code?: string }).code]).toEqual([400, "report-self"]);
    expect((await report({ playerId: target.id, reason: "other", note: "x".repeat(501) })).status).toBe(400);
    for (let i = 0; i < 5; i++)
      expect((await report({ playerId: target.id, reason: "offensive-name", note: `note ${i}` })).status).toBe(201);
    const sixth = await report({ playerId: target.id, reason: "cheating" });
    expect([sixth.status, (sixth.body as { code?: string }).code]).toEqual([429, "report-limit"]);
    expect(sixth.headers.get("retry-after")).toBe("3600");
  });

  it("answers 403 to a player without the role on every moderator route, changing nothing", async () => {
    const [plain, target] = [await player("Plain"), await player("Target")];
    const routes: [string, string, unknown?][] = [
      ["GET", "/api/mod/reports"],
      ["GET", `/api/mod/players/${target.id}`],
      ...MOD_ACTIONS.map((action): [string, string, unknown] => [
        "POST",
        `/api/mod/players/${target.id}/actions`,
        { action, reason: "because", name: "New Name" },
      ]),
    ];
    for (const [method, path, body] of routes) {
      expect((await call(h.base, method, path, { token: plain.token, body })).status).toBe(403);
      expect((await call(h.base, method, path, { body })).status).toBe(401);
    }
    expect(await h.store.moderation.actionsOf(target.id, 10)).toEqual([]);
    expect(await h.store.moderation.flagsOf(target.id)).toEqual({ muted: false, marked: false, closed: false });
  });

  it("every action needs a reason, is written to the audit log, is undone by its pair, and the player is told", async () => {
    const mod = await account("Warden");
    await grantRole(h.store, "Warden", "mod");
    const [target, reporter] = [await player("Rude Name"), await player("Spotter")];
    await call(h.base, "POST", "/api/reports", {
      token: reporter.token,
      body: { playerId: target.id, reason: "offensive-name", note: "see the name" },
    });
    const open = await call<{ reports: { playerId: string; reason: string; note: string }[] }>(
      h.base,
      "GET",
      "/api/mod/reports",
      { token: mod.token },
    );
    expect(open.body.reports).toContainEqual(
      expect.objectContaining({ playerId: target.id, reason: "offensive-name", note: "see the name" }),
    );
    const act = (action: string, extra: object = {}) =>
      call<{ flags: object }>(h.base, "POST", `/api/mod/players/${target.id}/actions`, {
        token: mod.token,
        body: { action, reason: `reason for ${action}`, ...extra },
      });
    expect((await act("mute", { reason: "" })).status).toBe(400); // no reason, no action
    expect((await act("rename")).status).toBe(400); // a rename needs the new name
    expect((await act("rename", { name: "Renamed Player" })).status).toBe(201);
    expect((await call<{ name: string }>(h.base, "GET", `/api/players/${target.id}`)).body.name).toBe("Renamed Player");
    expect((await act("rename", { name: "Rude Name" })).status).toBe(201); // undone: the old name back
    for (const [on, off, flag] of [
      ["mute", "unmute", "muted"],
      ["mark", "unmark", "marked"],
    ] as const) {
      expect((await act(on)).body.flags).toMatchObject({ [flag]: true });
      expect((await act(on)).status).toBe(400); // already
      expect((await act(off)).body.flags).toMatchObject({ [flag]: false });
    }
    // Closing signs the player out everywhere (a 403 saying so: the token is kept), though they may read why; reopening lets the same token in again.
    expect((await act("close")).status).toBe(201);
    const closed = await call<{ code: string }>(h.base, "GET", "/api/me", { token: target.token });
    expect([closed.status, closed.body.code]).toEqual([403, "account-closed"]);
    const why = await call<{ notices: { action: string; reason: string }[] }>(h.base, "GET", "/api/me/notices", {
      token: target.token,
    });
    expect(why.body.notices[0]).toMatchObject({ action: "close", reason: "reason for close" });
    expect((await act("reopen")).status).toBe(201);
    expect((await call(h.base, "GET", "/api/me", { token: target.token })).status).toBe(200);

    const file = await call<{
      actions: { action: string; reason: string; moderatorName: string; detail: object }[];
      reports: { closedAt: string | null }[];
      flags: object;
    }>(h.base, "GET", `/api/mod/players/${target.id}`, { token: mod.token });
    expect(file.body.actions.map((a) => a.action).reverse()).toEqual([
      "rename",
      "rename",
      "mute",
      "unmute",
      "mark",
      "unmark",
      "close",
      "reopen",
    ]);
    expect(file.body.actions.every((a) => a.reason === `reason for ${a.action}` && a.moderatorName === "Warden")).toBe(
      true,
    );
    expect(file.body.actions.at(-1)!.detail).toEqual({ from: "Rude Name", to: "Renamed Player" });
    expect(file.body.reports.every((r) => r.closedAt !== null)).toBe(true); // answered by the actions
    type Notices = { notices: { action: string; notice: string; reason: string; at: string; read: boolean }[] };
    const notices = () => call<Notices>(h.base, "GET", "/api/me/notices", { token: target.token });
    const shown = (await notices()).body.notices;
    expect(shown.map((n) => n.action)).toContain("mark");
    expect(shown.every((n) => !n.read)).toBe(true);
    expect(JSON.stringify(shown)).not.toContain("Warden"); // the moderator is never named to the player
    // Read up to the newest but one: that one stays unread; read up to the newest, none is left, on any device.
    const read = (upTo: unknown) =>
      call(h.base, "POST", "/api/me/notices/read", { token: target.token, body: { upTo } });
    expect((await read("yesterday")).status).toBe(400);
    expect((await read(shown[1]!.at)).status).toBe(204);
    expect((await notices()).body.notices.map((n) => n.read)).toEqual(shown.map((_, i) => i > 0));
    expect((await read(shown[0]!.at)).status).toBe(204);
    expect((await read(shown[2]!.at)).status).toBe(204); // an older time never moves the mark back
    expect((await notices()).body.notices.every((n) => n.read)).toBe(true);
    // The moderators' page's audit log: every player's actions, newest first, with who, what and why.
    const log = await call<{ actions: { playerId: string; action: string; moderatorName: string; reason: string }[] }>(
      h.base,
      "GET",
      "/api/mod/reports",
      { token: mod.token },
    );
    expect(log.body.actions[0]).toMatchObject({
      playerId: target.id,
      action: "reopen",
      moderatorName: "Warden",
      reason: "reason for reopen",
    });
  });

  it("a muted player's reactions are refused at tables, and heard again once unmuted", async () => {
    const mod = await account("Usher");
    await grantRole(h.store, "Usher", "mod");
    const [loud, other] = [await player("Loud"), await player("Other")];
    const act = (action: string) =>
      call(h.base, "POST", `/api/mod/players/${loud.id}/actions`, {
        token: mod.token,
        body: { action, reason: "spam" },
      });
    expect((await act("mute")).status).toBe(201);
    const [l, o] = await privateTable(h, [loud.token, other.token]);
    l!.send("react", { id: "hello" });
    expect(await nextError(l!)).toMatchObject({ code: "muted", type: "react" });
    expect((await act("unmute")).status).toBe(201);
    const heard = o!.waitForMessage("reaction", 5000);
    l!.send("react", { id: "hello" });
    expect(await heard).toMatchObject({ id: "hello" });
  });

  it("a marked player's quick-match hand is recorded unrated, nobody's rating moves, and they are off the leaderboard", async () => {
    const mod = await account("Judge");
    await grantRole(h.store, "Judge", "mod");
    const [cheat, honest] = [await account("Cheaty"), await account("Honest")];
    const marked = await call(h.base, "POST", `/api/mod/players/${cheat.id}/actions`, {
      token: mod.token,
      body: { action: "mark", reason: "engine use" },
    });
    expect(marked.status).toBe(201);
    const a = await h.join("joinOrCreate", { mode: "quick", players: 2, token: cheat.token });
    const b = await h.join("joinOrCreate", { mode: "quick", players: 2, token: honest.token });
    expect(b.roomId).toBe(a.roomId);
    await pickTrumps([a, b]);
    await playToEnd([a, b]);
    const page = await expect
      .poll(async () => (await h.store.playerGames(honest.id)).games.length)
      .toBe(1)
      .then(() => h.store.playerGames(honest.id));
    const game = await h.store.getGame(page.games[0]!.id);
    expect(game?.rated).toBe(false);
    for (const id of [cheat.id, honest.id]) {
      const profile = await h.store.getPlayer(id);
      expect(profile?.ratings.duel.games ?? 0).toBe(0);
    }
    const board = await call<{ players: { playerId: string }[] }>(h.base, "GET", "/api/leaderboard?kind=duel");
    expect(board.body.players.some((p) => p.playerId === cheat.id)).toBe(false);
  });
});
