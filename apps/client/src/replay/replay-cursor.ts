/**
 * Where a replay stands and how it moves: the position shown (0 = the deal, i = after
 * move i), whether it plays on by itself, and how fast. Pure: the page keeps one and
 * swaps it for the next.
 */
export interface Cursor {
  index: number; // 0 … moves
  moves: number; // moves in the record
  playing: boolean; // stepping forward by itself
  speed: Speed;
}

/** Playing speeds (moves per second of the 1× pace). */
export const SPEEDS = [0.5, 1, 2, 4] as const;
export type Speed = (typeof SPEEDS)[number];

/** Time between moves at 1×: long enough to see a card fly (FLY_MS) and to read the list. */
const PACE_MS = 1200;

export type CursorAction =
  | { kind: "first" }
  | { kind: "prev" }
  | { kind: "next" }
  | { kind: "last" }
  | { kind: "toggle" } // play / pause
  | { kind: "tick" } // the playing timer fired
  | { kind: "jump"; index: number } // the list, the slider, the graph
  | { kind: "speed"; speed: Speed };

export function startCursor(moves: number, index = 0): Cursor {
  return { index: clamp(index, moves), moves, playing: false, speed: 1 };
}

/** The cursor after `action`. Any step by hand pauses; playing from the end starts again from the deal. */
export function moveCursor(c: Cursor, action: CursorAction): Cursor {
  switch (action.kind) {
    case "first":
      return { ...c, index: 0, playing: false };
    case "prev":
      return { ...c, index: clamp(c.index - 1, c.moves), playing: false };
    case "next":
      return { ...c, index: clamp(c.index + 1, c.moves), playing: false };
    case "last":
      return { ...c, index: c.moves, playing: false };
    case "toggle":
      if (c.playing) return { ...c, playing: false };
      return { ...c, index: c.index >= c.moves ? 0 : c.index, playing: c.moves > 0 };
    case "tick": {
      if (!c.playing) return c;
      const index = clamp(c.index + 1, c.moves);
      return { ...c, index, playing: index < c.moves };
    }
    case "jump":
      return { ...c, index: clamp(action.index, c.moves), playing: false };
    case "speed":
      return { ...c, speed: action.speed };
    default: {
      const never: never = action;
      return never;
    }
  }
}

/** Milliseconds until the next tick while playing. */
export function tickMs(c: Cursor): number {
  return PACE_MS / c.speed;
}

/** The replay's keys: ←/→ a move, Home/End the ends, Space play–pause; null for any other key. */
export function cursorKey(key: string): CursorAction | null {
  switch (key) {
    case "ArrowLeft":
      return { kind: "prev" };
    case "ArrowRight":
      return { kind: "next" };
    case "Home":
      return { kind: "first" };
    case "End":
      return { kind: "last" };
    case " ":
    case "Spacebar":
      return { kind: "toggle" };
    default:
      return null;
  }
}

/** A change of one move is flown like live play (the diff plan explains it); a jump is shown at once. */
export function animates(from: number, to: number): boolean {
  return Math.abs(to - from) === 1;
}

function clamp(i: number, moves: number): number {
  return Math.max(0, Math.min(moves, Math.floor(i)));
}
