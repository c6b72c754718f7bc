import { describe, expect, it } from "vitest";
import { en } from "../i18n/en.js";
import { byId, nodesOf, textOf } from "../shell/vnode-query.js";
import { reactionMenuView, type ReactionMenuActs, type ReactionMenuState } from "./reaction-menu.js";

function menu(state: Partial<ReactionMenuState>): ReactionMenuState & ReactionMenuActs & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    shown: true,
    lang: "en",
    watching: false,
    open: false,
    mutedHere: false,
    room: null,
    toggle: () => calls.push("toggle"),
    toggleMute: () => calls.push("mute"),
    say: (id) => calls.push(`say ${id}`),
    escape: () => calls.push("escape"),
    ...state,
  };
}

const phrases = (view: ReturnType<typeof reactionMenuView>) => nodesOf(view).filter((n) => n.sel === "button.reaction");

describe("the reaction menu's view", () => {
  it("lists the phrases only while open, the first taking the focus as it appears", () => {
    expect(phrases(reactionMenuView(menu({})))).toHaveLength(0);
    const open = reactionMenuView(menu({ open: true }));
    expect(byId(open, "reactions-toggle").data?.attrs?.["aria-expanded"]).toBe("true");
    expect(phrases(open).map((b) => b.data?.attrs?.["data-reaction"])).toContain("hello");
    expect(phrases(open)[0]!.data?.hook?.insert).toBeTypeOf("function");
    expect(textOf(phrases(open)[0]!)).toBe(en.reactHello);
  });

  it("offers a spectator Mute alone, and places Say… and Mute where the layout keeps room for them", () => {
    const view = reactionMenuView(
      menu({
        watching: true,
        mutedHere: true,
        room: { say: { x: 10, y: 20, w: 90, h: 30 }, mute: { x: 110.4, y: 20, w: 30, h: 30 } },
      }),
    );
    expect(byId(view, "reactions-toggle").data?.props?.hidden).toBe(true);
    expect(byId(view, "mute-table-reactions").data?.attrs?.["aria-pressed"]).toBe("true");
    expect(view.data?.attrs?.style).toBe(
      "--say-x: 10px; --say-y: 20px; --say-w: 90px; --mute-x: 110px; --mute-y: 20px",
    );
    expect(reactionMenuView(menu({ shown: false })).data?.props?.hidden).toBe(true);
  });
});
