import { t, type Lang } from "../i18n/index.js";
import type { TableView } from "../model/view.js";

/**
 * The note in the corner of a table: "You are watching" for a spectator, and how many
 * watch, for everyone at a table with spectators. Hidden when there is nothing to say.
 */
export function renderWatchingNote(box: HTMLElement, view: TableView | null, lang: Lang): void {
  const parts: string[] = [];
  if (view?.watching) parts.push(t(lang, "youWatch"));
  if (view && view.spectators > 0) parts.push(t(lang, "watchingCount", { n: view.spectators }));
  box.textContent = parts.join(" · ");
  box.hidden = parts.length === 0;
}
