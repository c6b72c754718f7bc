import { describe, expect, it } from "vitest";
import { en } from "../i18n/en.js";
import { byId, hasId, textOf } from "../shell/vnode-query.js";
import { arenaNoteView, type ArenaNoteActs, type ArenaNoteState } from "./arena-note.js";

function note(state: Partial<ArenaNoteState>): ArenaNoteState & ArenaNoteActs & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    lang: "en",
    name: "Hourly",
    now: 10_000,
    canBerserk: false,
    berserked: false,
    nextAt: null,
    paused: false,
    berserk: () => calls.push("berserk"),
    pause: () => calls.push("pause"),
    ...state,
  };
}

describe("the note over an arena's table", () => {
  it("names the arena, and offers Berserk only while it may be asked for", () => {
    expect(textOf(byId(arenaNoteView(note({})), "arena-note-name"))).toBe("Tournament: Hourly");
    expect(hasId(arenaNoteView(note({})), "arena-berserk-go")).toBe(false);
    const n = note({ canBerserk: true });
    (byId(arenaNoteView(n), "arena-berserk-go").data?.on?.click as () => void)();
    expect(n.calls).toEqual(["berserk"]);
    expect(textOf(arenaNoteView(note({ berserked: true })))).toContain(en.arenaBerserkOn);
  });

  it("after the hand counts down to the next with Pause; paused, says the arena's page comes back", () => {
    const n = note({ nextAt: 12_400 });
    const view = arenaNoteView(n);
    expect(textOf(byId(view, "arena-next"))).toBe("Next hand in 3 s");
    (byId(view, "arena-pause-hand").data?.on?.click as () => void)();
    expect(n.calls).toEqual(["pause"]);
    const paused = arenaNoteView(note({ nextAt: 12_400, paused: true }));
    expect(hasId(paused, "arena-pause-hand")).toBe(false);
    expect(textOf(byId(paused, "arena-next"))).toBe(en.arenaPausedBack);
    expect(hasId(arenaNoteView(note({})), "arena-next")).toBe(false);
  });
});
