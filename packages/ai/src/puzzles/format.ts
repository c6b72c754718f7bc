/**
 * The puzzle format: a duel position in plain terms, the goal, and the solution tree.
 * One line of text per puzzle (`puzzleLine` / `parsePuzzleLine`) keeps the shipped file
 * compact; `parsePuzzleLine` is the one check of the format, used by the generator's test,
 * the server and the client alike.
 */
import { isCard, isSuit } from "@yourtrumps/engine";
import type { Card, Suit } from "@yourtrumps/engine";

/** A move in a puzzle: a card played (lead, beat or second card) or picking up. */
export type PuzzleMove = Card | "pickup";

/** The start of a puzzle, in the engine's terms, with no past (R16 counts from here). */
export interface PuzzlePosition {
  trumps: Suit[]; // by seat
  hands: Card[][]; // by seat, both known (R18: the duel is perfect information)
  pile: Card[]; // bottom → top
  toMove: number; // 0 | 1: the solver, the player of the puzzle
  secondDue: boolean; // the player has beaten and owes a second card (R11)
}

/**
 * A node of the solution. `accept`: the player moves; every move listed keeps the result,
 * each with what follows (null: solved, the rest cannot go wrong). `reply`: the defence's
 * most stubborn move (for a win, the one that makes it longest), then what follows.
 */
export type PuzzleStep =
  { accept: Partial<Record<PuzzleMove, PuzzleStep | null>> } | { reply: PuzzleMove; next: PuzzleStep | null };

export const PUZZLE_GOALS = ["win", "draw"] as const;
export type PuzzleGoal = (typeof PUZZLE_GOALS)[number]; // win: a proven win; draw: a proven draw where most moves lose

/** Themes computed from the main line (themes.ts). */
export const PUZZLE_THEMES = [
  "save-the-draw", // the goal is a draw most moves lose
  "last-card-draw", // the draw comes by beating with the very last card (R15)
  "five-card-pickup", // the defence must take five cards on its own trump (R12)
  "whole-pile", // the defence's trump ace takes the whole pile (R12)
  "key-pickup", // the first key move is picking up
  "last-trump", // the player goes out with one of their own trumps
  "short", // at most two decisions
  "long", // five decisions or more
] as const;
export type PuzzleTheme = (typeof PUZZLE_THEMES)[number];

export interface Puzzle {
  id: string; // 8 base-36 characters, from the position
  goal: PuzzleGoal;
  position: PuzzlePosition;
  solution: PuzzleStep; // starts with the player's `accept`
  themes: PuzzleTheme[];
  legal: number; // legal moves at the start
  decisions: number; // player steps on the main line with a result-losing alternative
  misses: number; // of MISS_LOOKS looks by `hard` without the solver, how many missed every key move
  rating: number; // the starting difficulty estimate (Glicko-2 scale)
}

/** Looks of `hard` at the first step, to estimate how hard the key move is to see. */
export const MISS_LOOKS = 3;

const PICKUP_CODE = "P";
const LINE_VERSION = "1";

function moveCode(m: PuzzleMove): string {
  return m === "pickup" ? PICKUP_CODE : m;
}

/** The solution tree as text: `{` move child (`,` move child)* `}`, `>` move child; a null child is `.`. */
export function stepText(s: PuzzleStep | null): string {
  if (s === null) return ".";
  if ("reply" in s) return `>${moveCode(s.reply)}${stepText(s.next)}`;
  return `{${Object.entries(s.accept)
    .map(([m, child]) => moveCode(m as PuzzleMove) + stepText(child ?? null))
    .join(",")}}`;
}

const cards = (list: readonly Card[]): string => list.join("");

/** One line of the shipped file: fields separated by `|`. */
export function puzzleLine(p: Puzzle): string {
  const { trumps, hands, pile, toMove, secondDue } = p.position;
  return [
    LINE_VERSION,
    p.id,
    p.goal,
    p.rating,
    p.legal,
    p.decisions,
    p.misses,
    p.themes.join(","),
    trumps.join(""),
    cards(hands[0]!),
    cards(hands[1]!),
    cards(pile),
    toMove,
    secondDue ? 1 : 0,
    stepText(p.solution),
  ].join("|");
}

