import { arenaNameLink } from "../arena/arena-name-link.js";
import {
  LEVELS,
  PLAYER_COUNTS,
  RATING_KINDS,
  type ArenaSummary,
  type LiveTable,
  type Seek,
} from "@yourtrumps/protocol";
import { LANG_NAMES, LANGS, levelName, seatName, t, type Key, type Lang } from "../i18n/index.js";
import { ratingText } from "../model/rating.js";
import type { Profile } from "../net/api-bodies.js";
import type { LiveCounts } from "../net/live-answer.js";
import { ratingLines, type RatingLineIds } from "../people/rating-lines.js";
import type { ProfileState } from "../net/identity.js";
import { mistakesList } from "../replay/mistakes-list.js";
import { button } from "../shell/button.js";
import type { Settings } from "../shell/settings.js";
import { bdi, h, sentence, type VNode } from "../shell/view.js";
import type { DailyFacts } from "./daily-facts.js";
import type { PuzzleProfile } from "./puzzle-profile.js";

/** The parts a phone shows one at a time under the ways to play (a desktop shows them all). */
export const LOBBY_TABS = ["live", "puzzles", "you"] as const;
export type LobbyTab = (typeof LOBBY_TABS)[number];

/** What the lobby's view reads: the lobby controller (lobby-ctrl.ts), or a plain object in a test. */
export interface LobbyState {
  settings: Settings;
  name: string; // the name field's text: the player's name, or what they are typing
  code: string; // the join field's text
  allowWatching: boolean;
  profile: ProfileState;
  puzzleProfile: PuzzleProfile;
  live: LiveCounts | null; // null until the first answer
  me: string | null; // the player's id: their own seek is not offered to them
  tables: readonly LiveTable[];
  daily: DailyFacts | null;
  resumable: boolean; // a local game set aside for a person's table
  online: boolean;
  tab: LobbyTab;
  arena: ArenaSummary | null; // the running arena, else the next (GET /api/arenas)
}

/** The pages the lobby opens. */
export type LobbyPage = "rules" | "history" | "leaderboard" | "signin" | "account" | "mod" | "arenas"; // "mod": the moderators' page (offered to moderators only)

/** What the lobby's controls do. */
export interface LobbyActs {
  typeName(text: string): void;
  rename(): void; // the name field was left changed
  typeCode(text: string): void;
  setAllowWatching(on: boolean): void;
  change(s: Settings): void; // a setting: kept, and the lobby drawn again
  playComputer(): void;
  quickMatch(): void;
  privateTable(): void;
  join(): void;
  resume(): void;
  sit(seek: Seek): void;
  watch(roomId: string): void;
  tv(): void;
  puzzle(which: "daily" | "next" | "streak"): void;
  open(page: LobbyPage): void;
  asGuest(): void; // signed out: a new guest instead
  retry(): void;
  showTab(tab: LobbyTab): void;
  openArena(arenaId: string): void;
}

/** The lobby's controller as its view sees it. */
export type LobbyCtrl = LobbyState & LobbyActs;

const TAB_KEY: Record<LobbyTab, Key> = { live: "lobbyTabLive", puzzles: "lobbyTabPuzzles", you: "lobbyTabYou" };

/**
 * The front page: the ways to play first (the computer with its players and level, quick
 * match, a private table, a code to join), then who is online and waiting, the best live
 * tables and TV, the daily puzzle, and the player's own box (ratings, record, puzzle
 * streak, My games); the display settings and the rules last. A desktop shows it all at a
 * glance in three columns; a phone shows play, the player's box (or live or puzzles, one
 * tab away) and the settings (style.css).
 */
