/**
 * The `table` room: a thin adapter between Colyseus and the engine. This class is
 * its Colyseus lifecycle; each hook hands the table's work to one small part —
 * the message gate, the quick fill, the trump choice, the hand in play, rematches,
 * hints — which validate, ask the engine and project its answer into schema state.
 * Every rule is the engine's; the room only owns seats, clocks and phases.
 */
import { Room, ServerError, ErrorCode, TimedEventException } from "@colyseus/core";
import type { AuthContext, Client, RoomException, RoomMethodName } from "@colyseus/core";
import { StateView } from "@colyseus/schema";
import { TABLE_CLOSE_CODES, TABLE_RESTART_CODE } from "@yourtrumps/protocol";
import type { ClosedMessage, TableCloseReason } from "@yourtrumps/protocol";
import type { TableJournal } from "../durability/table-journal.js";
import type { ClaimedTable } from "../storage/index.js";
import { Seat, TableState } from "../state/table-state.js";
import type { ComputerPlayers } from "./computer.js";
import { ComputerTurns } from "./computer-turns.js";
import { sizeEncoderBuffers } from "./encoder-buffers.js";
import { HandInPlay } from "./hand-in-play.js";
import { Hints } from "./hints.js";
import { admitJoin, joinRefused, seatPlayerOf, type SeatPlayer } from "./identity.js";
import { checkJoinOptions } from "./join-options.js";
import type { TableOptions } from "./join-options.js";
import { MessageGate, type Refusal } from "./message-gate.js";
import { clientsWhenFull, seekOpenSeat } from "./open-seats.js";
import { QuickFill, pendingReservations } from "./quick-fill.js";
import type { PatchScheduler } from "./patch-scheduler.js";
import { Rematch } from "./rematch.js";
import { ReturningSeats, tokenSha256 } from "../durability/returning-seats.js";
import { clearSeat, freeSeat, humanSeats, seatComputer, seatOf, seatOfPlayer, seatPerson } from "./seating.js";
import { uniqueTableCode } from "./table-code.js";
import { HOLD_OPTION, type ComputerTableLimits } from "./table-limits.js";
import { applySnapshot, snapshotOfTable } from "../durability/table-keeping.js";
import { listingOf, type TableListing } from "./table-listing.js";
import { TableRecords } from "./table-records.js";
import { TableReactions } from "./table-reactions.js";
import { seekMetadata, type SeekMetadata } from "./seek-listing.js";
import { RestoredClients } from "../durability/restored-clients.js";
import { readSnapshot, snapshotJson, type TableSnapshot } from "../durability/table-snapshot.js";
import { Spectators, isWatchRequest, watchRefusal } from "./spectators.js";
import { TrumpChoice } from "./trump-choice.js";
import type { TableStorage } from "./table-storage.js";
import { TurnClock } from "./turn-clock.js";
import { PlayingMarks } from "../presence/playing-players.js";
import { playingAt } from "./playing-now.js";
import { ArenaHand } from "./arena-hand.js";
import { ARENA_TABLE_OPTION, readArenaTable, type ArenaTable } from "../arena/table-config.js";

export type { TableStorage } from "./table-storage.js";

/** Server-wide settings every table shares (from env or `startServer` options). */
export interface TableSettings {
  fillAfterMs: number; // quick match: empty seats go to computer players after this
  offerMs: number; // quick match, meanwhile: how long the holders have to take a table someone sat down at (quick-fill.ts)
  reconnectSeconds: number; // a dropped player's seat is held this long
  turnMs: number; // per-move clock at human tables (and for picking trumps) unless a private table sets its own; 0 = none
  aiDelayMs: number; // human-like pause before a computer move
  aiThinkMs: number; // a computer move's search ends by this long after the pause, however busy the workers are
  computerTables: ComputerTableLimits; // how many computer tables may be open (in all, per address, per player)
  hintMs: number; // analysis time for a hint
  ai: ComputerPlayers;
  storage: TableStorage;
  recordWaitMs?: number; // a rematch waits this long for the last hand's commit, then deals with the record still queued; default 3000
  messagesPerSecond: number; // per seat, sustained; bursts of twice that pass
  seatReservationSeconds: number; // a seat reserved by the matchmaker is free again if its client has not connected by then
  privateWaitMs: number; // a private table still waiting for its players after this is closed ("expired")
  patches: PatchScheduler; // when each table's changes go out (once a turn, after their commit)
  journal: TableJournal; // where tables with a person at them keep their state as it changes
  restores: Map<string, ClaimedTable>; // tables claimed from the database, each taken by its onCreate (durability/restorer.ts)
  graceMs: number; // after a restore, a person's clock gets this on top of the time they had left
  log: (line: string) => void;
}

/** The create option that makes a table from its record (set by the restorer only: join options are rebuilt from the checked ones first). */
export const RESTORE_OPTION = "restoreTable";

