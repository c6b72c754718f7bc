/**
 * `npm run admin -w @yourtrumps/server -- grant <handle> mod|admin|none`: roles, from the command line
 * only (no HTTP route grants one). Run it with the server's environment: with DATABASE_URL it writes
 * to PostgreSQL itself; with the embedded database it asks the running server, which owns PGlite,
 * over DATA_DIR's control socket (backup/control-socket.ts), or opens DATA_DIR when no server runs.
 */
import http from "node:http";
import { DEFAULT_DATA_DIR } from "../database/open-database.js";
import { openStore } from "../storage/store.js";
import { controlSocketPath } from "../backup/control-socket.js";
import { grantRole } from "./grant-role.js";

const USAGE = "usage: npm run admin -w @yourtrumps/server -- grant <handle> mod|admin|none";

/** Asks the server at `socket` to grant; null when no server answers there. */
function askServer(socket: string, handle: string, role: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath: socket, path: "/grant", method: "POST" }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        if (res.statusCode === 200) resolve(text);
        else reject(new Error(text));
      });
    });
    req.on("error", (e: NodeJS.ErrnoException) =>
      e.code === "ENOENT" || e.code === "ECONNREFUSED" ? resolve(null) : reject(e),
    );
    req.end(JSON.stringify({ handle, role }));
  });
}

async function main(): Promise<void> {
  const [command, handle, role] = process.argv.slice(2);
  if (command !== "grant" || handle === undefined || role === undefined) throw new Error(USAGE);
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const dataDir = process.env.DATA_DIR?.trim() || DEFAULT_DATA_DIR;
  if (databaseUrl === undefined) {
    const answered = await askServer(controlSocketPath(dataDir), handle, role);
    if (answered !== null) return void console.log(answered);
  }
  const store = await openStore(databaseUrl === undefined ? { dataDir } : { databaseUrl });
  try {
    console.log(await grantRole(store, handle, role));
  } finally {
    await store.close();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
