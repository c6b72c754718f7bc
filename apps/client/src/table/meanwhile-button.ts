import { t, type Lang } from "../i18n/index.js";
import type { TableView } from "../model/view.js";
import { el } from "../shell/dom.js";

/** The button's id: the browser tests and the focus find it. */
export const MEANWHILE_BUTTON_ID = "play-meanwhile";

/**
 * While a quick-match table waits for people: "Play the computer meanwhile", in the
 * table's banner (a DOM button, so Tab and screen readers reach it). The seek stays open
 * and the page plays the computer until someone sits down (table/seat-offer.ts). Drawn only
 * while the table waits and left alone otherwise (banner.ts has hidden the banner then).
 */
export function renderMeanwhileButton(box: HTMLElement, view: TableView, lang: Lang, play: () => void): void {
  if (view.mode !== "quick" || view.phase !== "waiting" || view.mySeat < 0) return;
  if (document.getElementById(MEANWHILE_BUTTON_ID)?.closest("[hidden]") === null && box.lang === lang) return; // shown already: the focus stays
  const button = el("button", { type: "button", id: MEANWHILE_BUTTON_ID }, t(lang, "playMeanwhile"));
  button.addEventListener("click", play);
  box.lang = lang;
  box.replaceChildren(button);
  box.hidden = false;
}
