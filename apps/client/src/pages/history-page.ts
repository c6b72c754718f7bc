/**
 * "My games": the player's hands newest first — date, mode, opponents, result and rating
 * change, and a link to the hand's replay (`?game=<id>`) — twenty at a time, with "More" for
 * the next page (by the server's cursor). "More" moves the focus to the first entry it added,
 * so a keyboard or screen-reader user carries on reading where the new entries start. A
 * controller, a pure view and `redraw()`.
 */
import { t, type Lang } from "../i18n/index.js";
import type { HistoryWithLocal } from "../local/local-hands.js";
import { historyLine, type HistoryLine } from "../model/history-entry.js";
import type { Opponent } from "../net/api-bodies.js";
import { challengeButton, type ChallengeAsking } from "../people/challenge-kind.js";
import { playerLink } from "../people/player-link.js";
import { pageHead } from "../shell/page-head.js";
import { routeHref } from "../shell/route.js";
import { bdi, h, Mount, type VNode } from "../shell/view.js";

export interface HistoryPageHost {
  lang: Lang;
  locale: string; // dates in the browser's regional style for lang ("en-GB")
  games(before: string | null): Promise<HistoryWithLocal>; // one page, newest first
  challenge(playerId: string, rated: boolean): void; // a person played against has a Challenge button
  openPlayer(playerId: string): void; // and a link to their page
  back(): void;
}

/** One entry as the view shows it: the line in words and the people in it (for their links and Challenge). */
export interface HistoryItem {
  line: HistoryLine;
  people: { name: string; playerId: string }[]; // the opponents who were people with an identity
}

/** What the page's view reads. */
export interface HistoryPageState {
  lang: Lang;
  items: HistoryItem[];
  status: "loading" | "failed" | "shown";
  localOnly: boolean; // the server's history could not be read: only the hands kept here are listed
  hasMore: boolean; // there is a next page
  focusFrom: number | null; // the first entry "More" added: it takes the focus when drawn
}

export interface HistoryPageActs extends ChallengeAsking {
  back(): void;
  loadMore(): void;
  retry(): void;
  openPlayer(playerId: string): void;
  challenge(playerId: string, rated: boolean): void;
}

/** The page's controller: loads the pages of hands one after another. */
export class HistoryPage implements HistoryPageState, HistoryPageActs {
  items: HistoryItem[] = [];
  status: HistoryPageState["status"] = "loading";
  localOnly = false;
  focusFrom: number | null = null;
  asking: string | null = null;
  private next: string | null = null; // the cursor of the following page
  private failed: string | null = null; // the cursor whose page failed: Retry asks it again
  private readonly mount: Mount;

  constructor(
    root: HTMLElement,
    private readonly host: HistoryPageHost,
  ) {
    this.mount = new Mount(root, () => historyPageView(this));
  }

  get lang(): Lang {
    return this.host.lang;
  }
  get hasMore(): boolean {
    return this.next !== null;
  }

  /** Draws the page and loads its first hands. */
  show(): void {
    this.mount.redraw();
    void this.load(null);
  }

  /** The page is left: its view goes. */
  hide(): void {
    this.mount.clear();
  }

  back(): void {
    this.host.back();
  }
  loadMore(): void {
    if (this.status !== "loading") void this.load(this.next);
  }
  retry(): void {
    if (this.status === "failed") void this.load(this.failed);
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

  private async load(before: string | null): Promise<void> {
    this.set(() => (this.status = "loading"));
    try {
      const page = await this.host.games(before);
      this.set(() => {
        this.focusFrom = before === null ? null : this.items.length;
        this.items = [
          ...this.items,
          ...page.games.map((g) => ({
            line: historyLine(this.lang, g, this.host.locale),
            people: peopleOf(g.opponents),
          })),
        ];
        this.next = page.next;
        this.localOnly = page.localOnly;
        this.status = "shown";
      });
    } catch {
      this.set(() => {
        this.failed = before;
        this.next = null;
        this.status = "failed";
      });
    }
  }

  private set(change: () => void): void {
    change();
    if (this.mount.mounted) this.mount.redraw();
  }
}

function peopleOf(opponents: readonly Opponent[]): HistoryItem["people"] {
  return opponents.flatMap((o) =>
    o.computer === null && typeof o.playerId === "string" ? [{ name: o.name, playerId: o.playerId }] : [],
  );
}

/** My games: pure, from its state to its nodes. */
export function historyPageView(ctrl: HistoryPageState & HistoryPageActs): VNode {
  const L = ctrl.lang;
  return h("div.page-body", { attrs: { lang: L } }, [
    pageHead(L, [t(L, "myGames")], () => ctrl.back()),
    h("p.page-status", { attrs: { role: "status" } }, statusWords(ctrl)),
    h(
      "ol#games-list.games",
      { attrs: { "aria-labelledby": "page-title" } },
      ctrl.items.map((item, i) => entryView(ctrl, item, i === ctrl.focusFrom)),
    ),
    h(
      "button#games-more",
      {
        attrs: { type: "button" },
        props: { hidden: !ctrl.hasMore, disabled: ctrl.status === "loading" },
        on: { click: () => ctrl.loadMore() },
      },
      t(L, "more"),
    ),
  ]);
}

function statusWords(ctrl: HistoryPageState & HistoryPageActs): (string | VNode)[] {
  const L = ctrl.lang;
  switch (ctrl.status) {
    case "loading":
      return [t(L, "loading")];
    case "failed":
      return [
        t(L, "historyFailed"),
        " ",
        h("button#games-retry", { attrs: { type: "button" }, on: { click: () => ctrl.retry() } }, t(L, "retry")),
      ];
    case "shown":
      return [
        ctrl.items.length === 0 ? t(L, "historyEmpty") : t(L, "gamesShown", { n: ctrl.items.length }),
        ...(ctrl.localOnly ? [" ", t(L, "historyLocalOnly")] : []),
      ];
    default: {
      const never: never = ctrl.status;
      return never;
    }
  }
}

function entryView(ctrl: HistoryPageActs & { lang: Lang }, { line, people }: HistoryItem, focus: boolean): VNode {
  const L = ctrl.lang;
  return h(
    "li.game",
    {
      key: line.id,
      class: { [line.outcome ?? "unknown"]: line.outcome !== null },
      attrs: { "data-game": line.id, tabindex: "-1" },
      hook: focus ? { insert: (v) => (v.elm as HTMLElement).focus() } : {},
    },
    [
      h("div.game-head", [h("time", { attrs: { datetime: line.endedAt } }, line.date), h("span.game-mode", line.mode)]),
      h("div.game-opponents", line.opponents),
      h("div.game-result", [
        h("strong", line.result),
        h(`span.game-change.${line.rated ? "rated" : "unrated"}`, line.change),
      ]),
      h(
        "a.game-replay",
        { attrs: { href: routeHref({ kind: "replay", gameId: line.id, review: false }, "") } },
        t(L, "replay"),
      ), // relative: this page's path
      ...people.flatMap(({ name, playerId }) => [
        playerLink(L, name, playerId, (id) => ctrl.openPlayer(id)),
        ...challengeButton(L, name, `${line.id} ${playerId}`, ctrl, (rated) => ctrl.challenge(playerId, rated), {
          content: [t(L, "challenge"), " ", bdi(name)],
          player: playerId,
        }),
      ]),
    ],
  );
}
