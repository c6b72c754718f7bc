import { t, type Lang } from "../i18n/index.js";
import { bdi, h, toElement, type VNode } from "../shell/view.js";
import type { Mark } from "./review-marks.js";
import type { Series } from "./review-graph.js";

const W = 600; // viewBox units; the SVG scales to its box
const H = 120;
const SVG = "http://www.w3.org/2000/svg";

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
 * The evaluation graph over the whole hand (SVG): each series as a line from −1 (bottom)
 * to 1 (top), the marked moves as dots on the first line, the shown position as a
 * vertical line. A click anywhere jumps to the position under it (`jump`); the move list
 * is the keyboard's way to the same places.
 */
export function renderGraph(box: HTMLElement, data: GraphData, jump: (index: number) => void): void {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("preserveAspectRatio", "none");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", data.label);
  svg.id = "eval-graph";
  const x = (i: number) => (data.moves === 0 ? 0 : (i / data.moves) * W);
  const y = (v: number) => ((1 - v) / 2) * H;
  svg.append(line(0, H / 2, W, H / 2, "graph-axis"));
  data.series.forEach((s, k) => {
    const poly = document.createElementNS(SVG, "polyline");
    poly.setAttribute("points", s.points.map((p) => `${x(p.x).toFixed(1)},${y(p.y).toFixed(1)}`).join(" "));
    poly.setAttribute("class", `graph-line seat-${k}`);
    svg.append(poly);
  });
  const first = data.series[0]?.points ?? [];
  for (const p of first) {
    const mark = data.marks[p.x - 1];
    if (!mark) continue;
    const dot = document.createElementNS(SVG, "circle");
    dot.setAttribute("cx", x(p.x).toFixed(1));
    dot.setAttribute("cy", y(p.y).toFixed(1));
    dot.setAttribute("r", "4");
    dot.setAttribute("class", `graph-mark ${mark}`);
    svg.append(dot);
  }
  svg.append(line(x(data.at), 0, x(data.at), H, "graph-cursor"));
  svg.addEventListener("click", (e) => {
    const rect = svg.getBoundingClientRect();
    if (rect.width > 0) jump(Math.round(((e.clientX - rect.left) / rect.width) * data.moves));
  });
  box.replaceChildren(svg, toElement(graphLegend(data.lang, data.series, data.names)));
}

function line(x1: number, y1: number, x2: number, y2: number, cls: string): SVGLineElement {
  const l = document.createElementNS(SVG, "line");
  l.setAttribute("x1", String(x1));
  l.setAttribute("y1", String(y1));
  l.setAttribute("x2", String(x2));
  l.setAttribute("y2", String(y2));
  l.setAttribute("class", cls);
  return l;
}
