/**
 * For a benchmark that runs server code in its own process (the arena's director): runs the
 * benchmark again under the server's node flags when it was started without them, so its
 * figures are those of the server as deployed, whatever command started it.
 */
import { spawn } from "node:child_process";
import { SERVER_NODE_FLAGS } from "../node-flags.js";

/** Resolves at once under the server's flags; otherwise runs this script again with them and exits as it does (never resolves). */
export function underServerFlags(): Promise<void> {
  if (SERVER_NODE_FLAGS.every((flag) => process.execArgv.includes(flag))) return Promise.resolve();
  const child = spawn(process.execPath, [...process.execArgv, ...SERVER_NODE_FLAGS, ...process.argv.slice(1)], {
    stdio: "inherit",
  });
  return new Promise(() => {
    child.once("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  });
}
