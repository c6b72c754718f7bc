import { LANG_NAMES, LANGS, levelName, t, type Key, type Lang } from "../i18n/index.js";
import { LEVELS, PLAYER_COUNTS, type Level, type PlayerCount } from "@yourtrumps/protocol";
import type { ProfileState } from "../net/identity.js";
import type { Entry } from "../net/session.js";
import type { LocalEntry } from "../local/page-table.js";
import { OFFLINE_NOTE_ID, showConnectivity } from "../pwa/connectivity.js";
import { el } from "../shell/dom.js";
import { renderProfile, type ProfileActions } from "./profile-box.js";
import { PUZZLE_PROFILE_ID } from "./puzzle-profile.js";
import type { Settings } from "../shell/settings.js";

const DEFAULT_LEVEL: Level = "medium"; // the server's default too

export interface LobbyActions extends ProfileActions {
  enter(entry: Entry | LocalEntry): void; // start or join a table (the computer's is local: in the page)
  rules(): void;
  changed(s: Settings): void; // a setting changed (language re-renders the lobby)
  rename(name: string): void; // the name field changed: the player's name on the server too
  liveShown(list: HTMLElement): void; // the lobby's "Live now" list was drawn (empty): fill it and keep it current (live-tables.ts)
  tv(): void; // watch TV: the best game on now
  live(): HTMLElement; // the live counts and open seeks (live-lobby.ts), a node kept across redraws
  puzzleProfile(box: HTMLElement): void; // the puzzle box under the profile was drawn (empty): fill it (puzzle-profile.ts)
  resumable(): boolean; // a local game was set aside for a person's table (table/meanwhile.ts)
  resume(): void; // back to it
  puzzles(): HTMLElement; // Daily puzzle, Puzzles, Streak (puzzle-entries.ts), a node kept across redraws
}

/** The lobby's profile box, drawn again in place when the profile changes (profile-box.ts). */
export const PROFILE_ID = "profile";

/**
 * The lobby: name, the player's profile (rating, record, "My games", leaderboard),
 * language, play the computer (level, 2–4 players), quick match, private table, join
 * by code or link, rules, and the display settings. The focus goes to `focusId` (the
 * button that opened the page the player came back from), else to Join or Play.
 */
