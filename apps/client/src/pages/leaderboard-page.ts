/**
 * The leaderboard: a tab for the duel, one for tables of 3–4 and one for puzzles, each the
 * top 100 established ratings, the player's own row marked, every other row with its
 * presence and a Challenge (disabled, saying why, while that player is offline). The tabs
 * follow the ARIA tabs pattern: one tab stop, ←/→ (and Home/End) move between the tabs and
 * show theirs. A controller, a pure view and `redraw()`.
 */
import type { PresenceStatus } from "@yourtrumps/protocol";
import { t, type Lang } from "../i18n/index.js";
import { ratingText } from "../model/rating.js";
import type { LeaderboardRow } from "../net/api-bodies.js";
import { challengeButton, type ChallengeAsking } from "../people/challenge-kind.js";
import { playerLink } from "../people/player-link.js";
import { presenceWord, whyNot } from "../people/presence-mark.js";
import { pageHead } from "../shell/page-head.js";
import { h, Mount, type VNode } from "../shell/view.js";
import { BOARDS, BOARD_COUNT, BOARD_TAB, type Board } from "./leaderboard-boards.js";

export interface LeaderboardPageHost {
  lang: Lang;
  me: string | null; // the player's id: their own row is marked
  leaderboard(kind: Board): Promise<LeaderboardRow[]>;
  presence(ids: readonly string[]): Promise<Record<string, PresenceStatus>>; // who is online now
  challenge(playerId: string, rated: boolean): void; // another player's row has a Challenge button, disabled while they are offline
  openPlayer(playerId: string): void; // a row's name opens that player's page
  back(): void;
}

/** What the page's view reads. */
export interface LeaderboardPageState {
  lang: Lang;
  me: string | null;
  board: Board; // the tab shown
  rows: Partial<Record<Board, LeaderboardRow[] | "loading" | "failed">>; // absent: not asked yet
  presence: Record<string, PresenceStatus>; // by player id; a row stays unmarked until the server says
}

export interface LeaderboardPageActs extends ChallengeAsking {
  back(): void;
  select(board: Board): void;
  retry(): void;
  openPlayer(playerId: string): void;
  challenge(playerId: string, rated: boolean): void;
}

/** The page's controller: loads each board once, when its tab is first shown, then who on it is online. */
export class LeaderboardPage implements LeaderboardPageState, LeaderboardPageActs {
  board: Board = "duel";
  rows: LeaderboardPageState["rows"] = {};
  presence: Record<string, PresenceStatus> = {};
  asking: string | null = null;
  private readonly mount: Mount;

  constructor(
    root: HTMLElement,
    private readonly host: LeaderboardPageHost,
  ) {
    this.mount = new Mount(root, () => leaderboardPageView(this));
  }

  get lang(): Lang {
    return this.host.lang;
  }
  get me(): string | null {
    return this.host.me;
  }

  /** Draws the page and loads its first board. */
  show(): void {
    this.select("duel");
  }

  /** The page is left: its view goes. */
  hide(): void {
    this.mount.clear();
  }

  back(): void {
    this.host.back();
  }
  select(board: Board): void {
    this.board = board;
    this.redraw();
    const rows = this.rows[board];
    if (rows === undefined || rows === "failed") void this.load(board);
  }
  retry(): void {
    this.select(this.board);
  }
  openPlayer(playerId: string): void {
    this.host.openPlayer(playerId);
  }
  ask(key: string | null): void {
    this.set(() => (this.asking = key));
  }
  challenge(playerId: string, rated: boolean): void {
    this.host.challenge(playerId, rated);
  }

  private async load(board: Board): Promise<void> {
    this.set(() => (this.rows[board] = "loading"));
    let rows: LeaderboardRow[];
    try {
      rows = await this.host.leaderboard(board);
    } catch {
      return this.set(() => (this.rows[board] = "failed"));
    }
    this.set(() => (this.rows[board] = rows));
    if (rows.length === 0) return;
    try {
      const marks = await this.host.presence(rows.map((r) => r.playerId));
      this.set(() => (this.presence = { ...this.presence, ...marks }));
    } catch {
      // the rows stay unmarked, their Challenge enabled: the server refuses an offline player's
    }
  }

  private set(change: () => void): void {
    change();
    this.redraw();
  }

  private redraw(): void {
    this.mount.redraw();
  }
}

