import type { Lang } from "../i18n/index.js";
import { say } from "./words/index.js";
import { h, type VNode } from "../shell/view.js";

/** A labelled text field whose typing goes to `input`; `attrs` add autocomplete and the like. */
export function field(
  id: string,
  label: string,
  value: string,
  input: (text: string) => void,
  attrs: Record<string, string> = {},
): VNode {
  return h("div.row", [
    h("label", { attrs: { for: id } }, label),
    h(`input#${id}`, {
      attrs: { type: "text", ...attrs },
      props: { value },
      on: { input: (e: Event) => input((e.target as HTMLInputElement).value) },
    }),
  ]);
}

/** A page's head: Back and its title. */
export function pageHead(lang: Lang, title: string, back: () => void): VNode {
  return h("header.page-head", [
    h("button#page-back.page-back", { attrs: { type: "button" }, on: { click: back } }, say(lang, "back")),
    h("h1#page-title", title),
  ]);
}
