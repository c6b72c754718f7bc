import { t, type Lang } from "../i18n/index.js";
import { historyLine, type HistoryLine } from "../model/history-entry.js";
import type { HistoryWithLocal } from "../local/local-hands.js";
import { challengeButton } from "../people/challenge-kind.js";
import { el } from "../shell/dom.js";
import { pageHead } from "../shell/page-head.js";
import { playerLink } from "../people/player-link.js";
import { replayLink } from "../replay/replay-link.js";

export interface HistoryPageHost {
  lang: Lang;
  locale: string; // dates in the browser's regional style for lang ("en-GB")
  games(before: string | null): Promise<HistoryWithLocal>; // one page, newest first
  challenge(playerId: string, rated: boolean): void; // a person played against has a Challenge button
  openPlayer(playerId: string): void; // and a link to their page
  back(): void;
}

/**
 * "My games": the player's hands newest first — date, mode, opponents, result and rating
 * change, and a link to the hand's replay (`?game=<id>`) — twenty at a time, with "More" for the next page (by the server's cursor).
 * "More" moves the focus to the first entry it added, so a keyboard or screen-reader
 * user carries on reading where the new entries start.
 */
export function renderHistoryPage(box: HTMLElement, host: HistoryPageHost): void {
  const L = host.lang;
  const list = el("ol", { id: "games-list", class: "games", "aria-labelledby": "page-title" });
  const status = el("p", { class: "page-status", role: "status" });
  const more = el("button", { type: "button", id: "games-more" }, t(L, "more"));
  more.hidden = true;
  let shown = 0;

  const load = async (before: string | null): Promise<void> => {
    status.replaceChildren(t(L, "loading"));
    more.disabled = true;
    try {
      const page = await host.games(before);
      const items = page.games.map((g) => {
        const item = entryItem(historyLine(L, g, host.locale), t(L, "replay"));
        for (const o of g.opponents) {
          const playerId = o.playerId;
          if (o.computer !== null || typeof playerId !== "string") continue;
          item.append(playerLink(L, o.name, playerId, (id) => host.openPlayer(id)));
          const b = challengeButton(L, o.name, (rated) => host.challenge(playerId, rated), [
            t(L, "challenge"),
            " ",
            el("bdi", {}, o.name),
          ]);
          b.dataset.player = playerId;
          item.append(b);
        }
        return item;
      });
      list.append(...items);
      shown += items.length;
      status.replaceChildren(
        shown === 0 ? t(L, "historyEmpty") : t(L, "gamesShown", { n: shown }),
        ...(page.localOnly ? [" ", t(L, "historyLocalOnly")] : []),
      );
      more.hidden = page.next === null;
      more.disabled = false;
      more.onclick = () => void load(page.next);
      if (before !== null) items[0]?.focus();
    } catch {
      const retry = el("button", { type: "button", id: "games-retry" }, t(L, "retry"));
      retry.addEventListener("click", () => void load(before));
      status.replaceChildren(t(L, "historyFailed"), " ", retry);
      more.hidden = true;
    }
  };

  box.lang = L;
  box.replaceChildren(
    el(
      "div",
      { class: "page-body" },
      pageHead(L, t(L, "myGames"), () => host.back()),
      status,
      list,
      more,
    ),
  );
  void load(null);
}

function entryItem(line: HistoryLine, replayWord: string): HTMLLIElement {
  const change = el("span", { class: `game-change ${line.rated ? "rated" : "unrated"}` }, line.change);
  return el(
    "li",
    { class: `game ${line.outcome ?? ""}`, "data-game": line.id, tabindex: "-1" },
    el(
      "div",
      { class: "game-head" },
      el("time", { datetime: line.endedAt }, line.date),
      el("span", { class: "game-mode" }, line.mode),
    ),
    el("div", { class: "game-opponents" }, line.opponents),
    el("div", { class: "game-result" }, el("strong", {}, line.result), change),
    el("a", { class: "game-replay", href: replayLink(line.id) }, replayWord),
  );
}
