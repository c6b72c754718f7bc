/**
 * Counters in fixed windows that every process sees: the account limits (sign-ups,
 * password failures, passkey verifications, wrong link codes) must hold however many
 * processes a client spreads its requests over. In Redis when REDIS_URL is set (one
 * round trip, a Lua script so the count and its expiry are set together), else in the
 * database (one upsert), which is shared too when DATABASE_URL is set.
 */
import { sql, type Kysely } from "kysely";
import type { Redis } from "ioredis";
import type { Database } from "../database/schema.js";

/** A counter after a hit or a look: how many in the window, and how long until the window ends. */
export interface Count {
  count: number;
  resetInMs: number; // 0 when the window has passed (count is then 0)
}

export interface SharedCounters {
  /** Adds one to `key`'s count in its window of `windowMs` (a new window starts at the first hit after the last ended). */
  hit(key: string, windowMs: number): Promise<Count>;
  /** `key`'s count now, adding nothing. */
  peek(key: string): Promise<Count>;
  /** The counts of `keys` now, in their order, in one round trip. */
  peekMany(keys: readonly string[]): Promise<Count[]>;
  /** Forgets `key` (a success clears its failures). */
  clear(key: string): Promise<void>;
}

const PREFIX = "yt:limit:";

const HIT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`;

/** The counters in Redis, shared by every process using it. */
export function redisCounters(redis: Redis): SharedCounters {
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT, 1, PREFIX + key, String(Math.ceil(windowMs)))) as [number, number];
      return { count, resetInMs: Math.max(0, ttl) };
    },
    async peek(key) {
      const [count, ttl] = await Promise.all([redis.get(PREFIX + key), redis.pttl(PREFIX + key)]);
      return count === null ? { count: 0, resetInMs: 0 } : { count: Number(count), resetInMs: Math.max(0, ttl) };
    },
    async peekMany(keys) {
      const pipeline = redis.pipeline();
      for (const key of keys) pipeline.get(PREFIX + key).pttl(PREFIX + key);
      const answers = (await pipeline.exec()) ?? [];
      return keys.map((_, i) => {
        const count = answers[2 * i]?.[1] as string | null | undefined;
        const ttl = Number(answers[2 * i + 1]?.[1] ?? 0);
        return count == null ? { count: 0, resetInMs: 0 } : { count: Number(count), resetInMs: Math.max(0, ttl) };
      });
    },
    async clear(key) {
      await redis.del(PREFIX + key);
    },
  };
}

const PRUNE_EVERY_MS = 60_000;

/** The counters in the database's `rate_counters`; windows that have passed are pruned now and then. */
export function databaseCounters(db: Kysely<Database>): SharedCounters {
  let pruned = 0;
  return {
    async hit(key, windowMs) {
      if (Date.now() - pruned > PRUNE_EVERY_MS) {
        pruned = Date.now();
        await db
          .deleteFrom("rate_counters")
          .where("reset_at", "<", sql<Date>`now()`)
          .execute();
      }
      const window = `${Math.ceil(windowMs)} milliseconds`;
      const row = await sql<{ count: number; reset_in_ms: number }>`
        insert into rate_counters as c (key, count, reset_at) values (${key}, 1, now() + ${window}::interval)
        on conflict (key) do update set
          count = case when c.reset_at <= now() then 1 else c.count + 1 end,
          reset_at = case when c.reset_at <= now() then now() + ${window}::interval else c.reset_at end
        returning count, (extract(epoch from reset_at - now()) * 1000)::float8 as reset_in_ms`.execute(db);
      const r = row.rows[0]!;
      return { count: r.count, resetInMs: Math.max(0, Math.ceil(r.reset_in_ms)) };
    },
    async peek(key) {
      const row = await sql<{ count: number; reset_in_ms: number }>`
        select count, (extract(epoch from reset_at - now()) * 1000)::float8 as reset_in_ms
        from rate_counters where key = ${key} and reset_at > now()`.execute(db);
      const r = row.rows[0];
      return r === undefined ? { count: 0, resetInMs: 0 } : { count: r.count, resetInMs: Math.ceil(r.reset_in_ms) };
    },
    async peekMany(keys) {
      if (keys.length === 0) return [];
      const rows = await sql<{ key: string; count: number; reset_in_ms: number }>`
        select key, count, (extract(epoch from reset_at - now()) * 1000)::float8 as reset_in_ms
        from rate_counters where key in (${sql.join(keys)}) and reset_at > now()`.execute(db);
      return keys.map((key) => {
        const r = rows.rows.find((row) => row.key === key);
        return r === undefined ? { count: 0, resetInMs: 0 } : { count: r.count, resetInMs: Math.ceil(r.reset_in_ms) };
      });
    },
    async clear(key) {
      await db.deleteFrom("rate_counters").where("key", "=", key).execute();
    },
  };
}
