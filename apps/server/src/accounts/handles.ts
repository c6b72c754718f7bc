/**
 * Handles: the name an account is found by (`/api/players/@handle`, sign-in), apart from
 * the display name a seat shows. 3–20 characters, a letter first, then letters, digits,
 * `_` and `-`, never two separators in a row. Unique without regard to case: the key is
 * the NFKC, lower-cased spelling, so "Anna" and "anna" are one handle and its holder may
 * change case freely. Words that would let a person pass for the site or a computer
 * player are kept back (the computer's name in every interface language, with its
 * look-alikes, as isComputerName reads names at the table).
 */
import { isComputerName } from "@yourtrumps/protocol";

export const HANDLE_MIN = 3;
export const HANDLE_MAX = 20;

/** Which rule a refused handle broke (the HTTP API's `code`). */
export type HandleRule =
  | "handle-length" // fewer than 3 or more than 20 characters
  | "handle-invisible" // control, format (bidi, zero-width) or space characters
  | "handle-first-letter" // does not start with a letter
  | "handle-characters" // something other than letters, digits, _ and -
  | "handle-separators" // two of _ and - in a row
  | "handle-reserved"; // kept for the site or its computer players

export type HandleCheck = { ok: true; handle: string; key: string } | { ok: false; rule: HandleRule; message: string };

/**
 * Words of the site: its roles, and every word its addresses and API use, so no player
 * page reads as one of the site's own. "trump" is a word of the game, not of the site: anyone may take it.
 */
const RESERVED = new Set([
  ...["admin", "administrator", "mod", "moderator", "moderators", "system", "guest", "guests", "root", "staff"],
  ...["support", "official", "owner", "yourtrumps", "anonymous", "deleted", "nobody", "null", "undefined"],
  ...["api", "me", "account", "accounts", "sessions", "session", "signin", "sign-in", "signout", "sign-out"],
  ...["login", "logout", "register", "signup", "sign-up", "players", "player", "games", "game", "live", "health"],
  ...["matchmake", "leaderboard", "rules", "history", "puzzles", "puzzle", "mistakes", "replay", "table"],
  ...["tables", "watch", "tv", "lobby", "settings", "presence", "passkeys", "device-links", "recovery", "export"],
  ...["help", "about", "privacy", "terms", "static", "assets", "metrics", "tournaments", "tournament", "arena"],
]);

/** The case-folded key two handles are compared by. */
export function handleKey(handle: string): string {
  return handle.normalize("NFKC").toLowerCase();
}

/** Checks a handle someone asked for: the handle as it will be shown (NFC) and its key, or the rule it broke. */
export function checkHandle(raw: string): HandleCheck {
  const handle = raw.normalize("NFC");
  const refuse = (rule: HandleRule, message: string): HandleCheck => ({ ok: false, rule, message });
  if (/[\p{Cc}\p{Cf}\p{Z}\p{Co}\p{Cs}]/u.test(handle))
    return refuse(
      "handle-invisible",
      "a handle cannot hold spaces or invisible characters (bidi, zero-width, control)",
    );
  const length = [...handle].length;
  if (length < HANDLE_MIN || length > HANDLE_MAX)
    return refuse("handle-length", `a handle has ${HANDLE_MIN} to ${HANDLE_MAX} characters`);
  if (!/^\p{L}/u.test(handle)) return refuse("handle-first-letter", "a handle starts with a letter");
  if (!/^\p{L}\p{M}*(?:[\p{L}\p{Nd}_-]\p{M}*)*$/u.test(handle))
    return refuse("handle-characters", "a handle holds only letters, digits, _ and -");
  if (/[_-]{2}/.test(handle)) return refuse("handle-separators", "a handle has no two of _ and - in a row");
  const key = handleKey(handle);
  if (RESERVED.has(key) || isComputerName(handle.replace(/[_-]/g, "")))
    return refuse("handle-reserved", "this handle is kept for the site or its computer players");
  return { ok: true, handle, key };
}