export function lobbyView(ctrl: LobbyCtrl): VNode {
  const L = ctrl.settings.lang;
  return h("div.lobby", { attrs: { lang: L } }, [
    h("header.lobby-head", [h("h1", t(L, "title")), h("p.tagline", t(L, "tagline"))]),
    playPart(ctrl, L),
    tabBar(ctrl, L),
    part(ctrl, "live", [seeksBox(ctrl, L), liveNow(ctrl, L), arenaEntry(ctrl, L)]),
    part(ctrl, "puzzles", [puzzleEntries(ctrl, L)]),
    part(ctrl, "you", [
      profileBox(ctrl.profile, L, ctrl, !ctrl.online),
      puzzleProfileBox(ctrl.puzzleProfile, L),
      settingsBox(ctrl, L),
    ]),
  ]);
}

function part(ctrl: LobbyCtrl, tab: LobbyTab, children: VNode[]): VNode {
  return h(
    `section#lobby-${tab}.lobby-part`,
    {
      class: { current: ctrl.tab === tab },
      attrs: { role: "tabpanel", "aria-labelledby": `lobby-tab-${tab}` },
    },
    children,
  );
}

/** The phone's tabs (hidden on a desktop, where every part shows). */
function tabBar(ctrl: LobbyCtrl, L: Lang): VNode {
  return h(
    "div.lobby-tabs",
    { attrs: { role: "tablist", "aria-label": t(L, "lobbyMore") } },
    LOBBY_TABS.map((tab) =>
      h(
        `button#lobby-tab-${tab}`,
        {
          attrs: {
            type: "button",
            role: "tab",
            "aria-selected": String(ctrl.tab === tab),
            "aria-controls": `lobby-${tab}`,
          },
          on: { click: () => ctrl.showTab(tab) },
        },
        t(L, TAB_KEY[tab]),
      ),
    ),
  );
}

function select(id: string, value: string, options: [string, string][], change: (v: string) => void): VNode {
  return h(
    `select#${id}`,
    { props: { value }, on: { change: (e: Event) => change((e.target as HTMLSelectElement).value) } },
    options.map(([v, text]) => h("option", { attrs: { value: v }, props: { selected: v === value } }, text)),
  );
}

/** Name, table size and level, and every way to sit down. */
function playPart(ctrl: LobbyCtrl, L: Lang): VNode {
  const s = ctrl.settings;
  const offline = !ctrl.online;
  return h("section#lobby-play.lobby-part.play", { attrs: { "aria-labelledby": "play-title" } }, [
    h("h2#play-title", t(L, "lobbyPlay")),
    h("div.row", [
      h("label", { attrs: { for: "name" } }, t(L, "name")),
      h("input#name", {
        attrs: { type: "text", autocomplete: "nickname", placeholder: t(L, "namePlaceholder"), dir: "auto" },
        props: { value: ctrl.name },
        on: {
          input: (e: Event) => ctrl.typeName((e.target as HTMLInputElement).value),
          change: () => ctrl.rename(),
        },
      }),
    ]),
    h("div.row", [
      h("label", { attrs: { for: "players" } }, t(L, "players")),
      select(
        "players",
        String(s.players),
        PLAYER_COUNTS.map((n) => [String(n), String(n)]),
        (v) => ctrl.change({ ...s, players: PLAYER_COUNTS.find((n) => String(n) === v) ?? s.players }),
      ),
      h("label", { attrs: { for: "level" } }, t(L, "level")),
      select(
        "level",
        s.level,
        LEVELS.map((l) => [l, levelName(L, l)]),
        (v) => ctrl.change({ ...s, level: LEVELS.find((l) => l === v) ?? s.level }),
      ),
    ]),
    h("div.buttons", [
      ...(ctrl.resumable ? [button("resume-local", t(L, "resumeLocal"), () => ctrl.resume(), { primary: true })] : []),
      button("play-computer", t(L, "playComputer"), () => ctrl.playComputer(), { primary: true }),
      button("quick-match", t(L, "quickMatch"), () => ctrl.quickMatch(), { disabled: offline }),
      h("div.row.private", [
        button("private-table", t(L, "privateTable"), () => ctrl.privateTable(), { disabled: offline }),
        h("label.check", [
          h("input#allow-watching", {
            attrs: { type: "checkbox" },
            props: { checked: ctrl.allowWatching },
            on: { change: (e: Event) => ctrl.setAllowWatching((e.target as HTMLInputElement).checked) },
          }),
          " ",
          t(L, "allowWatching"),
        ]),
      ]),
    ]),
    h("div.row", [
      h("label", { attrs: { for: "code" } }, t(L, "code")),
      h("input#code", {
        attrs: { type: "text", maxlength: "12", autocapitalize: "characters", placeholder: t(L, "codePlaceholder") },
        props: { value: ctrl.code, disabled: offline },
        on: { input: (e: Event) => ctrl.typeCode((e.target as HTMLInputElement).value) },
      }),
      button("join", t(L, "join"), () => ctrl.join(), { primary: ctrl.code !== "", disabled: offline }),
    ]),
    h(
      "p#offline-note.offline-note",
      { attrs: { role: "status" }, props: { hidden: !offline } },
      offline ? t(L, "needsConnection") : "",
    ),
  ]);
}

