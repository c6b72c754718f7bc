/**
 * The people of a restored table coming back (after a restart, or a hand-over by a process
 * that shut down). Each person's seat is held for RECONNECT_SECONDS for the token their
 * client holds (durability/returning-seats.ts); shown, it is opened through Colyseus' own
 * reconnection with the seat's private view; a seat nobody comes back to goes to a computer.
 * A table that could not be played on (`unrestorable`) tells whoever comes back why, and
 * lets them go. Until every held seat is settled the table is not disposed of for want of
 * clients: nobody is connected to it yet.
 */
import type { Client } from "@colyseus/core";
import { StateView } from "@colyseus/schema";
import { TABLE_CLOSE_CODES } from "@yourtrumps/protocol";
import type { ClosedMessage } from "@yourtrumps/protocol";
import { RestoredClients } from "../durability/restored-clients.js";
import { ReturningSeats } from "../durability/returning-seats.js";
import type { TableState } from "../state/table-state.js";
import { seatOf } from "./seating.js";

export interface ReturnParts {
  state: TableState;
  reconnectSeconds: number;
  allowReconnection: (client: Client, seconds: number) => { catch: (onRejected: () => void) => unknown }; // Colyseus' deferred
  runTimed: (work: () => void) => void;
  seatLeft: (sessionId: string) => void; // the person is gone for good: a computer takes the seat
  setAutoDispose: (on: boolean) => void;
}

export class TableReturn {
  unrestorable: string | null = null; // why this table's record could not be played on: told to whoever comes back
  private returning: ReturningSeats | null = null; // the seats waiting for their people
  private readonly restoredClients = new RestoredClients(); // restored seats' people, counted in when they come back

  constructor(private readonly parts: ReturnParts) {}

  /** Holds each person's seat of the stored table for RECONNECT_SECONDS, for the token they hold. */
  hold(stored: unknown): void {
    const seats = (stored as { seats?: unknown } | null)?.seats;
    const held = Array.isArray(seats) ? (seats as Partial<Record<string, unknown>>[]) : [];
    this.returning = new ReturningSeats(
      (sessionId, token, seconds) => this.open(sessionId, token, seconds),
      (sessionId) => this.parts.runTimed(() => this.lapsed(sessionId)),
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
      this.returning.hold(seat.sessionId, seat.tokenSha256, this.parts.reconnectSeconds * 1000);
    }
    // Nobody is connected yet: Colyseus would dispose of the table within seconds. It waits for its people instead.
    this.parts.setAutoDispose(this.returning.size === 0);
  }

  /** A client shows a reconnection token: a held seat is opened to it, the first time it is shown. */
  claim(token: string): void {
    this.returning?.claim(token);
  }

  /**
   * A client came back by reconnection. Counted in the process's clients if its seat was a
   * restored one; turned away (true) if the table cannot be played on.
   */
  cameBack(client: Client): boolean {
    this.restoredClients.cameBack(client.sessionId);
    if (this.unrestorable === null) return false;
    this.turnAway(client);
    return true;
  }

  /** Once every held seat is settled (its person back, or gone to a computer), the table may be disposed of as any other. */
  settled(): void {
    if (this.returning?.size === 0) this.parts.setAutoDispose(true);
  }

  /** The table is going away: no seat is held any longer, and nobody is replaced. */
  clear(): void {
    this.returning?.clear();
  }

  /** A restored seat's person did not come back in time: a computer takes it, as after a drop. */
  private lapsed(sessionId: string): void {
    this.restoredClients.lapsed(sessionId);
    if (this.unrestorable === null) this.parts.seatLeft(sessionId);
    this.settled();
  }

  /** The person of `sessionId` showed their token: Colyseus' own reconnection takes them back to the seat, with its private view. */
  private open(sessionId: string, token: string, seconds: number): void {
    const index = seatOf(this.parts.state, sessionId);
    const view = new StateView();
    if (index >= 0) view.add(this.parts.state.seats.at(index));
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
    this.parts.allowReconnection(before, seconds).catch(() => this.parts.runTimed(() => this.lapsed(sessionId)));
  }

  /** A person came back to a table that cannot go on: they are told why, and let go. */
  private turnAway(client: Client): void {
    const message = `this table could not be played on after the server restarted (${this.unrestorable ?? "unknown"}); its hand is recorded as abandoned`;
    // Sent before the client has its seat back, the message waits for it (Colyseus queues it until the join is acknowledged); the close comes after.
    client.send("closed", { reason: "unrestorable", message } satisfies ClosedMessage);
    setTimeout(() => client.leave(TABLE_CLOSE_CODES.unrestorable), 1000).unref();
    this.settled();
  }
}
