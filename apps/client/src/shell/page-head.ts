import { t, type Lang } from "../i18n/index.js";
import { h, type VNode } from "./view.js";

/** The head of a page over the lobby: a Back button and the page's title (ids `page-back`, `page-title`). */
export function pageHead(lang: Lang, title: (string | VNode)[], back: () => void): VNode {
  return h("header.page-head", [
    h("button#page-back.page-back", { attrs: { type: "button" }, on: { click: () => back() } }, t(lang, "back")),
    h("h1#page-title", title),
  ]);
}
