/**
 * The `table` room: a thin adapter between Colyseus and the engine. This class is
 * its Colyseus lifecycle; each hook hands the table's work to one small part —
 * the message gate, the quick fill, the trump choice, the hand in play, rematches,
 * hints (table-parts.ts), the listing, the journal entry, the return of a restored
 * table's people — which validate, ask the engine and project its answer into schema
 * state. Every rule is the engine's; the room only owns seats, clocks and phases.
 */
import { Room, ServerError, ErrorCode, TimedEventException } from "@colyseus/core";
import type { AuthContext, Client, RoomException, RoomMethodName } from "@colyseus/core";
import { StateView } from "@colyseus/schema";
import { SESSION_ENDED_CODE, TABLE_CLOSE_CODES, TABLE_RESTART_CODE } from "@yourtrumps/protocol";
import type { ClosedMessage, TableCloseReason } from "@yourtrumps/protocol";
import { TableState } from "../state/table-state.js";
import { sizeEncoderBuffers } from "./encoder-buffers.js";
import { seatPlayerOf, sessionEnded, type SeatPlayer } from "./identity.js";
import { refuseSeat } from "./seat-refusals.js";
import { authorizeJoin } from "./table-auth.js";
import { JournalEntry } from "./journal-entry.js";
import type { TableMetadata } from "./listing-publisher.js";
import { clientsWhenFull } from "./open-seats.js";
import { pendingReservations } from "./quick-fill.js";
import { clearSeat, freeSeat, humanSeats, seatComputer, seatOf, seatPerson } from "./seating.js";
import { Spectators, isWatchRequest } from "./spectators.js";
import { computerTookSeat, keepArenaTable, makeTableParts, type PartsHost, type TableParts } from "./table-parts.js";
import { createTable, tableOptions } from "./table-create.js";
import type { TableHost } from "./table-host.js";
import { restoreTable } from "./table-restore.js";
import { TableReturn } from "./table-return.js";
import { RESTORE_OPTION, type TableFacts, type TableSettings } from "./table-settings.js";
import { TurnClock } from "./turn-clock.js";
import type { Logger } from "../logging/logger.js";
import { MoveToPatchTimer } from "../metrics/move-to-patch.js";

// Colyseus' clock (its flood check reads it) is ticked at least this often, and a change no client got by then
// is sent and logged (every change should be patched at once). Rare: an idle table's cost is its timers.
const SWEEP_MS = 5000;
const HARD_MESSAGE_LIMIT = 200; // per second: beyond this Colyseus drops the socket (seat is held)

/** Creates the room class bound to `settings` (Colyseus instantiates rooms itself). */
export function tableRoom(settings: TableSettings): typeof TableRoom {
  sizeEncoderBuffers(); // before any table exists: each table's encoder allocates its buffers when it is made
  return class ConfiguredTableRoom extends TableRoom {
    protected override readonly settings = settings;

    /** Runs in the matchmaker before a table is searched for or created: who may join, and as whom (table-auth.ts). */
    static override onAuth(
      _token: string,
      options: Record<string, unknown>,
      context: AuthContext,
    ): Promise<SeatPlayer | true> {
      return authorizeJoin(settings, options, context);
    }
  };
}

/**
 * One table: 2–4 seats, each held by a person or a computer player, through any
 * number of hands. Phases: waiting → choosing (trumps) → playing → over → (rematch)
 * playing. Use `tableRoom(settings)` to get a class Colyseus can instantiate.
 */
export class TableRoom extends Room<{ state: TableState; metadata: TableMetadata }> {
  override state = new TableState();
  protected readonly settings!: TableSettings;

  private readonly turnClock = new TurnClock(this.state, (work) => this.runTimed(work));
  private shuttingDown = false;
  private handedOver = false; // shut down with its record kept: another start (or process) plays it on
  private closing = false; // closeTable has run: the table is on its way out
  private expiry: ReturnType<typeof setTimeout> | undefined; // a private table waiting for its players closes then
  private readonly facts: TableFacts = { createdAt: Date.now(), startedAt: 0, allowWatching: false, turnMs: 0 };
  private readonly moveTimer = new MoveToPatchTimer(); // for the metrics
  private tableLog: Logger | undefined; // settings.log with this table's roomId (set after construction), made on first use
  private readonly spectators = new Spectators(this.state, () => this.patched());
  // Made in onCreate (they need the settings, which the configured class sets after these fields, and the table's options):
  private entry!: JournalEntry;
  private back!: TableReturn;
  private parts!: TableParts;

