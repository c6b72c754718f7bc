/**
 * Readers for decoded JSON — the room state and the HTTP API's bodies. Each takes
 * `unknown` and returns a plain value or a fallback, so a field the server dropped,
 * renamed or filled with garbage never reaches the rest of the client as `any`.
 */

/** A decoded object, field by field: only fields `T` declares can be read. */
export type Fields<T> = { [K in keyof T]?: unknown };

export function fields<T>(x: unknown): Fields<T> {
  return x !== null && typeof x === "object" ? x : {};
}

/** An array, or a MapSchema's object of values; [] for anything else. */
export function list(x: unknown): unknown[] {
  if (Array.isArray(x)) return x;
  if (x !== null && typeof x === "object") return Object.values(x);
  return [];
}

export function str(x: unknown): string {
  return typeof x === "string" ? x : "";
}

export function num(x: unknown, fallback: number): number {
  return typeof x === "number" && Number.isFinite(x) ? x : fallback;
}

/** `x` when it is one of `allowed` (a protocol table), else null. */
export function oneOf<T extends string>(x: unknown, allowed: readonly T[]): T | null {
  return typeof x === "string" && (allowed as readonly string[]).includes(x) ? (x as T) : null;
}
