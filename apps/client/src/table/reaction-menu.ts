/**
 * The table's reactions: a small menu of the preset phrases (DOM over the canvas, as the
 * table's buttons are: in the Tab order, announced by name), and "Mute reactions" for
 * this table. What others say shows as a bubble by their plate (scene/reaction-bubble.ts)
 * and in the live region, unless muted here or in the settings.
 */
import { REACTIONS, REACTION_GAP_MS, type ReactionId } from "@yourtrumps/protocol";
import { t, type Key, type Lang } from "../i18n/index.js";
import type { Rect } from "../model/layout.js";
import { h, Mount, type VNode } from "../shell/view.js";

/** Each reaction's words. */
export const REACTION_KEY: Record<ReactionId, Key> = {
  hello: "reactHello",
  "good-luck": "reactGoodLuck",
  "have-fun": "reactHaveFun",
  "well-played": "reactWellPlayed",
  "good-game": "reactGoodGame",
  thanks: "reactThanks",
  oops: "reactOops",
  bye: "reactBye",
};

/** What the menu's view reads. */
export interface ReactionMenuState {
  shown: boolean; // a table with people
  lang: Lang;
  watching: boolean; // a spectator: only Mute is offered
  open: boolean; // the phrases are listed
  mutedHere: boolean; // this table's own "Mute reactions"
  room: { say: Rect; mute: Rect } | null; // where the layout keeps Say… and Mute (CSS px of the table)
}

export interface ReactionMenuActs {
  toggle(): void;
  toggleMute(): void;
  say(id: ReactionId): void;
  escape(): void;
}

export class ReactionMenu implements ReactionMenuState, ReactionMenuActs {
  shown = false;
  lang: Lang = "en";
  watching = false;
  open = false;
  mutedHere = false;
  room: ReactionMenuState["room"] = null;
  private lastSent = -Infinity;
  private readonly mount: Mount;

  constructor(
    private readonly parent: HTMLElement, // the table: the focus goes back to it, where the game's keys are
    private readonly send: (id: ReactionId) => void,
    private readonly muted: (on: boolean) => void, // the table's mute changed (bubbles showing go)
  ) {
    const root = document.createElement("div");
    parent.append(root);
    this.mount = new Mount(root, () => reactionMenuView(this));
    this.mount.redraw();
  }

  /**
   * Shows the menu at a table with people (`shown`), in `lang`. A spectator (`watching`) has
   * nothing to say at the table: only "Mute reactions" is offered, for the players' bubbles.
   */
  sync(shown: boolean, lang: Lang, watching = false): void {
    if (shown === this.shown && lang === this.lang && watching === this.watching) return; // called on every state: nothing to patch
    this.shown = shown;
    this.lang = lang;
    if (watching) this.open = false;
    this.watching = watching;
    this.mount.redraw();
  }

  /**
   * Puts Say… and Mute in the room the layout keeps for them beside the bottom plate (CSS px
   * of the table): never over a card of the hand, a plate or a button.
   */
  place(room: { say: Rect; mute: Rect }): void {
    this.room = room;
    this.mount.redraw();
  }

  /** A new table: its own mute starts off. */
  reset(): void {
    this.mutedHere = false;
    this.open = false;
    this.mount.redraw();
  }

  toggle(): void {
    if (this.open) this.close();
    else {
      this.open = true;
      this.mount.redraw();
    }
  }

  toggleMute(): void {
    this.mutedHere = !this.mutedHere;
    this.mount.redraw();
    this.muted(this.mutedHere);
  }

  escape(): void {
    this.close();
  }

  /** Closed by the player (a phrase said, Escape, Say… again): the focus goes back to the table, so the game's keys play on. */
  private close(): void {
    this.open = false;
    this.mount.redraw();
    this.parent.focus({ preventScroll: true });
  }

  say(id: ReactionId): void {
    this.close();
    // The server counts too (and refuses what comes sooner); this only spares an honest double click its refusal.
    const now = Date.now();
    if (now - this.lastSent < REACTION_GAP_MS) return;
    this.lastSent = now;
    this.send(id);
  }
}

/** The menu: pure, from its state to its nodes. Its place is CSS variables the stylesheet reads. */
export function reactionMenuView(ctrl: ReactionMenuState & ReactionMenuActs): VNode {
  const L = ctrl.lang;
  const r = ctrl.room;
  const place =
    r === null
      ? ""
      : (
          [
            ["--say-x", r.say.x],
            ["--say-y", r.say.y],
            ["--say-w", r.say.w],
            ["--mute-x", r.mute.x],
            ["--mute-y", r.mute.y],
          ] as const
        )
          .map(([name, px]) => `${name}: ${Math.round(px)}px`)
          .join("; ");
  return h("div#reactions.reactions", { attrs: { style: place }, props: { hidden: !ctrl.shown } }, [
    h(
      "button#reactions-toggle",
      {
        attrs: { type: "button", "aria-expanded": String(ctrl.open), "aria-controls": "reaction-list" },
        props: { hidden: ctrl.watching },
        on: { click: () => ctrl.toggle() },
      },
      t(L, "reactionsMenu"),
    ),
    h(
      "div#reaction-list",
      {
        attrs: { role: "group" },
        props: { hidden: !ctrl.open },
        on: {
          keydown: (e: KeyboardEvent) => {
            if (e.key !== "Escape") return;
            e.stopPropagation();
            ctrl.escape();
          },
        },
      },
      // Drawn only while open: the first phrase takes the focus as it appears.
      ctrl.open
        ? REACTIONS.map((id, i) =>
            h(
              "button.reaction",
              {
                attrs: { type: "button", "data-reaction": id },
                on: { click: () => ctrl.say(id) },
                hook: i === 0 ? { insert: (v) => (v.elm as HTMLElement).focus() } : {},
              },
              t(L, REACTION_KEY[id]),
            ),
          )
        : [],
    ),
    h(
      "button#mute-table-reactions",
      {
        attrs: {
          type: "button",
          "aria-pressed": String(ctrl.mutedHere),
          "aria-label": t(L, "muteReactions"), // the button shows a struck speaker
          title: t(L, "muteReactions"),
        },
        on: { click: () => ctrl.toggleMute() },
      },
      [speakerIcon()],
    ),
  ]);
}

/** A speaker struck through, drawn in SVG (no emoji font is needed). */
function speakerIcon(): VNode {
  return h(
    "svg",
    { attrs: { viewBox: "0 0 24 24", "aria-hidden": "true", width: "20", height: "20" } },
    ["M4 9h4l5-4v14l-5-4H4z", "M16 9l5 6M21 9l-5 6"].map((d) =>
      h("path", {
        attrs: {
          d,
          fill: d.startsWith("M4") ? "currentColor" : "none",
          stroke: "currentColor",
          "stroke-width": "2",
          "stroke-linecap": "round",
        },
      }),
    ),
  );
}
