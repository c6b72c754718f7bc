/**
 * The storage half of the server's configuration check. With REDIS_URL several server
 * processes share matchmaking, and a hand may end in any of them; the embedded database
 * lives inside one process, so they would each keep their own records and ratings.
 */

const POSTGRES_URL = /^postgres(ql)?:\/\//;

/** What is wrong with these settings, as one sentence naming the variable; null when nothing is. */
export function storageConfigProblem(env: {
  redisUrl: string | undefined;
  databaseUrl: string | undefined;
}): string | null {
  if (env.databaseUrl !== undefined && !POSTGRES_URL.test(env.databaseUrl)) {
    return "DATABASE_URL must be a PostgreSQL URL (postgres://user@host:5432/database, the password after the user and a colon)";
  }
  if (env.redisUrl !== undefined && env.databaseUrl === undefined) {
    return "REDIS_URL is set, so several processes share the tables, but DATABASE_URL is not: the embedded database (PGlite under DATA_DIR) belongs to one process. Set DATABASE_URL=postgres://… to a PostgreSQL server every process reaches";
  }
  return null;
}
