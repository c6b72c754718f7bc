/**
 * Plays and prints one seeded hand between random players:
 *   node dist/cli.js [--seed S] [--players 2|3|4]
 */
import { applyMove, legalMoves, newHand, Rng } from "./index.js";
import type { Move } from "./index.js";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

const seed = arg("seed", "your-trumps");
const players = Number(arg("players", "2"));
if (players !== 2 && players !== 3 && players !== 4) {
  console.error("--players must be 2, 3 or 4");
  process.exit(2);
}
let hand = newHand({ players: players, seed });
const rng = new Rng(`${seed}/players`);
const show = (m: Move): string => (m.type === "play" ? m.card : "picks up");

console.log(`Your Trumps — seed "${seed}", ${players} players, trumps ${hand.trumps.join(" ")}`);
hand.hands.forEach((h, s) => console.log(`  seat ${s} (${hand.trumps[s]}): ${h.join(" ")}`));
while (hand.result === null) {
  const moves = legalMoves(hand);
  const move = moves[rng.int(moves.length)]!;
  const seat = hand.toMove;
  const r = applyMove(hand, move);
  if (!r.ok) throw new Error(r.error.message);
  hand = r.hand;
  console.log(
    `${String(hand.turns).padStart(4)}  seat ${seat}: ${show(move).padEnd(8)} pile ${hand.pile.slice(-4).join(" ")}`,
  );
}
const { reason, loser, places } = hand.result;
console.log(`Result: ${reason}; ${loser === null ? "draw" : `seat ${loser} loses`}; places ${places.join(", ")}`);
