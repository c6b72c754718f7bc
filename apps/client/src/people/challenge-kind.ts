/**
 * A Challenge button's question before the invitation goes: a rated duel or a casual one
 * (whose hands are not rated). Shown in place, just after the button, as a small group
 * that takes the focus; Escape or a second press of the button puts it away.
 */
import { t, type Lang } from "../i18n/index.js";
import { el } from "../shell/dom.js";
import { h, type VNode } from "../shell/view.js";

/** The chooser's id: one at a time in the page. */
export const CHALLENGE_KIND_ID = "challenge-kind";

/** A Challenge button for `name`, drawn by a page's view: pressed, it asks Rated / Casual, then `send`s the choice. */
export function challengeButton(
  lang: Lang,
  name: string,
  send: (rated: boolean) => void,
  o: { content?: (string | VNode)[]; disabled?: boolean; player?: string } = {},
): VNode {
  return h(
    "button.challenge",
    {
      attrs: {
        type: "button",
        "aria-label": `${t(lang, "challenge")}: ${name}`,
        "aria-expanded": "false",
        title: o.disabled === true ? t(lang, "cannotChallengeOffline") : "",
        ...(o.player === undefined ? {} : { "data-player": o.player }),
      },
      props: { disabled: o.disabled === true },
      on: { click: (e: Event) => askKind(e.currentTarget as HTMLButtonElement, lang, name, send) },
    },
    o.content ?? [t(lang, "challenge")],
  );
}

/** Asks Rated / Casual just after `button` (a Challenge button drawn by a view calls this on its click). */
export function askKind(button: HTMLButtonElement, lang: Lang, name: string, send: (rated: boolean) => void): void {
  const open = document.getElementById(CHALLENGE_KIND_ID);
  const wasMine = open !== null && open.previousElementSibling === button;
  open?.remove();
  document
    .querySelectorAll("button.challenge[aria-expanded=true]")
    .forEach((b) => b.setAttribute("aria-expanded", "false"));
  if (wasMine) return;
  const close = (): void => {
    group.remove();
    button.setAttribute("aria-expanded", "false");
  };
  const choice = (id: string, text: string, rated: boolean): HTMLButtonElement => {
    const b = el("button", { type: "button", id }, text);
    b.addEventListener("click", () => {
      close();
      button.focus();
      send(rated);
    });
    return b;
  };
  const rated = choice("challenge-rated", t(lang, "ratedDuel"), true);
  const group = el(
    "span",
    { id: CHALLENGE_KIND_ID, role: "group", "aria-label": t(lang, "challengeKind", { name }), class: "challenge-kind" },
    t(lang, "challengeKind", { name }),
    " ",
    rated,
    " ",
    choice("challenge-casual", t(lang, "casualDuel"), false),
  );
  group.addEventListener("keydown", (e) => {
    if (e.key !== "Escape") return;
    e.stopPropagation();
    close();
    button.focus();
  });
  button.after(group);
  button.setAttribute("aria-expanded", "true");
  rated.focus();
}
