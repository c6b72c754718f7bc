import { t, type Lang } from "../i18n/index.js";
import type { MoveLine } from "../model/move-list.js";
import type { MistakeEntry } from "../net/puzzle-bodies.js";
import { pageHead } from "../shell/page-head.js";
import { h, Mount, type VNode } from "../shell/view.js";
import { graphView, type GraphData } from "./eval-graph.js";
import { mistakesList } from "./mistakes-list.js";
import { SPEEDS, type Cursor, type CursorAction } from "./replay-cursor.js";
import type { Accuracy } from "./review-marks.js";

/** What the replay's panel asks of the page. */
export interface PanelHost {
  lang: Lang;
  act(action: CursorAction): void;
  review(): void; // the Review button
  back(): void;
}

/** The review as the panel shows it: its button before, then accuracy per seat, progress and where it stands. */
export type ReviewShown =
  | { kind: "idle" }
  | { kind: "running"; accuracy: readonly Accuracy[]; names: readonly string[]; done: number; status: string };

/** What the panel's view reads. */
export interface ReplayPanelState {
  lang: Lang;
  result: string; // the hand's result in words
  cursor: Cursor; // the position shown, playing or not, the speed
  lines: readonly MoveLine[]; // one per move
  review: ReviewShown;
  mistakes: readonly MistakeEntry[]; // after a review: the viewer's mistakes of this hand, as puzzles
  graph: GraphData | null; // once a review runs
}

/**
 * The replay page's panel beside the table: the head (Back, title, result), the controls
 * (first, previous, play–pause, next, last, speed), the slider, the review box (Review,
 * then progress, accuracy and the graph) and the move list `#moves`, one `<li>` per move.
 * It only draws what it is given and reports what was pressed: the page sets its state
 * (each setter redraws) and the pure `replayPanelView` draws it.
 */
export class ReplayPanel implements ReplayPanelState {
  lines: readonly MoveLine[] = [];
  review: ReviewShown = { kind: "idle" };
  mistakes: readonly MistakeEntry[] = [];
  graph: GraphData | null = null;
  private readonly mount: Mount;

  constructor(
    box: HTMLElement,
    readonly host: PanelHost,
    readonly result: string,
    public cursor: Cursor,
  ) {
    box.lang = host.lang;
    this.mount = new Mount(box, () => replayPanelView(this));
    this.mount.redraw();
  }

  get lang(): Lang {
    return this.host.lang;
  }

  /** The move list, first drawn or redrawn (new verdicts). */
  setLines(lines: readonly MoveLine[]): void {
    this.set(() => (this.lines = lines));
  }

  /** Marks the position shown. */
  show(c: Cursor): void {
    this.set(() => (this.cursor = c));
  }

  /** During and after a review: accuracy per seat, the progress bar and where it stands. */
  reviewState(accuracy: readonly Accuracy[], names: readonly string[], done: number, status: string): void {
    this.set(() => (this.review = { kind: "running", accuracy, names, done, status }));
  }

  /** The evaluation graph as it stands. */
  showGraph(graph: GraphData): void {
    this.set(() => (this.graph = graph));
  }

  /** "Learn from your mistakes": the viewer's mistakes in this hand, each a link to its puzzle; hidden when there are none. */
  showMistakes(list: readonly MistakeEntry[]): void {
    this.set(() => (this.mistakes = list));
  }

  /** The panel goes (the page is closed). */
  clear(): void {
    this.mount.clear();
  }

  private set(change: () => void): void {
    change();
    if (this.mount.mounted) this.mount.redraw();
  }
}

