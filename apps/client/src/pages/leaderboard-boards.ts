import type { Key } from "../i18n/index.js";
import { RATING_KINDS } from "@yourtrumps/protocol";

/** The leaderboard's tabs: one per game rating kind, and the puzzle ratings (`GET /api/puzzles/leaderboard`). */
export const BOARDS = [...RATING_KINDS, "puzzles"] as const;
export type Board = (typeof BOARDS)[number]; // "duel" | "multi" | "puzzles"

export const BOARD_TAB: Record<Board, Key> = { duel: "tabDuel", multi: "tabMulti", puzzles: "tabPuzzles" };

/** The heading of each board's count column: rated games, or puzzles solved. */
export const BOARD_COUNT: Record<Board, Key> = { duel: "colGames", multi: "colGames", puzzles: "colSolved" };
