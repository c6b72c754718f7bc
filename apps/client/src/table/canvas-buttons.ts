import { t, type Lang } from "../i18n/index.js";
import { buttonSpeech } from "../model/button-names.js";
import type { Button, ButtonId, Layout } from "../model/layout.js";
import type { TableView } from "../model/view.js";
import { el } from "../shell/dom.js";

/**
 * Real `<button>`s laid over the canvas at the layout's button rectangles, so the table's
 * buttons (Hint, Pick up, the trump suits, and the result's Rematch, Back to the lobby,
 * Review) are in the Tab order and announced by name, as the lobby's are. They are
 * transparent, and the pointer passes through them to the canvas, which draws and hit-tests
 * the same rectangles; a keyboard or a screen reader presses them. One element per id
 * lives across updates (a move moves or renames it, never rebuilds it), so the focus stays
 * on the button it was on. Also the result panel's legend of "✓" (a seat wants a rematch).
 */
export class CanvasButtons {
  private readonly layer = el("div", { class: "canvas-buttons" });
  private readonly legend = el("p", { class: "rematch-legend", id: "rematch-legend" });
  private readonly buttons = new Map<ButtonId, HTMLButtonElement>();

  constructor(
    parent: HTMLElement, // the canvas parent (#table)
    private readonly press: (id: ButtonId) => void, // what the canvas button does
  ) {
    this.legend.hidden = true;
    this.layer.append(this.legend);
    parent.append(this.layer);
  }

  /** Matches the buttons to `layout` (null: no table, no buttons) after every show, resize and language change. */
  sync(view: TableView | null, layout: Layout | null, lang: Lang): void {
    const wanted = view && layout ? layout.buttons : [];
    const ids = new Set(wanted.map((b) => b.id));
    for (const [id, button] of this.buttons) {
      if (ids.has(id)) continue;
      button.remove();
      this.buttons.delete(id);
    }
    // The Tab order is the reading order, top to bottom and left to right (Hint before Pick up, Rematch before Back to the lobby);
    // nodes are moved only when it changed (moving one drops its focus).
    const ordered = [...wanted].sort((a, b) => a.y - b.y || a.x - b.x).map((b) => this.place(b, view!, lang));
    const current = [...this.layer.querySelectorAll("button")];
    if (ordered.some((b, i) => current[i] !== b)) this.layer.append(...ordered);
    this.showLegend(
      view,
      (layout?.result?.rows.legend ?? 0) > 0 ? wanted.find((b) => b.id === "rematch") : undefined, // a squeezed card keeps no row for it
      lang,
    );
  }

  /** The button for `b`, made the first time its id shows, then only moved and renamed. */
  private place(b: Button, view: TableView, lang: Lang): HTMLButtonElement {
    let button = this.buttons.get(b.id);
    if (!button) {
      button = el("button", { type: "button", class: "canvas-button", "data-button": b.id });
      const id = b.id;
      button.addEventListener("click", () => this.press(id));
      this.buttons.set(id, button);
    }
    const speech = buttonSpeech(lang, view, b.id);
    setIfChanged(button, "aria-label", speech.name);
    if (speech.pressed === null) button.removeAttribute("aria-pressed");
    else setIfChanged(button, "aria-pressed", String(speech.pressed));
    const style = `left:${b.x}px;top:${b.y}px;width:${b.w}px;height:${b.h}px`;
    if (button.getAttribute("style") !== style) button.setAttribute("style", style);
    return button;
  }

  /** "✓ wants a rematch", centred just above the result panel's Rematch button, while some seat has asked. */
  private showLegend(view: TableView | null, rematch: Button | undefined, lang: Lang): void {
    const shown = rematch !== undefined && view !== null && view.seats.some((s) => s.rematch);
    this.legend.hidden = !shown;
    if (!shown) return;
    this.legend.textContent = t(lang, "rematchLegend");
    this.legend.setAttribute("style", `left:${rematch.x + rematch.w / 2}px;top:${rematch.y - 26}px`); // centred over Rematch, in the card's row kept for it
  }
}

function setIfChanged(node: HTMLElement, name: string, value: string): void {
  if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}
