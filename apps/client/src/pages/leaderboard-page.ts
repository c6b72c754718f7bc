import { t, type Key, type Lang } from "../i18n/index.js";
import { ratingText } from "../model/rating.js";
import type { PresenceStatus } from "@yourtrumps/protocol";
import type { LeaderboardRow } from "../net/api-bodies.js";
import { challengeButton } from "../people/challenge-kind.js";
import { el } from "../shell/dom.js";
import { BOARDS, BOARD_COUNT, BOARD_TAB, type Board } from "./leaderboard-boards.js";
import { pageHead } from "../shell/page-head.js";
import { playerLink } from "../people/player-link.js";
import { challengeFollows, presenceWord } from "../people/presence-mark.js";

export interface LeaderboardPageHost {
  lang: Lang;
  me: string | null; // the player's id: their own row is marked
  leaderboard(kind: Board): Promise<LeaderboardRow[]>;
  presence(ids: readonly string[]): Promise<Record<string, PresenceStatus>>; // who is online now
  challenge(playerId: string, rated: boolean): void; // another player's row has a Challenge button, disabled while they are offline
  openPlayer(playerId: string): void; // a row's name opens that player's page
  back(): void;
}

/**
 * The leaderboard: a tab for the duel, one for tables of 3–4 and one for puzzles, each the
 * top 100 established ratings, the player's own row marked. The tabs follow the ARIA tabs
 * pattern: one tab stop, ←/→ (and Home/End) move between the tabs and show theirs.
 */
export function renderLeaderboardPage(box: HTMLElement, host: LeaderboardPageHost): void {
  const L = host.lang;
  const panel = el("div", { id: "leaderboard-panel", role: "tabpanel" });
  const tabs = BOARDS.map((kind) =>
    el("button", { type: "button", role: "tab", id: `tab-${kind}`, "aria-controls": panel.id }, t(L, BOARD_TAB[kind])),
  );
  const loaded = new Map<Board, Promise<LeaderboardRow[]>>();
  let current: Board = "duel";

  const select = (kind: Board, focus: boolean) => {
    current = kind;
    BOARDS.forEach((k, i) => {
      const tab = tabs[i]!;
      tab.setAttribute("aria-selected", String(k === kind));
      tab.tabIndex = k === kind ? 0 : -1;
      if (k === kind && focus) tab.focus();
    });
    panel.setAttribute("aria-labelledby", `tab-${kind}`);
    void show(kind);
  };

  const show = async (kind: Board): Promise<void> => {
    const status = el("p", { class: "page-status", role: "status" }, t(L, "loading"));
    panel.replaceChildren(status);
    let rows: LeaderboardRow[];
    try {
      if (!loaded.has(kind)) loaded.set(kind, host.leaderboard(kind));
      rows = await loaded.get(kind)!;
    } catch {
      loaded.delete(kind);
      const retry = el("button", { type: "button", id: "leaderboard-retry" }, t(L, "retry"));
      retry.addEventListener("click", () => void show(kind));
      status.replaceChildren(t(L, "leaderboardFailed"), " ", retry);
      return;
    }
    if (kind !== current) return; // another tab was chosen meanwhile
    const listed = host.me !== null && rows.some((r) => r.playerId === host.me);
    status.replaceChildren(
      rows.length === 0 ? t(L, "leaderboardEmpty") : host.me !== null && !listed ? t(L, "notListed") : "",
    );
    status.hidden = status.textContent === "";
    if (rows.length > 0) {
      panel.append(
        table(
          L,
          rows,
          host.me,
          BOARD_COUNT[kind],
          (playerId, rated) => host.challenge(playerId, rated),
          (playerId) => host.openPlayer(playerId),
        ),
      );
      void markPresence(panel, L, rows, host);
    }
  };

  tabs.forEach((tab, i) => {
    tab.addEventListener("click", () => select(BOARDS[i]!, false));
    tab.addEventListener("keydown", (e) => {
      const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      select(BOARDS[(to + tabs.length) % tabs.length]!, true);
    });
  });

  box.lang = L;
  box.replaceChildren(
    el(
      "div",
      { class: "page-body" },
      pageHead(L, t(L, "leaderboard"), () => host.back()),
      el("p", { class: "note" }, t(L, "leaderboardNote")),
      el("div", { role: "tablist", class: "tabs", "aria-labelledby": "page-title" }, ...tabs),
      panel,
    ),
  );
  select("duel", false);
}

function table(
  lang: Lang,
  rows: readonly LeaderboardRow[],
  me: string | null,
  countKey: Key,
  challenge: (playerId: string, rated: boolean) => void,
  open: (playerId: string) => void,
): HTMLTableElement {
  const head = el(
    "tr",
    {},
    ...(["colRank", "colPlayer", "colRating", countKey] as const).map((k) => el("th", { scope: "col" }, t(lang, k))),
    el("td", {}),
    el("td", {}),
  );
  const body = rows.map((r) => {
    const mine = r.playerId === me;
    const name = el(
      "td",
      { class: "name" },
      playerLink(lang, r.name, r.playerId, open),
      ...(mine ? [" ", el("span", { class: "you-badge" }, t(lang, "you"))] : []),
    );
    const invite = el("td", {});
    if (!mine) invite.append(challengeButton(lang, r.name, (rated) => challenge(r.playerId, rated)));
    return el(
      "tr",
      mine ? { class: "me", "aria-current": "true", "data-player": r.playerId } : { "data-player": r.playerId },
      el("td", {}, String(r.rank)),
      name,
      el("td", {}, ratingText(r.rating, false)),
      el("td", {}, String(r.games)),
      el("td", { class: "presence" }),
      invite,
    );
  });
  return el(
    "table",
    { class: "leaderboard", id: "leaderboard-table" },
    el("thead", {}, head),
    el("tbody", {}, ...body),
  );
}

/** Marks each row online, playing or offline once the server says (a row stays unmarked when it cannot); an offline player's Challenge is disabled, saying why. */
async function markPresence(
  panel: HTMLElement,
  lang: Lang,
  rows: readonly LeaderboardRow[],
  host: LeaderboardPageHost,
): Promise<void> {
  let marks: Record<string, PresenceStatus>;
  try {
    marks = await host.presence(rows.map((r) => r.playerId));
  } catch {
    return;
  }
  for (const row of panel.querySelectorAll<HTMLTableRowElement>("tr[data-player]")) {
    const mark = marks[row.dataset.player ?? ""];
    if (mark === undefined) continue;
    row.querySelector("td.presence")?.replaceChildren(presenceWord(lang, mark));
    const invite = row.querySelector<HTMLButtonElement>("button.challenge");
    if (invite) challengeFollows(invite, lang, mark);
  }
}
