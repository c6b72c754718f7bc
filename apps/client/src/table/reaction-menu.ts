/**
 * The table's reactions: a small menu of the preset phrases (DOM over the canvas, as the
 * table's buttons are: in the Tab order, announced by name), and "Mute reactions" for
 * this table. What others say shows as a bubble by their plate (scene/reaction-bubble.ts)
 * and in the live region, unless muted here or in the settings.
 */
import { REACTIONS, REACTION_GAP_MS, type ReactionId } from "@yourtrumps/protocol";
import { t, type Key, type Lang } from "../i18n/index.js";
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
    this.box.append(this.toggle, this.list, this.mute);
    this.box.hidden = true;
    parent.append(this.box);
  }

  /** Shows the menu at a table with people (`shown`), in `lang`. */
  sync(shown: boolean, lang: Lang): void {
    if (this.box.hidden === shown) this.box.hidden = !shown;
    if (lang === this.lang && this.toggle.textContent !== "") return;
    this.lang = lang;
    this.toggle.textContent = t(lang, "reactionsMenu");
    this.mute.textContent = t(lang, "muteReactions");
    for (const b of this.list.querySelectorAll<HTMLButtonElement>("button.reaction"))
      b.textContent = t(lang, REACTION_KEY[b.dataset.reaction as ReactionId]);
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
