/**
 * `npm run bench` (last): accounts. Prints, for a server in this process over a
 * temporary PGlite (or DATABASE_URL with `--database-url`):
 *
 * - password sign-in (`POST /api/sessions`, Argon2id m=19 MiB t=2 p=1) latency p50/p99 and
 *   the event loop's delay p99 while sign-ins arrive at `--rate` a second (20) for `--seconds` (10);
 * - passkey sign-in verification p99: the server's time in verifySignIn (signature, client
 *   data, authenticator data) over `--passkeys` (300) sign-ins of a software authenticator, after 50 unmeasured;
 * - bytes an account: the rows an account adds (player columns, session, handle, passkey),
 *   and the tables' total size (indexes included) divided by `--accounts` (500) accounts;
 * - `GET /api/me/export` of a player with `--hands` (10,000) hands: time to the last byte, and its size.
 *
 *   node dist/bench/accounts-bench.js [--json] [--rate 20] [--seconds 10] [--hands 10000] [--database-url URL]
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { verifySignIn } from "../accounts/passkey-ceremonies.js";
import { DEFAULT_RELYING_PARTY } from "../accounts/relying-party.js";
import { startServer } from "../server.js";
import { computerSeat, person, playedHand, recordOf } from "../storage/sample-hands.js";
import { openStore } from "../storage/store.js";
import { createPasskey, signWithPasskey } from "../test-kit/authenticator.js";
import { quantile, round } from "./stats.js";
import { silentLogger } from "../logging/logger.js";

const { values: options } = parseArgs({
  options: {
    json: { type: "boolean" },
    rate: { type: "string" },
    seconds: { type: "string" },
    hands: { type: "string" },
    passkeys: { type: "string" },
    accounts: { type: "string" },
    "database-url": { type: "string" },
  },
  strict: false,
});
const rate = Number(options.rate ?? 20);
const seconds = Number(options.seconds ?? 10);
const hands = Number(options.hands ?? 10_000);
const passkeyRuns = Number(options.passkeys ?? 300);
const accountCount = Number(options.accounts ?? 500);
const databaseUrl = typeof options["database-url"] === "string" ? options["database-url"] : undefined;
const ORIGIN = "http://localhost:2567";
const UNLIMITED = { burst: 1e6, perMinute: 1e6 };

const dir = mkdtempSync(path.join(os.tmpdir(), "yourtrumps-accounts-bench-"));
const store = await openStore(databaseUrl === undefined ? { dataDir: dir } : { databaseUrl });
const server = await startServer({
  port: 0,
  host: "127.0.0.1",
  clientDist: null,
  store,
  trustProxy: 1,
  httpLimits: { matchmake: UNLIMITED, api: UNLIMITED, codeMisses: UNLIMITED },
  log: silentLogger(),
});
const base = `http://127.0.0.1:${server.port}`;
let addresses = 0;
const post = async (route: string, body: unknown, token?: string): Promise<{ status: number; body: unknown }> => {
  const address = `10.9.${Math.floor(++addresses / 250) % 250}.${addresses % 250}`; // each call its own address: the limits are not what is measured
  const r = await fetch(`${base}${route}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Forwarded-For": address,
      ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: await r.json() };
};

try {
  // Sign-ins by password at `rate` a second, each to its own account (a failure count of one is not what is measured).
  const signers: { handle: string; password: string }[] = [];
  for (let i = 0; i < Math.min(50, rate * seconds); i++) {
    const guest = (await post("/api/players", { name: `Signer ${i}` })).body as { token: string };
    const account = { handle: `signer_${i}`, password: `bench horse ${i} staple` };
    await post("/api/account", account, guest.token);
    signers.push(account);
  }
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const running: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < rate * seconds; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const account = signers[i % signers.length]!;
    const sent = performance.now();
    running.push(
      post("/api/sessions", account).then((r) => {
        latencies.push(performance.now() - sent);
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      }),
    );
  }
  await Promise.all(running);
  loop.disable();

  // Passkey verification: the server's time in verifySignIn, challenges taken from memory (the database is not what is measured).
  const passkeyHolder = (await post("/api/players", { name: "Passkey" })).body as { id: string };
  const made = createPasskey(
    {
      rp: { id: "localhost", name: "Your Trumps" },
      user: {
        id: Buffer.from(passkeyHolder.id.replace(/-/g, ""), "hex").toString("base64url"),
        name: "p",
        displayName: "p",
      },
      challenge: "c",
      pubKeyCredParams: [{ type: "public-key", alg: -7 }],
    },
    ORIGIN,
  );
  const publicKey = made.passkey.publicKey;
  const credential = { id: made.passkey.id, playerId: passkeyHolder.id, publicKey, counter: 0, transports: [] };
  const verifyTimes: number[] = [];
  // The first verifications compile the library's code paths and import the key: steady-state server time is what is asked.
  const WARM_UP = 50;
  for (let i = -WARM_UP; i < passkeyRuns; i++) {
    const challenge = Buffer.from(`challenge-${i}-0123456789abcdef`).toString("base64url");
    const response = signWithPasskey(made.passkey, { challenge, rpId: "localhost" }, ORIGIN);
    const t0 = performance.now();
    credential.counter = await verifySignIn(DEFAULT_RELYING_PARTY, response, credential, (c) =>
      Promise.resolve(c === challenge),
    );
    if (i >= 0) verifyTimes.push(performance.now() - t0);
  }

  // Bytes an account: `accountCount` accounts, each with a password, a session more and a passkey.
  const tables = ["players", "sessions", "handles", "passkeys"] as const;
  const sizeOf = async (): Promise<number> =>
    (
      await sql<{ bytes: string }>`select sum(pg_total_relation_size(c.oid))::text as bytes from pg_class c
        where c.relname in ('players', 'sessions', 'handles', 'passkeys')`.execute(store.db)
    ).rows.reduce((sum, r) => sum + Number(r.bytes), 0);
  await store.maintain();
  const sizeBefore = await sizeOf();
  const hash = await server.store.accounts.credentialsByHandle("signer_0").then((c) => c!.passwordHash!);
  for (let i = 0; i < accountCount; i++) {
    const guest = await store.createPlayer(`Sized ${i}`);
    const handle = `sized_${i}`;
    await store.accounts.claimAccount(guest.id, { handle, key: handle }, hash);
    await store.accounts.createSession(guest.id, { browser: "Firefox", system: "Android" });
    await store.accounts.addPasskey(guest.id, {
      id: `sized-passkey-${i}-${made.passkey.id}`,
      publicKey,
      counter: 0,
      transports: ["internal"],
      name: "Firefox on Android",
      backedUp: true,
    });
  }
  await store.maintain();
  const sizeAfter = await sizeOf();
  const rowBytes = (
    await sql<{ bytes: number }>`select (
        (select avg(pg_column_size(p.*)) from players p where p.handle like 'sized\\_%')
      + (select avg(pg_column_size(s.*)) * 2 from sessions s join players p on p.id = s.player_id where p.handle like 'sized\\_%')
      + (select avg(pg_column_size(h.*)) from handles h where h.key like 'sized\\_%')
      + (select avg(pg_column_size(k.*)) from passkeys k where k.id like 'sized-passkey-%'))::float8 as bytes`.execute(
      store.db,
    )
  ).rows[0]!.bytes;
  void tables;

  // The export of a player with `hands` hands: one recorded, the rest copies of it an hour apart.
  const veteran = await store.createPlayer("Veteran");
  await store.recordHand(
    recordOf(playedHand(2, 7), { id: "export-0", mode: "computer", seats: [person(veteran.id), computerSeat()] }),
  );
  await sql`insert into games (id, table_id, mode, players, setup, options, log, move_times, result, started_at, ended_at, rated)
    select 'export-' || n, table_id, mode, players, setup, options, log, move_times, result,
      started_at - n * interval '1 hour', ended_at - n * interval '1 hour', rated
    from games, generate_series(1, ${hands - 1}) as n where id = 'export-0'`.execute(store.db);
  await sql`insert into game_seats (game_id, seat, player_id, computer, anonymous, name, place, outcome, rating_before, rating_after, ended_at)
    select 'export-' || n, seat, player_id, computer, anonymous, name, place, outcome, rating_before, rating_after,
      ended_at - n * interval '1 hour'
    from game_seats, generate_series(1, ${hands - 1}) as n where game_id = 'export-0'`.execute(store.db);
  await store.maintain();
  const exportTimes: number[] = [];
  let exportBytes = 0;
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    const r = await fetch(`${base}/api/me/export`, { headers: { Authorization: `Bearer ${veteran.token}` } });
    exportBytes = (await r.arrayBuffer()).byteLength;
    exportTimes.push(performance.now() - t0);
  }

  const result = {
    database: store.kind,
    signInRate: rate,
    signIns: latencies.length,
    signInStatuses: Object.fromEntries(statuses),
    signInP50Ms: round(quantile(latencies, 0.5)),
    signInP99Ms: round(quantile(latencies, 0.99)),
    eventLoopP99Ms: round(loop.percentile(99) / 1e6, 2),
    passkeyVerifyP50Ms: round(quantile(verifyTimes, 0.5), 2),
    passkeyVerifyP99Ms: round(quantile(verifyTimes, 0.99), 2),
    accountRowBytes: round(rowBytes, 0),
    accountTotalBytes: round((sizeAfter - sizeBefore) / accountCount, 0),
    exportHands: hands,
    exportMs: round(Math.min(...exportTimes), 0),
    exportMaxMs: round(Math.max(...exportTimes), 0),
    exportMegabytes: round(exportBytes / 1e6, 1),
  };
  if (options.json === true) console.log(JSON.stringify(result));
  else
    console.log(
      [
        `accounts (${result.database})`,
        `  password sign-in at ${rate}/s (${result.signIns}, ${JSON.stringify(result.signInStatuses)})  p50 ${result.signInP50Ms} ms, p99 ${result.signInP99Ms} ms; event loop p99 ${result.eventLoopP99Ms} ms`,
        `  passkey verification  p50 ${result.passkeyVerifyP50Ms} ms, p99 ${result.passkeyVerifyP99Ms} ms (server time)`,
        `  bytes an account  ${result.accountRowBytes} in rows, ${result.accountTotalBytes} with indexes and pages`,
        `  export of ${hands} hands  ${result.exportMs} ms (slowest of 3: ${result.exportMaxMs} ms), ${result.exportMegabytes} MB`,
      ].join("\n"),
    );
} finally {
  await server.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
