/** A real redis-server on a free loopback port, for the two-process tests and benchmark (nothing saved to disk). */
import { spawn, type ChildProcess } from "node:child_process";
import { freePort, waitForLine } from "./child-output.js";

/** Starts redis-server and resolves once it accepts connections; the caller kills `child`. */
export async function startRedis(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  await waitForLine(child, /Ready to accept connections/);
  return { url: `redis://127.0.0.1:${port}`, child };
}
