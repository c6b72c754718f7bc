/**
 * Online and offline as the lobby shows it. Playing the computer needs nothing from the
 * network (local/); quick match, private tables, joining by code, the profile's pages
 * and the leaderboard do. While the browser says it is offline those buttons are
 * disabled under one plain note, and they come back by themselves with the `online`
 * event — no reload, no retry button.
 */
import { t, type Lang } from "../i18n/index.js";

export const OFFLINE_NOTE_ID = "offline-note";

/** The lobby's controls that need the server (My games does not: it lists the hands played in this page without it). */
const NEEDS_SERVER = ["quick-match", "private-table", "join", "code", "open-leaderboard"];

export function isOnline(): boolean {
  return navigator.onLine;
}

/** Disables (offline) or enables (online) the server's controls under `root`, and shows or hides the note. */
export function showConnectivity(root: HTMLElement, lang: Lang): void {
  const offline = !isOnline();
  for (const id of NEEDS_SERVER) {
    const control = root.querySelector(`#${id}`);
    if (control instanceof HTMLButtonElement || control instanceof HTMLInputElement) control.disabled = offline;
  }
  const note = root.querySelector<HTMLElement>(`#${OFFLINE_NOTE_ID}`);
  if (note) {
    note.textContent = offline ? t(lang, "needsConnection") : "";
    note.hidden = !offline;
  }
}

/** Calls `changed` whenever the browser goes offline or comes back. */
export function watchConnectivity(changed: (online: boolean) => void): void {
  addEventListener("online", () => changed(true));
  addEventListener("offline", () => changed(false));
}