export function renderLobby(
  root: HTMLElement,
  settings: Settings,
  code: string,
  profile: ProfileState,
  actions: LobbyActions,
  focusId = "",
): void {
  const L = settings.lang;
  const tr = (k: Key) => t(L, k);
  root.replaceChildren();
  root.lang = L;

  const name = el("input", {
    id: "name",
    type: "text",
    maxlength: "24",
    autocomplete: "nickname",
    placeholder: tr("namePlaceholder"),
  });
  name.value = settings.name;
  name.addEventListener("change", () => actions.rename(name.value.trim().slice(0, 24)));
  const lang = el("select", { id: "lang" });
  for (const l of LANGS) {
    const o = el("option", { value: l, lang: l }, LANG_NAMES[l]);
    o.selected = l === L;
    lang.append(o);
  }
  lang.addEventListener("change", () =>
    actions.changed({ ...settings, name: name.value.trim(), lang: lang.value as Lang }),
  );

  const players = el("select", { id: "players" });
  for (const n of PLAYER_COUNTS) players.append(el("option", { value: String(n) }, String(n)));
  const level = el("select", { id: "level" });
  for (const l of LEVELS) level.append(el("option", { value: l }, levelName(L, l)));
  level.value = DEFAULT_LEVEL;
  const count = (): PlayerCount => PLAYER_COUNTS.find((n) => String(n) === players.value) ?? PLAYER_COUNTS[0];
  const strength = (): Level => LEVELS.find((l) => l === level.value) ?? DEFAULT_LEVEL;
  const who = () => name.value.trim().slice(0, 24) || tr("namePlaceholder");

  const button = (id: string, key: Key, onClick: () => void, primary = false) => {
    const b = el("button", { id, type: "button", class: primary ? "primary" : "" }, tr(key));
    b.addEventListener("click", onClick);
    return b;
  };
  const codeInput = el("input", {
    id: "code",
    type: "text",
    maxlength: "12",
    autocapitalize: "characters",
    placeholder: tr("codePlaceholder"),
  });
  codeInput.value = code;

  const playComputer = () =>
    actions.enter({ kind: "local", options: { players: count(), level: strength(), name: who() } });
  const play = button("play-computer", "playComputer", playComputer, true);
  const quick = button("quick-match", "quickMatch", () =>
    actions.enter({ kind: "quick", options: { mode: "quick", players: count(), name: who() } }),
  );
  const allowWatching = el("input", { id: "allow-watching", type: "checkbox" }); // off by default: a private game is private unless its creator says otherwise
  const priv = button("private-table", "privateTable", () =>
    actions.enter({
      kind: "create",
      options: {
        mode: "private",
        players: count(),
        name: who(),
        ...(allowWatching.checked ? { allowWatching: true } : {}),
      },
    }),
  );
  const join = button(
    "join",
    "join",
    () => {
      const c = codeInput.value.trim().toUpperCase();
      if (c) actions.enter({ kind: "code", options: { mode: "private", code: c, name: who() } });
    },
    code !== "",
  );

  const check = (id: string, key: Key, value: boolean, set: (v: boolean) => Settings) => {
    const box = el("input", { id, type: "checkbox" });
    box.checked = value;
    box.addEventListener("change", () => actions.changed(set(box.checked)));
    return el("label", { class: "check" }, box, " ", tr(key));
  };

  const liveList = el("ul", { id: "live-tables" });
  const profileBox = el("section", { id: PROFILE_ID, "aria-live": "polite" });
  renderProfile(profileBox, profile, L, actions);
  const puzzleBox = el("section", { id: PUZZLE_PROFILE_ID, "aria-live": "polite", hidden: "" });

  root.append(
    el("h1", {}, tr("title")),
    el("p", { class: "tagline" }, tr("tagline")),
    el("div", { class: "row" }, el("label", { for: "name" }, tr("name")), name),
    profileBox,
    puzzleBox,
    el("div", { class: "row" }, el("label", { for: "lang" }, tr("language")), lang),
    el(
      "div",
      { class: "row" },
      el("label", { for: "players" }, tr("players")),
      players,
      el("label", { for: "level" }, tr("level")),
      level,
    ),
    el(
      "div",
      { class: "buttons" },
      ...(actions.resumable() ? [button("resume-local", "resumeLocal", () => actions.resume(), true)] : []),
      play,
      quick,
      priv,
      el("label", { class: "check" }, allowWatching, " ", tr("allowWatching")),
    ),
    actions.live(),
    actions.puzzles(),
    el("p", { id: OFFLINE_NOTE_ID, class: "offline-note", role: "status", hidden: "" }),
    el("div", { class: "row" }, el("label", { for: "code" }, tr("code")), codeInput, join),
    el(
      "div",
      { class: "row" },
      button("open-rules", "rules", () => actions.rules()),
    ),
    el(
      "section",
      { id: "live-now" },
      el("h2", {}, tr("liveNow")),
      liveList,
      el("p", { class: "live-none" }, tr("liveNone")),
      button("watch-tv", "watchTv", () => actions.tv()),
    ),
    el(
      "fieldset",
      {},
      el("legend", {}, tr("settings")),
      check("reduced-motion", "reducedMotion", settings.reducedMotion, (v) => ({ ...settings, reducedMotion: v })),
      check("four-colour", "fourColour", settings.fourColour, (v) => ({ ...settings, fourColour: v })),
      check("sound", "sound", settings.sound, (v) => ({ ...settings, sound: v })),
      check("accept-challenges", "acceptChallenges", settings.acceptChallenges, (v) => ({
        ...settings,
        acceptChallenges: v,
      })),
      check("mute-reactions", "muteReactions", settings.muteReactions, (v) => ({ ...settings, muteReactions: v })),
    ),
  );
  showConnectivity(root, L);
  actions.liveShown(liveList);
  actions.puzzleProfile(puzzleBox);
  ((focusId ? document.getElementById(focusId) : null) ?? (code && !join.disabled ? join : play)).focus();
}
