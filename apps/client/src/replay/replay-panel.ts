import { t, type Lang } from "../i18n/index.js";
import type { MoveLine } from "../model/move-list.js";
import { SPEEDS, type Cursor, type CursorAction, type Speed } from "./replay-cursor.js";
import type { Accuracy } from "./review-marks.js";
import type { MistakeEntry } from "../net/puzzle-bodies.js";
import { el } from "../shell/dom.js";
import { mistakesList } from "./mistakes-list.js";
import { toElement } from "../shell/view.js";
import { pageHead } from "../shell/page-head.js";

/** What the replay's DOM panel asks of the page. */
export interface PanelHost {
  lang: Lang;
  act(action: CursorAction): void;
  review(): void; // the Review button
  back(): void;
}

/**
 * The replay page's DOM beside the table: the head (Back, title, result), the controls
 * (first, previous, play–pause, next, last, speed), the slider, the review box (Review,
 * then progress, accuracy and the graph) and the move list `#moves`, one `<li>` per move.
 * It only draws what it is given and reports what was pressed.
 */
export class ReplayPanel {
  private readonly slider: HTMLInputElement;
  private readonly where: HTMLElement;
  private readonly playButton: HTMLButtonElement;
  private readonly buttons: Record<"first" | "prev" | "next" | "last", HTMLButtonElement>;
  private readonly list: HTMLOListElement;
  private readonly reviewBox: HTMLElement;
  private readonly mistakesBox: HTMLElement; // after a review: the viewer's mistakes of this hand, as puzzles
  readonly graphBox: HTMLElement;
  private items: HTMLLIElement[] = [];
  private scrolledTo = -1; // the item last scrolled into view: only a new position scrolls the list

  constructor(
    box: HTMLElement,
    private readonly host: PanelHost,
    result: string,
    moves: number,
  ) {
    const L = host.lang;
    const control = (id: string, symbol: string, label: string, action: CursorAction) => {
      const b = el("button", { type: "button", id, "aria-label": label, title: label }, symbol);
      b.addEventListener("click", () => host.act(action));
      return b;
    };
    this.buttons = {
      first: control("replay-first", "⏮", t(L, "toFirst"), { kind: "first" }),
      prev: control("replay-prev", "◀", t(L, "toPrev"), { kind: "prev" }),
      next: control("replay-next", "▶", t(L, "toNext"), { kind: "next" }),
      last: control("replay-last", "⏭", t(L, "toLast"), { kind: "last" }),
    };
    this.playButton = control("replay-play", "⏯", t(L, "play"), { kind: "toggle" });
    const speed = el(
      "select",
      { id: "replay-speed", "aria-label": t(L, "speed") },
      ...SPEEDS.map((s) => el("option", { value: String(s) }, `${s}×`)),
    );
    speed.value = "1";
    speed.addEventListener("change", () => {
      const s = SPEEDS.find((x) => String(x) === speed.value);
      if (s !== undefined) host.act({ kind: "speed", speed: s satisfies Speed });
    });
    this.slider = el("input", {
      type: "range",
      id: "replay-slider",
      min: "0",
      max: String(moves),
      step: "1",
      value: "0",
      "aria-label": t(L, "moveSlider"),
    });
    this.slider.addEventListener("input", () => host.act({ kind: "jump", index: Number(this.slider.value) }));
    this.where = el("p", { id: "replay-where", class: "replay-where" });
    this.reviewBox = el("div", { id: "review-box", class: "review-box" });
    this.graphBox = el("div", { id: "eval-graph-box", class: "eval-graph" });
    this.mistakesBox = el("div", { hidden: "" });
    this.list = el("ol", { id: "moves", class: "moves", "aria-label": t(L, "replayTitle") });
    const controls = el(
      "div",
      { class: "replay-controls", role: "group", "aria-label": t(L, "replayKeys") },
      this.buttons.first,
      this.buttons.prev,
      this.playButton,
      this.buttons.next,
      this.buttons.last,
      speed,
    );
    box.lang = L;
    box.replaceChildren(
      el(
        "div",
        { class: "replay-body" },
        toElement(pageHead(L, [t(L, "replayTitle")], () => host.back())),
        el("p", { id: "replay-result", class: "replay-result" }, result),
        el("div", { class: "replay-bar" }, controls, this.slider, this.where),
        el("p", { class: "note" }, t(L, "replayKeys")),
        this.reviewBox,
        this.mistakesBox,
        this.graphBox,
        this.list,
      ),
    );
    this.reviewIdle();
  }