const RECORD_WAIT_MS = 3000;
// Colyseus' own clock (which its per-client message count reads) is ticked at least this
// often, and a change that reached no client by then is sent, and logged, since every change
// should have been patched at once (see `patched`). Rare, because an idle table's cost is
// mostly its timers: at 2,000 tables a 1 s sweep alone took 5% of a core. Colyseus' flood
// check then counts a client's messages over up to this long, still far above any honest pace.
const SWEEP_MS = 5000;
const HARD_MESSAGE_LIMIT = 200; // per second: beyond this Colyseus drops the socket (seat is held)

/** Creates the room class bound to `settings` (Colyseus instantiates rooms itself). */
export function tableRoom(settings: TableSettings): typeof TableRoom {
  sizeEncoderBuffers(); // before any table exists: each table's encoder allocates its buffers when it is made
  return class ConfiguredTableRoom extends TableRoom {
    protected override readonly settings = settings;

    /**
     * Runs in the matchmaker before a table is searched for or created: refuses bad
     * join options and writes the defaults back, because Colyseus filters tables by
     * this very options object; resolves the token to the player the seat goes to
     * (identity.ts), whose answer reaches onJoin as its `auth`. A new computer table
     * is counted here, before it exists (table-limits.ts), and refused beyond the limits.
     */
    static override async onAuth(
      _token: string,
      options: Record<string, unknown>,
      context: AuthContext,
    ): Promise<SeatPlayer | true> {
      if (isWatchRequest(options)) {
        for (const key of Object.keys(options)) delete options[key];
        options.watch = true; // a spectator is nobody in particular: no seat, no identity
        return true;
      }
      const player = await admitJoin(options, settings.storage.store, context.ip); // the address the front door resolved (http/client-address.ts)
      seekOpenSeat(options); // after admitJoin rewrote the options: matchmaking finds only tables with a free seat (open-seats.ts)
      if (options.mode === "computer")
        options[HOLD_OPTION] = settings.computerTables.hold(context.ip, player === true ? null : player.playerId);
      return player;
    }
  };
}

/**
 * One table: 2–4 seats, each held by a person or a computer player, through any
 * number of hands. Phases: waiting → choosing (trumps) → playing → over → (rematch)
 * playing. Use `tableRoom(settings)` to get a class Colyseus can instantiate.
 */
export class TableRoom extends Room<{ state: TableState; metadata: TableListing & Partial<SeekMetadata> }> {
  override state = new TableState();
  protected readonly settings!: TableSettings;

  private readonly turnClock = new TurnClock(this.state, (work) => this.runTimed(work));
  private shuttingDown = false;
  private handedOver = false; // shut down with its record kept: another start (or process) plays it on
  private createdAt = Date.now();
  private turnMs = 0;
  private readonly tokens = new Map<string, string>(); // sessionId → SHA-256 of its latest reconnection token
  private readonly restoredClients = new RestoredClients(); // restored seats' people, counted in when they come back
  private returning: ReturningSeats | null = null; // a restored table's seats waiting for their people
  private unrestorable: string | null = null; // why this table's record could not be played on: told to whoever comes back
  private closing = false; // closeTable has run: the table is on its way out
  private expiry: ReturnType<typeof setTimeout> | undefined; // a private table waiting for its players closes then
  private allowWatching = false; // a private table's creator let others watch (quick tables always may be watched)
  private startedAt = 0; // epoch ms the first hand was set up
  private listed = ""; // the listing last published, as JSON
  private readonly spectators = new Spectators(this.state, () => this.patched());
  // The parts, made in onCreate (they need the settings and the table's options):
  private gate!: MessageGate;
  private playing!: PlayingMarks; // who is marked playing at this table (presence/playing-players.ts)
  private fill!: QuickFill;
  private trumps!: TrumpChoice;
  private hand!: HandInPlay;
  private rematch!: Rematch;
  private hints!: Hints;
  private reactions!: TableReactions;
  private arenaTable: ArenaTable | null = null; // an arena's table: its pairing and the seats' progress (kept with the record)
  private arena: ArenaHand | null = null; // the arena's rules here (arena-hand.ts)
  private noShow: ReturnType<typeof setTimeout> | undefined; // an arena table whose players have not both come by then is decided