  /** Runs once when the table is created: seats, parts, listing, and the quick fill's clock. */
  override async onCreate(raw: unknown): Promise<void> {
    this.entry = new JournalEntry({
      roomId: () => this.roomId,
      state: this.state,
      facts: this.facts,
      journal: this.settings.journal,
      hand: () => this.parts.hand,
    });
    this.back = new TableReturn({
      state: this.state,
      reconnectSeconds: this.settings.reconnectSeconds,
      allowReconnection: (client, seconds) => this.allowReconnection(client, seconds),
      runTimed: (work) => this.runTimed(work),
      seatLeft: (sessionId) => this.seatLeft(sessionId),
      setAutoDispose: (on) => (this.autoDispose = on && !this.facts.arena), // keepArenaTable
    });
    const restore = (raw as Record<string, unknown> | null)?.[RESTORE_OPTION];
    if (typeof restore === "string") return restoreTable(this.host(), restore);
    return createTable(this.host(), raw);
  }

  /**
   * Runs when a client has a seat reservation and connects: it takes the first free
   * seat, bound to the player onAuth found (`auth`), if any. One player holds one seat
   * at a table: two seats would play against themselves, and no hand of theirs would be rated.
   */
  override async onJoin(client: Client, raw: unknown, auth?: unknown): Promise<void> {
    if (isWatchRequest(raw)) {
      this.spectators.admit(client, this.clients, this.facts.allowWatching);
      return this.entry.committed();
    }
    if (this.parts.arenaSeats) return this.parts.arenaSeats.join(client, seatPlayerOf(auth));
    const options = tableOptions(raw);
    const player = seatPlayerOf(auth);
    const index = freeSeat(this.state);
    if (index < 0 || this.state.phase !== "waiting")
      throw new ServerError(ErrorCode.MATCHMAKE_UNHANDLED, "this table has already started");
    refuseSeat(this.state, player);
    seatPerson(this.state, index, client.sessionId, options.name, player);
    client.view = new StateView();
    client.view.add(this.state.seats.at(index)); // the only seat whose hand this client receives
    this.parts.gate.open(client);
    this.parts.fill.seated(index);
    // A table filled while someone plays the computer meanwhile waits for them to come (quick-fill.ts).
    if (freeSeat(this.state) < 0 && !this.parts.fill.held) this.startChoosing();
    this.parts.listing.publish();
    this.patched();
    await this.entry.keepToken(client); // on record before the client learns it (Colyseus sends it once this returns)
    await this.entry.committed();
  }

  /** Runs when a client's connection drops without leaving: the seat is held for reconnection. */
  override onDrop(client: Client): void {
    const index = seatOf(this.state, client.sessionId);
    if (index < 0 || this.state.phase === "waiting") return; // onLeave frees a seat nobody is playing yet
    this.state.seats.at(index).connected = false;
    // Refused while the room shuts down; Colyseus then calls onLeave, which is all we need.
    this.allowReconnection(client, this.settings.reconnectSeconds).catch(() => {});
    this.patched();
  }

  /** Runs when a dropped client comes back with its reconnection token: same seat, same view. */
  override async onReconnect(client: Client): Promise<void> {
    if (this.back.cameBack(client)) return; // a restored table that cannot go on turns them away
    if (await sessionEnded(this.settings.storage.store, client.auth)) {
      // Signed out meanwhile: the seat is not this connection's any more; a computer takes it, as from one who left.
      this.seatLeft(client.sessionId);
      setTimeout(() => client.leave(SESSION_ENDED_CODE), 0).unref();
      return;
    }
    const index = seatOf(this.state, client.sessionId);
    if (index >= 0) this.state.seats.at(index).connected = true;
    this.parts.gate.open(client);
    this.patched();
    this.back.settled(); // everyone is back, or gone to a computer: disposed of as any other table
    await this.entry.keepToken(client); // its new token, before the client learns it
    await this.entry.committed();
  }

  /**
   * Asked by the matchmaker (`client.reconnect(token)`) and by the transport (the SDK's
   * own automatic reconnection) before a reconnection: a restored seat is opened to the
   * token of its person here, the first time that token is shown.
   */
  override checkReconnectionToken(reconnectionToken: string): string {
    this.back.claim(reconnectionToken);
    return super.checkReconnectionToken(reconnectionToken);
  }

  override hasReservedSeat(sessionId: string, reconnectionToken?: string): boolean {
    if (typeof reconnectionToken === "string") this.back.claim(reconnectionToken);
    return super.hasReservedSeat(sessionId, reconnectionToken);
  }

  /**
   * Runs when a client is gone for good: left on purpose, or did not come back in
   * time. A computer player takes the seat at once so the game goes on — unless no
   * person is left: then nobody would watch the computers play on, so none starts to
   * think, and Colyseus disposes of the table now that it has no client.
   */
  override onLeave(client: Client): void {
    if (this.spectators.remove(client.sessionId)) return;
    this.parts.gate.close(client);
    client.view?.dispose();
    this.entry.tokens.delete(client.sessionId);
    this.seatLeft(client.sessionId);
  }

