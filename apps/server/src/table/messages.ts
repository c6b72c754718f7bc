/**
 * Client messages are validated here, inside the handlers, rather than with a
 * Colyseus message validator: a validator that fails disconnects the client
 * (close code 4002), and a typo must cost a player an `error`, not their seat.
 */
import { z } from "zod";
import { SUITS } from "@yourtrumps/engine";
import type { ClientMessages, ClientMessageType } from "@yourtrumps/protocol";

const empty = z.union([z.undefined(), z.null(), z.object({}).strict()]);

const schemas = {
  play: z.object({ card: z.string().max(4) }).strict(),
  pickup: empty,
  trump: z.object({ suit: z.enum(SUITS) }).strict(),
  rematch: empty,
  hint: empty,
  react: z.object({ id: z.string().max(64) }).strict(), // an unknown id is refused as "unknown-reaction" (reaction-limits.ts), not as malformed
  meanwhile: z.object({ on: z.boolean() }).strict(),
  "not-now": empty,
  berserk: empty,
} satisfies { [K in ClientMessageType]: z.ZodType };

export type ParsedMessage<K extends ClientMessageType> =
  { ok: true; value: ClientMessages[K] } | { ok: false; message: string };

/** Checks a payload against its message type's shape. Never throws. */
export function parseMessage<K extends ClientMessageType>(type: K, payload: unknown): ParsedMessage<K> {
  const parsed = schemas[type].safeParse(payload);
  if (parsed.success) return { ok: true, value: (parsed.data ?? undefined) as ClientMessages[K] };
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? ` (${issue.path.join(".")})` : "";
  return { ok: false, message: `"${type}" payload is malformed${where}: ${issue?.message ?? "invalid"}` };
}
