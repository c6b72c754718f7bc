/**
 * The server process: `node apps/server/dist/main.js`. Reads the environment
 * (see config.ts / docs/operations.md), opens the database (a PostgreSQL not reachable yet is connected
 * to in the background: storage/store-when-up.ts), prints `listening on <port>`, and shuts
 * down gracefully on SIGTERM or SIGINT: tables are closed (their unfinished hands
 * recorded as abandoned), queued records written, the database and AI workers closed.
 * An error nothing caught is logged and the process goes on, unless such errors keep
 * coming (process-guard.ts has the policy and its reasons).
 */
import { ConfigError, readEnv } from "./config.js";
import { installProcessGuard } from "./process-guard.js";
import { startServer } from "./server.js";
import { createLogger } from "./logging/logger.js";

async function main(): Promise<void> {
  const env = readEnv(process.env);
  const log = createLogger({ level: env.logLevel });
  const server = await startServer({
    log,
    port: env.port,
    fillAfterSeconds: env.fillAfterSeconds,
    reconnectSeconds: env.reconnectSeconds,
    journalBatchMs: env.journalBatchMs,
    turnSeconds: env.turnSeconds,
    aiDelayMs: env.aiDelayMs,
    aiWorkers: env.aiWorkers,
    aiThinkMs: env.aiThinkMs,
    computerTables: {
      total: env.maxComputerTables,
      perAddress: env.computerTablesPerAddress,
      perPlayer: env.computerTablesPerPlayer,
    },
    messagesPerSecond: env.messagesPerSecond,
    corsOrigins: env.corsOrigins,
    trustProxy: env.trustProxy,
    httpLimits: env.httpLimits,
    relyingParty: env.relyingParty,
    seatReservationSeconds: env.seatReservationSeconds,
    privateWaitMinutes: env.privateWaitMinutes,
    arenaMinMinutes: env.arenaMinMinutes,
    arenaSchedule: env.arenaSchedule,
    databaseUrl: env.databaseUrl,
    dataDir: env.dataDir,
    flushMs: 5000, // within the 10 s below, after the tables' own shutdown
    ...(env.metricsToken === undefined ? {} : { metricsToken: env.metricsToken }),
    ...(env.metricsPort === undefined ? {} : { metricsPort: env.metricsPort }),
    ...(env.clientDist === undefined ? {} : { clientDist: env.clientDist }),
    ...(env.redisUrl === undefined ? {} : { redisUrl: env.redisUrl }),
    ...(env.publicAddress === undefined ? {} : { publicAddress: env.publicAddress }),
  });

  let stopping = false;
  const stop = (why: string, code = 0): void => {
    if (stopping) return;
    stopping = true;
    log.info(`${why}: shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000); // a stuck room must not keep a deploy waiting
    force.unref();
    server.close().then(
      () => process.exit(code),
      (e: unknown) => {
        log.fatal({ err: e }, "shutting down failed");
        log.flush();
        process.exit(1);
      },
    );
  };
  // Before the line that tells a supervisor we are up: a SIGTERM right after it must shut down gracefully.
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  installProcessGuard({ log, shutdown: (why) => stop(why, 1) });
  log.info(
    { port: server.port, ...(server.metricsPort === null ? {} : { metricsPort: server.metricsPort }) },
    `listening on ${server.port}`,
  );
}

main().catch((e: unknown) => {
  console.error(e instanceof ConfigError ? e.message : e);
  process.exit(1);
});
