/**
 * `npm run backup -w @yourtrumps/server -- <file>`: a consistent backup of the embedded database
 * while the server runs, written to `<file>` (a gzipped tar of PGlite's data directory, what
 * `npm run restore` opens). Run it with the server's environment: it finds the server by DATA_DIR
 * (backup-socket.ts) and asks it, since the server owns PGlite's files. With DATABASE_URL the
 * database is PostgreSQL's, and pg_dump backs it up (docs/operations.md).
 */
import { rename, writeFile } from "node:fs/promises";
import http from "node:http";
import { DEFAULT_DATA_DIR } from "../database/open-database.js";
import { controlSocketPath } from "./control-socket.js";

/** The dump the server at `socket` answers with. */
function askForDump(socket: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ socketPath: socket, path: "/dump" }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        if (res.statusCode === 200) resolve(body);
        else reject(new Error(`the server could not dump the database: ${body.toString("utf8")}`));
      });
      res.on("error", reject);
    });
    req.on("error", (e: NodeJS.ErrnoException) =>
      reject(
        e.code === "ENOENT" || e.code === "ECONNREFUSED"
          ? new Error(
              `no running server owns DATA_DIR (${socket} does not answer): start it, or copy the stopped server's DATA_DIR as it is`,
            )
          : e,
      ),
    );
  });
}

async function main(): Promise<void> {
  const file = process.argv[2];
  if (file === undefined || file.startsWith("-"))
    throw new Error("usage: npm run backup -w @yourtrumps/server -- <file>");
  if (process.env.DATABASE_URL?.trim())
    throw new Error("DATABASE_URL is set: the database is PostgreSQL's, back it up with pg_dump (docs/operations.md)");
  const dump = await askForDump(controlSocketPath(process.env.DATA_DIR?.trim() || DEFAULT_DATA_DIR));
  const partial = `${file}.partial`;
  await writeFile(partial, dump, { mode: 0o600 });
  await rename(partial, file); // a backup file is whole or absent
  console.log(`backup written to ${file} (${dump.byteLength} bytes)`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
