import { describe, expect, it } from "vitest";
import { isPermanentError, isUnreachableError } from "./errors.js";
import { RecordError } from "./hand-record.js";

describe("isPermanentError", () => {
  it("gives up on records that can never be written", () => {
    expect(isPermanentError(new RecordError("bad"))).toBe(true);
    for (const code of ["23503", "23505", "22P02", "42P01"])
      expect(isPermanentError(Object.assign(new Error("x"), { code }))).toBe(true);
  });

  it("retries everything that may pass: lost connections, shutdowns, deadlocks, serialization failures", () => {
    for (const code of ["ECONNREFUSED", "ECONNRESET", "EPIPE", "57P01", "08006", "40P01", "40001", "53300"]) {
      expect(isPermanentError(Object.assign(new Error("x"), { code }))).toBe(false);
    }
    expect(isPermanentError(new Error("Connection terminated unexpectedly"))).toBe(false);
    expect(isPermanentError(null)).toBe(false);
  });
});

describe("isUnreachableError", () => {
  const withCode = (code: string, message = "x"): Error => Object.assign(new Error(message), { code });

  it("is a server that cannot be reached or is not taking connections yet: waiting may mend it", () => {
    for (const code of [
      "ECONNREFUSED",
      "ETIMEDOUT",
      "EHOSTUNREACH",
      "ENOTFOUND",
      "EAI_AGAIN",
      "08006",
      "08001",
      "57P03",
      "57P01",
      "53300",
    ])
      expect(isUnreachableError(withCode(code))).toBe(true);
    expect(isUnreachableError(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isUnreachableError(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isUnreachableError(new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")]))).toBe(true); // one try per address of "localhost"
  });

  it("is not a server that answers and refuses: credentials, a missing database, a failed migration", () => {
    for (const code of ["28P01", "28000", "3D000", "42P01", "42601", "23505"])
      expect(isUnreachableError(withCode(code))).toBe(false);
    expect(isUnreachableError(new TypeError("Invalid URL"))).toBe(false);
    expect(isUnreachableError(null)).toBe(false);
  });
});
