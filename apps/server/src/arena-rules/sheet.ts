/**
 * A player's arena score, as lichess's arena sheet counts it: a win 2, a draw 1, a loss 0;
 * after two wins in a row the player is on fire, and while on fire a win counts 4 and a
 * draw 2, until a hand is not won. A berserk win counts 1 more when the berserker made at
 * least BERSERK_MIN_MOVES moves of their own. A repetition draw within QUICK_DRAW_MOVES
 * moves of the hand counts 0 for both (two players cannot agree points out of the arena).
 * These are tournament rules, not card rules: whether a hand was a repetition draw is the
 * engine's answer, carried here as `quickDraw`.
 */

/** A berserk win needs this many moves of the berserker's own. */
export const BERSERK_MIN_MOVES = 7;
/** A repetition draw within this many moves of the hand (both players') scores nothing. */
export const QUICK_DRAW_MOVES = 10;

/** One finished hand, from one player's side. */
export interface HandOutcome {
  result: "win" | "draw" | "loss";
  quickDraw: boolean; // a repetition draw within QUICK_DRAW_MOVES moves (only with result "draw")
  berserk: boolean; // this player went berserk in the hand
  ownMoves: number; // moves this player made in the hand
}

/** How one hand counted. */
export interface HandScore {
  points: number; // 0–5
  doubled: boolean; // played on fire: a win 4, a draw 2
  berserkBonus: boolean; // the +1 of a berserk win
}

/** A player's sheet: every hand's points in order, the total, and whether the next hand is played on fire. */
export interface Sheet {
  hands: HandScore[];
  total: number;
  fire: boolean; // the last two hands were wins (with streaks on)
}

/** The sheet of one player's finished hands, oldest first (a player plays one hand at a time, so the order is theirs alone). */
export function sheetOf(outcomes: readonly HandOutcome[], streaks: boolean): Sheet {
  const hands: HandScore[] = [];
  let total = 0;
  let wins = 0; // wins in a row just before this hand
  for (const o of outcomes) {
    const onFire = streaks && wins >= 2;
    const berserkBonus = o.result === "win" && o.berserk && o.ownMoves >= BERSERK_MIN_MOVES;
    const base = o.result === "win" ? 2 : o.result === "draw" && !o.quickDraw ? 1 : 0;
    const points = (onFire ? base * 2 : base) + (berserkBonus ? 1 : 0);
    hands.push({ points, doubled: onFire && base > 0, berserkBonus });
    total += points;
    wins = o.result === "win" ? wins + 1 : 0;
  }
  return { hands, total, fire: streaks && wins >= 2 };
}
