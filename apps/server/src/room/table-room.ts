/**
 * The `table` room: a thin adapter between Colyseus and the engine. It validates
 * each message, asks the engine, and projects the result into schema state.
 * Every rule is the engine's; the room only owns seats, clocks and phases.
 */
import { randomBytes, randomInt } from "node:crypto";
import { Room, ServerError, ErrorCode } from "@colyseus/core";
import type { AuthContext, Client, Delayed, RoomException, RoomMethodName } from "@colyseus/core";
import { StateView } from "@colyseus/schema";
import { LiveHand, checkMove, defaultTrumps, legalMoves, newHand, nextDealer, viewFor } from "@yourtrumps/engine";
import type { HandPosition, Move, Suit } from "@yourtrumps/engine";
import type { ClientMessages, ClientMessageType, ErrorCode as TableErrorCode, Level, Mode, PlayerCount } from "@yourtrumps/protocol";
import { Seat, TableState } from "../state/table-state.js";
import type { ComputerPlayers } from "./computer.js";
import { checkJoinOptions } from "./join-options.js";
import type { TableOptions } from "./join-options.js";
import { parseMessage } from "./messages.js";
import { projectHand, syncArray } from "./project.js";
import { RateLimiter } from "./rate-limit.js";
import { clearSeat, freeSeat, humanSeats, seatComputer, seatOf } from "./seating.js";
import { uniqueTableCode } from "./table-code.js";

/** Server-wide settings every table shares (from env or `startServer` options). */
export interface TableSettings {
  fillAfterMs: number; // quick match: empty seats go to computer players after this
  reconnectSeconds: number; // a dropped player's seat is held this long
  turnMs: number; // per-move clock at human tables (and for picking trumps) unless a private table sets its own; 0 = none
  aiDelayMs: number; // human-like pause before a computer move
  hintMs: number; // analysis time for a hint
  ai: ComputerPlayers;
  messagesPerSecond: number; // per client, sustained; bursts of twice that pass
  log: (message: string) => void;
}

const FILL_RECHECK_MS = 1000; // a table waiting for reserved clients looks again this often
const HARD_MESSAGE_LIMIT = 200; // per second: beyond this Colyseus drops the socket (seat is held)

type Metadata = { mode: Mode; players: PlayerCount; code?: string };

/** Creates the room class bound to `settings` (Colyseus instantiates rooms itself). */
export function tableRoom(settings: TableSettings): typeof TableRoom {
  return class ConfiguredTableRoom extends TableRoom {
    protected override readonly settings = settings;
  };
}

/**
 * One table: 2–4 seats, each held by a person or a computer player, through any
 * number of hands. Phases: waiting → choosing (trumps) → playing → over → (rematch)
 * playing. Use `tableRoom(settings)` to get a class Colyseus can instantiate.
 */
export class TableRoom extends Room<{ state: TableState; metadata: Metadata }> {
  override state = new TableState();
  protected readonly settings!: TableSettings;

  private turnMs = 0; // this table's clock per move (and for picking trumps); 0 = none
  private live: LiveHand | null = null; // the hand being played, played forward in place (O(1) a move)
  private dealer: number | undefined; // who deals the next hand (R4); undefined = drawn from the seed
  private moveToken = 0; // bumped on every move: pending computer moves and clocks of an older turn are void
  private turnTimer: Delayed | undefined;
  private fillTimer: Delayed | undefined;
  private limiters = new Map<string, RateLimiter>();
  private disposed = false;
  private shuttingDown = false;

  /**
   * Runs in the matchmaker before a table is searched for or created: refuses bad
   * join options and writes the defaults back, because Colyseus filters tables by
   * this very options object.
   */
  static override async onAuth(_token: string, options: Record<string, unknown>, _context: AuthContext): Promise<unknown> {
    const checked = checkJoinOptions(options);
    if (!checked.ok) throw new ServerError(ErrorCode.MATCHMAKE_INVALID_CRITERIA, checked.message);
    for (const key of Object.keys(options)) delete options[key];
    Object.assign(options, checked.options);
    return true;
  }

