/**
 * The accounts migration moves every guest's bearer token into a session of its own: a
 * guest who played before it keeps playing as the same player, with the same token.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { Kysely, PostgresDialect, sql } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { MIGRATIONS } from "../database/migrations.js";
import { openStore } from "../storage/index.js";
import { startPostgres, type PostgresServer } from "../test-kit/postgres.js";

let postgres: PostgresServer | undefined;
afterAll(async () => {
  await postgres?.destroy();
});

it("keeps every guest token working as a session after the accounts migration", async () => {
  postgres = await startPostgres();
  const databaseUrl = await postgres.createDatabase("guest_tokens_migrate");
  const before = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl }) }),
  });
  const migrator = new Migrator({ db: before, provider: { getMigrations: () => Promise.resolve(MIGRATIONS) } });
  expect((await migrator.migrateTo("0008-mistake-searches")).error).toBeUndefined();
  const id = randomUUID();
  const token = randomBytes(32).toString("base64url");
  await sql`insert into players (id, token_sha256, name) values (${id}, ${createHash("sha256").update(token).digest()}, 'Old guest')`.execute(
    before,
  );
  await before.destroy();

  const store = await openStore({ databaseUrl }); // migrates to the latest
  try {
    const found = await store.playerByToken(token);
    expect(found).toMatchObject({ id, name: "Old guest", handle: null });
    expect(await store.accounts.listSessions(id)).toHaveLength(1);
  } finally {
    await store.close();
  }
}, 60_000);