/** A seat's name with its rating, the name isolated for direction. */
function rated(name: VNode, rating: number): (string | VNode)[] {
  return rating > 0 ? [name, ` (${ratingText(rating, false)})`] : [name];
}

function joined(parts: (string | VNode)[][], separator: string): VNode {
  return h(
    "span",
    parts.flatMap((p, i) => (i === 0 ? p : [separator, ...p])),
  );
}

/** How many are online, and the open seeks (each a Sit down). */
function seeksBox(ctrl: LobbyCtrl, L: Lang): VNode {
  const seeks = (ctrl.live?.seeks ?? []).filter(
    (s) => ctrl.me === null || !s.seated.some((x) => x.playerId === ctrl.me),
  );
  return h("div#seeks-box", { attrs: { "aria-labelledby": "seeks-title" } }, [
    h(
      "p#online-count",
      { attrs: { role: "status" } },
      ctrl.live === null ? "" : t(L, "playersOnline", { n: ctrl.live.online }),
    ),
    h("h2#seeks-title", t(L, "openSeeks")),
    seeks.length === 0
      ? h("p#no-seeks.note", t(L, "noSeeks"))
      : h(
          "ul#seeks",
          seeks.map((seek) =>
            h("li", { key: seek.roomId, attrs: { "data-room": seek.roomId } }, [
              h(
                "span",
                sentence(t(L, "seekLine", { n: seek.players }), {
                  names: joined(
                    seek.seated.map((x) => rated(bdi(x.name), x.rating)),
                    ", ",
                  ),
                }),
              ),
              " ",
              h("button.sit", { attrs: { type: "button" }, on: { click: () => ctrl.sit(seek) } }, t(L, "sitDown")),
            ]),
          ),
        ),
  ]);
}

/** The best tables being played now, each watched by a click, and TV. */
function liveNow(ctrl: LobbyCtrl, L: Lang): VNode {
  return h("div#live-now", [
    h("h2", t(L, "liveNow")),
    h(
      "ul#live-tables",
      ctrl.tables.map((table) =>
        h("li", { key: table.roomId }, [
          h(
            "button",
            { attrs: { type: "button", "data-room": table.roomId }, on: { click: () => ctrl.watch(table.roomId) } },
            sentence(t(L, "liveTable", { watching: t(L, "watchingCount", { n: table.spectators }) }), {
              names: joined(
                table.seats.map((seat) => rated(bdi(seatName(L, seat.name, seat.computer)), seat.rating)),
                " – ",
              ),
            }),
          ),
        ]),
      ),
    ),
    h("p.live-none", { props: { hidden: ctrl.tables.length > 0 } }, t(L, "liveNone")),
    button("watch-tv", t(L, "watchTv"), () => ctrl.tv()),
  ]);
}

