import { describe, expect, it } from "vitest";
import { en } from "../i18n/en.js";
import type { MoveLine } from "../model/move-list.js";
import { byId, hasId, idsOf, nodesOf, textOf } from "../shell/vnode-query.js";
import type { CursorAction } from "./replay-cursor.js";
import { replayPanelView, type ReplayPanelState } from "./replay-panel.js";

const line = (index: number, seat: number): MoveLine => ({
  index,
  seat,
  text: `move ${index}`,
  mark: index === 1 ? "mistake" : null,
  markText: index === 1 ? "Mistake" : "",
  verdict: "",
  better: "",
  values: "",
  standing: "",
  best: null,
});

function panel(state: Partial<ReplayPanelState>) {
  const acts: CursorAction[] = [];
  const calls: string[] = [];
  const view = replayPanelView({
    lang: "en",
    result: "Result: Bob was left holding cards",
    cursor: { index: 0, moves: 3, playing: false, speed: 1 },
    lines: [line(0, 0), line(1, 1), line(2, 0)],
    review: { kind: "idle" },
    mistakes: [],
    graph: null,
    host: { act: (a) => acts.push(a), review: () => calls.push("review"), back: () => calls.push("back") },
    ...state,
  });
  return { view, acts, calls };
}

const click = (node: ReturnType<typeof byId>) => (node.data?.on?.click as (e: Event) => void)(new Event("click"));

describe("the replay panel's view", () => {
  it("at the deal: Back and previous disabled, Review offered, no move current", () => {
    const { view, calls } = panel({});
    expect(byId(view, "replay-first").data?.props?.disabled).toBe(true);
    expect(byId(view, "replay-next").data?.props?.disabled).toBe(false);
    expect(textOf(byId(view, "replay-where"))).toBe(en.theDeal);
    click(byId(view, "review-start"));
    expect(calls).toEqual(["review"]);
    expect(nodesOf(view).filter((n) => n.data?.attrs?.["aria-current"] === "step")).toHaveLength(0);
  });

  it("marks the move shown as current, each move jumping to the position after it, its mark as a class", () => {
    const { view, acts } = panel({ cursor: { index: 2, moves: 3, playing: true, speed: 2 } });
    const items = nodesOf(view).filter((n) => n.sel?.startsWith("li.move"));
    expect(items.map((n) => n.data?.attrs?.["aria-current"] ?? "")).toEqual(["", "step", ""]);
    expect(items[1]!.data?.class).toEqual({ mistake: true });
    click(items[2]!);
    expect(acts).toEqual([{ kind: "jump", index: 3 }]);
    expect(byId(view, "replay-play").data?.attrs?.["aria-pressed"]).toBe("true");
    expect(byId(view, "replay-speed").data?.props?.value).toBe("2");
  });

  it("shows the review's accuracy and progress, then the graph with its legend; every id unique", () => {
    const { view } = panel({
      review: {
        kind: "running",
        accuracy: [{ seat: 0, judged: 2, unmarked: 1, percent: 50 }],
        names: ["Ann", "Bob"],
        done: 2,
        status: "Reviewing…",
      },
      graph: {
        series: [
          {
            seat: 0,
            points: [
              { x: 0, y: 0 },
              { x: 1, y: 0.5 },
            ],
          },
        ],
        moves: 3,
        marks: [null, "mistake", null],
        at: 1,
        label: en.graphLabelYou,
        lang: "en",
        names: ["Ann", "Bob"],
      },
    });
    expect(hasId(view, "review-start")).toBe(false);
    expect(textOf(byId(view, "review-status"))).toBe("Reviewing…");
    expect(byId(view, "eval-graph").data?.attrs?.["aria-label"]).toBe(en.graphLabelYou);
    expect(hasId(view, "graph-legend")).toBe(true);
    const ids = idsOf(view);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