/** The panel: pure, from its state to its nodes. */
export function replayPanelView(ctrl: ReplayPanelState & { host: Pick<PanelHost, "act" | "review" | "back"> }): VNode {
  const L = ctrl.lang;
  const c = ctrl.cursor;
  const act = (action: CursorAction) => () => ctrl.host.act(action);
  const control = (id: string, symbol: string, label: string, action: CursorAction, disabled: boolean) =>
    h(
      `button#${id}`,
      { attrs: { type: "button", "aria-label": label, title: label }, props: { disabled }, on: { click: act(action) } },
      symbol,
    );
  const playLabel = t(L, c.playing ? "pause" : "play");
  return h("div.replay-body", [
    pageHead(L, [t(L, "replayTitle")], () => ctrl.host.back()),
    h("p#replay-result.replay-result", ctrl.result),
    h("div.replay-bar", [
      h("div.replay-controls", { attrs: { role: "group", "aria-label": t(L, "replayKeys") } }, [
        control("replay-first", "⏮", t(L, "toFirst"), { kind: "first" }, c.index === 0),
        control("replay-prev", "◀", t(L, "toPrev"), { kind: "prev" }, c.index === 0),
        h(
          "button#replay-play",
          {
            attrs: { type: "button", "aria-label": playLabel, title: playLabel, "aria-pressed": String(c.playing) },
            on: { click: act({ kind: "toggle" }) },
          },
          "⏯",
        ),
        control("replay-next", "▶", t(L, "toNext"), { kind: "next" }, c.index === c.moves),
        control("replay-last", "⏭", t(L, "toLast"), { kind: "last" }, c.index === c.moves),
        h(
          "select#replay-speed",
          {
            attrs: { "aria-label": t(L, "speed") },
            props: { value: String(c.speed) },
            on: {
              change: (e: Event) => {
                const speed = SPEEDS.find((x) => String(x) === (e.currentTarget as HTMLSelectElement).value);
                if (speed !== undefined) ctrl.host.act({ kind: "speed", speed });
              },
            },
          },
          SPEEDS.map((s) => h("option", { attrs: { value: String(s), selected: s === c.speed } }, `${s}×`)),
        ),
      ]),
      h("input#replay-slider", {
        attrs: { type: "range", min: "0", max: String(c.moves), step: "1", "aria-label": t(L, "moveSlider") },
        props: { value: String(c.index) },
        on: {
          input: (e: Event) =>
            ctrl.host.act({ kind: "jump", index: Number((e.currentTarget as HTMLInputElement).value) }),
        },
      }),
      h("p#replay-where.replay-where", c.index === 0 ? t(L, "theDeal") : t(L, "moveOf", { i: c.index, n: c.moves })),
    ]),
    h("p.note", t(L, "replayKeys")),
    reviewBox(ctrl),
    h("div", { props: { hidden: ctrl.mistakes.length === 0 } }, [
      ...(ctrl.mistakes.length > 0 ? [mistakesList(L, ctrl.mistakes, "review-mistakes")] : []),
    ]),
    h(
      "div#eval-graph-box.eval-graph",
      ctrl.graph === null ? [] : graphView(ctrl.graph, (index) => ctrl.host.act({ kind: "jump", index })),
    ),
    h(
      "ol#moves.moves",
      { attrs: { "aria-label": t(L, "replayTitle") } },
      ctrl.lines.map((line) => moveItem(ctrl, line, line.index === c.index - 1)),
    ),
  ]);
}

function reviewBox(ctrl: ReplayPanelState & { host: Pick<PanelHost, "review"> }): VNode {
  const L = ctrl.lang;
  const r = ctrl.review;
  if (r.kind === "idle") {
    return h("div#review-box.review-box", [
      h(
        "button#review-start.primary",
        { attrs: { type: "button" }, on: { click: () => ctrl.host.review() } },
        t(L, "review"),
      ),
    ]);
  }
  return h("div#review-box.review-box", [
    h(
      "ul#accuracy.accuracy",
      r.accuracy.map((a) =>
        h(
          "li",
          { attrs: { "data-seat": String(a.seat) } },
          a.percent === null
            ? t(L, "accuracyPending", { name: r.names[a.seat] ?? "?" })
            : t(L, "accuracyOf", { name: r.names[a.seat] ?? "?", percent: a.percent }),
        ),
      ),
    ),
    h("progress#review-progress", { attrs: { max: String(Math.max(1, ctrl.cursor.moves)), value: String(r.done) } }),
    h("p#review-status.note", { attrs: { role: "status" } }, r.status),
  ]);
}

/** One move of the list; the current one is scrolled into view when it becomes current, not on every redraw. */
function moveItem(ctrl: { host: Pick<PanelHost, "act"> }, line: MoveLine, current: boolean): VNode {
  const scroll = (v: VNode) => (v.elm as HTMLElement).scrollIntoView({ block: "nearest" });
  return h(
    `li.move.seat-${line.seat}`,
    {
      key: line.index,
      class: line.mark === null ? {} : { [line.mark]: true },
      attrs: { "data-index": String(line.index), ...(current ? { "aria-current": "step" } : {}) },
      on: { click: () => ctrl.host.act({ kind: "jump", index: line.index + 1 }) },
      hook: current
        ? { insert: scroll, update: (old, v) => void (old.data?.attrs?.["aria-current"] === "step" || scroll(v)) }
        : {},
    },
    [
      h("button.move-text", { attrs: { type: "button" } }, `${line.index + 1}. ${line.text}`),
      ...(line.markText ? [h(`span.mark${line.mark ? `.${line.mark}` : ""}`, line.markText)] : []),
      ...(line.verdict ? [h("span.verdict", line.verdict)] : []),
      ...(line.better ? [h("span.better", line.better)] : []),
      ...(line.standing ? [h("span.values", { attrs: { title: line.values } }, line.standing)] : []),
    ],
  );
}