/** The running arena, else the next: its name (→ its page) and until when it runs, or when it starts. */
function arenaEntry(ctrl: LobbyCtrl, L: Lang): VNode {
  const a = ctrl.arena;
  if (a === null) return h("p#lobby-arena", { props: { hidden: true } });
  const time = (at: number) => new Date(at).toLocaleTimeString(L, { hour: "2-digit", minute: "2-digit" });
  const when =
    a.status === "created"
      ? t(L, "arenaLobbyNext", { time: time(a.startsAt) })
      : t(L, "arenaLobbyRunning", { time: time(a.endsAt) });
  return h("p#lobby-arena", { props: { hidden: false } }, [
    t(L, "arena"),
    ": ",
    arenaNameLink("a#lobby-arena-link", a, (id) => ctrl.openArena(id)),
    ` · ${when}`,
  ]);
}

/** Daily puzzle (its goal and rating once known), Puzzles, Streak. */
function puzzleEntries(ctrl: LobbyCtrl, L: Lang): VNode {
  const f = ctrl.daily;
  const daily = f
    ? t(L, "puzzleDailyIs", { goal: t(L, f.goal === "win" ? "puzzleGoalWin" : "puzzleGoalDraw"), rating: f.rating })
    : t(L, "puzzleDaily");
  return h("div#puzzle-entries", [
    h("h2", t(L, "puzzles")),
    h("div.buttons", [
      button("puzzle-daily", daily, () => ctrl.puzzle("daily")),
      button("puzzle-next", t(L, "puzzles"), () => ctrl.puzzle("next")),
      button("puzzle-streak", t(L, "puzzleStreak"), () => ctrl.puzzle("streak")),
    ]),
  ]);
}

/** The lobby's ids of the rating and record lines (the browser tests read `#duel-rating`, `#record`). */
const LOBBY_RATING_IDS: RatingLineIds = {
  duel: { rating: "duel-rating", record: "record" },
  multi: { rating: "multi-rating", record: "multi-record" },
};

/**
 * The player's box: the duel and 3–4 player ratings ("1500?" while provisional) with their
 * rated games and record by kind, My games and the leaderboard, and the account (its handle and
 * page, or Sign in and — once a hand is finished — the offer to keep the games in an
 * account); or a line saying the profile is loading or unavailable (the game still plays,
 * and My games lists the hands played here), or that this device was signed out.
 */
function profileBox(
  state: ProfileState,
  L: Lang,
  ctrl: Pick<LobbyActs, "open" | "retry" | "asGuest">,
  offline = false,
): VNode {
  const data = { attrs: { "aria-live": "polite", "aria-busy": String(state.status === "loading") } };
  switch (state.status) {
    case "loading":
      return h("div#profile", data, [h("p.profile-status", t(L, "profileLoading"))]);
    case "unavailable":
      return h("div#profile", data, [
        h("p.profile-status", t(L, "profileUnavailable")),
        h("div.row", [
          button("profile-retry", t(L, "retry"), () => ctrl.retry()),
          button("open-history", t(L, "myGames"), () => ctrl.open("history")),
        ]),
      ]);
    case "signed-out":
      return h("div#profile", data, [
        h("p#signed-out.profile-status", t(L, "signedOutNote")),
        h("div.row", [
          button("open-sign-in", t(L, "signIn"), () => ctrl.open("signin"), { primary: true, disabled: offline }),
          button("play-as-guest", t(L, "playAsGuest"), () => ctrl.asGuest(), { disabled: offline }),
        ]),
      ]);
    case "ready": {
      const { duel } = state.profile.ratings;
      const handle = state.profile.handle;
      return h("div#profile", data, [
        h("h2#you-title", [bdi(state.profile.name)]),
        ...(handle === undefined ? [] : [h("p#you-handle.note", [bdi(`@${handle}`)])]),
        ...ratingLines(L, state.profile, LOBBY_RATING_IDS),
        ...(duel.provisional ? [h("p.note", t(L, "provisionalNote"))] : []),
        h("div.row", [
          button("open-history", t(L, "myGames"), () => ctrl.open("history")),
          button("open-leaderboard", t(L, "leaderboard"), () => ctrl.open("leaderboard"), { disabled: offline }),
          button("open-arenas", t(L, "arenas"), () => ctrl.open("arenas"), { disabled: offline }),
          ...(state.profile.role === null
            ? []
            : [button("open-mod", t(L, "openModeration"), () => ctrl.open("mod"), { disabled: offline })]),
        ]),
        ...(handle === undefined && handsPlayed(state.profile) > 0 && !offline ? [claimOffer(L, ctrl)] : []),
        h("div.row", [
          handle === undefined
            ? button("open-sign-in", t(L, "signIn"), () => ctrl.open("signin"), { disabled: offline })
            : button("open-account", t(L, "accountTitle"), () => ctrl.open("account"), { disabled: offline }),
        ]),
      ]);
    }
    default: {
      const never: never = state;
      return never;
    }
  }
}

