/**
 * An arena's page (`#arena=<id>`): its name and kind, a countdown to the start or the end,
 * the live standings (rank, name → player page, score with fire marks, hands), your own line
 * (rank, score, fire, berserk rate), Join / Pause / Resume / Leave, the featured table (the
 * best-ranked pairing in play: Watch), and once the last hand is over the podium (the first
 * three with hands, win %, berserk rate, performance). Being in the arena is being connected
 * to its room (`net/arena-link.ts`): the standings come from there while joined, else from
 * `GET /api/arenas/:id` every 10 s. A pairing goes to the host, which seats the player.
 */
import type {
  ArenaDetail,
  ArenaErrorMessage,
  ArenaPairedMessage,
  ArenaStanding,
  ArenaYouMessage,
} from "@yourtrumps/protocol";
import { ARENA_REMOVED_CODE } from "@yourtrumps/protocol";
import { t, type Key, type Lang } from "../i18n/index.js";
import type { ArenaLinkEvents } from "../net/arena-link.js";
import { bdi, h, Mount, type VNode } from "../shell/view.js";
import { button } from "../shell/button.js";
import { countdown } from "./arena-time.js";
import { arenaKind } from "./arenas-page.js";

/** The arena room as the page uses it (the real one is `ArenaLink`). */
export interface ArenaConnection {
  pause(): void;
  resume(): void;
  leave(): void;
}

export interface ArenaPageHost {
  lang: Lang;
  arenaId: string;
  detail(arenaId: string): Promise<ArenaDetail>;
  join(arenaId: string, events: ArenaLinkEvents): Promise<ArenaConnection>; // rejects with the refusal's word in its message
  play(paired: ArenaPairedMessage): void; // seats the player at the pairing's table
  watch(roomId: string): void;
  openPlayer(playerId: string): void;
  back(): void;
}

/** The join refusals the server words (docs/arenas.md), and the room's errors. */
const REFUSALS: Record<string, Key> = {
  "arena-unknown": "arenaUnknown",
  "arena-over": "arenaOverRefused",
  "arena-not-qualified": "arenaNotQualified",
  "arena-already-in": "arenaAlreadyIn",
  "bad-token": "arenaNoIdentity",
  "rate-limited": "arenaRateLimited",
  "wrong-state": "arenaWrongState",
};

/** The words for a refused join or a room error. */
export function arenaRefusal(message: string): Key {
  const word = Object.keys(REFUSALS).find((w) => message.includes(w));
  return word === undefined ? "arenaJoinFailed" : REFUSALS[word]!;
}

export interface ArenaPageState {
  lang: Lang;
  now: number;
  detail: ArenaDetail | "loading" | "failed";
  joined: "no" | "joining" | "yes";
  you: ArenaYouMessage | null;
  refusal: Key | null; // the server's last refusal, in words
}

export interface ArenaPageActs {
  back(): void;
  join(): void;
  pause(): void;
  resume(): void;
  leave(): void;
  watch(roomId: string): void;
  openPlayer(playerId: string): void;
  started(): void;
  stopped(): void;
}

const DETAIL_EVERY_MS = 10_000;

export class ArenaPage implements ArenaPageState, ArenaPageActs {
  now = Date.now();
  detail: ArenaDetail | "loading" | "failed" = "loading";
  joined: "no" | "joining" | "yes" = "no";
  you: ArenaYouMessage | null = null;
  refusal: Key | null = null;
  private connection: ArenaConnection | null = null;
  private ticker: ReturnType<typeof setInterval> | undefined;
  private reloader: ReturnType<typeof setInterval> | undefined;
  private readonly mount: Mount;

  constructor(
    root: HTMLElement,
    private readonly host: ArenaPageHost,
  ) {
    this.mount = new Mount(root, () => arenaPageView(this));
  }

  get lang(): Lang {
    return this.host.lang;
  }
  get arenaId(): string {
    return this.host.arenaId;
  }

  /** Draws the page (again, after a hand) and loads the arena. */
  show(): void {
    this.mount.redraw();
    void this.load();
  }

  /** The page goes from the screen; the player stays in the arena (at a table, or back soon). */
  hide(): void {
    this.mount.clear();
  }

  /** The arena is left for good from this page: the room connection goes too. */
  close(): void {
    this.hide();
    this.connection?.leave();
    this.connection = null;
  }

  back(): void {
    this.host.back();
  }