  /** The move list, first drawn or redrawn (new verdicts). */
  setLines(lines: readonly MoveLine[]): void {
    if (this.items.length !== lines.length) {
      this.items = lines.map((line) => {
        const li = el("li", { class: "move", "data-index": String(line.index) });
        li.addEventListener("click", () => this.host.act({ kind: "jump", index: line.index + 1 }));
        return li;
      });
      this.list.replaceChildren(...this.items);
    }
    lines.forEach((line, i) => this.fill(this.items[i]!, line));
  }

  /** Marks the position shown. */
  show(c: Cursor): void {
    this.slider.value = String(c.index);
    this.where.textContent =
      c.index === 0 ? t(this.host.lang, "theDeal") : t(this.host.lang, "moveOf", { i: c.index, n: c.moves });
    this.buttons.first.disabled = this.buttons.prev.disabled = c.index === 0;
    this.buttons.next.disabled = this.buttons.last.disabled = c.index === c.moves;
    const label = t(this.host.lang, c.playing ? "pause" : "play");
    this.playButton.setAttribute("aria-label", label);
    this.playButton.title = label;
    this.playButton.setAttribute("aria-pressed", String(c.playing));
    this.items.forEach((li, i) => {
      if (i === c.index - 1) {
        li.setAttribute("aria-current", "step");
        if (this.scrolledTo !== i) li.scrollIntoView({ block: "nearest" });
        this.scrolledTo = i;
      } else li.removeAttribute("aria-current");
    });
  }

  /** Before a review: its button. */
  reviewIdle(): void {
    const b = el("button", { type: "button", id: "review-start", class: "primary" }, t(this.host.lang, "review"));
    b.addEventListener("click", () => this.host.review());
    this.reviewBox.replaceChildren(b);
  }

  /** During and after a review: accuracy per seat, the progress bar and where it stands. */
  reviewState(
    accuracy: readonly Accuracy[],
    names: readonly string[],
    done: number,
    moves: number,
    status: string,
  ): void {
    const L = this.host.lang;
    const rows = accuracy.map((a) =>
      el(
        "li",
        { "data-seat": String(a.seat) },
        a.percent === null
          ? t(L, "accuracyPending", { name: names[a.seat] ?? "?" })
          : t(L, "accuracyOf", { name: names[a.seat] ?? "?", percent: a.percent }),
      ),
    );
    const progress = el("progress", { id: "review-progress", max: String(Math.max(1, moves)), value: String(done) });
    this.reviewBox.replaceChildren(
      el("ul", { id: "accuracy", class: "accuracy" }, ...rows),
      progress,
      el("p", { id: "review-status", class: "note", role: "status" }, status),
    );
  }

  /** "Learn from your mistakes": the viewer's mistakes in this hand, each a link to its puzzle; hidden when there are none. */
  mistakes(list: readonly MistakeEntry[]): void {
    this.mistakesBox.hidden = list.length === 0;
    this.mistakesBox.replaceChildren(
      ...(list.length > 0 ? [toElement(mistakesList(this.host.lang, list, "review-mistakes"))] : []),
    );
  }

  private fill(li: HTMLLIElement, line: MoveLine): void {
    li.className = `move seat-${line.seat} ${line.mark ?? ""}`.trim();
    const parts: (Node | string)[] = [
      el("button", { type: "button", class: "move-text" }, `${line.index + 1}. ${line.text}`),
    ];
    if (line.markText) parts.push(el("span", { class: `mark ${line.mark ?? ""}` }, line.markText));
    if (line.verdict) parts.push(el("span", { class: "verdict" }, line.verdict));
    if (line.better) parts.push(el("span", { class: "better" }, line.better));
    if (line.standing) parts.push(el("span", { class: "values", title: line.values }, line.standing));
    li.replaceChildren(...parts);
  }
}