  /** Runs once when the table is created: seats, listing, the fill timer. */
  override async onCreate(raw: unknown): Promise<void> {
    const options = this.options(raw);
    const players = options.players ?? 2;
    const s = this.state;
    s.mode = options.mode;
    s.players = players;
    s.level = options.level;
    this.turnMs = options.mode === "computer" ? 0 : options.mode === "private" && options.turnSeconds !== undefined ? options.turnSeconds * 1000 : this.settings.turnMs;
    s.turnSeconds = Math.ceil(this.turnMs / 1000);
    for (let i = 0; i < players; i++) s.seats.push(new Seat());
    this.maxMessagesPerSecond = Math.max(HARD_MESSAGE_LIMIT, this.settings.messagesPerSecond * 4);
    this.registerMessages();

    if (options.mode === "computer") {
      this.maxClients = 1;
      s.seats.forEach((seat, i) => i > 0 && seatComputer(seat));
      await this.setPrivate(true); // never offered to anyone else
      this.metadata = { mode: options.mode, players };
    } else if (options.mode === "private") {
      // joinOrCreate with a code must not quietly open a new table when the code is wrong
      if (options.code) throw new ServerError(ErrorCode.MATCHMAKE_INVALID_CRITERIA, `no open table has the code ${options.code}`);
      this.maxClients = players;
      s.code = await uniqueTableCode(this.roomName);
      this.metadata = { mode: options.mode, players, code: s.code };
      await this.setMatchmaking({ unlisted: true });
    } else {
      this.maxClients = players;
      this.metadata = { mode: options.mode, players };
      s.deadline = Date.now() + this.settings.fillAfterMs;
      this.fillTimer = this.clock.setTimeout(() => this.fillWithComputers(), this.settings.fillAfterMs);
    }
  }

  /** Runs when a client has a seat reservation and connects: it takes the first free seat. */
  override onJoin(client: Client, raw: unknown): void {
    const options = this.options(raw);
    const index = freeSeat(this.state);
    if (index < 0 || this.state.phase !== "waiting") throw new ServerError(ErrorCode.MATCHMAKE_UNHANDLED, "this table has already started");
    const seat = this.state.seats.at(index)!;
    seat.sessionId = client.sessionId;
    seat.name = options.name || `Player ${index + 1}`;
    seat.connected = true;
    client.view = new StateView();
    client.view.add(seat); // the only seat whose hand this client receives
    this.limiters.set(client.sessionId, this.newLimiter());
    if (freeSeat(this.state) < 0) this.startChoosing();
  }

  /** Runs when a client's connection drops without leaving: the seat is held for reconnection. */
  override onDrop(client: Client): void {
    const index = seatOf(this.state, client.sessionId);
    if (index < 0 || this.state.phase === "waiting") return; // onLeave frees a seat nobody is playing yet
    this.state.seats.at(index)!.connected = false;
    // Refused while the room shuts down; Colyseus then calls onLeave, which is all we need.
    this.allowReconnection(client, this.settings.reconnectSeconds).catch(() => {});
  }

  /** Runs when a dropped client comes back with its reconnection token: same seat, same view. */
  override onReconnect(client: Client): void {
    const index = seatOf(this.state, client.sessionId);
    if (index >= 0) this.state.seats.at(index)!.connected = true;
    this.limiters.set(client.sessionId, this.newLimiter());
  }

  /**
   * Runs when a client is gone for good: left on purpose, or did not come back in
   * time. A computer player takes the seat at once so the hand goes on.
   */
  override onLeave(client: Client): void {
    this.limiters.delete(client.sessionId);
    client.view?.dispose();
    const index = seatOf(this.state, client.sessionId);
    if (index < 0 || this.shuttingDown) return;
    const seat = this.state.seats.at(index)!;
    if (this.state.phase === "waiting") {
      clearSeat(seat);
      return;
    }
    seatComputer(seat);
    this.afterSeatChange(index);
  }

  /** Runs when the server shuts down, before every client is disconnected: nobody is replaced then. */
  override onBeforeShutdown(): void {
    this.shuttingDown = true;
    this.moveToken++;
    super.onBeforeShutdown();
  }

  /** Runs when the room is disposed: pending computer moves and clocks are void. */
  override onDispose(): void {
    this.disposed = true;
    this.moveToken++;
  }