  join(): void {
    if (this.joined !== "no") return;
    this.set(() => {
      this.joined = "joining";
      this.refusal = null;
    });
    this.host.join(this.arenaId, this.events()).then(
      (connection) => {
        this.connection = connection;
        this.set(() => (this.joined = "yes"));
      },
      (e: unknown) =>
        this.set(() => {
          this.joined = "no";
          this.refusal = arenaRefusal(e instanceof Error ? e.message : String(e));
        }),
    );
  }

  pause(): void {
    this.connection?.pause();
  }

  resume(): void {
    this.connection?.resume();
  }

  leave(): void {
    this.connection?.leave();
    this.connection = null;
    this.set(() => {
      this.joined = "no";
      this.you = null;
    });
  }

  watch(roomId: string): void {
    this.host.watch(roomId);
  }

  openPlayer(playerId: string): void {
    this.host.openPlayer(playerId);
  }

  started(): void {
    this.ticker = setInterval(() => this.set(() => (this.now = Date.now())), 1000);
    this.reloader = setInterval(() => {
      if (this.joined !== "yes") void this.load(); // joined, the room pushes the standings
    }, DETAIL_EVERY_MS);
  }

  stopped(): void {
    clearInterval(this.ticker);
    clearInterval(this.reloader);
  }

  private events(): ArenaLinkEvents {
    return {
      standings: (detail) => this.set(() => (this.detail = { ...detail, ...(this.you ? { me: this.you.me } : {}) })),
      you: (you) => this.set(() => (this.you = you)),
      paired: (paired) => this.host.play(paired),
      error: (error: ArenaErrorMessage) => this.set(() => (this.refusal = arenaRefusal(error.code))),
      closed: (code) =>
        this.set(() => {
          this.connection = null;
          this.joined = "no";
          // Let go by a moderator's action: the room said why just before (arena-not-qualified); that stays shown.
          if (code !== ARENA_REMOVED_CODE) this.refusal = "arenaConnectionLost";
        }),
    };
  }

  private async load(): Promise<void> {
    try {
      const detail = await this.host.detail(this.arenaId);
      if (this.joined === "yes" && typeof this.detail !== "string") return; // the room's own push is newer (and has the featured table)
      this.set(() => (this.detail = detail));
    } catch {
      if (this.detail === "loading") this.set(() => (this.detail = "failed"));
    }
  }

  private set(change: () => void): void {
    change();
    if (this.mount.mounted) this.mount.redraw();
  }
}

/** The arena's page: pure, from its state to its nodes. */
export function arenaPageView(ctrl: ArenaPageState & ArenaPageActs): VNode {
  const L = ctrl.lang;
  const d = ctrl.detail;
  return h(
    "div.page-body",
    { attrs: { lang: L }, hook: { insert: () => ctrl.started(), destroy: () => ctrl.stopped() } },
    [
      h("header.page-head", [
        h("button#page-back.page-back", { attrs: { type: "button" }, on: { click: () => ctrl.back() } }, t(L, "back")),
        h("h1#page-title", typeof d === "string" ? t(L, "arena") : [bdi(d.name)]),
      ]),
      typeof d === "string"
        ? h("p.page-status", { attrs: { role: "status" } }, t(L, d === "loading" ? "loading" : "arenaFailed"))
        : arenaBody(ctrl, d),
    ],
  );
}

function arenaBody(ctrl: ArenaPageState & ArenaPageActs, d: ArenaDetail): VNode {
  const L = ctrl.lang;
  const podium = d.status === "finished" && d.final;
  return h("div.arena-body", [
    h("p#arena-kind.note", arenaKind(L, d)),
    h("p#arena-clock", { attrs: { role: "timer" } }, clockText(L, d, ctrl.now)),
    actions(ctrl, d),
    h("p#arena-refusal.note", { attrs: { role: "alert" } }, ctrl.refusal ? t(L, ctrl.refusal) : ""),
    ...(ctrl.you ? [myLine(L, ctrl.you)] : []),
    ...(d.featured ? [featured(ctrl, d)] : []),
    ...(podium ? [podiumView(L, d.standings.slice(0, 3))] : []),
    standings(ctrl, d),
  ]);
}

function clockText(L: Lang, d: ArenaDetail, now: number): string {
  if (d.status === "created") return t(L, "arenaStartsIn", { time: countdown(d.startsAt, now) });
  if (d.status === "started") return t(L, "arenaEndsIn", { time: countdown(d.endsAt, now) });
  return t(L, d.final ? "arenaOver" : "arenaLastHands");
}

