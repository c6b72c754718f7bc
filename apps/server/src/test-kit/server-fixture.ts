/**
 * One real server for a test file, or for one `describe` block: `useServer(options)` boots it
 * (harness.ts's `boot`) before the block's first test and closes it after its last, so a file
 * says what server it wants in one line and never repeats the boot and close. What it returns
 * is the server's harness, read when a test runs (the server does not exist before).
 *
 *   const h = useServer({ fillAfterSeconds: 1 });
 *   it("…", async () => { const room = await h.join("create", { mode: "quick" }); … });
 */
import { afterAll, beforeAll } from "vitest";
import type { StartOptions } from "../server.js";
import { boot, type Harness } from "./harness.js";

let running = 0; // servers of useServer up now: one at a time, for Colyseus' matchmaker is one per process

/** The boot options, or a function giving them when the block starts (for what a hook before it made: a database, a directory). */
export type ServerOptions = Partial<StartOptions> | (() => Partial<StartOptions> | Promise<Partial<StartOptions>>);

/**
 * Boots a server with `options` for the enclosing file or `describe` block and closes it
 * after the block. The harness returned may be closed by a test (the block then closes nothing).
 * Blocks with servers of their own are siblings, never nested in a block with one.
 */
export function useServer(options: ServerOptions = {}): Harness {
  let booted: Harness | undefined;
  beforeAll(async () => {
    if (running > 0)
      throw new Error("useServer: a server of an enclosing block is up; give each block its own instead");
    booted = await boot(typeof options === "function" ? await options() : options);
    running++;
  });
  afterAll(async () => {
    const up = booted;
    booted = undefined;
    if (up !== undefined) running--;
    await up?.close();
  });
  const current = (): Harness => {
    if (booted === undefined) throw new Error("useServer's server runs only while the tests of its block run");
    return booted;
  };
  return {
    get server() {
      return current().server;
    },
    get store() {
      return current().store;
    },
    get base() {
      return current().base;
    },
    get colyseus() {
      return current().colyseus;
    },
    join: (method, joinOptions) => current().join(method, joinOptions),
    close: async () => {
      const up = current();
      booted = undefined;
      running--;
      await up.close();
    },
  };
}