/** Every recorded hand of the player's, of both kinds. */
function handsPlayed(profile: Pick<Profile, "records">): number {
  return RATING_KINDS.reduce(
    (n, kind) => n + profile.records[kind].won + profile.records[kind].drawn + profile.records[kind].lost,
    0,
  );
}

/** "Keep your games: create an account", once a guest has a finished hand to keep. */
function claimOffer(L: Lang, ctrl: Pick<LobbyActs, "open">): VNode {
  return h("div#claim-offer.claim-offer", [
    h("p", t(L, "keepYourGames")),
    button("open-claim", t(L, "createAccount"), () => ctrl.open("account"), { primary: true }),
  ]);
}

/** The puzzle rating, solved / failed and best streak, and "Learn from your mistakes"; nothing until loaded. */
function puzzleProfileBox(profile: PuzzleProfile, L: Lang): VNode {
  if (profile === null) return h("div#puzzle-profile", { props: { hidden: true } });
  const { stats, mistakes } = profile;
  return h("div#puzzle-profile", { attrs: { "aria-live": "polite" }, props: { hidden: false } }, [
    h("p#puzzle-rating", [
      h("strong", t(L, "puzzleRatingLine", { rating: ratingText(stats.rating, stats.provisional) })),
      " · ",
      t(L, "puzzleRecordLine", { solved: stats.solved, failed: stats.failed, best: stats.bestStreak }),
    ]),
    ...(mistakes.length > 0 ? [mistakesList(L, mistakes, "my-mistakes")] : []),
  ]);
}

/** Language, the display settings, challenges and reactions, and the rules. */
function settingsBox(ctrl: LobbyCtrl, L: Lang): VNode {
  const s = ctrl.settings;
  const check = (id: string, key: Key, value: boolean, set: (v: boolean) => Settings) =>
    h("label.check", [
      h(`input#${id}`, {
        attrs: { type: "checkbox" },
        props: { checked: value },
        on: { change: (e: Event) => ctrl.change(set((e.target as HTMLInputElement).checked)) },
      }),
      " ",
      t(L, key),
    ]);
  return h("fieldset#lobby-settings.lobby-settings", [
    h("legend", t(L, "settings")),
    h("div.row", [
      h("label", { attrs: { for: "lang" } }, t(L, "language")),
      h(
        "select#lang",
        {
          props: { value: L },
          on: { change: (e: Event) => ctrl.change({ ...s, lang: (e.target as HTMLSelectElement).value as Lang }) },
        },
        LANGS.map((l) => h("option", { attrs: { value: l, lang: l }, props: { selected: l === L } }, LANG_NAMES[l])),
      ),
    ]),
    check("reduced-motion", "reducedMotion", s.reducedMotion, (v) => ({ ...s, reducedMotion: v })),
    check("four-colour", "fourColour", s.fourColour, (v) => ({ ...s, fourColour: v })),
    check("sound", "sound", s.sound, (v) => ({ ...s, sound: v })),
    check("accept-challenges", "acceptChallenges", s.acceptChallenges, (v) => ({ ...s, acceptChallenges: v })),
    check("mute-reactions", "muteReactions", s.muteReactions, (v) => ({ ...s, muteReactions: v })),
    h("div.row", [button("open-rules", t(L, "rules"), () => ctrl.open("rules"))]),
  ]);
}
