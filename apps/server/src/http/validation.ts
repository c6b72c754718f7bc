/**
 * Input checks for the HTTP API, with zod: a request that does not fit is refused
 * with a 400 naming the field, before any handler or query sees it.
 */
import type express from "express";
import type { z } from "zod";
import { HttpError } from "./errors.js";

function parse<T>(schema: z.ZodType<T>, value: unknown, where: "body" | "query"): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join(".") ?? "";
  throw new HttpError(400, `bad ${where}${field === "" ? "" : ` field ${field}`}: ${issue?.message ?? "invalid"}`);
}

/** The JSON body as `schema` reads it (no body reads as `{}`), or a 400 naming the first field that does not fit. */
export function parseBody<T>(schema: z.ZodType<T>, req: express.Request): T {
  return parse(schema, (req.body as unknown) ?? {}, "body");
}

/** The query string as `schema` reads it (a field given twice is an array, which a string field refuses), or a 400. */
export function parseQuery<T>(schema: z.ZodType<T>, req: express.Request): T {
  return parse(schema, req.query, "query");
}