  /**
   * Runs when the server shuts down, before every client is disconnected: nobody is
   * replaced then, and a hand in play is recorded as abandoned with its moves so far
   * (the server flushes the records once every table is closed).
   */
  override onBeforeShutdown(): void {
    this.shuttingDown = true;
    this.turnClock.stop();
    this.back.clear();
    if (humanSeats(this.state).length === 0 || this.back.unrestorable !== null) {
      this.parts.hand.abandon();
      this.settings.patches.now(this); // the players must see the hand called off before they are disconnected
      super.onBeforeShutdown();
      return;
    }
    // Kept for the next start (or another process): the players are told to come back.
    this.handedOver = true;
    this.entry.keep();
    void this.settings.journal.committed().then(() => {
      this.settings.patches.now(this);
      return this.disconnect(TABLE_RESTART_CODE);
    });
  }

  /**
   * Runs when the room is disposed: pending computer moves, hints and clocks are void,
   * the table's searches still queued are cancelled, and it no longer counts as open.
   * A table is disposed mid-hand when its last person has left (the seats were all
   * handed to computers, which nobody watches play on): that hand is recorded as
   * abandoned, its leavers as having left it.
   */
  override onDispose(): void {
    clearTimeout(this.expiry);
    this.parts.arenaSeats?.stop();
    this.spectators.stop();
    this.parts.reactions.stop();
    this.stopThinking();
    this.back.clear();
    this.settings.computerTables.release(this.roomId);
    if (this.handedOver) return; // its record stays, for whoever restores it (and its players stay marked playing: the table plays on there)
    this.parts.listing.stopMarking();
    this.parts.hand.abandon();
    this.settings.journal.drop(this.roomId);
  }

  /**
   * Runs on an exception in any hook, handler or timer of this table. A join refused on
   * purpose (a ServerError) is the joiner's answer, not a fault. Anything else leaves the
   * table in a state nobody can vouch for: it is logged and the table closed under its
   * players ("failed"), while the process and every other table go on.
   */
  override onUncaughtException(error: RoomException, methodName: RoomMethodName): void {
    const cause = error.cause instanceof Error ? error.cause : error;
    if (cause instanceof ServerError) return;
    this.log.error({ err: cause }, `${methodName} failed, closing the table`);
    // A failed onCreate fails the create itself, and a table disposing is closed already.
    if (methodName !== "onCreate" && methodName !== "onDispose")
      this.closeTable("failed", "this table hit a server fault and was closed; other tables are not affected");
  }

  /** Encodes and sends what changed to every client (cheap when nothing did: no frame goes out). */
  sendPatch(): void {
    this.broadcastPatch();
    this.moveTimer.sent();
    this.parts.listing.publish();
  }

  /** The person of `sessionId` is gone for good: their seat goes to a computer (or is free again before the deal). */
  private seatLeft(sessionId: string): void {
    const index = seatOf(this.state, sessionId);
    if (index < 0 || this.shuttingDown) return;
    const seat = this.state.seats.at(index);
    if (this.parts.arenaSeats) this.parts.arenaSeats.left(index);
    else if (this.state.phase === "waiting") {
      clearSeat(seat);
      this.parts.fill.seatLeft(index);
      this.parts.listing.publish();
    } else {
      seatComputer(this.state, seat); // the hand's record shows the seat was left
      if (humanSeats(this.state).length === 0) this.stopThinking();
      else computerTookSeat(this.parts, this.state.phase, index);
    }
    this.entry.keep();
    this.patched();
  }

  /** Closes the table under its players: each gets a `closed` message, then its connection closes with the reason's code. */
  private closeTable(reason: TableCloseReason, message: string): void {
    if (this.closing) return;
    this.closing = true;
    this.shuttingDown = true; // the leavers are not replaced by computers
    this.turnClock.stop();
    try {
      this.parts.hand.abandon();
    } catch (e) {
      this.log.warn({ err: e }, "its hand could not be recorded as abandoned");
    }
    this.back.clear();
    this.settings.journal.drop(this.roomId);
    this.settings.patches.now(this);
    this.broadcast("closed", { reason, message } satisfies ClosedMessage);
    this.disconnect(TABLE_CLOSE_CODES[reason]).catch((e: unknown) => this.log.warn({ err: e }, "closing failed"));
  }

