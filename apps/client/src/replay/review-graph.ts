import type { MoveJudgement } from "@yourtrumps/ai";

/** One seat's line on the evaluation graph: its value (−1 … 1) after moves (x = positions: 0 the deal, i after move i). */
export interface Series {
  seat: number;
  points: { x: number; y: number }[];
}

/**
 * The evaluation graph's lines. In the duel the game is zero-sum and both seats see
 * everything, so one chain of values runs through every position: the value before the
 * first move, then after each move, for seat 0 — and seat 1's line is its mirror. With
 * 3–4 players each seat is judged on its own information, so values of different seats
 * do not chain: each seat's line has a point after each of its own moves.
 */
export function graphSeries(players: number, judgements: readonly (MoveJudgement | null)[]): Series[] {
  if (players === 2) {
    const points: { x: number; y: number }[] = [];
    const first = judgements[0];
    if (first) points.push({ x: 0, y: forSeat0(first.seat, first.before) });
    judgements.forEach((j, i) => {
      if (j) points.push({ x: i + 1, y: forSeat0(j.seat, j.after) });
    });
    return [
      { seat: 0, points },
      { seat: 1, points: points.map((p) => ({ x: p.x, y: -p.y || 0 })) },
    ];
  }
  return Array.from({ length: players }, (_, seat) => ({
    seat,
    points: judgements.flatMap((j, i) => (j && j.seat === seat ? [{ x: i + 1, y: j.after }] : [])),
  }));
}

function forSeat0(seat: number, value: number): number {
  return seat === 0 ? value : -value || 0;
}
