/** One test group per rule of RULES.md, named after its id, with every worked example. */
import { describe, expect, it } from "vitest";
import { ALL_CARDS, SUITS, beats, cardOf, pickupCount } from "./cards.js";
import { applyMove, legalMoves } from "./rules.js";
import { SetupError, fromPosition, newHand } from "./setup.js";
import type { Card, Hand, Move, PositionSpec } from "./types.js";
import { viewFor } from "./view.js";

const play = (card: Card): Move => ({ type: "play", card });
const PICKUP: Move = { type: "pickup" };

function apply(h: Hand, ...moves: Move[]): Hand {
  for (const m of moves) {
    const r = applyMove(h, m);
    if (!r.ok) throw new Error(`${JSON.stringify(m)}: ${r.error.message}`);
    h = r.hand;
  }
  return h;
}

/** The duel of the worked examples: seat 0 has trumps S, seat 1 has trumps H. */
function duel(p: Omit<PositionSpec, "trumps">): Hand {
  return fromPosition({ trumps: ["S", "H"], ...p });
}

const legalCards = (h: Hand) => legalMoves(h).map((m) => (m.type === "play" ? m.card : "pickup"));

describe("R1 Players", () => {
  it("deals for 2, 3 and 4 players and refuses other counts", () => {
    for (const players of [2, 3, 4] as const) expect(newHand({ players, seed: 1 }).hands).toHaveLength(players);
    for (const players of [1, 5, 0, "2", null])
      expect(() => newHand({ players: players as 2, seed: 1 })).toThrow(SetupError);
  });
});

describe("R2 Pack", () => {
  it("has 36 distinct cards, nine ranks in four suits", () => {
    expect(new Set(ALL_CARDS).size).toBe(36);
    expect(ALL_CARDS.slice(0, 9)).toEqual(["6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS"]);
  });
  it("ranks compare only within a suit", () => {
    expect(beats("AS", "6S", "D")).toBe(true);
    expect(beats("6S", "AS", "D")).toBe(false);
    expect(beats("AS", "6C", "D")).toBe(false); // different suits, neither a trump
  });
});

describe("R3 Trumps", () => {
  it("defaults to S, H, D, C by seat", () => {
    expect(newHand({ players: 2, seed: 1 }).trumps).toEqual(["S", "H"]);
    expect(newHand({ players: 4, seed: 1 }).trumps).toEqual(["S", "H", "D", "C"]);
  });
  it("takes chosen suits, each owned by one player", () => {
    expect(newHand({ players: 3, seed: 1, trumps: ["C", "D", "S"] }).trumps).toEqual(["C", "D", "S"]);
    expect(() => newHand({ players: 2, seed: 1, trumps: ["S", "S"] })).toThrow(/different trump/);
    expect(() => newHand({ players: 2, seed: 1, trumps: ["S"] as never })).toThrow(SetupError);
    expect(() => newHand({ players: 2, seed: 1, trumps: ["S", "X"] as never })).toThrow(SetupError);
  });
});

describe("R4 Dealer", () => {
  it("is drawn from the seed when not given, and every seat can be drawn", () => {
    const dealers = new Set<number>();
    for (let seed = 0; seed < 200; seed++) {
      const h = newHand({ players: 4, seed });
      if (h.setup.kind === "deal") dealers.add(h.setup.dealer);
      expect(h.setup).toEqual(newHand({ players: 4, seed }).setup);
    }
    expect([...dealers].sort()).toEqual([0, 1, 2, 3]);
  });
  it("can be given (the loser of the previous hand deals)", () => {
    const h = newHand({ players: 3, seed: "x", dealer: 2 });
    expect(h.setup.kind === "deal" && h.setup.dealer).toBe(2);
    expect(h.toMove).toBe(0);
    expect(() => newHand({ players: 3, seed: "x", dealer: 3 })).toThrow(SetupError);
  });
});