function actions(ctrl: ArenaPageState & ArenaPageActs, d: ArenaDetail): VNode {
  const L = ctrl.lang;
  if (d.status === "finished") return h("div.row");
  if (ctrl.joined !== "yes")
    return h("div.row", [
      button("arena-join", t(L, "arenaJoin"), () => ctrl.join(), { disabled: ctrl.joined === "joining" }),
    ]);
  const you = ctrl.you;
  const waiting = you !== null && you.rejoinAt > ctrl.now;
  return h("div.row", [
    you?.paused
      ? button("arena-resume", t(L, "arenaResume"), () => ctrl.resume(), { disabled: waiting })
      : button("arena-pause", t(L, "arenaPause"), () => ctrl.pause(), {
          disabled: you?.playing !== null && you !== null,
        }),
    button("arena-leave", t(L, "arenaLeave"), () => ctrl.leave()),
    ...(waiting ? [h("span.note", t(L, "arenaRejoinIn", { time: countdown(you.rejoinAt, ctrl.now) }))] : []),
  ]);
}

/** The player's own line: rank, score, fire, berserk rate, and whether they are paused or playing. */
function myLine(L: Lang, you: ArenaYouMessage): VNode {
  const me = you.me;
  const state = you.paused ? "arenaPaused" : you.playing ? "arenaPlaying" : "arenaReady";
  return h("p#arena-me.arena-me", [
    t(L, "arenaYourRank", { rank: me.rank, score: me.score }),
    ...(me.fire ? [" ", fireMark(L)] : []),
    " · ",
    t(L, "arenaHands", { n: me.hands }),
    ...(me.berserkRate > 0 ? [" · ", t(L, "arenaBerserkRate", { rate: percent(me.berserkRate) })] : []),
    " · ",
    h("strong#arena-state", t(L, state)),
  ]);
}

function fireMark(L: Lang): VNode {
  return h("span.arena-fire", { attrs: { title: t(L, "arenaOnFire"), "aria-label": t(L, "arenaOnFire") } }, "🔥");
}

function featured(ctrl: ArenaPageState & ArenaPageActs, d: ArenaDetail): VNode {
  const L = ctrl.lang;
  const table = d.featured!;
  return h("p#arena-featured", [
    t(L, "arenaFeatured"),
    " ",
    bdi(table.players[0]),
    " – ",
    bdi(table.players[1]),
    " ",
    button("arena-watch", t(L, "arenaWatch"), () => ctrl.watch(table.roomId)),
  ]);
}

function percent(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

function podiumView(L: Lang, top: ArenaStanding[]): VNode {
  return h("section#arena-podium", { attrs: { "aria-labelledby": "arena-podium-title" } }, [
    h("h2#arena-podium-title", t(L, "arenaPodium")),
    h(
      "ol.arena-podium",
      top.map((s) =>
        h("li", { key: s.playerId }, [
          h("strong", [bdi(s.name)]),
          " ",
          t(L, "arenaPodiumLine", {
            score: s.score,
            hands: s.hands,
            wins: percent(s.winRate),
            berserk: percent(s.berserkRate),
            performance: s.performance ?? "–",
          }),
        ]),
      ),
    ),
  ]);
}

function standings(ctrl: ArenaPageState & ArenaPageActs, d: ArenaDetail): VNode {
  const L = ctrl.lang;
  const mine = ctrl.you?.me.playerId;
  return h("section#arena-standings", { attrs: { "aria-labelledby": "arena-standings-title" } }, [
    h("h2#arena-standings-title", t(L, "arenaStandings", { n: d.players })),
    d.standings.length === 0
      ? h("p.note", t(L, "arenaNobody"))
      : h("table.leaderboard", [
          h("thead", [
            h("tr", [
              h("th", { attrs: { scope: "col" } }, t(L, "arenaRank")),
              h("th", { attrs: { scope: "col" } }, t(L, "arenaPlayer")),
              h("th", { attrs: { scope: "col" } }, t(L, "arenaScore")),
              h("th", { attrs: { scope: "col" } }, t(L, "arenaHandsHead")),
            ]),
          ]),
          h(
            "tbody",
            d.standings.map((s) =>
              h(`tr${s.playerId === mine ? ".me" : ""}`, { key: s.playerId }, [
                h("td", String(s.rank)),
                h("td.name", [
                  h(
                    "a.player-link",
                    {
                      attrs: { href: `#player=${s.playerId}` },
                      on: {
                        click: (e: Event) => {
                          e.preventDefault();
                          ctrl.openPlayer(s.playerId);
                        },
                      },
                    },
                    [bdi(s.name)],
                  ),
                  ...(s.paused ? [" ", h("span.note", t(L, "arenaPaused"))] : []),
                ]),
                h("td", [String(s.score), ...(s.fire ? [" ", fireMark(L)] : [])]),
                h("td", String(s.hands)),
              ]),
            ),
          ),
        ]),
  ]);
}
