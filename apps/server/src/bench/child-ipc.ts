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

/** A server process's memory once its garbage is collected, in bytes. */
export interface ProcessMemory {
  rss: number; // resident
  heapUsed: number; // V8's heap, live objects
  heapPhysical: number; // V8's heap, resident pages (live objects, free space in its pages, the young generation)
  young: number; // of it, the young generation's resident pages (they grow with the allocation rate, not with the tables)
  arrayBuffers: number; // ArrayBuffer contents, outside the heap
}
