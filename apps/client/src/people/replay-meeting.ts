/**
 * Meeting people on a replay opened by its link (`?game=<id>`, a page without the lobby's
 * App): the page's identity keeps its presence connection, so an invitation reaches the
 * player there too. An accepted one leaves the replay for the game page, which sits down at
 * the challenge's private duel at once (`acceptedChallenge`).
 */
import { savedCredentials } from "../net/identity.js";
import type { Entry } from "../net/session.js";
import { Meeting } from "./meeting.js";
import { LOBBY, load } from "../shell/route.js";
import { saveSettings, type Settings } from "../shell/settings.js";
import { Toast } from "../shell/toast.js";

/** Where an entry accepted on another page waits for the game page (sessionStorage: this tab only). */
export const ACCEPTED_KEY = "yourtrumps.acceptedChallenge";

export function replayMeeting(
  serverUrl: string,
  settings: Settings,
  toastNode: HTMLElement,
  storage: Storage,
  session: Storage,
): Meeting {
  let current = settings;
  const toast = new Toast(toastNode);
  const meeting = new Meeting(serverUrl, {
    settings: () => current,
    changeSettings: (s) => {
      current = s;
      saveSettings(storage, s);
    },
    playerId: () => savedCredentials(storage)?.id ?? null,
    enter: (entry) => {
      session.setItem(ACCEPTED_KEY, JSON.stringify(entry));
      load(LOBBY); // the game page, which enters it
    },
    toast: (text) => toast.show(text),
    sessionEnded: () => {}, // the game page says "signed out" when it next loads
  });
  meeting.identity(savedCredentials(storage)?.token ?? null);
  return meeting;
}

/** The private duel of a challenge accepted on a replay page, once (then forgotten); null when there is none. */
export function acceptedChallenge(session: Storage): Entry | null {
  const raw = session.getItem(ACCEPTED_KEY);
  session.removeItem(ACCEPTED_KEY);
  try {
    const entry = JSON.parse(raw ?? "null") as Entry | null;
    return entry !== null && entry.kind === "code" && typeof entry.options.code === "string" ? entry : null;
  } catch {
    return null;
  }
}