  /** Runs on an exception in any hook or handler: logged, never fatal. */
  override onUncaughtException(error: RoomException, methodName: RoomMethodName): void {
    this.settings.log(`table ${this.roomId}: ${methodName} failed: ${error.stack ?? error.message}`);
  }

  // ---- messages -------------------------------------------------------------

  private registerMessages(): void {
    this.handle("play", (seat, m, client) => this.humanMove(client, seat, { type: "play", card: m.card }));
    this.handle("pickup", (seat, _m, client) => this.humanMove(client, seat, { type: "pickup" }));
    this.handle("trump", (seat, m, client) => this.chooseTrump(client, seat, m.suit));
    this.handle("rematch", (seat, _m, client) => this.askRematch(client, seat));
    this.handle("hint", (seat, _m, client) => this.hint(client, seat));
    this.onMessage("*", (client: Client, type: string | number) => {
      if (this.admit(client)) this.refuse(client, "unknown-message", `There is no message "${String(type)}".`, String(type));
    });
  }

  /** Registers a handler that runs only for a seated, non-flooding client with a well-formed payload. */
  private handle<K extends ClientMessageType>(type: K, handle: (seat: number, message: ClientMessages[K], client: Client) => void): void {
    this.onMessage(type, (client: Client, payload: unknown) => {
      if (!this.admit(client)) return;
      const parsed = parseMessage(type, payload);
      if (!parsed.ok) return this.refuse(client, "malformed", parsed.message, type);
      const seat = seatOf(this.state, client.sessionId);
      if (seat < 0) return this.refuse(client, "wrong-phase", "You no longer hold a seat at this table.", type);
      handle(seat, parsed.value, client);
    });
  }

  private newLimiter(): RateLimiter {
    return new RateLimiter(this.settings.messagesPerSecond, this.settings.messagesPerSecond * 2, Date.now());
  }

  private admit(client: Client): boolean {
    const limiter = this.limiters.get(client.sessionId);
    const now = Date.now();
    if (!limiter || limiter.take(now)) return true;
    if (limiter.shouldWarn(now)) this.refuse(client, "rate-limited", "Too many messages: slow down; extra messages are ignored.");
    return false;
  }

  private refuse(client: Client, code: TableErrorCode, message: string, type?: string): void {
    client.send("error", type === undefined ? { code, message } : { code, message, type });
  }

  // ---- trumps (R3) ----------------------------------------------------------

  private startChoosing(): void {
    this.fillTimer?.clear();
    this.lock().catch(() => {}); // nobody joins a table once the hand is being set up
    this.state.phase = "choosing";
    this.moveToken++;
    const clocked = this.turnMs > 0;
    this.state.deadline = clocked ? Date.now() + this.turnMs : 0;
    const token = this.moveToken;
    this.turnTimer?.clear();
    if (clocked) this.turnTimer = this.clock.setTimeout(() => token === this.moveToken && this.deal(), this.turnMs);
    this.dealWhenChosen();
  }

  private chooseTrump(client: Client, seat: number, suit: Suit): void {
    if (this.state.phase !== "choosing") return this.refuse(client, "wrong-phase", "Trumps are picked before the deal only.", "trump");
    const mine = this.state.seats.at(seat)!;
    if (mine.trump !== "") return this.refuse(client, "already-chosen", `You already own ${mine.trump}.`, "trump");
    if (this.state.seats.some((s) => s.trump === suit)) return this.refuse(client, "suit-taken", `${suit} belongs to another player.`, "trump");
    mine.trump = suit;
    this.dealWhenChosen();
  }

  /** Computer seats never race people for a suit: they get R3's defaults at the deal. */
  private dealWhenChosen(): void {
    if (humanSeats(this.state).every((s) => s.trump !== "")) this.deal();
  }

  // ---- the hand -------------------------------------------------------------

