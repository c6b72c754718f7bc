/**
 * The table's reactions: a small menu of the preset phrases (DOM over the canvas, as the
 * table's buttons are: in the Tab order, announced by name), and "Mute reactions" for
 * this table. What others say shows as a bubble by their plate (scene/reaction-bubble.ts)
 * and in the live region, unless muted here or in the settings.
 */
import { REACTIONS, REACTION_GAP_MS, type ReactionId } from "@yourtrumps/protocol";
import { t, type Key, type Lang } from "../i18n/index.js";
import type { Rect } from "../model/layout.js";
import { el } from "../shell/dom.js";

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

export class ReactionMenu {
  private readonly box = el("div", { class: "reactions", id: "reactions" });
  private readonly toggle = el("button", {
    type: "button",
    id: "reactions-toggle",
    "aria-expanded": "false",
    "aria-controls": "reaction-list",
  });
  private readonly list = el("div", { id: "reaction-list", role: "group" });
  private readonly mute = el("button", { type: "button", id: "mute-table-reactions", "aria-pressed": "false" });
  private lastSent = -Infinity;
  private lang: Lang = "en";
  mutedHere = false; // this table's own "Mute reactions"

  constructor(
    parent: HTMLElement,
    private readonly send: (id: ReactionId) => void,
    private readonly muted: (on: boolean) => void, // the table's mute changed (bubbles showing go)
  ) {
    this.list.hidden = true;
    this.toggle.addEventListener("click", () => this.open(this.list.hidden));
    this.mute.addEventListener("click", () => {
      this.mutedHere = !this.mutedHere;
      this.mute.setAttribute("aria-pressed", String(this.mutedHere));
      this.muted(this.mutedHere);
    });
    for (const id of REACTIONS) {
      const b = el("button", { type: "button", class: "reaction", "data-reaction": id });
      b.addEventListener("click", () => this.say(id));
      this.list.append(b);
    }
    this.list.addEventListener("keydown", (e) => {
      if (e.key !== "Escape") return;
      e.stopPropagation();
      this.open(false);
      this.toggle.focus();
    });
    this.mute.append(speakerIcon());
    this.box.append(this.toggle, this.list, this.mute);
    this.box.hidden = true;
    parent.append(this.box);
  }

  /**
   * Shows the menu at a table with people (`shown`), in `lang`. A spectator (`watching`) has
   * nothing to say at the table: only "Mute reactions" is offered, for the players' bubbles.
   */
  sync(shown: boolean, lang: Lang, watching = false): void {
    if (this.box.hidden === shown) this.box.hidden = !shown;
    if (this.toggle.hidden !== watching) {
      this.toggle.hidden = watching;
      if (watching) this.open(false);
    }
    if (lang === this.lang && this.toggle.textContent !== "") return;
    this.lang = lang;
    this.toggle.textContent = t(lang, "reactionsMenu");
    this.mute.setAttribute("aria-label", t(lang, "muteReactions")); // the button shows a struck speaker
    this.mute.title = t(lang, "muteReactions");
    for (const b of this.list.querySelectorAll<HTMLButtonElement>("button.reaction"))
      b.textContent = t(lang, REACTION_KEY[b.dataset.reaction as ReactionId]);
  }

  /**
   * Puts Say… and Mute in the room the layout keeps for them beside the bottom plate (CSS px
   * of the table): never over a card of the hand, a plate or a button.
   */
  place(room: { say: Rect; mute: Rect }): void {
    const vars: [string, number][] = [
      ["--say-x", room.say.x],
      ["--say-y", room.say.y],
      ["--say-w", room.say.w],
      ["--mute-x", room.mute.x],
      ["--mute-y", room.mute.y],
    ];
    for (const [name, px] of vars) {
      const value = `${Math.round(px)}px`;
      if (this.box.style.getPropertyValue(name) !== value) this.box.style.setProperty(name, value);
    }
  }

  /** A new table: its own mute starts off. */
  reset(): void {
    this.mutedHere = false;
    this.mute.setAttribute("aria-pressed", "false");
    this.open(false);
  }

  private open(on: boolean): void {
    this.list.hidden = !on;
    this.toggle.setAttribute("aria-expanded", String(on));
    if (on) this.list.querySelector("button")?.focus();
  }

  private say(id: ReactionId): void {
    this.open(false);
    this.toggle.focus();
    // The server counts too (and refuses what comes sooner); this only spares an honest double click its refusal.
    const now = Date.now();
    if (now - this.lastSent < REACTION_GAP_MS) return;
    this.lastSent = now;
    this.send(id);
  }
}

/** A speaker struck through, drawn in SVG (no emoji font is needed). */
function speakerIcon(): SVGSVGElement {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("width", "20");
  svg.setAttribute("height", "20");
  for (const d of ["M4 9h4l5-4v14l-5-4H4z", "M16 9l5 6M21 9l-5 6"]) {
    const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
    path.setAttribute("d", d);
    path.setAttribute("fill", d.startsWith("M4") ? "currentColor" : "none");
    path.setAttribute("stroke", "currentColor");
    path.setAttribute("stroke-width", "2");
    path.setAttribute("stroke-linecap", "round");
    svg.append(path);
  }
  return svg;
}
