/**
 * Who plays whom among the players ready at once, as lichess's arena pairs them: during
 * the first RECENT_START_MS of an arena, neighbours in rating order (nobody has a rank
 * worth the name yet), each with the nearest one they may meet; after that, a minimum-cost
 * matching of the ready players by Edmonds' blossom, the cost of a pair being |rank
 * difference| × rankFactor + |rating difference|, where rankFactor grows from 300 at the
 * bottom of the standings to 2000 at the top, so the leaders meet each other. A player's last opponent is never their next (no edge joins
 * them) unless only two players are active in the arena; here, unlike lichess, every earlier
 * meeting of a pair also costs REPEAT_COST, so a third player is preferred to a rematch.
 * More than MAX_GROUP ready players are matched in two groups of neighbours by rank.
 * With an odd number ready, the one who became ready last waits, unless pairing the others
 * leaves everyone unpaired. Pure: the director hands it the ready players and answers the pairs.
 */
import blossom from "edmonds-blossom-fixed";

/** Rating neighbours are paired for this long after an arena starts. */
export const RECENT_START_MS = 15_000;
/** What one earlier meeting of the two adds to a pair's cost. */
export const REPEAT_COST = 500;
/** Matched at once at most; more are split (lichess's group size). */
export const MAX_GROUP = 100;

/** A ready player, as the pairing sees them. */
export interface ReadyPlayer {
  id: string;
  rating: number;
  rank: number; // 1 = first in the standings now
  readySince: number; // epoch ms they became ready
}

/** What the pairing knows besides who is ready. */
export interface PairingContext {
  recentlyStarted: boolean; // within RECENT_START_MS of the start
  onlyTwoActive: boolean; // two players are active in the arena: they may meet again and again
  lastOpponent: (id: string) => string | undefined;
  meetings: (a: string, b: string) => number; // hands the two have been paired for in this arena
}

/** The pairs made, each [a, b] (a ranked above b, or rated above it at the start). */
export type Pairs = [ReadyPlayer, ReadyPlayer][];

/** Pairs `ready` (any order); players left out wait for the next pass. */
export function pairReady(ready: readonly ReadyPlayer[], context: PairingContext): Pairs {
  if (ready.length < 2) return [];
  if (ready.length % 2 === 0) return pairGroup(ready, context);
  // The odd one out is the latest to be ready: they waited least.
  const latest = ready.reduce((a, b) => (b.readySince > a.readySince ? b : a));
  const even = pairGroup(
    ready.filter((p) => p !== latest),
    context,
  );
  return even.length > 0 ? even : pairGroup(ready, context);
}

function pairGroup(players: readonly ReadyPlayer[], context: PairingContext): Pairs {
  if (context.recentlyStarted) {
    const byRating = [...players].sort((a, b) => b.rating - a.rating || cmpId(a, b));
    return neighbours(byRating, context);
  }
  const byRank = [...players].sort((a, b) => a.rank - b.rank || cmpId(a, b));
  if (byRank.length <= MAX_GROUP) return bestPairs(byRank, context);
  const size = Math.min(Math.floor(byRank.length / 4) * 2, MAX_GROUP); // even
  return [...bestPairs(byRank.slice(0, size), context), ...bestPairs(byRank.slice(size, size + MAX_GROUP), context)];
}

/** Each player in `sorted` order with the next one left they may meet (a hand quicker than the first seconds makes last opponents then too). */
function neighbours(sorted: readonly ReadyPlayer[], context: PairingContext): Pairs {
  const pairs: Pairs = [];
  const taken = new Uint8Array(sorted.length); // linear as long as neighbours may meet, as they nearly always may
  for (let i = 0; i < sorted.length; i++) {
    if (taken[i]) continue;
    const a = sorted[i]!;
    for (let j = i + 1; j < sorted.length; j++)
      if (!taken[j] && mayMeet(a, sorted[j]!, context)) {
        taken[j] = 1;
        pairs.push([a, sorted[j]!]);
        break;
      } // none: `a` waits for the next pass
  }
  return pairs;
}

/** Never the last opponent again, unless only the two are active in the arena. */
function mayMeet(a: ReadyPlayer, b: ReadyPlayer, context: PairingContext): boolean {
  return context.onlyTwoActive || (context.lastOpponent(a.id) !== b.id && context.lastOpponent(b.id) !== a.id);
}

/** The rank factor of a pair: 2000 when the better of the two leads, down to 300 at the bottom (lichess's). */
export function rankFactor(a: ReadyPlayer, b: ReadyPlayer, maxRank: number): number {
  const rank = Math.min(a.rank, b.rank);
  return 300 + Math.floor((1700 * (maxRank - rank)) / maxRank);
}

/** The cost of pairing `a` with `b`; null when they may not meet (the last opponent). */
export function pairCost(a: ReadyPlayer, b: ReadyPlayer, maxRank: number, context: PairingContext): number | null {
  if (context.onlyTwoActive) return 1;
  if (!mayMeet(a, b, context)) return null;
  return (
    Math.abs(a.rank - b.rank) * rankFactor(a, b, maxRank) +
    Math.abs(a.rating - b.rating) +
    REPEAT_COST * context.meetings(a.id, b.id)
  );
}

/**
 * The minimum-cost matching of the most players: the blossom maximises weight, and among
 * matchings of the most pairs (`maxCardinality`) a weight of `ceiling − cost` per pair is
 * heaviest exactly when the summed cost is least (every such matching has as many pairs).
 */
function bestPairs(players: readonly ReadyPlayer[], context: PairingContext): Pairs {
  if (players.length < 2) return [];
  const maxRank = Math.max(...players.map((p) => p.rank), 1);
  const edges: [number, number, number][] = [];
  let highest = 0;
  for (let i = 0; i < players.length; i++)
    for (let j = i + 1; j < players.length; j++) {
      const cost = pairCost(players[i]!, players[j]!, maxRank, context);
      if (cost === null) continue;
      edges.push([i, j, cost]);
      highest = Math.max(highest, cost);
    }
  if (edges.length === 0) return [];
  const ceiling = highest + 1;
  for (const edge of edges) edge[2] = ceiling - edge[2];
  const mate = blossom(edges, true);
  const pairs: Pairs = [];
  for (let i = 0; i < players.length; i++) {
    const j = mate[i] ?? -1;
    if (j > i) pairs.push([players[i]!, players[j]!]);
  }
  return pairs;
}

function cmpId(a: ReadyPlayer, b: ReadyPlayer): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
