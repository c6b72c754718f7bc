/**
 * The deploy recipe, run: Debian's nginx with deploy/nginx-yourtrumps.conf (the file
 * docs/operations.md gives, with this test's ports, paths and a self-signed certificate made
 * here) in front of two server processes on real Redis and PostgreSQL. SDK clients create their
 * identities, matchmake, play a duel to its end and reconnect, all through nginx over TLS and at
 * the processes' public paths; a browser loads the built client through it.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ColyseusSDK, type Room } from "@colyseus/sdk";
import { chromium } from "playwright-core";
import type { HistoryPage } from "../storage/history.js";
import type { NewPlayerAnswer } from "../http/players.js";
import { call, mySeat, pickTrumps, playMoves, playToEnd, seen, settle, until } from "../test-kit/harness.js";
import { useProcesses } from "../test-kit/process-fixture.js";
import { freePort, stop } from "../test-kit/processes.js";
import { eventually } from "../test-kit/tables.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, "../../../..");
const RECIPE = path.join(ROOT, "deploy/nginx-yourtrumps.conf");
const CLIENT_DIST = path.join(ROOT, "apps/client/dist");
const NGINX = existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const publicPort = freePort(); // nginx's https port: the processes' public addresses name it
const processes = useProcesses({
  database: "behind_nginx",
  env: async (_port, i) => ({
    PUBLIC_ADDRESS: `localhost:${await publicPort}/s${i + 1}`,
    TRUST_PROXY: "1",
    CLIENT_DIST: "/nonexistent", // nginx serves the client
    FILL_AFTER_SECONDS: "120",
  }),
});
let nginx: ChildProcess | undefined;
let dir = "";
let base = ""; // https://localhost:<nginx's port>
const rooms: Room[] = [];

/** The recipe with this test's host, ports, certificate and client: nothing else of it changed. */
function renderRecipe(o: {
  http: number;
  https: number;
  servers: [number, number];
  cert: string;
  key: string;
}): string {
  const recipe = readFileSync(RECIPE, "utf8");
  const rendered = recipe
    .replaceAll("example.com", "localhost")
    .replace("listen 80;", `listen 127.0.0.1:${o.http};`)
    .replace("listen 443 ssl http2;", `listen 127.0.0.1:${o.https} ssl http2;`)
    .replace("/etc/letsencrypt/live/localhost/fullchain.pem", o.cert)
    .replace("/etc/letsencrypt/live/localhost/privkey.pem", o.key)
    .replaceAll("/srv/yourtrumps/client", CLIENT_DIST)
    .replaceAll("127.0.0.1:2567", `127.0.0.1:${o.servers[0]}`)
    .replaceAll("127.0.0.1:2568", `127.0.0.1:${o.servers[1]}`);
  const directives = rendered
    .split("\n")
    .filter((line) => !line.trim().startsWith("#"))
    .join("\n");
  for (const left of [
    "example.com",
    "/etc/letsencrypt",
    "/srv/yourtrumps",
    ":2567",
    ":2568",
    "listen 80",
    "listen 443",
  ])
    expect(directives, `the recipe changed: "${left}" is no longer where this test looks`).not.toContain(left);
  return rendered;
}

/** nginx's own main configuration around the recipe: everything it writes in this test's folder. */
function mainConfig(site: string): string {
  const isRoot = process.getuid?.() === 0;
  return `${isRoot ? "user root;\n" : ""}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${site};
}
`;
}

beforeAll(async () => {
  // Node's fetch and the SDK's WebSocket meet a certificate made a moment ago: this test's processes trust it.
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
  if (!existsSync(path.join(CLIENT_DIST, "index.html")))
    execFileSync("npm", ["run", "build", "-w", "@yourtrumps/client"], {
      cwd: ROOT,
      stdio: "ignore",
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production" }, // not vitest's NODE_ENV=test: that would build the development client
    });
  dir = mkdtempSync(path.join(os.tmpdir(), "yt-nginx-"));
  const cert = path.join(dir, "cert.pem");
  const key = path.join(dir, "key.pem");
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"],
      ...["-keyout", key, "-out", cert, "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost"],
    ],
    { stdio: "ignore" },
  );

  const [http, https] = [await freePort(), await publicPort];
  const [first, second] = processes.ports as [number, number];
  base = `https://localhost:${https}`;

  const site = path.join(dir, "yourtrumps.conf");
  writeFileSync(site, renderRecipe({ http, https, servers: [first, second], cert, key }));
  for (const temp of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(path.join(dir, temp));
  writeFileSync(path.join(dir, "nginx.conf"), mainConfig(site));
  nginx = spawn(
    NGINX,
    ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", path.join(dir, "error.log"), "-g", "daemon off;"],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  nginx.once("exit", (code) => {
    if (code !== 0 && code !== null) console.error(readFileSync(path.join(dir, "error.log"), "utf8"));
  });
  await eventually(
    () =>
      fetch(`${base}/health`).then(
        (r) => r.status,
        () => 0,
      ),
    (status) => status === 200,
    15_000,
    "nginx answering /health",
  );
}, 180_000);

