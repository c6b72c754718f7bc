/**
 * Preset reactions: the only things people at a table can say to each other. A fixed set
 * of ids, each shown in the reader's own language, so nothing anyone sends is free text
 * (no moderation, no abuse in a language the others cannot read).
 */
export const REACTIONS = [
  "hello",
  "good-luck",
  "have-fun",
  "well-played",
  "good-game",
  "thanks",
  "oops",
  "bye",
] as const;
export type ReactionId = (typeof REACTIONS)[number];

export const REACTION_SHOWN_MS = 3000; // a bubble stays by the sender's plate this long
export const REACTION_GAP_MS = 2000; // per seat: at most one reaction this often
export const REACTIONS_PER_HAND = 10; // per seat and hand (before the first deal and between hands count as one)

/** Server → client: `seat` reacted. */
export interface ReactionMessage {
  seat: number; // 0-based seat number at the table
  id: ReactionId;
}