describe("R5 Deal", () => {
  it("deals the whole pack, one at a time clockwise from the dealer's left", () => {
    for (const [players, each] of [
      [2, 18],
      [3, 12],
      [4, 9],
    ] as const) {
      const h = newHand({ players, seed: 7, dealer: 0, sixesToOwner: false });
      expect(h.hands.map((x) => x.length)).toEqual(Array(players).fill(each));
      expect(h.hands.flat().sort()).toEqual([...ALL_CARDS].sort());
      expect(h.pile).toEqual([]);
    }
  });
  it("is deterministic per seed and differs between seeds", () => {
    expect(JSON.stringify(newHand({ players: 2, seed: "a" }))).toBe(JSON.stringify(newHand({ players: 2, seed: "a" })));
    expect(newHand({ players: 2, seed: "a" }).hands).not.toEqual(newHand({ players: 2, seed: "b" }).hands);
    expect(newHand({ players: 2, seed: 1 }).hands).not.toEqual(newHand({ players: 2, seed: "1" }).hands);
  });
});

describe("R6 Sixes", () => {
  it("hands every six of another player's trump suit to its owner", () => {
    for (let seed = 0; seed < 50; seed++) {
      for (const players of [2, 3, 4] as const) {
        const h = newHand({ players, seed });
        h.trumps.forEach((t, s) => expect(h.hands[s]).toContain(`6${t}`));
        expect(h.hands.flat()).toHaveLength(36);
        // sixes of an unowned suit stay where the deal put them
        const raw = newHand({ players, seed, sixesToOwner: false });
        for (const suit of SUITS.filter((x) => !h.trumps.includes(x))) {
          const holder = (hh: Hand) => hh.hands.findIndex((x) => x.includes(cardOf("6", suit)));
          expect(holder(h)).toBe(holder(raw));
        }
      }
    }
  });
  it("is a table option, on by default", () => {
    let moved = 0;
    for (let seed = 0; seed < 30; seed++) {
      const off = newHand({ players: 4, seed, sixesToOwner: false });
      const on = newHand({ players: 4, seed });
      if (JSON.stringify(off.hands) !== JSON.stringify(on.hands)) moved++;
      expect(off.hands.map((x) => x.length)).toEqual([9, 9, 9, 9]);
    }
    expect(moved).toBeGreaterThan(0);
  });
});

describe("R7 First lead", () => {
  it("is the player to the dealer's left (in the duel, the non-dealer)", () => {
    for (const players of [2, 3, 4] as const) {
      for (let dealer = 0; dealer < players; dealer++)
        expect(newHand({ players, seed: 3, dealer }).toMove).toBe((dealer + 1) % players);
    }
  });
});

describe("R8 Lead", () => {
  it("on an empty pile any card may be led, and it becomes the top card", () => {
    const h = duel({
      hands: [
        ["6C", "AS", "9D"],
        ["7H", "8H"],
      ],
      pile: [],
      toMove: 0,
    });
    expect(legalCards(h)).toEqual(
      (["AS", "9D", "6C"] as Card[]).sort((a, b) => ALL_CARDS.indexOf(a) - ALL_CARDS.indexOf(b)),
    );
    const after = apply(h, play("9D"));
    expect(after.pile).toEqual(["9D"]);
    expect(after.toMove).toBe(1);
    expect(applyMove(h, PICKUP)).toMatchObject({ ok: false, error: { code: "empty-pile" } });
  });
});

describe("R9 Respond", () => {
  it("on a non-empty pile: beat or pick up; picking up is allowed even when one could beat", () => {
    const h = duel({
      hands: [
        ["6C", "AS"],
        ["TC", "8H"],
      ],
      pile: ["9C"],
      toMove: 1,
    });
    expect(legalCards(h)).toEqual(["8H", "TC", "pickup"]);
  });
});

