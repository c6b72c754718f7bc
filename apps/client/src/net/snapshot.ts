import { isCard, isSuit, type Card } from "@yourtrumps/engine";
import type { LastMove, Mode, Phase, ResultReason, ResultSnapshot, SeatSnapshot, TableSnapshot } from "./protocol.js";

/**
 * Reads a decoded room state (a schema instance's `toJSON()`, or any plain object of the
 * same shape) into a `TableSnapshot`. Unknown or missing fields get safe defaults, so a
 * server that adds fields never breaks the client.
 */
export function parseSnapshot(raw: unknown): TableSnapshot {
  const o = obj(raw);
  return {
    phase: oneOf<Phase>(o.phase, ["waiting", "choosing", "playing", "over"], "waiting"),
    mode: oneOf<Mode>(o.mode, ["quick", "private", "computer"], "quick"),
    code: str(o.code),
    seats: list(o.seats).map(parseSeat),
    pile: cards(o.pile),
    toMove: num(o.toMove, -1),
    secondDue: o.secondDue === true,
    deadline: num(o.deadline, 0),
    seq: num(o.seq, 0),
    lastMove: parseLastMove(o.lastMove),
    result: parseResult(o.result),
  };
}

function parseSeat(raw: unknown): SeatSnapshot {
  const o = obj(raw);
  const hand = o.hand === undefined || o.hand === null ? null : cards(o.hand);
  return {
    name: str(o.name),
    isAI: o.isAI === true,
    connected: o.connected !== false,
    trump: isSuit(o.trump) ? o.trump : null,
    cardCount: num(o.cardCount, hand?.length ?? 0),
    sessionId: str(o.sessionId),
    hand,
    place: num(o.place, 0) > 0 ? num(o.place, 0) : null,
    rematch: o.wantsRematch === true,
  };
}

function parseResult(raw: unknown): ResultSnapshot | null {
  if (raw === null || typeof raw !== "object") return null;
  const o = obj(raw);
  const places = list(o.places).map((p) => num(p, 0));
  const reason = oneOf<ResultReason | "">(o.reason, ["out", "last-card-draw", "repetition", "turn-limit", "abandoned", ""], "");
  if (reason === "" || places.length === 0) return null; // an empty result schema: no result yet
  const loser = num(o.loser, -1);
  return { places, loser: loser >= 0 ? loser : null, reason };
}

function parseLastMove(raw: unknown): LastMove | null {
  if (raw === null || typeof raw !== "object") return null;
  const o = obj(raw);
  const type = oneOf<LastMove["type"] | "">(o.type, ["play", "pickup", ""], "");
  if (type === "") return null;
  const card = isCard(o.card) ? o.card : null;
  return { seat: num(o.seat, -1), type, card, taken: cards(o.taken), auto: o.auto === true };
}

function obj(x: unknown): Record<string, unknown> {
  return x !== null && typeof x === "object" ? (x as Record<string, unknown>) : {};
}
function list(x: unknown): unknown[] {
  if (Array.isArray(x)) return x;
  if (x !== null && typeof x === "object") return Object.values(x); // MapSchema → object
  return [];
}
function cards(x: unknown): Card[] {
  return list(x).filter(isCard);
}
function str(x: unknown): string {
  return typeof x === "string" ? x : "";
}
function num(x: unknown, fallback: number): number {
  return typeof x === "number" && Number.isFinite(x) ? x : fallback;
}
function oneOf<T extends string>(x: unknown, allowed: readonly T[], fallback: T): T {
  return typeof x === "string" && (allowed as readonly string[]).includes(x) ? (x as T) : fallback;
}
