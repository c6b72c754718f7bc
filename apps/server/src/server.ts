/**
 * startServer: the Colyseus server with the `table` room, the HTTP API (`/api`, see
 * http/api.ts) and `GET /health`, CORS, optional Redis scaling, the storage every table
 * records its hands in and, when it has been built, the web client. Every HTTP request
 * goes through the front door first (http/front-door.ts: per-address limits, bodies).
 */
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Server, matchMaker } from "@colyseus/core";
import { SpreadPingTransport } from "./spread-ping-transport.js";
import { RedisDriver } from "@colyseus/redis-driver";
import { RedisPresence } from "@colyseus/redis-presence";
import { installCors, upgradeAllowed } from "./http/cors.js";
import { createComputerPlayers } from "./computer-players.js";
import { MistakeFinder, type MistakeFinderOptions } from "./mistakes/mistake-finder.js";
import { keepPm2AgentOut } from "./pm2-agent.js";
import { LIVE_ROOM_NAME, PRESENCE_ROOM, ROOM_NAME, TABLE_RESTART_CODE } from "@yourtrumps/protocol";
import { presenceRoom } from "./presence/presence-room.js";
import { apiRouter } from "./http/api.js";
import { DEFAULT_HTTP_LIMITS, installFrontDoor, type HttpLimits } from "./http/front-door.js";
import { healthRoute } from "./http/health.js";
import { RecordWriter } from "./records/record-writer.js";
import { alreadyUp, openStoreWhenUp, type Store } from "./storage/index.js";
import type { ComputerPlayers } from "./table/computer.js";
import {
  COMPUTER_TABLES_PER_WORKER,
  ComputerTableLimits,
  DEFAULT_TABLES_PER,
  type TableLimitSettings,
} from "./table/table-limits.js";
import { Restorer, restoreWhenUp, type RestoreStatus } from "./durability/restorer.js";
import { serveClientFiles } from "./http/client-files.js";
import { TableJournal } from "./durability/table-journal.js";
import { PatchScheduler } from "./table/patch-scheduler.js";
import { OFFER_MS } from "./table/quick-fill.js";
import { tableRoom } from "./table/table-room.js";
import { RESTORE_OPTION } from "./table/table-settings.js";
import { LiveRoom } from "./lobby/live-room.js";
import { OPEN_SEATS_KEY } from "./table/open-seats.js";
import type { ClaimedTable } from "./storage/index.js";
import { createLogger, type Logger } from "./logging/logger.js";
import { handsRecorded } from "./metrics/metrics.js";
import { countRooms, setCensusSources } from "./metrics/census.js";
import { metricsRoute, startMetricsListener } from "./http/metrics.js";
import { OnlinePlayers } from "./presence/online-players.js";
import { ProcessSweeper } from "./presence/process-sweeper.js";
import { startControlSocket } from "./backup/control-socket.js";
import { grantRole } from "./moderation/grant-role.js";
import { DEFAULT_DATA_DIR } from "./database/open-database.js";
import { Redis } from "ioredis";
import { accountServices } from "./accounts/account-services.js";
import { announceModerated } from "./moderation/moderated-channel.js";
import { announceEnded } from "./accounts/ended-sessions.js";
import type { RelyingParty } from "./accounts/relying-party.js";
import { redisCounters } from "./limits/shared-counters.js";
import { openSeeks } from "./lobby/open-seeks.js";
import { ARENA_ROOM } from "@yourtrumps/protocol";
import { arenaRoom } from "./arena/arena-room.js";
import { arenaDirectors } from "./arena/arena-directing.js";
import type { ArenaDirectors } from "./arena/directors.js";

