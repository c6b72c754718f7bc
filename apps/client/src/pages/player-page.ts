/**
 * A player's page (`#player=<id>`), opened from a leaderboard row or an opponent in My
 * games: their name, ratings, record and puzzle record, whether they are online, playing or
 * offline now, a Challenge button (disabled, with the reason, while they are offline;
 * absent on one's own page) and Report (people/report-dialog.ts), and a moderator's mark when
 * there is one. Everything on it is public, as on a chess server's player page.
 * A controller, a pure view and `redraw()`: presence is asked again every few seconds from
 * the view's insert hook until its destroy hook (the page is left).
 */
import { arenaNameLink } from "../arena/arena-name-link.js";
import type { PlayerArena, PresenceStatus } from "@yourtrumps/protocol";
import { t, type Lang } from "../i18n/index.js";
import { ratingText } from "../model/rating.js";
import type { Profile } from "../net/api-bodies.js";
import type { PuzzleStats } from "../net/puzzle-bodies.js";
import { challengeButton, type ChallengeAsking } from "../people/challenge-kind.js";
import { presenceWord, whyNot } from "../people/presence-mark.js";
import { ratingLines, type RatingLineIds } from "../people/rating-lines.js";
import { pageHead } from "../shell/page-head.js";
import { bdi, h, Mount, type VNode } from "../shell/view.js";

export interface PlayerPageHost {
  lang: Lang;
  locale: string; // dates in the browser's regional style for lang
  playerId: string; // whose page
  me: string | null; // the page's own player: no Challenge on their own page
  profile(playerId: string): Promise<Profile>;
  puzzles(playerId: string): Promise<PuzzleStats>;
  presence(playerId: string): Promise<PresenceStatus>;
  arenas(playerId: string): Promise<PlayerArena[]>; // the arenas they finished a hand in
  challenge(playerId: string, rated: boolean): void;
  openArena(arenaId: string): void;
  report(player: { playerId: string; name: string }): void; // opens the Report dialog
  moderator(): boolean; // the page's own player has a moderation role (asked at each drawing: the profile may come later)
  moderate(playerId: string): void; // the player's file on the moderators' page
  back(): void;
}

/** What the page's view reads. */
export interface PlayerPageState {
  lang: Lang;
  locale: string;
  mine: boolean;
  moderator: boolean; // the page's own player may moderate: a link to this player's file
  profile: Profile | "loading" | "failed";
  puzzles: PuzzleStats | null;
  presence: PresenceStatus | null; // null until the first answer
  arenas: PlayerArena[] | null; // null until (or unless) answered
}

export interface PlayerPageActs extends ChallengeAsking {
  back(): void;
  challenge(rated: boolean): void; // invites the player, rated or casual
  openArena(arenaId: string): void;
  report(): void;
  moderate(): void;
  started(): void;
  stopped(): void;
}

/** How often the page asks again whether the player is online. */
const PRESENCE_EVERY_MS = 10_000;

/** The page's controller: loads the profile, the puzzle record and presence, and keeps presence current. */
export class PlayerPage implements PlayerPageState, PlayerPageActs {
  profile: Profile | "loading" | "failed" = "loading";
  puzzles: PuzzleStats | null = null;
  presence: PresenceStatus | null = null;
  arenas: PlayerArena[] | null = null;
  asking: string | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly mount: Mount;

  constructor(
    root: HTMLElement,
    private readonly host: PlayerPageHost,
  ) {
    this.mount = new Mount(root, () => playerPageView(this));
  }

  get lang(): Lang {
    return this.host.lang;
  }
  get locale(): string {
    return this.host.locale;
  }
  get mine(): boolean {
    return this.host.playerId === this.host.me;
  }
  get moderator(): boolean {
    return this.host.moderator();
  }

  /** Draws the page and loads what it shows. */
  show(): void {
    this.mount.redraw();
    void this.load();
  }

  /** The page is left: its view goes, and with it the presence timer. */
  hide(): void {
    this.mount.clear();
  }

  back(): void {
    this.host.back();
  }

  challenge(rated: boolean): void {
    this.host.challenge(this.host.playerId, rated);
  }

  ask(key: string | null): void {
    this.set(() => (this.asking = key));
  }

  openArena(arenaId: string): void {
    this.host.openArena(arenaId);
  }

  report(): void {
    if (typeof this.profile === "string" || this.mine) return; // the dialog sends as the identity once it is confirmed
    this.host.report({ playerId: this.host.playerId, name: this.profile.name });
  }

  moderate(): void {
    this.host.moderate(this.host.playerId);
  }

  started(): void {
    // Asked again while the page shows: a player coming online can be challenged without a reload.
    this.timer = setInterval(
      () =>
        void this.host.presence(this.host.playerId).then(
          (p) => this.set(() => (this.presence = p)),
          () => {},
        ),
      PRESENCE_EVERY_MS,
    );
  }

  stopped(): void {
    clearInterval(this.timer);
  }