  /** Runs once when the table is created: seats, parts, listing, and the quick fill's clock. */
  override async onCreate(raw: unknown): Promise<void> {
    const restore = (raw as Record<string, unknown> | null)?.[RESTORE_OPTION];
    if (typeof restore === "string") return this.restoreTable(restore);
    const arena = (raw as Record<string, unknown> | null)?.[ARENA_TABLE_OPTION];
    if (arena !== undefined) return this.createArenaTable(arena);
    const options = tableOptions(raw);
    const players = options.players ?? 2;
    const s = this.state;
    s.mode = options.mode;
    s.players = players;
    s.level = options.level;
    const turnMs =
      options.mode === "computer"
        ? 0
        : options.mode === "private" && options.turnSeconds !== undefined
          ? options.turnSeconds * 1000
          : this.settings.turnMs;
    s.turnSeconds = Math.ceil(turnMs / 1000);
    this.allowWatching = options.allowWatching;
    s.casual = options.casual;
    for (let i = 0; i < players; i++) s.seats.push(new Seat());
    this.setUp(turnMs);

    if (options.mode === "computer") {
      this.maxClients = 1;
      s.seats.forEach((seat, i) => i > 0 && seatComputer(s, seat));
      await this.setPrivate(true); // never offered to anyone else
      this.settings.computerTables.claim((raw as Record<string, unknown> | null)?.[HOLD_OPTION], this.roomId);
    } else if (options.mode === "private") {
      // joinOrCreate with a code must not quietly open a new table when the code is wrong
      if (options.code)
        throw new ServerError(ErrorCode.MATCHMAKE_INVALID_CRITERIA, `no open table has the code ${options.code}`);
      this.maxClients = players;
      s.code = await uniqueTableCode(this.roomName);
      await this.setMatchmaking({ unlisted: true });
      // A code is guessable only while its table lives (http/front-door.ts does the sums); nobody waits half an hour for a friend.
      const expire = (): void => {
        if (this.state.phase === "waiting")
          this.closeTable(
            "expired",
            `nobody joined this private table within ${this.settings.privateWaitMs / 60_000} minutes`,
          );
      };
      this.expiry = setTimeout(() => this.runTimed(expire), this.settings.privateWaitMs);
    } else {
      this.maxClients = players;
      this.fill.start();
    }
    this.metadata = this.listing();
  }

  /**
   * Runs when a client has a seat reservation and connects: it takes the first free
   * seat, bound to the player onAuth found (`auth`), if any. One player holds one seat
   * at a table: two seats would play against themselves, and no hand of theirs would be rated.
   */
  override async onJoin(client: Client, raw: unknown, auth?: unknown): Promise<void> {
    if (isWatchRequest(raw)) {
      this.watch(client);
      return this.writesCommitted();
    }
    if (this.arena) return this.joinArenaSeat(client, this.arena, seatPlayerOf(auth));
    const options = tableOptions(raw);
    const player = seatPlayerOf(auth);
    const index = freeSeat(this.state);
    if (index < 0 || this.state.phase !== "waiting")
      throw new ServerError(ErrorCode.MATCHMAKE_UNHANDLED, "this table has already started");
    if (player && seatOfPlayer(this.state, player.playerId) >= 0)
      throw joinRefused("already-seated", `${player.name} already holds a seat at this table`);
    seatPerson(this.state, index, client.sessionId, options.name, player);
    client.view = new StateView();
    client.view.add(this.state.seats.at(index)); // the only seat whose hand this client receives
    this.gate.open(client);
    this.fill.seated(index);
    // A table filled while someone plays the computer meanwhile waits for them to come (quick-fill.ts).
    if (freeSeat(this.state) < 0 && !this.fill.held) this.startChoosing();
    this.publishListing();
    this.patched();
    await this.keepToken(client); // on record before the client learns it (Colyseus sends it once this returns)
    await this.writesCommitted();
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
    this.restoredClients.cameBack(client.sessionId); // counted in the process's clients, as a join would have been
    if (this.unrestorable !== null) return this.turnAway(client);
    const index = seatOf(this.state, client.sessionId);
    if (index >= 0) this.state.seats.at(index).connected = true;
    this.gate.open(client);
    this.patched();
    if (this.returning?.size === 0) this.autoDispose = true; // everyone is back, or gone to a computer
    await this.keepToken(client); // its new token, before the client learns it
    await this.writesCommitted();
  }

  /**
   * Asked by the matchmaker (`client.reconnect(token)`) and by the transport (the SDK's
   * own automatic reconnection) before a reconnection: a restored seat is opened to the
   * token of its person here, the first time that token is shown.
   */
  override checkReconnectionToken(reconnectionToken: string): string {
    this.returning?.claim(reconnectionToken);
    return super.checkReconnectionToken(reconnectionToken);
  }

  override hasReservedSeat(sessionId: string, reconnectionToken?: string): boolean {
    if (typeof reconnectionToken === "string") this.returning?.claim(reconnectionToken);
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
    this.gate.close(client);
    client.view?.dispose();
    this.tokens.delete(client.sessionId);
    this.seatLeft(client.sessionId);
  }

  /** The person of `sessionId` is gone for good: their seat goes to a computer (or is free again before the deal). */
  private seatLeft(sessionId: string): void {
    const index = seatOf(this.state, sessionId);
    if (index < 0 || this.shuttingDown) return;
    const seat = this.state.seats.at(index);
    if (this.arena) {
      this.arena.forfeit(index, false); // nobody plays for anyone in an arena: leaving loses the hand
      seat.connected = false;
    } else if (this.state.phase === "waiting") {
      clearSeat(seat);
      this.fill.seatLeft(index);
      this.publishListing();
    } else {
      seatComputer(this.state, seat); // the hand's record shows the seat was left
      if (humanSeats(this.state).length === 0) this.stopThinking();
      else this.afterComputerTookSeat(index);
    }
    this.keep();
    this.patched();
  }

