/**
 * The `presence` room: one light connection per page with an identity. It makes the
 * player "online", carries their challenge settings, and delivers challenges and their
 * answers to whichever process holds the other player's page.
 */
export const PRESENCE_ROOM = "presence";

export const CHALLENGE_SECONDS = 60; // an invitation stands this long
export const CHALLENGES_PER_MINUTE = 5; // per challenger

/** A player's status as `GET /api/presence` answers it: "playing" = seated at a table with other people; "online" = a page of theirs is connected. */
export const PRESENCE_STATUSES = ["online", "playing", "offline"] as const;
export type PresenceStatus = (typeof PRESENCE_STATUSES)[number];

/** Join options of the presence room. */
export interface PresenceJoinOptions {
  token: string; // the player's bearer token (required: presence is for identities)
  acceptChallenges?: boolean; // default true
  blocked?: string[]; // player ids whose challenges are refused ("No more challenges from this player"), at most 200
}

/** Client → server. */
export interface PresenceClientMessages {
  challenge: { to: string; rated: boolean }; // invite player `to` to a duel
  answer: { id: string; accept: boolean }; // the invitee's answer to challenge `id`
  settings: { acceptChallenges: boolean; blocked: string[] }; // the page's settings changed
}
export type PresenceClientMessageType = keyof PresenceClientMessages;

/** A challenge as both players see it. */
export interface Challenge {
  id: string;
  from: { playerId: string; name: string };
  to: { playerId: string; name: string };
  rated: boolean;
  expiresAt: number; // epoch ms
}

/** Server → client. */
export interface PresenceServerMessages {
  challenged: Challenge; // to the invitee: someone invites you
  "challenge-sent": Challenge; // to the challenger: it went out
  "challenge-answer": { id: string; accepted: boolean; code?: string }; // to both: the private table's code when accepted
  "challenge-error": ChallengeErrorMessage;
}

export const CHALLENGE_ERRORS = [
  "malformed", // the message has not the shape of its type
  "unknown-message", // no such message type
  "rate-limited", // too many messages of any kind
  "self", // a challenge to oneself
  "unknown-player", // no player has that id
  "offline", // that player has no page connected
  "refuses", // that player does not accept challenges (or not from you)
  "too-many", // more than CHALLENGES_PER_MINUTE this minute
  "already-open", // you have an open challenge to that player already
  "unknown-challenge", // an answer to a challenge that does not exist (any more), or is not yours to answer
  "unavailable", // the table for an accepted challenge could not be opened
  "marked", // a rated challenge from or to a player a moderator marked: only a casual one may be sent
] as const;
export type ChallengeError = (typeof CHALLENGE_ERRORS)[number];

export interface ChallengeErrorMessage {
  code: ChallengeError;
  message: string; // readable English, for developers; pages show their own words for `code`
  type?: string; // the refused message's type
}