/** Thrown when a puzzle line is not in the format. */
export class PuzzleFormatError extends Error {}

function fail(why: string): never {
  throw new PuzzleFormatError(why);
}

function cardList(text: string): Card[] {
  if (text.length % 2 !== 0) fail(`"${text}" is not a list of cards`);
  const list: Card[] = [];
  for (let i = 0; i < text.length; i += 2) {
    const c = text.slice(i, i + 2);
    if (!isCard(c)) fail(`"${c}" is not a card`);
    list.push(c);
  }
  return list;
}

function whole(text: string, min: number, max: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min || n > max) fail(`"${text}" is not a whole number in ${min}…${max}`);
  return n;
}

/** Reads a solution tree (`stepText`); throws PuzzleFormatError when it is not one. */
export function parseStep(text: string): PuzzleStep {
  let at = 0;
  const move = (): PuzzleMove => {
    if (text[at] === PICKUP_CODE) return (at++, "pickup");
    const c = text.slice(at, at + 2);
    if (!isCard(c)) fail(`a move expected at ${at} of the solution`);
    at += 2;
    return c;
  };
  const child = (): PuzzleStep | null => {
    if (text[at] === ".") return (at++, null);
    return step();
  };
  const step = (): PuzzleStep => {
    if (text[at] === ">") {
      at++;
      const reply = move();
      return { reply, next: child() };
    }
    if (text[at] !== "{") fail(`a step expected at ${at} of the solution`);
    at++;
    const accept: Partial<Record<PuzzleMove, PuzzleStep | null>> = {};
    for (;;) {
      const m = move();
      if (m in accept) fail(`the move ${m} is listed twice`);
      accept[m] = child();
      if (text[at] === "}") return (at++, { accept });
      if (text[at] !== ",") fail(`"," or "}" expected at ${at} of the solution`);
      at++;
    }
  };
  const s = step();
  if (!("accept" in s)) fail("a solution starts with the player's move");
  if (at !== text.length) fail("text after the solution");
  return s;
}

/** Reads one puzzle line; throws PuzzleFormatError when it is not in the format. */
export function parsePuzzleLine(line: string): Puzzle {
  const f = line.split("|");
  if (f.length !== 15) fail(`a puzzle line has 15 fields, not ${f.length}`);
  const [
    version,
    id,
    goal,
    rating,
    legal,
    decisions,
    misses,
    themes,
    trumps,
    hand0,
    hand1,
    pile,
    toMove,
    secondDue,
    solution,
  ] = f as [string, ...string[]] & string[];
  if (version !== LINE_VERSION) fail(`format version ${version}, expected ${LINE_VERSION}`);
  if (!/^[0-9a-z]{8}$/.test(id!)) fail(`"${id}" is not a puzzle id`);
  if (!(PUZZLE_GOALS as readonly string[]).includes(goal!)) fail(`"${goal}" is not a goal`);
  const themeList = themes === "" ? [] : themes!.split(",");
  for (const t of themeList) if (!(PUZZLE_THEMES as readonly string[]).includes(t)) fail(`"${t}" is not a theme`);
  const suits = trumps!.split("");
  if (suits.length !== 2 || !suits.every(isSuit) || suits[0] === suits[1]) fail(`"${trumps}" are not two trump suits`);
  if (secondDue !== "0" && secondDue !== "1") fail("secondDue must be 0 or 1");
  return {
    id: id!,
    goal: goal as PuzzleGoal,
    rating: whole(rating!, 0, 4000),
    legal: whole(legal!, 2, 37),
    decisions: whole(decisions!, 1, 1000),
    misses: whole(misses!, 0, MISS_LOOKS),
    themes: themeList as PuzzleTheme[],
    position: {
      trumps: suits,
      hands: [cardList(hand0!), cardList(hand1!)],
      pile: cardList(pile!),
      toMove: whole(toMove!, 0, 1),
      secondDue: secondDue === "1",
    },
    solution: parseStep(solution!),
  };
}
