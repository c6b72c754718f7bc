import type { Lang } from "./lang.js";
import type { Plural } from "./plural.js";

/**
 * English strings: the reference set. Every other language must define exactly these
 * keys (`Strings` below), so a missing translation fails the typecheck.
 * `{name}`-style placeholders are filled by `t()`. A string that counts something is an
 * object of plural forms (`{ one, other }` here), chosen by the count `{n}`; it is
 * plural in every language, with that language's own categories.
 */
export const en = {
  title: "Your Trumps",
  tagline: "The Russian card game Svoi Kozyri — every player has their own trump suit.",
  name: "Your name",
  namePlaceholder: "Player",
  language: "Language",
  players: "Players",
  level: "Level",
  levelEasy: "Easy",
  levelMedium: "Medium",
  levelHard: "Hard",
  playComputer: "Play the computer",
  quickMatch: "Quick match",
  privateTable: "Private table",
  join: "Join",
  code: "Table code",
  codePlaceholder: "e.g. K7Q2",
  rules: "Rules",
  back: "Back",
  settings: "Settings",
  close: "Close",
  reducedMotion: "Reduced motion",
  fourColour: "Four-colour deck",
  connecting: "Connecting…",
  connectFailed: "Could not reach the server: {reason}",
  tableCode: "Table code: {code}",
  sendLink: "Send this link to a friend:",
  copy: "Copy link",
  copied: "Copied",
  waitingPlayers: "Waiting for players…",
  chooseTrump: "Choose your trump suit",
  waitingTrumps: "Waiting for the others to choose trumps…",
  yourTurn: "Your turn",
  yourTurnLead: "Your turn: lead any card",
  yourTurnBeat: "Your turn: beat the top card or pick up",
  yourTurnSecond: "You beat it — now play a second card",
  theirTurn: "{name} to move",
  pickup: { one: "Pick up {n} card", other: "Pick up {n} cards" },
  pickupAll: "Pick up all",
  hint: "Hint",
  hintSays: "Hint: {move}",
  leave: "Leave",
  you: "You",
  computer: "Computer",
  disconnected: "Disconnected",
  trumpOf: "Trumps: {suit}",
  cardsLeft: { one: "{n} card", other: "{n} cards" },
  pileCount: { one: "Pile: {n} card", other: "Pile: {n} cards" },
  out: "Out: place {place}",
  resultWin: "You won!",
  resultLose: "You lost.",
  resultDraw: "Draw.",
  resultPlace: "You finished in place {place}.",
  resultLoser: "{name} lost.",
  reasonOut: "{name} was left holding cards.",
  reasonLastCardDraw: "The last card beat the top card: a draw.",
  reasonRepetition: "The same position occurred three times.",
  reasonTurnLimit: "The turn limit was reached.",
  reasonAbandoned: "The hand was called off.",
  places: "Places",
  rematch: "Rematch",
  rematchWaiting: "Waiting for the others to accept…",
  backToLobby: "Back to the lobby",
  reconnecting: "Reconnecting…",
  errSuitTaken: "Someone else took that suit — pick another.",
  errNotYourTurn: "It is not your turn.",
  errRateLimited: "Too fast — slow down a little.",
  errRefused: "The server refused that move.",
  // Screen-reader announcements (the live region).
  saidPlays: "{name} plays {card}.",
  saidBeats: "{name} beats with {card}.",
  saidPicksUp: { one: "{name} picks up {n} card.", other: "{name} picks up {n} cards." },
  saidOut: "{name} is out.",
  saidYouPlay: "You play {card}.",
  saidYouBeat: "You beat with {card}.",
  saidYouPickUp: { one: "You pick up {n} card.", other: "You pick up {n} cards." },
  saidYouOut: "You are out.",
  saidYourTimeUp: "Time is up: a move was made for you.",
  saidTheirTimeUp: "{name}'s time ran out.",
  saidTurn: "Your turn.",
  saidDeal: { one: "The cards are dealt. You hold {n} card.", other: "The cards are dealt. You hold {n} cards." },
  // Card names, for screen readers.
  suitS: "spades",
  suitH: "hearts",
  suitD: "diamonds",
  suitC: "clubs",
  cardName: "{rank} of {suit}",
  rank6: "six",
  rank7: "seven",
  rank8: "eight",
  rank9: "nine",
  rankT: "ten",
  rankJ: "jack",
  rankQ: "queen",
  rankK: "king",
  rankA: "ace",
  keysHelp: "Keys: ←/→ choose a card, Enter play, P pick up, H hint. Choosing trumps: ←/→ and Enter, or the suit's letter (S, H, D, C)",
  trumpKeys: "Keys: ←/→ to pick a suit, Enter to take it, or press its letter: {letters}.",
  saidTrumpTaken: "Your trump suit is {suit}.",
} as const;

/** Every string key. */
export type Key = keyof typeof en;
/** The keys of counted strings: their text depends on the count `{n}`. */
export type PluralKey = { [K in Key]: (typeof en)[K] extends string ? never : K }[Key];
/**
 * A complete translation into `L`: exactly the keys of `en`, each counted string with
 * one form for every plural category of `L` (no more, no fewer).
 */
export type Strings<L extends Lang> = { readonly [K in Key]: K extends PluralKey ? Plural<L> : string };