  /**
   * Runs when the server shuts down, before every client is disconnected: nobody is
   * replaced then, and a hand in play is recorded as abandoned with its moves so far
   * (the server flushes the records once every table is closed).
   */
  override onBeforeShutdown(): void {
    this.shuttingDown = true;
    this.turnClock.stop();
    this.returning?.clear();
    if (humanSeats(this.state).length === 0 || this.unrestorable !== null) {
      this.hand.abandon();
      this.settings.patches.now(this); // the players must see the hand called off before they are disconnected
      super.onBeforeShutdown();
      return;
    }
    // Kept for the next start (or another process): the players are told to come back.
    this.handedOver = true;
    this.keep();
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
    clearTimeout(this.noShow);
    this.arena?.stop();
    this.spectators.stop();
    this.reactions.stop();
    this.stopThinking();
    this.returning?.clear();
    this.settings.computerTables.release(this.roomId);
    if (this.handedOver) return; // its record stays, for whoever restores it (and its players stay marked playing: the table plays on there)
    this.playing.sync(new Set());
    this.hand.abandon();
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
    this.settings.log(`table ${this.roomId}: ${methodName} failed, closing the table: ${cause.stack ?? cause.message}`);
    // A failed onCreate fails the create itself, and a table disposing is closed already.
    if (methodName !== "onCreate" && methodName !== "onDispose")
      this.closeTable("failed", "this table hit a server fault and was closed; other tables are not affected");
  }

  /** Closes the table under its players: each gets a `closed` message, then its connection closes with the reason's code. */
  private closeTable(reason: TableCloseReason, message: string): void {
    if (this.closing) return;
    this.closing = true;
    this.shuttingDown = true; // the leavers are not replaced by computers
    this.turnClock.stop();
    try {
      this.hand.abandon();
    } catch (e) {
      this.settings.log(`table ${this.roomId}: its hand could not be recorded as abandoned: ${(e as Error).message}`);
    }
    this.returning?.clear();
    this.settings.journal.drop(this.roomId);
    this.settings.patches.now(this);
    this.broadcast("closed", { reason, message } satisfies ClosedMessage);
    this.disconnect(TABLE_CLOSE_CODES[reason]).catch((e: unknown) =>
      this.settings.log(`table ${this.roomId}: closing failed: ${(e as Error).message}`),
    );
  }

  /** The state changed: it goes out at the end of this turn of the event loop, once what it records is committed (patch-scheduler.ts). */
  private patched(): void {
    this.settings.patches.mark(this);
  }

  /** Encodes and sends what changed to every client (cheap when nothing did: no frame goes out). */
  sendPatch(): void {
    this.broadcastPatch();
    this.publishListing();
  }

  /**
   * A spectator joins: no seat and no StateView (so the shared fields only, the same
   * encoded patch as every other spectator's); the full state Colyseus sends on joining
   * is the position now, mid-hand or not.
   */
  private watch(client: Client): void {
    const refusal = watchRefusal(this.state.mode, this.state.phase, this.allowWatching);
    if (refusal) throw refusal;
    this.spectators.add(client.sessionId);
    // Colyseus sends a patch to the room's clients from the last to the first
    // (SchemaSerializer.applyPatches): a spectator goes to the front of the list, so the
    // players' frames leave before a thousand spectators' and watching costs them nothing.
    this.clients.splice(this.clients.indexOf(client), 1);
    this.clients.unshift(client);
  }

  /** The room's metadata: the table as listed (table-listing.ts), and who waits at a quick table (its seek: seek-listing.ts). */
  private listing(): TableListing & Partial<SeekMetadata> {
    const listing = listingOf(this.state, {
      watchable: this.state.mode === "quick" || this.allowWatching,
      startedAt: this.startedAt,
    });
    return this.state.mode === "quick" && this.state.phase === "waiting"
      ? { ...listing, ...seekMetadata(this.state, this.createdAt, this.fill.held) }
      : listing;
  }

  /**
   * The listing (live list, TV, matchmaking, and the lobby's seeks for a quick table still
   * waiting: seek-listing.ts) follows the table: seats, phase, spectators. Most patches
   * (moves) change none of it. Who is marked playing here depends on the phase and the
   * seats alone, so the marks follow when the listing does.
   */
  private publishListing(): void {
    if (this.state.mode === "computer") return;
    const listing = this.listing();
    const json = JSON.stringify(listing);
    if (json === this.listed) return;
    this.listed = json;
    this.playing.sync(playingAt(this.state));
    this.setMetadata(listing).catch((e: unknown) =>
      this.settings.log(`table ${this.roomId}: its listing was not updated: ${(e as Error).message}`),
    );
  }

  /** Every SWEEP_MS: Colyseus' clock moves on, and a change no part patched goes out late — and is logged, as a bug. */
  private sweep(): void {
    const journal = this.settings.journal;
    if (!journal.isCommitted(journal.lastWriteOf(this.roomId))) return; // its patch waits for the commit
    if (this.broadcastPatch())
      this.settings.log(`table ${this.roomId}: a change waited for the sweep (phase ${this.state.phase})`);
  }

