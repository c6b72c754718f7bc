/**
 * A computer table that lives in the page: the second implementation of TableSession.
 * It sequences a table as the server's room does for `computer` mode — trump choice,
 * deal, moves, result, rematch — and hands the controller the same TableSnapshot the
 * server's state reads as. The engine deals and checks every move (the person's and the
 * computer's alike); the computer seats think in a Web Worker; nothing here decides a rule.
 */
import {
  LiveHand,
  checkMove,
  defaultTrumps,
  legalMoves,
  newHand,
  nextDealer,
  startHand,
  viewFor,
} from "@yourtrumps/engine";
import type { HandPosition, Move, Suit } from "@yourtrumps/engine";
import type { ErrorCode, Level, PlayerCount } from "@yourtrumps/protocol";
import type { LastMove, SeatSnapshot, TableSnapshot } from "../net/snapshot.js";
import type { SessionEvents, TableSession } from "../net/table-session.js";
import type { LocalComputer } from "./computer.js";
import { computerMove } from "./computer-move.js";
import { forgetTable, loadTable, saveTable, type SavedHand, type SavedTable } from "./saved-table.js";

/** What the lobby starts a local table with. */
export interface LocalOptions {
  players: PlayerCount;
  level: Level;
  name: string; // the person's name at seat 0
}

/** A hand the local table finished, with what its record needs. */
export interface FinishedLocalHand {
  hand: SavedHand;
  names: string[];
  level: Level;
  endedAt: number; // epoch ms
}

/** What a local table works with. */
export interface LocalTableParts {
  computer: LocalComputer;
  storage: Storage; // where the table is kept for a reload (sessionStorage in the page)
  pauseMs: number; // the human-like pause before a computer move, as the server's AI_DELAY_MS
  hintMs: number; // analysis time of a hint
  hardMs: number; // hard's time budget per move: it decides within about this long on any device
  randomBytes: (n: number) => Uint8Array; // crypto.getRandomValues: the deal's seed and the computers' seeds
  uuid: () => string; // crypto.randomUUID: the hand's id
  now: () => number; // epoch ms
  finished?: (hand: FinishedLocalHand) => void; // a hand ended (for the upload to the player's history)
  log?: (message: string) => void; // a computer move that failed (default: console.warn)
  standIn: () => LocalComputer; // a fresh computer for the easy level's move when `computer` failed twice
  askDeadlineMs: number; // a computer move not answered by then has failed
  deliver?: (event: () => void) => void; // runs an event for the page; default at once. The page posts each to a task of its own, as the network would
}

/** The person's seat's `sessionId` in the snapshots. */
export const LOCAL_SEAT_ID = "local";
const COMPUTER_NAME = "Computer"; // as the server names computer seats; the client localises it

export class LocalTable implements TableSession {
  readonly sessionId = LOCAL_SEAT_ID;
  #live: LiveHand | null = null;
  #lastMove: LastMove | null = null;
  #rematch = false; // the person asked for the next hand
  #turn = 0; // every move and deal starts a new turn: a computer's or hint's answer for an old one is dropped
  #closed = false;

  private constructor(
    private readonly table: SavedTable,
    private readonly events: SessionEvents,
    private readonly parts: LocalTableParts,
  ) {}

  /** A new table: seat 0 is the person, the others computers; it opens at the trump choice (R3). */
  static open(options: LocalOptions, events: SessionEvents, parts: LocalTableParts): LocalTable {
    const names = Array.from({ length: options.players }, (_, i) =>
      i === 0 ? options.name : i === 1 ? COMPUTER_NAME : `${COMPUTER_NAME} ${i}`,
    );
    const table: SavedTable = {
      version: 1,
      players: options.players,
      level: options.level,
      names,
      chosen: names.map(() => null),
      phase: "choosing",
      nextDealer: null,
      seq: 0,
      hand: null,
    };
    const local = new LocalTable(table, events, parts);
    local.changed();
    return local;
  }

  /** The table kept in `parts.storage` (a reload), played forward to where it was; null when there is none. */
  static resume(events: SessionEvents, parts: LocalTableParts): LocalTable | null {
    const table = loadTable(parts.storage);
    if (!table) return null;
    const local = new LocalTable(table, events, parts);
    if (!local.replay()) {
      forgetTable(parts.storage);
      return null;
    }
    local.changed();
    if (table.phase === "playing") local.nextTurn();
    return local;
  }

  /** Whether a table is kept for this tab. */
  static saved(storage: Storage): boolean {
    return loadTable(storage) !== null;
  }