  /** A private table still waiting for its players after `ms` is closed as expired, with `message`. */
  private expireAfter(ms: number, message: string): void {
    const expire = (): void => {
      if (this.state.phase === "waiting") this.closeTable("expired", message);
    };
    this.expiry = setTimeout(() => this.runTimed(expire), ms);
  }

  /** The state changed: it goes out at the end of this turn of the event loop, once what it records is committed (patch-scheduler.ts). */
  private patched(): void {
    this.settings.patches.mark(this);
  }

  /** Every SWEEP_MS: Colyseus' clock moves on, and a change no part patched goes out late — and is logged, as a bug. */
  private sweep(): void {
    if (!this.entry.isCommitted()) return; // its patch waits for the commit
    if (this.broadcastPatch()) this.log.warn(`a change waited for the sweep (phase ${this.state.phase})`);
  }

  /** The part of onCreate both a new and a restored table do: limits, the patch policy, the parts. */
  private setUp(turnMs: number): TableParts {
    this.facts.turnMs = turnMs;
    this.maxMessagesPerSecond = Math.max(HARD_MESSAGE_LIMIT, this.settings.messagesPerSecond * 4);
    this.seatReservationTimeout = this.settings.seatReservationSeconds; // a bare reservation must not hold a seat (and the quick fill) for long
    // A turn-based table changes a few times a minute, so it sends a patch after each
    // change (`patched`) instead of checking for changes 20 times a second; the timestep
    // only keeps Colyseus' clock current and catches a change that was missed.
    this.setTimestep(() => this.sweep(), SWEEP_MS);
    this.patchRate = null;
    this.parts = makeTableParts(this.host(), turnMs);
    if (this.facts.arena) keepArenaTable(this, this.settings);
    return this.parts;
  }

  /** What making or restoring this table (table-host.ts) and its parts (table-parts.ts) need of the room. */
  private host(): TableHost & PartsHost {
    return {
      roomId: this.roomId,
      roomName: this.roomName,
      state: this.state,
      clock: this.turnClock,
      settings: this.settings,
      facts: this.facts,
      entry: this.entry,
      back: this.back,
      client: (sessionId) => this.clients.getById(sessionId),
      presence: this.presence,
      setMetadata: (metadata) => this.setMetadata(metadata),
      onMessage: this.onMessage.bind(this) as Room["onMessage"],
      isSpectator: (sessionId) => this.spectators.has(sessionId),
      broadcastReaction: (message) => this.broadcast("reaction", message),
      reservedSeats: () => pendingReservations(this),
      lock: () => void this.lock().catch(() => {}), // a failed lock is harmless: onJoin refuses latecomers anyway
      full: () => this.startChoosing(),
      setUp: (turnMs) => this.setUp(turnMs),
      limitClients: (max) => (this.maxClients = max),
      makePrivate: () => this.setPrivate(true),
      unlist: () => this.setMatchmaking({ unlisted: true }),
      expireAfter: (ms, message) => this.expireAfter(ms, message),
      closeArenaTable: () => this.closeTable("arena-hand-over", "the arena hand is over; you are back in the arena"),
      stopClock: () => this.turnClock.stop(),
      listed: (sent) => {
        this.metadata = this.parts.listing.current();
        if (sent) this.parts.listing.published(this.metadata);
      },
      patched: () => this.patched(),
      runTimed: (work) => this.runTimed(work),
      moveLanded: () => this.moveTimer.landed(),
    };
  }

  /** This table's log: every line carries its roomId. */
  private get log(): Logger {
    return (this.tableLog ??= this.settings.log.child({ roomId: this.roomId }));
  }

  /** The work of a timer of the table's clock, run as Colyseus runs its hooks: an error goes to onUncaughtException; the change is patched. */
  private runTimed(work: () => void): void {
    try {
      work();
    } catch (e) {
      const error = e instanceof Error ? e : new Error(String(e));
      this.onUncaughtException(new TimedEventException(error, error.message), "setTimeout");
    }
    this.patched();
  }

  /** Nothing more happens at this table: its clock stops (every pending answer void) and its searches are cancelled. */
  private stopThinking(): void {
    this.turnClock.stop();
    this.settings.ai.cancel(this.roomId);
  }

  /**
   * Every seat is held: nobody else sits down once the hand is being set up. The table is
   * listed as full and opened to spectators (open-seats.ts) rather than locked.
   */
  private startChoosing(): void {
    this.facts.startedAt = Date.now();
    this.parts.trumps.start();
    const listing = this.parts.listing.current();
    this.parts.listing.published(listing);
    // Key order matters: the listing says full before the unlock makes the table findable by id.
    this.setMatchmaking({ metadata: listing, maxClients: clientsWhenFull(this.state.players), locked: false }).catch(
      () => {},
    );
  }
}
