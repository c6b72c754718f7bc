import type { MoveJudgement } from "@yourtrumps/ai";
import { describe, expect, it } from "vitest";
import { memoryStorage } from "../../net/test-storage.js";
import { firstUnjudged, keepVerdict, keptVerdicts, KEPT_VERDICTS_KEY } from "./kept-verdicts.js";

const verdict = (seat: number, after: number): MoveJudgement => ({
  seat,
  before: 0.5,
  after,
  exact: false,
  best: { type: "play", card: "AS" },
  keep: null,
  only: false,
  choices: 3,
});

describe("the verdicts kept between the table and the replay page", () => {
  it("keeps the verdicts of one hand in order, and says where the judging carries on", () => {
    const storage = memoryStorage();
    expect(keptVerdicts(storage, "h1", 3)).toEqual([null, null, null]);
    keepVerdict(storage, "h1", 0, verdict(0, 0.4));
    keepVerdict(storage, "h1", 1, verdict(1, -0.2));
    const kept = keptVerdicts(storage, "h1", 3);
    expect(kept).toEqual([verdict(0, 0.4), verdict(1, -0.2), null]);
    expect(firstUnjudged(kept)).toBe(2);
    expect(firstUnjudged([verdict(0, 1)])).toBe(1);
    expect(keptVerdicts(storage, "h2", 3)).toEqual([null, null, null]); // another hand's are not this one's
  });

  it("a verdict on another hand replaces the kept ones; one that does not read is judged again", () => {
    const storage = memoryStorage();
    keepVerdict(storage, "h1", 0, verdict(0, 0.4));
    keepVerdict(storage, "h2", 0, verdict(1, 0.1));
    expect(keptVerdicts(storage, "h1", 1)).toEqual([null]);
    expect(keptVerdicts(storage, "h2", 1)).toEqual([verdict(1, 0.1)]);
    storage.setItem(
      KEPT_VERDICTS_KEY,
      JSON.stringify({ id: "h2", verdicts: [{ ...verdict(0, 0), before: "x" }, verdict(1, 0.3)] }),
    );
    expect(keptVerdicts(storage, "h2", 2)).toEqual([null, verdict(1, 0.3)]);
    storage.setItem(KEPT_VERDICTS_KEY, "{not json");
    expect(keptVerdicts(storage, "h2", 1)).toEqual([null]);
  });
});
