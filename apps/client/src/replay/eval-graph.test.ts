import { describe, expect, it } from "vitest";
import { en } from "../i18n/en.js";
import { nodesOf, textOf } from "../shell/vnode-query.js";
import { graphLegend } from "./eval-graph.js";

describe("the evaluation graph's legend", () => {
  it("names each line's player (isolated for direction) by its colour, and says what up and down mean", () => {
    const legend = graphLegend(
      "en",
      [
        { seat: 0, points: [] },
        { seat: 1, points: [] },
      ],
      ["Ann", "عمر"],
    );
    const items = nodesOf(legend).filter((n) => n.sel === "li");
    expect(items.map(textOf)).toEqual(["Ann", "عمر"]);
    expect(nodesOf(items[1]!).some((n) => n.sel === "span.swatch.seat-1")).toBe(true);
    expect(nodesOf(legend).filter((n) => n.sel === "bdi")).toHaveLength(2);
    expect(textOf(legend)).toContain(en.graphLegendAxis);
  });
});
