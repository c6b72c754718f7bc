/**
 * The local table as the page opens it: the computers in a Web Worker, the table kept
 * in this tab's sessionStorage, seeds and ids from the browser's crypto.
 */
import { WorkerComputer } from "./computer.js";
import { LocalTable, type FinishedLocalHand, type LocalOptions, type LocalTableParts } from "./local-table.js";

/** "Play the computer": a new local table, or (`options` null) the one this tab kept, after a reload. */
export interface LocalEntry {
  kind: "local";
  options: LocalOptions | null;
}

/**
 * The human-like pause before a computer move (the server's AI_DELAY_MS default); the browser
 * tests' build waits less, 30 ms, unless its page says `?pause=<ms>` (the scene bench plays at
 * the product's pace with it). The production build reads no parameter.
 */
export const COMPUTER_PAUSE_MS = __TEST_HOOK__ ? testPause() : 700;

function testPause(): number {
  const asked = typeof location === "undefined" ? null : new URLSearchParams(location.search).get("pause");
  const ms = asked === null ? NaN : Number(asked);
  return Number.isInteger(ms) && ms >= 0 && ms <= 5000 ? ms : 30;
}
/** How long a hint thinks (the server's HINT_MS default). */
export const HINT_MS = 1000;
/**
 * Hard's time budget per move: the product's setting, as on the server (`HARD_TIME_MS` of
 * @yourtrumps/ai, which a test holds this to; a value import here would pull the AI into the
 * main chunk), so the computer plays as strongly and at the server's pace on any device: it
 * decides within about a second instead of freezing the table on a slow phone.
 */
export const HARD_MS = 1000;

/** How long a computer move may take before it counts as failed (hard thinks for about HARD_MS; a dead worker never answers). */
export const ASK_DEADLINE_MS = 10_000;

const thinking: number[] = []; // the worker's time for each computer move in this page

/** The worker's thinking time for every computer move chosen in this page so far (test hook, bench). */
export function computerThinking(): number[] {
  return thinking.slice();
}

/** Whether this tab kept a local table (a reload returns to it). */
export function localTableKept(): boolean {
  return LocalTable.saved(sessionStorage);
}

/** Opens the local table; throws when asked to return to a kept table there is none of. */
export function openLocalTable(
  entry: LocalEntry,
  events: LocalTableEvents,
  finished: (hand: FinishedLocalHand) => void,
): LocalTable {
  const parts: LocalTableParts = {
    computer: new WorkerComputer((ms) => thinking.push(ms)),
    storage: sessionStorage,
    pauseMs: COMPUTER_PAUSE_MS,
    hintMs: HINT_MS,
    hardMs: HARD_MS,
    randomBytes: (n) => crypto.getRandomValues(new Uint8Array(n)),
    uuid: () => crypto.randomUUID(),
    now: () => Date.now(),
    finished,
    standIn: () => new WorkerComputer(),
    askDeadlineMs: ASK_DEADLINE_MS,
    // A move and its redraw in two tasks, as over the network: a click's task ends with the engine's answer.
    deliver: (event) => void setTimeout(event, 0),
  };
  if (entry.options) return LocalTable.open(entry.options, events, parts);
  const table = LocalTable.resume(events, parts);
  if (!table) {
    parts.computer.close();
    throw new Error("no local table was kept in this tab");
  }
  return table;
}

type LocalTableEvents = Parameters<typeof LocalTable.open>[1];
