/**
 * A backup of the embedded database taken while the server runs, restored into a new DATA_DIR:
 * a server started there has the same players and hands as the running one had at the backup —
 * and not the hand played after it. Run as an operator does: the built programs, by their npm
 * scripts' commands, with the server's environment.
 */
import { execFile, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { ColyseusSDK, type Room } from "@colyseus/sdk";
import type { HistoryPage } from "../storage/history.js";
import type { NewPlayerAnswer } from "../http/players.js";
import { call, pickTrumps, playToEnd } from "../test-kit/harness.js";
import { pgliteDataDir } from "../test-kit/postgres.js";
import { MAIN_JS, startServerProcess, stop } from "../test-kit/processes.js";
import { controlSocketPath } from "./control-socket.js";

const run = promisify(execFile);
const DIST = path.dirname(MAIN_JS);
const children: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(children.map((c) => stop(c)));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Runs a built program of the server with `env` on top of this one's; its exit code and output. */
async function program(
  name: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(DIST, name), ...args], {
      env: { ...process.env, ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (e) {
    const failed = e as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

/** The program exited with `code`, printing something matching `pattern`. */
function expectRun(result: { code: number; output: string }, code: number, pattern: RegExp): void {
  expect(result.output).toMatch(pattern);
  expect(result.code).toBe(code);
}

/** A computer duel played to its end through the SDK: one more hand on record. */
async function playAHand(port: number, token: string): Promise<void> {
  const room: Room = await new ColyseusSDK(`ws://127.0.0.1:${port}`).create("table", {
    mode: "computer",
    players: 2,
    token,
  });
  room.reconnection.enabled = false;
  room.onMessage("*", () => {});
  await room.waitForInitialState();
  await pickTrumps([room]);
  await playToEnd([room]);
  await room.leave();
}

describe("backup and restore of the embedded database", () => {
  it("backs up the running server's database and restores it into a new DATA_DIR with the same players and hands", async () => {
    const dataDir = await pgliteDataDir();
    const restoredDir = mkdtempSync(path.join(os.tmpdir(), "yt-restored-"));
    const scratch = mkdtempSync(path.join(os.tmpdir(), "yt-backup-"));
    dirs.push(dataDir, restoredDir, scratch);
    const running = await startServerProcess({ PORT: "0", DATA_DIR: dataDir, AI_DELAY_MS: "5" });
    children.push(running.child);
    const base = `http://127.0.0.1:${running.port}`;
    expect(statSync(controlSocketPath(dataDir)).mode & 0o777).toBe(0o600);
    const ann = (await call<NewPlayerAnswer>(base, "POST", "/api/players", { body: { name: "Ann" } })).body;
    await call(base, "POST", "/api/players", { body: { name: "Bo" } });
    await playAHand(running.port, ann.token);
    const historyAtBackup = (await call<HistoryPage>(base, "GET", `/api/players/${ann.id}/games`)).body;
    expect(historyAtBackup.games).toHaveLength(1);
    const profileAtBackup = (await call(base, "GET", `/api/players/${ann.id}`)).body;

    const file = path.join(scratch, "backup.tar.gz");
    const backup = await program("backup/backup-command.js", [file], { DATA_DIR: dataDir });
    expectRun(backup, 0, /^backup written to .*backup\.tar\.gz \(\d+ bytes\)/);
    await playAHand(running.port, ann.token); // after the backup: not in it
    expect((await call<HistoryPage>(base, "GET", `/api/players/${ann.id}/games`)).body.games).toHaveLength(2);

    const restore = await program("backup/restore-command.js", [file], { DATA_DIR: restoredDir });
    expectRun(restore, 0, /restored .* 2 players, 1 hands/);
    const again = await program("backup/restore-command.js", [file], { DATA_DIR: restoredDir });
    expectRun(again, 1, /already holds a database/);

    const restored = await startServerProcess({ PORT: "0", DATA_DIR: restoredDir, AI_DELAY_MS: "5" });
    children.push(restored.child);
    const restoredBase = `http://127.0.0.1:${restored.port}`;
    expect((await call(restoredBase, "GET", `/api/players/${ann.id}`)).body).toEqual(profileAtBackup);
    expect((await call<HistoryPage>(restoredBase, "GET", `/api/players/${ann.id}/games`)).body).toEqual(
      historyAtBackup,
    );
    const game = historyAtBackup.games[0]!;
    expect((await call(restoredBase, "GET", `/api/games/${game.id}`)).status).toBe(200);
    // The restored identity still signs in: the token's hash came back with the player.
    expect((await call(restoredBase, "GET", "/api/me", { token: ann.token })).body).toMatchObject({ id: ann.id });
  }, 120_000);

  it("refuses clearly: no server on that DATA_DIR, a PostgreSQL database, no file named", async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), "yt-nobody-"));
    dirs.push(empty);
    const file = path.join(empty, "b.tar.gz");
    expectRun(
      await program("backup/backup-command.js", [file], { DATA_DIR: empty }),
      1,
      /no running server owns DATA_DIR/,
    );
    expectRun(
      await program("backup/backup-command.js", [file], { DATA_DIR: empty, DATABASE_URL: "postgres://u@h/d" }),
      1,
      /pg_dump/,
    );
    expectRun(await program("backup/backup-command.js", [], { DATA_DIR: empty }), 1, /^usage: npm run backup/);
  });
});
