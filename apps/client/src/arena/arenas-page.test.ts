import { describe, expect, it } from "vitest";
import { en } from "../i18n/en.js";
import { byId, nodesOf, textOf } from "../shell/vnode-query.js";
import { NOW, summary } from "./arena-fixtures.js";
import {
  arenaRequest,
  arenasPageView,
  type ArenaForm,
  type ArenasPageActs,
  type ArenasPageState,
} from "./arenas-page.js";

const FORM: ArenaForm = {
  name: "Friday",
  minutes: "45",
  startsAt: "",
  rated: true,
  berserk: false,
  streaks: true,
  minRatedHands: "",
  maxRating: "",
};

function page(state: Partial<ArenasPageState>): ArenasPageState & ArenasPageActs & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    lang: "en",
    locale: "en-GB",
    now: NOW,
    minMinutes: 20,
    list: {
      upcoming: [
        summary({ id: "up1", name: "Daily", status: "created", startsAt: NOW + 65 * 60_000, minRatedHands: 5 }),
      ],
      running: [summary()],
      finished: [],
    },
    form: FORM,
    creating: false,
    createError: null,
    canCreate: true,
    back: () => calls.push("back"),
    open: (id) => calls.push(`open ${id}`),
    edit: (change) => calls.push(`edit ${JSON.stringify(change)}`),
    create: () => calls.push("create"),
    signIn: () => calls.push("sign in"),
    started: () => calls.push("started"),
    stopped: () => calls.push("stopped"),
    ...state,
  };
}

describe("the Tournaments page view", () => {
  it("lists the running, upcoming (with a countdown to the start) and finished arenas, each a link to its page", () => {
    const p = page({});
    const view = arenasPageView(p);
    expect(textOf(byId(view, "arenas-running"))).toContain(
      "Hourly duel arena · 57 minutes · rated · berserk · streaks · Ends in 47:05",
    );
    const upcoming = textOf(byId(view, "arenas-upcoming"));
    expect(upcoming).toContain(
      "Daily · 57 minutes · rated · berserk · streaks · at least 5 rated duels · Starts in 1:05:00",
    );
    expect(textOf(byId(view, "arenas-finished"))).toContain(en.arenasNone);
    (byId(view, "arena-up1").data?.on?.click as (e: Event) => void)({ preventDefault: () => {} } as Event);
    expect(p.calls).toContain("open up1");
    expect(textOf(arenasPageView(page({ list: "failed" })))).toContain(en.arenasFailed);
  });

  it("has a creation form whose fields edit the form and whose submit creates; a refusal is said", () => {
    const p = page({});
    const view = arenasPageView(p);
    (byId(view, "arena-name").data?.on?.input as (e: Event) => void)({ target: { value: "Cup" } } as unknown as Event);
    (byId(view, "arena-berserk").data?.on?.change as (e: Event) => void)({
      target: { checked: true },
    } as unknown as Event);
    (byId(view, "arena-create").data?.on?.submit as (e: Event) => void)({ preventDefault: () => {} } as Event);
    expect(p.calls).toEqual(['edit {"name":"Cup"}', 'edit {"berserk":true}', "create"]);
    const labels = nodesOf(byId(view, "arena-create"))
      .filter((n) => n.sel?.startsWith("label"))
      .map((n) => n.data?.attrs?.for);
    expect(labels).toEqual([
      "arena-name",
      "arena-minutes",
      "arena-start",
      "arena-rated",
      "arena-berserk",
      "arena-streaks",
      "arena-min-rated",
      "arena-max-rating",
    ]);
    const refused = arenasPageView(page({ createError: "arenaNeedsAccount" }));
    expect(textOf(byId(refused, "arena-create-error"))).toBe(en.arenaNeedsAccount);
    expect(byId(arenasPageView(page({ creating: true })), "arena-create-go").data?.props?.disabled).toBe(true);
  });

  it("tells a guest up front that creating needs an account, with a way to sign in, instead of the form", () => {
    const p = page({ canCreate: false });
    const view = arenasPageView(p);
    expect(textOf(byId(view, "arena-create-account"))).toBe(en.arenaNeedsAccount);
    expect(nodesOf(view).some((n) => n.sel?.startsWith("input#arena-name"))).toBe(false);
    (byId(view, "arena-sign-in").data?.on?.click as () => void)();
    expect(p.calls).toEqual(["sign in"]);
  });

  it("makes the request from the form, or says what is wrong with it", () => {
    expect(arenaRequest(FORM, 20)).toEqual({ name: "Friday", minutes: 45, rated: true, berserk: false, streaks: true });
    const start = new Date(2026, 11, 24, 18, 30).getTime();
    expect(arenaRequest({ ...FORM, startsAt: "2026-12-24T18:30", minRatedHands: "10", maxRating: "1800" }, 20)).toEqual(
      {
        name: "Friday",
        minutes: 45,
        rated: true,
        berserk: false,
        streaks: true,
        startsAt: start,
        minRatedHands: 10,
        maxRating: 1800,
      },
    );
    expect(arenaRequest({ ...FORM, name: "  " }, 20)).toBe("arenaBadName");
    expect(arenaRequest({ ...FORM, minutes: "10" }, 20)).toBe("arenaBadMinutes");
    expect(arenaRequest({ ...FORM, minutes: "721" }, 20)).toBe("arenaBadMinutes");
    expect(arenaRequest({ ...FORM, minutes: "1" }, 1)).not.toBe("arenaBadMinutes");
    expect(arenaRequest({ ...FORM, maxRating: "-3" }, 20)).toBe("arenaBadEntry");
    expect(arenaRequest({ ...FORM, minRatedHands: "2.5" }, 20)).toBe("arenaBadEntry");
  });
});
