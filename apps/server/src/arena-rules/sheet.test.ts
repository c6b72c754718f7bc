import { describe, expect, it } from "vitest";
import { sheetOf, type HandOutcome } from "./sheet.js";

const win: HandOutcome = { result: "win", quickDraw: false, berserk: false, ownMoves: 12 };
const draw: HandOutcome = { result: "draw", quickDraw: false, berserk: false, ownMoves: 12 };
const loss: HandOutcome = { result: "loss", quickDraw: false, berserk: false, ownMoves: 12 };

describe("an arena sheet, counted by hand", () => {
  it("counts 2, 1, 0 for a win, a draw and a loss", () => {
    expect(sheetOf([win, draw, loss], true)).toMatchObject({ total: 3, fire: false });
  });

  it("doubles after two wins in a row until a hand is not won: W W W D W → 2+2+4+2+2", () => {
    const sheet = sheetOf([win, win, win, draw, win], true);
    expect(sheet.hands.map((h) => h.points)).toEqual([2, 2, 4, 2, 2]);
    expect(sheet.total).toBe(12);
    expect(sheet.fire).toBe(false);
  });

  it("a loss on fire counts 0 and puts the fire out: W W L W W W → 2+2+0+2+2+4, on fire after", () => {
    const sheet = sheetOf([win, win, loss, win, win, win], true);
    expect(sheet.hands.map((h) => h.points)).toEqual([2, 2, 0, 2, 2, 4]);
    expect(sheet.fire).toBe(true);
  });

  it("never doubles with streaks off", () => {
    const sheet = sheetOf([win, win, win, draw], false);
    expect(sheet.hands.map((h) => h.points)).toEqual([2, 2, 2, 1]);
    expect(sheet.fire).toBe(false);
  });

  it("adds 1 to a berserk win with at least 7 own moves, and nothing to a shorter one or a berserk loss", () => {
    const berserkWin = { ...win, berserk: true, ownMoves: 7 };
    const shortBerserkWin = { ...win, berserk: true, ownMoves: 6 };
    const berserkLoss = { ...loss, berserk: true };
    expect(sheetOf([berserkWin], true).total).toBe(3);
    expect(sheetOf([shortBerserkWin], true).total).toBe(2);
    expect(sheetOf([berserkLoss], true).total).toBe(0);
    // on fire: 2 + 2 + (4 + 1)
    expect(sheetOf([win, win, berserkWin], true).hands.map((h) => h.points)).toEqual([2, 2, 5]);
  });

  it("scores a quick repetition draw 0, and it breaks the streak", () => {
    const quick = { ...draw, quickDraw: true };
    const sheet = sheetOf([win, win, quick, win], true);
    expect(sheet.hands.map((h) => h.points)).toEqual([2, 2, 0, 2]);
    expect(sheet.total).toBe(6);
  });
});