/** Options of startServer; every timer can be shortened for tests. */
export interface StartOptions {
  port?: number; // default 2567; 0 = any free port
  host?: string; // default all interfaces
  fillAfterSeconds?: number; // default 15
  offerSeconds?: number; // quick match, playing the computer meanwhile: how long a person has to take the table someone sat down at; default 20
  reconnectSeconds?: number; // default 60
  turnSeconds?: number; // default 30; 0 = no clock at human tables either
  aiDelayMs?: number; // default 700
  aiThinkMs?: number; // a computer move's search ends by this long after aiDelayMs, queueing included; default 1000
  computerTables?: Partial<TableLimitSettings>; // computer tables open at once: total (default COMPUTER_TABLES_PER_WORKER × aiWorkers), perAddress (4), perPlayer (2)
  hintMs?: number; // analysis time of a hint, default 1000
  clientDist?: string | null; // built client to serve; default ../client/dist if it exists; null = none
  corsOrigins?: string[]; // default ["*"]
  trustProxy?: number; // proxies of ours in front that append to X-Forwarded-For; default 0 (the header is not read)
  httpLimits?: HttpLimits; // per client address: matchmaking, /api, wrong private-table codes; default DEFAULT_HTTP_LIMITS
  seatReservationSeconds?: number; // a reserved seat whose client has not connected by then is free again; default 5
  privateWaitMinutes?: number; // a private table still waiting for its players after this is closed; default 30
  redisUrl?: string; // share matchmaking with other processes through Redis
  publicAddress?: string; // host[:port][/path] where clients reach this process (tables live in one process)
  ai?: ComputerPlayers; // default: a worker-thread AiPool (closed with the server)
  aiWorkers?: number; // threads of that pool, default 1
  messagesPerSecond?: number; // per client before messages are dropped (bursts of twice pass); default 20
  presenceMessagesPerSecond?: number; // per presence page before its messages are refused (bursts of twice pass); default PRESENCE_MESSAGES_PER_SECOND (4)
  databaseUrl?: string | undefined; // postgres://… (needed with redisUrl); unset = embedded PGlite under dataDir
  dataDir?: string | undefined; // PGlite's home, default ./data (created if missing)
  store?: Store; // an already-open store to use instead (not closed with the server); databaseUrl and dataDir are then unused
  recordWaitMs?: number; // a rematch waits this long for the last hand's record to commit, then deals with it still queued; default 3000
  flushMs?: number; // on close, how long queued hand records may take to reach the database; default 5000
  instanceName?: string; // this process's name among those sharing the database (its tables' lease owner); default PUBLIC_ADDRESS, else host:port
  journalBatchMs?: number; // the longest a group of the tables' writes waits to start (durability/table-journal.ts); default 100
  leaseSeconds?: number; // a process's claim on its tables lapses this long after its last sign of life (a crash); default 15
  graceSeconds?: number; // after a restore, a person's clock gets this on top of their time left; default 15
  claimEverySeconds?: number; // how often a process looks for tables nobody plays (a crashed process's); default 2
  mistakes?: MistakeFinderOptions; // the mistake search's batch, lease and solve budget (mistakes/mistake-finder.ts); its owner is instanceName
  relyingParty?: RelyingParty; // the site passkeys are made for; default localhost (accounts/relying-party.ts)
  closeAccountsEverySeconds?: number; // how often accounts whose 7 days have passed are closed; default 600
  log?: Logger; // default: JSON lines on stdout at info (logging/logger.ts)
  metricsToken?: string; // METRICS_TOKEN: GET /metrics on the main port answers its bearer only; unset = not there
  metricsPort?: number; // METRICS_PORT: GET /metrics on 127.0.0.1 at this port (0 = any free one); unset = no such listener
  arenaMinMinutes?: number; // the shortest arena POST /api/arenas takes; default 20
  arenaSchedule?: boolean; // the server makes an hourly and a daily arena; default true
  arenaLeaseSeconds?: number; // an arena's directing process is presumed dead this long after its last renewal; default 3
  arenaClaimEverySeconds?: number; // how often a process renews its arenas and looks for undirected ones; default 1
}

