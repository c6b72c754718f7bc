/**
 * The one way in for client messages. A handler registered here runs only for a
 * client that holds a seat, is not flooding (a token bucket per client), and sent
 * a payload of the message's shape (messages.ts); anything else gets an `error`
 * and changes nothing. Handlers answer a refusal rather than sending it, so the
 * parts of the table never need the client to say no.
 */
import type { Client, Room } from "@colyseus/core";
import type { ClientMessages, ClientMessageType, ErrorCode, ErrorMessage } from "@yourtrumps/protocol";
import type { TableState } from "../state/table-state.js";
import { parseMessage } from "./messages.js";
import { RateLimiter } from "./rate-limit.js";
import { seatOf } from "./seating.js";

/** Why a message was refused; the gate adds the message type and sends it. */
export interface Refusal {
  code: ErrorCode;
  message: string; // readable English sentence
}

/** A message's handler: what `seat` asked for, already well-formed. */
export type Handler<K extends ClientMessageType> = (seat: number, message: ClientMessages[K], client: Client) => Refusal | null;

/** Sends `client` an `error`: its message (of `type`) changed nothing. */
export function refuse(client: Client, refusal: Refusal, type?: string): void {
  const error: ErrorMessage = type === undefined ? { ...refusal } : { ...refusal, type };
  client.send("error", error);
}

export class MessageGate {
  readonly #limiters = new Map<string, RateLimiter>();

  /** Registers the gate on `room`; messages of no known type are refused from then on. */
  constructor(
    private readonly room: Pick<Room, "onMessage">,
    private readonly state: TableState,
    private readonly messagesPerSecond: number, // sustained, per client; bursts of twice that pass
  ) {
    room.onMessage("*", (client: Client, type: string | number) => {
      if (this.#admit(client)) refuse(client, { code: "unknown-message", message: `There is no message "${String(type)}".` }, String(type));
    });
  }

  /** Registers the handler of `type`. */
  handle<K extends ClientMessageType>(type: K, handler: Handler<K>): void {
    this.room.onMessage(type, (client: Client, payload: unknown) => {
      if (!this.#admit(client)) return;
      const parsed = parseMessage(type, payload);
      if (!parsed.ok) return refuse(client, { code: "malformed", message: parsed.message }, type);
      const seat = seatOf(this.state, client.sessionId);
      if (seat < 0) return refuse(client, { code: "wrong-phase", message: "You no longer hold a seat at this table." }, type);
      const refusal = handler(seat, parsed.value, client);
      if (refusal) refuse(client, refusal, type);
    });
  }

  /** A client (re)connected: its bucket starts full. */
  open(client: Client): void {
    this.#limiters.set(client.sessionId, new RateLimiter(this.messagesPerSecond, this.messagesPerSecond * 2, Date.now()));
  }

  /** A client is gone for good. */
  close(client: Client): void {
    this.#limiters.delete(client.sessionId);
  }

  #admit(client: Client): boolean {
    const limiter = this.#limiters.get(client.sessionId);
    const now = Date.now();
    if (!limiter || limiter.take(now)) return true;
    if (limiter.shouldWarn(now)) refuse(client, { code: "rate-limited", message: "Too many messages: slow down; extra messages are ignored." });
    return false;
  }
}