describe("R10 Beating", () => {
  it("worked example 1: TC and 6H beat 9C; 8C and 7D do not", () => {
    const h = duel({ hands: [["AS"], ["TC", "8C", "7D", "6H"]], pile: ["9C"], toMove: 1 });
    expect(legalCards(h)).toEqual(["6H", "TC", "pickup"]);
    expect(applyMove(h, play("8C"))).toMatchObject({ ok: false, error: { code: "does-not-beat" } });
    expect(applyMove(h, play("7D"))).toMatchObject({ ok: false, error: { code: "does-not-beat" } });
  });
  it("worked example 2: on the mover's own trump only a higher card of that suit beats", () => {
    const h = duel({ hands: [["6S"], ["TH", "8H", "AS"]], pile: ["9H"], toMove: 1 });
    expect(legalCards(h)).toEqual(["TH", "pickup"]);
  });
  it("worked example 3: the top card's trump-ness for whoever played it does not matter", () => {
    const h = duel({ hands: [["6S"], ["6H", "KS"]], pile: ["AS"], toMove: 1 });
    expect(legalCards(h)).toEqual(["6H", "pickup"]);
  });
  it("nobody has to follow suit; trumping while holding the suit is fine", () => {
    expect(beats("6H", "AC", "H")).toBe(true);
    expect(beats("7H", "6H", "S")).toBe(true);
    expect(beats("6S", "7H", "S")).toBe(true);
  });
});

describe("R11 Second card", () => {
  it("worked example 6: after beating, the same player plays any second card and may not pick up", () => {
    const h = duel({
      hands: [
        ["6S", "7S"],
        ["TC", "8D", "AH"],
      ],
      pile: ["9C"],
      toMove: 1,
    });
    const beaten = apply(h, play("TC"));
    expect(beaten.toMove).toBe(1);
    expect(beaten.secondDue).toBe(true);
    expect(legalCards(beaten)).toEqual(
      (["AH", "8D"] as Card[]).sort((a, b) => ALL_CARDS.indexOf(a) - ALL_CARDS.indexOf(b)),
    );
    expect(applyMove(beaten, PICKUP)).toMatchObject({ ok: false, error: { code: "second-card-due" } });
    const second = apply(beaten, play("8D"));
    expect(second.pile).toEqual(["9C", "TC", "8D"]);
    expect(second.toMove).toBe(0);
    expect(second.secondDue).toBe(false);
    expect(second.turns).toBe(1); // beat + second is one turn
  });
  it("a player who beats with their last card plays no second card", () => {
    const h = fromPosition({ trumps: ["S", "H", "D"], hands: [["6S"], ["TC"], ["7D"]], pile: ["9C"], toMove: 1 });
    const after = apply(h, play("TC"));
    expect(after.secondDue).toBe(false);
    expect(after.places[1]).toBe(1);
    expect(after.toMove).toBe(2);
  });
});

