/**
 * A table's parts, each given only what it needs, and the messages each one answers: the
 * message gate lets a seat's message in, and the part it is for decides (message-gate.ts).
 * Made in onCreate, for a new table and a restored one alike.
 */
import type { Client, Presence, Room } from "@colyseus/core";
import type { ReactionMessage } from "@yourtrumps/protocol";
import { PlayingMarks } from "../presence/playing-players.js";
import type { TableState } from "../state/table-state.js";
import { ComputerTurns } from "./computer-turns.js";
import { HandInPlay } from "./hand-in-play.js";
import { Hints } from "./hints.js";
import type { JournalEntry } from "./journal-entry.js";
import { ListingPublisher, type TableMetadata } from "./listing-publisher.js";
import { MeanwhileSeats } from "./meanwhile-seats.js";
import { MessageGate, refuse } from "./message-gate.js";
import { QuickFill } from "./quick-fill.js";
import { Rematch } from "./rematch.js";
import { humanSeats } from "./seating.js";
import { TableReactions } from "./table-reactions.js";
import { TableRecords } from "./table-records.js";
import type { TableFacts, TableSettings } from "./table-settings.js";
import { TrumpChoice } from "./trump-choice.js";
import { ArenaHand } from "./arena-hand.js";
import { ArenaSeats } from "./arena-seats.js";
import type { TurnClock } from "./turn-clock.js";

const RECORD_WAIT_MS = 3000;

export interface TableParts {
  gate: MessageGate;
  fill: QuickFill;
  trumps: TrumpChoice;
  hand: HandInPlay;
  rematch: Rematch;
  hints: Hints;
  reactions: TableReactions;
  listing: ListingPublisher;
  arena: ArenaHand | null; // an arena's table: the arena's rules here (arena-hand.ts)
  arenaSeats: ArenaSeats | null; // and who may sit down there (arena-seats.ts)
}

/** What the parts need of the table room. */
export interface PartsHost {
  roomId: string;
  state: TableState;
  clock: TurnClock;
  settings: TableSettings;
  entry: JournalEntry;
  client: (sessionId: string) => Client | undefined; // a seated person's connection
  onMessage: Room["onMessage"];
  facts: TableFacts;
  presence: Presence;
  setMetadata: (metadata: TableMetadata) => Promise<unknown>;
  isSpectator: (sessionId: string) => boolean;
  broadcastReaction: (message: ReactionMessage) => void;
  reservedSeats: () => number; // seats reserved by the matchmaker whose clients have not joined yet
  lock: () => void;
  full: () => void; // every seat is held: the hand is set up
  patched: () => void;
  moveLanded: () => void; // a move was played: the next patch shows it (move → patch, metrics/)
  closeArenaTable: () => void; // an arena's hand is over: the table closes under its players
  runTimed: (work: () => void) => void; // a timer's work, run as Colyseus runs its hooks
}

/**
 * An arena's table lives as long as its hand: it closes itself once the hand is decided
 * (arena-hand.ts) and is never disposed of for want of clients before. Otherwise a table both
 * players are late to would go when their reservations lapse, before its no-show rule
 * (arena-seats.ts) decides, and its pairing would stay in play for ever: its players never
 * paired again. Each player's reserved seat is theirs for as long as that rule waits for them.
 */
export function keepArenaTable(
  room: { autoDispose: boolean; seatReservationTimeout: number }, // the table room
  settings: Pick<TableSettings, "reconnectSeconds" | "seatReservationSeconds">,
): void {
  room.autoDispose = false;
  room.seatReservationTimeout = Math.max(settings.seatReservationSeconds, settings.reconnectSeconds);
}

/** After a person's seat went to a computer player at `phase`: the game must not wait for them. */
export function computerTookSeat(parts: TableParts, phase: TableState["phase"], index: number): void {
  switch (phase) {
    case "waiting":
      return;
    case "choosing":
      return parts.trumps.dealWhenChosen();
    case "playing":
      return parts.hand.seatTaken(index);
    case "over":
      return parts.rematch.seatTaken(index);
    default:
      throw new Error(`unknown phase ${String(phase satisfies never)}`);
  }
}

