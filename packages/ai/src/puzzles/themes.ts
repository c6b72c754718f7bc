/** Themes of a puzzle, read off its main line as it plays out in the engine. */
import { suitOf, takesWholePile } from "@yourtrumps/engine";
import type { Hand } from "@yourtrumps/engine";
import type { PuzzleGoal, PuzzleStep, PuzzleTheme } from "./format.js";
import { mainLine, played, toEngineMove } from "./line.js";

/** What the main line shows: the pickups it forces, how the player goes out, how long it is. */
export function themesOf(start: Hand, solution: PuzzleStep, goal: PuzzleGoal): PuzzleTheme[] {
  const player = start.toMove;
  const themes = new Set<PuzzleTheme>();
  const { moves, decisions } = mainLine(solution);
  if (goal === "draw") themes.add("save-the-draw");
  if (moves[0] === "pickup") themes.add("key-pickup");
  let h = start;
  for (const m of moves) {
    if (h.result !== null) break;
    const mover = h.toMove;
    const before = h.hands[mover]!.length;
    const top = h.pile.at(-1);
    const next = played(h, toEngineMove(m));
    const taken = next.hands[mover]!.length - before;
    if (mover !== player && m === "pickup" && top !== undefined) {
      if (takesWholePile(top, h.trumps[mover]!) && taken > 5) themes.add("whole-pile");
      else if (taken === 5) themes.add("five-card-pickup");
    }
    if (mover === player && m !== "pickup" && before === 1 && suitOf(m) === h.trumps[player]) themes.add("last-trump");
    h = next;
  }
  if (h.result?.reason === "last-card-draw") themes.add("last-card-draw");
  if (decisions <= 2) themes.add("short");
  if (decisions >= 5) themes.add("long");
  return [...themes];
}