  send(move: Move): void {
    const live = this.#live;
    if (this.table.phase !== "playing" || !live)
      return this.refuse("wrong-phase", "No hand is being played.", move.type);
    const before = live.position;
    if (before.toMove !== 0) return this.refuse("not-your-turn", `It is seat ${before.toMove}'s turn.`, move.type);
    const error = live.play(move);
    if (error) return this.refuse(error.code === "bad-hand" ? "malformed" : error.code, error.message, move.type);
    this.commit(0, move, before);
  }

  chooseTrump(suit: Suit): void {
    const { table } = this;
    if (table.phase !== "choosing")
      return this.refuse("wrong-phase", "Trumps are picked before the deal only.", "trump");
    if (table.chosen[0] !== null) return this.refuse("already-chosen", `You already own ${table.chosen[0]}.`, "trump");
    table.chosen[0] = suit; // computer seats never race the person for a suit: they get the engine's defaults
    this.deal();
  }

  rematch(): void {
    if (this.table.phase !== "over")
      return this.refuse("wrong-phase", "A rematch can be asked for once the hand is over.", "rematch");
    this.#rematch = true;
    this.deal(); // the computer seats always agree
  }

  hint(): void {
    const live = this.#live;
    if (this.table.phase !== "playing" || !live || live.position.toMove !== 0)
      return this.refuse("hint-unavailable", "Hints are given on your turn.", "hint");
    const turn = this.#turn;
    const position = live.position;
    this.parts.computer.analyse(viewFor(live.toHand(), 0), this.seed(), this.parts.hintMs).then(
      (a) => {
        if (turn !== this.#turn || this.#closed) return;
        if (checkMove(position, a.move) !== null)
          return this.refuse("hint-unavailable", "No hint could be found.", "hint");
        this.deliver(() => this.events.hint({ move: a.move, value: a.value }));
      },
      () => {
        if (!this.#closed) this.refuse("hint-unavailable", "No hint could be found.", "hint");
      },
    );
  }

  leave(): Promise<void> {
    this.close();
    forgetTable(this.parts.storage);
    return Promise.resolve();
  }

  /**
   * The person's name is now `name` (the identity's name arrived after the table opened
   * under the placeholder, or the player renamed): the seat shows it, and the hands this
   * table finishes are kept under it, as the server records them.
   */
  rename(name: string): void {
    if (this.#closed || name === "" || this.table.names[0] === name) return;
    this.table.names[0] = name;
    this.changed();
  }

  /** Stops the computers; the table stays kept for a reload (the page is going away). */
  close(): void {
    this.#closed = true;
    this.#turn++;
    this.parts.computer.close();
  }

  /** The table as the server's state would read (test hook, unit tests). */
  snapshot(): TableSnapshot {
    const { table } = this;
    const position = this.#live?.position ?? null;
    const seats = table.names.map((name, i): SeatSnapshot => {
      const cards = position?.hands[i] ?? [];
      return {
        name,
        isAI: i > 0,
        connected: true,
        trump: position?.trumps[i] ?? table.chosen[i] ?? null,
        cardCount: cards.length,
        sessionId: i === 0 ? LOCAL_SEAT_ID : "",
        hand: i === 0 ? cards.slice() : null,
        place: position?.places[i] ?? null,
        rematch: table.phase === "over" && (i > 0 || this.#rematch),
        playerId: "",
        rating: null,
        provisional: false,
        ratingAfter: null,
      };
    });
    const result = table.phase === "choosing" ? null : (position?.result ?? null);
    return {
      phase: table.phase,
      mode: "computer",
      code: "",
      seats,
      pile: position && table.phase !== "choosing" ? position.pile.slice() : [],
      toMove: table.phase === "playing" ? (position?.toMove ?? -1) : -1,
      secondDue: table.phase === "playing" && (position?.secondDue ?? false),
      deadline: 0, // a local table has no clock
      seq: table.seq,
      turns: position?.turns ?? 0,
      lastMove: this.#lastMove,
      result: result ? { places: result.places.slice(), loser: result.loser, reason: result.reason } : null,
      handId: table.hand?.id ?? "",
      spectators: 0, // nobody watches a table in the page
    };
  }

  /** Deals a new hand with the seats' trumps (R3's defaults for seats without one), the next dealer by R4. */
  private deal(): void {
    const { table, parts } = this;
    const trumps = defaultTrumps(table.chosen);
    // A seed from crypto: a seed anyone could guess would tell every hand.
    const seed = hex(parts.randomBytes(16));
    const hand = newHand({
      players: table.players,
      seed,
      trumps,
      ...(table.nextDealer === null ? {} : { dealer: table.nextDealer }),
    });
    if (hand.setup.kind !== "deal") throw new Error("newHand deals");
    this.#live = new LiveHand(hand);
    this.#lastMove = null;
    this.#rematch = false;
    this.#turn++;
    table.chosen = hand.trumps.slice();
    table.hand = { id: parts.uuid(), setup: hand.setup, log: [], moveTimes: [], startedAt: parts.now() };
    table.phase = "playing";
    this.changed();
    this.nextTurn();
  }

  /** The one place a move lands once the engine has played it. */
  private commit(seat: number, move: Move, before: HandPosition): void {
    const { table, parts } = this;
    const live = this.#live!;
    const hand = table.hand!;
    const after = live.position;
    this.#turn++;
    hand.log.push(move);
    hand.moveTimes.push(Math.max(0, parts.now() - hand.startedAt));
    table.seq++;
    this.#lastMove = lastMoveOf(seat, move, before, after);
    if (after.result) {
      table.phase = "over";
      table.nextDealer = nextDealer(hand.setup.dealer, after.result);
      parts.finished?.({
        hand: { ...hand, log: hand.log.slice(), moveTimes: hand.moveTimes.slice() },
        names: table.names.slice(),
        level: table.level,
        endedAt: parts.now(),
      });
    }
    this.changed();
    if (!after.result) this.nextTurn();
  }

  /** A computer seat to move thinks in the worker, then waits out the rest of the pause; the person has no clock. */
  private nextTurn(): void {
    const live = this.#live;
    if (this.#closed || !live || this.table.phase !== "playing") return;
    const seat = live.position.toMove;
    if (seat <= 0) return;
    const turn = this.#turn;
    const before = live.position;
    const { computer, pauseMs, hardMs, now } = this.parts;
    const level = this.table.level;
    const started = now();
    const view = viewFor(live.toHand(), seat);
    computerMove({
      ask: () => computer.choose(view, level, this.seed(), level === "hard" ? hardMs : undefined),
      easy: async () => {
        const stand = this.parts.standIn();
        try {
          return await stand.choose(view, "easy", this.seed());
        } finally {
          stand.close();
        }
      },
      deadlineMs: this.parts.askDeadlineMs,
      legal: (move) => checkMove(before, move) === null,
      log: this.parts.log ?? ((message) => console.warn(`local table: ${message}`)),
    })
      .catch(() => legalMoves(before)[0]!) // even the easy level failed (its chunk did not load): the engine's first legal move
      .then(async (move) => {
        const rest = pauseMs - (now() - started);
        if (rest > 0) await new Promise((ok) => setTimeout(ok, rest));
        if (turn !== this.#turn || this.#closed) return;
        if (live.play(move) === null) this.commit(seat, move, before);
      })
      .catch(() => undefined);
  }

  /** Plays the saved hand forward from its setup; false when the engine refuses a saved move. */
  private replay(): boolean {
    const hand = this.table.hand;
    if (!hand) return true;
    let live: LiveHand;
    try {
      live = new LiveHand(startHand(hand.setup));
    } catch {
      return false;
    }
    let last: LastMove | null = null;
    for (const move of hand.log) {
      const before = live.position;
      if (live.play(move) !== null) return false;
      last = lastMoveOf(before.toMove, move, before, live.position);
    }
    const over = live.position.result !== null;
    if (over !== (this.table.phase === "over")) return false;
    this.#live = live;
    this.#lastMove = last;
    return true;
  }

  private changed(): void {
    if (this.#closed) return;
    saveTable(this.parts.storage, this.table);
    const snapshot = this.snapshot();
    this.deliver(() => this.events.snapshot(snapshot, LOCAL_SEAT_ID));
  }

  private refuse(code: ErrorCode, message: string, type: string): void {
    this.deliver(() => this.events.error({ code, message, type }));
  }

  /** Hands an event to the page (in order), unless the table has closed meanwhile. */
  private deliver(event: () => void): void {
    const run = (): void => {
      if (!this.#closed) event();
    };
    if (this.parts.deliver) this.parts.deliver(run);
    else run();
  }

  /** A computer's or hint's random seed, from crypto like the deal's: its choices must not be predictable from earlier ones. */
  private seed(): number {
    const b = this.parts.randomBytes(4);
    return ((b[0]! << 23) | (b[1]! << 15) | (b[2]! << 7) | (b[3]! >> 1)) >>> 0;
  }
}

/** The last move as the server's state shows it: a pickup's cards are those that left the top of the pile. */
function lastMoveOf(seat: number, move: Move, before: HandPosition, after: HandPosition): LastMove {
  return {
    seat,
    type: move.type,
    card: move.type === "play" ? move.card : null,
    taken: move.type === "pickup" ? before.pile.slice(after.pile.length) : [],
    auto: false,
  };
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