  private async load(): Promise<void> {
    const id = this.host.playerId;
    try {
      const profile = await this.host.profile(id);
      this.set(() => (this.profile = profile));
    } catch {
      return this.set(() => (this.profile = "failed"));
    }
    const [puzzles, now, arenas] = await Promise.allSettled([
      this.host.puzzles(id),
      this.host.presence(id),
      this.host.arenas(id),
    ]);
    this.set(() => {
      this.puzzles = puzzles.status === "fulfilled" ? puzzles.value : null;
      this.presence = now.status === "fulfilled" ? now.value : "offline";
      this.arenas = arenas.status === "fulfilled" ? arenas.value : null;
    });
  }

  private set(change: () => void): void {
    change();
    if (this.mount.mounted) this.mount.redraw();
  }
}

/** The player's page: pure, from its state to its nodes. */
export function playerPageView(ctrl: PlayerPageState & PlayerPageActs): VNode {
  const L = ctrl.lang;
  const p = ctrl.profile;
  return h(
    "div.page-body",
    { attrs: { lang: L }, hook: { insert: () => ctrl.started(), destroy: () => ctrl.stopped() } },
    [
      pageHead(L, typeof p === "string" ? [] : [bdi(p.name)], () => ctrl.back()),
      typeof p === "string"
        ? h("p.page-status", { attrs: { role: "status" } }, t(L, p === "loading" ? "loading" : "playerFailed"))
        : playerBody(ctrl, p),
    ],
  );
}

/** The page's ids of the rating and record lines. */
const PLAYER_RATING_IDS: RatingLineIds = {
  duel: { rating: "player-duel", record: "player-record" },
  multi: { rating: "player-multi", record: "player-multi-record" },
};

function playerBody(ctrl: PlayerPageState & PlayerPageActs, profile: Profile): VNode {
  const L = ctrl.lang;
  const presence = ctrl.presence;
  const offline = presence === null || presence === "offline";
  const puzzles = ctrl.puzzles;
  return h("div.player-body", [
    h("p#player-status.presence", presence === null ? [] : [presenceWord(L, presence)]),
    ...(profile.marked ? [h("p#player-marked.marked-note", { attrs: { role: "note" } }, t(L, "playerMarked"))] : []),
    ...ratingLines(L, profile, PLAYER_RATING_IDS),
    ...(puzzles
      ? [
          h("p#player-puzzles", [
            t(L, "puzzleRatingLine", { rating: ratingText(puzzles.rating, puzzles.provisional) }),
            " · ",
            t(L, "puzzleRecordLine", { solved: puzzles.solved, failed: puzzles.failed, best: puzzles.bestStreak }),
          ]),
        ]
      : []),
    ...(profile.createdAt === undefined
      ? []
      : [
          h(
            "p.note",
            t(L, "playerSince", {
              date: new Date(profile.createdAt).toLocaleDateString(ctrl.locale, {
                year: "numeric",
                month: "long",
                day: "numeric",
              }),
            }),
          ),
        ]),
    ...(ctrl.arenas && ctrl.arenas.length > 0 ? [arenaList(ctrl, ctrl.arenas)] : []),
    ...(ctrl.moderator && !ctrl.mine
      ? [
          h(
            "p",
            h("button#player-moderate.link", { attrs: { type: "button" }, on: { click: () => ctrl.moderate() } }, [
              t(L, "modPage"),
            ]),
          ),
        ]
      : []),
    ...(ctrl.mine
      ? []
      : [
          h("div.row", [
            ...challengeButton(L, profile.name, "player", ctrl, (rated) => ctrl.challenge(rated), {
              id: "player-challenge",
              disabled: offline, // until the server says they are online
            }),
            ...(presence === "offline" ? [whyNot(L)] : []),
            h(
              "button#player-report.report-button",
              {
                attrs: {
                  type: "button",
                  "aria-haspopup": "dialog",
                  "aria-label": `${t(L, "report")}: ${profile.name}`,
                },
                on: { click: () => ctrl.report() },
              },
              t(L, "report"),
            ),
          ]),
        ]),
  ]);
}

/** A podium place's trophy. */
const TROPHY = { 1: "🥇", 2: "🥈", 3: "🥉" } as const;

/** The player's arenas, newest first: each its name (→ its page), rank and score, and a trophy for the first three. */
function arenaList(ctrl: PlayerPageState & PlayerPageActs, arenas: PlayerArena[]): VNode {
  const L = ctrl.lang;
  return h("section#player-arenas", { attrs: { "aria-labelledby": "player-arenas-title" } }, [
    h("h2#player-arenas-title", t(L, "arenas")),
    h(
      "ul",
      arenas.map((a) =>
        h("li", { key: a.id }, [
          ...(a.trophy === null
            ? []
            : [
                h(
                  "span.trophy",
                  { attrs: { role: "img", "aria-label": t(L, "arenaTrophy", { place: a.trophy }) } },
                  TROPHY[a.trophy],
                ),
                " ",
              ]),
          arenaNameLink("a.arena-link", a, (id) => ctrl.openArena(id)),
          " · ",
          t(L, "arenaRankScore", { rank: a.rank, score: a.score }),
        ]),
      ),
    ),
  ]);
}
