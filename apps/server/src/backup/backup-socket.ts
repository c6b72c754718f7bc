/**
 * How a backup reaches the embedded database while the server runs. PGlite belongs to the one
 * process that opened DATA_DIR (database/data-dir-lock.ts): no other process may open its files,
 * and a copy of them taken under a running server could be torn. So the server answers for it: a
 * Unix socket in DATA_DIR, `backup.sock`, answers `GET /dump` with PGlite's own dump of its data
 * directory (a gzipped tar, taken between two queries after a checkpoint: consistent). The socket
 * is the owner's alone (mode 0600, in a folder only the server's user writes): whoever can read
 * DATA_DIR can already read the database, and nobody else can ask.
 */
import { chmod, rm } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import type { Logger } from "../logging/logger.js";

export const BACKUP_SOCKET = "backup.sock";

/** The socket's path for `dataDir`. */
export function backupSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), BACKUP_SOCKET);
}

/** Listens on DATA_DIR's backup socket, answering `GET /dump` with `dump()`; resolves with its closer (null when it could not listen, logged). */
export async function startBackupSocket(
  dataDir: string,
  dump: () => Promise<Uint8Array>,
  log: Logger,
): Promise<(() => Promise<void>) | null> {
  const socket = backupSocketPath(dataDir);
  await rm(socket, { force: true }); // a crashed run's: this process holds DATA_DIR's lock, so nobody else listens there
  const server = http.createServer((req, res) => {
    if (req.method !== "GET" || req.url !== "/dump") return void res.writeHead(404).end();
    const started = performance.now();
    dump().then(
      (data) => {
        res.writeHead(200, { "Content-Type": "application/gzip", "Content-Length": String(data.byteLength) });
        res.end(data);
        log.info(
          { bytes: data.byteLength, ms: Math.round(performance.now() - started) },
          "database dumped for a backup",
        );
      },
      (e: unknown) => {
        log.error({ err: e }, "database dump for a backup failed");
        res.writeHead(500, { "Content-Type": "text/plain" }).end(e instanceof Error ? e.message : String(e));
      },
    );
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(socket, () => resolve());
    });
    await chmod(socket, 0o600);
  } catch (e) {
    log.warn({ err: e }, "the backup socket could not be opened: backups need the server stopped (copy DATA_DIR)");
    server.close();
    return null;
  }
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(socket, { force: true });
  };
}