describe("R12 Picking up", () => {
  it("takes the top 3 when the top card is not the taker's trump", () => {
    expect(pickupCount("KD", "H", 5)).toBe(3);
    expect(pickupCount("KD", "H", 2)).toBe(2);
  });
  it("takes the top 5 on the taker's own trump, the whole pile on its ace", () => {
    expect(pickupCount("9H", "H", 6)).toBe(5);
    expect(pickupCount("9H", "H", 4)).toBe(4);
    expect(pickupCount("AH", "H", 12)).toBe(12);
    expect(pickupCount("AS", "H", 12)).toBe(3); // someone else's ace
  });
  it("worked example 4: seat 1 takes JS QC KD; seat 0 must answer 8C", () => {
    const h = duel({ hands: [["6S", "AS"], ["6H"]], pile: ["7D", "8C", "JS", "QC", "KD"], toMove: 1 });
    const after = apply(h, PICKUP);
    expect(after.hands[1]).toEqual(expect.arrayContaining(["JS", "QC", "KD", "6H"]));
    expect(after.pile).toEqual(["7D", "8C"]);
    expect(after.toMove).toBe(0);
    expect(legalCards(after)).toEqual(["6S", "AS", "pickup"]); // both spades are seat 0's trumps
  });
  it("worked example 5: on 9H, seat 1's trump, seat 1 takes the top five; seat 0 must answer 7H", () => {
    const h = duel({ hands: [["6S"], ["6H"]], pile: ["7H", "8C", "JS", "QC", "KD", "9H"], toMove: 1 });
    const after = apply(h, PICKUP);
    expect(after.hands[1]).toEqual(expect.arrayContaining(["8C", "JS", "QC", "KD", "9H"]));
    expect(after.hands[1]).toHaveLength(6);
    expect(after.pile).toEqual(["7H"]);
    expect(after.toMove).toBe(0);
  });
  it("every player sees which cards were taken (R18: the pickup is public)", () => {
    const h = fromPosition({
      trumps: ["S", "H", "D"],
      hands: [["6S"], ["6H"], ["6D"]],
      pile: ["7C", "8C", "9C", "TC"],
      toMove: 1,
    });
    const after = apply(h, PICKUP);
    expect(viewFor(after, 2).known[1]).toEqual(["8C", "9C", "TC"]);
    expect(viewFor(after, 0).known[1]).toEqual(["8C", "9C", "TC"]);
  });
});

describe("R13 After a pickup", () => {
  it("the next player answers what is left on top, even a card they played themselves", () => {
    const h = duel({ hands: [["6S", "7D"], ["6H"]], pile: ["KD", "8C", "9C", "TC"], toMove: 1 });
    const after = apply(h, PICKUP);
    expect(after.pile).toEqual(["KD"]);
    expect(after.toMove).toBe(0);
    expect(legalCards(after)).toEqual(["6S", "pickup"]);
  });
  it("on an empty pile the next player leads", () => {
    const h = duel({ hands: [["6S", "7D"], ["6H"]], pile: ["8C", "9C"], toMove: 1 });
    const after = apply(h, PICKUP);
    expect(after.pile).toEqual([]);
    expect(legalCards(after)).toEqual(["6S", "7D"]);
  });
  it("skips players who are out", () => {
    const h = fromPosition({
      trumps: ["S", "H", "D", "C"],
      hands: [["6S"], ["6H"], [], ["6C", "7C"]],
      pile: ["8D", "9D"],
      toMove: 1,
    });
    expect(apply(h, PICKUP).toMove).toBe(3);
  });
});

describe("R14 Going out", () => {
  it("by leading the last card: the place is recorded and the next player answers", () => {
    const h = fromPosition({
      trumps: ["S", "H", "D"],
      hands: [["6S"], ["6H", "7H"], ["6D", "7D"]],
      pile: [],
      toMove: 0,
    });
    const after = apply(h, play("6S"));
    expect(after.places).toEqual([1, null, null]);
    expect(after.hands[0]).toEqual([]);
    expect(after.toMove).toBe(1);
    expect(legalCards(after)).toEqual(["6H", "7H", "pickup"]); // seat 1 must answer the 6S (with its trumps, or pick up)
  });
  it("by a second card", () => {
    const h = fromPosition({
      trumps: ["S", "H", "D"],
      hands: [
        ["7C", "8S"],
        ["6H", "7H"],
        ["6D", "7D"],
      ],
      pile: ["6C"],
      toMove: 0,
    });
    const after = apply(h, play("7C"), play("8S"));
    expect(after.places).toEqual([1, null, null]);
    expect(after.toMove).toBe(1);
    expect(after.result).toBeNull();
  });
  it("players still holding cards go on; places follow the order out", () => {
    const h = fromPosition({
      trumps: ["S", "H", "D", "C"],
      hands: [["6S"], ["6H"], ["6D", "AD"], ["6C", "7C"]],
      pile: [],
      toMove: 0,
    });
    const after = apply(h, play("6S"), play("6H"));
    expect(after.places).toEqual([1, 2, null, null]);
    expect(after.toMove).toBe(2);
  });
});