afterAll(async () => {
  for (const room of rooms) if (room.connection?.isOpen) await room.leave().catch(() => 0);
  if (nginx && nginx.exitCode === null && nginx.signalCode === null) await stop(nginx);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** An SDK client of the public address, as a bot would use it. */
function client(): ColyseusSDK {
  return new ColyseusSDK(base);
}

async function newPlayer(name: string): Promise<NewPlayerAnswer> {
  const reply = await call<NewPlayerAnswer>(base, "POST", "/api/players", { body: { name } });
  expect(reply.status).toBe(201);
  return reply.body;
}

function kept(room: Room): Room {
  room.reconnection.enabled = false; // the test drops and comes back by hand
  rooms.push(room);
  return room;
}

describe("behind nginx, two processes", () => {
  it("answers the API over TLS through nginx, with nginx's request id, and keeps /metrics inside", async () => {
    const health = await fetch(`${base}/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get("x-request-id")).toMatch(/^[0-9a-f]{32}$/); // nginx's $request_id, kept by the server
    expect((await fetch(`${base}/metrics`)).status).toBe(404); // metrics stay inside
  });

  it("SDK clients matchmake, play a duel to its end and reconnect, through nginx at the processes' public paths", async () => {
    const [ann, bo] = [await newPlayer("Ann"), await newPlayer("Bo")];
    const a = kept(await client().joinOrCreate("table", { mode: "quick", players: 2, token: ann.token }));
    await a.waitForInitialState();
    const b = kept(await client().joinOrCreate("table", { mode: "quick", players: 2, token: bo.token }));
    await b.waitForInitialState();
    expect(b.roomId).toBe(a.roomId);
    await pickTrumps([a, b]);
    await playMoves([a, b], 3);
    await settle([a, b]);

    // Bo's connection drops; the SDK comes back through nginx to the same seat and hand.
    const seat = mySeat(b);
    const before = seen(b);
    const token = b.reconnectionToken;
    await b.leave(false);
    await until(a, (x) => x.seats[seat]!.connected === false);
    const back = kept(await client().reconnect(token));
    await back.waitForInitialState();
    await until(back, (x) => x.seats[seat]!.connected === true);
    expect(back.sessionId).toBe(b.sessionId);
    expect(seen(back).seats[seat]!.hand).toEqual(before.seats[seat]!.hand);

    const end = await playToEnd([a, back]);
    expect(end.phase).toBe("over");
    const history = await eventually(
      () => call<HistoryPage>(base, "GET", `/api/players/${ann.id}/games`).then((r) => r.body),
      (page) => page.games.length === 1,
      15_000,
      "the hand on record",
    );
    expect(history.games[0]!.id).toBeTruthy();
  });

  it("tables in both processes are reached, each at its own public path", async () => {
    // The matchmaker puts a new room in the process with the fewest: two computer tables land one in each.
    const first = kept(await client().create("table", { mode: "computer", players: 2 }));
    await first.waitForInitialState();
    await processes.roomCountsShared();
    const second = kept(await client().create("table", { mode: "computer", players: 2 }));
    await second.waitForInitialState();
    const paths = await Promise.all(
      [first, second].map(async (room) => {
        await pickTrumps([room]);
        return new URL(room.connection.url ?? "").pathname.split("/")[1];
      }),
    );
    expect(new Set(paths)).toEqual(new Set(["s1", "s2"]));
  });

  it("a browser loads the client through nginx, and the page reaches the API through it", async () => {
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu"],
    });
    try {
      const page = await (await browser.newContext({ ignoreHTTPSErrors: true })).newPage();
      const document = await page.goto(`${base}/`);
      expect(document?.status()).toBe(200);
      expect(await page.title()).toBe("Your Trumps");
      // The leaderboard's page asks the API: through nginx, answered by one of the processes.
      const leaderboard = page.waitForResponse((r) => r.url().startsWith(`${base}/api/leaderboard`));
      await page.locator("#open-leaderboard").click();
      const answer = await leaderboard;
      expect(answer.status()).toBe(200);
      expect(answer.headers()["x-request-id"]).toMatch(/^[0-9a-f]{32}$/);
      const deepLink = await page.goto(`${base}/?table=K7F3QX`);
      expect(deepLink?.status()).toBe(200);
    } finally {
      await browser.close();
    }
  });
});
