/**
 * A player's page (`#player=<id>`), opened from a leaderboard row or an opponent in My
 * games: their name, ratings, record and puzzle record, whether they are online, playing or
 * offline now, and a Challenge button (disabled, with the reason, while they are offline;
 * absent on one's own page). Everything on it is public, as on a chess server's player page.
 */
import type { PresenceStatus } from "@yourtrumps/protocol";
import { t, type Lang } from "../i18n/index.js";
import { ratingText } from "../model/rating.js";
import type { Profile } from "../net/api-bodies.js";
import type { PuzzleStats } from "../net/puzzle-bodies.js";
import { challengeButton } from "../people/challenge-kind.js";
import { el } from "../shell/dom.js";
import { pageHead } from "../shell/page-head.js";
import { challengeFollows, presenceWord } from "../people/presence-mark.js";

export interface PlayerPageHost {
  lang: Lang;
  locale: string; // dates in the browser's regional style for lang
  playerId: string; // whose page
  me: string | null; // the page's own player: no Challenge on their own page
  profile(playerId: string): Promise<Profile>;
  puzzles(playerId: string): Promise<PuzzleStats>;
  presence(playerId: string): Promise<PresenceStatus>;
  challenge(playerId: string, rated: boolean): void;
  back(): void;
}

/** How often the page asks again whether the player is online. */
const PRESENCE_EVERY_MS = 10_000;

export function renderPlayerPage(box: HTMLElement, host: PlayerPageHost): void {
  const L = host.lang;
  const status = el("p", { class: "page-status", role: "status" }, t(L, "loading"));
  const body = el("div", { class: "player-body" });
  box.lang = L;
  box.replaceChildren(
    el(
      "div",
      { class: "page-body" },
      pageHead(L, "", () => host.back()),
      status,
      body,
    ),
  );
  void fill(box, body, status, host);
}

async function fill(box: HTMLElement, body: HTMLElement, status: HTMLElement, host: PlayerPageHost): Promise<void> {
  const L = host.lang;
  let profile: Profile;
  try {
    profile = await host.profile(host.playerId);
  } catch {
    status.replaceChildren(t(L, "playerFailed"));
    return;
  }
  box.querySelector("#page-title")?.replaceChildren(profile.name);
  status.replaceChildren();
  status.hidden = true;
  const { duel, multi } = profile.ratings;
  const { won, drawn, lost } = profile.record;
  const presence = el("p", { id: "player-status", class: "presence" });
  const since =
    profile.createdAt === undefined
      ? []
      : [
          el(
            "p",
            { class: "note" },
            t(L, "playerSince", {
              date: new Date(profile.createdAt).toLocaleDateString(host.locale, {
                year: "numeric",
                month: "long",
                day: "numeric",
              }),
            }),
          ),
        ];
  body.replaceChildren(
    presence,
    el(
      "p",
      { id: "player-duel" },
      el("strong", {}, t(L, "duelRating", { rating: ratingText(duel.rating, duel.provisional) })),
      " · ",
      t(L, "ratedGames", { n: duel.games }),
    ),
    el(
      "p",
      { id: "player-multi" },
      t(L, "multiRating", { rating: ratingText(multi.rating, multi.provisional) }),
      " · ",
      t(L, "ratedGames", { n: multi.games }),
    ),
    el("p", { id: "player-record" }, t(L, "recordLine", { won, drawn, lost })),
    ...since,
  );
  const mine = host.playerId === host.me;
  const invite = mine ? null : challengeButton(L, profile.name, (rated) => host.challenge(host.playerId, rated));
  if (invite) {
    invite.id = "player-challenge";
    invite.disabled = true; // until the server says they are online
    body.append(el("div", { class: "row" }, invite));
  }
  const [puzzles, now] = await Promise.allSettled([host.puzzles(host.playerId), host.presence(host.playerId)]);
  if (puzzles.status === "fulfilled") {
    const p = puzzles.value;
    body
      .querySelector("#player-record")
      ?.after(
        el(
          "p",
          { id: "player-puzzles" },
          t(L, "puzzleRatingLine", { rating: ratingText(p.rating, p.provisional) }),
          " · ",
          t(L, "puzzleRecordLine", { solved: p.solved, failed: p.failed, best: p.bestStreak }),
        ),
      );
  }
  const show = (mark: PresenceStatus): void => {
    presence.replaceChildren(presenceWord(L, mark));
    if (invite) challengeFollows(invite, L, mark);
  };
  show(now.status === "fulfilled" ? now.value : "offline");
  // Asked again while the page shows: a player coming online can be challenged without a reload.
  const timer = setInterval(() => {
    if (!body.isConnected || box.hidden) return clearInterval(timer);
    host.presence(host.playerId).then(show, () => {});
  }, PRESENCE_EVERY_MS);
}
