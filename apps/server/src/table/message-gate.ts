/**
 * The one way in for client messages. A handler registered here runs only for a
 * client that holds a seat, is not flooding (a token bucket per seat), and sent
 * a payload of the message's shape (messages.ts); anything else gets an `error`
 * and changes nothing. Handlers answer a refusal rather than sending it, so the
 * parts of the table never need the client to say no.
 *
 * The bucket belongs to the seat's holder for as long as they hold it: a reconnect
 * keeps the session (and so the bucket), so dropping the connection does not refill it.
 * What a client sends that no honest client would — a type nobody handles, a payload
 * of the wrong shape — is refused every time but logged at most once a minute per
 * client, in one line: a flood of junk must not become a flood of log.
 */
import type { Client, Room } from "@colyseus/core";
import type { ClientMessages, ClientMessageType, ErrorCode, ErrorMessage } from "@yourtrumps/protocol";
import type { TableState } from "../state/table-state.js";
import { parseMessage } from "./messages.js";
import { RateLimiter } from "../limits/rate-limit.js";
import { seatOf } from "./seating.js";
import type { Logger } from "../logging/logger.js";
import { rateLimited, refusals } from "../metrics/metrics.js";

/** Why a message was refused; the gate adds the message type and sends it. */
export interface Refusal {
  code: ErrorCode;
  message: string; // readable English sentence
}

/** A message's handler: what `seat` asked for, already well-formed. */
export type Handler<K extends ClientMessageType> = (
  seat: number,
  message: ClientMessages[K],
  client: Client,
) => Refusal | null;

/** Sends `client` an `error`: its message (of `type`) changed nothing. */
export function refuse(client: Client, refusal: Refusal, type?: string): void {
  const error: ErrorMessage = type === undefined ? { ...refusal } : { ...refusal, type };
  refusals.inc({ code: refusal.code });
  client.send("error", error);
}

const ODDITY_LOG_EVERY_MS = 60_000;
const TYPE_SHOWN_MAX = 32; // a type longer than this is not echoed back or logged

/**
 * A message type as it may be shown: a short string or a number. Anything else (a type
 * of "*" reaches the wildcard handler with its payload where the type belongs) is none.
 */
function shownType(type: unknown): string | undefined {
  if (typeof type === "number") return String(type);
  return typeof type === "string" && type.length <= TYPE_SHOWN_MAX ? type : undefined;
}

/**
 * A message whose type is "*" itself reaches the wildcard handler as a typed message
 * does: (client, payload, Colyseus' dispatch context), its payload where the type
 * belongs. A real payload is decoded msgpack and never holds a function.
 */
function isDispatchContext(value: unknown): boolean {
  return typeof value === "object" && value !== null && typeof (value as { resolve?: unknown }).resolve === "function";
}

export class MessageGate {
  readonly #handlers = new Map<string, (client: Client, payload: unknown) => void>(); // message type → its checks and handler
  readonly #limiters = new Map<string, RateLimiter>();
  /** Whether a session watches from no seat: its game messages are refused as a spectator's. */
  isSpectator: (sessionId: string) => boolean = () => false;
  #oddityLogged: Map<string, number> | undefined; // sessionId → when its last oddity was logged (made at the first: most tables never need it)

  /**
   * Registers the gate on `room`: one handler for every type (Colyseus' `"*"`), which
   * routes to the handlers registered here, so a table holds one Colyseus handler and
   * its wrappers rather than one of each per message type; a type no handler takes is refused.
   */
  constructor(
    room: Pick<Room, "onMessage">,
    private readonly state: TableState,
    private readonly messagesPerSecond: number, // sustained, per seat; bursts of twice that pass
    private readonly log: Logger,
  ) {
    room.onMessage("*", (client: Client, type: unknown, payload: unknown) => this.#receive(client, type, payload));
  }

  /** Registers the handler of `type`. */
  handle<K extends ClientMessageType>(type: K, handler: Handler<K>): void {
    this.#handlers.set(type, (client, payload) => {
      const parsed = parseMessage(type, payload);
      if (!parsed.ok) {
        this.#logOddity(client, `a malformed "${type}" message`);
        return refuse(client, { code: "malformed", message: parsed.message }, type);
      }
      const seat = seatOf(this.state, client.sessionId);
      if (seat < 0 && this.isSpectator(client.sessionId))
        return refuse(
          client,
          {
            code: "spectator",
            message: "You are watching this table: a spectator holds no seat, so nothing was played.",
          },
          type,
        );
      if (seat < 0)
        return refuse(client, { code: "wrong-phase", message: "You no longer hold a seat at this table." }, type);
      const refusal = handler(seat, parsed.value, client);
      if (refusal) refuse(client, refusal, type);
    });
  }

  /** A client took a seat or came back to it: a new holder's bucket starts full, a returning one's is as they left it. */
  open(client: Client): void {
    if (!this.#limiters.has(client.sessionId))
      this.#limiters.set(
        client.sessionId,
        new RateLimiter(this.messagesPerSecond, this.messagesPerSecond * 2, Date.now()),
      );
  }

  /** A client is gone for good (its seat is someone else's now, or nobody's). */
  close(client: Client): void {
    this.#limiters.delete(client.sessionId);
    this.#oddityLogged?.delete(client.sessionId);
  }

  #receive(client: Client, type: unknown, payload: unknown): void {
    if (!this.#admit(client)) return;
    const handle = typeof type === "string" && !isDispatchContext(payload) ? this.#handlers.get(type) : undefined;
    if (handle) return handle(client, payload);
    const shown = shownType(type);
    this.#logOddity(
      client,
      shown === undefined ? "a message with no usable type" : `a message of unknown type "${shown}"`,
    );
    refuse(
      client,
      {
        code: "unknown-message",
        message: shown === undefined ? "That message has no type this table knows." : `There is no message "${shown}".`,
      },
      shown,
    );
  }

  #admit(client: Client): boolean {
    const limiter = this.#limiters.get(client.sessionId);
    const now = Date.now();
    if (!limiter || limiter.take(now)) return true;
    rateLimited.inc({ bucket: "messages" });
    if (limiter.shouldWarn(now))
      refuse(client, { code: "rate-limited", message: "Too many messages: slow down; extra messages are ignored." });
    return false;
  }

  #logOddity(client: Client, what: string): void {
    const now = Date.now();
    const logged = (this.#oddityLogged ??= new Map());
    if (now - (logged.get(client.sessionId) ?? -Infinity) < ODDITY_LOG_EVERY_MS) return;
    logged.set(client.sessionId, now);
    this.log.warn(
      `client ${client.sessionId} sent ${what} (refused; its next oddities within a minute are refused unlogged)`,
    );
  }
}
