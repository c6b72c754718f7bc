/** Small helpers for child processes (tests and the benchmark): a free loopback port, a line a child prints. */
import type { ChildProcess } from "node:child_process";
import net from "node:net";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

/** Resolves when `child` prints a line matching `pattern` (returns the match). */
export function waitForLine(child: ChildProcess, pattern: RegExp, timeoutMs = 15_000): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let seenText = "";
    const timer = setTimeout(
      () => reject(new Error(`no line matching ${pattern} within ${timeoutMs} ms; output:\n${seenText}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer): void => {
      seenText += chunk.toString();
      const m = seenText.match(pattern);
      if (m) {
        clearTimeout(timer);
        child.stdout?.off("data", onData);
        child.stderr?.off("data", onData);
        resolve(m);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`process exited (${code}) before printing ${pattern}; output:\n${seenText}`));
    });
  });
}
