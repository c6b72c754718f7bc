import { describe, expect, it } from "vitest";
import { LANGS } from "../i18n/index.js";
import type { HistoryEntry } from "../net/api-bodies.js";
import { historyLine } from "./history-entry.js";

const duelWon: HistoryEntry = {
  id: "hand-1",
  mode: "computer",
  players: 2,
  seat: 0,
  place: 1,
  outcome: "won",
  opponents: [{ name: "Computer", computer: "easy" }],
  endedAt: new Date("2026-12-01T10:15:00.000Z"),
  ratingDelta: null,
};

const fourLost: HistoryEntry = {
  id: "hand-2",
  mode: "quick",
  players: 4,
  seat: 2,
  place: 4,
  outcome: "lost",
  opponents: [
    { name: "Bob", computer: null },
    { name: "Computer 2", computer: "hard" },
    { name: "Cy", computer: null },
  ],
  endedAt: new Date("2026-12-01T11:00:00.000Z"),
  ratingDelta: -8,
};

describe("historyLine", () => {
  it("a duel against the computer: mode, the computer's level, the result, not rated", () => {
    const line = historyLine("en", duelWon);
    expect(line).toMatchObject({
      id: "hand-1",
      endedAt: "2026-12-01T10:15:00.000Z",
      mode: "Against the computer · 2 players",
      opponents: "vs Computer (Easy)",
      result: "Won",
      change: "not rated",
      rated: false,
    });
    expect(line.date).toContain("2026");
  });

  it("a rated table of four: every opponent, the place, the signed change", () => {
    expect(historyLine("en", fourLost)).toMatchObject({
      mode: "Quick match · 4 players",
      opponents: "vs Bob, Computer 2 (Hard), Cy",
      result: "Lost · place 4",
      change: "\u22128",
      rated: true,
    });
  });

  it("flags an opponent a moderator marked since: their result stands", () => {
    const marked = { ...fourLost, opponents: [{ name: "Bob", computer: null, marked: true }] };
    expect(historyLine("en", marked)).toMatchObject({ opponents: "vs Bob (marked)", change: "\u22128" });
    expect(historyLine("ru", marked).opponents).toBe("против: Bob (отмечен)");
  });

  it("reads in every language: computer names, levels and counts translated, nothing left in braces", () => {
    expect(historyLine("ru", fourLost)).toMatchObject({
      mode: "Быстрая игра · 4 игрока",
      opponents: "против: Bob, Компьютер 2 (Сложный), Cy",
      result: "Поражение · 4-е место",
    });
    expect(historyLine("ru", { ...fourLost, players: 2 }).mode).toBe("Быстрая игра · 2 игрока");
    expect(historyLine("tr", duelWon).opponents).toBe("Rakip: Bilgisayar (Kolay)");
    for (const lang of LANGS) {
      for (const entry of [duelWon, fourLost]) {
        const line = historyLine(lang, entry);
        for (const text of [line.date, line.mode, line.opponents, line.result, line.change])
          expect(text, lang).not.toMatch(/[{}]|undefined/);
        if (lang !== "en") expect(line.mode, lang).not.toMatch(/players|Against/);
      }
    }
  });

  it("dates follow the browser's region for the language", () => {
    expect(historyLine("en", duelWon, "en-GB").date).toMatch(/^1 Dec 2026/);
    expect(historyLine("en", duelWon, "en-US").date).toMatch(/^Dec 1, 2026/);
  });

  it("an entry without a date or outcome still reads", () => {
    const line = historyLine("en", { ...duelWon, endedAt: null, outcome: null, place: null });
    expect(line).toMatchObject({ date: "", endedAt: "", result: "–" });
  });
});
