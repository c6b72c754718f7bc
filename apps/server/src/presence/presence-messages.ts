/**
 * The presence room's messages, validated in the handler (as the table's: a Colyseus
 * validator that fails would drop the page's presence connection over a typo).
 */
import { z } from "zod";
import type { PresenceClientMessages, PresenceClientMessageType } from "@yourtrumps/protocol";

const playerId = z.string().min(1).max(64);
export const BLOCKED_MAX = 200;

export const challengeSettings = z
  .object({ acceptChallenges: z.boolean(), blocked: z.array(playerId).max(BLOCKED_MAX) })
  .strict();

const schemas = {
  challenge: z.object({ to: playerId, rated: z.boolean() }).strict(),
  answer: z.object({ id: z.string().min(1).max(64), accept: z.boolean() }).strict(),
  settings: challengeSettings,
} satisfies { [K in PresenceClientMessageType]: z.ZodType };

export const presenceJoin = z.object({
  token: z.string().min(1).max(200),
  acceptChallenges: z.boolean().optional(),
  blocked: z.array(playerId).max(BLOCKED_MAX).optional(),
});

export type ParsedPresenceMessage<K extends PresenceClientMessageType> =
  { ok: true; value: PresenceClientMessages[K] } | { ok: false; message: string };

export function isPresenceMessageType(type: unknown): type is PresenceClientMessageType {
  return typeof type === "string" && Object.hasOwn(schemas, type);
}

/** Checks a payload against its type's shape. Never throws. */
export function parsePresenceMessage<K extends PresenceClientMessageType>(
  type: K,
  payload: unknown,
): ParsedPresenceMessage<K> {
  const parsed = schemas[type].safeParse(payload);
  if (parsed.success) return { ok: true, value: parsed.data as PresenceClientMessages[K] };
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? ` (${issue.path.join(".")})` : "";
  return { ok: false, message: `"${type}" payload is malformed${where}: ${issue?.message ?? "invalid"}` };
}