export interface RunningServer {
  port: number;
  gameServer: Server;
  ai: ComputerPlayers; // the computer players every table shares (their load, for benchmarks and tests)
  store: Store; // players, records, ratings: what the HTTP API reads
  storeReady: Promise<void>; // resolves once the database is reached and migrated: at once, unless DATABASE_URL could not be reached at start
  writer: RecordWriter; // the one queue every table's hand records go through
  mistakes: MistakeFinder; // searches recorded duels for their people's mistakes, on a worker thread of its own
  journal: TableJournal; // the tables' state on its way to the database
  arenas: ArenaDirectors; // the arenas this process directs (arena/directors.ts)
  restore(): RestoreStatus; // the tables restored at start (and taken over since)
  metricsPort: number | null; // the loopback port answering /metrics, when metricsPort was asked for
  restoredInMs: number; // from the start of startServer until the tables on record were back and connections taken
  /**
   * Stops accepting tables and disconnects clients (tables write their unfinished hands
   * as abandoned), waits up to `flushMs` for the queued records, then closes the store it
   * opened, Redis and the AI workers.
   */
  close(): Promise<void>;
}

const DEFAULT_CLIENT_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../client/dist");

/** Boots a server and resolves once it is listening. */
export async function startServer(o: StartOptions = {}): Promise<RunningServer> {
  const log = o.log ?? createLogger();
  keepPm2AgentOut(); // before Colyseus looks for it
  // First, so a database that refuses us (or its migration) stops the start before anything listens; one that cannot be reached yet is connected to in the background.
  const ownsStore = o.store === undefined;
  const opened =
    o.store === undefined
      ? await openStoreWhenUp({ databaseUrl: o.databaseUrl, dataDir: o.dataDir }, log)
      : alreadyUp(o.store);
  const { store } = opened;
  const ownsAi = o.ai === undefined;
  const ai = o.ai ?? createComputerPlayers(o.aiWorkers ?? 1);
  const started = Date.now();
  const instance =
    o.instanceName ??
    o.publicAddress ??
    (o.databaseUrl === undefined ? "embedded" : o.port ? `${os.hostname()}:${o.port}` : randomUUID());
  const leaseMs = (o.leaseSeconds ?? 15) * 1000;
  // The hands queued for their mistake search are the database's; they are taken from there once it is up, those of an earlier run first.
  const mistakes = new MistakeFinder(store.mistakes, { busy: () => ai.busy(), log, owner: instance, ...o.mistakes });
  void opened.ready.then(() => mistakes.resume());
  const writer = new RecordWriter(
    async (record) => {
      const result = await store.recordHand(record); // a duel with a person in it is queued for its mistake search in the same transaction
      if (result === "recorded") handsRecorded.inc({ mode: record.mode, result: record.result.reason });
      if (result === "recorded") mistakes.offer(record); // a retry of a record already there was offered the first time
      return result;
    },
    { log },
  );
  const restores = new Map<string, ClaimedTable>();
  const journal = new TableJournal(store.live, instance, {
    ...(o.journalBatchMs === undefined ? {} : { batchMs: o.journalBatchMs }),
    leaseMs,
    log,
    lost: (roomId) => {
      // Another process claimed it (this one was presumed dead): its players go there.
      log.info({ roomId }, "the table is played by another process now; its players are sent there");
      void matchMaker.getLocalRoomById(roomId)?.disconnect(TABLE_RESTART_CODE);
    },
  });
  const patches = new PatchScheduler(journal);
  // The account limits count in Redis when there is one (every process shares it), else in the database.
  const limitsRedis = o.redisUrl ? new Redis(o.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }) : null;
  const accounts = accountServices(store, {
    ...(limitsRedis === null ? {} : { counters: redisCounters(limitsRedis) }),
    ...(o.relyingParty === undefined ? {} : { relyingParty: o.relyingParty }),
    sessionsEnded: (ids) =>
      announceEnded(matchMaker.presence, ids).catch((e: unknown) =>
        log.warn({ err: e }, "ended sessions not announced"),
      ),
  });
  // Accounts whose owner asked for deletion and did not sign in for 7 days close here, in whichever process looks first.
  const closeDue = (): void =>
    void store.accounts.closeDueAccounts().then(
      (ids) => ids.length > 0 && log.info(`${ids.length} accounts closed`),
      () => {}, // the database is down: the next round
    );
  const closingAccounts = setInterval(closeDue, (o.closeAccountsEverySeconds ?? 600) * 1000);
  closingAccounts.unref();
  void opened.ready.then(closeDue);
  const httpServer = http.createServer();
  const origins = o.corsOrigins ?? ["*"];
  const clientDist = o.clientDist === undefined ? DEFAULT_CLIENT_DIST : o.clientDist;

  const gameServer = new Server({
    transport: new SpreadPingTransport({
      server: httpServer,
      // Only with an allow-list: the check costs every upgrade a Request object.
      ...(origins.includes("*")
        ? {}
        : {
            beforeUpgrade: (request: Request) =>
              upgradeAllowed(origins, request.headers.get("origin"))
                ? undefined
                : new Response("origin not allowed", { status: 403 }),
          }),
    }),
    greet: false,
    gracefullyShutdown: false, // main.ts owns the signals, so the AI workers close too
    ...(o.redisUrl ? { presence: new RedisPresence(o.redisUrl), driver: new RedisDriver(o.redisUrl) } : {}),
    ...(o.publicAddress ? { publicAddress: o.publicAddress } : {}),
    express: (app) => {
      app.disable("x-powered-by");
      healthRoute(app, {
        writer,
        startedAt: started,
        storeState: opened.state,
        extra: () => ({ restore: restorer.status().state, journal: journal.status(), mistakes: mistakes.status() }),
      });
      app.use(
        "/api",
        apiRouter(
          store,
          log,
          (record) => mistakes.offer(record),
          accounts,
          {
            minMinutes: o.arenaMinMinutes ?? 20,
            turnSeconds: o.turnSeconds || 30,
            created: () => void arenas.round(),
          },
          (m) =>
            announceModerated(matchMaker.presence, m).catch((e: unknown) =>
              log.warn({ err: e }, "a moderator's action not announced"),
            ),
        ),
      );
      metricsRoute(app, o.metricsToken);
      if (clientDist && existsSync(path.join(clientDist, "index.html"))) serveClientFiles(app, clientDist);
    },
  });

  const settings = {
    fillAfterMs: (o.fillAfterSeconds ?? 15) * 1000,
    offerMs: (o.offerSeconds ?? OFFER_MS / 1000) * 1000,
    reconnectSeconds: o.reconnectSeconds ?? 60,
    turnMs: (o.turnSeconds ?? 30) * 1000,
    aiDelayMs: o.aiDelayMs ?? 700,
    aiThinkMs: o.aiThinkMs ?? 1000,
    computerTables: new ComputerTableLimits({
      total: COMPUTER_TABLES_PER_WORKER * (o.aiWorkers ?? 1),
      perAddress: DEFAULT_TABLES_PER.address,
      perPlayer: DEFAULT_TABLES_PER.player,
      ...o.computerTables,
    }),
    hintMs: o.hintMs ?? 1000,
    messagesPerSecond: o.messagesPerSecond ?? 20,
    seatReservationSeconds: o.seatReservationSeconds ?? 5,
    privateWaitMs: (o.privateWaitMinutes ?? 30) * 60_000,
    patches,
    journal,
    restores,
    graceMs: (o.graceSeconds ?? 15) * 1000,
    ai,
    storage: { store, writer },
    recordWaitMs: o.recordWaitMs,
    log,
  };
  countRooms(gameServer.define(LIVE_ROOM_NAME, LiveRoom));
  countRooms(gameServer.define(ROOM_NAME, tableRoom(settings)).filterBy(["mode", "players", "code", OPEN_SEATS_KEY]));
  countRooms(gameServer.define(PRESENCE_ROOM, presenceRoom({ store, log, perSecond: o.presenceMessagesPerSecond })));
  countRooms(gameServer.define(ARENA_ROOM, arenaRoom({ store, log, messagesPerSecond: 2 })).filterBy(["arenaId"]));
  const arenas = arenaDirectors(o, { store, owner: instance, tableRoom: ROOM_NAME, log });
  setCensusSources({
    database: () => (opened.state() === "up" ? writer.status().db : "down"),
    queuedRecords: () => writer.status().queued,
    onlinePlayers: () => new OnlinePlayers(matchMaker.presence).count(),
    openSeeks: (rooms) => openSeeks(rooms as Parameters<typeof openSeeks>[0]).length,
  });
  installCors(matchMaker.controller, origins);
  const restorer = new Restorer({
    live: store.live,
    journal,
    owner: instance,
    leaseMs,
    claimEveryMs: (o.claimEverySeconds ?? 2) * 1000,
    roomName: ROOM_NAME,
    restoreOption: RESTORE_OPTION,
    restores,
    log,
  });

  // What this server opened itself, closed once the records have had their chance to land.
  const release = async (): Promise<void> => {
    clearInterval(closingAccounts);
    limitsRedis?.disconnect();
    writer.close();
    await closeControlSocket?.(); // before the store it dumps
    await mistakes.close();
    if (ownsStore) await store.close();
    if (ownsAi) await ai.close();
    await metricsListener?.close();
    await sweeper?.stop();
    setCensusSources(null);
  };
  let closeControlSocket: (() => Promise<void>) | null = null; // `npm run backup` and `npm run admin` with PGlite (backup/control-socket.ts)
  let sweeper: ProcessSweeper | undefined; // with Redis: takes back what a crashed process left in presence
  let metricsListener: Awaited<ReturnType<typeof startMetricsListener>> | undefined;
  let restoredInMs = 0;
  try {
    // The tables on record come back before the first connection is taken: a client's own automatic reconnection must find its table.
    // A database that is not up yet: the server plays new tables meanwhile, and restores once it answers.
    await matchMaker.onReady;
    if (opened.state() === "up") {
      try {
        const n = await restorer.restoreAll();
        restoredInMs = Date.now() - started;
        if (n > 0) log.info(`restored ${n} tables in ${restoredInMs} ms`);
      } catch (e) {
        log.warn(`tables not restored yet (${e instanceof Error ? e.message : String(e)}); retrying`);
        void restoreWhenUp(restorer, log);
      }
    } else void opened.ready.then(() => restoreWhenUp(restorer, log, 0));
    restorer.start();
    if (o.redisUrl) {
      sweeper = new ProcessSweeper(matchMaker.presence, matchMaker.processId, log);
      sweeper.start();
    }
    await gameServer.listen(o.port ?? 2567, o.host);
    if (ownsStore && store.kind === "pglite")
      closeControlSocket = await startControlSocket(
        o.dataDir ?? DEFAULT_DATA_DIR,
        { dump: () => store.dump(), grant: (handle, role) => grantRole(store, handle, role) },
        log,
      );
    if (o.metricsPort !== undefined) metricsListener = await startMetricsListener(o.metricsPort);
    void opened.ready.then(() => arenas.start()); // after the tables on record are back: an arena's director finds its hands in play
    installFrontDoor(httpServer, {
      log,
      origins,
      trustProxy: o.trustProxy ?? 0,
      limits: o.httpLimits ?? DEFAULT_HTTP_LIMITS,
    });
  } catch (e) {
    await release();
    throw e;
  }
  const port = (httpServer.address() as AddressInfo).port;
  (gameServer as unknown as { port: number }).port = port; // the real port when 0 was asked for (@colyseus/testing reads it)

  let closing: Promise<void> | undefined;
  return {
    port,
    gameServer,
    ai,
    store,
    storeReady: opened.ready,
    writer,
    mistakes,
    journal,
    arenas,
    restore: () => restorer.status(),
    metricsPort: metricsListener?.port ?? null,
    restoredInMs,
    close: () =>
      (closing ??= (async () => {
        try {
          restorer.stop(); // takes over no table while it shuts down
          await arenas.stop(true).catch((e: unknown) => log.warn({ err: e }, "arenas not handed over")); // another process directs them at once
          await gameServer.gracefullyShutdown(false); // the tables with people keep their records and tell their players to come back
          const released = await restorer.handOver().catch((e: unknown) => {
            log.warn(`tables not handed over: ${e instanceof Error ? e.message : String(e)}`);
            return 0;
          });
          if (released > 0) log.info(`${released} tables kept for the next start (or another process)`);
          const flushMs = o.flushMs ?? 5000;
          if (!(await writer.flush(flushMs)))
            log.warn(
              `${writer.status().queued} hand records were not written within ${flushMs} ms of shutting down; they are lost`,
            );
        } finally {
          journal.close();
          await release();
        }
      })()),
  };
}
