/**
 * jsonb values go to the database as JSON text. Both drivers would otherwise guess:
 * `pg` sends a JS array as a PostgreSQL array literal (which a jsonb column refuses),
 * PGlite stringifies it. Text is read the same way by both, and the brand makes a
 * forgotten `json(…)` a type error rather than a failure on one database only.
 */
declare const jsonOf: unique symbol;

/** JSON text of a T. */
export type JsonText<T> = string & { readonly [jsonOf]: T };

export function json<T>(value: T): JsonText<T> {
  return JSON.stringify(value) as JsonText<T>;
}

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };
