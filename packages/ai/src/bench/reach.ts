/**
 * npm run reach -- [--positions 1000] [--max-cards 12] [--budgets 1000000,10000000] [--shard 0/1] [--only 6,10] [--json]
 * How far the exact duel solver reaches on the endgames of `npm run exactness` that were
 * reached in play (the even positions there; the pile holds the rest of the pack): each
 * root is solved with the first budget, and what stays open is solved afresh with the next.
 * Prints how many roots each budget settles, and the hand sizes and pile of those still open.
 * `--shard k/n` takes every n-th played position from the k-th, to run n processes side by side;
 * `--only` takes just the listed positions (even numbers, as printed).
 */
import { viewFor } from "@yourtrumps/engine";
import { parseArgs } from "node:util";
import { solveView } from "../solve-view.js";
import { exactnessPosition } from "../test-helpers.js";

const { values } = parseArgs({
  options: {
    positions: { type: "string", default: "1000" },
    "max-cards": { type: "string", default: "12" },
    budgets: { type: "string", default: "1000000,10000000" },
    shard: { type: "string", default: "0/1" },
    only: { type: "string", default: "" },
    json: { type: "boolean", default: false },
  },
});
const positions = Number(values.positions);
const maxCards = Number(values["max-cards"]);
const budgets = values.budgets.split(",").map(Number);
const [shard, shards] = values.shard.split("/").map(Number) as [number, number];
const only = values.only === "" ? null : new Set(values.only.split(",").map(Number));
if (
  !(positions > 0) ||
  !(maxCards >= 3) ||
  budgets.some((b) => !(b > 0)) ||
  !(shards >= 1 && shard >= 0 && shard < shards) ||
  [...(only ?? [])].some((i) => !(Number.isInteger(i) && i >= 0 && i % 2 === 0))
) {
  console.error(
    "--positions takes a positive number; --max-cards at least 3; --budgets positive numbers separated by commas; --shard takes k/n with 0 <= k < n; --only takes even position numbers",
  );
  process.exit(2);
}

const settled = budgets.map(() => 0); // roots settled within each budget (cumulative)
const open: string[] = [];
let tried = 0;
const started = performance.now();
for (let i = 2 * shard; i < positions; i += 2 * shards) {
  if (only && !only.has(i)) continue;
  const h = exactnessPosition(i, maxCards).hand;
  tried++;
  const v = viewFor(h, h.toMove);
  const b = budgets.findIndex((budget) => solveView(v, 36, budget) !== null);
  if (b >= 0) for (let k = b; k < budgets.length; k++) settled[k]!++;
  else
    open.push(
      `position ${i}: ${h.hands[0]!.length}+${h.hands[1]!.length} cards in the hands, ${h.pile.length} on the pile`,
    );
}
const seconds = Math.round((performance.now() - started) / 1000);
if (values.json) console.log(JSON.stringify({ positions: tried, budgets, settled, open: open.length, seconds }));
else {
  for (const line of open) console.log(line);
  console.log(
    `${tried} played duel endgames (2-${maxCards} cards in the hands, shard ${shard}/${shards}), ${seconds} s`,
  );
  budgets.forEach((budget, k) => console.log(`  settled within ${budget} positions: ${settled[k]} of ${tried}`));
}
