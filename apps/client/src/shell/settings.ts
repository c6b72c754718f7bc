import { LEVELS, NAME_MAX, PLAYER_COUNTS, type Level, type PlayerCount } from "@yourtrumps/protocol";
import { detectLang, isLang, type Lang } from "../i18n/index.js";
import { cutGraphemes } from "./graphemes.js";

/** The player's choices, kept in localStorage between visits. */
export interface Settings {
  lang: Lang;
  name: string;
  reducedMotion: boolean;
  fourColour: boolean;
  sound: boolean; // the table's sounds (sound/); off = silent at once
  acceptChallenges: boolean; // other players may invite this one to a duel (the server refuses them otherwise)
  blocked: string[]; // player ids whose challenges are refused ("No more challenges from this player"), newest last
  muteReactions: boolean; // reactions at tables are neither shown nor spoken
  players: PlayerCount; // the lobby's table size, as last chosen
  level: Level; // the computer's level, as last chosen
}

const BLOCKED_KEPT = 200; // the server takes at most this many

const KEY = "yourtrumps.settings";

/** Saved settings, else defaults from the browser (language, prefers-reduced-motion). */
export function loadSettings(storage: Storage, languages: readonly string[], prefersReducedMotion: boolean): Settings {
  const saved = savedSettings(storage);
  return {
    lang: isLang(saved.lang) ? saved.lang : detectLang(languages),
    name: typeof saved.name === "string" ? cutGraphemes(saved.name, NAME_MAX) : "",
    reducedMotion: typeof saved.reducedMotion === "boolean" ? saved.reducedMotion : prefersReducedMotion,
    fourColour: saved.fourColour === true,
    sound: saved.sound !== false,
    acceptChallenges: saved.acceptChallenges !== false,
    blocked: Array.isArray(saved.blocked)
      ? saved.blocked.filter((x): x is string => typeof x === "string").slice(-BLOCKED_KEPT)
      : [],
    muteReactions: saved.muteReactions === true,
    players: PLAYER_COUNTS.find((n) => n === saved.players) ?? PLAYER_COUNTS[0],
    level: LEVELS.find((l) => l === saved.level) ?? "medium", // the server's default too
  };
}

/** What was saved, each field still to be checked; nothing when it is not a JSON object. */
function savedSettings(storage: Storage): Partial<Record<keyof Settings, unknown>> {
  try {
    const value: unknown = JSON.parse(storage.getItem(KEY) ?? "{}");
    return typeof value === "object" && value !== null ? value : {};
  } catch {
    return {};
  }
}

export function saveSettings(storage: Storage, s: Settings): void {
  storage.setItem(KEY, JSON.stringify(s));
}

/** The settings with `playerId`'s challenges refused from now on. */
export function blocking(s: Settings, playerId: string): Settings {
  return { ...s, blocked: [...s.blocked.filter((id) => id !== playerId), playerId].slice(-BLOCKED_KEPT) };
}