describe("R15 The last two", () => {
  it("worked example 7: seat 0 plays its last card as a second card; seat 1's lone AH beats KC: a draw", () => {
    const h = duel({ hands: [["QC", "KC"], ["AH"]], pile: ["JC"], toMove: 0 });
    const after = apply(h, play("QC"), play("KC"));
    expect(after.result).toEqual({ reason: "last-card-draw", loser: null, places: [1, 1] });
    expect(after.pile).toEqual(["JC", "QC", "KC", "AH"]);
    expect(after.hands).toEqual([[], []]);
    expect(legalMoves(after)).toEqual([]);
    expect(after.toMove).toBe(-1);
  });
  it("worked example 7, variant: holding AH 7D, seat 1 loses", () => {
    const h = duel({
      hands: [
        ["QC", "KC"],
        ["AH", "7D"],
      ],
      pile: ["JC"],
      toMove: 0,
    });
    const after = apply(h, play("QC"), play("KC"));
    expect(after.result).toEqual({ reason: "out", loser: 1, places: [1, 2] });
  });
  it("a single card that does not beat loses", () => {
    const h = duel({ hands: [["KC"], ["6D"]], pile: [], toMove: 0 });
    expect(apply(h, play("KC")).result).toEqual({ reason: "out", loser: 1, places: [1, 2] });
  });
  it("the last card is judged by the last player's own trump", () => {
    const h = duel({ hands: [["AS"], ["6H"]], pile: [], toMove: 0 });
    expect(apply(h, play("AS")).result?.reason).toBe("last-card-draw"); // 6H is seat 1's trump
    const h2 = duel({ hands: [["AH"], ["6H"]], pile: [], toMove: 0 });
    expect(apply(h2, play("AH")).result?.reason).toBe("out"); // the top card is seat 1's own trump suit, higher
  });
  it("with 4 players, the last one left loses and everyone gets a place", () => {
    const h = fromPosition({
      trumps: ["S", "H", "D", "C"],
      hands: [[], [], ["6D", "7D"], ["9C"]],
      pile: ["8C"],
      toMove: 3,
    });
    const after = apply(h, play("9C"));
    // seats 0 and 1 were out before this position began, so they have no place in it
    expect(after.result).toEqual({ reason: "out", loser: 2, places: [0, 0, 2, 1] });
  });
});

