/**
 * A throwaway PostgreSQL server on loopback, for the storage tests (through
 * test-kit/postgres.ts) and the storage benchmark, which is why it is built with the
 * server rather than kept in test-kit. It runs the Debian binaries
 * (/usr/lib/postgresql/<version>/bin, or PG_BIN) in a temporary directory, trusting local
 * connections. initdb refuses to run as root, so as root both programs run as the
 * `postgres` user (spawned with its uid, so signals reach the server itself).
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export interface PostgresServerOptions {
  durable?: boolean; // fsync and synchronous commit as in production (the benchmark); default off, for fast tests
}

export interface PostgresServer {
  readonly port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  /** Creates an empty database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Fast shutdown (SIGINT); the files stay, so start() brings the same server back. */
  stop(): Promise<void>;
  /** Starts it again on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it and removes its files. */
  destroy(): Promise<void>;
  /** What the server has printed since it last started (its last 8 KB): a test counts the connections it refused there. */
  log(): string;
}

function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root).filter((v) => existsSync(path.join(root, v, "bin", "initdb")))
    : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (newest === undefined)
    throw new Error(
      "PostgreSQL is not installed (no /usr/lib/postgresql/<version>/bin/initdb): apt-get install postgresql, or set PG_BIN",
    );
  return path.join(root, newest, "bin");
}

/** The postgres user's ids when we are root (initdb refuses root), else nothing. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string): number => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function run(
  program: string,
  args: string[],
  user: { uid: number; gid: number } | undefined,
  cwd: string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { cwd, stdio: ["ignore", "pipe", "pipe"], ...user });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(program)} exited with ${code}:\n${output}`)),
    );
  });
}

async function acceptsConnections(
  url: string,
  child: ChildProcess,
  log: () => string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`postgres exited with ${child.exitCode}:\n${log()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (e) {
      await client.end().catch(() => {});
      if (Date.now() > deadline)
        throw new Error(
          `postgres did not accept connections within ${timeoutMs} ms (${(e as Error).message}):\n${log()}`,
          { cause: e },
        );
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** Creates a cluster in a temporary directory and starts it on a free loopback port. */
export async function startPostgres(options: PostgresServerOptions = {}): Promise<PostgresServer> {
  const bin = binDir();
  const user = runAs();
  const dir = mkdtempSync(path.join(os.tmpdir(), "yourtrumps-pg-"));
  if (user !== undefined) chownSync(dir, user.uid, user.gid);
  const data = path.join(dir, "data");
  const port = await freePort();
  const url = (database = "postgres"): string => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const settings = options.durable === true ? [] : ["fsync=off", "synchronous_commit=off", "full_page_writes=off"];

  let child: ChildProcess | null = null;
  let log = "";
  // A test run that dies must not leave a server behind.
  const killOnExit = (): void => {
    child?.kill("SIGINT");
  };

  try {
    await run(
      path.join(bin, "initdb"),
      ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C", "--no-sync"],
      user,
      dir,
    );
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }

  const start = async (): Promise<void> => {
    if (child !== null) return;
    log = "";
    const args = ["-D", data, "-k", dir, "-h", "127.0.0.1", "-p", String(port), ...settings.flatMap((s) => ["-c", s])];
    const started = spawn(path.join(bin, "postgres"), args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"], ...user });
    started.stderr?.on("data", (d: Buffer) => (log = (log + d.toString()).slice(-8_000)));
    started.once("exit", () => {
      if (child === started) child = null;
    });
    child = started;
    process.once("exit", killOnExit);
    await acceptsConnections(url(), started, () => log);
  };

  const stop = async (): Promise<void> => {
    const running = child;
    if (running === null) return;
    process.off("exit", killOnExit);
    if (running.exitCode === null && running.signalCode === null) {
      await new Promise<void>((resolve) => {
        running.once("exit", () => resolve());
        running.kill("SIGINT");
      });
    }
    child = null;
  };

  try {
    await start();
  } catch (e) {
    await stop();
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }

  return {
    port,
    url,
    log: () => log,
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new RangeError(`${name} is not a plain database name`);
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`create database ${client.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    stop,
    start,
    async destroy() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
