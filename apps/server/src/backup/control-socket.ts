/**
 * How the command-line programs reach the embedded database while the server runs. PGlite belongs
 * to the one process that opened DATA_DIR (database/data-dir-lock.ts): no other process may open
 * its files, and a copy of them taken under a running server could be torn. So the server answers
 * for it: a Unix socket in DATA_DIR, `control.sock`, answers `GET /dump` (for `npm run backup`)
 * with PGlite's own dump of its data directory (a gzipped tar, taken between two queries after a
 * checkpoint: consistent), and `POST /grant` (for `npm run admin`) with a role granted. The socket
 * is the owner's alone (mode 0600, in a folder only the server's user writes): whoever can read
 * DATA_DIR can already read the database, and nobody else can ask.
 */
import { chmod, rm } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import type { Logger } from "../logging/logger.js";

export const CONTROL_SOCKET = "control.sock";

/** The socket's path for `dataDir`. */
export function controlSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), CONTROL_SOCKET);
}

/** What the socket answers for. */
export interface ControlHandlers {
  dump: () => Promise<Uint8Array>; // the database's dump
  grant: (handle: string, role: string) => Promise<string>; // grants (or revokes) a role; what was done, in words
}

/** Listens on DATA_DIR's control socket; resolves with its closer (null when it could not listen, logged). */
export async function startControlSocket(
  dataDir: string,
  handlers: ControlHandlers,
  log: Logger,
): Promise<(() => Promise<void>) | null> {
  const socket = controlSocketPath(dataDir);
  await rm(socket, { force: true }); // a crashed run's: this process holds DATA_DIR's lock, so nobody else listens there
  const server = http.createServer((req, res) => {
    if (req.method === "POST" && req.url === "/grant") return grant(req, res, handlers, log);
    if (req.method !== "GET" || req.url !== "/dump") return void res.writeHead(404).end();
    const started = performance.now();
    handlers.dump().then(
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
    log.warn({ err: e }, "the control socket could not be opened: backups and roles need the server stopped");
    server.close();
    return null;
  }
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(socket, { force: true });
  };
}

/** `POST /grant` `{ handle, role }`: the role granted ("none" revokes), answered in words. */
function grant(req: http.IncomingMessage, res: http.ServerResponse, handlers: ControlHandlers, log: Logger): void {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    let body: { handle?: unknown; role?: unknown };
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as typeof body;
    } catch {
      return void res.writeHead(400).end("the body is not JSON");
    }
    const text = (value: unknown): string => (typeof value === "string" ? value : "");
    handlers.grant(text(body.handle), text(body.role)).then(
      (done) => {
        log.info({ role: text(body.role) }, "a role was changed from the command line");
        res.writeHead(200, { "Content-Type": "text/plain" }).end(done);
      },
      (e: unknown) =>
        res.writeHead(400, { "Content-Type": "text/plain" }).end(e instanceof Error ? e.message : String(e)),
    );
  });
}