describe("R16 Endless hands", () => {
  // Found by search: a two-player cycle of eight moves.
  const cycle: PositionSpec = {
    trumps: ["S", "H"],
    hands: [
      ["7H", "TC"],
      ["KC", "KH"],
    ],
    pile: ["QH", "AS", "6D"],
    toMove: 0,
    maxTurns: 200,
  };
  const moves = (
    [
      "pickup",
      "KH",
      "AS",
      "7H",
      "pickup",
      "6D",
      "7H",
      "AS",
      "pickup",
      "KH",
      "AS",
      "7H",
      "pickup",
      "6D",
      "7H",
      "AS",
      "pickup",
    ] as (Card | "pickup")[]
  ).map((x): Move => (x === "pickup" ? PICKUP : play(x)));
  it("the third occurrence of the same position is a draw among those still holding cards", () => {
    const h = fromPosition(cycle);
    const before = apply(h, ...moves.slice(0, -1));
    expect(before.result).toBeNull();
    const after = apply(before, moves.at(-1)!);
    expect(after.result).toEqual({ reason: "repetition", loser: null, places: [1, 1] });
  });
  it("the starting position counts as the first occurrence", () => {
    // From the position after the first pickup, the same cycle repeats the start twice more.
    const start = apply(fromPosition(cycle), PICKUP);
    const fresh = fromPosition({
      trumps: start.trumps,
      hands: start.hands,
      pile: start.pile,
      toMove: start.toMove,
      maxTurns: 200,
    });
    const almost = apply(fresh, ...moves.slice(1, 16));
    expect(almost.result).toBeNull();
    const after = apply(almost, moves[16]!);
    expect(after.result?.reason).toBe("repetition");
    expect(after.log).toHaveLength(16); // one move fewer than from the original start
  });
  it("repetition is found again when the same moves are applied a second time to the same hand", () => {
    const h = fromPosition(cycle);
    const first = apply(h, ...moves);
    const again = apply(h, ...moves);
    const branched = apply(apply(h, ...moves.slice(0, 8)), ...moves.slice(8));
    expect([first, again, branched].map((x) => x.result?.reason)).toEqual(["repetition", "repetition", "repetition"]);
    expect(again).toEqual(first);
  });
  it("the turn limit ends the hand as a draw; a beat-and-second is one turn", () => {
    const h = fromPosition({ ...cycle, maxTurns: 3 });
    const after = apply(h, PICKUP, play("KH"), play("AS"), play("7H"));
    expect(after.turns).toBe(3);
    expect(after.result).toEqual({ reason: "turn-limit", loser: null, places: [1, 1] });
  });
  it("R15 is checked before repetition and the turn limit", () => {
    const h = duel({ hands: [["KC"], ["6D"]], pile: [], toMove: 0, maxTurns: 1 });
    expect(apply(h, play("KC")).result?.reason).toBe("out");
  });
  it("maxTurns is a table option from 100 to 10000", () => {
    expect(newHand({ players: 2, seed: 1 }).maxTurns).toBe(1000);
    expect(newHand({ players: 2, seed: 1, maxTurns: 100 }).maxTurns).toBe(100);
    for (const bad of [99, 10001, 1.5, "500", Number.NaN])
      expect(() => newHand({ players: 2, seed: 1, maxTurns: bad as number })).toThrow(SetupError);
  });
});

describe("R17 Result", () => {
  it("lists the places, the loser or none, and the reason", () => {
    const h = fromPosition({
      trumps: ["S", "H", "D"],
      hands: [["6S"], ["7C", "8C"], ["9C", "TC"]],
      pile: [],
      toMove: 0,
    });
    // 0 leads its last card (out first); 1 cannot beat and picks up; 2 leads; 1 picks up; 2 leads its last card
    const after = apply(h, play("6S"), PICKUP, play("9C"), PICKUP, play("TC"));
    expect(after.result).toEqual({ reason: "out", loser: 1, places: [1, 3, 2] });
    expect(after.toMove).toBe(-1);
  });
});

describe("R18 What each player may see", () => {
  it("in the duel the opponent's hand is deduced exactly", () => {
    const h = newHand({ players: 2, seed: 5 });
    const v = viewFor(h, 0);
    expect(v.known[1]).toEqual([...h.hands[1]!].sort((a, b) => ALL_CARDS.indexOf(a) - ALL_CARDS.indexOf(b)));
    expect(v.positions).not.toBeNull();
  });
  it("with 3-4 players a view holds no card of another hand except ones seen picked up", () => {
    for (const players of [3, 4] as const) {
      let h = newHand({ players, seed: 9 });
      for (let i = 0; i < 60 && h.result === null; i++) h = apply(h, legalMoves(h).at(i % 3 === 0 ? -1 : 0)!);
      for (let seat = 0; seat < players; seat++) {
        const v = viewFor(h, seat);
        const text = JSON.stringify(v);
        h.hands.forEach((cards, other) => {
          if (other === seat) return;
          for (const c of cards) {
            if (h.pickedUp[other]!.includes(c)) continue;
            // the card may appear only as history (log or pile), never as part of a hand
            expect(v.known[other]).not.toContain(c);
            expect(v.hand).not.toContain(c);
          }
        });
        expect(v.positions).toBeNull();
        expect(text).not.toContain('"hands"');
        expect(v.counts).toEqual(h.hands.map((x) => x.length));
      }
    }
  });
});
