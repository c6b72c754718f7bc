import { MOVE_ERROR_CODES } from "@yourtrumps/engine";
import { describe, expect, it } from "vitest";
import { ERROR_CODES, JOIN_REFUSALS, JOIN_REFUSED_CODE, LEVELS, MODES, PHASES, joinRefusal } from "./index.js";
import type { ErrorCode } from "./index.js";

describe("protocol tables", () => {
  it("passes on every engine refusal a client can cause, under the engine's own code", () => {
    for (const code of MOVE_ERROR_CODES) {
      if (code === "bad-hand")
        expect(ERROR_CODES).not.toContain(code); // the room's own hand is never bad
      else expect(ERROR_CODES).toContain(code satisfies ErrorCode);
    }
  });
  it("spells every value once", () => {
    for (const table of [ERROR_CODES, JOIN_REFUSALS, LEVELS, MODES, PHASES] as readonly (readonly string[])[])
      expect(new Set(table).size).toBe(table.length);
  });
});

describe("join refusals", () => {
  it("tells a refusal from any other failed join by code and the message's first word", () => {
    expect(joinRefusal({ code: JOIN_REFUSED_CODE, message: "bad-token: no player has this token" })).toBe("bad-token");
    expect(joinRefusal({ code: JOIN_REFUSED_CODE, message: "already-seated: you hold seat 0 here" })).toBe(
      "already-seated",
    );
    for (const other of [
      null,
      undefined,
      "bad-token:",
      new Error("bad-token: x"),
      { code: 521, message: "bad-token: x" },
      { code: JOIN_REFUSED_CODE, message: "onAuth failed" },
    ]) {
      expect(joinRefusal(other)).toBeNull();
    }
  });
});
