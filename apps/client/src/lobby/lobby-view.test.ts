import { describe, expect, it } from "vitest";
import { en } from "../i18n/en.js";
import { loadSettings } from "../shell/settings.js";
import { memoryStorage } from "../net/test-storage.js";
import { summary } from "../arena/arena-fixtures.js";
import { byId, hasId, idsOf, nodesOf, textOf } from "../shell/vnode-query.js";
import { lobbyView, type LobbyCtrl, type LobbyState } from "./lobby-view.js";

const rating = (r: number, games: number) => ({ rating: r, rd: 50, provisional: false, games });

function ctrl(state: Partial<LobbyState> = {}): LobbyCtrl & { calls: string[] } {
  const calls: string[] = [];
  const act =
    (name: string) =>
    (...args: unknown[]) =>
      void calls.push([name, ...args.map((a) => JSON.stringify(a))].join(" "));
  return {
    calls,
    settings: loadSettings(memoryStorage(), ["en"], false),
    name: "Ann",
    code: "",
    allowWatching: false,
    profile: {
      status: "ready",
      renewed: false,
      profile: {
        id: "me",
        name: "Ann",
        ratings: { duel: rating(1612, 30), multi: rating(1490, 7) },
        records: { duel: { won: 20, drawn: 2, lost: 15 }, multi: { won: 4, drawn: 0, lost: 3 } },
        marked: false,
        role: null,
      },
    },
    puzzleProfile: null,
    live: null,
    me: "me",
    tables: [],
    daily: null,
    resumable: false,
    online: true,
    tab: "you",
    arena: null,
    typeName: act("typeName"),
    rename: act("rename"),
    typeCode: act("typeCode"),
    setAllowWatching: act("setAllowWatching"),
    change: act("change"),
    playComputer: act("playComputer"),
    quickMatch: act("quickMatch"),
    privateTable: act("privateTable"),
    join: act("join"),
    resume: act("resume"),
    sit: act("sit"),
    watch: act("watch"),
    tv: act("tv"),
    puzzle: act("puzzle"),
    open: act("open"),
    retry: act("retry"),
    asGuest: act("asGuest"),
    showTab: act("showTab"),
    openArena: act("openArena"),
    ...state,
  };
}

const click = (node: ReturnType<typeof byId>) => (node.data?.on?.click as () => void)();

