import type { Card, Suit } from "@yourtrumps/engine";
import type { Lang } from "../../i18n/lang.js";

/** The rule ids of RULES.md, in order. Every language must explain every one. */
export const RULE_IDS = [
  "R1",
  "R2",
  "R3",
  "R4",
  "R5",
  "R6", // setup
  "R7",
  "R8",
  "R9",
  "R10",
  "R11",
  "R12",
  "R13", // play
  "R14",
  "R15",
  "R16",
  "R17", // end of a hand
  "R18", // information
] as const;
export type RuleId = (typeof RULE_IDS)[number];

/** The worked examples of RULES.md, in order. */
export const EXAMPLE_IDS = ["E1", "E2", "E3", "E4", "E5", "E6", "E7"] as const;
export type ExampleId = (typeof EXAMPLE_IDS)[number];

/** The parts of the page and the rules each part explains. */
export const PARTS = {
  setup: ["R1", "R2", "R3", "R4", "R5", "R6"],
  play: ["R7", "R8", "R9", "R10", "R11", "R12", "R13"],
  end: ["R14", "R15", "R16", "R17"],
  info: ["R18"],
} as const satisfies Record<string, readonly RuleId[]>;
export type PartId = keyof typeof PARTS | "examples" | "options";

/** The table options of RULES.md, shown as a small table. */
export const OPTION_IDS = ["players", "sixes", "maxTurns", "clock"] as const;
export type OptionId = (typeof OPTION_IDS)[number];

/**
 * A paragraph (string) or a bulleted list (array of strings). Text may contain
 * tokens: `{TC}` draws the ten of clubs as a small card, `{S}` the spade symbol.
 */
export type Block = string | readonly string[];

/** A heading and what goes under it. */
export interface Section {
  title: string;
  body: readonly Block[];
}

/** Words used in and around the pictures; functions get seat numbers from 0. */
export interface PictureText {
  player(seat: number): string; // "Player 1" for seat 0
  trumpsOf(seat: number): string; // "Player 1's trumps", label before the suit symbol
  pile: string; // heading over a pile: "Pile"
  bottom: string; // end marks of a pile
  top: string;
  handOf(seat: number): string; // "Player 2's hand"
  toMove(seat: number): string; // "Player 2 to move"
  canBeat: string; // state of a card in the mover's hand
  cannotBeat: string;
  anyCard: string; // as a second card, every card may be played
  chosen: string; // the card the example plays
  pickUp: string; // the pickup option
  allowed: string;
  notAllowed: string;
  takes(seat: number, count: number): string; // "Player 2 takes 3 cards"
  taken: string; // state of a card on the pile being taken
  mustAnswer(seat: number): string; // "Player 1 must answer the top card"
  beforeAfter: readonly [string, string]; // captions of the two pictures of a move
  lastCard(seat: number): string; // "Player 1 plays the last card"
  draw: string; // result lines
  loses(seat: number): string;
  legend: string; // heading of the key to the marks
  legal: string; // key: the card may be played
  illegal: string; // key: the card may not be played
}

/** Everything the rules page says in one language. A missing piece fails typecheck. */
export interface RulesText {
  lang: Lang;
  title: string; // page heading
  intro: readonly Block[]; // what the game is, the goal
  contents: string; // heading of the table of contents
  parts: Record<PartId, string>; // part headings
  rules: Record<RuleId, Section>;
  examplesIntro: readonly Block[];
  examples: Record<ExampleId, Section>;
  options: {
    intro: string;
    head: readonly [string, string, string];
    rows: Record<OptionId, readonly [string, string, string]>;
  };
  pic: PictureText;
  suitNames: Record<Suit, string>; // "spades"
  cardName(card: Card): string; // "ten of clubs", for screen readers
}
