import type { MoveJudgement } from "@yourtrumps/ai";
import { applyMove, fromPosition, type Move } from "@yourtrumps/engine";
import { describe, expect, it } from "vitest";
import type { GameRecord } from "../net/game-record.js";
import { moveFacts } from "./move-facts.js";
import { betterCard, moveLine, stepLines } from "./move-list.js";
import { replayRecord, type Replay } from "../replay/replay.js";
import { playedRecord } from "../replay/replay-fixtures.js";

function replayed(record: GameRecord): Replay {
  const r = replayRecord(record);
  if (!r.ok) throw new Error(JSON.stringify(r.failure));
  return r.replay;
}

/** A hand-made replay: a lead, a beat, a second card, and the first seat picking up three (R12: Q♦ is not a spade). */
function examplePositions(): Replay {
  const { record } = playedRecord();
  const log: Move[] = [
    { type: "play", card: "8C" },
    { type: "play", card: "TC" },
    { type: "play", card: "QD" },
    { type: "pickup" },
  ];
  const positions = [
    fromPosition({
      trumps: ["S", "H"],
      hands: [
        ["7D", "8C"],
        ["9C", "TC", "QD"],
      ],
      pile: [],
      toMove: 0,
    }),
  ];
  for (const m of log) {
    const r = applyMove(positions.at(-1)!, m);
    if (!r.ok) throw new Error(r.error.message);
    positions.push(r.hand);
  }
  return { record: { ...record, log }, positions };
}

const judged = (over: Partial<MoveJudgement>): MoveJudgement => ({
  seat: 0,
  before: 0.5,
  after: 0.5,
  exact: false,
  best: { type: "pickup" },
  keep: null,
  only: false,
  choices: 3,
  ...over,
});

describe("the move list", () => {
  it("says who moved, what kind of play the engine says it was, and the cards a pickup took", () => {
    const facts = moveFacts(examplePositions());
    expect(facts.map((f) => [f.seat, f.kind, f.card, f.top, f.taken])).toEqual([
      [0, "lead", "8C", null, []],
      [1, "beat", "TC", "8C", []],
      [1, "second", "QD", null, []],
      [0, "pickup", null, null, ["8C", "TC", "QD"]],
    ]);
    const names = ["Anna", "Bob"];
    expect(facts.map((f) => moveLine("en", f, names, null).text)).toEqual([
      "Anna leads 8♣",
      "Bob beats 8♣ with 10♣",
      "Bob adds Q♦",
      "Anna picks up 3 cards: 8♣ 10♣ Q♦",
    ]);
    expect(moveLine("ru", facts[3]!, names, null).text).toBe("Anna берёт 3 карты: 8♣ 10♣ Q♦");
  });

  it("has one fact per recorded move of a whole hand", () => {
    const { record } = playedRecord(3, 9);
    expect(moveFacts(replayed(record))).toHaveLength(record.log.length);
  });

  it("gives a marked move its mark, the better move and the values; a good one only its values", () => {
    const facts = moveFacts(examplePositions());
    const bad = moveLine(
      "en",
      facts[1]!,
      ["Anna", "Bob"],
      judged({ seat: 1, before: 0.6, after: -0.3, best: { type: "pickup" } }),
    );
    expect(bad).toMatchObject({
      mark: "blunder",
      markText: "Blunder",
      better: "Better: pick up",
      values: "value +0.60 → −0.30",
      best: { type: "pickup" },
    });
    const good = moveLine("en", facts[0]!, ["Anna", "Bob"], judged({ best: { type: "play", card: "7D" } }));
    expect(good).toMatchObject({ mark: null, markText: "", better: "", best: null });
  });

  it("words the solver's verdicts as proven", () => {
    const facts = moveFacts(examplePositions());
    const line = moveLine(
      "en",
      facts[0]!,
      ["Anna", "Bob"],
      judged({ exact: true, before: 1, after: 0, best: { type: "play", card: "7D" } }),
    );
    expect(line.verdict).toBe("proven by the solver: won → drawn");
    expect(line.better).toBe("Better: 7♦");
  });

  it("lifts the better card at the position after a marked move, and speaks each step", () => {
    const replay = examplePositions();
    const facts = moveFacts(replay);
    const lines = facts.map((f, i) =>
      moveLine(
        "en",
        f,
        ["Anna", "Bob"],
        i === 0 ? judged({ before: 0.9, after: 0, best: { type: "play", card: "7D" } }) : null,
      ),
    );
    expect(betterCard(1, lines)).toBe("7D");
    expect(betterCard(0, lines)).toBeNull();
    expect(betterCard(2, lines)).toBeNull();
    expect(stepLines("en", 0, facts, ["Anna", "Bob"], null)).toEqual(["The deal"]);
    expect(
      stepLines("en", 1, facts, ["Anna", "Bob"], judged({ before: 0.9, after: 0, best: { type: "play", card: "7D" } })),
    ).toEqual(["Move 1 of 4: Anna leads eight of clubs. Blunder. Better: seven of diamonds."]);
  });
});