  /** The table's record changed (seats, phase, a deal): it goes into the next commit, if a person sits here. */
  private keep(): void {
    if (humanSeats(this.state).length === 0) return;
    this.settings.journal.save(this.roomId, () => ({
      snapshot: snapshotJson(this.snapshot()),
      handId: this.hand.snapshot()?.id ?? null,
    }));
  }

  private snapshot(): TableSnapshot {
    return snapshotOfTable(this.state, {
      turnMs: this.turnMs,
      nextDealer: this.hand.nextDealer,
      createdAt: this.createdAt,
      allowWatching: this.allowWatching,
      startedAt: this.startedAt,
      hand: this.hand.snapshot(),
      arena: this.arenaTable,
      tokenOf: (id) => this.tokens.get(id) ?? "",
    });
  }

  /**
   * Waits until everything this table wrote is committed. Once onJoin or onReconnect
   * returns, Colyseus sends the joining client the whole state as it is then, and that must
   * hold no move a crash could take back — as no patch does (patch-scheduler.ts). A move
   * made while the join waited is waited for too; when the database is down the wait ends
   * after the journal's `maxWaitMs`, as a patch's does.
   */
  private async writesCommitted(): Promise<void> {
    const journal = this.settings.journal;
    for (
      let last = journal.lastWriteOf(this.roomId);
      !journal.isCommitted(last);
      last = journal.lastWriteOf(this.roomId)
    ) {
      if (!(await journal.committed(last))) return;
    }
  }

  /** Keeps the client's reconnection token (hashed) with the table, and waits until that is committed. */
  private async keepToken(client: Client): Promise<void> {
    this.tokens.set(client.sessionId, tokenSha256(client.reconnectionToken));
    this.keep();
    await this.settings.journal.committed();
  }

  /** The part of onCreate both a new and a restored table do: limits, the patch policy, the parts. */
  private setUp(turnMs: number): void {
    this.turnMs = turnMs;
    this.playing = new PlayingMarks(this.presence, this.roomId);
    this.maxMessagesPerSecond = Math.max(HARD_MESSAGE_LIMIT, this.settings.messagesPerSecond * 4);
    this.seatReservationTimeout = this.settings.seatReservationSeconds; // a bare reservation must not hold a seat (and the quick fill) for long
    // A turn-based table changes a few times a minute, so it sends a patch after each
    // change (`patched`) instead of checking for changes 20 times a second; the timestep
    // only keeps Colyseus' clock current and catches a change that was missed.
    this.setTimestep(() => this.sweep(), SWEEP_MS);
    this.patchRate = null;
    this.makeParts(turnMs);
  }

  /**
   * An arena's table, made by its director (arena/director.ts) for one pairing: a duel of
   * the two players in their seats, unlisted but watchable (the featured table), rated as
   * the arena is; a player who has not come within RECONNECT_SECONDS loses the hand.
   */
  private async createArenaTable(option: unknown): Promise<void> {
    const table = readArenaTable(option);
    if (!table) throw new ServerError(ErrorCode.MATCHMAKE_INVALID_CRITERIA, "not an arena table's option");
    const s = this.state;
    this.arenaTable = table;
    s.mode = "private"; // a duel nobody else may sit down at
    s.players = 2;
    s.turnSeconds = Math.ceil(table.turnMs / 1000);
    s.casual = !table.rated;
    this.allowWatching = true;
    for (let i = 0; i < 2; i++) s.seats.push(new Seat());
    this.setUp(table.turnMs);
    this.arena?.showSeats();
    this.maxClients = 2;
    await this.setMatchmaking({ unlisted: true });
    this.noShow = setTimeout(() => this.runTimed(() => this.noShowDecided()), this.settings.reconnectSeconds * 1000);
    this.metadata = this.listing();
  }

  /** RECONNECT_SECONDS after an arena table was made: a player who has not come loses; if neither came, it counts for nobody. */
  private noShowDecided(): void {
    if (this.state.phase !== "waiting" || !this.arena) return;
    const absent = this.state.seats.map((seat, i) => (seat.sessionId === "" ? i : -1)).filter((i) => i >= 0);
    if (absent.length === 2) this.arena.voidHand();
    else if (absent.length === 1) this.arena.forfeit(absent[0]!, true);
  }

  /** A paired player takes their seat at an arena table (anyone else is refused); the trumps are chosen once both are here. */
  private async joinArenaSeat(client: Client, arena: ArenaHand, player: SeatPlayer | null): Promise<void> {
    const index = player ? arena.seatOf(player.playerId) : -1;
    const seat = this.state.seats.at(index);
    if (!player || !seat) throw joinRefused("bad-token", "this arena table is for its two paired players");
    if (seat.sessionId !== "") throw joinRefused("already-seated", `${player.name} already holds a seat at this table`);
    if (this.state.phase !== "waiting") throw new ServerError(ErrorCode.MATCHMAKE_UNHANDLED, "this hand is decided");
    seatPerson(this.state, index, client.sessionId, player.name, player);
    arena.showSeats();
    client.view = new StateView();
    client.view.add(seat);
    this.gate.open(client);
    if (freeSeat(this.state) < 0) {
      clearTimeout(this.noShow);
      this.startChoosing();
    }
    this.patched();
    await this.keepToken(client);
    await this.writesCommitted();
  }

