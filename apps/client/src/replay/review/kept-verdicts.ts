/**
 * The analyser's verdicts on the last finished hand, kept in sessionStorage as they
 * arrive. The review starts when the hand ends (warm-review.ts), while the player still
 * reads the result; pressing Review opens the replay page as a new page, which would
 * start the worker from nothing — it reads what was judged meanwhile instead, shows it at
 * once and judges only the rest. The verdicts are deterministic (seeded by the move's
 * index), so a kept one is exactly what the replay page would have found.
 */
import type { MoveJudgement } from "@yourtrumps/ai";
import { fields, list, num, str } from "../../net/read.js";

export const KEPT_VERDICTS_KEY = "yourtrumps.review";

interface Kept {
  id: string; // the hand's record id
  verdicts: (MoveJudgement | null)[]; // by move; null: not judged yet
}

function read(storage: Storage): Kept | null {
  try {
    const o = fields<Kept>(JSON.parse(storage.getItem(KEPT_VERDICTS_KEY) ?? "null"));
    return str(o.id) ? { id: str(o.id), verdicts: list(o.verdicts).map(readJudgement) } : null;
  } catch {
    return null;
  }
}

/** A verdict as kept, or null when it does not read as one (then it is judged again). */
function readJudgement(raw: unknown): MoveJudgement | null {
  const o = fields<MoveJudgement>(raw);
  const numbers = [o.seat, o.before, o.after, o.choices].map((x) => num(x, NaN));
  const best = fields<{ type: string }>(o.best);
  if (
    numbers.some((x) => !Number.isFinite(x)) ||
    typeof o.exact !== "boolean" ||
    typeof o.only !== "boolean" ||
    (best.type !== "play" && best.type !== "pickup")
  )
    return null;
  return raw as MoveJudgement;
}

/** The verdicts kept for hand `id`, one per move (null where none is kept). */
export function keptVerdicts(storage: Storage, id: string, moves: number): (MoveJudgement | null)[] {
  const kept = read(storage);
  return Array.from({ length: moves }, (_, i) => (kept?.id === id ? (kept.verdicts[i] ?? null) : null));
}

/** Keeps the verdict on move `index` of hand `id`; a verdict on another hand replaces the kept ones. */
export function keepVerdict(storage: Storage, id: string, index: number, judgement: MoveJudgement): void {
  const kept = read(storage);
  const verdicts = kept?.id === id ? kept.verdicts : [];
  while (verdicts.length < index) verdicts.push(null);
  verdicts[index] = judgement;
  try {
    storage.setItem(KEPT_VERDICTS_KEY, JSON.stringify({ id, verdicts } satisfies Kept));
  } catch {
    // A full storage: the replay page judges the move itself.
  }
}

/** The first move of `verdicts` not judged yet (its length when all are). */
export function firstUnjudged(verdicts: readonly (MoveJudgement | null)[]): number {
  const i = verdicts.indexOf(null);
  return i < 0 ? verdicts.length : i;
}
