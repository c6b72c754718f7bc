/**
 * Faults in the real server process (`dist/main.js`), injected where no client input
 * reaches (test-kit/inject-faults.ts): a throw in one table's timer closes that table
 * with a `closed` message while another table plays on; an unhandled rejection and an
 * uncaught exception outside every table are logged and the process goes on; a stream
 * of them shuts the process down gracefully with exit code 1.
 */
import { writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ColyseusSDK, type Room } from "@colyseus/sdk";
import { TABLE_CLOSE_CODES, type ClosedMessage } from "@yourtrumps/protocol";
import { playToEnd, seen, until } from "./test-kit/harness.js";
import { exitOf, spawnServerProcess, stop, waitForLine } from "./test-kit/processes.js";

const INJECTOR = path.join(path.dirname(fileURLToPath(import.meta.url)), "test-kit/inject-faults.ts");

let dir: string;
let child: ChildProcess;
let port: number;
let output = "";
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "yt-faults-"));
  child = await spawnServerProcess({
    PORT: "0",
    NODE_OPTIONS: `--import ${INJECTOR}`,
    FAULT_FILE: path.join(dir, "fault.json"),
    AI_DELAY_MS: "5",
    TURN_SECONDS: "0",
    MESSAGES_PER_SECOND: "1000",
  }); // the test plays as fast as patches arrive: far above a person's 20 a second
  child.stdout?.on("data", (d: Buffer) => void (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => void (output += d.toString()));
  port = Number((await waitForLine(child, /listening on (\d+)/))[1]);
});
afterAll(async () => {
  await stop(child);
  rmSync(dir, { recursive: true, force: true });
});

function inject(fault: Record<string, unknown>): void {
  writeFileSync(path.join(dir, "fault.json"), JSON.stringify(fault));
  child.kill("SIGUSR2");
}

async function computerTable(): Promise<Room> {
  const room = await new ColyseusSDK(`ws://127.0.0.1:${port}`).create("table", {
    mode: "computer",
    players: 2,
    level: "easy",
  });
  room.reconnection.enabled = false;
  await room.waitForInitialState();
  room.onMessage("*", () => {});
  return room;
}

/** Waits until the process has printed a line matching `pattern`. */
async function printed(pattern: RegExp): Promise<void> {
  await vi.waitFor(
    () => {
      if (!pattern.test(output)) throw new Error(`the process did not print ${pattern}; it printed:\n${output}`);
    },
    { timeout: 10_000, interval: 50 },
  );
}

describe("faults in the server process", () => {
  it("a throw in one table's timer closes that table, with a message; the other table plays on", async () => {
    const broken = await computerTable();
    const other = await computerTable();
    await until(other, (s) => s.phase === "choosing" || s.phase === "playing");
    const closed = new Promise<{ message: ClosedMessage | undefined; code: number }>((resolve) => {
      let message: ClosedMessage | undefined;
      broken.onMessage("closed", (m: ClosedMessage) => (message = m));
      broken.onLeave((code: number) => resolve({ message, code }));
    });
    inject({ kind: "table-timer", roomId: broken.roomId });
    const { message, code } = await closed;
    expect(message?.reason).toBe("failed");
    expect(code).toBe(TABLE_CLOSE_CODES.failed);
    await printed(new RegExp(`table ${broken.roomId}: setTimeout failed, closing the table: Error: injected fault`));

    if (seen(other).phase === "choosing") other.send("trump", { suit: "S" });
    const end = await playToEnd([other]);
    expect(end.phase).toBe("over");
    await other.leave();
  });

  it("an unhandled rejection and an uncaught exception outside the tables are logged, and the process and its tables go on", async () => {
    const table = await computerTable();
    inject({ kind: "rejection" });
    await printed(/unhandled rejection \(the process goes on\): Error: injected unhandled rejection/);
    inject({ kind: "exceptions", count: 1 });
    await printed(/uncaught exception \(the process goes on\): Error: injected uncaught exception 1/);
    expect(child.exitCode).toBeNull();
    const s = await until(table, (x) => x.phase === "choosing" || x.phase === "playing");
    if (s.phase === "choosing") table.send("trump", { suit: "H" });
    expect((await playToEnd([table])).phase).toBe("over");
    await table.leave();
  });

  it("a stream of uncaught faults shuts the process down gracefully, with exit code 1", async () => {
    const exited = exitOf(child, 20_000);
    inject({ kind: "exceptions", count: 12 });
    const { code, output: last } = await exited;
    expect(code).toBe(1);
    expect(output + last).toMatch(/more than 10 uncaught faults within a minute: shutting down/);
  });
});