  private deal(): void {
    const s = this.state;
    const trumps = defaultTrumps(s.seats.map((seat) => (seat.trump === "" ? null : seat.trump)));
    // A string seed from crypto: whoever could guess the seed would know every hand.
    const seed = randomBytes(16).toString("hex");
    const hand = newHand({ players: s.players, seed, trumps, ...(this.dealer === undefined ? {} : { dealer: this.dealer }) });
    this.live = new LiveHand(hand);
    this.moveToken++;
    this.turnTimer?.clear();
    s.dealer = hand.setup.kind === "deal" ? hand.setup.dealer : -1;
    s.hands++;
    s.phase = "playing";
    s.seats.forEach((seat) => (seat.wantsRematch = false));
    this.resetLastMove();
    projectHand(s, hand);
    this.scheduleTurn();
    this.broadcastPatch();
  }

  private humanMove(client: Client, seat: number, move: Move): void {
    const type = move.type;
    const live = this.live;
    if (this.state.phase !== "playing" || !live) return this.refuse(client, "wrong-phase", "No hand is being played.", type);
    const before = live.position;
    if (before.toMove !== seat) return this.refuse(client, "not-your-turn", `It is seat ${before.toMove}'s turn.`, type);
    const error = live.play(move);
    if (error) return this.refuse(client, error.code === "bad-hand" ? "malformed" : error.code, error.message, type);
    this.commit(seat, move, before, false);
  }

  /** The one place a move lands, once the engine has played it: state, sequence number, last move, next turn, patch. */
  private commit(seat: number, move: Move, before: HandPosition, auto: boolean): void {
    const next = this.live!.position;
    this.moveToken++;
    this.turnTimer?.clear();
    const s = this.state;
    s.seq++;
    s.lastMove.seat = seat;
    s.lastMove.type = move.type;
    s.lastMove.card = move.type === "play" ? move.card : "";
    syncArray(s.lastMove.taken, move.type === "pickup" ? before.pile.slice(next.pile.length) : []);
    s.lastMove.auto = auto;
    projectHand(s, next, before); // the state shows `before` until now
    if (next.result) this.finishHand(next);
    else this.scheduleTurn();
    this.broadcastPatch(); // a turn-based game: ship the move now, not at the next patch tick
  }

  private scheduleTurn(): void {
    const seat = this.live!.position.toMove;
    const token = this.moveToken;
    if (this.state.seats.at(seat)?.isAI) {
      this.state.deadline = 0;
      void this.computerMove(seat, token, this.state.level, false);
    } else if (this.turnMs > 0) {
      this.state.deadline = Date.now() + this.turnMs;
      this.turnTimer = this.clock.setTimeout(() => {
        if (token === this.moveToken) void this.computerMove(seat, token, "easy", true);
      }, this.turnMs);
    } else {
      this.state.deadline = 0;
    }
  }

  /**
   * A computer move for `seat`: thinks in the worker pool while the human-like
   * pause runs, then re-checks the answer with the engine. A clock expiry (auto)
   * moves at once with the easy player.
   */
  private async computerMove(seat: number, token: number, level: Level, auto: boolean): Promise<void> {
    const live = this.live!;
    const position = live.position;
    const started = Date.now();
    let move: Move | undefined;
    try {
      // From crypto, as the deal's seed is: a computer's random choices must not be predictable from earlier ones.
      move = await this.settings.ai.chooseMove(viewFor(live.toHand(), seat), { level, seed: randomInt(2 ** 31) });
    } catch (e) {
      this.settings.log(`table ${this.roomId}: computer player failed: ${(e as Error).message}`);
    }
    const pause = auto ? 0 : this.settings.aiDelayMs - (Date.now() - started);
    if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    if (this.disposed || token !== this.moveToken || this.live !== live || live.position !== position) return;
    if (move === undefined || live.play(move) !== null) {
      // Never stall a hand on a faulty answer: take the engine's first legal move.
      this.settings.log(`table ${this.roomId}: refused computer move ${JSON.stringify(move)}; playing the first legal move`);
      move = legalMoves(position)[0]!;
      if (live.play(move) !== null) return;
    }
    this.commit(seat, move, position, auto);
  }

  private finishHand(hand: HandPosition): void {
    const s = this.state;
    s.phase = "over";
    s.deadline = 0;
    s.toMove = -1;
    if (hand.result && hand.setup.kind === "deal") this.dealer = nextDealer(hand.setup.dealer, hand.result);
    s.seats.forEach((seat) => (seat.wantsRematch = seat.isAI));
  }