/** The leaderboard: pure, from its state to its nodes. */
export function leaderboardPageView(ctrl: LeaderboardPageState & LeaderboardPageActs): VNode {
  const L = ctrl.lang;
  const tabKeys = (i: number) => (e: KeyboardEvent) => {
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: BOARDS.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const board = BOARDS[(to + BOARDS.length) % BOARDS.length]!;
    ctrl.select(board);
    document.getElementById(`tab-${board}`)?.focus(); // the tabs pattern: the arrow keys move the focus with the selection
  };
  return h("div.page-body", { attrs: { lang: L } }, [
    pageHead(L, [t(L, "leaderboard")], () => ctrl.back()),
    h("p.note", t(L, "leaderboardNote")),
    h(
      "div.tabs",
      { attrs: { role: "tablist", "aria-labelledby": "page-title" } },
      BOARDS.map((board, i) =>
        h(
          `button#tab-${board}`,
          {
            attrs: {
              type: "button",
              role: "tab",
              "aria-controls": "leaderboard-panel",
              "aria-selected": String(board === ctrl.board),
              tabindex: board === ctrl.board ? "0" : "-1",
            },
            on: { click: () => ctrl.select(board), keydown: tabKeys(i) },
          },
          t(L, BOARD_TAB[board]),
        ),
      ),
    ),
    h(
      "div#leaderboard-panel",
      { key: ctrl.board, attrs: { role: "tabpanel", "aria-labelledby": `tab-${ctrl.board}` } },
      panelView(ctrl),
    ),
  ]);
}

function panelView(ctrl: LeaderboardPageState & LeaderboardPageActs): VNode[] {
  const L = ctrl.lang;
  const rows = ctrl.rows[ctrl.board] ?? "loading";
  if (rows === "loading") return [h("p.page-status", { attrs: { role: "status" } }, t(L, "loading"))];
  if (rows === "failed") {
    return [
      h("p.page-status", { attrs: { role: "status" } }, [
        t(L, "leaderboardFailed"),
        " ",
        h("button#leaderboard-retry", { attrs: { type: "button" }, on: { click: () => ctrl.retry() } }, t(L, "retry")),
      ]),
    ];
  }
  const listed = ctrl.me !== null && rows.some((r) => r.playerId === ctrl.me);
  const said = rows.length === 0 ? t(L, "leaderboardEmpty") : ctrl.me !== null && !listed ? t(L, "notListed") : "";
  return [
    h("p.page-status", { attrs: { role: "status" }, props: { hidden: said === "" } }, said),
    ...(rows.length === 0 ? [] : [tableView(ctrl, rows)]),
  ];
}

function tableView(ctrl: LeaderboardPageState & LeaderboardPageActs, rows: readonly LeaderboardRow[]): VNode {
  const L = ctrl.lang;
  const head = h("tr", [
    ...(["colRank", "colPlayer", "colRating", BOARD_COUNT[ctrl.board]] as const).map((k) =>
      h("th", { attrs: { scope: "col" } }, t(L, k)),
    ),
    h("td"),
    h("td"),
  ]);
  const body = rows.map((r) => {
    const mine = r.playerId === ctrl.me;
    const mark = ctrl.presence[r.playerId];
    const offline = mark === "offline";
    return h(
      "tr",
      {
        key: r.playerId,
        class: { me: mine },
        attrs: mine ? { "aria-current": "true", "data-player": r.playerId } : { "data-player": r.playerId },
      },
      [
        h("td", String(r.rank)),
        h("td.name", [
          playerLink(L, r.name, r.playerId, (id) => ctrl.openPlayer(id)),
          ...(mine ? [" ", h("span.you-badge", t(L, "you"))] : []),
        ]),
        h("td", ratingText(r.rating, false)),
        h("td", String(r.games)),
        h("td.presence", mark === undefined ? [] : [presenceWord(L, mark)]),
        h(
          "td",
          mine
            ? []
            : [
                ...challengeButton(L, r.name, r.playerId, ctrl, (rated) => ctrl.challenge(r.playerId, rated), {
                  disabled: offline,
                }),
                ...(offline ? [whyNot(L)] : []),
              ],
        ),
      ],
    );
  });
  return h("table#leaderboard-table.leaderboard", [h("thead", [head]), h("tbody", body)]);
}
