import { t, type Lang } from "../i18n/index.js";
import { bdi, h, type VNode } from "../shell/view.js";
import type { Mark } from "./review-marks.js";
import type { Series } from "./review-graph.js";

const W = 600; // viewBox units; the SVG scales to its box
const H = 120;

/** What the graph shows. */
export interface GraphData {
  series: Series[]; // first: the perspective the label names (seat 0 in the duel)
  moves: number; // x runs 0 … moves
  marks: (Mark | null)[]; // by move
  at: number; // the position shown: a vertical line
  label: string; // its accessible name, which also says whose perspective "up" is
  lang: Lang;
  names: readonly string[]; // by seat, for the legend
}

/** The graph's legend: each line's colour and whose it is, and what up and down mean. */
export function graphLegend(lang: Lang, series: readonly Series[], names: readonly string[]): VNode {
  return h("div#graph-legend.graph-legend", [
    h(
      "ul",
      series.map((s, k) =>
        h("li", [h(`span.swatch.seat-${k}`, { attrs: { "aria-hidden": "true" } }), bdi(names[s.seat] ?? "")]),
      ),
    ),
    h("p.note", t(lang, "graphLegendAxis")),
  ]);
}

/**
 * The evaluation graph over the whole hand (SVG), and its legend: each series as a line from
 * −1 (bottom) to 1 (top), the marked moves as dots on the first line, the shown position as
 * a vertical line. A click anywhere jumps to the position under it (`jump`); the move list
 * is the keyboard's way to the same places.
 */
export function graphView(data: GraphData, jump: (index: number) => void): VNode[] {
  const x = (i: number) => (data.moves === 0 ? 0 : (i / data.moves) * W);
  const y = (v: number) => ((1 - v) / 2) * H;
  const first = data.series[0]?.points ?? [];
  const dots = first.flatMap((p) => {
    const mark = data.marks[p.x - 1];
    return mark
      ? [h("circle", { attrs: { cx: x(p.x).toFixed(1), cy: y(p.y).toFixed(1), r: "4", class: `graph-mark ${mark}` } })]
      : [];
  });
  const svg = h(
    "svg#eval-graph",
    {
      attrs: { viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: "none", role: "img", "aria-label": data.label },
      on: {
        click: (e: MouseEvent) => {
          const rect = (e.currentTarget as Element).getBoundingClientRect();
          if (rect.width > 0) jump(Math.round(((e.clientX - rect.left) / rect.width) * data.moves));
        },
      },
    },
    [
      line(0, H / 2, W, H / 2, "graph-axis"),
      ...data.series.map((s, k) =>
        h("polyline", {
          attrs: {
            points: s.points.map((p) => `${x(p.x).toFixed(1)},${y(p.y).toFixed(1)}`).join(" "),
            class: `graph-line seat-${k}`,
          },
        }),
      ),
      ...dots,
      line(x(data.at), 0, x(data.at), H, "graph-cursor"),
    ],
  );
  return [svg, graphLegend(data.lang, data.series, data.names)];
}

function line(x1: number, y1: number, x2: number, y2: number, cls: string): VNode {
  return h("line", { attrs: { x1, y1, x2, y2, class: cls } });
}
