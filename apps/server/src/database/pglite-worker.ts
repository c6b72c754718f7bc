/**
 * The embedded database's thread: one PGlite, answering the server's thread's requests
 * (pglite-thread.ts) in the order they come. PGlite's WebAssembly runs here, so a group
 * commit, a vacuum or a slow history page holds this thread and not the game's event loop.
 */
import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { crossedError, type PgliteReply, type PgliteRequest, type PgliteWorkerData } from "./pglite-messages.js";

function parent(): MessagePort {
  if (parentPort === null) throw new Error("pglite-worker.js runs as a worker thread (pglite-thread.ts starts it)");
  return parentPort;
}
const port = parent();
const { dataDir } = workerData as PgliteWorkerData;
const reply = (message: PgliteReply): void => port.postMessage(message);

async function answer(client: PGlite, request: PgliteRequest): Promise<void> {
  switch (request.kind) {
    case "query":
      try {
        const result = await client.query(request.sql, request.params);
        reply({ kind: "rows", id: request.id, rows: result.rows, affectedRows: result.affectedRows });
      } catch (e) {
        reply({ kind: "error", id: request.id, error: crossedError(e) });
      }
      return;
    case "dump":
      try {
        await client.query("checkpoint"); // the files hold every commit so far; a restore then replays little or no WAL
        const data = await (await client.dumpDataDir("gzip")).arrayBuffer();
        port.postMessage({ kind: "dumped", id: request.id, data } satisfies PgliteReply, [data]);
      } catch (e) {
        reply({ kind: "error", id: request.id, error: crossedError(e) });
      }
      return;
    case "close":
      try {
        await client.close();
        reply({ kind: "closed", id: request.id });
      } catch (e) {
        reply({ kind: "error", id: request.id, error: crossedError(e) });
      }
      port.close(); // nothing more comes: the thread ends once this reply is out
      return;
    default: {
      const unknown: never = request;
      throw new Error(`unknown request ${JSON.stringify(unknown)}`);
    }
  }
}

try {
  const client = await PGlite.create(dataDir === undefined ? {} : { dataDir });
  // PGlite queues its own calls, so requests may overlap; Kysely's dialect sends one at a time anyway.
  port.on("message", (request: PgliteRequest) => void answer(client, request));
  reply({ kind: "ready" });
} catch (e) {
  reply({ kind: "failed", error: crossedError(e) });
  port.close();
}