/** Makes the parts of a table whose turn clock is `turnMs` (0: none) and registers the messages they answer. */
export function makeTableParts(host: PartsHost, turnMs: number): TableParts {
  const { state, clock, settings, roomId } = host;
  const log = settings.log.child({ roomId });
  // The parts patch as they change the state. (Nothing here runs on Colyseus' clock, whose
  // tick inside broadcastPatch would otherwise re-run the timer that called it.)
  const broadcastPatch = host.patched;
  const deal = (): void => hand.deal();
  const rematch = new Rematch(state, clock, deal);
  const records = new TableRecords({
    state,
    storage: settings.storage,
    clock,
    waitMs: settings.recordWaitMs ?? RECORD_WAIT_MS,
    broadcastPatch,
    log,
  });
  const handOf = { hand: null as HandInPlay | null }; // the arena's rules and the hand need each other: it is made next
  const arena = host.facts.arena
    ? new ArenaHand({
        state,
        table: host.facts.arena,
        arenas: settings.storage.store.arenas,
        publish: (channel, event) => void host.presence.publish(channel, event),
        keep: () => host.entry.keep(),
        abandonHand: () => handOf.hand?.abandon(),
        close: host.closeArenaTable,
        log,
      })
    : null;
  const computers = new ComputerTurns(settings.ai, clock, settings.aiDelayMs, settings.aiThinkMs, roomId, log);
  const reactions = new TableReactions(state, host.broadcastReaction);
  const journal = {
    moved: (handId: string, ply: number, move: string, atMs: number) => {
      host.moveLanded();
      if (humanSeats(state).length > 0) settings.journal.move({ roomId, handId, ply, move, atMs });
    },
    changed: () => {
      host.entry.keep();
      reactions.handChanged();
    },
  };
  const hand: HandInPlay = new HandInPlay({
    state,
    clock,
    turnMs,
    computers,
    rematch,
    records,
    tableId: () => roomId,
    journal,
    broadcastPatch,
    log,
    arena: arena ?? undefined,
  });
  handOf.hand = hand;
  const trumps = new TrumpChoice(state, clock, turnMs, deal);
  const hints = new Hints({ state, hand, clock, ai: settings.ai, owner: roomId, timeMs: settings.hintMs, log });
  const fill = new QuickFill({
    state,
    clock,
    afterMs: settings.fillAfterMs,
    offerMs: settings.offerMs,
    reservedSeats: host.reservedSeats,
    lock: host.lock,
    broadcastPatch,
    full: host.full,
    release: (seats) => meanwhile.release(seats),
  });

  const meanwhile: MeanwhileSeats = new MeanwhileSeats({
    state,
    fill: () => fill,
    client: host.client,
    publishListing: () => listing.publish(),
    patched: host.patched,
  });

  // Every message's change goes out at once: the gate's room registers handlers that patch after they run.
  const patching: Pick<Room, "onMessage"> = {
    onMessage: ((type: string, handler: (...args: unknown[]) => void): (() => void) =>
      host.onMessage(type, (...args: unknown[]) => {
        handler(...args); // (client, payload), or (client, type, payload) for "*"
        if (args[1] === "trump" || args[1] === "rematch") host.entry.keep(); // what these change is the record's (moves keep themselves)
        host.patched();
      }) as () => void) as Room["onMessage"],
  };
  const gate = new MessageGate(patching, state, settings.messagesPerSecond, log);
  gate.isSpectator = host.isSpectator;
  gate.handle("play", (seat, m) => hand.humanMove(seat, { type: "play", card: m.card }));
  gate.handle("pickup", (seat) => hand.humanMove(seat, { type: "pickup" }));
  gate.handle("trump", (seat, m) => trumps.choose(seat, m.suit));
  gate.handle("rematch", (seat) =>
    arena ? { code: "wrong-phase", message: "No rematch in an arena: you are paired again." } : rematch.ask(seat),
  );
  gate.handle("berserk", (seat) =>
    arena ? arena.berserk(seat) : { code: "no-berserk", message: "Berserk is for arena tables." },
  );
  gate.handle("hint", (seat, _m, client) => hints.ask(client, seat));
  gate.handle("react", (seat, m, client) => {
    // A muted player's reactions are refused (moderation/): asked of the database, since a moderator mutes at any time.
    const playerId = state.seats.at(seat)?.playerId ?? "";
    if (playerId === "") return reactions.react(seat, m.id);
    settings.storage.store.moderation.flagsOf(playerId).then(
      (flags) => {
        const refusal = flags?.muted
          ? { code: "muted" as const, message: "A moderator muted your reactions." }
          : reactions.react(seat, m.id);
        if (refusal) refuse(client, refusal, "react");
      },
      () => refuse(client, { code: "reaction-limit", message: "Reactions are not available just now." }, "react"),
    );
    return null;
  });
  gate.handle("meanwhile", (seat, m) => meanwhile.play(seat, m.on));
  gate.handle("not-now", (seat) => meanwhile.notNow(seat));
  const listing = new ListingPublisher({
    state,
    facts: host.facts,
    meanwhile: () => fill.held,
    playing: new PlayingMarks(host.presence, roomId),
    setMetadata: host.setMetadata,
    log,
  });
  const arenaSeats = arena
    ? new ArenaSeats({
        state,
        arena,
        openGate: (client) => gate.open(client),
        startChoosing: host.full,
        patched: host.patched,
        runTimed: host.runTimed,
        entry: host.entry,
      })
    : null;
  return { gate, fill, trumps, hand, rematch, hints, reactions, listing, arena, arenaSeats };
}
