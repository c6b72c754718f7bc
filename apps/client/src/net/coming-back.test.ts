import { TABLE_CLOSE_CODES, TABLE_RESTART_CODE } from "@yourtrumps/protocol";
import { describe, expect, it } from "vitest";
import { comeBackDelays, givesUp, serverAway } from "./coming-back.js";

describe("coming back to a table", () => {
  it("gives up only when there is no seat to come back to", () => {
    for (const code of Object.values(TABLE_CLOSE_CODES)) expect(givesUp(code)).toBe(true);
    expect(givesUp(4000)).toBe(true); // left on purpose
    expect(givesUp(524)).toBe(true); // the token is no seat's
    for (const code of [TABLE_RESTART_CODE, 1006, 1001, 4010, 522, undefined, "x"]) expect(givesUp(code)).toBe(false);
  });

  it("reads a refused connection or a table not back yet as the server restarting", () => {
    expect(serverAway(undefined)).toBe(true);
    expect(serverAway(522)).toBe(true);
    expect(serverAway(524)).toBe(false);
  });

  it("tries fast first, then every 3 s, for about a minute and a half", () => {
    const waits = comeBackDelays();
    expect(waits.slice(0, 4)).toEqual([250, 500, 1000, 2000]);
    expect(Math.max(...waits)).toBe(3000);
    const total = waits.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(90_000);
    expect(total).toBeLessThan(93_001);
  });
});
