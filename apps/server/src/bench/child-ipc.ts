/** The benchmark's processes talk over Node's IPC channel: one helper waits for a child's answer. */
import type { ChildProcess } from "node:child_process";

/** Resolves with the child's next message that carries `key`; rejects if the child exits first. */
export function nextMessage<T>(child: ChildProcess, key: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: Record<string, unknown>): void => {
      if (!(key in m)) return;
      child.off("message", onMessage);
      resolve(m as T);
    };
    child.on("message", onMessage);
    child.once("exit", (code) => reject(new Error(`${key}: child exited with ${code}`)));
  });
}
