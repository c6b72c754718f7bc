import { rankOf, suitOf, type Card, type Rank, type Suit } from "@yourtrumps/engine";
import type { RulesText } from "./types.js";

const RANK: Record<Rank, string> = {
  "6": "six",
  "7": "seven",
  "8": "eight",
  "9": "nine",
  T: "ten",
  J: "jack",
  Q: "queen",
  K: "king",
  A: "ace",
};
const SUIT: Record<Suit, string> = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const P = (seat: number): string => `Player ${seat + 1}`;

/** English. */
export const en: RulesText = {
  lang: "en",
  title: "How to play Your Trumps",
  intro: [
    "Your Trumps is the Russian card game Svoi Kozyri (“one’s own trumps”) for two, three or four players. Every player has a trump suit of their own. The aim is to get rid of all your cards: the player left holding cards loses.",
    "All cards are played face up onto one pile in the middle of the table. On your turn you either beat the top card and then add any card you like, or you take cards from the pile into your hand.",
  ],
  contents: "Contents",
  parts: {
    setup: "Before play",
    play: "Playing",
    end: "End of a hand",
    info: "What you can see",
    examples: "Examples",
    options: "Table options",
  },
  rules: {
    R1: { title: "Players", body: ["Two players — the duel, the usual game — or three or four."] },
    R2: {
      title: "The pack",
      body: [
        "36 cards: 6, 7, 8, 9, 10, jack (J), queen (Q), king (K) and ace (A) in each of the four suits {S} spades, {H} hearts, {D} diamonds and {C} clubs.",
        "Within a suit a higher card beats a lower one. Cards of different suits are never compared by rank.",
      ],
    },
    R3: {
      title: "Your trumps",
      body: [
        "Before the deal every player gets a trump suit of their own; no two players share one. With two players two suits belong to nobody, with three players one suit does.",
        "Online you choose your suit at the table: tap a free suit — first come, first served. If you have not chosen when the hand starts, you get the first free suit in the order {S} {H} {D} {C}.",
      ],
    },
    R4: {
      title: "The dealer",
      body: [
        "The dealer of the first hand is drawn at random. After that the loser of the last hand deals; after a draw the same dealer deals again.",
      ],
    },
    R5: {
      title: "The deal",
      body: [
        "The dealer shuffles and deals out the whole pack, one card at a time, clockwise, starting with the player on their left. Nothing is left over:",
        ["two players get 18 cards each;", "three players get 12 cards each;", "four players get 9 cards each."],
      ],
    },
    R6: {
      title: "Sixes go home",
      body: [
        "Before play starts, everyone hands each six of another player’s trump suit to that player. A six of a suit that nobody owns stays where it is.",
        "So everyone starts with at least the six of their own trumps, and hands may differ in size. The table can switch this rule off; it is on unless you change it.",
      ],
    },
    R7: {
      title: "Who starts",
      body: ["The player on the dealer’s left moves first. With two players that is simply the one who did not deal."],
    },
    R8: {
      title: "Leading",
      body: [
        "Whenever the pile is empty, the player to move puts any one card from their hand face up on it. That card is now the top card.",
      ],
    },
    R9: {
      title: "Your turn: beat or pick up",
      body: [
        "If there are cards on the pile when your turn starts, you have two choices:",
        [
          "beat the top card (rule 10) and then play a second card (rule 11), or",
          "pick up cards from the pile (rule 12).",
        ],
        "You may always pick up, even when you could beat.",
      ],
    },
    R10: {
      title: "Beating a card",
      body: [
        "Your card beats the top card if",
        ["it is the same suit and higher, or", "it is of your trump suit and the top card is not."],
        "So a top card of your own trump suit falls only to a higher card of your trump suit.",
        "It does not matter whose trump the top card was for the player who put it there — only your own trumps are special on your turn. You never have to follow suit: you may play a trump even while you hold cards of the top card’s suit.",
      ],
    },
    R11: {
      title: "The second card",
      body: [
        "Right after beating, you put any one card from your hand on top of your beating card. The next player must answer that card. You cannot pick up instead.",
        "If you beat with your last card, there is no second card to play — you are out (rule 14).",
      ],
    },
    R12: {
      title: "Picking up",
      body: [
        "You take cards from the top of the pile into your hand. How many depends on the top card:",
        [
          "not of your trump suit: the top 3 cards (the whole pile if it has 3 or fewer);",
          "of your trump suit, but not the ace: the top 5 cards (the whole pile if it has 5 or fewer);",
          "the ace of your trump suit: the whole pile.",
        ],
        "All cards on the pile are face up, so everyone sees which cards you took.",
      ],
    },
    R13: {
      title: "After a pickup",
      body: [
        "The turn passes to the next player. If cards are left on the pile, they must answer the card now on top, just as if it had just been played — even if they played it themselves. If the pile is empty, they lead any card.",
      ],
    },
    R14: {
      title: "Going out",
      body: [
        "When your last card leaves your hand — by leading, beating or playing a second card — you are out of the hand, and your place is noted: first out, second out, and so on. Play passes to the next player, who must answer the top card.",
      ],
    },
    R15: {
      title: "The last two",
      body: [
        "When a player goes out and only one other player still has cards, that player gets one final answer, and the game settles it at once:",
        [
          "if they hold a single card and it beats the top card (by their own trumps), it is played and the hand is a **draw**;",
          "otherwise they are the **loser**.",
        ],
        "In the duel the player who went out first wins, unless the hand is drawn.",
      ],
    },
    R16: {
      title: "Hands that go round in circles",
      body: [
        "Picked-up cards come back into play, so a hand can repeat itself. It ends as a **draw** among the players still holding cards when",
        [
          "the same position comes up for the third time — the same cards in every hand, the same pile in the same order, the same player to move, and a second card owed or not; the starting position counts as the first time; or",
          "the turn limit is reached: 1000 turns unless the table changes it. A turn is one lead, one beat with its second card, one beat with a last card, or one pickup.",
        ],
        "After every move the last-two rule is checked first, then repetition, then the turn limit.",
      ],
    },
    R17: {
      title: "The result",
      body: [
        "At the end you see every player’s finishing place, the loser (nobody after a draw) and why the hand ended: one player was left with cards, the last card drew, a position repeated, the turn limit was reached, or the hand was abandoned. In the duel that means a win, a loss or a draw.",
      ],
    },
    R18: {
      title: "What each player sees",
      body: [
        "You always see:",
        [
          "your own hand;",
          "every card on the pile;",
          "how many cards each other player holds;",
          "every player’s trump suit;",
          "the cards each player picked up (they were face up on the pile).",
        ],
        "With two players the whole pack is dealt, so you can work out your opponent’s hand exactly: the duel is a game of perfect information. With three or four players you cannot, and the server never shows you another player’s hand.",
      ],
    },
  },
  examplesIntro: [
    "Every example has two players: Player 1’s trumps are spades {S}, Player 2’s trumps are hearts {H}. The marks on the cards are worked out by the game itself, so they show exactly what it allows.",
  ],
  examples: {
    E1: {
      title: "A higher card or your own trump",
      body: [
        "Player 2 must answer {9C}. {TC} beats it: same suit, higher. {6H} beats it too: it is Player 2’s trump and a club is not. {8C} is lower and {7D} is neither a club nor a trump, so they do not beat. Picking up is allowed, as always.",
      ],
    },
    E2: {
      title: "Your own trump on top",
      body: [
        "{9H} is Player 2’s own trump suit, so only a higher heart beats it: {TH}. {8H} is lower, and {AS} does not beat it either — an ace of another suit is no trump for Player 2.",
      ],
    },
    E3: {
      title: "Someone else’s trump is just a card",
      body: [
        "{AS} is Player 1’s trump, but that gives it no power against Player 2. {6H}, the lowest heart, beats it as Player 2’s trump. {KS} is a lower spade, so it does not.",
      ],
    },
    E4: {
      title: "Picking up three",
      body: [
        "Player 2 picks up. The top card {KD} is not a heart, so Player 2 takes the top three cards: {JS}, {QC} and {KD}. Now {8C} is on top, and Player 1 must answer it — although Player 1 played it.",
      ],
    },
    E5: {
      title: "Picking up five",
      body: [
        "Player 2 picks up. The top card {9H} is Player 2’s trump but not the ace, so Player 2 takes the top five cards: {8C}, {JS}, {QC}, {KD} and {9H}. Only {7H} is left, and Player 1 must answer it.",
      ],
    },
    E6: {
      title: "Beat, then a second card",
      body: [
        "Player 2 beats {9C} with {TC}. Now Player 2 must put a second card on top — any card: {8C}, {7D} or {6H}. Picking up is not allowed until Player 1 has answered.",
      ],
    },
    E7: {
      title: "The last card can save a draw",
      body: [
        "Player 1 beats {9D} with {TD} and plays the last card, {KC}, as the second card: Player 1 is out. Player 2 holds only {AH}, which beats {KC} (a trump on a club), so it is played and the hand is a draw.",
        "Had Player 2 held {AH} and {7D}, there would be no single last card to play: Player 2 loses.",
      ],
    },
  },
  options: {
    intro: "Whoever sets up a table can change these before play.",
    head: ["Option", "Choices", "Unless changed"],
    rows: {
      players: ["Players (rule 1)", "2, 3 or 4", "2"],
      sixes: ["Sixes go home (rule 6)", "on or off", "on"],
      maxTurns: ["Turn limit (rule 16)", "100 to 10000 turns", "1000"],
      clock: ["Time per turn", "a number of seconds, or none", "30 s online, none against the computer"],
    },
  },
  pic: {
    player: P,
    trumpsOf: (seat) => `${P(seat)}’s trumps`,
    pile: "Pile",
    bottom: "bottom",
    top: "top",
    handOf: (seat) => `${P(seat)}’s hand`,
    toMove: (seat) => `${P(seat)} to move`,
    canBeat: "beats the top card",
    cannotBeat: "does not beat",
    anyCard: "may be played as the second card",
    chosen: "played in this example",
    pickUp: "Pick up",
    allowed: "allowed",
    notAllowed: "not allowed",
    takes: (seat, n) => `${P(seat)} takes ${n} cards`,
    taken: "taken",
    mustAnswer: (seat) => `${P(seat)} must answer the top card`,
    beforeAfter: ["Before", "After beating"],
    lastCard: (seat) => `${P(seat)} has played the last card`,
    draw: "Draw",
    loses: (seat) => `${P(seat)} loses`,
    legend: "Marks in the pictures",
    legal: "may be played",
    illegal: "may not be played",
  },
  suitNames: SUIT,
  cardName: (card: Card) => `${RANK[rankOf(card)]} of ${SUIT[suitOf(card)]}`,
};