  /**
   * Runs instead of a new table's onCreate when the restorer found this table in the
   * database (after a restart, or handed over by a process that shut down): same id, same
   * code, the seats as they were, the hand dealt again and its moves replayed through the
   * engine, computer seats playing on, each person's clock resumed with the time they had
   * left and a grace, and each person's seat held for them for RECONNECT_SECONDS.
   */
  private async restoreTable(roomId: string): Promise<void> {
    const claimed = this.settings.restores.get(roomId);
    this.settings.restores.delete(roomId);
    if (!claimed) throw new ServerError(ErrorCode.MATCHMAKE_INVALID_CRITERIA, `table ${roomId} is not being restored`);
    const read = readSnapshot(claimed.snapshot);
    const s = this.state;
    if (!read.ok) {
      // Nothing to play on: the seats' people are told when they come back; a record that does not read cannot be recorded either.
      this.setUp(0);
      this.unrestorable = read.reason;
      this.settings.log(`table ${this.roomId} cannot be played on after the restart: ${read.reason}`);
      this.settings.journal.drop(this.roomId);
      this.holdSeats(claimed.snapshot);
      return;
    }
    const snapshot = read.snapshot;
    this.createdAt = snapshot.createdAt;
    this.allowWatching = snapshot.allowWatching;
    this.startedAt = snapshot.startedAt || (snapshot.phase === "waiting" ? 0 : snapshot.createdAt);
    applySnapshot(s, snapshot);
    this.arenaTable = snapshot.arena;
    this.setUp(snapshot.turnMs);
    if (this.arenaTable) this.allowWatching = true;
    this.hand.nextDealer = snapshot.nextDealer ?? undefined;
    for (const kept of snapshot.seats)
      if (kept.sessionId !== "" && kept.tokenSha256 !== "") this.tokens.set(kept.sessionId, kept.tokenSha256);
    this.maxClients = snapshot.phase === "waiting" ? snapshot.players : clientsWhenFull(snapshot.players); // listed as full (open-seats.ts)
    if (snapshot.mode === "computer") {
      this.maxClients = 1;
      await this.setPrivate(true);
      this.settings.computerTables.adopt(this.roomId, s.seats.at(0).playerId || null);
    } else if (snapshot.mode === "private") await this.setMatchmaking({ unlisted: true });
    const clockLeft = (deadline: number): number =>
      Math.max(0, Math.min(snapshot.turnMs, deadline - claimed.lastAliveAt)) + this.settings.graceMs;
    switch (s.phase) {
      case "waiting":
        if (snapshot.mode === "private") {
          const left = Math.max(
            this.settings.graceMs,
            this.settings.privateWaitMs - (claimed.lastAliveAt - snapshot.createdAt),
          );
          this.expiry = setTimeout(
            () =>
              this.runTimed(
                () =>
                  this.state.phase === "waiting" &&
                  this.closeTable("expired", "nobody joined this private table in time"),
              ),
            left,
          );
        } else if (snapshot.mode === "quick") this.fill.start();
        break;
      case "choosing":
        this.trumps.start(clockLeft(snapshot.deadline));
        break;
      case "playing":
      case "over": {
        const hand = snapshot.hand;
        if (!hand) {
          this.unrestorable = "its record has no hand";
          break;
        }
        const turnStarted = hand.startedAt + (claimed.moves.at(-1)?.atMs ?? 0);
        const why = this.hand.resume(hand, claimed.moves, clockLeft(turnStarted + snapshot.turnMs));
        if (why) {
          this.unrestorable = why;
          this.hand.abandon(); // on record as abandoned, with the moves this engine took
        } else if (s.phase === "over")
          for (const [i, kept] of snapshot.seats.entries())
            if (!kept.isAI) s.seats.at(i).wantsRematch = kept.wantsRematch;
        break;
      }
      default:
        throw new Error(`unknown phase ${String(s.phase satisfies never)}`);
    }
    this.arena?.restored(this.unrestorable !== null);
    if (this.unrestorable !== null) {
      this.settings.log(`table ${this.roomId} cannot be played on after the restart: ${this.unrestorable}`);
      this.turnClock.stop();
      this.settings.journal.drop(this.roomId);
    } else this.keep();
    this.holdSeats(claimed.snapshot);
    this.metadata = this.listing();
    this.listed = JSON.stringify(this.metadata);
    this.patched();
  }

