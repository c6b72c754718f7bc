/**
 * A Challenge button's question before the invitation goes: a rated duel or a casual one
 * (whose hands are not rated). Shown in place, just after the button, as a small group
 * that takes the focus; Escape or a second press of the button puts it away. The page's
 * controller keeps which button is asking (one at a time); these are its view pieces.
 */
import { t, type Lang } from "../i18n/index.js";
import { h, type VNode } from "../shell/view.js";

/** The chooser's id: one at a time in the page. */
export const CHALLENGE_KIND_ID = "challenge-kind";

/** What a page's Challenge buttons need from its controller. */
export interface ChallengeAsking {
  asking: string | null; // the key of the button whose chooser is open
  ask(key: string | null): void; // opens that button's chooser (null: closes it), and redraws
}

export interface ChallengeButtonOptions {
  id?: string; // the button's element id
  content?: (string | VNode)[]; // "Challenge" unless given
  disabled?: boolean; // the player is offline: the title says why
  player?: string; // data-player
}

/**
 * A Challenge button for `name` (its chooser's `key`, unique in the page) and, while it
 * asks, the Rated / Casual chooser after it; the choice is `send`.
 */
export function challengeButton(
  lang: Lang,
  name: string,
  key: string,
  ctrl: ChallengeAsking,
  send: (rated: boolean) => void,
  o: ChallengeButtonOptions = {},
): VNode[] {
  const open = ctrl.asking === key;
  const button = h(
    `button${o.id === undefined ? "" : `#${o.id}`}.challenge`,
    {
      attrs: {
        type: "button",
        "aria-label": `${t(lang, "challenge")}: ${name}`,
        "aria-expanded": String(open),
        title: o.disabled === true ? t(lang, "cannotChallengeOffline") : "",
        ...(o.player === undefined ? {} : { "data-player": o.player }),
      },
      props: { disabled: o.disabled === true },
      on: { click: () => ctrl.ask(open ? null : key) },
    },
    o.content ?? [t(lang, "challenge")],
  );
  return open ? [button, kindChooser(lang, name, ctrl, send)] : [button];
}

/** The question itself; the Rated choice takes the focus when it appears, and the focus returns to the button when it goes. */
function kindChooser(lang: Lang, name: string, ctrl: ChallengeAsking, send: (rated: boolean) => void): VNode {
  const backToButton = (e: Event) => {
    const group = (e.currentTarget as Element).closest(`#${CHALLENGE_KIND_ID}`);
    (group?.previousElementSibling as HTMLElement | null)?.focus();
  };
  const choice = (id: string, text: string, rated: boolean) =>
    h(
      `button#${id}`,
      {
        attrs: { type: "button" },
        on: {
          click: (e: Event) => {
            backToButton(e);
            ctrl.ask(null);
            send(rated);
          },
        },
        hook: rated ? { insert: (v) => (v.elm as HTMLElement).focus() } : {},
      },
      text,
    );
  return h(
    `span#${CHALLENGE_KIND_ID}.challenge-kind`,
    {
      attrs: { role: "group", "aria-label": t(lang, "challengeKind", { name }) },
      on: {
        keydown: (e: KeyboardEvent) => {
          if (e.key !== "Escape") return;
          e.stopPropagation();
          backToButton(e);
          ctrl.ask(null);
        },
      },
    },
    [
      t(lang, "challengeKind", { name }),
      " ",
      choice("challenge-rated", t(lang, "ratedDuel"), true),
      " ",
      choice("challenge-casual", t(lang, "casualDuel"), false),
    ],
  );
}
