/** Starting a hand: a seeded deal (newHand, R3–R7) or any given position (fromPosition). */
import { ALL_CARDS, SUITS, cardOf, isCard, isSuit, sortCards } from "./cards.js";
import type { Card, Suit } from "./cards.js";
import { positionKey } from "./position-key.js";
import { Rng } from "./rng.js";
import type { Hand, HandSetup, NewHandOptions, PlayerCount, PositionSpec } from "./types.js";

export const DEFAULT_MAX_TURNS = 1000;
export const MIN_MAX_TURNS = 100; // table option range (RULES.md)
export const MAX_MAX_TURNS = 10000;

/** Thrown by newHand, fromPosition and replay for options that make no sense. */
export class SetupError extends Error {
  override name = "SetupError";
}

function isPlayerCount(n: unknown): n is PlayerCount {
  return n === 2 || n === 3 || n === 4;
}

function checkTrumps(trumps: unknown, players: number): Suit[] {
  if (!Array.isArray(trumps) || trumps.length !== players || !trumps.every(isSuit)) {
    throw new SetupError(`trumps must list one suit (S, H, D or C) for each of the ${players} seats`);
  }
  if (new Set(trumps).size !== trumps.length) throw new SetupError("every player must own a different trump suit (R3)");
  return trumps.slice();
}

function checkMaxTurns(maxTurns: unknown, min: number): number {
  if (maxTurns === undefined) return DEFAULT_MAX_TURNS;
  if (typeof maxTurns !== "number" || !Number.isInteger(maxTurns) || maxTurns < min || maxTurns > MAX_MAX_TURNS) {
    throw new SetupError(`maxTurns must be a whole number from ${min} to ${MAX_MAX_TURNS}`);
  }
  return maxTurns;
}

/**
 * Deals a new hand. Deterministic per seed: the dealer (when not given) and the
 * shuffle both come from it (R4, R5); then sixes go to their owners (R6) and the
 * player to the dealer's left leads (R7).
 */
export function newHand(o: NewHandOptions): Hand {
  if (typeof o !== "object" || o === null) throw new SetupError("newHand needs an options object");
  const players = o.players;
  if (!isPlayerCount(players)) throw new SetupError("players must be 2, 3 or 4 (R1)");
  if (typeof o.seed !== "number" && typeof o.seed !== "string")
    throw new SetupError("seed must be a number or a string");
  if (typeof o.seed === "number" && !Number.isFinite(o.seed)) throw new SetupError("seed must be a finite number");
  const trumps = checkTrumps(o.trumps ?? SUITS.slice(0, players), players);
  const maxTurns = checkMaxTurns(o.maxTurns, MIN_MAX_TURNS);
  if (o.sixesToOwner !== undefined && typeof o.sixesToOwner !== "boolean")
    throw new SetupError("sixesToOwner must be true or false");
  const sixesToOwner = o.sixesToOwner ?? true;

  const rng = new Rng(o.seed);
  const drawn = rng.int(players); // always drawn, so a given dealer does not change the shuffle
  if (o.dealer !== undefined && !(Number.isInteger(o.dealer) && o.dealer >= 0 && o.dealer < players)) {
    throw new SetupError(`dealer must be a seat from 0 to ${players - 1}`);
  }
  const dealer = o.dealer ?? drawn;
  const deck = rng.shuffle(ALL_CARDS.slice());

  const hands: Card[][] = Array.from({ length: players }, () => []);
  deck.forEach((card, i) => hands[(dealer + 1 + i) % players]!.push(card)); // R5
  if (sixesToOwner) {
    // R6: each six of another player's trump suit goes to that player.
    for (let owner = 0; owner < players; owner++) {
      const six = cardOf("6", trumps[owner]!);
      for (let s = 0; s < players; s++) {
        const i = hands[s]!.indexOf(six);
        if (s !== owner && i >= 0) {
          hands[s]!.splice(i, 1);
          hands[owner]!.push(six);
        }
      }
    }
  }
  const setup: HandSetup = { kind: "deal", players, seed: o.seed, dealer, trumps, sixesToOwner, maxTurns };
  return start(setup, trumps, hands.map(sortCards), [], (dealer + 1) % players, false, maxTurns);
}

/**
 * Sets up any position. `hands[i] = []` means seat i is already out. Cards may be
 * left out entirely (out of play). The position counts as the first occurrence (R16).
 */
export function fromPosition(p: PositionSpec): Hand {
  if (typeof p !== "object" || p === null) throw new SetupError("fromPosition needs a position object");
  if (!Array.isArray(p.hands) || !isPlayerCount(p.hands.length))
    throw new SetupError("hands must list 2, 3 or 4 seats");
  const players = p.hands.length;
  const trumps = checkTrumps(p.trumps, players);
  const maxTurns = checkMaxTurns(p.maxTurns, 1);
  if (!Array.isArray(p.pile)) throw new SetupError("pile must be a list of cards");
  const all: unknown[] = [
    ...(p.pile as unknown[]),
    ...p.hands.flatMap((h: unknown): unknown[] => (Array.isArray(h) ? (h as unknown[]) : [null])),
  ];
  const bad = all.find((c) => !isCard(c));
  if (bad !== undefined) throw new SetupError(`${String(JSON.stringify(bad))} is not a card`);
  if (new Set(all).size !== all.length) throw new SetupError("a card appears more than once");
  const holders = p.hands.filter((h) => h.length > 0).length;
  if (holders < 2) throw new SetupError("at least two players must hold cards");
  if (!Number.isInteger(p.toMove) || p.toMove < 0 || p.toMove >= players || p.hands[p.toMove]!.length === 0) {
    throw new SetupError("toMove must be a seat that holds cards");
  }
  const secondDue = p.secondDue ?? false;
  if (typeof secondDue !== "boolean") throw new SetupError("secondDue must be true or false");
  if (secondDue && p.pile.length === 0) throw new SetupError("a second card can only be due on a non-empty pile");
  const spec: PositionSpec = {
    trumps,
    hands: p.hands.map((h) => sortCards(h)),
    pile: p.pile.slice(),
    toMove: p.toMove,
    secondDue,
    maxTurns,
  };
  return start(
    { kind: "position", position: spec },
    trumps,
    spec.hands.map((h) => h.slice()),
    spec.pile.slice(),
    p.toMove,
    secondDue,
    maxTurns,
  );
}

function start(
  setup: HandSetup,
  trumps: Suit[],
  hands: Card[][],
  pile: Card[],
  toMove: number,
  secondDue: boolean,
  maxTurns: number,
): Hand {
  return {
    players: hands.length as PlayerCount,
    setup,
    trumps,
    hands,
    pile,
    toMove,
    secondDue,
    turns: 0,
    maxTurns,
    places: hands.map(() => null),
    pickedUp: hands.map(() => []),
    history: [positionKey(hands, pile, toMove, secondDue)],
    log: [],
    result: null,
  };
}