  /** Holds each person's seat of a restored table for RECONNECT_SECONDS, for the token they hold. */
  private holdSeats(stored: unknown): void {
    const seats = (stored as { seats?: unknown } | null)?.seats;
    const held = Array.isArray(seats) ? (seats as Partial<Record<string, unknown>>[]) : [];
    this.returning = new ReturningSeats(
      (sessionId, token, seconds) => this.openSeat(sessionId, token, seconds),
      (sessionId) => this.runTimed(() => this.seatLapsed(sessionId)),
    );
    for (const seat of held) {
      if (
        seat.isAI !== false ||
        typeof seat.sessionId !== "string" ||
        seat.sessionId === "" ||
        typeof seat.tokenSha256 !== "string" ||
        seat.tokenSha256 === ""
      )
        continue;
      this.returning.hold(seat.sessionId, seat.tokenSha256, this.settings.reconnectSeconds * 1000);
    }
    // Nobody is connected yet: Colyseus would dispose of the table within seconds. It waits for its people instead.
    this.autoDispose = this.returning.size === 0;
  }

  /** A restored seat's person did not come back in time: a computer takes it, as after a drop. */
  private seatLapsed(sessionId: string): void {
    this.restoredClients.lapsed(sessionId);
    if (this.unrestorable === null) this.seatLeft(sessionId);
    if (this.returning?.size === 0) this.autoDispose = true;
  }

  /** The person of `sessionId` showed their token: Colyseus' own reconnection takes them back to the seat, with its private view. */
  private openSeat(sessionId: string, token: string, seconds: number): void {
    const index = seatOf(this.state, sessionId);
    const view = new StateView();
    if (index >= 0) view.add(this.state.seats.at(index));
    // The seat's cards are there already (a new seat's come later): the full state the client gets on joining carries them, and the view's own
    // copy of them would follow in the next patch as well, each card twice.
    view.changes.clear();
    // The client as it was before the restart: what allowReconnection reads of it.
    const before = {
      sessionId,
      reconnectionToken: token,
      auth: undefined,
      userData: undefined,
      view,
    } as unknown as Client;
    this.restoredClients.expect(sessionId);
    this.allowReconnection(before, seconds).catch(() => this.runTimed(() => this.seatLapsed(sessionId)));
  }

