/**
 * Starting without the database: with DATABASE_URL, a PostgreSQL server that cannot be
 * reached at start (not up yet after a reboot, failing over, a container still starting)
 * does not stop the server. Tables play, the writer queues their records, and the store
 * keeps trying to connect and migrate in the background. A server that answers and
 * refuses (wrong credentials, no such database, a migration that fails) still stops the
 * start: no amount of waiting mends that, and an operator should hear it at once.
 *
 * Until the database is up, a store call waits for it a short while (WAIT_MS), then
 * throws DatabaseNotReadyError, which the HTTP API answers with 503 and Retry-After
 * (http/errors.ts) and the record writer retries. Calls are held back rather than passed
 * to the pool because a database reached but not yet migrated would answer them
 * "relation does not exist", which the writer takes for a record that can never be written.
 *
 * The gate is built from the members of a real store over the not-yet-connected pool, so
 * a member added to Store needs no change here: a method waits first; a plain object of
 * methods (`live`) has each of its methods wait; any other object (`db`, a Kysely) throws
 * DatabaseNotReadyError when read before the database is up; a value (`kind`) is copied.
 *
 * Every wait (the next try, a call's WAIT_MS) goes through a StoreTimers, real timers unless
 * the caller hands its own: a test then decides when each wait ends, and shows what a closed
 * store does not do by the waits it no longer sets rather than by waiting.
 */
import { sql } from "kysely";
import { DatabaseNotReadyError, isUnreachableError } from "./errors.js";
import {
  connectDatabase,
  prepareDatabase,
  type OpenDatabaseOptions,
  type StorageDatabase,
} from "../database/open-database.js";
import { retryDelay } from "../database/retry-delay.js";
import { openStore, storeOver, type Store } from "./store.js";
import type { Logger } from "../logging/logger.js";

const WAIT_MS = 2_000; // a call while connecting waits this long for the database before failing
const RETRY_MIN_MS = 250; // the first retry of the background connection
const RETRY_MAX_MS = 5_000; // the longest wait between two tries, so the store is back within seconds of the database

export type StoreState = "up" | "connecting"; // connecting: not reached and migrated since the start

/** How the store waits while it connects in the background. */
export interface StoreTimers {
  /** Calls `run` once, `ms` from now, unless the answer is called first (it cancels). */
  after(ms: number, run: () => void): () => void;
}

/** Node's timers, unref'd: a store still connecting keeps no process alive, and a call waiting is held by its caller. */
export const realTimers: StoreTimers = {
  after: (ms, run) => {
    const timer = setTimeout(run, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

export interface StoreWhenUp {
  readonly store: Store;
  /** Resolves once the database is reached and migrated; never rejects, and stays pending if the store is closed first. */
  readonly ready: Promise<void>;
  readonly state: () => StoreState; // a function, to be handed on (the /health route asks it on each request)
}

/**
 * Opens the store the options name. PGlite, or a PostgreSQL server that answers, opens
 * (and migrates) before this resolves, as openStore does; one that cannot be reached
 * resolves at once with a store that connects in the background. Throws for a server that
 * answers and refuses. `log` gets one line when the database is down and one when it is up.
 * `timers` time the background connection's tries and the calls' waits (tests hand their own).
 */
export async function openStoreWhenUp(
  options: OpenDatabaseOptions,
  log: Logger,
  timers: StoreTimers = realTimers,
): Promise<StoreWhenUp> {
  if (options.databaseUrl === undefined) return alreadyUp(await openStore({ ...options, log }));
  const database = await connectDatabase(options);
  try {
    await prepareDatabase(database);
    return alreadyUp(storeOver(database));
  } catch (e) {
    if (!isUnreachableError(e)) {
      await database.close();
      throw new Error(
        `DATABASE_URL: the PostgreSQL server answered but the database could not be opened and migrated: ${reasonOf(e)}`,
        { cause: e },
      );
    }
    log.warn(`database down (${reasonOf(e)}): serving without it and connecting in the background`);
    return connectInBackground(database, reasonOf(e), log, timers);
  }
}

/** A store that is open already, as a StoreWhenUp (startServer's `store` option). */
export function alreadyUp(store: Store): StoreWhenUp {
  return { store, ready: Promise.resolve(), state: () => "up" };
}

function connectInBackground(
  database: StorageDatabase,
  firstReason: string,
  log: Logger,
  timers: StoreTimers,
): StoreWhenUp {
  let up = false;
  let closed = false;
  let reason = firstReason; // the last failure, for the callers refused meanwhile
  let refusing = false; // the server answers but refuses: logged once, apart from the unreachable kind
  let failures = 1;
  let cancelRetry = (): void => {};
  let attempt: Promise<void> | undefined;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const tryAgain = async (): Promise<void> => {
    try {
      // Reached first and migrated only if still open: a store closed while its try
      // connects leaves the database as it found it.
      await sql`select 1`.execute(database.db);
      if (closed) return;
      await prepareDatabase(database);
    } catch (e) {
      if (closed) return;
      reason = reasonOf(e);
      // Retried all the same: the database may be restored, or its password set, while we serve.
      const refusesNow = !isUnreachableError(e);
      if (refusesNow !== refusing) {
        refusing = refusesNow;
        log.warn(
          refusing
            ? `database reached but it refuses to open (${reason}): still trying`
            : `database down again (${reason}): still trying`,
        );
      }
      failures++;
      schedule();
      return;
    }
    if (closed) return;
    up = true;
    log.info(`database up after ${failures} failed tries: store ready`);
    markReady();
  };
  const schedule = (): void => {
    if (closed) return;
    cancelRetry = timers.after(retryDelay(failures, RETRY_MIN_MS, RETRY_MAX_MS), () => {
      attempt = tryAgain();
    });
  };
  schedule();

  const refuseUnlessUp = (): void => {
    if (!up) throw new DatabaseNotReadyError(reason);
  };
  const waitForUp = async (): Promise<void> => {
    if (up) return;
    let cancelWait = (): void => {};
    await Promise.race([ready, new Promise<void>((resolve) => (cancelWait = timers.after(WAIT_MS, resolve)))]);
    cancelWait();
    refuseUnlessUp();
  };
  const store = gate(storeOver(database), waitForUp, refuseUnlessUp);
  store.close = async () => {
    closed = true;
    cancelRetry();
    await attempt; // a try under way ends (without migrating) before its pool does
    await database.close();
  };
  return { store, ready, state: () => (up ? "up" : "connecting") };
}

/** `real` with each method waiting for the database first (see the opening comment for the other members). */
function gate<T extends object>(real: T, waitForUp: () => Promise<void>, refuseUnlessUp: () => void): T {
  const gated: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(real) as [string, unknown][]) {
    if (typeof value === "function") {
      const method = value as (...args: unknown[]) => unknown;
      gated[key] = async (...args: unknown[]): Promise<unknown> => {
        await waitForUp();
        return method.apply(real, args); // Store's methods all return promises: waiting first keeps their type
      };
    } else if (isPlainObject(value)) {
      gated[key] = gate(value, waitForUp, refuseUnlessUp);
    } else if (typeof value === "object" && value !== null) {
      Object.defineProperty(gated, key, {
        enumerable: true,
        get: () => {
          refuseUnlessUp();
          return value;
        },
      });
    } else {
      gated[key] = value;
    }
  }
  return gated as T;
}

function isPlainObject(value: unknown): value is object {
  if (typeof value !== "object" || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return reasonOf(error.errors[0]);
  return error instanceof Error ? error.message : String(error);
}
