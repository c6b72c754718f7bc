import { describe, expect, it } from "vitest";
import { storageConfigProblem } from "./config-check.js";

describe("storageConfigProblem", () => {
  it("accepts the embedded database alone, and PostgreSQL with or without Redis", () => {
    expect(storageConfigProblem({ redisUrl: undefined, databaseUrl: undefined })).toBeNull();
    expect(storageConfigProblem({ redisUrl: undefined, databaseUrl: "postgres://u:p@db:5432/trumps" })).toBeNull();
    expect(storageConfigProblem({ redisUrl: "redis://r:6379", databaseUrl: "postgresql://db/trumps" })).toBeNull();
  });

  it("refuses REDIS_URL without DATABASE_URL, naming both variables", () => {
    const problem = storageConfigProblem({ redisUrl: "redis://r:6379", databaseUrl: undefined });
    expect(problem).toMatch(/REDIS_URL/);
    expect(problem).toMatch(/DATABASE_URL/);
    expect(problem).toMatch(/one process/);
  });

  it("refuses a DATABASE_URL that is not PostgreSQL's, without repeating it (it may hold a password)", () => {
    const problem = storageConfigProblem({ redisUrl: undefined, databaseUrl: "mysql://root:secret@db/x" });
    expect(problem).toMatch(/^DATABASE_URL must be a PostgreSQL URL/);
    expect(problem).not.toMatch(/secret/);
  });
});