  private askRematch(client: Client, seat: number): void {
    if (this.state.phase !== "over") return this.refuse(client, "wrong-phase", "A rematch can be asked for once the hand is over.", "rematch");
    this.state.seats.at(seat)!.wantsRematch = true;
    this.rematchWhenAgreed();
  }

  private rematchWhenAgreed(): void {
    const people = humanSeats(this.state);
    if (people.length > 0 && people.every((s) => s.wantsRematch)) this.deal();
  }

  private hint(client: Client, seat: number): void {
    const live = this.live;
    const hand = live?.position;
    if (this.state.mode !== "computer" || this.state.phase !== "playing" || !live || !hand || hand.toMove !== seat) {
      return this.refuse(client, "hint-unavailable", "Hints are given at computer tables, on your turn.", "hint");
    }
    const token = this.moveToken;
    this.settings.ai.analyse(viewFor(live.toHand(), seat), { timeMs: this.settings.hintMs }).then(
      (a) => {
        if (this.disposed || token !== this.moveToken) return;
        if (checkMove(hand, a.move) !== null) return this.refuse(client, "hint-unavailable", "No hint could be found.", "hint");
        client.send("hint", { move: a.move, value: a.value });
      },
      (e: Error) => {
        this.settings.log(`table ${this.roomId}: hint failed: ${e.message}`);
        if (!this.disposed) this.refuse(client, "hint-unavailable", "No hint could be found.", "hint");
      },
    );
  }

  // ---- seats ----------------------------------------------------------------

  /** After a person's seat went to a computer player: the game must not wait for them. */
  private afterSeatChange(index: number): void {
    const phase = this.state.phase;
    switch (phase) {
      case "choosing":
        return this.dealWhenChosen();
      case "playing":
        if (this.live?.position.toMove === index) {
          this.moveToken++;
          this.turnTimer?.clear();
          this.scheduleTurn();
        }
        return;
      case "over":
        this.state.seats.at(index)!.wantsRematch = true;
        return this.rematchWhenAgreed();
      case "waiting":
        return;
      default:
        throw new Error(`unknown phase ${String(phase satisfies never)}`);
    }
  }

  /**
   * Quick match: computers take the empty seats, except seats the matchmaker has
   * already promised to clients still connecting; the table then waits for those
   * (locked, so nobody else is sent here) and looks again until they arrive or
   * their reservations lapse.
   */
  private fillWithComputers(): void {
    if (this.state.phase !== "waiting") return;
    let spare = this.state.seats.filter((seat) => seat.sessionId === "" && !seat.isAI).length - this.pendingReservations();
    this.state.seats.forEach((seat) => {
      if (spare > 0 && seat.sessionId === "" && !seat.isAI) {
        seatComputer(seat);
        spare--;
      }
    });
    if (freeSeat(this.state) < 0) return this.startChoosing();
    this.lock().catch(() => {});
    this.broadcastPatch();
    this.fillTimer = this.clock.setTimeout(() => this.fillWithComputers(), FILL_RECHECK_MS);
  }

  /**
   * Seats reserved by the matchmaker whose clients have not joined yet. Colyseus
   * keeps them in a field it does not publish (`_reservedSeats`: sessionId →
   * [options, auth, consumed, reconnecting]); if that ever changes this counts 0
   * and the fill behaves as it did before (the late client is refused).
   */
  private pendingReservations(): number {
    const reserved = (this as unknown as { _reservedSeats?: Record<string, unknown[]> })._reservedSeats ?? {};
    return Object.values(reserved).filter((r) => Array.isArray(r) && r[2] === false && r[3] === false).length;
  }

  private resetLastMove(): void {
    const m = this.state.lastMove;
    m.seat = -1;
    m.type = "";
    m.card = "";
    syncArray(m.taken, []);
    m.auto = false;
  }

  private options(raw: unknown): TableOptions {
    const checked = checkJoinOptions(raw);
    if (!checked.ok) throw new ServerError(ErrorCode.MATCHMAKE_INVALID_CRITERIA, checked.message);
    return checked.options;
  }
}