  /** A person came back to a table that cannot go on: they are told why, and let go. */
  private turnAway(client: Client): void {
    const message = `this table could not be played on after the server restarted (${this.unrestorable ?? "unknown"}); its hand is recorded as abandoned`;
    // Sent before the client has its seat back, the message waits for it (Colyseus queues it until the join is acknowledged); the close comes after.
    client.send("closed", { reason: "unrestorable", message } satisfies ClosedMessage);
    setTimeout(() => client.leave(TABLE_CLOSE_CODES.unrestorable), 1000).unref();
    if (this.returning?.size === 0) this.autoDispose = true;
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

  /** The table's parts, each given only what it needs, and the messages each one answers. */
  private makeParts(turnMs: number): void {
    const { state, turnClock: clock, settings } = this;
    const log = (line: string): void => settings.log(`table ${this.roomId}: ${line}`);
    // The parts patch as they change the state. (Nothing here runs on Colyseus' clock, whose
    // tick inside broadcastPatch would otherwise re-run the timer that called it.)
    const broadcastPatch = (): void => this.patched();
    const deal = (): void => this.hand.deal();
    this.rematch = new Rematch(state, clock, deal);
    if (this.arenaTable)
      this.arena = new ArenaHand({
        state,
        table: this.arenaTable,
        arenas: settings.storage.store.arenas,
        publish: (channel, event) => void this.presence.publish(channel, event),
        keep: () => this.keep(),
        abandonHand: () => this.hand.abandon(),
        close: () => this.closeTable("arena-hand-over", "the arena hand is over; you are back in the arena"),
        log,
      });
    const records = new TableRecords({
      state,
      storage: settings.storage,
      clock,
      waitMs: settings.recordWaitMs ?? RECORD_WAIT_MS,
      broadcastPatch,
      log,
    });
    const computers = new ComputerTurns(settings.ai, clock, settings.aiDelayMs, settings.aiThinkMs, this.roomId, log);
    const journal = {
      moved: (handId: string, ply: number, move: string, atMs: number) => {
        if (humanSeats(state).length > 0) settings.journal.move({ roomId: this.roomId, handId, ply, move, atMs });
      },
      changed: () => {
        this.keep();
        this.reactions.handChanged();
      },
    };
    this.hand = new HandInPlay({
      state,
      clock,
      turnMs,
      computers,
      rematch: this.rematch,
      records,
      tableId: () => this.roomId,
      journal,
      broadcastPatch,
      log,
      arena: this.arena ?? undefined,
    });
    this.trumps = new TrumpChoice(state, clock, turnMs, deal);
    this.hints = new Hints({
      state,
      hand: this.hand,
      clock,
      ai: settings.ai,
      owner: this.roomId,
      timeMs: settings.hintMs,
      log,
    });
    this.reactions = new TableReactions(state, (message) => this.broadcast("reaction", message));
    this.fill = new QuickFill({
      state,
      clock,
      afterMs: settings.fillAfterMs,
      offerMs: settings.offerMs,
      reservedSeats: () => pendingReservations(this),
      lock: () => this.lockQuietly(),
      broadcastPatch,
      full: () => this.startChoosing(),
      release: (seats) => this.releaseSeats(seats),
    });

    // Every message's change goes out at once: the gate's room registers handlers that patch after they run.
    const patching: Pick<Room, "onMessage"> = {
      onMessage: ((type: string, handler: (...args: unknown[]) => void): (() => void) =>
        this.onMessage(type, (...args: unknown[]) => {
          handler(...args); // (client, payload), or (client, type, payload) for "*"
          if (args[1] === "trump" || args[1] === "rematch") this.keep(); // what these change is the record's (moves keep themselves)
          this.patched();
        }) as () => void) as Room["onMessage"],
    };
    this.gate = new MessageGate(patching, state, settings.messagesPerSecond, log);
    this.gate.isSpectator = (sessionId) => this.spectators.has(sessionId);
    this.gate.handle("play", (seat, m) => this.hand.humanMove(seat, { type: "play", card: m.card }));
    this.gate.handle("pickup", (seat) => this.hand.humanMove(seat, { type: "pickup" }));
    this.gate.handle("trump", (seat, m) => this.trumps.choose(seat, m.suit));
    this.gate.handle("rematch", (seat) =>
      this.arena
        ? { code: "wrong-phase", message: "No rematch in an arena: you are paired again." }
        : this.rematch.ask(seat),
    );
    this.gate.handle("berserk", (seat) =>
      this.arena ? this.arena.berserk(seat) : { code: "no-berserk", message: "Berserk is for arena tables." },
    );
    this.gate.handle("hint", (seat, _m, client) => this.hints.ask(client, seat));
    this.gate.handle("react", (seat, m) => this.reactions.react(seat, m.id));
    this.gate.handle("meanwhile", (seat, m) => this.playMeanwhile(seat, m.on));
    this.gate.handle("not-now", (seat) => this.notNow(seat));
  }

  /** Quick match: the person playing the computer meanwhile at `seat` does not take the table now — whoever sat down is let go. */
  private notNow(seat: number): Refusal | null {
    if (this.state.mode !== "quick" || this.state.phase !== "waiting" || !this.fill.holds(seat) || !this.fill.offering)
      return {
        code: "not-waiting",
        message: "Only while playing the computer meanwhile at a quick-match table someone has sat down at.",
      };
    this.fill.notNow();
    this.publishListing();
    return null;
  }

  /** The people at `seats` are let go: each is told why, then their connection closes; the seats are free again at once. */
  private releaseSeats(seats: number[]): void {
    for (const index of seats) {
      const seat = this.state.seats.at(index);
      if (!seat || seat.sessionId === "" || seat.isAI) continue;
      const client = this.clients.getById(seat.sessionId);
      clearSeat(seat); // onLeave finds no seat of theirs: nothing more happens there
      client?.send("closed", {
        reason: "released",
        message:
          "the player waiting at this quick-match table is not coming now; your seat was released and the seek stays open",
      } satisfies ClosedMessage);
      client?.leave(TABLE_CLOSE_CODES.released);
    }
    this.publishListing();
    this.patched();
  }

  /** Quick match, while waiting: the person at `seat` plays the computer in their page (quick-fill.ts holds the fill off). */
  private playMeanwhile(seat: number, on: boolean): Refusal | null {
    if (this.state.mode !== "quick" || this.state.phase !== "waiting")
      return { code: "not-waiting", message: "Only at a quick-match table still waiting for people." };
    this.fill.hold(seat, on);
    this.publishListing();
    return null;
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
    this.startedAt = Date.now();
    this.trumps.start();
    const listing = this.listing();
    this.listed = JSON.stringify(listing);
    // Key order matters: the listing says full before the unlock makes the table findable by id.
    this.setMatchmaking({ metadata: listing, maxClients: clientsWhenFull(this.state.players), locked: false }).catch(
      () => {},
    );
  }

  /** After a person's seat went to a computer player: the game must not wait for them. */
  private afterComputerTookSeat(index: number): void {
    const phase = this.state.phase;
    switch (phase) {
      case "waiting":
        return;
      case "choosing":
        return this.trumps.dealWhenChosen();
      case "playing":
        return this.hand.seatTaken(index);
      case "over":
        return this.rematch.seatTaken(index);
      default:
        throw new Error(`unknown phase ${String(phase satisfies never)}`);
    }
  }

  /** Keeps matchmaking from sending anyone here; a failed lock is harmless, as onJoin refuses latecomers anyway. */
  private lockQuietly(): void {
    this.lock().catch(() => {});
  }
}

/** The join options Colyseus hands the room (already checked in onAuth; checked again, typed). */
function tableOptions(raw: unknown): TableOptions {
  const checked = checkJoinOptions(raw);
  if (!checked.ok) throw new ServerError(ErrorCode.MATCHMAKE_INVALID_CRITERIA, checked.message);
  return checked.options;
}