describe("the lobby's view", () => {
  it("offers the moderators' page beside My games only to a player with a role", () => {
    const plain = ctrl();
    expect(hasId(lobbyView(plain), "open-mod")).toBe(false);
    const ready = plain.profile.status === "ready" ? plain.profile : null;
    const moderator = ctrl({ profile: { ...ready!, profile: { ...ready!.profile, role: "mod" } } });
    const view = lobbyView(moderator);
    expect(textOf(byId(view, "open-mod"))).toBe(en.openModeration);
    click(byId(view, "open-mod"));
    expect(moderator.calls).toEqual(['open "mod"']);
  });

  it("gives every element a unique id, and none is the screen-reader region's #live", () => {
    const view = lobbyView(
      ctrl({
        live: {
          online: 3,
          seeks: [
            {
              roomId: "r1",
              players: 2,
              seated: [{ name: "Bo", playerId: "p2", rating: 1500 }],
              since: 0,
              meanwhile: false,
            },
          ],
        },
        puzzleProfile: {
          stats: { rating: 1500, provisional: false, solved: 3, failed: 1, bestStreak: 2 },
          mistakes: [{ puzzleId: "pz1", gameId: "g1", moveIndex: 4, goal: "win", rating: 1400 }],
        },
      }),
    );
    const ids = idsOf(view);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain("live");
  });

  it("puts the 3–4 player rating on a line of its own, apart from the duel rating", () => {
    const view = lobbyView(ctrl());
    expect(textOf(byId(view, "duel-rating"))).toBe("Duel rating: 1612 · 30 rated games");
    expect(textOf(byId(view, "multi-rating"))).toBe("3–4 player rating: 1490 · 7 rated games");
    expect(textOf(byId(view, "duel-rating"))).not.toContain("1490");
  });

  it("isolates names for direction wherever they are shown", () => {
    const arabic = "سامي";
    const view = lobbyView(
      ctrl({
        live: {
          online: 2,
          seeks: [
            {
              roomId: "r1",
              players: 3,
              seated: [{ name: arabic, playerId: "p2", rating: 0 }],
              since: 0,
              meanwhile: false,
            },
          ],
        },
        tables: [
          {
            roomId: "t1",
            mode: "quick",
            players: 2,
            seats: [
              { name: arabic, playerId: "p2", computer: false, rating: 1500 },
              { name: "Ann", playerId: "me", computer: false, rating: 1490 },
            ],
            spectators: 1,
            startedAt: 0,
          },
        ],
      }),
    );
    const bdis = nodesOf(view).filter((n) => n.sel === "bdi");
    expect(bdis.map((n) => n.text)).toEqual([arabic, arabic, "Ann", "Ann"]); // the seek, the table, the player's box
    expect(textOf(byId(view, "seeks"))).toContain(`${arabic} — table of 3`);
  });

  it("names its parts as tabs, the current one selected, and a tab's click shows it", () => {
    const c = ctrl({ tab: "live" });
    const view = lobbyView(c);
    expect(byId(view, "lobby-tab-live").data?.attrs?.["aria-selected"]).toBe("true");
    expect(byId(view, "lobby-tab-you").data?.attrs?.["aria-selected"]).toBe("false");
    expect(byId(view, "lobby-live").data?.class?.current).toBe(true);
    click(byId(view, "lobby-tab-puzzles"));
    expect(c.calls).toEqual(['showTab "puzzles"']);
  });

  it("shows the remembered players and level, and offers the set-aside game first", () => {
    const c = ctrl({ resumable: true });
    c.settings = { ...c.settings, players: 3, level: "hard" };
    const view = lobbyView(c);
    expect(byId(view, "players").data?.props?.value).toBe("3");
    expect(byId(view, "level").data?.props?.value).toBe("hard");
    expect(textOf(byId(view, "resume-local"))).toBe(en.resumeLocal);
  });

  it("offline, disables what needs the server and says so", () => {
    const view = lobbyView(ctrl({ online: false }));
    for (const id of ["quick-match", "private-table", "join", "code", "open-leaderboard"])
      expect(byId(view, id).data?.props?.disabled, id).toBe(true);
    expect(byId(view, "play-computer").data?.props?.disabled).toBe(false);
    expect(textOf(byId(view, "offline-note"))).toBe(en.needsConnection);
  });

  it("while the profile loads or is unavailable, says so (My games still opens)", () => {
    expect(textOf(lobbyView(ctrl({ profile: { status: "loading" } })))).toContain(en.profileLoading);
    const c = ctrl({ profile: { status: "unavailable" } });
    const view = lobbyView(c);
    expect(hasId(view, "duel-rating")).toBe(false);
    click(byId(view, "open-history"));
    click(byId(view, "profile-retry"));
    expect(c.calls).toEqual(['open "history"', "retry"]);
  });

  it("shows the running arena, else the next, linking to its page; nothing without one", () => {
    expect(byId(lobbyView(ctrl()), "lobby-arena").data?.props?.hidden).toBe(true);
    const c = ctrl({ arena: summary({ name: "Hourly", endsAt: Date.UTC(2026, 11, 6, 14, 57) }) });
    const view = lobbyView(c);
    expect(textOf(byId(view, "lobby-arena"))).toMatch(/^Tournament: Hourly · running until \d\d:57( [AP]M)?$/);
    (byId(view, "lobby-arena-link").data?.on?.click as (e: Event) => void)({ preventDefault: () => {} } as Event);
    expect(c.calls).toEqual([`openArena "${summary().id}"`]);
    const next = lobbyView(ctrl({ arena: summary({ status: "created", startsAt: Date.UTC(2026, 11, 6, 15, 57) }) }));
    expect(textOf(byId(next, "lobby-arena"))).toMatch(/starts at \d\d:57( [AP]M)?$/);
  });

  it("counts hands at tables of 3–4 on their own line, not in the duel's record", () => {
    const view = lobbyView(ctrl());
    expect(textOf(byId(view, "duel-rating"))).toBe("Duel rating: 1612 · 30 rated games");
    expect(textOf(byId(view, "record"))).toBe("Won 20 · Drawn 2 · Lost 15");
    expect(textOf(byId(view, "multi-rating"))).toBe("3–4 player rating: 1490 · 7 rated games");
    expect(textOf(byId(view, "multi-record"))).toBe("Won 4 · Drawn 0 · Lost 3");
    const order = idsOf(view).filter((id) => ["duel-rating", "record", "multi-rating", "multi-record"].includes(id));
    expect(order).toEqual(["duel-rating", "record", "multi-rating", "multi-record"]); // each record under its rating
  });

  it("offers a guest to keep the games in an account once a hand is finished; an account opens its page instead", () => {
    const guest = (duel: { won: number; drawn: number; lost: number }, handle?: string) =>
      ctrl({
        profile: {
          status: "ready",
          renewed: false,
          profile: {
            id: "me",
            name: "Ann",
            ratings: NEW,
            records: { duel, multi: { won: 0, drawn: 0, lost: 0 } },
            marked: false,
            role: null,
            ...(handle === undefined ? {} : { handle }),
          },
        },
      });
    expect(hasId(lobbyView(guest({ won: 0, drawn: 0, lost: 0 })), "open-claim")).toBe(false);
    const c = guest({ won: 0, drawn: 0, lost: 1 });
    const view = lobbyView(c);
    expect(textOf(byId(view, "claim-offer"))).toContain(en.keepYourGames);
    click(byId(view, "open-claim"));
    click(byId(view, "open-sign-in"));
    expect(c.calls).toEqual(['open "account"', 'open "signin"']);
    const account = lobbyView(guest({ won: 3, drawn: 0, lost: 1 }, "ann_k"));
    expect(hasId(account, "open-claim") || hasId(account, "open-sign-in")).toBe(false);
    expect(textOf(byId(account, "you-handle"))).toBe("@ann_k");
    expect(hasId(account, "open-account")).toBe(true);
  });

  it("signed out, says so and offers sign-in or a new guest — no identity is replaced silently", () => {
    const c = ctrl({ profile: { status: "signed-out" } });
    const view = lobbyView(c);
    expect(textOf(byId(view, "signed-out"))).toBe(en.signedOutNote);
    click(byId(view, "open-sign-in"));
    click(byId(view, "play-as-guest"));
    expect(c.calls).toEqual(['open "signin"', "asGuest"]);
  });
});

const NEW = {
  duel: { rating: 1500, rd: 500, provisional: true, games: 0 },
  multi: { rating: 1500, rd: 500, provisional: true, games: 0 },
};
