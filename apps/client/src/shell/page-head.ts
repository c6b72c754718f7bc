import { t, type Lang } from "../i18n/index.js";
import { el } from "./dom.js";

/** The head of a DOM page over the lobby: a Back button and the page's title (ids `page-back`, `page-title`). */
export function pageHead(lang: Lang, title: string, back: () => void): HTMLElement {
  const button = el("button", { type: "button", id: "page-back", class: "page-back" }, t(lang, "back"));
  button.addEventListener("click", back);
  return el("header", { class: "page-head" }, button, el("h1", { id: "page-title" }, title));
}
