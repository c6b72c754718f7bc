/**
 * npm run exactness -- [--positions 1000] [--max-cards 12] [--json]
 * Random duel positions with at most `max-cards` cards in play (both hands and the
 * pile; the rest out of play). The prover finds each exact value; `hard` moves; a fresh
 * solve of the position after the move (R16 history included) must give the same value.
 */
import { viewFor } from "@yourtrumps/engine";
import { parseArgs } from "node:util";
import { chooseMoveSync } from "../levels.js";
import { solveView } from "../solve-view.js";
import { play, randomDuelPosition } from "../test-helpers.js";

const { values } = parseArgs({
  options: {
    positions: { type: "string", default: "1000" },
    "max-cards": { type: "string", default: "12" },
    budget: { type: "string", default: "3000000" },
    json: { type: "boolean", default: false },
  },
});
const positions = Number(values.positions);
const maxCards = Number(values["max-cards"]);
const budget = Number(values.budget);
let solved = 0;
let kept = 0;
let changed = 0;
let unsolvedRoot = 0;
let unsolvedChild = 0;
const byValue = [0, 0, 0];
const started = performance.now();
for (let i = 0; i < positions; i++) {
  const h = randomDuelPosition(`exactness/${i}`, 2 + (i % (maxCards - 1)));
  const v = viewFor(h, h.toMove);
  const before = solveView(v, 36, budget);
  if (!before) {
    unsolvedRoot++;
    continue;
  }
  const after = play(h, chooseMoveSync(v, { level: "hard", seed: i, iterations: 300 }));
  let value: number;
  if (after.result) value = after.result.loser === null ? 0 : after.result.loser === h.toMove ? -1 : 1;
  else {
    const s = solveView(viewFor(after, after.toMove), 36, budget);
    if (!s) {
      unsolvedChild++;
      continue;
    }
    value = after.toMove === h.toMove ? s.value : -s.value || 0;
  }
  solved++;
  byValue[before.value + 1]!++;
  if (value === before.value) kept++;
  else {
    changed++;
    if (!values.json) console.log(`position ${i}: value ${before.value} became ${value} after hard's move`);
  }
}
const seconds = (performance.now() - started) / 1000;
const report = { positions, maxCards, budget, solved, kept, changed, unsolvedRoot, unsolvedChild, losses: byValue[0], draws: byValue[1], wins: byValue[2], seconds };
if (values.json) console.log(JSON.stringify(report));
else {
  console.log(`${positions} random duel positions, 2-${maxCards} cards in play, prover budget ${budget} positions`);
  console.log(`  solved exactly: ${solved} (wins ${byValue[2]}, draws ${byValue[1]}, losses ${byValue[0]}); prover gave up: ${unsolvedRoot} at the root, ${unsolvedChild} after the move`);
  console.log(`  hard kept the exact value in ${kept} of ${solved} solved positions (${changed} changed), ${seconds.toFixed(0)} s`);
}
