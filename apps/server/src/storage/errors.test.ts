import { describe, expect, it } from "vitest";
import { isPermanentError } from "./errors.js";
import { RecordError } from "./hand-record.js";

describe("isPermanentError", () => {
  it("gives up on records that can never be written", () => {
    expect(isPermanentError(new RecordError("bad"))).toBe(true);
    for (const code of ["23503", "23505", "22P02", "42P01"]) expect(isPermanentError(Object.assign(new Error("x"), { code }))).toBe(true);
  });

  it("retries everything that may pass: lost connections, shutdowns, deadlocks, serialization failures", () => {
    for (const code of ["ECONNREFUSED", "ECONNRESET", "EPIPE", "57P01", "08006", "40P01", "40001", "53300"]) {
      expect(isPermanentError(Object.assign(new Error("x"), { code }))).toBe(false);
    }
    expect(isPermanentError(new Error("Connection terminated unexpectedly"))).toBe(false);
    expect(isPermanentError(null)).toBe(false);
  });
});
