import { MOVE_ERROR_CODES } from "@yourtrumps/engine";
import { describe, expect, it } from "vitest";
import { ERROR_CODES, LEVELS, MODES, PHASES } from "./index.js";
import type { ErrorCode } from "./index.js";

describe("protocol tables", () => {
  it("passes on every engine refusal a client can cause, under the engine's own code", () => {
    for (const code of MOVE_ERROR_CODES) {
      if (code === "bad-hand") expect(ERROR_CODES).not.toContain(code); // the room's own hand is never bad
      else expect(ERROR_CODES).toContain(code satisfies ErrorCode);
    }
  });
  it("spells every value once", () => {
    for (const table of [ERROR_CODES, LEVELS, MODES, PHASES] as readonly (readonly string[])[]) expect(new Set(table).size).toBe(table.length);
  });
});
